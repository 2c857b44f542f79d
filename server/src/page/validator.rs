//! Validators of record pages (tender, plan, contract, product) seen anonymously: an
//! `ETag` made of the release, the record's `dateModified` (the answer its route marks
//! `validator`) and the page's other answers, and a `Last-Modified` of the record's
//! `dateModified`. A crawler's revisit of an unchanged record is then a `304` after the
//! upstream answers, without a render. What a page says of its dates against the clock
//! (a deadline ahead or passed) changes the tag too: it counts the dates passed.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, SystemTime};

use axum::http::HeaderValue;
use renderer::FetchSpec;

use super::scan::record_members;
use super::Fetched;

/// The `dateModified` of a record, at its top or under `data` (the platform's envelope).
fn date_modified(body: &str) -> Option<&str> {
    let value = record_members(body, &["dateModified"]).pop().flatten()?;
    let text = value.strip_prefix('"')?.strip_suffix('"')?;
    // A date has no escapes; anything else is no date.
    (!text.contains('\\')).then_some(text)
}

pub struct Validator {
    pub etag: HeaderValue,
    pub last_modified: Option<HeaderValue>,
}

/// The validator of a page made of these answers, or `None` when the page has no record
/// answer, or its record failed or has no `dateModified` (an error page has none).
pub fn of(release: &str, fetches: &[FetchSpec], answers: &[Fetched], notice: bool) -> Option<Validator> {
    let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
    of_at(release, fetches, answers, now, notice)
}

/// How many dates of an answer are at or before `now_ms` (epoch ms): the values of the
/// members named `…Date` (a period's `startDate` and `endDate`) or `…Until` (the
/// clarifications' deadline). A page says "passed" or "ahead" of exactly these.
fn dates_passed(body: &str, now_ms: i64) -> usize {
    let mut passed = 0;
    for key in ["Date\"", "Until\""] {
        for (at, _) in body.match_indices(key) {
            let value = body[at + key.len()..].trim_start().strip_prefix(':').map(str::trim_start);
            let Some(value) = value.and_then(|v| v.strip_prefix('"')) else { continue };
            let Some(end) = value.find('"') else { continue };
            if end < 64 && dates::parse(&value[..end]).is_some_and(|ms| ms <= now_ms) {
                passed += 1;
            }
        }
    }
    passed
}

/// [`of`] at the moment `now_ms`.
fn of_at(release: &str, fetches: &[FetchSpec], answers: &[Fetched], now_ms: i64, notice: bool) -> Option<Validator> {
    if !fetches.iter().any(|spec| spec.validator) {
        return None;
    }
    // `DefaultHasher::new` has fixed keys: every replica of a release makes the same tags.
    let mut hasher = DefaultHasher::new();
    let mut latest: Option<i64> = None;
    for (spec, answer) in fetches.iter().zip(answers) {
        spec.key.hash(&mut hasher);
        match answer {
            Ok(body) if spec.validator => {
                let modified = date_modified(body)?;
                let ms = dates::parse(modified)?;
                modified.hash(&mut hasher);
                dates_passed(body, now_ms).hash(&mut hasher);
                latest = Some(latest.map_or(ms, |l| l.max(ms)));
            }
            Err(_) if spec.validator => return None,
            // What else the page shows (a tender's contracts, a product's profile).
            Ok(body) => {
                body.hash(&mut hasher);
                dates_passed(body, now_ms).hash(&mut hasher);
            }
            Err(failure) => failure.to_string().hash(&mut hasher),
        }
    }
    // The footer's year is read from the clock too.
    let year = now_ms / 31_556_952_000;
    year.hash(&mut hasher);
    // The cookie notice is in the page until the visitor dismisses it.
    notice.hash(&mut hasher);
    let etag = HeaderValue::from_str(&format!("W/\"{release}-{:016x}\"", hasher.finish())).ok()?;
    let last_modified = latest
        .and_then(|ms| SystemTime::UNIX_EPOCH.checked_add(Duration::from_millis(u64::try_from(ms).ok()?)))
        .and_then(|at| HeaderValue::from_str(&httpdate::fmt_http_date(at)).ok());
    Some(Validator { etag, last_modified })
}

#[cfg(test)]
mod tests {
    use super::*;
    use renderer::{Failure, Service};
    use std::sync::Arc;

    fn spec(key: &str, validator: bool) -> FetchSpec {
        FetchSpec {
            key: key.into(),
            service: Service::Search,
            path: format!("/api/{key}"),
            max_age: None,
            body: None,
            after: None,
            validator,
            optional: false,
        }
    }

    #[test]
    fn the_tag_follows_the_record_and_the_other_answers() {
        let fetches = [spec("tender", true), spec("contracts", false)];
        let answers = |modified: &str, contracts: &str| -> Vec<Fetched> {
            vec![Ok(Arc::from(format!(r#"{{"id":"x","dateModified":"{modified}"}}"#))), Ok(Arc::from(contracts))]
        };
        let tag = |a: &[Fetched]| of("r1", &fetches, a, true).map(|v| v.etag.to_str().unwrap().to_owned());
        let first = tag(&answers("2026-10-12T10:00:00+03:00", "[]")).unwrap();
        assert!(first.starts_with("W/\"r1-"), "{first}");
        assert_eq!(tag(&answers("2026-10-12T10:00:00+03:00", "[]")).unwrap(), first);
        assert_ne!(tag(&answers("2026-10-12T10:00:01+03:00", "[]")).unwrap(), first);
        assert_ne!(tag(&answers("2026-10-12T10:00:00+03:00", "[1]")).unwrap(), first);
        assert_ne!(
            of("r2", &fetches, &answers("2026-10-12T10:00:00+03:00", "[]"), true).unwrap().etag.to_str().unwrap(),
            first
        );
        let v = of("r1", &fetches, &answers("2026-10-12T10:00:00+03:00", "[]"), true).unwrap();
        assert_ne!(
            v.etag,
            of("r1", &fetches, &answers("2026-10-12T10:00:00+03:00", "[]"), false).unwrap().etag,
            "the notice dismissed"
        );
        assert_eq!(v.last_modified.unwrap().to_str().unwrap(), "Mon, 12 Oct 2026 07:00:00 GMT");
        // No record, a failed record, or one without a date: no validator.
        assert!(of("r1", &[spec("tenders", false)], &[Ok(Arc::from("{}"))], true).is_none());
        assert!(of("r1", &fetches, &[Err(Failure::Status(404)), Ok(Arc::from("[]"))], true).is_none());
        assert!(of("r1", &fetches, &[Ok(Arc::from(r#"{"id":"x"}"#)), Ok(Arc::from("[]"))], true).is_none());
        // A deadline passing changes the tag; the clock alone does not.
        let tender = [Ok(Arc::from(
            r#"{"dateModified":"2026-10-12T10:00:00+03:00","tenderPeriod":{"startDate": "2026-10-12T10:00:00+03:00","endDate":"2026-10-15T10:00:00+03:00"}}"#,
        )) as Fetched];
        let at = |iso: &str| of_at("r1", &fetches[..1], &tender, dates::parse(iso).unwrap(), true).unwrap().etag;
        assert_eq!(at("2026-10-13T10:00:00+03:00"), at("2026-10-14T10:00:00+03:00"));
        assert_ne!(at("2026-10-14T10:00:00+03:00"), at("2026-10-15T10:00:00+03:00"));
        assert_eq!(dates_passed(r#"{"endDate":"2026-10-15T10:00:00+03:00","x":"endDate"}"#, i64::MAX), 1);
        assert_eq!(dates_passed(r#"{"clarificationsUntil" : "2026-10-15T10:00:00Z","startDate":null}"#, i64::MAX), 1);
        // The platform's envelope.
        assert!(of(
            "r1",
            &fetches,
            &[Ok(Arc::from(r#"{"data":{"dateModified":"2026-10-12T10:00:00Z"}}"#)), Ok(Arc::from("[]"))],
            true
        )
        .is_some());
    }

    #[test]
    fn the_date_read_is_the_record_s_own_never_a_document_s() {
        let record = r#" { "documents" : [{"dateModified":"2020-01-01T00:00:00Z","title":"a \" } ]"}],
            "value": {"amount": 1.5e3, "x": [[], {}]}, "n": null, "t": true,
            "title": "\"dateModified\": \"1999\"", "dateModified" : "2026-10-12T10:00:00Z", "z": 1 }"#;
        assert_eq!(date_modified(record), Some("2026-10-12T10:00:00Z"));
        assert_eq!(date_modified(r#"{"documents":[{"dateModified":"2020-01-01T00:00:00Z"}]}"#), None);
        assert_eq!(
            date_modified(r#"{"data":{"id":"x","dateModified":"2026-10-12T10:00:00Z"}}"#),
            Some("2026-10-12T10:00:00Z")
        );
        assert_eq!(date_modified(r#"{"dateModified":12}"#), None);
        for broken in ["", "[]", "{", r#"{"dateModified""#, r#"{"a":"#, r#"{"a":[}"#, r#"{"a":"\"#, "{\"a\":}"] {
            assert_eq!(date_modified(broken), None, "{broken}");
        }
        // What serde reads, the scan reads, on every real record shape the pages fetch.
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/openprocurement-api/tenders");
        let mut read = 0;
        for file in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
            let record: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(date_modified(&text), record["dateModified"].as_str());
            read += 1;
        }
        assert!(read > 10, "{read} records in {dir}");
    }
}
