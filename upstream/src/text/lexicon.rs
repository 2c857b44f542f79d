//! The Ukrainian word-form table: every form of Debian's Ukrainian hunspell dictionary
//! with its dictionary forms (lemmas), as `upstream/scripts/build-lexicon.sh` wrote it from
//! hunspell's own analysis. Held as a finite-state transducer (form → up to three lemma
//! numbers) so that start-up reads it instead of re-parsing 2.5 million lines: the first
//! start after the table changes compiles it next to the table (`uk_UA.fst`, `uk_UA.lemmas`).
//!
//! The table also gives the endings of the language ([`Lexicon::endings`]): what a form
//! adds to the stem it shares with its dictionary form, counted over every form, the
//! commonest kept (`uk_UA.endings`, derived with the compiled form). A word the
//! dictionary does not know (a participle, a new word, a brand) loses the longest of them
//! ([`Lexicon::stem`]), so that «миючі», «миючих» and «миючого» meet as one term.

use std::path::Path;
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
    /// Every lemma, '\n'-separated, and the start of each in it (sorted bytewise).
    lemma_text: String,
    lemma_starts: Vec<u32>,
    /// The commonest endings, longest first ([`Lexicon::stem`]).
    endings: Vec<String>,
}

/// Longest ending counted, in letters.
const MAX_ENDING_CHARS: usize = 4;
/// Fewest letters a stem shares with its dictionary form for its ending to count.
const MIN_SHARED_CHARS: usize = 3;
/// Fewest forms an ending must end (among 2.5 million) to be kept.
const MIN_ENDING_FORMS: u32 = 2_000;
/// Fewest letters left of a word an ending is stripped from.
pub const MIN_STEM_CHARS: usize = 4;

/// Whether an ending may start with `c`: Ukrainian inflections start with a vowel, a
/// soft sign or й (`-ами`, `-ого`, `-ь`); a consonant there is the stem's own.
fn opens_ending(c: char) -> bool {
    matches!(c, 'а' | 'е' | 'є' | 'и' | 'і' | 'ї' | 'о' | 'у' | 'ю' | 'я' | 'ь' | 'й')
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

/// Writes a derived file aside and renames it: a reader at the same time sees the old or the new.
fn write(path: &Path, bytes: &[u8]) -> Result<(), LexiconError> {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes).map_err(io(&tmp))?;
    std::fs::rename(&tmp, path).map_err(io(path))
}

fn fresh(derived: &Path, source: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    matches!((modified(derived), modified(source)), (Some(d), Some(s)) if d >= s)
}

impl Lexicon {
    /// The lexicon of `dir` (`uk_UA.tsv` and its compiled form), compiling the table when
    /// its compiled form is missing or older; `None` when there is no table at all.
    pub fn open(dir: &Path) -> Result<Option<Self>, LexiconError> {
        Self::open_table(dir, "uk_UA", true)
    }

    /// The table `dir/<name>.tsv` compiled as [`Lexicon::open`] does (`<name>.fst`,
    /// `<name>.lemmas`), with its endings (`<name>.endings`) when `with_endings`: the
    /// Russian table (`ru_uk`, Russian forms to Ukrainian lemmas) has none.
    pub fn open_table(dir: &Path, name: &str, with_endings: bool) -> Result<Option<Self>, LexiconError> {
        let tsv = dir.join(format!("{name}.tsv"));
        let (fst, lemmas) = (dir.join(format!("{name}.fst")), dir.join(format!("{name}.lemmas")));
        if !tsv.exists() {
            return Ok(None);
        }
        let endings = dir.join(format!("{name}.endings"));
        let mut lex = Self::compiled(&tsv, &fst, &lemmas)?;
        if !with_endings {
            lex.endings.clear();
        } else if fresh(&endings, &tsv) {
            let text = std::fs::read_to_string(&endings).map_err(io(&endings))?;
            lex.endings = text.lines().filter(|l| !l.is_empty()).map(String::from).collect();
        } else {
            if lex.endings.is_empty() {
                lex.endings = lex.count_endings();
            }
            write(&endings, lex.endings.join("\n").as_bytes())?;
        }
        Ok(Some(lex))
    }

    /// The table compiled (from `tsv` when its compiled form is older, else read back).
    fn compiled(tsv: &Path, fst: &Path, lemmas: &Path) -> Result<Self, LexiconError> {
        if !(fresh(fst, tsv) && fresh(lemmas, tsv)) {
            let text = std::fs::read_to_string(tsv).map_err(io(tsv))?;
            let lex = Self::from_table(&text)
                .map_err(|reason| LexiconError::Format { path: tsv.display().to_string(), reason })?;
            write(lemmas, lex.lemma_text.as_bytes())?;
            write(fst, &lex.forms.as_fst().to_vec())?;
            return Ok(lex);
        }
        let bytes = std::fs::read(fst).map_err(io(fst))?;
        let forms = Map::from_bytes(bytes)
            .map_err(|e| LexiconError::Format { path: fst.display().to_string(), reason: e.to_string() })?;
        let lemma_text = std::fs::read_to_string(lemmas).map_err(io(lemmas))?;
        Ok(Self::with_lemmas(forms, lemma_text))
    }

    fn with_lemmas(forms: Map<Vec<u8>>, lemma_text: String) -> Self {
        let mut lemma_starts = vec![0u32];
        lemma_starts.extend(lemma_text.match_indices('\n').map(|(i, _)| i as u32 + 1));
        lemma_starts.pop();
        Self { forms, lemma_text, lemma_starts, endings: Vec::new() }
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
        let mut lex = Self::with_lemmas(forms, lemma_text);
        lex.endings = lex.count_endings();
        Ok(lex)
    }

    /// The endings of the table's forms: for each form and each of its dictionary forms
    /// sharing a stem of at least [`MIN_SHARED_CHARS`] letters with it (up to its last
    /// consonant), what each adds to the stem (when it [`opens_ending`]); kept when [`MIN_ENDING_FORMS`] forms end so (or a
    /// share of a small table's), longest first.
    fn count_endings(&self) -> Vec<String> {
        let mut counts: std::collections::HashMap<String, u32> = std::collections::HashMap::new();
        let mut pairs = 0u32;
        let mut count = |word: &[char], shared: usize| {
            let ending = &word[shared..];
            if (1..=MAX_ENDING_CHARS).contains(&ending.len()) && opens_ending(ending[0]) {
                *counts.entry(ending.iter().collect()).or_default() += 1;
            }
        };
        let mut stream = self.forms.stream();
        while let Some((form, value)) = stream.next() {
            let Ok(form) = std::str::from_utf8(form) else { continue };
            let form: Vec<char> = form.chars().collect();
            for lemma in self.decode(value) {
                let lemma: Vec<char> = lemma.chars().collect();
                let mut shared = form.iter().zip(&lemma).take_while(|(a, b)| a == b).count();
                // The stem ends on its last consonant: «миючими» and «миючий» share «миючи»,
                // their endings are «ими» and «ий».
                while shared > 0 && opens_ending(form[shared - 1]) {
                    shared -= 1;
                }
                if shared >= MIN_SHARED_CHARS {
                    pairs += 1;
                    count(&form, shared);
                    count(&lemma, shared);
                }
            }
        }
        // A small table (the tests') keeps endings met in one pair of a thousand.
        let least = MIN_ENDING_FORMS.min(pairs / 1000).max(1);
        let mut kept: Vec<String> = counts.into_iter().filter(|(_, n)| *n >= least).map(|(e, _)| e).collect();
        kept.sort_by(|a, b| b.chars().count().cmp(&a.chars().count()).then_with(|| a.cmp(b)));
        kept
    }

    /// Whether the table knows `word`: as a form of a dictionary form, or as one itself.
    pub fn knows(&self, word: &str) -> bool {
        self.lemmas(word).next().is_some() || self.is_lemma(word)
    }

    /// Whether `word` is one of the table's dictionary forms.
    pub fn is_lemma(&self, word: &str) -> bool {
        self.lemma_starts.binary_search_by(|&start| self.lemma_at(start).cmp(word)).is_ok()
    }

    fn lemma_at(&self, start: u32) -> &str {
        let start = start as usize;
        let end = self.lemma_text[start..].find('\n').map_or(self.lemma_text.len(), |e| start + e);
        &self.lemma_text[start..end]
    }

    /// The endings the table's forms take, longest first.
    pub fn endings(&self) -> &[String] {
        &self.endings
    }

    /// A word the dictionary does not know without its longest ending, when at least
    /// [`MIN_STEM_CHARS`] letters are left; the word itself otherwise.
    pub fn stem<'w>(&self, word: &'w str) -> &'w str {
        let letters = word.chars().count();
        for e in &self.endings {
            let n = e.chars().count();
            if letters >= n + MIN_STEM_CHARS && word.ends_with(e.as_str()) {
                return &word[..word.len() - e.len()];
            }
        }
        word
    }

    fn lemma(&self, k: usize) -> &str {
        self.lemma_at(self.lemma_starts[k])
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
    fn unknown_words_lose_the_tables_commonest_ending() {
        let lex = Lexicon::from_table(
            "миючими\tмиючий\nмиючих\tмиючий\nмиючі\tмиючий\nстолами\tстіл\nшколи\tшкола\nшколою\tшкола\n",
        )
        .unwrap();
        assert!(lex.is_lemma("школа") && lex.is_lemma("миючий") && !lex.is_lemma("школи"));
        assert!(lex.endings().iter().any(|e| e == "ими"), "{:?}", lex.endings());
        assert!(!lex.endings().iter().any(|e| e.starts_with('м')), "an ending starts with a vowel");
        // Forms of a word the table lacks meet on one stem…
        assert_eq!(lex.stem("дезінфікуючими"), "дезінфікуюч");
        assert_eq!(lex.stem("дезінфікуючих"), "дезінфікуюч");
        assert_eq!(lex.stem("дезінфікуючі"), "дезінфікуюч");
        // …and a short word keeps at least four letters.
        assert_eq!(lex.stem("дрона"), "дрон");
        assert_eq!(lex.stem("кава"), "кава");
    }

    #[test]
    fn compiled_form_is_written_once_and_read_back() {
        let dir = std::env::temp_dir().join(format!("lexicon-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(Lexicon::open(&dir).unwrap().is_none(), "no table, no lexicon");
        std::fs::write(dir.join("uk_UA.tsv"), "школи\tшкола\n").unwrap();
        let first = Lexicon::open(&dir).unwrap().unwrap();
        assert!(dir.join("uk_UA.fst").exists() && dir.join("uk_UA.lemmas").exists());
        assert!(dir.join("uk_UA.endings").exists());
        let again = Lexicon::open(&dir).unwrap().unwrap();
        assert_eq!(first.lemmas("школи").collect::<Vec<_>>(), again.lemmas("школи").collect::<Vec<_>>());
        assert_eq!(first.endings(), again.endings(), "the endings are read back");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
