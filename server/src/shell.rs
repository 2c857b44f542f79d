//! The page's shell: the HTML around the rendered body (head tags, assets, the
//! embedded page state the client hydrates from, the boot script), written by two askama
//! templates (`server/templates/shell_opening.html`, `shell_closing.html`), which escape
//! every value but the head the bundle rendered, the page state (escaped here for a
//! script element) and the boot script. "Document" is kept for documents for machines
//! (`machine.rs`) and a record's attached files.

use std::fmt;

use askama::Template;
use serde::Deserialize;

/// `web/dist/client/manifest.json`, written by the web build.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Manifest {
    pub entry: String,
    pub css: Vec<String>,
    pub preload: Vec<String>,
    /// The boot script (`web/src/boot/boot.ts`, minified by the web build), inline at
    /// the end of every page and allowed by its hash ([`Manifest::boot_hash`]).
    #[serde(default)]
    pub boot: String,
}

impl Manifest {
    /// `'sha256-…'`: the script-src source that allows the boot script and no other
    /// inline script; `None` without one (no bundle: the pages do not hydrate).
    pub fn boot_hash(&self) -> Option<String> {
        (!self.boot.is_empty()).then(|| sha256_source(&self.boot))
    }
}

/// A CSP hash source (`'sha256-…'`) of an inline script or style.
pub fn sha256_source(text: &str) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(text.as_bytes());
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
}

/// Makes JSON safe inside `<script type="application/json">`: no data (a search
/// keyword, a tender title) can close the tag or open a comment.
pub fn escape_json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    escape_json_into(&mut out, json);
    out
}

/// [`escape_json_for_script`] appending to `out`.
pub fn escape_json_into(out: &mut String, json: &str) {
    // Writing to a `String` does not fail.
    let _ = escape_json_to(out, json);
}

/// [`escape_json_for_script`] written to `out`. The five characters to escape are
/// `<`, `>`, `&` and U+2028/U+2029 (E2 80 A8/A9). Vectorised searches jump from one
/// candidate byte to the next (0xE2 first, then the ASCII three inside each stretch
/// between) and the runs between them are copied whole.
fn escape_json_to(out: &mut (impl fmt::Write + ?Sized), json: &str) -> fmt::Result {
    let bytes = json.as_bytes();
    let mut start = 0;
    for i in memchr::memchr_iter(0xE2, bytes) {
        let replacement = match (bytes.get(i + 1), bytes.get(i + 2)) {
            (Some(0x80), Some(0xA8)) => "\\u2028",
            (Some(0x80), Some(0xA9)) => "\\u2029",
            _ => continue,
        };
        escape_ascii_to(out, &json[start..i])?;
        out.write_str(replacement)?;
        start = i + 3;
    }
    escape_ascii_to(out, &json[start..])
}

fn escape_ascii_to(out: &mut (impl fmt::Write + ?Sized), run: &str) -> fmt::Result {
    let mut start = 0;
    for i in memchr::memchr3_iter(b'<', b'>', b'&', run.as_bytes()) {
        out.write_str(&run[start..i])?;
        out.write_str(match run.as_bytes()[i] {
            b'<' => "\\u003c",
            b'>' => "\\u003e",
            _ => "\\u0026",
        })?;
        start = i + 1;
    }
    out.write_str(&run[start..])
}

/// The members of the page state as the object the client reads, escaped for its
/// script element.
struct StateJson<'a>(&'a str);

impl fmt::Display for StateJson<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        escape_json_to(f, self.0)?;
        f.write_str("}")
    }
}

pub struct Shell<'a> {
    pub language: &'a str,
    pub head: &'a str,
    /// The members of the embedded page state, without the braces around them.
    pub state_fields: &'a str,
    /// Where the browser reads the page language's translations (preloaded from the
    /// head, read by the client entry before it hydrates); empty for none.
    pub translations_url: &'a str,
    pub asset_base: &'a str,
    pub manifest: &'a Manifest,
}

/// Everything before the body markup.
#[derive(Template)]
#[template(path = "shell_opening.html")]
struct Opening<'a> {
    language: &'a str,
    head: &'a str,
    translations_url: &'a str,
    asset_base: &'a str,
    manifest: &'a Manifest,
}

/// Everything after the body markup.
#[derive(Template)]
#[template(path = "shell_closing.html")]
struct Closing<'a> {
    state: StateJson<'a>,
    boot: &'a str,
}

/// A template written into a string of about `capacity` bytes. Nothing it writes can
/// fail (strings, and [`StateJson`]); were it to, the page would be cut short, logged.
fn written(template: &impl Template, capacity: usize) -> String {
    let mut html = String::with_capacity(capacity);
    if let Err(e) = template.render_into(&mut html) {
        tracing::error!(error = %e, "the document shell could not be written");
    }
    html
}

impl Shell<'_> {
    /// Everything before the body markup: the whole `<head>`, so the browser can
    /// start fetching styles and scripts while the body is still being rendered.
    pub fn opening(&self) -> String {
        let opening = Opening {
            language: self.language,
            head: self.head,
            translations_url: self.translations_url,
            asset_base: self.asset_base,
            manifest: self.manifest,
        };
        written(&opening, self.head.len() + 1024)
    }

    /// Everything after the body markup: the embedded state and the end of the document.
    pub fn closing(&self) -> String {
        let closing = Closing { state: StateJson(self.state_fields), boot: &self.manifest.boot };
        written(&closing, self.state_fields.len() + self.manifest.boot.len() + 96)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_closing_text_is_inert() {
        let json = serde_json::json!({ "title": "</script><script>alert(1)</script><!--" }).to_string();
        let escaped = escape_json_for_script(&json);
        assert!(!escaped.contains("</script>") && !escaped.contains("<!--"));
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back["title"], "</script><script>alert(1)</script><!--");
    }

    #[test]
    fn the_byte_scan_equals_a_character_by_character_escape() {
        let reference = |json: &str| {
            json.chars()
                .map(|c| match c {
                    '<' => "\\u003c".to_owned(),
                    '>' => "\\u003e".to_owned(),
                    '&' => "\\u0026".to_owned(),
                    '\u{2028}' => "\\u2028".to_owned(),
                    '\u{2029}' => "\\u2029".to_owned(),
                    c => c.to_string(),
                })
                .collect::<String>()
        };
        let alphabet: Vec<char> = "aZ<>&\"\\ їЄ€\u{2028}\u{2029}\u{2027}\u{202a}\u{e280}😀".chars().collect();
        let mut seed = 0x2026_u64;
        for len in 0..400 {
            let text: String = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    alphabet[(seed >> 33) as usize % alphabet.len()]
                })
                .collect();
            assert_eq!(escape_json_for_script(&text), reference(&text), "{text:?}");
        }
    }

    #[test]
    fn line_separators_are_escaped() {
        assert_eq!(escape_json_for_script("\"a\u{2028}b\""), "\"a\\u2028b\"");
    }

    /// The shell as it was written by hand before the templates (its `push_str` code),
    /// with the boot script as an argument: the templates must write the same bytes.
    fn by_hand(shell: &Shell<'_>) -> String {
        let base = shell.asset_base;
        let attribute = |text: &str| text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;");
        let mut html = String::new();
        html.push_str("<!doctype html><html lang=\"");
        html.push_str(shell.language);
        html.push_str(
            "\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">",
        );
        html.push_str(shell.head);
        html.push_str("<link rel=\"icon\" href=\"data:,\">");
        for css in &shell.manifest.css {
            html.push_str(&format!("<link rel=\"stylesheet\" href=\"{base}{css}\">"));
        }
        if !shell.translations_url.is_empty() {
            html.push_str("<meta name=\"portal:i18n\" content=\"");
            html.push_str(&attribute(shell.translations_url));
            html.push_str("\">");
        }
        for chunk in &shell.manifest.preload {
            html.push_str(&format!("<meta name=\"portal:preload\" content=\"{base}{chunk}\">"));
        }
        html.push_str(&format!("<meta name=\"portal:entry\" content=\"{base}{}\">", shell.manifest.entry));
        html.push_str("</head><body><div id=\"root\">");
        html.push_str("BODY");
        html.push_str("</div><script id=\"__state\" type=\"application/json\">{");
        escape_json_into(&mut html, shell.state_fields);
        html.push_str("}</script><script>");
        html.push_str(&shell.manifest.boot);
        html.push_str("</script></body></html>");
        html
    }

    #[test]
    fn the_templates_write_the_shell_byte_for_byte_as_the_hand_written_code_did() {
        let manifests = [
            Manifest::default(),
            Manifest {
                entry: "assets/entry-ABC.js".into(),
                css: vec!["assets/entry-X1.css".into()],
                preload: vec!["assets/chunk-1.js".into(), "assets/chunk-2.js".into()],
                boot: "(()=>{var d=document;if(a<b&&c>d)go()})();".into(),
            },
        ];
        let heads = ["", "<title>Тендери &amp; закупівлі</title><meta name=\"description\" content=\"a &lt; b\">"];
        let states = ["", "\"session\":null,\"data\":{\"q\":\"</script><!--\\u2028 ї\"}"];
        for manifest in &manifests {
            for head in heads {
                for state_fields in states {
                    for (language, translations_url, asset_base) in
                        [("uk", "", "/"), ("en", "/locales/en/dzo.json?v=3a9f0c", "/newdzo/")]
                    {
                        let shell = Shell { language, head, state_fields, translations_url, asset_base, manifest };
                        let templated = format!("{}BODY{}", shell.opening(), shell.closing());
                        assert_eq!(templated, by_hand(&shell));
                    }
                }
            }
        }
    }

    /// A value in an attribute is escaped by askama (as numeric references, where the
    /// hand-written code wrote named ones: the same characters to a browser).
    #[test]
    fn an_attribute_value_cannot_leave_its_attribute() {
        let manifest = Manifest::default();
        let shell = Shell {
            language: "uk",
            head: "",
            state_fields: "",
            translations_url: "/l?a=1&b=\"><script>",
            asset_base: "/",
            manifest: &manifest,
        };
        let html = shell.opening();
        assert!(html.contains("content=\"/l?a=1&#38;b=&#34;&#62;&#60;script&#62;\">"), "{html}");
    }

    #[test]
    fn the_boot_script_is_allowed_by_its_own_hash_only() {
        let manifest = Manifest { boot: "go()".into(), ..Manifest::default() };
        assert_eq!(manifest.boot_hash().as_deref(), Some("'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"));
        assert_eq!(Manifest::default().boot_hash(), None);
    }
}
