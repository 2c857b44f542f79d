//! The Ukrainian word-form table: every form of Debian's Ukrainian hunspell dictionary
//! with its dictionary forms (lemmas), as `upstream/scripts/build-lexicon.sh` wrote it from
//! hunspell's own analysis. Held as a finite-state transducer (form → up to three lemma
//! numbers) so that start-up reads it instead of re-parsing 2.5 million lines: the first
//! start after the table changes compiles it next to the table (`uk_UA.fst`, `uk_UA.lemmas`).

use std::path::{Path, PathBuf};
use tantivy::query::FuzzyTermQuery;
use tantivy::schema::{Field, Term};
use tantivy_fst::{IntoStreamer, Map, MapBuilder, Streamer};

/// Lemma numbers per form: three of 21 bits each (number + 1; 0 = none).
const BITS: u32 = 21;
const MASK: u64 = (1 << BITS) - 1;
const MAX_LEMMAS: usize = 3;

/// Form → dictionary forms.
pub struct Lexicon {
    forms: Map<Vec<u8>>,
    /// Every lemma, '\n'-separated, and the start of each in it.
    lemma_text: String,
    lemma_starts: Vec<u32>,
}

impl std::fmt::Debug for Lexicon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Lexicon({} forms, {} lemmas)", self.forms.len(), self.lemma_starts.len())
    }
}

/// Why a lexicon could not be read or compiled.
#[derive(Debug, thiserror::Error)]
pub enum LexiconError {
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{path}: {reason}")]
    Format { path: String, reason: String },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> LexiconError + '_ {
    move |source| LexiconError::Io { path: path.display().to_string(), source }
}

fn fresh(derived: &Path, source: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    matches!((modified(derived), modified(source)), (Some(d), Some(s)) if d >= s)
}

impl Lexicon {
    /// The lexicon of `dir` (`uk_UA.tsv` and its compiled form), compiling the table when
    /// its compiled form is missing or older; `None` when there is no table at all.
    pub fn open(dir: &Path) -> Result<Option<Self>, LexiconError> {
        let tsv = dir.join("uk_UA.tsv");
        let (fst, lemmas) = (dir.join("uk_UA.fst"), dir.join("uk_UA.lemmas"));
        if !tsv.exists() {
            return Ok(None);
        }
        if !(fresh(&fst, &tsv) && fresh(&lemmas, &tsv)) {
            let text = std::fs::read_to_string(&tsv).map_err(io(&tsv))?;
            let lex = Self::from_table(&text)
                .map_err(|reason| LexiconError::Format { path: tsv.display().to_string(), reason })?;
            // Written aside and renamed: a reader at the same time sees the old or the new.
            let write = |path: &PathBuf, bytes: &[u8]| -> Result<(), LexiconError> {
                let tmp = path.with_extension(format!("tmp{}", std::process::id()));
                std::fs::write(&tmp, bytes).map_err(io(&tmp))?;
                std::fs::rename(&tmp, path).map_err(io(path))
            };
            write(&lemmas, lex.lemma_text.as_bytes())?;
            write(&fst, &lex.forms.as_fst().to_vec())?;
            return Ok(Some(lex));
        }
        let bytes = std::fs::read(&fst).map_err(io(&fst))?;
        let forms = Map::from_bytes(bytes)
            .map_err(|e| LexiconError::Format { path: fst.display().to_string(), reason: e.to_string() })?;
        let lemma_text = std::fs::read_to_string(&lemmas).map_err(io(&lemmas))?;
        Ok(Some(Self::with_lemmas(forms, lemma_text)))
    }

    fn with_lemmas(forms: Map<Vec<u8>>, lemma_text: String) -> Self {
        let mut lemma_starts = vec![0u32];
        lemma_starts.extend(lemma_text.match_indices('\n').map(|(i, _)| i as u32 + 1));
        lemma_starts.pop();
        Self { forms, lemma_text, lemma_starts }
    }

    /// Compiles a table of `form<TAB>lemma…` lines sorted by form (bytewise).
    pub fn from_table(text: &str) -> Result<Self, String> {
        let mut lemmas: Vec<&str> = text.lines().flat_map(|l| l.split('\t').skip(1)).collect();
        lemmas.sort_unstable();
        lemmas.dedup();
        if lemmas.len() as u64 >= MASK {
            return Err(format!("{} lemmas: more than the table can number", lemmas.len()));
        }
        let mut b = MapBuilder::memory();
        let mut last: Option<&str> = None;
        for (n, line) in text.lines().enumerate() {
            let mut parts = line.split('\t');
            let form = parts.next().unwrap_or_default();
            if form.is_empty() || last.is_some_and(|l| l >= form) {
                return Err(format!("line {}: `{form}` is empty or out of order", n + 1));
            }
            last = Some(form);
            let mut value = 0u64;
            for (i, lemma) in parts.take(MAX_LEMMAS).enumerate() {
                let k = lemmas.binary_search(&lemma).map_err(|_| format!("line {}: lost lemma", n + 1))?;
                value |= (k as u64 + 1) << (BITS * i as u32);
            }
            b.insert(form, value).map_err(|e| format!("line {}: {e}", n + 1))?;
        }
        let forms = Map::from_bytes(b.into_inner().map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
        let mut lemma_text = String::with_capacity(lemmas.iter().map(|l| l.len() + 1).sum());
        for l in &lemmas {
            lemma_text.push_str(l);
            lemma_text.push('\n');
        }
        Ok(Self::with_lemmas(forms, lemma_text))
    }

    fn lemma(&self, k: usize) -> &str {
        let start = self.lemma_starts[k] as usize;
        let end = self.lemma_text[start..].find('\n').map_or(self.lemma_text.len(), |e| start + e);
        &self.lemma_text[start..end]
    }

    fn decode(&self, value: u64) -> impl Iterator<Item = &str> {
        (0..MAX_LEMMAS as u32)
            .map(move |i| (value >> (BITS * i)) & MASK)
            .take_while(|&k| k != 0)
            .map(move |k| self.lemma(k as usize - 1))
    }

    /// The dictionary forms of a lowercase word (apostrophes as `'`); empty when the
    /// word is not in the table, i.e. it is a dictionary form itself or unknown.
    pub fn lemmas(&self, form: &str) -> impl Iterator<Item = &str> {
        self.forms.get(form).into_iter().flat_map(move |v| self.decode(v))
    }

    /// Every form of the table within one edit (a transposition counting one) of `word`,
    /// with its lemmas, at most `limit` forms.
    pub fn near(&self, word: &str, limit: usize) -> Vec<(String, Vec<String>)> {
        // The automaton is the one tantivy's fuzzy query uses; the field is not looked at.
        let Ok(dfa) = FuzzyTermQuery::new(Term::from_field_text(Field::from_field_id(0), word), 1, true).automaton()
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut stream = self.forms.search(dfa).into_stream();
        while let Some((form, value)) = stream.next() {
            let Ok(form) = std::str::from_utf8(form) else { continue };
            out.push((form.to_string(), self.decode(value).map(String::from).collect()));
            if out.len() >= limit {
                break;
            }
        }
        out
    }

    /// Number of forms in the table.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether the table has no form.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiles_and_reads_a_table() {
        let lex = Lexicon::from_table("лікарні\tлікарня\nпослуг\tпослуга\nтехнік\tтехнік\tтехніка\n").unwrap();
        assert_eq!(lex.lemmas("лікарні").collect::<Vec<_>>(), ["лікарня"]);
        assert_eq!(lex.lemmas("технік").collect::<Vec<_>>(), ["технік", "техніка"]);
        assert_eq!(lex.lemmas("лікарня").count(), 0, "a lemma stands for itself");
        let near = lex.near("послу", 10);
        assert_eq!(near, vec![("послуг".to_string(), vec!["послуга".to_string()])]);
        assert!(Lexicon::from_table("б\tx\nа\ty\n").unwrap_err().contains("out of order"));
    }

    #[test]
    fn compiled_form_is_written_once_and_read_back() {
        let dir = std::env::temp_dir().join(format!("lexicon-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(Lexicon::open(&dir).unwrap().is_none(), "no table, no lexicon");
        std::fs::write(dir.join("uk_UA.tsv"), "школи\tшкола\n").unwrap();
        let first = Lexicon::open(&dir).unwrap().unwrap();
        assert!(dir.join("uk_UA.fst").exists() && dir.join("uk_UA.lemmas").exists());
        let again = Lexicon::open(&dir).unwrap().unwrap();
        assert_eq!(first.lemmas("школи").collect::<Vec<_>>(), again.lemmas("школи").collect::<Vec<_>>());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
