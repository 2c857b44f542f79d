//! Keyword search: the analysis chain (Ukrainian word forms from the hunspell dictionary,
//! English stems), the keyword syntax and one tantivy index per collection. ADR 0015 says
//! why tantivy and this analyser; `upstream/API.md` documents the rules.

pub mod analysis;
pub mod lexicon;
pub mod reference;
pub mod search;
pub mod syntax;

pub use analysis::Analyzer;
pub use lexicon::Lexicon;
pub use search::{Compiled, TextDoc, TextHits, TextIndex, TextIndexBuilder};
pub use syntax::{parse, Syntax, Unit};

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The analysis chain with the lexicon of `data_dir/lexicon`, read once per process and
/// folder (tests load the data many times). Without a lexicon the chain still works,
/// without Ukrainian word forms, and says so once.
pub fn analyzer_for(data_dir: &Path) -> Result<Analyzer, lexicon::LexiconError> {
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, Option<Arc<Lexicon>>>>> = OnceLock::new();
    let dir = data_dir.join("lexicon");
    let mut loaded = LOADED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(lex) = loaded.get(&dir) {
        return Ok(Analyzer::new(lex.clone()));
    }
    let lex = Lexicon::open(&dir)?.map(Arc::new);
    match &lex {
        Some(l) => tracing::info!(forms = l.len(), dir = %dir.display(), "Ukrainian word forms loaded"),
        None => tracing::warn!(
            dir = %dir.display(),
            "no Ukrainian word-form table (upstream/scripts/build-lexicon.sh makes it): keywords match as typed"
        ),
    }
    // Bounded: one entry per data folder a process loads from.
    if loaded.len() < 16 {
        loaded.insert(dir, lex.clone());
    }
    Ok(Analyzer::new(lex))
}
