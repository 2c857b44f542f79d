//! The page's shell: the HTML around the rendered body (head tags, assets, the
//! embedded page state the client hydrates from, the boot script). "Document" is kept
//! for documents for machines (`machine.rs`) and a record's attached files.

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

impl Shell<'_> {
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
        // The translations and the scripts are named here and asked for by the boot script
        // at the end of the body, after the first paint (`BOOT`): nothing but the HTML
        // and the stylesheet is downloaded before the page has painted, so a slow link
        // gives its first seconds to them (Lighthouse's largest paint counts every
        // request started before it).
        if !self.translations_url.is_empty() {
            html.push_str("<meta name=\"portal:i18n\" content=\"");
            html.push_str(&attribute(self.translations_url));
            html.push_str("\">");
        }
        for chunk in &self.manifest.preload {
            html.push_str(&format!("<meta name=\"portal:preload\" content=\"{base}{chunk}\">"));
        }
        html.push_str(&format!("<meta name=\"portal:entry\" content=\"{base}{}\">", self.manifest.entry));
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
        html.push_str("</script><script>");
        html.push_str(BOOT);
        html.push_str("</script></body></html>");
        html
    }
}

/// The boot script, inline at the end of every page (allowed by its hash: [`boot_hash`]).
/// Once the page has painted its first content and finished loading (its stylesheet),
/// then after one more frame, it asks for what the head's `portal:*` metas name: the
/// translations (`<link id="__i18n" rel="preload">`, which the entry reads), the module
/// preloads, then the entry. A page that is not visible (a background tab paints
/// nothing) starts at once, and three seconds after the end of the body it starts
/// whatever happened.
pub const BOOT: &str = "(function(d,w){var s=0,p=0,l=d.readyState==='complete';function go(){if(s)return;s=1;var h=d.head;\
function each(n,f){var m=d.querySelectorAll('meta[name=\"portal:'+n+'\"]');for(var i=0;i<m.length;i++)f(m[i].content)}\
each('i18n',function(u){var k=d.createElement('link');k.id='__i18n';k.rel='preload';k.as='fetch';k.crossOrigin='anonymous';k.href=u;h.appendChild(k)});\
each('preload',function(u){var k=d.createElement('link');k.rel='modulepreload';k.href=u;h.appendChild(k)});\
each('entry',function(u){var e=d.createElement('script');e.type='module';e.src=u;h.appendChild(e)})}\
function ready(){if(p&&l)requestAnimationFrame(function(){setTimeout(go,0)})}\
if(d.visibilityState!=='visible')return go();setTimeout(go,3000);\
if(!l)w.addEventListener('load',function(){l=1;ready()});\
try{new PerformanceObserver(function(x,o){if(x.getEntriesByName('first-contentful-paint').length){p=1;o.disconnect();ready()}}).observe({type:'paint',buffered:true})}catch(e){p=1;ready()}})(document,window)";

/// `'sha256-…'`: the script-src source that allows [`BOOT`] and no other inline script.
pub fn boot_hash() -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(BOOT.as_bytes());
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
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
