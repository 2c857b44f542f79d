//! The pages the server answers alone, without the isolates, the bundle or the
//! upstream: a render that failed or timed out, an overload (`503` with
//! `Retry-After`), a server still starting, an address or headers too large (`414`,
//! `431`), a body too large (`413`), a method the address does not take (`405` with
//! `Allow`). Every [`Refusal`] response carries its refusal; the edge asks [`page_for`]
//! on the way out, which answers a browser that accepts HTML with the portal's frame
//! (logo, language switch, the ways home and to the search) in the address's language
//! (`/en…` English, else Ukrainian), from the askama template
//! `templates/own_page.html`. A machine (`Accept` without `text/html`) keeps the line of
//! plain text. The pages are never stored (`no-store`), and carry the security headers
//! as every answer does; their stylesheet is inline, allowed by its hash ([`style_hash`]).

use std::sync::LazyLock;

use askama::Template;
use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, Method};
use axum::response::Response;

use crate::error::Refusal;

/// The stylesheet of the server's own pages, inline in each.
const STYLE: &str = include_str!("../templates/own_page.css");

/// `'sha256-…'`: the style-src source that allows [`STYLE`] and no other inline style.
pub fn style_hash() -> &'static str {
    static HASH: LazyLock<String> = LazyLock::new(|| crate::shell::sha256_source(STYLE));
    &HASH
}

/// What the request says about the page it may get, taken before it is handled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asker {
    /// The browser accepts HTML (`Accept` names `text/html`).
    pub html: bool,
    pub english: bool,
}

impl Asker {
    pub fn of(method: &Method, path: &str, headers: &HeaderMap) -> Self {
        let accepts_html = headers
            .get_all(header::ACCEPT)
            .iter()
            .any(|v| v.to_str().is_ok_and(|v| v.to_ascii_lowercase().contains("text/html")));
        // A page is for GET, HEAD and a form's POST; other methods are machines' own.
        let html = accepts_html && matches!(*method, Method::GET | Method::HEAD | Method::POST);
        Self { html, english: path == "/en" || path.starts_with("/en/") }
    }
}

/// The words of one page in one language.
struct Text {
    site: &'static str,
    title: &'static str,
    explanation: &'static str,
    allowed: &'static str,
    retry_before: &'static str,
    retry_after: &'static str,
    home: &'static str,
    search: &'static str,
    ways_on: &'static str,
    other_language: &'static str,
}

fn text(refusal: Refusal, english: bool) -> Text {
    let (title, explanation) = if english {
        match refusal {
            Refusal::UriTooLong => ("The address is too long", "The server does not read addresses this long. Check the link, or start again from the search."),
            Refusal::HeadersTooLarge => ("The request is too large", "Your browser sent more than the server reads, often too many cookies for this site. Clearing this site's cookies usually helps."),
            Refusal::BodyTooLarge => ("Too much was sent", "The form sent more than the server accepts. Shorten what you entered and send it again."),
            Refusal::MethodNotAllowed => ("This address does not take that request", "The page exists, but not for this kind of request. Open it from a link instead."),
            Refusal::Forbidden => ("The form was refused", "It came from another site, or the page it was on is too old. Reload the page and send it again."),
            Refusal::NotFound => ("Nothing here", "There is nothing at this address for you. Start again from the home page or the search."),
            Refusal::Failed => ("The page could not be made", "Something went wrong on our side. We know of it; try again in a minute."),
            Refusal::TimedOut => ("The page took too long", "It could not be made in time. Try again in a minute, or narrow your search."),
            Refusal::Unreadable => ("The data could not be read", "The procurement system's answer could not be read. Try again in a minute."),
            Refusal::Starting => ("The portal is starting", "It will serve pages in a few seconds."),
            Refusal::Busy => ("The portal is busy", "Too many requests at once. Wait a moment and reload the page."),
        }
    } else {
        match refusal {
            Refusal::UriTooLong => ("Адреса задовга", "Сервер не читає таких довгих адрес. Перевірте посилання або почніть знову з пошуку."),
            Refusal::HeadersTooLarge => ("Запит завеликий", "Браузер надіслав більше, ніж сервер читає, найчастіше забагато файлів cookie цього сайту. Зазвичай допомагає очистити їх."),
            Refusal::BodyTooLarge => ("Надіслано забагато", "Форма надіслала більше, ніж приймає сервер. Скоротіть введене й надішліть знову."),
            Refusal::MethodNotAllowed => ("Ця адреса не приймає такого запиту", "Сторінка існує, але не для такого запиту. Відкрийте її за посиланням."),
            Refusal::Forbidden => ("Форму відхилено", "Її надіслано з іншого сайту, або сторінка з нею застаріла. Оновіть сторінку й надішліть знову."),
            Refusal::NotFound => ("Тут нічого немає", "За цією адресою для вас нічого немає. Почніть з головної сторінки або з пошуку."),
            Refusal::Failed => ("Сторінку не вдалося створити", "Щось пішло не так на нашому боці. Ми про це знаємо; спробуйте за хвилину."),
            Refusal::TimedOut => ("Сторінка створювалася задовго", "Її не вдалося створити вчасно. Спробуйте за хвилину або звузьте пошук."),
            Refusal::Unreadable => ("Дані не вдалося прочитати", "Відповідь системи закупівель не вдалося прочитати. Спробуйте за хвилину."),
            Refusal::Starting => ("Портал запускається", "За кілька секунд він почне показувати сторінки."),
            Refusal::Busy => ("Портал перевантажено", "Забагато запитів одночасно. Зачекайте трохи й оновіть сторінку."),
        }
    };
    if english {
        Text {
            site: "Public Procurement",
            title,
            explanation,
            allowed: "It takes:",
            retry_before: "Try again in",
            retry_after: "s.",
            home: "Home page",
            search: "Search tenders",
            ways_on: "Where to go",
            other_language: "Українська",
        }
    } else {
        Text {
            site: "Публічні закупівлі",
            title,
            explanation,
            allowed: "Вона приймає:",
            retry_before: "Спробуйте знову за",
            retry_after: "с.",
            home: "Головна сторінка",
            search: "Пошук тендерів",
            ways_on: "Куди далі",
            other_language: "English",
        }
    }
}

#[derive(Template)]
#[template(path = "own_page.html")]
struct OwnPage<'a> {
    language: &'static str,
    status: u16,
    text: Text,
    style: &'static str,
    home: &'static str,
    search: &'static str,
    other_path: &'a str,
    other_language: &'static str,
    allow: Option<&'a str>,
    retry_after: Option<u32>,
}

/// The same page in the other language: `/en` added to or taken from the path. Only
/// the path: a refused address may be too long, or not the site's own.
fn other_path(path: &str, english: bool) -> String {
    if english {
        let rest = path.strip_prefix("/en").unwrap_or("");
        if rest.is_empty() {
            "/".to_owned()
        } else {
            rest.to_owned()
        }
    } else if path == "/" || path.len() > 2048 || !path.starts_with('/') || path.starts_with("//") {
        "/en".to_owned()
    } else {
        format!("/en{path}")
    }
}

/// The HTML of `refusal`'s page for a request of `path`.
pub fn html(refusal: Refusal, path: &str, english: bool, allow: Option<&str>) -> String {
    let other = other_path(path, english);
    let page = OwnPage {
        language: if english { "en" } else { "uk" },
        status: refusal.status().as_u16(),
        text: text(refusal, english),
        style: STYLE,
        home: if english { "/en" } else { "/" },
        search: if english { "/en/tenders" } else { "/tenders" },
        other_path: &other,
        other_language: if english { "uk" } else { "en" },
        allow,
        retry_after: refusal.retry_after(),
    };
    page.render().unwrap_or_else(|e| {
        tracing::error!(error = %e, "the server's own page could not be written");
        refusal.text().to_owned()
    })
}

/// The refusal a response stands for: its own, or axum's `405` and `413` (which come
/// without one) when they are not already a page.
fn refusal_of(response: &Response) -> Option<Refusal> {
    if let Some(refusal) = response.extensions().get::<Refusal>() {
        return Some(*refusal);
    }
    let html = response.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    if html {
        return None;
    }
    Refusal::of_status(response.status())
}

/// Makes a refusal the server's own page for a browser (`asker.html`), keeping its
/// status and its headers (`Allow`, `Retry-After`, cookies); a machine's keeps its
/// plain text, marked `no-store` as every refusal is.
pub fn page_for(asker: Asker, path: &str, response: &mut Response) {
    let Some(refusal) = refusal_of(response) else { return };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Some(seconds) = refusal.retry_after() {
        headers.entry(header::RETRY_AFTER).or_insert(HeaderValue::from(seconds));
    }
    if !asker.html {
        return;
    }
    let allow = headers.get(header::ALLOW).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let html = html(refusal, path, asker.english, allow.as_deref());
    let headers = response.headers_mut();
    headers.remove(header::CONTENT_ENCODING);
    headers.remove(header::CONTENT_LENGTH);
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(if asker.english { "en" } else { "uk" }));
    *response.body_mut() = Body::from(html);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_other_language_is_the_same_path() {
        assert_eq!(other_path("/tenders", false), "/en/tenders");
        assert_eq!(other_path("/", false), "/en");
        assert_eq!(other_path("/en/tenders", true), "/tenders");
        assert_eq!(other_path("/en", true), "/");
        // Never off the site, never a copy of a refused address.
        assert_eq!(other_path("//evil.example", false), "/en");
        assert_eq!(other_path(&format!("/{}", "a".repeat(9000)), false), "/en");
    }

    #[test]
    fn the_page_escapes_what_it_shows_and_says_how_long_to_wait() {
        let page = html(Refusal::MethodNotAllowed, "/x\"><script>", false, Some("GET,<b>"));
        assert!(page.contains("GET,&#60;b&#62;") || page.contains("GET,&lt;b&gt;"), "{page}");
        assert!(!page.contains("<script>") && !page.contains("<b>"));
        let busy = html(Refusal::Busy, "/en/tenders", true, None);
        assert!(busy.contains("<html lang=\"en\">") && busy.contains("503") && busy.contains("Try again in 1 s."));
        assert!(busy.contains("href=\"/tenders\" hreflang=\"uk\""), "{busy}");
    }

    #[test]
    fn every_refusal_has_words_in_both_languages() {
        for refusal in Refusal::ALL {
            for english in [false, true] {
                let t = text(refusal, english);
                assert!(!t.title.is_empty() && t.explanation.ends_with('.'), "{refusal:?}");
            }
        }
    }

    /// The site's name is the bundle's (`site.name` in the locales), written here so the
    /// page needs no file: a renamed site renames both.
    #[test]
    fn the_site_name_is_the_locales_own() {
        for (language, english) in [("uk", false), ("en", true)] {
            let path = format!("{}/../locales/{language}/dzo.json", env!("CARGO_MANIFEST_DIR"));
            let locale: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            assert_eq!(locale["site"]["name"], text(Refusal::Busy, english).site);
        }
    }
}
