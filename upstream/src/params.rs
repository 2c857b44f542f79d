//! Query strings in the platform's PHP-style shape: `status[0]=a&status[1]=b`,
//! `status[]=a`, `valueAmount[from]=1&valueAmount[to]=2`,
//! `textRequirements[0][values][0]=x`. axum's `Query` cannot express these, so the raw
//! query is decoded here into (name, bracket segments, value) triples.

use crate::error::UpstreamError;
use std::collections::BTreeMap;

/// One decoded query pair: `a[b][c]=v` is `("a", ["b", "c"], "v")`.
#[derive(Debug, Clone)]
struct Pair {
    base: String,
    segments: Vec<String>,
    value: String,
}

/// A decoded query string.
#[derive(Debug, Clone, Default)]
pub struct Params {
    pairs: Vec<Pair>,
}

fn split_key(key: &str) -> (String, Vec<String>) {
    match key.find('[') {
        None => (key.to_string(), Vec::new()),
        Some(i) => {
            let base = key[..i].to_string();
            let segments =
                key[i..].split('[').filter(|s| !s.is_empty()).map(|s| s.trim_end_matches(']').to_string()).collect();
            (base, segments)
        }
    }
}

impl Params {
    /// Decodes a raw query string (without the `?`).
    pub fn parse(query: &str) -> Self {
        let pairs = form_urlencoded::parse(query.as_bytes())
            .map(|(k, v)| {
                let (base, segments) = split_key(&k);
                Pair { base, segments, value: v.into_owned() }
            })
            .collect();
        Self { pairs }
    }

    /// The last plain value of `name` (`name=v`), trimmed; empty values count as absent.
    pub fn one(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|p| p.base == name && p.segments.is_empty())
            .map(|p| p.value.trim())
            .filter(|v| !v.is_empty())
    }

    /// Every value of an array parameter: `name=v`, `name[]=v` and `name[3]=v`, in order of
    /// the index (then of appearance). Empty values are dropped.
    pub fn list(&self, name: &str) -> Vec<&str> {
        let mut out: Vec<(usize, usize, &str)> = Vec::new();
        for (pos, p) in self.pairs.iter().enumerate() {
            if p.base != name || p.segments.len() > 1 {
                continue;
            }
            let idx = match p.segments.first() {
                None => usize::MAX,
                Some(s) if s.is_empty() => usize::MAX,
                Some(s) => match s.parse() {
                    Ok(i) => i,
                    Err(_) => continue,
                },
            };
            let v = p.value.trim();
            if !v.is_empty() {
                out.push((idx, pos, v));
            }
        }
        out.sort_by_key(|&(i, pos, _)| (i, pos));
        out.into_iter().map(|(_, _, v)| v).collect()
    }

    /// `name[from]` and `name[to]`.
    pub fn range(&self, name: &str) -> (Option<&str>, Option<&str>) {
        let get = |bound: &str| {
            self.pairs
                .iter()
                .rev()
                .find(|p| p.base == name && p.segments.len() == 1 && p.segments[0] == bound)
                .map(|p| p.value.trim())
                .filter(|v| !v.is_empty())
        };
        (get("from"), get("to"))
    }

    /// Indexed groups: `name[0][requirement]=r&name[0][values][1]=x` gives
    /// `{0: [(["requirement"], "r"), (["values", "1"], "x")]}`.
    pub fn groups(&self, name: &str) -> BTreeMap<String, Vec<(Vec<String>, String)>> {
        let mut out: BTreeMap<String, Vec<(Vec<String>, String)>> = BTreeMap::new();
        for p in &self.pairs {
            if p.base == name && p.segments.len() >= 2 {
                out.entry(p.segments[0].clone()).or_default().push((p.segments[1..].to_vec(), p.value.clone()));
            }
        }
        out
    }

    /// True when any pair has this base name.
    pub fn has(&self, name: &str) -> bool {
        self.pairs.iter().any(|p| p.base == name)
    }

    /// A positive integer parameter within `1..=max`, or `default` when absent.
    pub fn positive(&self, name: &str, default: usize, max: usize) -> Result<usize, UpstreamError> {
        match self.one(name) {
            None => Ok(default),
            Some(v) => match v.parse::<usize>() {
                Ok(n) if n >= 1 && n <= max => Ok(n),
                _ => Err(UpstreamError::invalid(name, format!("expected an integer from 1 to {max}, got `{v}`"))),
            },
        }
    }

    /// A boolean parameter: `true`/`false`/`1`/`0`.
    pub fn boolean(&self, name: &str) -> Result<Option<bool>, UpstreamError> {
        match self.one(name) {
            None => Ok(None),
            Some("true") | Some("1") => Ok(Some(true)),
            Some("false") | Some("0") => Ok(Some(false)),
            Some(v) => Err(UpstreamError::invalid(name, format!("expected true or false, got `{v}`"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_ranges_and_groups() {
        let p = Params::parse(
            "status%5B1%5D=b&status[0]=a&status[]=c&valueAmount[from]=10&valueAmount[to]=&page=2\
             &textRequirements[0][requirement]=Колір&textRequirements[0][values][0]=червоний",
        );
        assert_eq!(p.list("status"), vec!["a", "b", "c"]);
        assert_eq!(p.range("valueAmount"), (Some("10"), None));
        assert_eq!(p.positive("page", 1, 10).unwrap(), 2);
        let g = p.groups("textRequirements");
        assert_eq!(g["0"].len(), 2);
        assert_eq!(g["0"][0], (vec!["requirement".to_string()], "Колір".to_string()));
    }

    #[test]
    fn bad_numbers_and_booleans_name_the_parameter() {
        let p = Params::parse("page=0&perPage=x&testMode=maybe");
        assert!(p.positive("page", 1, 10).unwrap_err().to_string().contains("`page`"));
        assert!(p.positive("perPage", 1, 10).is_err());
        assert!(p.boolean("testMode").unwrap_err().to_string().contains("`testMode`"));
        assert_eq!(p.boolean("hasActiveMonitoring").unwrap(), None);
    }
}
