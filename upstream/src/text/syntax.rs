//! The keyword's syntax, as in TED's expert search, kept forgiving:
//! - words: every word must match (in any of its forms);
//! - `"a quoted phrase"` (also `«…»`, `“…”`, `„…“`): its words one after another;
//! - `-word`, `-"phrase"`: records with it are left out;
//! - `a OR b`, `a АБО b` (any case, or `|`): either;
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
}

impl Unit {
    /// The text as typed.
    pub fn text(&self) -> &str {
        match self {
            Unit::Word(t) | Unit::Phrase(t) => t,
        }
    }
}

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

#[derive(Debug)]
enum Lexeme {
    Unit { unit: Unit, negated: bool },
    Or,
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
    for l in lex(keyword) {
        match l {
            Lexeme::Or => join = !s.required.is_empty(),
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
    fn malformed_is_plain_words() {
        assert_eq!(parse(r#""капітальний ремонт"#).required, vec![vec![w("капітальний")], vec![w("ремонт")]]);
        assert_eq!(parse("ремонт - покрівлі").required, vec![vec![w("ремонт")], vec![w("-")], vec![w("покрівлі")]]);
        assert_eq!(parse("OR ремонт АБО").required, vec![vec![w("ремонт")]]);
        assert_eq!(parse(r#""""#), Syntax::default());
        assert_eq!(parse("будівельно-монтажні").required, vec![vec![w("будівельно-монтажні")]]);
        assert_eq!(parse("-").required, vec![vec![w("-")]], "a lone minus is a (wordless) word");
    }
}
