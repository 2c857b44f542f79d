//! The keyword's syntax, as in TED's expert search, kept forgiving:
//! - words: every word must match (in any of its forms);
//! - `"a quoted phrase"` (also `«…»`, `“…”`, `„…“`): its words one after another;
//! - `-word`, `-"phrase"`: records with it are left out;
//! - `a OR b`, `a АБО b` (any case, or `|`): either;
//! - `NOT word`, `НЕ word` (in capitals: a lowercase «не» is a word): as `-word`;
//! - `a AND b`, `a І b`, `a ТА b` (any case, and «й»): as `a b`, every word is required;
//! - `будівел*`: any word that starts so (at least two letters before the `*`);
//! - anything malformed (an unclosed quote, a lone minus, a dangling `OR`) is read as
//!   plain words: a keyword is never an error.
//!
//! A word that the analysis splits (`будівельно-монтажні`, `44830000-7`) is a phrase of
//! its parts.

/// One thing to look for: a word or a phrase, as typed (analysis comes later).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unit {
    Word(String),
    Phrase(String),
    /// The start of a word (`будівел` of `будівел*`).
    Prefix(String),
}

impl Unit {
    /// The text as typed (a prefix without its `*`).
    pub fn text(&self) -> &str {
        match self {
            Unit::Word(t) | Unit::Phrase(t) | Unit::Prefix(t) => t,
        }
    }
}

/// Letters a prefix needs before its `*`.
pub const MIN_PREFIX_CHARS: usize = 2;

/// A parsed keyword: every group must match (a group: any of its units), no excluded
/// unit may.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Syntax {
    pub required: Vec<Vec<Unit>>,
    pub excluded: Vec<Unit>,
}

fn closing(open: char) -> Option<&'static [char]> {
    match open {
        '"' => Some(&['"', '”', '“']),
        '«' => Some(&['»']),
        '“' => Some(&['”', '"']),
        '„' => Some(&['“', '”', '"']),
        _ => None,
    }
}

fn is_or(token: &str) -> bool {
    token == "|" || token.eq_ignore_ascii_case("or") || token.to_lowercase() == "або"
}

/// `AND` and its Ukrainian words: a space.
fn is_and(token: &str) -> bool {
    token == "&" || token == "&&" || matches!(token.to_lowercase().as_str(), "and" | "і" | "й" | "та")
}

/// `NOT`, `НЕ`: in capitals only («не» is a word of many titles).
fn is_not(token: &str) -> bool {
    token == "NOT" || token == "НЕ"
}

/// A word typed as `start*`: its start, when long enough.
fn prefix_of(token: &str) -> Option<&str> {
    let start = token.strip_suffix('*')?;
    let ok = start.chars().filter(|c| c.is_alphanumeric()).count() >= MIN_PREFIX_CHARS
        && start.chars().all(|c| c.is_alphanumeric() || matches!(c, '\'' | '’' | 'ʼ'));
    ok.then_some(start)
}

#[derive(Debug)]
enum Lexeme {
    Unit {
        unit: Unit,
        negated: bool,
    },
    Or,
    /// `NOT` or `НЕ`, as typed.
    Not(String),
}

fn lex(keyword: &str) -> Vec<Lexeme> {
    let chars: Vec<char> = keyword.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let negated = chars[i] == '-' && chars.get(i + 1).is_some_and(|c| !c.is_whitespace());
        if negated {
            i += 1;
        }
        if let Some(ends) = closing(chars[i]) {
            if let Some(len) = chars[i + 1..].iter().position(|c| ends.contains(c)) {
                let phrase: String = chars[i + 1..i + 1 + len].iter().collect();
                i += len + 2;
                if !phrase.trim().is_empty() {
                    out.push(Lexeme::Unit { unit: Unit::Phrase(phrase.trim().to_string()), negated });
                }
                continue;
            }
            // An unclosed quote: the quote mark is dropped, the rest is plain words.
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() {
            i += 1;
        }
        let token: String = chars[start..i].iter().collect();
        if !negated && is_or(&token) {
            out.push(Lexeme::Or);
        } else if !negated && is_not(&token) {
            out.push(Lexeme::Not(token));
        } else if !negated && is_and(&token) {
            continue;
        } else if let Some(start) = prefix_of(&token) {
            out.push(Lexeme::Unit { unit: Unit::Prefix(start.to_string()), negated });
        } else {
            out.push(Lexeme::Unit { unit: Unit::Word(token), negated });
        }
    }
    out
}

/// Parses a keyword.
pub fn parse(keyword: &str) -> Syntax {
    let mut s = Syntax::default();
    let mut join = false;
    let mut lexemes = lex(keyword).into_iter().peekable();
    while let Some(l) = lexemes.next() {
        // `NOT` before a unit excludes it; a `NOT` with nothing to exclude is a word.
        let l = match l {
            Lexeme::Not(token) => match lexemes.peek() {
                Some(Lexeme::Unit { negated: false, .. }) => match lexemes.next() {
                    Some(Lexeme::Unit { unit, .. }) => Lexeme::Unit { unit, negated: true },
                    _ => continue,
                },
                _ => Lexeme::Unit { unit: Unit::Word(token), negated: false },
            },
            other => other,
        };
        match l {
            Lexeme::Or => join = !s.required.is_empty(),
            Lexeme::Not(_) => {}
            Lexeme::Unit { unit, negated: true } => {
                s.excluded.push(unit);
                join = false;
            }
            Lexeme::Unit { unit, negated: false } => {
                match s.required.last_mut() {
                    Some(group) if join => group.push(unit),
                    _ => s.required.push(vec![unit]),
                }
                join = false;
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(t: &str) -> Unit {
        Unit::Word(t.into())
    }
    fn p(t: &str) -> Unit {
        Unit::Phrase(t.into())
    }

    #[test]
    fn words_phrases_exclusions_and_or() {
        let s = parse(r#"ремонт "дорожнього покриття" -поточний бензин АБО дизель OR газ -"зимове утримання""#);
        assert_eq!(
            s.required,
            vec![vec![w("ремонт")], vec![p("дорожнього покриття")], vec![w("бензин"), w("дизель"), w("газ")]]
        );
        assert_eq!(s.excluded, vec![w("поточний"), p("зимове утримання")]);
        let s = parse("«капітальний ремонт» | „школи“ or лікарні");
        assert_eq!(s.required, vec![vec![p("капітальний ремонт"), p("школи"), w("лікарні")]]);
    }

    #[test]
    fn not_and_and_prefixes() {
        let s = parse("ремонт NOT поточний AND дах НЕ «зимове утримання» будівел*");
        assert_eq!(s.required, vec![vec![w("ремонт")], vec![w("дах")], vec![Unit::Prefix("будівел".into())]]);
        assert_eq!(s.excluded, vec![w("поточний"), p("зимове утримання")]);
        let s = parse("ремонт і обслуговування та монтаж й заміна");
        assert_eq!(
            s.required,
            vec![vec![w("ремонт")], vec![w("обслуговування")], vec![w("монтаж")], vec![w("заміна")]]
        );
        assert_eq!(parse("не більше").required, vec![vec![w("не")], vec![w("більше")]], "a lowercase не is a word");
        assert_eq!(parse("ремонт NOT").required, vec![vec![w("ремонт")], vec![w("NOT")]], "NOT before nothing");
        assert_eq!(parse("a* ремонт").required[0], vec![w("a*")], "one letter is no prefix");
        assert_eq!(parse("-будівел*").excluded, vec![Unit::Prefix("будівел".into())]);
    }

    #[test]
    fn malformed_is_plain_words() {
        assert_eq!(parse(r#""капітальний ремонт"#).required, vec![vec![w("капітальний")], vec![w("ремонт")]]);
        assert_eq!(parse("ремонт - покрівлі").required, vec![vec![w("ремонт")], vec![w("-")], vec![w("покрівлі")]]);
        assert_eq!(parse("OR ремонт АБО").required, vec![vec![w("ремонт")]]);
        assert_eq!(parse(r#""""#), Syntax::default());
        assert_eq!(parse("будівельно-монтажні").required, vec![vec![w("будівельно-монтажні")]]);
        assert_eq!(parse("-").required, vec![vec![w("-")]], "a lone minus is a (wordless) word");
    }
}
