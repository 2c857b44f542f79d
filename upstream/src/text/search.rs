//! One collection's keyword search on tantivy: three text fields (title, buyer, body)
//! analysed by [`UkTokenizer`], BM25 relevance with the title and the buyer's name
//! weighted above the rest, phrases by position, and the typo fallback.
//!
//! Document numbers are the collection's own: a fast field holds each one, read once per
//! segment into a table, so a match comes back as the number the other indexes use.

use super::analysis::{words, Analyzer, UkTokenizer};
use super::syntax::{Syntax, Unit};
use crate::index::Bitset;
use std::collections::{BinaryHeap, HashSet};
use std::ops::Range;
use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, EnableScoring, FuzzyTermQuery, Occur, PhraseQuery, Query, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions};
use tantivy::{DocSet, Index, IndexWriter, Searcher, TantivyDocument, Term, TERMINATED};

/// The tokenizer's name in each index.
const TOKENIZER: &str = "uk";
/// Relevance weights: title, buyer's name, everything else.
pub const WEIGHTS: [f32; 3] = [3.0, 2.0, 1.0];
/// Shortest word (in letters) the typo fallback corrects.
pub const FUZZY_MIN_CHARS: usize = 5;
/// How much a match of an English keyword's own words outranks one of the Ukrainian
/// words the classifier gives it.
const TYPED_FIRST: f32 = 10.0;
/// Most alternative term sequences one phrase is expanded to (ambiguous forms).
/// Terms a prefix stands for at most (those with the most documents).
pub const MAX_PREFIX_TERMS: usize = 256;
/// Terms a prefix reads from the dictionaries at most.
const MAX_PREFIX_SCAN: usize = 20_000;
const MAX_PHRASE_VARIANTS: usize = 8;
/// Most corrections one word is expanded to.
const MAX_CORRECTIONS: usize = 24;
/// Most words the typo fallback corrects in one keyword: each costs a dictionary walk and
/// a term-dictionary automaton over three fields.
pub const MAX_CORRECTED_WORDS: usize = 4;

/// The searchable text of one document.
#[derive(Debug, Clone, Copy, Default)]
pub struct TextDoc<'a> {
    pub title: &'a str,
    pub buyer: &'a str,
    pub body: &'a str,
}

/// Builds a [`TextIndex`] from documents fed in order.
pub struct TextIndexBuilder {
    index: Index,
    writer: IndexWriter,
    fields: [Field; 3],
    number: Field,
    next: u64,
    analyzer: Analyzer,
    failed: Option<tantivy::TantivyError>,
}

/// A built keyword index.
pub struct TextIndex {
    index: Index,
    searcher: Searcher,
    fields: [Field; 3],
    number: Field,
    analyzer: Analyzer,
    /// Per segment: segment-local document → collection document number.
    numbers: Vec<std::sync::Arc<Vec<u32>>>,
    n: usize,
    /// The writer of a live index, made on its first change and kept. Its own lock: a
    /// change is written and committed while searches go on ([`TextIndex::stage`]).
    writer: std::sync::Mutex<Option<IndexWriter>>,
}

impl std::fmt::Debug for TextIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TextIndex({} documents, {} segments)", self.n, self.numbers.len())
    }
}

/// A keyword compiled against one index.
pub struct Compiled {
    /// The tantivy query; `None` when the keyword has no word to look for.
    query: Option<Box<dyn Query>>,
    /// For two or more required parts: the same with every part in the record's own
    /// text, or every part in the buyer's name ([`Compiled::narrowed`]).
    narrowed: Option<Box<dyn Query>>,
    /// Every term a wanted word or phrase stands for (for marking matched words).
    pub terms: HashSet<String>,
    /// The keyword as corrected by the typo fallback.
    pub corrected: Option<String>,
    /// The keyword with its Russian words as the Ukrainian lemmas searched for.
    pub translated: Option<String>,
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Compiled")
            .field("terms", &self.terms)
            .field("corrected", &self.corrected)
            .field("translated", &self.translated)
            .finish()
    }
}

impl Compiled {
    /// Whether the keyword has anything to look for in the text.
    pub fn has_query(&self) -> bool {
        self.query.is_some()
    }

    /// The keyword read narrowly, when it has two or more required parts: a record whose
    /// buyer's name holds one part and its own text the other («КОМУНАЛЬНЕ ПІДПРИЄМСТВО»
    /// buying any «послуги» for «комунальні послуги») is no match. The search uses it
    /// when it finds anything, the plain reading otherwise.
    pub fn narrowed(&self) -> Option<Compiled> {
        let query = self.narrowed.as_ref()?.box_clone();
        Some(Compiled {
            query: Some(query),
            narrowed: None,
            terms: self.terms.clone(),
            corrected: self.corrected.clone(),
            translated: self.translated.clone(),
        })
    }
}

/// The fields of the three: all; the record's own text (title and the rest); the buyer's name.
const ALL: [usize; 3] = [0, 1, 2];
const OWN: [usize; 2] = [0, 2];
const BUYER: [usize; 1] = [1];

/// The readings of a keyword beyond its words as typed.
#[derive(Debug, Clone, Copy, Default)]
pub struct Reading {
    /// The typo fallback: words the index does not hold match those one edit away.
    pub fuzzy: bool,
    /// Russian words read as the Ukrainian lemmas they stand for.
    pub russian: bool,
    /// A keyword of English words also read as the Ukrainian words the classifier's
    /// names give it ([`super::english::Bridge`]).
    pub english: bool,
}

/// `keyword` with each of its words found in `with` (typed word → replacement) replaced.
fn replaced(keyword: &str, with: &[(String, String)]) -> String {
    let mut out = String::new();
    let mut at = 0;
    for (range, w) in words(keyword) {
        if let Some((_, to)) = with.iter().find(|(from, _)| *from == w) {
            out.push_str(&keyword[at..range.start]);
            out.push_str(to);
            at = range.end;
        }
    }
    out.push_str(&keyword[at..]);
    out
}

/// One typed unit's terms: any of them at one position, or words one after another.
enum Piece {
    Any(Vec<String>),
    Words(Vec<Vec<String>>),
}

/// What a run found.
#[derive(Debug)]
pub struct TextHits {
    /// Every document the text query matches.
    pub matched: Bitset,
    /// When scored: the best `k` of the matched documents within the filter, best first
    /// (ties by document number).
    pub top: Vec<(u32, f32)>,
}

#[derive(PartialEq)]
struct Scored(f32, u32);
impl Eq for Scored {}
impl PartialOrd for Scored {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Scored {
    /// Better = higher score, then lower number; the heap keeps the worst on top.
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        o.0.total_cmp(&self.0).then(self.1.cmp(&o.1))
    }
}

/// The keyword index's schema: the three weighted text fields and the document number.
fn schema() -> (Schema, [Field; 3], Field) {
    let mut schema = Schema::builder();
    let text = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(TOKENIZER)
            .set_index_option(IndexRecordOption::WithFreqsAndPositions),
    );
    let fields = [
        schema.add_text_field("title", text.clone()),
        schema.add_text_field("buyer", text.clone()),
        schema.add_text_field("body", text),
    ];
    // Indexed as well as fast: a live index deletes a replaced document by its number.
    let number = schema.add_u64_field("number", NumericOptions::default().set_fast().set_indexed());
    (schema.build(), fields, number)
}

/// A tantivy document of one text.
fn tantivy_doc(fields: &[Field; 3], number: Field, d: &TextDoc<'_>, at: u64) -> TantivyDocument {
    let mut doc = TantivyDocument::default();
    for (field, text) in fields.iter().zip([d.title, d.buyer, d.body]) {
        if !text.is_empty() {
            doc.add_text(*field, text);
        }
    }
    doc.add_u64(number, at);
    doc
}

/// What a kept index's commit says: every document numbered below it was indexed.
/// The analysis this index's terms were made by: a kept index of another is made again
/// (2: spellings of one word folded into one term, `analysis::fold`; 3: words the
/// dictionary does not know stemmed, `Lexicon::stem`).
const ANALYSIS_VERSION: u32 = 3;

fn indexed_payload(upto: u64) -> String {
    format!("indexed-a{ANALYSIS_VERSION}:{upto}")
}

impl TextIndexBuilder {
    /// A builder for about `n` documents, in memory.
    pub fn new(analyzer: Analyzer, n: usize) -> tantivy::Result<Self> {
        let (schema, fields, number) = schema();
        let index = Index::create_in_ram(schema);
        index.tokenizers().register(TOKENIZER, UkTokenizer::new(analyzer.clone()));
        // One thread keeps small collections in one segment; large ones use both cores.
        let threads = if n > 200_000 { 2 } else { 1 };
        let budget = (n.saturating_mul(4_000)).clamp(50_000_000, 3_000_000_000) * threads;
        let writer = index.writer_with_num_threads(threads, budget)?;
        writer.set_merge_policy(Box::new(tantivy::indexer::NoMergePolicy));
        Ok(Self { index, writer, fields, number, next: 0, analyzer, failed: None })
    }

    /// A builder of an index kept in the folder `dir` (whatever it held goes), for a
    /// mirror: its memory is bounded (the arena flushes segments to the folder, which
    /// merge as they accumulate).
    pub fn in_dir(analyzer: Analyzer, n: usize, dir: &std::path::Path) -> tantivy::Result<Self> {
        if dir.exists() {
            std::fs::remove_dir_all(dir)?;
        }
        std::fs::create_dir_all(dir)?;
        let (schema, fields, number) = schema();
        let index = Index::create_in_dir(dir, schema)?;
        index.tokenizers().register(TOKENIZER, UkTokenizer::new(analyzer.clone()));
        let threads = if n > 200_000 { 2 } else { 1 };
        let writer = index.writer_with_num_threads(threads, 150_000_000 * threads)?;
        writer.set_merge_policy(Box::<tantivy::indexer::LogMergePolicy>::default());
        Ok(Self { index, writer, fields, number, next: 0, analyzer, failed: None })
    }

    /// Adds the next document.
    pub fn add(&mut self, d: TextDoc) {
        let at = self.next;
        self.add_as(at as u32, d);
    }

    /// Adds a document as number `at` (not below the numbers given before): the numbers
    /// skipped are documents without text.
    pub fn add_as(&mut self, at: u32, d: TextDoc) {
        let doc = tantivy_doc(&self.fields, self.number, &d, u64::from(at));
        self.next = u64::from(at) + 1;
        if let Err(e) = self.writer.add_document(doc) {
            self.failed.get_or_insert(e);
        }
    }

    /// Commits and opens the index, which covers the numbers below `n` (at least those
    /// added).
    pub fn finish(self) -> tantivy::Result<TextIndex> {
        let n = self.next;
        self.finish_upto(n)
    }

    /// Like [`Self::finish`], for an index that covers the numbers below `upto`.
    pub fn finish_upto(mut self, upto: u64) -> tantivy::Result<TextIndex> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        let upto = upto.max(self.next);
        let mut commit = self.writer.prepare_commit()?;
        commit.set_payload(&indexed_payload(upto));
        commit.commit()?;
        self.writer.wait_merging_threads()?;
        TextIndex::opened(self.index, self.fields, self.number, self.analyzer, upto as usize)
    }
}

impl TextIndex {
    fn opened(index: Index, fields: [Field; 3], number: Field, analyzer: Analyzer, n: usize) -> tantivy::Result<Self> {
        let reader = index.reader_builder().reload_policy(tantivy::ReloadPolicy::Manual).try_into()?;
        let mut t = TextIndex {
            searcher: reader.searcher(),
            index,
            fields,
            number,
            analyzer,
            numbers: Vec::new(),
            n,
            writer: Default::default(),
        };
        t.numbers = t.number_tables(&[])?;
        Ok(t)
    }

    /// Opens an index kept in `dir`, with the number its last commit says it has indexed
    /// up to. An index without that number, or of another schema, is an error: build it
    /// again.
    pub fn open(dir: &std::path::Path, analyzer: Analyzer) -> tantivy::Result<(Self, u32)> {
        let index = Index::open_in_dir(dir)?;
        let (expected, fields, number) = schema();
        let schema = index.schema();
        let same = expected.fields().map(|(_, e)| e.name().to_string()).collect::<Vec<_>>()
            == schema.fields().map(|(_, e)| e.name().to_string()).collect::<Vec<_>>();
        if !same {
            return Err(tantivy::TantivyError::SchemaError(format!("{}: another schema", dir.display())));
        }
        let upto = index
            .load_metas()?
            .payload
            .as_deref()
            .and_then(|p| p.strip_prefix(&format!("indexed-a{ANALYSIS_VERSION}:")))
            .and_then(|n| n.parse::<u32>().ok())
            .ok_or_else(|| {
                tantivy::TantivyError::SchemaError(format!(
                    "{}: its commit does not say what it indexed",
                    dir.display()
                ))
            })?;
        index.tokenizers().register(TOKENIZER, UkTokenizer::new(analyzer.clone()));
        Ok((Self::opened(index, fields, number, analyzer, upto as usize)?, upto))
    }

    /// Per segment of the current searcher, its documents' collection numbers; tables of
    /// segments already read (`known`, by the previous searcher) are reused.
    fn number_tables(
        &self,
        known: &[(tantivy::index::SegmentId, std::sync::Arc<Vec<u32>>)],
    ) -> tantivy::Result<Vec<std::sync::Arc<Vec<u32>>>> {
        let mut out = Vec::with_capacity(self.searcher.segment_readers().len());
        for seg in self.searcher.segment_readers() {
            if let Some((_, t)) = known.iter().find(|(id, _)| *id == seg.segment_id()) {
                out.push(t.clone());
                continue;
            }
            let col = seg.fast_fields().u64("number")?;
            out.push(std::sync::Arc::new(
                (0..seg.max_doc()).map(|d| col.first(d).unwrap_or_default() as u32).collect(),
            ));
        }
        Ok(out)
    }

    /// Changes a live index: deletes documents `dead` and adds `docs` as numbers
    /// `first..`, commits, and searches the result from then on.
    pub fn apply(&mut self, dead: &[u32], first: u32, docs: &[TextDoc<'_>]) -> tantivy::Result<()> {
        let numbered: Vec<(u32, TextDoc<'_>)> = docs.iter().enumerate().map(|(i, d)| (first + i as u32, *d)).collect();
        self.apply_numbered(dead, &numbered, first + docs.len() as u32)
    }

    /// Changes a live index: deletes documents `dead`, adds each of `docs` under its
    /// number, and commits, saying that every number below `upto` is indexed; searches
    /// the result from then on.
    pub fn apply_numbered(&mut self, dead: &[u32], docs: &[(u32, TextDoc<'_>)], upto: u32) -> tantivy::Result<()> {
        self.stage(dead, docs, upto)?;
        self.reload(upto)
    }

    /// Writes and commits a change (as [`Self::apply_numbered`]) without searching it
    /// yet: searches go on over the index as it was until [`Self::reload`], which the
    /// caller makes together with the rest of the change.
    pub fn stage(&self, dead: &[u32], docs: &[(u32, TextDoc<'_>)], upto: u32) -> tantivy::Result<()> {
        let mut slot = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            // One thread and a small arena: a change is a page of records. Segments merge
            // by tantivy's default policy as they accumulate.
            let w: IndexWriter = self.index.writer_with_num_threads(1, 30_000_000)?;
            w.set_merge_policy(Box::<tantivy::indexer::LogMergePolicy>::default());
            *slot = Some(w);
        }
        let Some(writer) = slot.as_mut() else { return Ok(()) };
        for d in dead {
            writer.delete_term(Term::from_field_u64(self.number, u64::from(*d)));
        }
        for (at, d) in docs {
            writer.add_document(tantivy_doc(&self.fields, self.number, d, u64::from(*at)))?;
        }
        let upto = (upto as usize).max(self.n);
        let mut commit = writer.prepare_commit()?;
        commit.set_payload(&indexed_payload(upto as u64));
        commit.commit()?;
        Ok(())
    }

    /// Searches the index as last committed, which covers the numbers below `upto`.
    pub fn reload(&mut self, upto: u32) -> tantivy::Result<()> {
        let known: Vec<_> =
            self.searcher.segment_readers().iter().map(|s| s.segment_id()).zip(self.numbers.iter().cloned()).collect();
        let reader = self.index.reader_builder().reload_policy(tantivy::ReloadPolicy::Manual).try_into()?;
        self.searcher = reader.searcher();
        self.numbers = self.number_tables(&known)?;
        self.n = self.n.max(upto as usize);
        Ok(())
    }
}

/// The normalised words of a typed piece, each with its terms.
fn analysed(analyzer: &Analyzer, text: &str) -> Vec<(String, Vec<String>)> {
    words(text)
        .into_iter()
        .map(|(_, w)| {
            let mut t = Vec::new();
            analyzer.terms(&w, &mut t);
            (w, t)
        })
        .collect()
}

fn letters(word: &str) -> usize {
    word.chars().filter(|c| c.is_alphabetic()).count()
}

impl TextIndex {
    /// The analysis chain of this index.
    pub fn analyzer(&self) -> &Analyzer {
        &self.analyzer
    }

    fn term(&self, field: usize, text: &str) -> Term {
        Term::from_field_text(self.fields[field], text)
    }

    fn doc_freq(&self, text: &str) -> u64 {
        (0..3).map(|f| self.searcher.doc_freq(&self.term(f, text)).unwrap_or(0)).sum()
    }

    /// A query for any of `terms` in any of `fields`, each field with its weight (or none).
    fn any_term(&self, terms: &[String], weighted: bool, fields: &[usize]) -> Box<dyn Query> {
        let mut should: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (f, weight) in WEIGHTS.iter().enumerate().filter(|(f, _)| fields.contains(f)) {
            for t in terms {
                let q: Box<dyn Query> = Box::new(TermQuery::new(self.term(f, t), IndexRecordOption::WithFreqs));
                should.push((Occur::Should, if weighted { Box::new(BoostQuery::new(q, *weight)) } else { q }));
            }
        }
        Box::new(BooleanQuery::new(should))
    }

    /// A query for the words one after another in one of `fields` (each word any of its terms).
    fn phrase(&self, words: &[Vec<String>], weighted: bool, fields: &[usize]) -> Box<dyn Query> {
        let mut variants: Vec<Vec<&str>> = vec![Vec::new()];
        for alts in words {
            let mut next = Vec::new();
            for v in &variants {
                for a in alts {
                    if next.len() < MAX_PHRASE_VARIANTS {
                        let mut x = v.clone();
                        x.push(a.as_str());
                        next.push(x);
                    }
                }
            }
            variants = next;
        }
        let mut should: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (f, weight) in WEIGHTS.iter().enumerate().filter(|(f, _)| fields.contains(f)) {
            for v in &variants {
                let q: Box<dyn Query> = Box::new(PhraseQuery::new(v.iter().map(|t| self.term(f, t)).collect()));
                should.push((Occur::Should, if weighted { Box::new(BoostQuery::new(q, *weight)) } else { q }));
            }
        }
        Box::new(BooleanQuery::new(should))
    }

    /// The terms a prefix (`будівел` of `будівел*`) stands for: the index's terms that
    /// start with it (normalised and folded as terms are), and the prefix's own terms as a
    /// word; the [`MAX_PREFIX_TERMS`] with the most documents.
    fn prefixed(&self, typed: &str) -> Vec<String> {
        let Some((_, word)) = words(typed).into_iter().next() else { return Vec::new() };
        let start = super::analysis::fold(&word).into_owned();
        let mut seen: HashSet<String> = HashSet::new();
        let mut own = Vec::new();
        self.analyzer.terms(&word, &mut own);
        seen.extend(own);
        let mut upper = start.as_bytes().to_vec();
        upper.push(0xff);
        'fields: for seg in self.searcher.segment_readers() {
            for f in 0..3 {
                let Ok(inv) = seg.inverted_index(self.fields[f]) else { continue };
                let Ok(mut s) = inv.terms().range().ge(start.as_bytes()).lt(&upper).into_stream() else { continue };
                while s.advance() {
                    if seen.len() >= MAX_PREFIX_SCAN {
                        break 'fields;
                    }
                    if let Ok(k) = std::str::from_utf8(s.key()) {
                        seen.insert(k.to_string());
                    }
                }
            }
        }
        let mut found: Vec<(u64, String)> =
            seen.into_iter().map(|t| (self.doc_freq(&t), t)).filter(|(df, _)| *df > 0).collect();
        found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        found.truncate(MAX_PREFIX_TERMS);
        found.into_iter().map(|(_, t)| t).collect()
    }

    /// Corrections of one word at one edit: the dictionary forms near it whose lemmas
    /// the index holds, and the index's own terms near it. Returns (terms, the form or
    /// term with the most documents).
    fn corrections(&self, word: &str, own: &[String]) -> (Vec<String>, Option<String>) {
        let mut found: Vec<(u64, String, Vec<String>)> = Vec::new();
        if let Some(lex) = self.analyzer.lexicon() {
            for (form, lemmas) in lex.near(word, 64) {
                let df: u64 = lemmas.iter().map(|l| self.doc_freq(l)).sum();
                if df > 0 {
                    found.push((df, form, lemmas));
                }
            }
        }
        let mut near_terms: Vec<String> = Vec::new();
        for t in own.iter().chain(std::iter::once(&word.to_string())) {
            let Ok(dfa) = FuzzyTermQuery::new(self.term(0, t), 1, true).automaton() else { continue };
            for seg in self.searcher.segment_readers() {
                for f in 0..3 {
                    let Ok(inv) = seg.inverted_index(self.fields[f]) else { continue };
                    let Ok(mut s) = inv.terms().search(&dfa).into_stream() else { continue };
                    while s.advance() {
                        if let Ok(k) = std::str::from_utf8(s.key()) {
                            if !near_terms.iter().any(|x| x == k) && near_terms.len() < MAX_CORRECTIONS {
                                near_terms.push(k.to_string());
                            }
                        }
                    }
                }
            }
        }
        for t in near_terms {
            let df = self.doc_freq(&t);
            if df > 0 {
                found.push((df, self.spelled(&t), vec![t]));
            }
        }
        // Most documents first; of equals, the length nearest the typed word's, the longer
        // of two as near (a letter left out is the commonest slip).
        let typed = word.chars().count() as i64;
        let len = |s: &str| s.chars().count() as i64;
        found.sort_by(|a, b| {
            b.0.cmp(&a.0)
                .then_with(|| (len(&a.1) - typed).abs().cmp(&(len(&b.1) - typed).abs()))
                .then_with(|| len(&b.1).cmp(&len(&a.1)))
                .then_with(|| a.1.cmp(&b.1))
        });
        found.truncate(MAX_CORRECTIONS);
        // The notice names a real word: an index term that is a stem («миюч») or spelled
        // folded names the search only when no real word is near.
        let real = |w: &str| self.analyzer.knows(w);
        let best = found.iter().find(|f| real(&f.1)).or(found.first()).map(|f| f.1.clone());
        let mut terms: Vec<String> = found.into_iter().flat_map(|f| f.2).collect();
        terms.sort();
        terms.dedup();
        (terms, best)
    }

    /// An index term as a word is written: folded terms lose the apostrophe, ґ and є
    /// (`analysis::fold`), so the first spelling of it the dictionary knows, else itself.
    fn spelled(&self, term: &str) -> String {
        let Some(lex) = self.analyzer.lexicon() else { return term.to_string() };
        if lex.knows(term) {
            return term.to_string();
        }
        super::analysis::variants(term).into_iter().find(|v| lex.knows(v)).unwrap_or_else(|| term.to_string())
    }

    /// Compiles a parsed keyword; with `fuzzy`, each word of 5 or more letters that the
    /// index does not hold also matches the terms one edit away. A keyword of two or more
    /// required parts also gets its narrowed reading ([`Compiled::narrowed`]).
    pub fn compile(&self, syntax: &Syntax, keyword: &str, fuzzy: bool) -> Compiled {
        self.compile_with(syntax, keyword, Reading { fuzzy, ..Reading::default() })
    }

    /// [`TextIndex::compile`] with every reading named: with `russian`, a Russian word
    /// the Ukrainian dictionary does not know stands for the Ukrainian lemmas it means
    /// ([`Analyzer::russian`]), and the compiled keyword says so (`translated`).
    pub fn compile_with(&self, syntax: &Syntax, keyword: &str, reading: Reading) -> Compiled {
        let Reading { fuzzy, russian, .. } = reading;
        let mut terms = HashSet::new();
        let mut fixes: Vec<(String, String)> = Vec::new();
        let mut russian_words: Vec<(String, String)> = Vec::new();
        let mut corrected_words = 0;
        // Each unit's terms, worked out once (with its corrections) for every reading.
        let mut piece_of = |unit: &Unit, wanted: bool, terms: &mut HashSet<String>| -> Option<Piece> {
            if let Unit::Prefix(start) = unit {
                let found = self.prefixed(start);
                if wanted {
                    terms.extend(found.iter().cloned());
                }
                return Some(Piece::Any(found));
            }
            let mut ws: Vec<Vec<String>> = Vec::new();
            for (word, mut t) in analysed(&self.analyzer, unit.text()) {
                // A Russian word: one the Ukrainian dictionary does not know, or one whose
                // Ukrainian reading the index does not hold («мука», «краска»).
                let ukrainian = if russian && (!self.analyzer.knows(&word) || !t.iter().any(|x| self.doc_freq(x) > 0)) {
                    self.analyzer.russian(&word)
                } else {
                    Vec::new()
                };
                if let Some(first) = ukrainian.first() {
                    russian_words.push((word.clone(), first.clone()));
                    t.clear();
                    for lemma in &ukrainian {
                        self.analyzer.terms(lemma, &mut t);
                    }
                    t.sort();
                    t.dedup();
                    if wanted {
                        terms.extend(t.iter().cloned());
                    }
                    ws.push(t);
                    continue;
                }
                // Only the typo fallback asks whether the index holds the word at all. A
                // word the dictionary knows is a real word absent from the data, never a
                // typo of another («батути» is no «батура»); a Latin word has no
                // dictionary here, and its nearest terms are unrelated words as often as not.
                let correct = fuzzy
                    && wanted
                    && letters(&word) >= FUZZY_MIN_CHARS
                    && !word.is_ascii()
                    && !self.analyzer.knows(&word);
                if correct && corrected_words < MAX_CORRECTED_WORDS && !t.iter().any(|x| self.doc_freq(x) > 0) {
                    corrected_words += 1;
                    let (more, best) = self.corrections(&word, &t);
                    if let Some(b) = best {
                        fixes.push((word.clone(), b));
                    }
                    t.extend(more);
                }
                if wanted {
                    terms.extend(t.iter().cloned());
                }
                ws.push(t);
            }
            match ws.len() {
                0 => None,
                1 => Some(Piece::Any(ws.remove(0))),
                _ => Some(Piece::Words(ws)),
            }
        };
        let required: Vec<Vec<Piece>> = syntax
            .required
            .iter()
            .map(|group| group.iter().filter_map(|u| piece_of(u, true, &mut terms)).collect::<Vec<_>>())
            .filter(|g| !g.is_empty())
            .collect();
        let excluded: Vec<Piece> = syntax.excluded.iter().filter_map(|u| piece_of(u, false, &mut terms)).collect();
        // Words typed one after another rank higher where they stand one after another.
        let lone: Vec<Vec<String>> = syntax
            .required
            .iter()
            .filter_map(|g| match g.as_slice() {
                [Unit::Word(w)] => Some(analysed(&self.analyzer, w)),
                _ => None,
            })
            .filter(|ws| ws.len() == 1)
            .map(|mut ws| ws.remove(0).1)
            .collect();
        let together = (lone.len() >= 2 && lone.len() == syntax.required.len()).then(|| self.phrase(&lone, true, &ALL));
        let groups = |fields: &[usize], weighted: bool| -> Vec<(Occur, Box<dyn Query>)> {
            required
                .iter()
                .map(|g| {
                    let alts = g.iter().map(|p| (Occur::Should, self.piece_query(p, weighted, fields))).collect();
                    (Occur::Must, Box::new(BooleanQuery::new(alts)) as Box<dyn Query>)
                })
                .collect()
        };
        let not = || -> Vec<(Occur, Box<dyn Query>)> {
            excluded.iter().map(|p| (Occur::MustNot, self.piece_query(p, false, &ALL))).collect()
        };
        let query: Option<Box<dyn Query>> = match (required.is_empty(), excluded.is_empty()) {
            (true, true) => None,
            (true, false) => {
                let mut q = not();
                q.push((Occur::Must, Box::new(AllQuery)));
                Some(Box::new(BooleanQuery::new(q)))
            }
            _ => {
                let mut q = groups(&ALL, true);
                q.extend(together.as_ref().map(|t| (Occur::Should, t.box_clone())));
                q.extend(not());
                Some(Box::new(BooleanQuery::new(q)))
            }
        };
        // The narrowed reading: every part in the record's own text (title or the rest),
        // or every part in the buyer's name, never the one half in each.
        let narrowed: Option<Box<dyn Query>> = (required.len() >= 2).then(|| {
            let own: Box<dyn Query> = Box::new(BooleanQuery::new(groups(&OWN, true)));
            let buyer: Box<dyn Query> = Box::new(BooleanQuery::new(groups(&BUYER, true)));
            let mut q: Vec<(Occur, Box<dyn Query>)> =
                vec![(Occur::Must, Box::new(BooleanQuery::new(vec![(Occur::Should, own), (Occur::Should, buyer)])))];
            q.extend(together.as_ref().map(|t| (Occur::Should, t.box_clone())));
            q.extend(not());
            Box::new(BooleanQuery::new(q)) as Box<dyn Query>
        });
        // An English keyword also stands for the Ukrainian words the classifier's names
        // give it (`english::Bridge`): «beef» is «яловичина», «flour» «борошно».
        let bridged = if reading.english { self.bridged(syntax) } else { None };
        let (query, narrowed) = match bridged {
            Some(uk) => {
                let mut alt: Vec<(Occur, Box<dyn Query>)> =
                    uk.iter().map(|t| (Occur::Must, self.any_term(std::slice::from_ref(t), true, &ALL))).collect();
                alt.extend(not());
                let alt: Box<dyn Query> = Box::new(BooleanQuery::new(alt));
                terms.extend(uk);
                // The words as typed rank first: the Ukrainian reading adds what they miss.
                let either = |q: Box<dyn Query>| -> Box<dyn Query> {
                    let typed: Box<dyn Query> = Box::new(BoostQuery::new(q, TYPED_FIRST));
                    Box::new(BooleanQuery::new(vec![(Occur::Should, typed), (Occur::Should, alt.box_clone())]))
                };
                (query.map(either), narrowed.map(either))
            }
            None => (query, narrowed),
        };
        let corrected = (!fixes.is_empty()).then(|| replaced(keyword, &fixes));
        let translated = (!russian_words.is_empty()).then(|| replaced(keyword, &russian_words));
        Compiled { query, narrowed, terms, corrected, translated }
    }

    /// The Ukrainian terms of a keyword of English words alone (each required part one
    /// word), through the classifier's names; `None` when it is no such keyword or the
    /// names say nothing clear.
    fn bridged(&self, syntax: &Syntax) -> Option<Vec<String>> {
        let bridge = self.analyzer.bridge()?;
        let mut stems = std::collections::BTreeSet::new();
        for group in &syntax.required {
            let [Unit::Word(w)] = group.as_slice() else { return None };
            for (word, t) in analysed(&self.analyzer, w) {
                if !word.bytes().all(|b| b.is_ascii_alphabetic()) {
                    return None;
                }
                stems.extend(t);
            }
        }
        let uk = bridge.ukrainian(&stems);
        (!uk.is_empty()).then_some(uk)
    }

    /// The query of one unit's terms in `fields`.
    fn piece_query(&self, piece: &Piece, weighted: bool, fields: &[usize]) -> Box<dyn Query> {
        match piece {
            Piece::Any(terms) => self.any_term(terms, weighted, fields),
            Piece::Words(ws) => self.phrase(ws, weighted, fields),
        }
    }

    /// Runs a compiled keyword: every match, and with `scored` the best `k` of those in
    /// `within`.
    pub fn run(&self, c: &Compiled, scored: bool, within: &Bitset, k: usize) -> TextHits {
        let mut matched = Bitset::empty(self.n);
        let mut heap: BinaryHeap<Scored> = BinaryHeap::new();
        let Some(query) = &c.query else { return TextHits { matched, top: Vec::new() } };
        let scoring = if scored {
            EnableScoring::enabled_from_searcher(&self.searcher)
        } else {
            EnableScoring::disabled_from_searcher(&self.searcher)
        };
        let weight = match query.weight(scoring) {
            Ok(w) => w,
            Err(e) => {
                tracing::error!(error = %e, "keyword query could not be prepared");
                return TextHits { matched, top: Vec::new() };
            }
        };
        for (seg, numbers) in self.searcher.segment_readers().iter().zip(&self.numbers) {
            let mut scorer = match weight.scorer(seg, 1.0) {
                Ok(s) => s,
                Err(e) => {
                    tracing::error!(error = %e, "keyword query failed on a segment");
                    continue;
                }
            };
            let mut doc = scorer.doc();
            while doc != TERMINATED {
                let d = numbers[doc as usize];
                matched.set(d);
                if scored && k > 0 && within.get(d) {
                    let s = Scored(scorer.score(), d);
                    if heap.len() < k {
                        heap.push(s);
                    } else if heap.peek().is_some_and(|worst| s < *worst) {
                        heap.pop();
                        heap.push(s);
                    }
                }
                doc = scorer.advance();
            }
        }
        let mut top: Vec<Scored> = heap.into_vec();
        top.sort();
        TextHits { matched, top: top.into_iter().map(|Scored(s, d)| (d, s)).collect() }
    }

    /// The byte ranges of the words of `text` that stand for a wanted term.
    pub fn marks(&self, c: &Compiled, text: &str) -> Vec<Range<usize>> {
        if c.terms.is_empty() {
            return Vec::new();
        }
        self.analyzer
            .analyze(text)
            .into_iter()
            .filter(|(_, t)| t.iter().any(|x| c.terms.contains(x)))
            .map(|(r, _)| r)
            .collect()
    }
}

/// Longest snippet, in characters.
pub const SNIPPET_CHARS: usize = 200;

/// What a result shows of its match: the record's own words that matched (lowercase, in
/// the order met, once each) and a short piece of the non-title text that matched best.
#[derive(Debug, Default, PartialEq)]
pub struct Shown {
    pub words: Vec<String>,
    pub snippet: Option<String>,
}

impl Shown {
    /// The `searchMatch` of a result (API.md); `None` when no word of it matched.
    pub fn json(self) -> Option<serde_json::Value> {
        (!self.words.is_empty()).then(|| match self.snippet {
            Some(snippet) => serde_json::json!({"words": self.words, "snippet": snippet}),
            None => serde_json::json!({"words": self.words}),
        })
    }
}

impl TextIndex {
    /// The words of a record's texts that the keyword matched, and its snippet: the
    /// newline-separated piece of `body` with the most matched words (the first of
    /// equals), cut to [`SNIPPET_CHARS`] around its first match on word boundaries.
    pub fn shown(&self, c: &Compiled, title: &str, buyer: &str, body: &str) -> Shown {
        let mut out = Shown::default();
        let mut note = |text: &str, r: &Range<usize>| {
            let w = text[r.clone()].to_lowercase();
            if !out.words.contains(&w) {
                out.words.push(w);
            }
        };
        for text in [title, buyer] {
            for r in self.marks(c, text) {
                note(text, &r);
            }
        }
        let mut best: Option<(usize, &str, usize)> = None;
        for piece in body.split('\n') {
            let marks = self.marks(c, piece);
            for r in &marks {
                note(piece, r);
            }
            if !marks.is_empty() && best.is_none_or(|b| marks.len() > b.0) && piece.trim() != title.trim() {
                best = Some((marks.len(), piece, marks[0].start));
            }
        }
        out.snippet = best.map(|(_, piece, at)| cut(piece, at, SNIPPET_CHARS));
        out
    }
}

/// At most `max` characters of `text` around byte `at`, on word boundaries, with `…`
/// where it was cut.
pub fn cut(text: &str, at: usize, max: usize) -> String {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let at_char = chars.iter().position(|&(i, _)| i >= at).unwrap_or(0);
    let mut start = at_char.saturating_sub(max / 3);
    let mut end = (start + max).min(chars.len());
    if end - start < max {
        start = end.saturating_sub(max);
    }
    // Move the cuts to spaces, never past the match.
    if start > 0 && !chars[start - 1].1.is_whitespace() {
        if let Some(sp) = (start..at_char).find(|&i| chars[i].1.is_whitespace()) {
            start = sp + 1;
        }
    }
    if end < chars.len() && !chars[end].1.is_whitespace() {
        if let Some(sp) = (at_char..end).rev().find(|&i| chars[i].1.is_whitespace()) {
            end = sp;
        }
    }
    let byte = |i: usize| chars.get(i).map_or(text.len(), |c| c.0);
    let mut s = String::new();
    if start > 0 {
        s.push('…');
    }
    s.push_str(text[byte(start)..byte(end)].trim());
    if end < chars.len() {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::super::lexicon::Lexicon;
    use super::super::syntax::parse;
    use super::*;
    use std::sync::Arc;

    fn index(docs: &[(&str, &str, &str)]) -> TextIndex {
        let lex = Lexicon::from_table(
            "капітального\tкапітальний\nлікарні\tлікарня\nремонти\tремонт\nремонту\tремонт\nшколи\tшкола\n",
        )
        .unwrap();
        let mut b = TextIndexBuilder::new(Analyzer::new(Some(Arc::new(lex))), docs.len()).unwrap();
        for (title, buyer, body) in docs {
            b.add(TextDoc { title, buyer, body });
        }
        b.finish().unwrap()
    }

    fn find(ix: &TextIndex, keyword: &str) -> Vec<u32> {
        let c = ix.compile(&parse(keyword), keyword, false);
        ix.run(&c, false, &Bitset::empty(ix.n), 0).matched.iter().collect()
    }

    #[test]
    fn forms_phrases_exclusions_and_or() {
        let ix = index(&[
            ("Капітальний ремонт лікарні", "Міська лікарня", ""),
            ("Поточний ремонт школи", "Відділ освіти", "ремонти класів"),
            ("Бензин А-95", "Лікарня №2", "пальне для автомобілів"),
        ]);
        assert_eq!(find(&ix, "капітального ремонту"), [0]);
        assert_eq!(find(&ix, "ремонт"), [0, 1]);
        assert_eq!(find(&ix, "лікарня"), [0, 2], "title and buyer");
        assert_eq!(find(&ix, r#""ремонт лікарні""#), [0]);
        assert_eq!(find(&ix, r#""лікарні ремонт""#), Vec::<u32>::new(), "a phrase keeps its order");
        assert_eq!(find(&ix, "ремонт -школи"), [0]);
        assert_eq!(find(&ix, "бензин OR школа"), [1, 2]);
        assert_eq!(find(&ix, "-ремонт"), [2]);
        assert_eq!(find(&ix, "!!!"), Vec::<u32>::new());
    }

    #[test]
    fn relevance_weighs_the_title_and_typos_correct() {
        let ix = index(&[("Пальне", "", "ремонт техніки один раз"), ("Ремонт доріг", "", ""), ("Папір", "Ремонт", "")]);
        let c = ix.compile(&parse("ремонт"), "ремонт", false);
        let hits = ix.run(&c, true, &Bitset::full(3), 10);
        let order: Vec<u32> = hits.top.iter().map(|x| x.0).collect();
        assert_eq!(order, [1, 2, 0], "title, then buyer, then body");
        assert!(find(&ix, "ремнот").is_empty());
        let c = ix.compile(&parse("ремнот доріг"), "ремнот доріг", true);
        assert_eq!(ix.run(&c, false, &Bitset::empty(3), 0).matched.iter().collect::<Vec<_>>(), [1]);
        assert_eq!(c.corrected.as_deref(), Some("ремонт доріг"));
        let text = "Ремонт доріг і ремонти мостів";
        let marked: Vec<&str> = ix.marks(&c, text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(marked, ["Ремонт", "доріг", "ремонти"]);
        let shown = ix.shown(&c, "Ремонт доріг", "", "Інше\nщорічні ремонти доріг області\nремонт");
        assert_eq!(shown.words, ["ремонт", "доріг", "ремонти"]);
        assert_eq!(shown.snippet.as_deref(), Some("щорічні ремонти доріг області"));
    }

    #[test]
    fn operators_and_prefixes() {
        let ix = index(&[
            ("Будівельні матеріали", "", "цегла"),
            ("Будівництво школи", "", ""),
            ("Поточний ремонт школи", "", ""),
            ("Проєкт ремонту ґанку", "", ""),
        ]);
        assert_eq!(find(&ix, "будівел*"), [0]);
        assert_eq!(find(&ix, "будів*"), [0, 1]);
        assert_eq!(find(&ix, "будів* NOT школи"), [0], "NOT as -word");
        assert_eq!(find(&ix, "будів* НЕ школа"), [0]);
        assert_eq!(find(&ix, "ремонт AND школа"), [2]);
        assert_eq!(find(&ix, "ремонт І школа"), [2]);
        assert_eq!(find(&ix, "-будів*"), [2, 3]);
        assert_eq!(find(&ix, "проект"), [3], "є and е after a vowel");
        assert_eq!(find(&ix, "ганку"), [3], "ґ and г");
        let c = ix.compile(&parse("будів*"), "будів*", false);
        let text = "Будівельні роботи";
        let marked: Vec<&str> = ix.marks(&c, text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(marked, ["Будівельні"], "a prefix's words are marked");
    }

    #[test]
    fn two_parts_are_not_one_in_the_buyers_name_and_one_in_the_text() {
        let ix = index(&[
            ("Послуги з прибирання", "Комунальні мережі", ""),
            ("Комунальні послуги", "Відділ освіти", ""),
            ("Вивіз сміття", "Комунальні послуги міста", ""),
        ]);
        let keyword = "комунальні послуги";
        let c = ix.compile(&parse(keyword), keyword, false);
        let all: Vec<u32> = ix.run(&c, false, &Bitset::empty(3), 0).matched.iter().collect();
        assert_eq!(all, [0, 1, 2], "the plain reading: any field for each part");
        let narrowed = c.narrowed().expect("two parts");
        let only: Vec<u32> = ix.run(&narrowed, false, &Bitset::empty(3), 0).matched.iter().collect();
        assert_eq!(only, [1, 2], "both in the record's own text, or both in the buyer's name");
        assert!(ix.compile(&parse("послуги"), "послуги", false).narrowed().is_none(), "one part: nothing to narrow");
    }

    #[test]
    fn russian_words_are_read_as_the_ukrainian_they_mean() {
        let uk = Lexicon::from_table("даху\tдах\nзасоби\tзасіб\nмиючі\tмиючий\n").unwrap();
        let ru = Lexicon::from_table("крыши\tдах\nмоющие\tмиючий\nсредства\tзасіб\n").unwrap();
        let analyzer = Analyzer::new(Some(Arc::new(uk))).with_russian(Some(Arc::new(ru)));
        let mut b = TextIndexBuilder::new(analyzer, 2).unwrap();
        b.add(TextDoc { title: "Ремонт даху школи", buyer: "", body: "" });
        b.add(TextDoc { title: "Миючі засоби", buyer: "", body: "" });
        let ix = b.finish().unwrap();
        let read = |keyword: &str, russian: bool| {
            let c = ix.compile_with(&parse(keyword), keyword, Reading { russian, ..Reading::default() });
            let found: Vec<u32> = ix.run(&c, false, &Bitset::empty(2), 0).matched.iter().collect();
            (found, c.translated)
        };
        assert_eq!(read("ремонт крыши", true), (vec![0], Some("ремонт дах".to_string())));
        assert_eq!(read("моющие средства", true), (vec![1], Some("миючий засіб".to_string())));
        assert_eq!(read("моющие средства", false), (vec![], None), "as typed: no Russian reading");
        assert_eq!(read("засоби", true), (vec![1], None), "a Ukrainian word stays itself");
    }

    #[test]
    fn an_english_keyword_also_finds_the_ukrainian_the_classifier_gives_it() {
        let lex = Lexicon::from_table("борошна\tборошно\nяловичини\tяловичина\n").unwrap();
        let analyzer = Analyzer::new(Some(Arc::new(lex)));
        let bridge = super::super::english::Bridge::new(
            |text| analyzer.name_terms(text),
            [("Яловичина", "Beef"), ("Борошно пшеничне", "Wheat flour"), ("Борошно житнє", "Rye flour")],
        );
        let analyzer = analyzer.with_bridge(Some(Arc::new(bridge)));
        let mut b = TextIndexBuilder::new(analyzer, 3).unwrap();
        b.add(TextDoc { title: "Яловичина охолоджена", buyer: "", body: "" });
        b.add(TextDoc { title: "Закупівля борошна", buyer: "", body: "" });
        b.add(TextDoc { title: "Beef", buyer: "", body: "" });
        let ix = b.finish().unwrap();
        let read = |keyword: &str, english: bool| -> Vec<u32> {
            let c = ix.compile_with(&parse(keyword), keyword, Reading { english, ..Reading::default() });
            ix.run(&c, false, &Bitset::empty(3), 0).matched.iter().collect()
        };
        assert_eq!(read("beef", true), [0, 2], "its own English word and the Ukrainian");
        assert_eq!(read("beef", false), [2]);
        assert_eq!(read("flour", true), [1], "the word both flours' names share");
        assert_eq!(read("beef -охолоджена", true), [2], "an exclusion holds on both readings");
    }

    #[test]
    fn a_correction_names_a_real_word() {
        let lex = Lexicon::from_table("об'єкта\tоб'єкт\nобʼєкти\tоб'єкт\n").unwrap();
        let mut b = TextIndexBuilder::new(Analyzer::new(Some(Arc::new(lex))), 1).unwrap();
        b.add(TextDoc { title: "Ремонт об'єкта", buyer: "", body: "" });
        let ix = b.finish().unwrap();
        // The index holds the folded term «обєкт»; the notice spells the word.
        let c = ix.compile(&parse("обект"), "обект", true);
        assert_eq!(c.corrected.as_deref(), Some("об'єкт"));
    }

    #[test]
    fn snippets_cut_on_word_boundaries() {
        let text = "перше друге третє четверте п'яте шосте сьоме";
        let at = text.find("четверте").unwrap();
        assert_eq!(cut(text, at, 20), "…третє четверте п'яте…");
        assert_eq!(cut("коротко", 0, 20), "коротко");
    }
}
