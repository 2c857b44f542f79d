//! Classifiers (CPV / ДК 021, ua-road, ccce_ua, KEKV) as trees, plus the standards'
//! code lists the APIs hand out (countries, regions, procurement method types, funders).
//! CPV comes from the data folder (the wheel's `dk021_uk.json`); everything else from the
//! optional standards folder. Without it, English names fall back to Ukrainian ones. The
//! countries keep the standards' codes under the short ISO 3166-1 names of the data
//! folder's `countries.tsv` (`upstream/scripts/build-countries.sh`).

use crate::error::UpstreamError;
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

/// One classifier code.
#[derive(Debug, Clone)]
pub struct Node {
    pub id: String,
    pub uk: String,
    pub en: String,
    pub parent: Option<String>,
    pub level: u8,
    pub has_children: bool,
    /// Lowercase `id uk en`, for keyword matching.
    pub search: String,
}

/// A classifier: nodes sorted by id, with parent links derived from the code digits.
#[derive(Debug, Default)]
pub struct Scheme {
    pub nodes: Vec<Node>,
    by_id: HashMap<String, usize>,
    children: HashMap<String, Vec<usize>>,
    roots: Vec<usize>,
}

/// The numeric part of a hierarchical code (`45000000-7` → `45000000`), if it is numeric.
fn digits(code: &str) -> Option<&str> {
    let d = code.split('-').next().unwrap_or(code);
    (!d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())).then_some(d)
}

/// The significant prefix of a numeric code: trailing zeros stripped, at least `min` digits.
pub fn significant(d: &str, min: usize) -> &str {
    let t = d.trim_end_matches('0');
    &d[..t.len().max(min).min(d.len())]
}

impl Scheme {
    /// Builds a tree from (id, uk, en) triples. `min` is the shortest significant prefix
    /// (2 for CPV divisions, 1 for KEKV and ccce_ua).
    pub fn build(mut entries: Vec<(String, String, String)>, min: usize) -> Self {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries.dedup_by(|a, b| a.0 == b.0);
        let mut by_digits: HashMap<String, String> = HashMap::new();
        for (id, _, _) in &entries {
            if let Some(d) = digits(id) {
                by_digits.insert(d.to_string(), id.clone());
            }
        }
        let mut nodes: Vec<Node> = entries
            .into_iter()
            .map(|(id, uk, en)| {
                let parent = digits(&id).and_then(|d| {
                    let sig = significant(d, min);
                    (min..sig.len()).rev().find_map(|l| {
                        let cand = format!("{}{}", &d[..l], "0".repeat(d.len() - l));
                        by_digits.get(&cand).filter(|p| **p != id).cloned()
                    })
                });
                let search = format!("{id} {} {}", uk.to_lowercase(), en.to_lowercase());
                Node { id, uk, en, parent, level: 1, has_children: false, search }
            })
            .collect();
        let by_id: HashMap<String, usize> = nodes.iter().enumerate().map(|(i, n)| (n.id.clone(), i)).collect();
        let mut children: HashMap<String, Vec<usize>> = HashMap::new();
        let mut roots = Vec::new();
        for (i, n) in nodes.iter().enumerate() {
            match &n.parent {
                Some(p) => children.entry(p.clone()).or_default().push(i),
                None => roots.push(i),
            }
        }
        for i in 0..nodes.len() {
            nodes[i].has_children = children.contains_key(&nodes[i].id);
            let (mut level, mut cur) = (1u8, nodes[i].parent.clone());
            while let Some(p) = cur {
                level += 1;
                cur = by_id.get(&p).and_then(|&j| nodes[j].parent.clone());
            }
            nodes[i].level = level;
        }
        Self { nodes, by_id, children, roots }
    }

    /// A node by exact id.
    pub fn get(&self, id: &str) -> Option<&Node> {
        self.by_id.get(id).map(|&i| &self.nodes[i])
    }

    /// Nodes whose numeric id matches these digits (`45000000` finds `45000000-7`).
    pub fn by_digits(&self, d: &str) -> Option<&Node> {
        self.get(d).or_else(|| {
            let i = self.nodes.partition_point(|n| n.id.as_str() < d);
            self.nodes.get(i).filter(|n| digits(&n.id) == Some(d))
        })
    }

    /// Top-level nodes.
    pub fn roots(&self) -> impl Iterator<Item = &Node> {
        self.roots.iter().map(|&i| &self.nodes[i])
    }

    /// Direct children of a node.
    pub fn children_of(&self, id: &str) -> impl Iterator<Item = &Node> {
        self.children.get(id).into_iter().flatten().map(|&i| &self.nodes[i])
    }

    /// Nodes whose id, Ukrainian or English name contains every word of the keyword.
    pub fn search<'a>(&'a self, keyword: &str) -> impl Iterator<Item = &'a Node> + 'a {
        let words: Vec<String> = keyword.to_lowercase().split_whitespace().map(String::from).collect();
        self.nodes.iter().filter(move |n| words.iter().all(|w| n.search.contains(w.as_str())))
    }
}

/// A named code (procurement method type, country, status ...).
#[derive(Debug, Clone, serde::Serialize)]
pub struct Named {
    pub code: String,
    pub name: String,
    pub name_en: String,
}

/// Everything loaded from the classifier files.
#[derive(Debug, Default)]
pub struct Classifiers {
    pub cpv: Scheme,
    pub road: Scheme,
    pub ccce_ua: Scheme,
    pub kekv: Scheme,
    /// GMDN is licensed and INN lists are not in the standards: empty schemes.
    pub empty: Scheme,
    pub countries: Vec<Named>,
    pub regions: Vec<String>,
    pub method_types: Vec<Named>,
    pub tender_statuses: Vec<Named>,
    /// Funders: `{identifier: {id, scheme}, name_uk, name_en}`.
    pub funders: Vec<Value>,
    /// True when the standards folder was found.
    pub has_standards: bool,
}

fn read_json(path: &Path) -> Result<Value, UpstreamError> {
    let text = std::fs::read_to_string(path)
        .map_err(|source| UpstreamError::DataFile { path: path.display().to_string(), source })?;
    serde_json::from_str(&text)
        .map_err(|e| UpstreamError::DataParse { path: path.display().to_string(), reason: e.to_string() })
}

fn string_map(v: &Value) -> Vec<(String, String)> {
    v.as_object()
        .map(|m| m.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect())
        .unwrap_or_default()
}

fn optional(dir: Option<&Path>, rel: &str) -> Result<Option<Value>, UpstreamError> {
    match dir.map(|d| d.join(rel)) {
        Some(p) if p.exists() => read_json(&p).map(Some),
        _ => Ok(None),
    }
}

/// The countries' short names, made by `upstream/scripts/build-countries.sh` from ISO 3166-1.
pub const COUNTRY_NAMES: &str = "countries.tsv";

/// Gives the standards' countries the short names of ISO 3166-1 (`code<TAB>uk<TAB>en`
/// lines of `path`): the standards name them officially and at length («Республіка
/// Польща», filed under Р), with typos («Танзія», "Falkland Islands (Malvinas])"). The
/// codes stay the standards' (they are what the platform accepts); a code ISO does not
/// name, or does not name in Ukrainian, keeps the standards' name, and says so in the log.
fn short_country_names(countries: &mut [Named], path: &Path) -> Result<(), UpstreamError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            tracing::warn!(
                path = %path.display(),
                "no short country names (upstream/scripts/build-countries.sh makes them): the standards' names are served"
            );
            return Ok(());
        }
        Err(source) => return Err(UpstreamError::DataFile { path: path.display().to_string(), source }),
    };
    let iso: HashMap<&str, (&str, &str)> = text
        .lines()
        .filter_map(|line| {
            let mut cols = line.split('\t');
            Some((cols.next()?, (cols.next()?, cols.next()?)))
        })
        .collect();
    let mut kept = Vec::new();
    for country in countries.iter_mut() {
        let Some(&(uk, en)) = iso.get(country.code.as_str()) else {
            kept.push(country.code.clone());
            continue;
        };
        if uk.is_empty() {
            kept.push(country.code.clone());
        } else {
            country.name = uk.to_owned();
        }
        if !en.is_empty() {
            country.name_en = en.to_owned();
        }
    }
    if !kept.is_empty() {
        tracing::info!(codes = %kept.join(","), "countries without a short ISO 3166-1 name in Ukrainian: the standards' name kept");
    }
    Ok(())
}

fn scheme_uk_only(v: Option<Value>, min: usize) -> Scheme {
    let entries = v.as_ref().map(string_map).unwrap_or_default();
    Scheme::build(entries.into_iter().map(|(k, uk)| (k, uk.clone(), uk)).collect(), min)
}

impl Classifiers {
    /// Loads CPV from `data_dir/dk021_uk.json` (or the standards copy) and the rest from
    /// `standards_dir` (the `classifiers` folder of ProzorroUKR/standards) when present;
    /// code lists are read from its sibling `codelists` folder.
    pub fn load(data_dir: &Path, standards_dir: Option<&Path>) -> Result<Self, UpstreamError> {
        let std_dir = standards_dir.filter(|d| d.is_dir());
        let cpv_path = data_dir.join("dk021_uk.json");
        let uk = if cpv_path.exists() {
            read_json(&cpv_path)?
        } else {
            optional(std_dir, "dk021_uk.json")?.ok_or_else(|| UpstreamError::DataFile {
                path: cpv_path.display().to_string(),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "run upstream/scripts/fetch-data.sh"),
            })?
        };
        let en: HashMap<String, String> =
            optional(std_dir, "cpv_en.json")?.as_ref().map(string_map).unwrap_or_default().into_iter().collect();
        let cpv = Scheme::build(
            string_map(&uk)
                .into_iter()
                .map(|(k, uk)| {
                    let en = en.get(&k).cloned().unwrap_or_else(|| uk.clone());
                    (k, uk, en)
                })
                .collect(),
            2,
        );
        let mut c = Classifiers {
            cpv,
            road: scheme_uk_only(optional(std_dir, "ua_road.json")?, 1),
            ccce_ua: scheme_uk_only(optional(std_dir, "ccce_ua.json")?, 1),
            kekv: scheme_uk_only(optional(std_dir, "kekv_uk.json")?, 1),
            has_standards: std_dir.is_some(),
            ..Default::default()
        };
        // The road index has alphanumeric codes: a flat list, which is its real shape.
        if let Some(v) = optional(std_dir, "countries.json")? {
            if let Some(m) = v.as_object() {
                c.countries = m
                    .iter()
                    .map(|(k, v)| Named {
                        code: k.clone(),
                        name: v["name_uk"].as_str().unwrap_or(k).to_string(),
                        name_en: v["name_en"].as_str().unwrap_or(k).to_string(),
                    })
                    .collect();
                c.countries.sort_by(|a, b| a.code.cmp(&b.code));
                short_country_names(&mut c.countries, &data_dir.join(COUNTRY_NAMES))?;
            }
        }
        if c.countries.is_empty() {
            c.countries.push(Named { code: "UA".into(), name: "Україна".into(), name_en: "Ukraine".into() });
        }
        c.regions = match optional(std_dir, "ua_regions.json")? {
            Some(Value::Array(a)) => a.iter().filter_map(|v| v.as_str().map(String::from)).collect(),
            _ => Vec::new(),
        };
        let codelists = std_dir.and_then(|d| d.parent()).map(|p| p.join("codelists"));
        let codelists = codelists.as_deref();
        let named = |v: Option<Value>, uk_key: &str, en_key: &str| -> Vec<Named> {
            v.as_ref()
                .and_then(Value::as_object)
                .map(|m| {
                    m.iter()
                        .filter(|(k, _)| !k.is_empty())
                        .map(|(k, v)| {
                            let name = v[uk_key].as_str().unwrap_or(k).to_string();
                            let name_en = v[en_key].as_str().map(String::from).unwrap_or_else(|| name.clone());
                            Named { code: k.clone(), name, name_en }
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        c.method_types = named(optional(codelists, "tender_procurement_method_type.json")?, "name_uk", "name_en");
        c.tender_statuses = named(optional(codelists, "tender_status.json")?, "title_uk", "title_en");
        if let Some(Value::Array(programs)) = optional(codelists, "plan_funder_program.json")? {
            c.funders = programs
                .iter()
                .filter(|p| !p["archive"].as_bool().unwrap_or(false))
                .map(|p| {
                    serde_json::json!({
                        "identifier": {"id": p["funder"]["id"], "scheme": p["funder"]["scheme"], "legalName": p["name_en"]},
                        "name": p["name_uk"], "name_uk": p["name_uk"], "name_en": p["name_en"], "programId": p["id"],
                    })
                })
                .collect();
        }
        Ok(c)
    }

    /// The scheme behind a `scheme` parameter value, if known.
    pub fn scheme(&self, name: &str) -> Option<&Scheme> {
        match name.to_ascii_lowercase().replace(['-', '_', ' '], "").as_str() {
            "classification" | "cpv" | "dk021" => Some(&self.cpv),
            "road" | "uaroad" => Some(&self.road),
            "ccceua" => Some(&self.ccce_ua),
            "kekv" => Some(&self.kekv),
            "gmdn" | "inn" => Some(&self.empty),
            _ => None,
        }
    }

    /// The CPV division code (`45000000-7`) of any CPV code, or the bare digits.
    pub fn cpv_division(&self, code: &str) -> Option<String> {
        let d = digits(code)?;
        if d.len() < 2 {
            return None;
        }
        let div = format!("{}000000", &d[..2]);
        Some(self.cpv.by_digits(&div).map(|n| n.id.clone()).unwrap_or(div))
    }

    /// English name of a CPV code (Ukrainian when the standards are absent).
    pub fn cpv_en(&self, code: &str) -> Option<&str> {
        self.cpv.get(code).map(|n| n.en.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Scheme {
        let e = |id: &str| (id.to_string(), format!("uk {id}"), format!("en {id}"));
        Scheme::build(vec![e("03000000-1"), e("03100000-2"), e("03110000-5"), e("03111000-2"), e("45000000-7")], 2)
    }

    #[test]
    fn cpv_parents_follow_the_digits() {
        let s = tiny();
        assert_eq!(s.get("03111000-2").unwrap().parent.as_deref(), Some("03110000-5"));
        assert_eq!(s.get("03111000-2").unwrap().level, 4);
        assert!(s.get("03000000-1").unwrap().has_children);
        assert!(!s.get("45000000-7").unwrap().has_children);
        assert_eq!(s.roots().count(), 2);
        assert_eq!(s.children_of("03100000-2").count(), 1);
        assert_eq!(s.by_digits("45000000").unwrap().id, "45000000-7");
        assert_eq!(s.search("EN 0311").count(), 2);
    }

    fn named(code: &str, uk: &str, en: &str) -> Named {
        Named { code: code.into(), name: uk.into(), name_en: en.into() }
    }

    #[test]
    fn countries_take_the_short_names_and_keep_their_codes() {
        let dir = std::env::temp_dir().join(format!("countries-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(COUNTRY_NAMES);
        std::fs::write(&path, "PL\tПольща\tPoland\nXX\t\tNowhere\nZZ\tбез\n").unwrap();
        let mut countries = vec![
            named("PL", "Республіка Польща", "Poland (Republic of)"),
            named("XX", "Ніде", "Nowhere land"),
            named("CQ", "Сарк", "Sark"),
            named("ZZ", "Зед", "Zed"),
        ];
        short_country_names(&mut countries, &path).unwrap();
        let got: Vec<(&str, &str, &str)> =
            countries.iter().map(|c| (c.code.as_str(), c.name.as_str(), c.name_en.as_str())).collect();
        assert_eq!(
            got,
            [
                ("PL", "Польща", "Poland"),
                // No Ukrainian name in the table: the standards' one stays, the English is ISO's.
                ("XX", "Ніде", "Nowhere"),
                ("CQ", "Сарк", "Sark"),
                // A line without its three columns names nothing.
                ("ZZ", "Зед", "Zed"),
            ]
        );
        // Without the table, the standards' names stand.
        std::fs::remove_file(&path).unwrap();
        let mut kept = vec![named("PL", "Республіка Польща", "Poland")];
        short_country_names(&mut kept, &path).unwrap();
        assert_eq!(kept[0].name, "Республіка Польща");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn significant_prefix() {
        assert_eq!(significant("45000000", 2), "45");
        assert_eq!(significant("03100000", 2), "031");
        assert_eq!(significant("2000", 1), "2");
    }
}
