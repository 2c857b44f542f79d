//! The HTML document around the rendered body: head tags, assets, and the
//! embedded page state the client hydrates from.

use serde::Deserialize;

/// `web/dist/client/manifest.json`, written by the web build.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Manifest {
    pub entry: String,
    pub css: Vec<String>,
    pub preload: Vec<String>,
}

/// Makes JSON safe inside `<script type="application/json">`: no data (a search
/// keyword, a tender title) can close the tag or open a comment.
pub fn escape_json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    escape_json_into(&mut out, json);
    out
}

/// [`escape_json_for_script`] appending to `out`. The five characters to escape are
/// `<`, `>`, `&` and U+2028/U+2029 (E2 80 A8/A9). Vectorised searches jump from one
/// candidate byte to the next (0xE2 first, then the ASCII three inside each stretch
/// between) and the runs between them are copied whole.
pub fn escape_json_into(out: &mut String, json: &str) {
    let bytes = json.as_bytes();
    let mut start = 0;
    for i in memchr::memchr_iter(0xE2, bytes) {
        let replacement = match (bytes.get(i + 1), bytes.get(i + 2)) {
            (Some(0x80), Some(0xA8)) => "\\u2028",
            (Some(0x80), Some(0xA9)) => "\\u2029",
            _ => continue,
        };
        escape_ascii_into(out, &json[start..i]);
        out.push_str(replacement);
        start = i + 3;
    }
    escape_ascii_into(out, &json[start..]);
}

fn escape_ascii_into(out: &mut String, run: &str) {
    let mut start = 0;
    for i in memchr::memchr3_iter(b'<', b'>', b'&', run.as_bytes()) {
        out.push_str(&run[start..i]);
        out.push_str(match run.as_bytes()[i] {
            b'<' => "\\u003c",
            b'>' => "\\u003e",
            _ => "\\u0026",
        });
        start = i + 1;
    }
    out.push_str(&run[start..]);
}

/// Text for a double-quoted attribute value.
fn attribute(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['&', '"', '<']) {
        return text.into();
    }
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").into()
}

pub struct Document<'a> {
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

impl Document<'_> {
    /// Everything before the body markup: the whole `<head>`, so the browser can
    /// start fetching styles and scripts while the body is still being rendered.
    pub fn opening(&self) -> String {
        let base = self.asset_base;
        let mut html = String::with_capacity(self.head.len() + 1024);
        html.push_str("<!doctype html><html lang=\"");
        html.push_str(self.language);
        html.push_str(
            "\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">",
        );
        html.push_str(self.head);
        html.push_str("<link rel=\"icon\" href=\"data:,\">");
        for css in &self.manifest.css {
            html.push_str(&format!("<link rel=\"stylesheet\" href=\"{base}{css}\">"));
        }
        if !self.translations_url.is_empty() {
            html.push_str("<link id=\"__i18n\" rel=\"preload\" as=\"fetch\" crossorigin href=\"");
            html.push_str(&attribute(self.translations_url));
            html.push_str("\">");
        }
        // The scripts start now but at low priority: the page paints from the HTML and
        // the stylesheet alone (module scripts never block rendering), so they must not
        // take the slow link's bandwidth from those first (Lighthouse counts a
        // high-priority script fetched before the first paint as blocking it).
        for chunk in &self.manifest.preload {
            html.push_str(&format!("<link rel=\"modulepreload\" fetchpriority=\"low\" href=\"{base}{chunk}\">"));
        }
        html.push_str(&format!(
            "<script type=\"module\" fetchpriority=\"low\" src=\"{base}{}\"></script>",
            self.manifest.entry
        ));
        html.push_str("</head><body><div id=\"root\">");
        html
    }

    /// Everything after the body markup: the embedded state and the end of the document.
    pub fn closing(&self) -> String {
        let mut html = String::with_capacity(self.state_fields.len() + 64);
        html.push_str("</div><script id=\"__state\" type=\"application/json\">");
        html.push('{');
        escape_json_into(&mut html, self.state_fields);
        html.push('}');
        html.push_str("</script></body></html>");
        html
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
}
