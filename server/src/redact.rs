//! Secrets that travel in addresses kept out of the log: the token of a saved-search
//! alert's unsubscribe link (`/alerts/unsubscribe?id=7&token=…`, and the users API call
//! its page makes, `/api/saved-searches/7/unsubscribe?token=…`), and any other parameter
//! named as a token.
//! Every log line that writes an address, or an error that may quote one (a failed
//! upstream call names its URL), writes it through [`redacted`].

use std::borrow::Cow;

/// What a secret's value is replaced with.
const HIDDEN: &str = "…";

/// Whether a query parameter's value is a secret: `token`, `*token`, `*_token`, `jwt`.
fn secret(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.ends_with("token") || name.ends_with("jwt")
}

/// Where a parameter's value that starts at `start` ends: at the next separator of the
/// query (`&`, `#`, also percent-encoded, as in `/__data?url=`) or of the text around the
/// address (a space, a quote, a bracket).
fn value_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < bytes.len() {
        let b = bytes[i];
        if b <= b' '
            || b == 0x7f
            || matches!(b, b'&' | b'#' | b';' | b',' | b'"' | b'\'' | b'<' | b'>' | b'(' | b')' | b'[' | b']')
            || matches!(b, b'{' | b'}' | b'\\' | b'`' | b'|')
        {
            break;
        }
        if b == b'%' && bytes.len() >= i + 3 && matches!(&bytes[i + 1..i + 3], b"26" | b"23" | b"20") {
            break;
        }
        i += 1;
    }
    i
}

/// `text` with the value of every secret query parameter in it (`token=abc`, or
/// `token%3Dabc` inside an encoded address) replaced by `…`; borrowed when it has none.
pub fn redacted(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        let equals = match bytes[i] {
            b'=' => 1,
            b'%' if bytes.len() >= i + 3 && bytes[i + 1] == b'3' && bytes[i + 2].eq_ignore_ascii_case(&b'd') => 3,
            _ => {
                i += 1;
                continue;
            }
        };
        let name_start = bytes[..i]
            .iter()
            .rposition(|b| !(b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-'))
            .map_or(0, |p| p + 1);
        let value_start = i + equals;
        let end = value_end(bytes, value_start);
        if secret(&text[name_start..i]) && end > value_start {
            let out = out.get_or_insert_with(|| String::with_capacity(text.len()));
            out.push_str(&text[copied..value_start]);
            out.push_str(HIDDEN);
            copied = end;
            i = end;
        } else {
            i = value_start;
        }
    }
    match out {
        None => Cow::Borrowed(text),
        Some(mut out) => {
            out.push_str(&text[copied..]);
            Cow::Owned(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_values_are_hidden_and_the_rest_is_kept() {
        assert_eq!(redacted("/tenders?status=active"), "/tenders?status=active");
        assert!(matches!(redacted("/tenders?keyword=token"), Cow::Borrowed(_)));
        assert_eq!(redacted("/alerts/unsubscribe?id=7&token=s3cr-et_"), "/alerts/unsubscribe?id=7&token=…");
        assert_eq!(redacted("/en/alerts/unsubscribe?token=a%2Bb&id=7#x"), "/en/alerts/unsubscribe?token=…&id=7#x");
        assert_eq!(
            redacted("error sending request for url (http://127.0.0.1:1/api/saved-searches/7/unsubscribe?token=abc)"),
            "error sending request for url (http://127.0.0.1:1/api/saved-searches/7/unsubscribe?token=…)"
        );
        assert_eq!(
            redacted("/__data?url=%2Falerts%2Funsubscribe%3Fid%3D7%26token%3Dabc%26x%3D1"),
            "/__data?url=%2Falerts%2Funsubscribe%3Fid%3D7%26token%3D…%26x%3D1"
        );
        assert_eq!(redacted("/login/new-password?resetToken=abc&a=1"), "/login/new-password?resetToken=…&a=1");
        assert_eq!(redacted("/x?token=&id=1"), "/x?token=&id=1");
        assert_eq!(redacted("/x?token=a&token=b"), "/x?token=…&token=…");
        assert_eq!(redacted("/пошук?token=ключ і"), "/пошук?token=… і");
    }
}
