//! A tender page's red flags (issue 34): the methodology's indicators (the `indicators` crate)
//! run on the tender the page already fetched, so the page shows them whatever search
//! service answers it. Only the members the indicators read are parsed
//! ([`indicators::FIELDS`]); the rest of the record (its items, documents and criteria,
//! most of its text) is stepped over.

use std::sync::Arc;

use renderer::Failure;
use serde_json::{Map, Value};

use super::scan::record_members;
use super::Fetched;

/// The assessment of the tender answered as `answer` (bare or in the platform's
/// envelope), as the JSON the page reads; a failure when the answer is no object.
pub fn assess(answer: &str) -> Fetched {
    if !answer.trim_start().starts_with('{') {
        return Err(Failure::Invalid);
    }
    let mut object = Map::new();
    for (name, raw) in indicators::FIELDS.iter().zip(record_members(answer, indicators::FIELDS)) {
        let Some(raw) = raw else { continue };
        match serde_json::from_str::<Value>(raw) {
            Ok(value) => {
                object.insert((*name).to_owned(), value);
            }
            Err(_) => return Err(Failure::Invalid),
        }
    }
    // The page's state carries the assessment to the browser too: the evidence of flags
    // not raised, which the page does not show, was most of a large tender's.
    serde_json::to_string(&indicators::assess(&Value::Object(object)).evidence_of_raised_only())
        .map(Arc::from)
        .map_err(|_| Failure::Invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The members read are all the indicators need: every API-documentation tender and
    /// its envelope get the assessment of the whole record.
    #[test]
    fn the_page_s_assessment_is_the_whole_record_s() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/openprocurement-api/tenders");
        let mut read = 0;
        for file in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
            let whole: Value = serde_json::from_str(&text).unwrap();
            let full = indicators::assess(&whole);
            let expected = serde_json::to_string(&full.clone().evidence_of_raised_only()).unwrap();
            // The page keeps the evidence of what is raised, and only that.
            let shown: Value = serde_json::from_str(&expected).unwrap();
            for (outcome, page) in full.outcomes.iter().zip(shown["outcomes"].as_array().unwrap()) {
                assert_eq!(page["code"], outcome.code.as_str());
                let kept = outcome.verdict == indicators::Verdict::Raised && outcome.evidence.is_some();
                assert_eq!(page.get("evidence").is_some(), kept, "{page}");
                if kept {
                    assert_eq!(page["evidence"], serde_json::to_value(&outcome.evidence).unwrap());
                }
            }
            assert_eq!(assess(&text).unwrap().as_ref(), expected);
            assert_eq!(assess(&format!(r#"{{"data":{text}}}"#)).unwrap().as_ref(), expected);
            read += 1;
        }
        assert!(read > 10, "{read} tenders in {dir}");
        assert!(matches!(assess("[1]"), Err(Failure::Invalid)));
        assert!(matches!(assess(r#"{"bids":[1,}"#), Err(Failure::Invalid)));
        assert!(assess(r#"{"id":"x"}"#).is_ok(), "a record without bids is assessed: not applicable");
    }
}
