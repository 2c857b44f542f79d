//! Keyword search: the analysis chain (Ukrainian word forms from the hunspell dictionary,
//! English stems), the keyword syntax and one tantivy index per collection. ADR 0015 says
//! why tantivy and this analyser; `upstream/API.md` documents the rules.

pub mod analysis;
pub mod english;
pub mod lexicon;
pub mod reference;
pub mod search;
pub mod syntax;

pub use analysis::Analyzer;
pub use english::Bridge;
pub use lexicon::Lexicon;
pub use search::{Compiled, Reading, TextDoc, TextHits, TextIndex, TextIndexBuilder};
pub use syntax::{parse, Syntax, Unit};

use crate::error::UpstreamError;
use crate::params::Params;
use std::collections::HashMap;

/// The longest keyword a search takes, in characters (the portal's own form cuts at 200).
pub const MAX_KEYWORD_CHARS: usize = 256;
/// The most words a keyword may have: as many as the portal's 200 characters can hold
/// (its searches never meet the limit; `server/tests/http/fuzz.rs` checks that).
pub const MAX_KEYWORD_WORDS: usize = 100;

/// The `keyword` of a search, trimmed (`None` when empty), within the bounds of the work one
/// request may ask for: longer or wordier → 400 naming the limit (issue 42: a 60 KB
/// keyword of unknown words held a worker for seconds).
pub fn keyword_of(p: &Params) -> Result<Option<String>, UpstreamError> {
    let Some(k) = p.one("keyword").map(str::trim).filter(|k| !k.is_empty()) else { return Ok(None) };
    let chars = k.chars().count();
    if chars > MAX_KEYWORD_CHARS {
        return Err(UpstreamError::invalid("keyword", format!("at most {MAX_KEYWORD_CHARS} characters, got {chars}")));
    }
    let words = analysis::words(k).len();
    if words > MAX_KEYWORD_WORDS {
        return Err(UpstreamError::invalid("keyword", format!("at most {MAX_KEYWORD_WORDS} words, got {words}")));
    }
    Ok(Some(k.to_string()))
}
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The analysis chain with the lexicon of `data_dir/lexicon`, read once per process and
/// folder (tests load the data many times). Without a lexicon the chain still works,
/// without Ukrainian word forms, and says so once.
pub fn analyzer_for(data_dir: &Path) -> Result<Analyzer, lexicon::LexiconError> {
    type Tables = (Option<Arc<Lexicon>>, Option<Arc<Lexicon>>);
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, Tables>>> = OnceLock::new();
    let dir = data_dir.join("lexicon");
    let mut loaded = LOADED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some((lex, russian)) = loaded.get(&dir) {
        return Ok(Analyzer::new(lex.clone()).with_russian(russian.clone()));
    }
    let lex = Lexicon::open(&dir)?.map(Arc::new);
    // Russian word forms to the Ukrainian lemmas they stand for (upstream/scripts/build-russian.sh).
    let russian = Lexicon::open_table(&dir, "ru_uk", false)?.map(Arc::new);
    match &russian {
        Some(r) => tracing::info!(forms = r.len(), "Russian word forms loaded"),
        None => tracing::warn!(dir = %dir.display(), "no Russian word-form table: Russian keywords are not read"),
    }
    match &lex {
        Some(l) => tracing::info!(forms = l.len(), dir = %dir.display(), "Ukrainian word forms loaded"),
        None => tracing::warn!(
            dir = %dir.display(),
            "no Ukrainian word-form table (upstream/scripts/build-lexicon.sh makes it): keywords match as typed"
        ),
    }
    // Bounded: one entry per data folder a process loads from.
    if loaded.len() < 16 {
        loaded.insert(dir, (lex.clone(), russian.clone()));
    }
    Ok(Analyzer::new(lex).with_russian(russian))
}
