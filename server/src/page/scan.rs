//! Members of a JSON object read without building it: the object's other members are
//! stepped over, strings by their quotes, objects and arrays by their brackets. For the
//! few top-level members the server needs of a large record (its `dateModified`, what
//! the integrity indicators read), where parsing the whole record would cost more than
//! everything else it does with it.

/// The value of the member `name` of the object `json` is (its text as written), found
/// without building the object: the record's other members are stepped over, strings
/// by their quotes, objects and arrays by their brackets. `None` when `json` is not an
/// object or has no such member; what follows the member is not checked.
pub fn member<'a>(json: &'a str, name: &str) -> Option<&'a str> {
    members(json, &[name]).pop().flatten()
}

fn skip_space(b: &[u8], mut at: usize) -> usize {
    while b.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    at
}

/// Where the string starting at `at` (its opening quote) ends, past its closing quote.
fn string_end(b: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    loop {
        // Most of a record's bytes are in its strings: jump to the next quote or escape.
        i += memchr::memchr2(b'"', b'\\', b.get(i..)?)?;
        match b[i] {
            b'\\' => i += 2,
            _ => return Some(i + 1),
        }
    }
}

/// Where the value starting at `at` ends.
fn value_end(b: &[u8], at: usize) -> Option<usize> {
    match b.get(at)? {
        b'"' => string_end(b, at),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = at;
            loop {
                match b.get(i)? {
                    b'"' => {
                        i = string_end(b, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            let mut i = at;
            while b.get(i).is_some_and(|c| !matches!(c, b',' | b'}' | b']') && !c.is_ascii_whitespace()) {
                i += 1;
            }
            (i > at).then_some(i)
        }
    }
}

/// Every member of `names` that the object `json` has, as written, in one pass that ends
/// once each is found: the value of `names[i]` (its first occurrence) at `i`. All `None`
/// when `json` is not an object.
pub fn members<'a>(json: &'a str, names: &[&str]) -> Vec<Option<&'a str>> {
    let mut found = vec![None; names.len()];
    let b = json.as_bytes();
    let mut at = skip_space(b, 0);
    if b.get(at) != Some(&b'{') {
        return found;
    }
    at += 1;
    loop {
        at = skip_space(b, at);
        match b.get(at) {
            Some(b',') => {
                at += 1;
                continue;
            }
            Some(b'"') => {}
            _ => return found,
        }
        let Some(key_end) = string_end(b, at) else { return found };
        let key = &json[at + 1..key_end - 1];
        at = skip_space(b, key_end);
        if b.get(at) != Some(&b':') {
            return found;
        }
        at = skip_space(b, at + 1);
        let Some(value_end) = value_end(b, at) else { return found };
        if let Some(i) = names.iter().position(|name| *name == key) {
            found[i].get_or_insert(&json[at..value_end]);
            if found.iter().all(Option::is_some) {
                return found;
            }
        }
        at = value_end;
    }
}

/// The record of an answer: the answer itself, or its `data` object when it comes in the
/// platform's envelope (`{"data": {…}}`).
pub fn record(answer: &str) -> &str {
    member(answer, "data").filter(|data| data.starts_with('{')).unwrap_or(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_are_read_as_written_in_one_pass() {
        let json = r#"{"a": [1, {"b": "}"}], "b" : {"c":"\"{"}, "c":null,"a":2}"#;
        assert_eq!(
            members(json, &["b", "a", "x", "c"]),
            vec![Some(r#"{"c":"\"{"}"#), Some(r#"[1, {"b": "}"}]"#), None, Some("null")]
        );
        assert_eq!(members("[1]", &["a"]), vec![None]);
        assert_eq!(members(r#"{"a":1,"b":"#, &["a", "b"]), vec![Some("1"), None]);
        assert_eq!(record(r#"{"data":{"id":"x"}}"#), r#"{"id":"x"}"#);
        assert_eq!(record(r#"{"data":"text","id":"x"}"#), r#"{"data":"text","id":"x"}"#);
    }
}
