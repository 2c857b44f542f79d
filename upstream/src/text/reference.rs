//! The brute-force definition of a keyword match over one document's three texts, with
//! the same analysis chain as the index: the property test holds the tantivy index to it.

use super::analysis::{words, Analyzer};
use super::syntax::{Syntax, Unit};

/// Per field, the terms at each word position.
type Positions = Vec<Vec<String>>;

fn positions(analyzer: &Analyzer, text: &str) -> Positions {
    analyzer.analyze(text).into_iter().map(|(_, t)| t).collect()
}

/// The analysed words of a typed unit, each with its terms.
fn unit_words(analyzer: &Analyzer, unit: &Unit) -> Vec<Vec<String>> {
    words(unit.text())
        .into_iter()
        .map(|(_, w)| {
            let mut t = Vec::new();
            analyzer.terms(&w, &mut t);
            t
        })
        .collect()
}

/// Whether `unit` (its words one after another) occurs in one of the fields; `None`
/// when it has no word.
fn unit_in(analyzer: &Analyzer, unit: &Unit, fields: &[Positions]) -> Option<bool> {
    if let Unit::Prefix(typed) = unit {
        // A word with a term that starts so, or a word of the prefix's own terms.
        let (_, word) = words(typed).into_iter().next()?;
        let start = super::analysis::fold(&word).into_owned();
        let mut own = Vec::new();
        analyzer.terms(&word, &mut own);
        return Some(fields.iter().flatten().flatten().any(|t| t.starts_with(&start) || own.contains(t)));
    }
    let ws = unit_words(analyzer, unit);
    if ws.is_empty() {
        return None;
    }
    let hit = |at: &Vec<String>, want: &Vec<String>| at.iter().any(|t| want.contains(t));
    Some(fields.iter().any(|f| {
        f.len() >= ws.len()
            && (0..=f.len() - ws.len()).any(|start| ws.iter().enumerate().all(|(i, w)| hit(&f[start + i], w)))
    }))
}

/// A document's three texts, analysed.
#[derive(Debug, Clone, Default)]
pub struct Analysed([Positions; 3]);

/// Analyses a document's title, buyer's name and other text.
pub fn analyse(analyzer: &Analyzer, title: &str, buyer: &str, body: &str) -> Analysed {
    Analysed([positions(analyzer, title), positions(analyzer, buyer), positions(analyzer, body)])
}

/// Whether a document with these texts matches the keyword's syntax: every group with a
/// word has a unit that occurs, no excluded unit occurs, and there was something to look
/// for (only exclusions: every document without them).
pub fn matches(syntax: &Syntax, analyzer: &Analyzer, title: &str, buyer: &str, body: &str) -> bool {
    matches_analysed(syntax, analyzer, &analyse(analyzer, title, buyer, body))
}

/// [`matches`] on texts analysed beforehand.
pub fn matches_analysed(syntax: &Syntax, analyzer: &Analyzer, doc: &Analysed) -> bool {
    let fields = &doc.0;
    let mut looked = false;
    for group in &syntax.required {
        let found: Vec<bool> = group.iter().filter_map(|u| unit_in(analyzer, u, fields)).collect();
        if found.is_empty() {
            continue;
        }
        looked = true;
        if !found.contains(&true) {
            return false;
        }
    }
    for unit in &syntax.excluded {
        match unit_in(analyzer, unit, fields) {
            Some(true) => return false,
            Some(false) => looked = true,
            None => {}
        }
    }
    looked
}
