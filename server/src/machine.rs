//! Documents for machines: sitemaps, the Atom feed and the CSV and OCDS exports of any
//! search, a tender's OCDS release package, and `robots.txt`; and the stylesheet a
//! browser renders a search's feed with (`/feed.xsl`, same-origin, which the
//! Content-Security-Policy's `script-src 'self'` allows). The bundle decides what an
//! address is and writes the text (`web/src/machine/`, the contract in its `types.ts`);
//! this module runs its steps: it fetches the upstream request a step names, gives the
//! answer to the next step, and streams each step's text as it comes, so that an export
//! of 10,000 records holds one page of them at a time. The step that read the first
//! answer decides the status and headers; its validator answers a conditional request
//! with `304` before anything else is fetched.

use std::net::IpAddr;
use std::time::SystemTime;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{stream, StreamExt};
use renderer::{Failure, FetchSpec, MachineRequest, RendererPool, Step};
use tokio::sync::OwnedSemaphorePermit;

use crate::conditional::{http_date, not_modified, not_modified_response};
use crate::error::{busy, upstream_failure, Refusal};
use crate::page::fetch::{computed, fetch_one};
use crate::redact::redacted;
use crate::spool::spooled;
use crate::state::{AppState, Ready};
use crate::streams::{Refused, Turn};

/// Whether a path may name a document for machines (the bundle has the last word).
pub fn is_document_path(path: &str) -> bool {
    path == "/sitemap.xml"
        || path.starts_with("/sitemaps/")
        || [".atom", ".csv", ".xlsx", ".ocds.json", ".ics", ".xsl"].iter().any(|ext| path.ends_with(ext))
}

/// One document being made: what every step's request carries.
struct Run {
    state: AppState,
    request: MachineRequest,
}

impl Run {
    fn new(state: &AppState, url: &str) -> Self {
        let config = serde_json::value::RawValue::from_string(state.client_json().to_owned())
            .unwrap_or_else(|_| serde_json::value::RawValue::from_string("null".into()).expect("null is JSON"));
        let request = MachineRequest { url: url.to_owned(), config, now: iso_now(), state: serde_json::Value::Null };
        Self { state: state.clone(), request }
    }

    fn request(&self, carried: Option<&serde_json::Value>) -> String {
        let request = MachineRequest { state: carried.cloned().unwrap_or_default(), ..self.request.clone() };
        serde_json::to_string(&request).unwrap_or_default()
    }

    async fn step(
        &self,
        pool: &RendererPool,
        carried: Option<&serde_json::Value>,
        answer: Option<String>,
    ) -> Result<(Step, String), String> {
        let (step, text) = pool.machine(&self.request(carried), answer).await.map_err(|e| e.to_string())?;
        let step = serde_json::from_str(&step).map_err(|e| format!("machine step: {e}"))?;
        Ok((step, text))
    }
}

/// The client's turn and a permit to make its document, waiting in line for both; a
/// `503` with `Retry-After` when the line is full or too slow.
async fn admitted(state: &AppState, client: Option<IpAddr>) -> Result<(Turn, OwnedSemaphorePermit), Response> {
    // One per client at a time, and `server.maxDocumentStreams` at once per process.
    let streams = state.document_streams();
    let refused = |why: Refused| {
        tracing::info!(?why, "a document over several requests refused: the line is full or too slow");
        busy()
    };
    let turn = streams.turn(client).await.map_err(refused)?;
    let permit = streams.making().await.map_err(refused)?;
    Ok((turn, permit))
}

/// The Latin letters of a Cyrillic one by Ukraine's official transliteration (Cabinet
/// of Ministers resolution 55 of 2010), with the Russian letters Ukrainian lacks; `first`
/// is the spelling at the start of a word (`Є`, `Ї`, `Й`, `Ю`, `Я`). `None` for any other
/// character; `Some("")` for the signs that are not written (`ь`, `ъ`).
fn latin(c: char, first: bool) -> Option<&'static str> {
    let lower = c.to_lowercase().next().unwrap_or(c);
    Some(match lower {
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' => "h",
        'ґ' => "g",
        'д' => "d",
        'е' | 'э' => "e",
        'є' if first => "ye",
        'є' => "ie",
        'ж' => "zh",
        'з' => "z",
        'и' | 'ы' => "y",
        'і' => "i",
        'ї' if first => "yi",
        'ї' => "i",
        'й' if first => "y",
        'й' => "i",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'о' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' => "u",
        'ф' => "f",
        'х' => "kh",
        'ц' => "ts",
        'ч' => "ch",
        'ш' => "sh",
        'щ' => "shch",
        'ю' if first => "yu",
        'ю' => "iu",
        'я' if first => "ya",
        'я' => "ia",
        'ё' => "yo",
        'ь' | 'ъ' => "",
        _ => return None,
    })
}

/// A file name as ASCII a person can still read: Cyrillic transliterated (`ліки` →
/// `liky`, `зг` → `zgh` as the rule wants), every other character outside letters,
/// digits, `.` and `_` a `-`, runs of `-` folded. The fallback `filename=` of old
/// clients, beside the exact name in `filename*=` (RFC 6266).
fn ascii_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut previous: Option<char> = None;
    for c in name.chars() {
        let first = !previous.is_some_and(char::is_alphabetic);
        let spelled = if c.is_ascii_alphanumeric() || c == '.' || c == '_' {
            c.to_string()
        } else if let Some(letters) = latin(c, first) {
            // `зг` is `zgh`, so that it is not read as `ж`.
            let letters =
                if letters == "h" && previous.is_some_and(|p| matches!(p, 'з' | 'З')) { "gh" } else { letters };
            let mut spelled = letters.to_owned();
            if c.is_uppercase() {
                if let Some(head) = spelled.get_mut(..1) {
                    head.make_ascii_uppercase();
                }
            }
            spelled
        } else {
            "-".to_owned()
        };
        for s in spelled.chars() {
            if !(s == '-' && out.ends_with('-')) {
                out.push(s);
            }
        }
        previous = Some(c);
    }
    out
}

/// `attachment; filename="…"; filename*=UTF-8''…`: a readable ASCII name for old
/// clients, the whole name (Cyrillic kept) for the others.
fn disposition(name: &str) -> Option<HeaderValue> {
    let ascii = ascii_name(name);
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b".-_".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    HeaderValue::from_str(&format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")).ok()
}

/// The document at `url` for this request, or `None` when the address names none (the
/// page handler then answers it: a 404 page, or the page it is). `client`: the
/// visitor's address, which may have one document over several requests at a time.
pub async fn document(
    state: &AppState,
    ready: &Ready,
    (headers, client): (&HeaderMap, Option<IpAddr>),
    url: &str,
    head_only: bool,
) -> Option<Response> {
    let run = Run::new(state, url);
    let pool = &ready.pool;
    let (first, text) = match run.step(pool, None, None).await {
        Ok(step) => step,
        Err(e) => {
            tracing::error!(url = %redacted(url), error = %redacted(&e.to_string()), "machine document failed to start");
            return Some(Refusal::Failed.with_text("the document could not be made\n"));
        }
    };
    if first.status == 404 && first.next.is_none() {
        return None;
    }
    // A document with no upstream request is whole already.
    let Some(spec) = first.next.clone() else {
        return Some(Head::of(ready, &first).respond(headers, head_only, Body::from(text)));
    };
    let answer = match fetch_one(state, &spec).await {
        Ok(answer) => answer,
        Err(Failure::Status(404)) => return None,
        Err(failure) => return Some(upstream_failure(failure, "the data of this document is not available now\n")),
    };
    let (mut step, mut more) = match run.step(pool, first.state.as_ref(), Some(answer.to_string())).await {
        Ok(step) => step,
        Err(e) => {
            tracing::error!(url = %redacted(url), error = %redacted(&e.to_string()), "machine document step failed");
            return Some(Refusal::Unreadable.with_text("the data of this document could not be read\n"));
        }
    };
    if step.status == 404 {
        return None;
    }
    let head = Head::of(ready, &step);
    // A request the server answers itself (the integrity indicators of the record just
    // read, for a tender's OCDS package) is answered here. The headers stay the first answer's.
    if let Some(own) = step.next.as_ref().and_then(|spec| computed(spec, Some(&answer))) {
        let key = step.next.take().map(|spec| spec.key).unwrap_or_default();
        let assessed = own.map_or_else(|_| "null".to_owned(), |a| a.to_string());
        match run.step(pool, step.state.as_ref(), Some(assessed)).await {
            Ok((after, text)) => {
                more.push_str(&text);
                (step.next, step.state) = (after.next, after.state);
            }
            Err(e) => {
                tracing::error!(url = %redacted(url), %key, error = %redacted(&e.to_string()), "machine document step failed");
                return Some(Refusal::Unreadable.with_text("the data of this document could not be read\n"));
            }
        }
    }
    if let Some(name) = step.sheet {
        return Some(
            workbook(
                state,
                run,
                pool,
                (name, text + &more),
                (step.next, step.state),
                (headers, client, head_only),
                head,
            )
            .await,
        );
    }
    let opening = Bytes::from(text + &more);
    let next = match step.next {
        Some(next) if !head_only && head.unchanged(headers).is_none() => next,
        _ => return Some(head.respond(headers, head_only, Body::from(opening))),
    };
    // More requests to come: the client's turn and a permit, in line. The steps run to
    // their end into the spool, holding the permit; the client reads at its own pace,
    // holding only its turn.
    let (turn, permit) = match admitted(state, client).await {
        Ok(admitted) => admitted,
        Err(refused) => return Some(refused),
    };
    let rest = spooled(rest_of(run, pool.clone(), next, step.state), permit);
    // Fused: the compression layer may poll once more after the end.
    let body = stream::once(async move { Ok::<_, std::io::Error>(opening) }).chain(rest).fuse();
    Some(head.respond(headers, false, Body::from_stream(holding(body, turn))))
}

/// The whole text of a document no visitor asks for (a saved search's alert, for
/// `crate::alerts`): `carried` is the first step's state, and every step must answer 200.
pub async fn collect(state: &AppState, ready: &Ready, url: &str, carried: serde_json::Value) -> Result<String, String> {
    /// Steps one document may take: the alert takes two.
    const MAX_STEPS: usize = 100;
    let run = Run::new(state, url);
    let (mut step, mut text) = run.step(&ready.pool, Some(&carried), None).await?;
    for _ in 0..MAX_STEPS {
        if step.status != 200 {
            return Err(format!("{url}: status {}", step.status));
        }
        let Some(spec) = step.next.take() else { return Ok(text) };
        let answer = fetch_one(state, &spec).await.map_err(|failure| format!("{url}: upstream {failure:?}"))?;
        let (next, more) = run.step(&ready.pool, step.state.as_ref(), Some(answer.to_string())).await?;
        text.push_str(&more);
        step = next;
    }
    Err(format!("{url}: more than {MAX_STEPS} steps"))
}

/// A workbook export: every step's rows first (the file is written whole), holding one of
/// the process's streams while there are more requests to make, then the XLSX file.
async fn workbook(
    state: &AppState,
    run: Run,
    pool: &RendererPool,
    (name, mut rows): (String, String),
    (mut next, mut carried): (Option<FetchSpec>, Option<serde_json::Value>),
    (headers, client, head_only): (&HeaderMap, Option<IpAddr>, bool),
    head: Head,
) -> Response {
    if head_only {
        return head.respond(headers, true, Body::empty());
    }
    let (turn, permit) = match next {
        Some(_) => match admitted(state, client).await {
            Ok((turn, permit)) => (Some(turn), Some(permit)),
            Err(refused) => return refused,
        },
        None => (None, None),
    };
    while let Some(spec) = next.take() {
        let answer = match fetch_one(state, &spec).await {
            Ok(answer) => answer,
            // A step that can do without it (an English export's CPV names) reads `null`.
            Err(failure) if spec.optional => {
                tracing::warn!(url = %redacted(&run.request.url), ?failure, "workbook: an optional answer failed");
                std::sync::Arc::from("null")
            }
            Err(failure) => return upstream_failure(failure, "the data of this document is not available now\n"),
        };
        match run.step(pool, carried.as_ref(), Some(answer.to_string())).await {
            Ok((step, text)) => {
                rows.push_str(&text);
                (next, carried) = (step.next, step.state);
            }
            Err(e) => {
                tracing::error!(url = %redacted(&run.request.url), error = %redacted(&e.to_string()), "workbook step failed");
                return Refusal::Unreadable.with_text("the data of this document could not be read\n");
            }
        }
    }
    drop(permit);
    // Writing 10,000 rows takes a few hundred milliseconds: off the request threads.
    match tokio::task::spawn_blocking(move || crate::sheet::workbook(&name, &rows)).await {
        Ok(Ok(bytes)) => {
            let body = stream::once(async move { Ok::<_, std::io::Error>(Bytes::from(bytes)) });
            head.respond(headers, false, Body::from_stream(holding(body, turn)))
        }
        Ok(Err(e)) => {
            tracing::error!(url = %redacted(&run.request.url), error = %redacted(&e.to_string()), "workbook not written");
            Refusal::Failed.with_text("the document could not be made\n")
        }
        Err(e) => {
            tracing::error!(url = %redacted(&run.request.url), error = %redacted(&e.to_string()), "workbook writer stopped");
            Refusal::Failed.with_text("the document could not be made\n")
        }
    }
}

/// Now as RFC 3339 in UTC (seconds).
fn iso_now() -> String {
    let ms = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
    let (y, m, d) = dates::civil_from_days(ms.div_euclid(86_400_000));
    let secs = ms.rem_euclid(86_400_000) / 1000;
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", secs / 3600, secs / 60 % 60, secs % 60)
}

/// A body that holds `held` (a client's turn) until it is sent or dropped.
fn holding<S, T>(body: S, held: T) -> impl futures_util::Stream<Item = S::Item> + Send
where
    S: futures_util::Stream + Send,
    T: Send,
{
    body.map(move |item| {
        let _ = &held;
        item
    })
}

/// The steps after the first answer, one upstream request and one text each. A failure
/// ends the body as broken: the status is sent, and a cut file must not pass for whole.
fn rest_of(
    run: Run,
    pool: RendererPool,
    next: FetchSpec,
    carried: Option<serde_json::Value>,
) -> impl futures_util::Stream<Item = Result<Bytes, std::io::Error>> + Send + 'static {
    struct Left {
        run: Run,
        pool: RendererPool,
        next: Option<FetchSpec>,
        carried: Option<serde_json::Value>,
    }
    let left = Left { run, pool, next: Some(next), carried };
    stream::unfold(Some(left), |left| async move {
        let mut left = left?;
        let spec = left.next.take()?;
        let answer = match fetch_one(&left.run.state, &spec).await {
            Ok(answer) => answer,
            Err(failure) if spec.optional => {
                tracing::warn!(url = %redacted(&left.run.request.url), ?failure, "machine document: an optional answer failed");
                std::sync::Arc::from("null")
            }
            Err(failure) => {
                tracing::warn!(url = %redacted(&left.run.request.url), ?failure, "machine document cut: an upstream request failed");
                return Some((Err(std::io::Error::other(format!("upstream {failure:?}"))), None));
            }
        };
        match left.run.step(&left.pool, left.carried.as_ref(), Some(answer.to_string())).await {
            Ok((step, text)) => {
                left.next = step.next;
                left.carried = step.state;
                Some((Ok(Bytes::from(text)), Some(left)))
            }
            Err(e) => {
                tracing::error!(url = %redacted(&left.run.request.url), error = %redacted(&e.to_string()), "machine document cut: a step failed");
                Some((Err(std::io::Error::other(e)), None))
            }
        }
    })
}

/// Whether a request asks for HTML (`Accept` names `text/html`): a browser's navigation.
///
/// A feed is sent to one as `application/xml`, the same bytes: Chromium shows
/// `application/atom+xml` as plain text and never applies the feed's stylesheet
/// (`/feed.xsl`, the page that says what a feed is), while an XML document gets it. A feed
/// reader asks for feeds or anything (`*/*`) and keeps the Atom type.
fn asks_for_html(request: &HeaderMap) -> bool {
    request.get_all(header::ACCEPT).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(|range| {
        let mut parts = range.split(';').map(str::trim);
        parts.next().is_some_and(|kind| kind.eq_ignore_ascii_case("text/html"))
            && !parts.any(|p| {
                p.split_once('=').is_some_and(|(name, q)| {
                    name.trim().eq_ignore_ascii_case("q") && q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0)
                })
            })
    })
}

/// A document's status and headers, from the step that decided them.
struct Head {
    status: StatusCode,
    cache_control: HeaderValue,
    etag: Option<HeaderValue>,
    last_modified: Option<HeaderValue>,
    content_type: HeaderValue,
    disposition: Option<HeaderValue>,
}

impl Head {
    fn of(ready: &Ready, step: &Step) -> Self {
        let value = |v: Option<&str>| v.and_then(|v| HeaderValue::from_str(v).ok());
        Self {
            status: StatusCode::from_u16(step.status).unwrap_or_default(),
            cache_control: value(step.cache_control.as_deref()).unwrap_or(HeaderValue::from_static("no-cache")),
            // The release is part of it: another bundle may write another document. Weak:
            // the compression layer sends each encoding of the one document under it.
            etag: step
                .etag
                .as_deref()
                .and_then(|tag| HeaderValue::from_str(&format!("W/\"{}-{tag}\"", ready.release)).ok()),
            last_modified: value(step.last_modified.as_deref().and_then(http_date).as_deref()),
            content_type: value(step.content_type.as_deref())
                .unwrap_or(HeaderValue::from_static("text/plain; charset=utf-8")),
            disposition: step.filename.as_deref().and_then(disposition),
        }
    }

    /// The `304` for a request whose validators match this document.
    fn unchanged(&self, request: &HeaderMap) -> Option<Response> {
        let etag = self.etag.as_ref().filter(|_| self.status == StatusCode::OK)?;
        let since = self.last_modified.as_ref().and_then(|v| v.to_str().ok());
        not_modified(request, etag.to_str().unwrap_or_default(), since)
            .then(|| not_modified_response(etag, self.last_modified.as_ref(), self.cache_control.clone()))
    }

    fn respond(self, request: &HeaderMap, head_only: bool, body: Body) -> Response {
        if let Some(unchanged) = self.unchanged(request) {
            return unchanged;
        }
        let mut response =
            if head_only { (self.status, Body::empty()).into_response() } else { (self.status, body).into_response() };
        let atom = self.content_type.as_bytes().starts_with(b"application/atom+xml");
        let content_type = if atom && asks_for_html(request) {
            HeaderValue::from_static("application/xml; charset=utf-8")
        } else {
            self.content_type
        };
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, content_type);
        headers.insert(header::CACHE_CONTROL, self.cache_control);
        headers.insert(
            header::VARY,
            HeaderValue::from_static(if atom { "accept-encoding, accept" } else { "accept-encoding" }),
        );
        for (name, value) in [
            (header::ETAG, self.etag),
            (header::LAST_MODIFIED, self.last_modified),
            (header::CONTENT_DISPOSITION, self.disposition),
        ] {
            if let Some(value) = value {
                headers.insert(name, value);
            }
        }
        response
    }
}

/// `robots.txt`: every record page and each register's first page open to crawlers; the
/// data endpoint, account and cabinet pages, the cart, exports, calendars and every
/// address with a query (endless filter combinations and pages of results) closed; the sitemap index
/// named. Google-style wildcards (`*`, `$`), which the major crawlers read.
pub async fn robots(axum::extract::State(state): axum::extract::State<AppState>) -> Response {
    let origin = state.config().client.public_origin.trim_end_matches('/');
    let mut text = String::from("User-agent: *\nAllow: /\n");
    for path in
        ["/__", "/login", "/registration", "/logout", "/icabinet", "/market/cart", "/alerts/", "/follow/", "/js/sign"]
    {
        text.push_str(&format!("Disallow: {path}\nDisallow: /en{path}\n"));
    }
    // Queries: filters, sorts and pages of results. Exports: whole results as files.
    text.push_str("Disallow: /*?\nDisallow: /*.csv$\nDisallow: /*.xlsx$\nDisallow: /*.ocds.json$\nDisallow: /*.ics$\n");
    text.push_str(&format!("\nSitemap: {origin}/sitemap.xml\n"));
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_conditional_request_matches_by_tag_then_by_date() {
        let with = |pairs: &[(header::HeaderName, &'static str)]| {
            let mut headers = HeaderMap::new();
            for (name, value) in pairs {
                headers.insert(name.clone(), HeaderValue::from_static(value));
            }
            headers
        };
        let date = "Tue, 24 Nov 2026 07:00:00 GMT";
        assert!(not_modified(&with(&[(header::IF_NONE_MATCH, "\"a-1\"")]), "\"a-1\"", None));
        assert!(not_modified(&with(&[(header::IF_NONE_MATCH, "\"x\", W/\"a-1\"")]), "\"a-1\"", None));
        assert!(not_modified(&with(&[(header::IF_NONE_MATCH, "*")]), "\"a-1\"", None));
        assert!(!not_modified(&with(&[(header::IF_NONE_MATCH, "\"a-2\"")]), "\"a-1\"", Some(date)));
        // A tag that does not match decides, whatever the date says.
        let both = with(&[(header::IF_NONE_MATCH, "\"a-2\""), (header::IF_MODIFIED_SINCE, date)]);
        assert!(!not_modified(&both, "\"a-1\"", Some(date)));
        assert!(not_modified(&with(&[(header::IF_MODIFIED_SINCE, date)]), "\"a-1\"", Some(date)));
        assert!(!not_modified(
            &with(&[(header::IF_MODIFIED_SINCE, "Mon, 23 Nov 2026 07:00:00 GMT")]),
            "\"a-1\"",
            Some(date)
        ));
        assert!(!not_modified(&with(&[]), "\"a-1\"", Some(date)));
    }

    #[test]
    fn file_names_keep_cyrillic_and_stay_header_values() {
        let value = disposition("tenders_keyword-ліки_2026-11-24.csv").unwrap();
        let text = value.to_str().unwrap();
        // The fallback is readable: the keyword transliterated, not a run of dashes.
        assert!(text.starts_with("attachment; filename=\"tenders_keyword-liky_2026-11-24.csv\"; "), "{text}");
        assert!(text.ends_with("filename*=UTF-8''tenders_keyword-%D0%BB%D1%96%D0%BA%D0%B8_2026-11-24.csv"), "{text}");
        assert!(disposition("a\"b\r\n.csv").unwrap().to_str().unwrap().contains("filename=\"a-b-.csv\""));
        // The two CSVs of one search are two names, in both forms.
        let semicolon = disposition("tenders_keyword-ліки_2026-11-24.semicolon.csv").unwrap();
        assert!(semicolon.to_str().unwrap().contains("filename=\"tenders_keyword-liky_2026-11-24.semicolon.csv\""));
        assert_ne!(semicolon, value);
    }

    #[test]
    fn ascii_names_follow_the_official_transliteration() {
        for (name, ascii) in [
            ("Львівська-область", "Lvivska-oblast"),
            ("Згорани_Єнакієве_Їжакевич_Йосипівка", "Zghorany_Yenakiieve_Yizhakevych_Yosypivka"),
            ("Юрій_Яготин_Щербухи", "Yurii_Yahotyn_Shcherbukhy"),
            ("ЖИТОМИР", "ZhYTOMYR"),
            ("tenders_keyword-ремонт доріг «М-06»_2026.xlsx", "tenders_keyword-remont-dorih-M-06-_2026.xlsx"),
            ("план€💶.csv", "plan-.csv"),
        ] {
            assert_eq!(ascii_name(name), ascii, "{name}");
            assert!(disposition(name).is_some(), "{name}");
        }
    }

    #[test]
    fn a_browser_asks_for_html_and_a_feed_reader_does_not() {
        let asking = |accept: &[&str]| {
            let mut headers = HeaderMap::new();
            for value in accept {
                headers.append(header::ACCEPT, HeaderValue::from_str(value).unwrap());
            }
            asks_for_html(&headers)
        };
        // Chromium's and Firefox's navigations.
        assert!(asking(&["text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"]));
        assert!(asking(&["application/xml;q=0.9", "Text/HTML"]));
        // Feed readers, fetch, curl; and HTML refused outright.
        assert!(!asking(&["application/atom+xml, application/rss+xml;q=0.9, */*;q=0.1"]));
        assert!(!asking(&["*/*"]));
        assert!(!asking(&[]));
        assert!(!asking(&["text/html;q=0, application/atom+xml"]));
        assert!(!asking(&["text/html; q=0.0"]));
        assert!(!asking(&["text/htmlx"]));
    }

    #[test]
    fn machine_paths() {
        for path in [
            "/sitemap.xml",
            "/sitemaps/tenders-2026-10.xml",
            "/tenders.atom",
            "/en/plans.csv",
            "/contracts.xlsx",
            "/tenders/UA-1.ocds.json",
            "/feed.xsl",
            "/en/feed.xsl",
        ] {
            assert!(is_document_path(path), "{path}");
        }
        for path in ["/tenders", "/tenders/UA-1", "/market/products/x", "/sitemap"] {
            assert!(!is_document_path(path), "{path}");
        }
    }
}
