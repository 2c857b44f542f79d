//! Members of a JSON object read without building it: the object's other members are
//! stepped over, strings by their quotes, objects and arrays by their brackets. For the
//! few top-level members the server needs of a large record (its `dateModified`, what
//! the integrity indicators read), where parsing the whole record would cost more than
//! everything else it does with it.

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

/// The members `names` of an answer's record: the answer itself, or its `data` object
/// when it comes in the platform's envelope (`{"data": {…}}`). `data` is looked for in
/// the same pass as the names, so a bare record is read once and an envelope twice.
pub fn record_members<'a>(answer: &'a str, names: &[&str]) -> Vec<Option<&'a str>> {
    let mut with_data = Vec::with_capacity(names.len() + 1);
    with_data.extend_from_slice(names);
    let data_at = names.iter().position(|name| *name == "data").unwrap_or_else(|| {
        with_data.push("data");
        names.len()
    });
    let mut found = members(answer, &with_data);
    match found[data_at] {
        Some(data) if data.starts_with('{') => members(data, names),
        _ => {
            found.truncate(names.len());
            found
        }
    }
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
        assert_eq!(record_members(r#"{"data":{"id":"x"}}"#, &["id", "data"]), vec![Some(r#""x""#), None]);
        assert_eq!(
            record_members(r#"{"data":"text","id":"x"}"#, &["id", "data"]),
            vec![Some(r#""x""#), Some(r#""text""#)]
        );
        assert_eq!(record_members(r#"{"id":"x"}"#, &["data", "id"]), vec![None, Some(r#""x""#)]);
        assert_eq!(record_members("[]", &["id"]), vec![None]);
    }
}
