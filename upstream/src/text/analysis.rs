//! The analysis chain, the same for the index and the query:
//! 1. words: runs of letters and digits; an apostrophe between letters (`'`, `’`, `ʼ`,
//!    `‘`, a backtick) stays inside the word, as one character (`'`); stress marks and
//!    soft hyphens are dropped;
//! 2. case folding; in a word with Cyrillic letters, Latin look-alikes (`i`, `o`, `c`…)
//!    typed in their place become the Cyrillic letters;
//! 3. word forms: a Cyrillic word becomes its dictionary forms from the Ukrainian
//!    hunspell dictionary ([`Lexicon`]: several when the form is ambiguous, all at one
//!    position), the word itself when it is a dictionary form, and a word the dictionary
//!    does not know its stem ([`Lexicon::stem`]: «миючі», «миючих» → «миюч»); a Latin word becomes
//!    its Snowball English stem; digits stay as they are. A word the dictionary does not
//!    know as typed is looked up again in the spellings that are the same word
//!    ([`variants`]: the apostrophe left out, є or е after a vowel, ґ or г);
//! 4. spelling folded ([`fold`]): the terms lose their apostrophes, ґ becomes г and є
//!    after a vowel е, so «проєкт» and «проект», «ґанок» and «ганок», «об'єкт» and
//!    «обєкт» are one term on both sides of the index.

use super::lexicon::Lexicon;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};
use tantivy::tokenizer::{Token, TokenStream, Tokenizer};

/// Longest word indexed (longer runs are codes or noise, kept but cut).
const MAX_WORD_CHARS: usize = 64;

fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '’' | 'ʼ' | '‘' | '`' | 'ʻ' | '′')
}

fn is_ignored(c: char) -> bool {
    matches!(c, '\u{301}' | '\u{300}' | '\u{ad}' | '\u{200b}' | '\u{200c}' | '\u{200d}')
}

fn is_cyrillic(c: char) -> bool {
    matches!(c, '\u{400}'..='\u{4ff}')
}

/// `char::is_alphanumeric` with the common scripts answered first (the general lookup is
/// the analysis's slowest step).
fn is_word_char(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '\u{400}'..='\u{481}' | '\u{48a}'..='\u{4ff}' => true,
        '\u{0}'..='\u{7f}' | '\u{482}'..='\u{489}' => false,
        _ => c.is_alphanumeric(),
    }
}

/// Lower case, with ASCII and the Cyrillic capitals answered first.
fn push_lower(word: &mut String, c: char) {
    match c {
        'A'..='Z' => word.push(c.to_ascii_lowercase()),
        'a'..='z' | '0'..='9' | '\u{430}'..='\u{45f}' => word.push(c),
        '\u{410}'..='\u{42f}' => word.push(char::from_u32(c as u32 + 0x20).unwrap_or(c)),
        '\u{400}'..='\u{40f}' => word.push(char::from_u32(c as u32 + 0x50).unwrap_or(c)),
        _ => word.extend(c.to_lowercase()),
    }
}

/// A Latin letter typed for the Cyrillic one it looks like.
fn cyrillic_twin(c: char) -> Option<char> {
    Some(match c {
        'a' => 'а',
        'c' => 'с',
        'e' => 'е',
        'i' => 'і',
        'o' => 'о',
        'p' => 'р',
        'x' => 'х',
        'y' => 'у',
        'k' => 'к',
        'm' => 'м',
        't' => 'т',
        'h' => 'н',
        'b' => 'в',
        _ => return None,
    })
}

/// Splits `text` into words: (byte range in `text`, normalised lowercase word).
pub fn words(text: &str) -> Vec<(Range<usize>, String)> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut start = None::<usize>;
    let mut end = 0;
    let mut chars_in = 0;
    let mut chars = text.char_indices().peekable();
    let flush = |word: &mut String, start: &mut Option<usize>, end: usize, out: &mut Vec<(Range<usize>, String)>| {
        if let Some(s) = start.take() {
            if !word.is_empty() {
                out.push((s..end, normalise(word)));
            }
        }
        word.clear();
    };
    while let Some((i, c)) = chars.next() {
        if is_apostrophe(c) {
            let inside = start.is_some()
                && word.chars().last().is_some_and(char::is_alphabetic)
                && chars.peek().is_some_and(|&(_, n)| n.is_alphabetic() && !is_apostrophe(n));
            if inside {
                word.push('\'');
                end = i + c.len_utf8();
            } else {
                flush(&mut word, &mut start, end, &mut out);
                chars_in = 0;
            }
        } else if is_word_char(c) {
            if start.is_none() {
                start = Some(i);
            }
            if chars_in < MAX_WORD_CHARS {
                push_lower(&mut word, c);
                chars_in += 1;
            }
            end = i + c.len_utf8();
        } else if is_ignored(c) && start.is_some() {
            end = i + c.len_utf8();
        } else {
            flush(&mut word, &mut start, end, &mut out);
            chars_in = 0;
        }
    }
    flush(&mut word, &mut start, end, &mut out);
    out
}

/// Latin look-alikes inside a Cyrillic word become Cyrillic.
fn normalise(word: &str) -> String {
    if word.chars().any(is_cyrillic) && word.chars().any(|c| c.is_ascii_alphabetic()) {
        word.chars().map(|c| cyrillic_twin(c).unwrap_or(c)).collect()
    } else {
        word.to_string()
    }
}

/// A Ukrainian consonant letter (an apostrophe may follow it before я, ю, є, ї: after б, п,
/// в, м, ф, р in a root, after any at the end of a prefix or in a loan: «з'їзд», «ін'єкція»).
fn is_consonant(c: char) -> bool {
    matches!(
        c,
        'б' | 'в'
            | 'г'
            | 'ґ'
            | 'д'
            | 'ж'
            | 'з'
            | 'й'
            | 'к'
            | 'л'
            | 'м'
            | 'н'
            | 'п'
            | 'р'
            | 'с'
            | 'т'
            | 'ф'
            | 'х'
            | 'ц'
            | 'ч'
            | 'ш'
            | 'щ'
    )
}

fn is_vowel(c: char) -> bool {
    matches!(c, 'а' | 'е' | 'є' | 'и' | 'і' | 'ї' | 'о' | 'у' | 'ю' | 'я')
}

/// A term with the spellings of one word made one: no apostrophe, г for ґ, е for є after
/// a vowel (the 2019 orthography's «проєкт» against the older «проект»). Letters that
/// tell two words apart elsewhere (є at a word's start or after a consonant: «Європа»,
/// «синє») stay.
pub fn fold(term: &str) -> std::borrow::Cow<'_, str> {
    if !term.contains(['\'', 'ґ', 'є']) {
        return std::borrow::Cow::Borrowed(term);
    }
    let mut out = String::with_capacity(term.len());
    let mut prev: Option<char> = None;
    for c in term.chars() {
        match c {
            '\'' => continue,
            'ґ' => out.push('г'),
            'є' if prev.is_some_and(is_vowel) => out.push('е'),
            _ => out.push(c),
        }
        prev = Some(c);
    }
    std::borrow::Cow::Owned(out)
}

/// The most spellings of one word [`variants`] gives.
const MAX_VARIANTS: usize = 12;

/// Other spellings of the same word, to look up when the word as typed is not in the
/// dictionary: the apostrophe a keyboard left out (after a consonant before я, ю, є, ї:
/// «пять» → «п'ять», «інєкція» → «ін'єкція»), є for е after a vowel and the other way round («проект» →
/// «проєкт»), ґ for г and the other way round. One change at a time, then all of a kind.
pub fn variants(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    let mut out: Vec<String> = Vec::new();
    let push = |v: String, out: &mut Vec<String>| {
        if v != word && !out.contains(&v) && out.len() < MAX_VARIANTS {
            out.push(v);
        }
    };
    let at = |i: usize, with: &str| -> String {
        let mut v: String = chars[..i].iter().collect();
        v.push_str(with);
        v.extend(&chars[i + 1..]);
        v
    };
    // The apostrophe: each place, then every place.
    let places: Vec<usize> =
        (1..chars.len()).filter(|&i| is_consonant(chars[i - 1]) && matches!(chars[i], 'я' | 'ю' | 'є' | 'ї')).collect();
    for &i in &places {
        push(at(i, &format!("'{}", chars[i])), &mut out);
    }
    if places.len() > 1 {
        let all: String = chars
            .iter()
            .enumerate()
            .flat_map(|(i, &c)| if places.contains(&i) { vec!['\'', c] } else { vec![c] })
            .collect();
        push(all, &mut out);
    }
    // є and е after a vowel; ґ and г.
    for i in 0..chars.len() {
        let after_vowel = i > 0 && is_vowel(chars[i - 1]);
        match chars[i] {
            'е' if after_vowel => push(at(i, "є"), &mut out),
            'є' if after_vowel => push(at(i, "е"), &mut out),
            'г' => push(at(i, "ґ"), &mut out),
            'ґ' => push(at(i, "г"), &mut out),
            _ => {}
        }
    }
    out
}

/// Whether `lex` knows `word` as typed or in another spelling of it ([`variants`]).
fn known_spelling(lex: &Lexicon, word: &str) -> bool {
    lex.knows(word) || variants(word).iter().any(|v| lex.knows(v))
}

/// Words whose terms an [`Analyzer`] and its copies remember (then it starts afresh).
const SHARED_CACHE_WORDS: usize = 100_000;

/// The analysis chain's state: the Ukrainian word forms and the English stemmer, and the
/// terms of the words met lately (shared by the copies).
#[derive(Clone)]
pub struct Analyzer {
    lexicon: Option<Arc<Lexicon>>,
    /// Russian forms to Ukrainian lemmas, for keywords only ([`Analyzer::russian`]).
    russian: Option<Arc<Lexicon>>,
    /// English words to Ukrainian ones through the classifier, for keywords only.
    bridge: Option<Arc<super::english::Bridge>>,
    english: frostem::Stemmer,
    cache: Arc<Mutex<HashMap<String, Box<[String]>>>>,
}

impl std::fmt::Debug for Analyzer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Analyzer({:?})", self.lexicon)
    }
}

impl Analyzer {
    /// The chain with `lexicon` (without one, Ukrainian words stay as typed).
    pub fn new(lexicon: Option<Arc<Lexicon>>) -> Self {
        Self {
            lexicon,
            russian: None,
            bridge: None,
            english: frostem::Stemmer::new(frostem::Algorithm::English),
            cache: Default::default(),
        }
    }

    /// The chain that also reads Russian keywords with `table` (Russian form → Ukrainian lemmas).
    pub fn with_russian(mut self, table: Option<Arc<Lexicon>>) -> Self {
        self.russian = table;
        self
    }

    /// The terms of a classifier name's words of three letters or more (prepositions and
    /// conjunctions are shorter), for the English–Ukrainian bridge.
    pub fn name_terms(&self, text: &str) -> std::collections::BTreeSet<String> {
        self.analyze(text)
            .into_iter()
            .filter(|(r, _)| text[r.clone()].chars().count() >= 3)
            .flat_map(|(_, t)| t)
            .collect()
    }

    /// The chain that also reads English keywords through the classifier's names.
    pub fn with_bridge(mut self, bridge: Option<Arc<super::english::Bridge>>) -> Self {
        self.bridge = bridge;
        self
    }

    /// The English–Ukrainian bridge, if any.
    pub fn bridge(&self) -> Option<&super::english::Bridge> {
        self.bridge.as_deref()
    }

    /// The Ukrainian lemmas a normalised Cyrillic word of at least three letters stands
    /// for as a Russian word («крыши» → «дах»), other than itself; empty otherwise. The
    /// caller decides when to read a word so: the search does for a word the Ukrainian
    /// dictionary does not know, or one whose Ukrainian reading finds nothing («мука»).
    pub fn russian(&self, word: &str) -> Vec<String> {
        match &self.russian {
            Some(table) if word.chars().count() >= 3 && word.chars().all(is_cyrillic) => {
                table.lemmas(word).filter(|l| *l != word).map(String::from).collect()
            }
            _ => Vec::new(),
        }
    }

    /// Whether Ukrainian word forms are reduced (the lexicon is there).
    pub fn has_lexicon(&self) -> bool {
        self.lexicon.is_some()
    }

    /// The lexicon, if any.
    pub fn lexicon(&self) -> Option<&Lexicon> {
        self.lexicon.as_deref()
    }

    /// Whether the dictionary knows a normalised word, as typed or in another spelling
    /// of it ([`variants`]): such a word is never "corrected" into another.
    pub fn knows(&self, word: &str) -> bool {
        self.lexicon.as_ref().is_some_and(|lex| known_spelling(lex, word))
    }

    /// The index terms of one normalised word, appended to `out`.
    pub fn terms(&self, word: &str, out: &mut Vec<String>) {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = cache.get(word) {
            out.extend(t.iter().cloned());
            return;
        }
        let before = out.len();
        self.terms_uncached(word, out);
        if cache.len() >= SHARED_CACHE_WORDS {
            cache.clear();
        }
        cache.insert(word.to_string(), out[before..].to_vec().into_boxed_slice());
    }

    fn terms_uncached(&self, word: &str, out: &mut Vec<String>) {
        if word.chars().any(is_cyrillic) {
            let before = out.len();
            if let Some(lex) = &self.lexicon {
                out.extend(lex.lemmas(word).map(String::from));
                if out.len() == before {
                    // Another spelling of the same word, the first the dictionary knows.
                    for v in variants(word) {
                        out.extend(lex.lemmas(&v).map(String::from));
                        if out.len() > before {
                            break;
                        }
                    }
                }
            }
            if out.len() == before {
                // A word the dictionary does not know as a form: itself when it is a
                // dictionary form, else its stem (the language's longest ending off it).
                match &self.lexicon {
                    Some(lex) if !known_spelling(lex, word) => out.push(lex.stem(word).to_string()),
                    _ => out.push(word.to_string()),
                }
            }
            // One term per spelling of a word, on both sides of the index.
            for t in &mut out[before..] {
                if let std::borrow::Cow::Owned(folded) = fold(t) {
                    *t = folded;
                }
            }
            let mut seen = before;
            for i in before..out.len() {
                if !out[before..seen].contains(&out[i]) {
                    out.swap(seen, i);
                    seen += 1;
                }
            }
            out.truncate(seen);
        } else if word.chars().any(|c| c.is_ascii_alphabetic()) && word.is_ascii() {
            out.push(self.english.stem(word).into_owned());
        } else {
            out.push(word.to_string());
        }
    }

    /// The terms of each word of `text`, in order: (byte range, terms).
    pub fn analyze(&self, text: &str) -> Vec<(Range<usize>, Vec<String>)> {
        words(text)
            .into_iter()
            .map(|(r, w)| {
                let mut t = Vec::with_capacity(1);
                self.terms(&w, &mut t);
                (r, t)
            })
            .collect()
    }
}

/// Cached words per tokenizer copy; cleared when it reaches this size.
const CACHE_WORDS: usize = 200_000;

/// The chain as a tantivy tokenizer. Each copy (one per indexing thread and field)
/// remembers the terms of the words it met; a copy starts with an empty memory.
pub struct UkTokenizer {
    analyzer: Analyzer,
    cache: HashMap<String, Box<[String]>>,
    tokens: Vec<Token>,
}

impl UkTokenizer {
    pub fn new(analyzer: Analyzer) -> Self {
        Self { analyzer, cache: HashMap::new(), tokens: Vec::new() }
    }
}

impl Clone for UkTokenizer {
    fn clone(&self) -> Self {
        Self::new(self.analyzer.clone())
    }
}

/// The tokens of one text.
pub struct UkTokenStream<'a> {
    tokens: &'a mut Vec<Token>,
    next: usize,
}

impl TokenStream for UkTokenStream<'_> {
    fn advance(&mut self) -> bool {
        self.next += 1;
        self.next <= self.tokens.len()
    }
    fn token(&self) -> &Token {
        &self.tokens[self.next - 1]
    }
    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.next - 1]
    }
}

impl Tokenizer for UkTokenizer {
    type TokenStream<'a> = UkTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> UkTokenStream<'a> {
        self.tokens.clear();
        for (position, (range, word)) in words(text).into_iter().enumerate() {
            if !self.cache.contains_key(&word) {
                if self.cache.len() >= CACHE_WORDS {
                    self.cache.clear();
                }
                let mut t = Vec::with_capacity(1);
                self.analyzer.terms_uncached(&word, &mut t);
                self.cache.insert(word.clone(), t.into_boxed_slice());
            }
            for term in self.cache[&word].iter() {
                self.tokens.push(Token {
                    offset_from: range.start,
                    offset_to: range.end,
                    position,
                    text: term.clone(),
                    position_length: 1,
                });
            }
        }
        UkTokenStream { tokens: &mut self.tokens, next: 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(text: &str) -> Vec<String> {
        words(text).into_iter().map(|(_, w)| w).collect()
    }

    #[test]
    fn apostrophes_cases_and_look_alikes() {
        for typed in ["комп'ютер", "комп’ютер", "компʼютер", "комп`ютер", "КОМП‘ЮТЕР"]
        {
            assert_eq!(w(typed), ["комп'ютер"], "{typed}");
        }
        assert_eq!(w("'лапки' М'ясо, «Сир» 44830000-7"), ["лапки", "м'ясо", "сир", "44830000", "7"]);
        assert_eq!(w("пocлуги"), ["послуги"], "Latin o and c inside a Cyrillic word");
        assert_eq!(w("Lenovo ThinkPad"), ["lenovo", "thinkpad"]);
        assert_eq!(w("ремо\u{301}нт"), ["ремонт"], "stress mark");
        assert_eq!(w("ЄДРПОУ Їжак ІНШЕ Ґанок ЁЖ Ω"), ["єдрпоу", "їжак", "інше", "ґанок", "ёж", "ω"]);
        let text = "Капітальний ремонт";
        let r = &words(text)[1].0;
        assert_eq!(&text[r.clone()], "ремонт");
    }

    #[test]
    fn spellings_of_one_word_are_one_term() {
        assert_eq!(fold("проєкт"), "проект");
        assert_eq!(fold("об'єкт"), "обєкт");
        assert_eq!(fold("ґанок"), "ганок");
        assert_eq!(fold("європа"), "європа", "є at the start stays");
        assert_eq!(fold("синє"), "синє", "є after a consonant stays");
        assert!(matches!(fold("ремонт"), std::borrow::Cow::Borrowed(_)));
        assert!(variants("пять").contains(&"п'ять".to_string()));
        assert!(variants("мякий").contains(&"м'який".to_string()));
        assert!(variants("проект").contains(&"проєкт".to_string()));
        assert!(variants("гудзики").contains(&"ґудзики".to_string()));
        assert!(variants("ремонт").is_empty());
        let lex = Lexicon::from_table(
            "м'який\tм'який\nоб'єкт\tоб'єкт\nоб'єкта\tоб'єкт\nп'ять\tп'ять\nпроєкт\tпроєкт\nпроєкту\tпроєкт\nґудзики\tґудзик\n",
        )
        .unwrap();
        let a = Analyzer::new(Some(Arc::new(lex)));
        let t = |w: &str| {
            let mut t = Vec::new();
            a.terms_uncached(w, &mut t);
            t
        };
        for (one, other) in [
            ("проєкт", "проекту"),
            ("проекту", "проєкту"),
            ("ґудзики", "гудзики"),
            ("об'єкта", "обєкта"),
            ("обєкт", "об'єкт"),
            ("пять", "п'ять"),
            ("мякий", "м'який"),
        ] {
            assert_eq!(t(one), t(other), "{one} and {other} are one word");
        }
        assert_eq!(t("проекту"), ["проект"]);
    }

    #[test]
    fn english_stems_and_digits() {
        let a = Analyzer::new(None);
        let mut t = Vec::new();
        a.terms("repairs", &mut t);
        a.terms("2026", &mut t);
        a.terms("лікарні", &mut t);
        assert_eq!(t, ["repair", "2026", "лікарні"]);
    }

    #[test]
    fn ukrainian_forms_with_a_lexicon() {
        let lex = Lexicon::from_table("лікарні\tлікарня\nтехнік\tтехнік\tтехніка\n").unwrap();
        let a = Analyzer::new(Some(Arc::new(lex)));
        let terms: Vec<Vec<String>> = a.analyze("Лікарні техніка технік").into_iter().map(|(_, t)| t).collect();
        assert_eq!(terms, [vec!["лікарня"], vec!["техніка"], vec!["технік", "техніка"]]);
        let mut tok = UkTokenizer::new(a);
        let mut s = tok.token_stream("технік лікарні");
        let mut seen = Vec::new();
        while s.advance() {
            seen.push((s.token().position, s.token().text.clone()));
        }
        assert_eq!(seen, [(0, "технік".into()), (0, "техніка".into()), (1, "лікарня".into())]);
    }
}
