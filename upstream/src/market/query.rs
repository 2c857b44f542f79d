//! Market list requests, parsed and validated once: paging, sort, status and link
//! filters, CPV, keyword and the requirement filters. [`ListQuery::matches`] is the
//! complete filter semantics (a plain scan: the catalogue is small).

use super::{Record, RequirementValue};
use crate::error::UpstreamError;
use crate::params::Params;
use crate::query::{cpv_prefix, RESULT_WINDOW};
use crate::text::{self, Syntax};

/// Largest page size of market lists.
pub const MAX_PER_PAGE: usize = 100;
/// Default page size of market lists (SPEC §9).
pub const DEFAULT_PER_PAGE: usize = 24;

/// Which list a request reads (each accepts slightly different parameters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    Categories,
    Profiles,
    Products,
    ProzorroProducts,
}

impl Listing {
    /// Allowed `status[]` values.
    pub fn statuses(self) -> &'static [&'static str] {
        match self {
            Listing::Categories | Listing::Profiles => &["active", "hidden"],
            Listing::Products | Listing::ProzorroProducts => &["active", "hidden", "inactive", "draft"],
        }
    }
    fn products(self) -> bool {
        matches!(self, Listing::Products | Listing::ProzorroProducts)
    }
}

/// Sort keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Popularity,
    DateModified,
    Title,
    Value,
    /// Relevance to the keyword (only with a keyword that has words).
    Relevance,
}

/// One requirement filter; `requirement` is the requirement title (case-insensitive).
#[derive(Debug, Clone, PartialEq)]
pub enum ReqFilter {
    /// Some response value is one of `values` (any value when empty).
    Text { requirement: String, values: Vec<String> },
    /// A numeric response equal to `value` and within `[min, max]` (each optional).
    Number { requirement: String, value: Option<f64>, min: Option<f64>, max: Option<f64> },
    /// A boolean response equal to `value`.
    Boolean { requirement: String, value: bool },
}

/// A parsed market list request.
#[derive(Debug, Clone)]
pub struct ListQuery {
    pub page: usize,
    pub per_page: usize,
    /// `pagination=false`: every match on one page (categories and profiles only).
    pub unpaged: bool,
    pub sort: Sort,
    pub desc: bool,
    pub statuses: Vec<String>,
    /// Eight-digit market classification codes.
    pub market_classifications: Vec<String>,
    pub categories: Vec<String>,
    pub profiles: Vec<String>,
    /// `id[]`: the records themselves (a page's few profiles, for their requirements).
    pub ids: Vec<String>,
    /// Significant CPV prefixes (a code matches itself and its descendants).
    pub cpv: Vec<String>,
    /// The keyword's syntax (`crate::text::syntax`).
    pub syntax: Syntax,
    /// The whole keyword, trimmed, as typed.
    pub keyword: Option<String>,
    /// `exact=true`: no typo fallback.
    pub exact: bool,
    pub requirements: Vec<ReqFilter>,
}

fn number(name: &str, v: &str) -> Result<f64, UpstreamError> {
    v.trim()
        .replace(',', ".")
        .replace(' ', "")
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| UpstreamError::invalid(name, format!("expected a number, got `{v}`")))
}

fn boolean(name: &str, v: &str) -> Result<bool, UpstreamError> {
    match v.trim() {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(UpstreamError::invalid(name, format!("expected true or false, got `{v}`"))),
    }
}

/// Values of an array parameter, also split on commas (`relatedProfileIds=a,b`).
fn ids(p: &Params, name: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .list(name)
        .iter()
        .flat_map(|s| s.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    v.sort();
    v.dedup();
    v
}

fn cpv_list(p: &Params, name: &str, eight: bool) -> Result<Vec<String>, UpstreamError> {
    ids(p, name)
        .into_iter()
        .map(|v| {
            let pre = cpv_prefix(&v).ok_or_else(|| {
                UpstreamError::invalid(name, format!("expected a CPV code like 30190000-7, got `{v}`"))
            })?;
            Ok(if eight { v[..8].to_string() } else { pre })
        })
        .collect()
}

fn requirement_filters(p: &Params) -> Result<Vec<ReqFilter>, UpstreamError> {
    let mut out = Vec::new();
    for (kind, base) in [(0, "textRequirements"), (1, "numberRequirements"), (2, "booleanRequirements")] {
        for (idx, pairs) in p.groups(base) {
            let field = |f: &str| format!("{base}[{idx}][{f}]");
            let get = |f: &str| {
                pairs
                    .iter()
                    .rev()
                    .find(|(s, v)| s.len() == 1 && s[0] == f && !v.trim().is_empty())
                    .map(|(_, v)| v.trim())
            };
            let requirement =
                get("requirement").ok_or_else(|| UpstreamError::MissingParameter(field("requirement")))?.to_lowercase();
            out.push(match kind {
                0 => {
                    let mut values: Vec<(usize, String)> = pairs
                        .iter()
                        .filter(|(s, v)| s[0] == "values" && !v.trim().is_empty())
                        .map(|(s, v)| {
                            (s.get(1).and_then(|i| i.parse().ok()).unwrap_or(usize::MAX), v.trim().to_lowercase())
                        })
                        .collect();
                    values.sort();
                    ReqFilter::Text { requirement, values: values.into_iter().map(|(_, v)| v).collect() }
                }
                1 => {
                    let num = |f: &str| get(f).map(|v| number(&field(f), v)).transpose();
                    let (value, min, max) = (num("value")?, num("minValue")?, num("maxValue")?);
                    if let (Some(a), Some(b)) = (min, max) {
                        if a > b {
                            return Err(UpstreamError::invalid(
                                field("minValue"),
                                format!("{a} is above maxValue {b}"),
                            ));
                        }
                    }
                    ReqFilter::Number { requirement, value, min, max }
                }
                _ => {
                    let v = get("value").ok_or_else(|| UpstreamError::MissingParameter(field("value")))?;
                    ReqFilter::Boolean { requirement, value: boolean(&field("value"), v)? }
                }
            });
        }
    }
    Ok(out)
}

impl ListQuery {
    /// Parses and validates a request for `listing`.
    pub fn parse(p: &Params, listing: Listing) -> Result<Self, UpstreamError> {
        let per_page = p.positive("perPage", DEFAULT_PER_PAGE, MAX_PER_PAGE)?;
        let page = p.positive("page", 1, RESULT_WINDOW)?;
        let unpaged = match p.one("pagination") {
            None => false,
            Some(v) => !boolean("pagination", v)?,
        };
        if unpaged && listing.products() {
            return Err(UpstreamError::invalid("pagination", "products are always paged (10000-result window)"));
        }
        if !unpaged && page > (RESULT_WINDOW / per_page).max(1) {
            return Err(UpstreamError::PastResultWindow { page, per_page, window: RESULT_WINDOW });
        }
        let keyword = text::keyword_of(p)?;
        let syntax = keyword.as_deref().map(text::parse).unwrap_or_default();
        let has_words = keyword.as_deref().is_some_and(|k| !text::analysis::words(k).is_empty());
        let s = p.one("sortOrder").unwrap_or(if has_words { "relevance" } else { "popularity.desc" });
        let (k, d) = s.rsplit_once('.').unwrap_or((s, ""));
        let sort = match k {
            "relevance" if has_words => Sort::Relevance,
            "relevance" => Sort::Popularity,
            "popularity" => Sort::Popularity,
            "dateModified" => Sort::DateModified,
            "title" => Sort::Title,
            "value" | "value.amount" | "price" if listing == Listing::Products => Sort::Value,
            _ => return Err(UpstreamError::invalid("sortOrder", format!("unknown sort order `{s}`"))),
        };
        let desc = match d {
            "" => sort != Sort::Title && sort != Sort::Value,
            "desc" => true,
            "asc" if k != "relevance" => false,
            _ => return Err(UpstreamError::invalid("sortOrder", format!("unknown direction in `{s}`"))),
        };
        let mut statuses = ids(p, "status");
        for v in &statuses {
            if !listing.statuses().contains(&v.as_str()) {
                return Err(UpstreamError::invalid("status", format!("unknown value `{v}`")));
            }
        }
        if statuses.is_empty() {
            statuses.push("active".into());
        }
        let requirements = if listing.products() { requirement_filters(p)? } else { Vec::new() };
        Ok(Self {
            page,
            per_page,
            unpaged,
            sort,
            desc,
            statuses,
            market_classifications: cpv_list(p, "market_classification", true)?,
            categories: ids(p, "relatedCategoryId"),
            profiles: ids(p, "relatedProfileIds"),
            ids: ids(p, "id"),
            cpv: cpv_list(p, "classification", false)?,
            syntax,
            keyword,
            exact: p.boolean("exact")?.unwrap_or(false),
            requirements,
        })
    }

    /// Whether a record passes every filter but the keyword.
    pub fn matches_but_keyword(&self, r: &Record) -> bool {
        self.statuses.iter().any(|s| s == r.status)
            && (self.ids.is_empty() || self.ids.contains(&r.id))
            && (self.market_classifications.is_empty()
                || self.market_classifications.iter().any(|m| r.market_classification.starts_with(m.as_str())))
            && (self.categories.is_empty() || self.categories.contains(&r.category))
            && (self.profiles.is_empty() || r.profiles.iter().any(|p| self.profiles.contains(p)))
            && (self.cpv.is_empty() || self.cpv.iter().any(|pre| r.cpv.starts_with(pre.as_str())))
            && self.requirements.iter().all(|f| requirement_matches(f, r))
    }

    /// Whether the whole keyword is one of the record's codes (id, EAN, agreement).
    pub fn is_code(&self, r: &Record) -> bool {
        self.keyword.as_deref().is_some_and(|k| r.codes.iter().any(|c| *c == k.to_lowercase()))
    }

    /// Sorts matches in place: the key, then id ascending.
    pub fn sort(&self, hits: &mut [&Record]) {
        hits.sort_by(|a, b| {
            let ord = match self.sort {
                Sort::Popularity => a.popularity.cmp(&b.popularity),
                Sort::DateModified => a.modified.cmp(&b.modified),
                Sort::Title => a.title.to_lowercase().cmp(&b.title.to_lowercase()),
                Sort::Value => a.price.unwrap_or(f64::MAX).total_cmp(&b.price.unwrap_or(f64::MAX)),
                Sort::Relevance => std::cmp::Ordering::Equal,
            };
            (if self.desc { ord.reverse() } else { ord }).then_with(|| a.id.cmp(&b.id))
        });
    }
}

fn requirement_matches(f: &ReqFilter, r: &Record) -> bool {
    let title = match f {
        ReqFilter::Text { requirement, .. }
        | ReqFilter::Number { requirement, .. }
        | ReqFilter::Boolean { requirement, .. } => requirement,
    };
    r.responses.iter().filter(|resp| resp.requirement.to_lowercase() == *title).any(|resp| match (f, &resp.answer) {
        (ReqFilter::Text { values, .. }, RequirementValue::Text(got)) => {
            values.is_empty() || got.iter().any(|g| values.contains(&g.to_lowercase()))
        }
        (ReqFilter::Number { value, min, max, .. }, RequirementValue::Number(x)) => {
            value.is_none_or(|v| (x - v).abs() < 1e-9) && min.is_none_or(|m| *x >= m) && max.is_none_or(|m| *x <= m)
        }
        (ReqFilter::Boolean { value, .. }, RequirementValue::Boolean(b)) => b == value,
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str, l: Listing) -> Result<ListQuery, UpstreamError> {
        ListQuery::parse(&Params::parse(s), l)
    }

    fn param(e: UpstreamError) -> String {
        match e {
            UpstreamError::InvalidParameter { name, .. } | UpstreamError::MissingParameter(name) => name,
            UpstreamError::PastResultWindow { .. } => "page".into(),
            other => other.to_string(),
        }
    }

    #[test]
    fn relevance_with_a_keyword() {
        let k = q("keyword=папір", Listing::Products).unwrap();
        assert_eq!((k.sort, k.exact), (Sort::Relevance, false));
        assert_eq!(q("sortOrder=relevance", Listing::Products).unwrap().sort, Sort::Popularity);
        assert_eq!(q("keyword=папір&sortOrder=title", Listing::Products).unwrap().sort, Sort::Title);
        assert!(q("keyword=папір&exact=true", Listing::Products).unwrap().exact);
        assert!(q("keyword=папір&sortOrder=relevance.asc", Listing::Products).is_err());
    }

    #[test]
    fn defaults() {
        let d = q("", Listing::Products).unwrap();
        assert_eq!((d.page, d.per_page, d.sort, d.desc), (1, 24, Sort::Popularity, true));
        assert_eq!(d.statuses, vec!["active"]);
        assert!(q("pagination=false", Listing::Profiles).unwrap().unpaged);
    }

    #[test]
    fn requirement_filters_parse() {
        let f = q(
            "textRequirements[0][requirement]=Колір&textRequirements[0][values][1]=Синій&textRequirements[0][values][0]=білий\
             &numberRequirements[3][requirement]=Щільність&numberRequirements[3][minValue]=75,5\
             &booleanRequirements[0][requirement]=Стерильний&booleanRequirements[0][value]=false",
            Listing::Products,
        )
        .unwrap();
        assert_eq!(
            f.requirements,
            vec![
                ReqFilter::Text {
                    requirement: "колір".into(), values: vec!["білий".into(), "синій".into()]
                },
                ReqFilter::Number { requirement: "щільність".into(), value: None, min: Some(75.5), max: None },
                ReqFilter::Boolean { requirement: "стерильний".into(), value: false },
            ]
        );
    }

    #[test]
    fn bad_values_name_the_parameter() {
        for (s, l, name) in [
            ("perPage=101", Listing::Products, "perPage"),
            ("page=500", Listing::Products, "page"),
            ("status[0]=gone", Listing::Products, "status"),
            ("status[0]=draft", Listing::Categories, "status"),
            ("sortOrder=value.asc", Listing::Profiles, "sortOrder"),
            ("sortOrder=popularity.up", Listing::Products, "sortOrder"),
            ("pagination=false", Listing::Products, "pagination"),
            ("pagination=maybe", Listing::Profiles, "pagination"),
            ("market_classification[0]=office", Listing::Products, "market_classification"),
            ("classification[0]=3019", Listing::Products, "classification"),
            ("numberRequirements[0][minValue]=1", Listing::Products, "numberRequirements[0][requirement]"),
            ("numberRequirements[0][requirement]=a&numberRequirements[0][maxValue]=x", Listing::Products, "numberRequirements[0][maxValue]"),
            ("numberRequirements[0][requirement]=a&numberRequirements[0][minValue]=5&numberRequirements[0][maxValue]=1", Listing::Products, "numberRequirements[0][minValue]"),
            ("booleanRequirements[2][requirement]=a&booleanRequirements[2][value]=yes", Listing::Products, "booleanRequirements[2][value]"),
            ("booleanRequirements[2][requirement]=a", Listing::Products, "booleanRequirements[2][value]"),
            ("textRequirements[1][values][0]=a", Listing::Products, "textRequirements[1][requirement]"),
        ] {
            assert_eq!(param(q(s, l).unwrap_err()), name, "{s}");
        }
    }

    #[test]
    fn ids_name_the_records_themselves() {
        let x = q("id[]=b,a&id[1]=c", Listing::Profiles).unwrap();
        assert_eq!(x.ids, ["a", "b", "c"]);
        let record = |id: &str| Record {
            id: id.into(),
            status: "active",
            market_classification: String::new(),
            category: String::new(),
            profiles: Vec::new(),
            cpv: String::new(),
            title: String::new(),
            text: String::new(),
            codes: Vec::new(),
            popularity: 0,
            modified: 0,
            price: None,
            responses: Vec::new(),
            json: serde_json::Value::Null,
        };
        assert!(x.matches_but_keyword(&record("b")) && !x.matches_but_keyword(&record("d")));
        assert!(q("", Listing::Profiles).unwrap().matches_but_keyword(&record("d")), "no ids: every record");
    }
}
