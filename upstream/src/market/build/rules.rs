//! Profile requirements and product answers: the value a characteristic takes, the
//! rule a profile sets on it, and how each reads as the catalogue's JSON and in the
//! titles of profiles and products.

use super::catalogue::{Attr, Kind, Unit};
use super::RequirementValue;
use crate::generate::Rng;
use serde_json::{json, Value};

/// A number as the catalogue writes it: no trailing `.0`, decimal comma in Ukrainian.
pub fn fmt_num(v: f64, uk: bool) -> String {
    let s = if v.fract() == 0.0 { format!("{}", v as i64) } else { format!("{v}") };
    if uk {
        s.replace('.', ",")
    } else {
        s
    }
}

fn with_unit(v: f64, unit: &Unit, attr: &Attr, uk: bool) -> String {
    let sym = if uk { unit.uk } else { unit.en };
    if sym.is_empty() {
        let name = if uk { attr.uk } else { attr.en };
        format!("{} {}", name.to_lowercase(), fmt_num(v, uk))
    } else {
        format!("{} {sym}", fmt_num(v, uk))
    }
}

/// A drawn value of one characteristic.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Val {
    Num(f64),
    Opt(usize),
    Bool(bool),
}

/// A profile requirement on one characteristic.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Rule {
    Min(f64),
    Range(f64, f64),
    Exact(f64),
    OneOf(Vec<usize>),
    Is(bool),
}

impl Rule {
    pub(super) fn holds(&self, v: Val) -> bool {
        match (self, v) {
            (Rule::Min(m), Val::Num(x)) => x >= *m,
            (Rule::Range(a, b), Val::Num(x)) => x >= *a && x <= *b,
            (Rule::Exact(e), Val::Num(x)) => x == *e,
            (Rule::OneOf(o), Val::Opt(i)) => o.contains(&i),
            (Rule::Is(b), Val::Bool(x)) => x == *b,
            _ => false,
        }
    }
}

/// Every value a characteristic can take.
pub(super) fn domain(a: &Attr) -> Vec<Val> {
    match a.kind {
        Kind::Num { vals, .. } => vals.iter().map(|&v| Val::Num(v)).collect(),
        Kind::Text(opts) => (0..opts.len()).map(Val::Opt).collect(),
        Kind::Bool => vec![Val::Bool(true), Val::Bool(false)],
    }
}

pub(super) fn draw_rule(r: &mut Rng, a: &Attr) -> Rule {
    match a.kind {
        Kind::Num { vals, .. } => {
            let n = vals.len() as u64;
            let i = r.below(n) as usize;
            match r.below(100) {
                _ if n == 1 => Rule::Exact(vals[0]),
                0..=39 => Rule::Min(vals[i.min(vals.len() - 2)]),
                40..=74 => {
                    let a = r.below(n - 1) as usize;
                    let b = a + 1 + r.below(n - 1 - a as u64) as usize;
                    Rule::Range(vals[a], vals[b])
                }
                _ => Rule::Exact(vals[i]),
            }
        }
        Kind::Text(opts) => {
            let k = 1 + r.below(opts.len().min(3) as u64) as usize;
            let mut idx: Vec<usize> = (0..opts.len()).collect();
            for i in 0..idx.len() {
                let j = i + r.below((idx.len() - i) as u64) as usize;
                idx.swap(i, j);
            }
            idx.truncate(k);
            idx.sort_unstable();
            Rule::OneOf(idx)
        }
        Kind::Bool => Rule::Is(r.below(100) < 80),
    }
}

/// The requirement JSON of a rule.
pub(super) fn requirement(a: &Attr, rule: &Rule, id: String) -> Value {
    let mut q = json!({"id": id, "title": a.uk, "title_en": a.en});
    let num = |v: f64, int: bool| if int { json!(v as i64) } else { json!(v) };
    match (a.kind, rule) {
        (Kind::Num { unit, int, .. }, rule) => {
            q["dataType"] = json!(if int { "integer" } else { "number" });
            q["unit"] = json!({"code": unit.code, "name": unit.name});
            match rule {
                Rule::Min(m) => q["minValue"] = num(*m, int),
                Rule::Range(lo, hi) => {
                    q["minValue"] = num(*lo, int);
                    q["maxValue"] = num(*hi, int);
                }
                Rule::Exact(e) => q["expectedValue"] = num(*e, int),
                _ => {}
            }
        }
        (Kind::Text(opts), Rule::OneOf(o)) => {
            q["dataType"] = json!("string");
            q["expectedValues"] = json!(o.iter().map(|&i| opts[i].0).collect::<Vec<_>>());
            q["expectedMinItems"] = json!(1);
            q["expectedMaxItems"] = json!(1);
        }
        (Kind::Bool, Rule::Is(b)) => {
            q["dataType"] = json!("boolean");
            q["expectedValue"] = json!(b);
        }
        _ => {}
    }
    q
}

/// How a rule reads in a profile title.
pub(super) fn rule_phrase(a: &Attr, rule: &Rule, uk: bool) -> Option<String> {
    let name = if uk { a.uk } else { a.en }.to_lowercase();
    let (from, to) = if uk { ("від", "до") } else { ("from", "to") };
    match (a.kind, rule) {
        (Kind::Num { unit, .. }, Rule::Min(m)) => {
            Some(format!("{name} {from} {}", with_unit(*m, &unit, a, uk).trim_start_matches(&format!("{name} "))))
        }
        (Kind::Num { unit, .. }, Rule::Range(lo, hi)) => Some(format!(
            "{name} {from} {} {to} {}",
            fmt_num(*lo, uk),
            with_unit(*hi, &unit, a, uk).trim_start_matches(&format!("{name} "))
        )),
        (Kind::Num { unit, .. }, Rule::Exact(e)) => Some(with_unit(*e, &unit, a, uk)),
        (Kind::Text(opts), Rule::OneOf(o)) => {
            Some(o.iter().map(|&i| if uk { opts[i].0 } else { opts[i].1 }).collect::<Vec<_>>().join(" / "))
        }
        _ => None,
    }
}

/// How a value reads in a product title.
pub(super) fn val_phrase(a: &Attr, v: Val, uk: bool) -> Option<String> {
    match (a.kind, v) {
        (Kind::Num { unit, .. }, Val::Num(x)) => Some(with_unit(x, &unit, a, uk)),
        (Kind::Text(opts), Val::Opt(i)) => Some(if uk { opts[i].0 } else { opts[i].1 }.to_string()),
        _ => None,
    }
}

pub(super) fn val_text(a: &Attr, v: Val, uk: bool) -> String {
    match v {
        Val::Bool(b) => (if uk {
            if b {
                "так"
            } else {
                "ні"
            }
        } else if b {
            "yes"
        } else {
            "no"
        })
        .to_string(),
        _ => val_phrase(a, v, uk).unwrap_or_default(),
    }
}

pub(super) fn answer(a: &Attr, v: Val) -> (RequirementValue, Value) {
    match (a.kind, v) {
        (Kind::Num { int: true, .. }, Val::Num(x)) => (RequirementValue::Number(x), json!(x as i64)),
        (_, Val::Num(x)) => (RequirementValue::Number(x), json!(x)),
        (Kind::Text(opts), Val::Opt(i)) => (RequirementValue::Text(vec![opts[i].0.to_string()]), json!([opts[i].0])),
        (_, Val::Bool(b)) => (RequirementValue::Boolean(b), json!(b)),
        _ => (RequirementValue::Boolean(false), Value::Null),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_like_the_catalogue() {
        assert_eq!(fmt_num(80.0, true), "80");
        assert_eq!(fmt_num(0.5, true), "0,5");
        assert_eq!(fmt_num(0.5, false), "0.5");
    }
}
