//! The catalogue in the shapes of the national Market catalogue's own API
//! (ProzorroUKR/prozorro-catalog: categories, profiles, products and offers), and back.
//! [`to_central`] writes the generated catalogue as that API serves it; [`from_central`]
//! builds the portal's [`Market`] (its five lists, their counters and search fields) from
//! such objects, so the upstream can serve a catalogue read from the real API.
//!
//! The central API is Ukrainian-only and keeps no counters, so what it does not carry is
//! either derived again (market classifications and their English names from the CPV
//! classifier, counters, a product's unit from its category, price and supplier from the
//! best offer) or lost (the other English texts, popularity, a category's `dateCreated`).

use super::query::Listing;
use super::{catalogue, Market, Record, Records, RequirementValue, Response};
use crate::classifiers::{significant, Classifiers, Node};
use crate::dates;
use crate::text::Analyzer;
use serde_json::{json, Map, Value};
use std::collections::{HashMap, HashSet};

/// The `owner` (the broker that created a record) written on every record of
/// [`to_central`]: the generated catalogue has no brokers.
pub const OWNER: &str = "upstream";

/// The catalogue as the central catalogue API serves it: each list holds that API's
/// JSON objects, each with `id` and `dateModified`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Central {
    /// Categories (`/api/categories/{id}`).
    pub categories: Vec<Value>,
    /// Profiles with their criteria (`/api/profiles/{id}`).
    pub profiles: Vec<Value>,
    /// Products, suppliers' and the catalogue's own alike (`/api/products/{id}`).
    pub products: Vec<Value>,
    /// Suppliers' offers: a price and a supplier for one product (`/api/offers/{id}`).
    pub offers: Vec<Value>,
}

/// The generated catalogue in the central API's shapes. Suppliers' products become a
/// product and an (active) offer carrying their price and supplier; the catalogue's own
/// products have no offer. Portal-only fields (English texts, counters, popularity,
/// `marketClassification`) are left out: [`from_central`] derives them again.
pub fn to_central(m: &Market) -> Central {
    let admin = |cat: &Value| m.categories.get(cat.as_str().unwrap_or_default()).map(|c| &c.json["procuringEntity"]);
    let categories = m
        .categories
        .all
        .iter()
        .map(|r| {
            let j = &r.json;
            let mut c = pick(
                j,
                &[
                    "id",
                    "title",
                    "description",
                    "status",
                    "classification",
                    "additionalClassifications",
                    "unit",
                    "images",
                    "agreementID",
                    "dateModified",
                ],
            );
            put(&mut c, "marketAdministrator", Some(&j["procuringEntity"]));
            c.insert("criteria".into(), json!([]));
            c.insert("tags".into(), json!([]));
            c.insert("owner".into(), json!(OWNER));
            strip_en(Value::Object(c))
        })
        .collect();
    let profiles = m
        .profiles
        .all
        .iter()
        .map(|r| {
            let j = &r.json;
            let mut p = pick(
                j,
                &[
                    "id",
                    "title",
                    "description",
                    "status",
                    "relatedCategory",
                    "classification",
                    "additionalClassifications",
                    "unit",
                    "value",
                    "images",
                    "criteria",
                    "dateCreated",
                    "dateModified",
                ],
            );
            put(&mut p, "agreementID", j["agreementsID"].get(0));
            put(&mut p, "marketAdministrator", admin(&j["relatedCategory"]));
            p.insert("tags".into(), json!([]));
            p.insert("owner".into(), json!(OWNER));
            strip_en(Value::Object(p))
        })
        .collect();
    let mut offers = Vec::new();
    let products = m
        .products
        .all
        .iter()
        .map(|r| (r, true))
        .chain(m.prozorro_products.all.iter().map(|r| (r, false)))
        .map(|(r, suppliers)| {
            let j = &r.json;
            if suppliers && j["value"].is_object() {
                offers.push(offer(r));
            }
            let mut p = pick(
                j,
                &[
                    "id",
                    "title",
                    "description",
                    "status",
                    "relatedCategory",
                    "relatedProfiles",
                    "classification",
                    "additionalClassifications",
                    "identifier",
                    "alternativeIdentifiers",
                    "brand",
                    "product",
                    "requirementResponses",
                    "images",
                    "dateCreated",
                    "dateModified",
                ],
            );
            put(&mut p, "marketAdministrator", admin(&j["relatedCategory"]));
            p.insert("owner".into(), json!(OWNER));
            strip_en(Value::Object(p))
        })
        .collect();
    Central { categories, profiles, products, offers }
}

/// The offer of a supplier's product: its price and supplier, delivered in the
/// supplier's country.
fn offer(r: &Record) -> Value {
    let j = &r.json;
    let supplier = &j["supplier"];
    let country = supplier["address"]["countryName"].as_str().unwrap_or("Україна");
    json!({
        "id": offer_id(&r.id), "relatedProduct": r.id,
        "deliveryAddresses": [{"countryName": country}],
        "status": "active",
        "suppliers": if supplier.is_object() { json!([supplier]) } else { json!([]) },
        "value": j["value"],
        "dateModified": j["dateModified"],
        "owner": OWNER,
    })
}

/// A stable 32-hex-digit offer id (the central API's pattern) from its product's id.
fn offer_id(product: &str) -> String {
    let fnv = |seed: u64| product.bytes().fold(seed, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{:016x}{:016x}", fnv(0xcbf2_9ce4_8422_2325), fnv(0x8422_2325_cbf2_9ce4))
}

/// The present `keys` of an object.
fn pick(j: &Value, keys: &[&str]) -> Map<String, Value> {
    keys.iter().filter_map(|&k| j.get(k).map(|v| (k.to_string(), v.clone()))).collect()
}

/// Sets `key` when `v` is there and not null.
fn put(m: &mut Map<String, Value>, key: &str, v: Option<&Value>) {
    if let Some(v) = v.filter(|v| !v.is_null()) {
        m.insert(key.into(), v.clone());
    }
}

/// Drops English (`*_en`) fields at every depth: the central API has none.
fn strip_en(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            Value::Object(m.into_iter().filter(|(k, _)| !k.ends_with("_en")).map(|(k, v)| (k, strip_en(v))).collect())
        }
        Value::Array(a) => Value::Array(a.into_iter().map(strip_en).collect()),
        other => other,
    }
}

/// A market classification being gathered: the CPV node's names and its categories.
struct Group {
    id: String,
    uk: String,
    en: String,
    cats: Vec<usize>,
}

/// What a category hands down to the profiles and products under it.
struct CatInfo {
    index: usize,
    mc: String,
    cpv: String,
    classification: Value,
    unit: Value,
    agreement: Option<String>,
}

/// Builds the portal's catalogue from central-API objects: market classifications from
/// the categories' CPV codes (see [`market_node`]), counters and popularity rolled up
/// from active suppliers' products as the generator does, a supplier's product priced
/// by its lowest active offer. Objects without their required fields (`id`,
/// `dateModified`, a category's `classification`, a title, a known `relatedCategory`)
/// and records whose status means deleted are skipped; the first of duplicate ids wins;
/// unknown fields are ignored. Each list's text is indexed with `analyzer`.
pub fn from_central(c: &Central, cls: &Classifiers, analyzer: &Analyzer) -> Market {
    let mut groups: Vec<Group> = Vec::new();
    let mut cats: Vec<Record> = Vec::new();
    let mut cat_of: HashMap<String, CatInfo> = HashMap::new();
    for v in &c.categories {
        let Some(id) = text(v, "id") else { continue };
        let classification = &v["classification"];
        let (Some(modified), Some(cpv), Some(status)) =
            (date(v), text(classification, "id"), status_of(v, Listing::Categories.statuses()))
        else {
            continue;
        };
        if cat_of.contains_key(id) {
            continue;
        }
        let classification = with_english(classification, cls);
        let node = cpv_node(cls, cpv);
        let title = text(v, "title").or_else(|| text(&classification, "description")).unwrap_or(id);
        let title_en = node.filter(|n| n.uk == title).map(|n| n.en.as_str());
        let mc = market_node(cls, cpv, node, &classification);
        let g = match groups.iter().position(|g| g.id == mc.id) {
            Some(g) => g,
            None => {
                groups.push(mc);
                groups.len() - 1
            }
        };
        groups[g].cats.push(cats.len());
        let mc = groups[g].id.clone();
        let agreement = text(v, "agreementID").map(String::from);
        let admin = [&v["marketAdministrator"], &v["procuringEntity"]].into_iter().find(|a| a.is_object());
        let admin = admin.cloned().unwrap_or(Value::Null);
        let mut json = json!({
            "id": id, "title": title, "description": v["description"], "status": status,
            "classification": classification, "additionalClassifications": array_or_empty(&v["additionalClassifications"]),
            "images": array_or_empty(&v["images"]), "unit": v["unit"], "procuringEntity": admin,
            "agreementID": agreement, "marketClassification": mc, "dateModified": v["dateModified"],
        });
        if let Some(en) = title_en {
            json["title_en"] = json!(en);
        }
        drop_nulls(&mut json);
        let mut rec = Record { modified, json, ..Record::new(id, status, &mc, id, cpv, title) };
        rec.text = lines(&[
            title,
            title_en.unwrap_or_default(),
            text(v, "description").unwrap_or_default(),
            text(&classification, "description").unwrap_or_default(),
            text(&classification, "description_en").unwrap_or_default(),
        ]);
        rec.codes.extend(agreement.clone());
        let info =
            CatInfo { index: cats.len(), mc, cpv: cpv.to_string(), unit: v["unit"].clone(), agreement, classification };
        cat_of.insert(id.to_string(), info);
        cats.push(rec);
    }

    let mut profiles: Vec<Record> = Vec::new();
    let mut profile_index: HashMap<String, usize> = HashMap::new();
    for v in &c.profiles {
        let (Some(id), Some(title), Some(modified)) = (text(v, "id"), text(v, "title"), date(v)) else { continue };
        let (Some(cat), Some(status)) =
            (text(v, "relatedCategory").and_then(|k| cat_of.get(k)), status_of(v, Listing::Profiles.statuses()))
        else {
            continue;
        };
        if profile_index.contains_key(id) {
            continue;
        }
        let classification = own_or(&with_english(&v["classification"], cls), &cat.classification);
        let cpv = text(&classification, "id").unwrap_or(&cat.cpv).to_string();
        let agreement = text(v, "agreementID").map(String::from).or_else(|| cat.agreement.clone());
        let mut json = json!({
            "id": id, "title": title, "description": v["description"], "status": status,
            "classification": classification, "additionalClassifications": array_or_empty(&v["additionalClassifications"]),
            "unit": own_or(&v["unit"], &cat.unit), "value": v["value"],
            "criteria": array_or_empty(&v["criteria"]), "images": array_or_empty(&v["images"]),
            "relatedCategory": text(v, "relatedCategory"), "marketClassification": cat.mc,
            "agreementsID": agreement.as_ref().map(|a| json!([a])),
            "dateCreated": v["dateCreated"], "dateModified": v["dateModified"],
        });
        drop_nulls(&mut json);
        let mut rec = Record { modified, json, ..Record::new(id, status, &cat.mc, &cats[cat.index].id, &cpv, title) };
        rec.text = lines(&[
            title,
            text(&classification, "description").unwrap_or_default(),
            text(&classification, "description_en").unwrap_or_default(),
        ]);
        rec.codes.extend(agreement);
        profile_index.insert(id.to_string(), profiles.len());
        profiles.push(rec);
    }

    // Valid offers by product: (amount, active, offer).
    let mut offers: HashMap<&str, Vec<(f64, bool, &Value)>> = HashMap::new();
    for o in &c.offers {
        let (Some(_), Some(product)) = (text(o, "id"), text(o, "relatedProduct")) else { continue };
        let Some(amount) = o["value"]["amount"].as_f64().filter(|a| a.is_finite()) else { continue };
        let active = o["status"].as_str().is_none_or(|s| s == "active");
        offers.entry(product).or_default().push((amount, active, o));
    }

    let mut products: Vec<Record> = Vec::new();
    let mut prozorro: Vec<Record> = Vec::new();
    let mut seen: HashSet<&str> = HashSet::new();
    for v in &c.products {
        let (Some(id), Some(title), Some(modified)) = (text(v, "id"), text(v, "title"), date(v)) else { continue };
        let (Some(cat), Some(status)) =
            (text(v, "relatedCategory").and_then(|k| cat_of.get(k)), status_of(v, Listing::Products.statuses()))
        else {
            continue;
        };
        if !seen.insert(id) {
            continue;
        }
        let classification = own_or(&with_english(&v["classification"], cls), &cat.classification);
        let cpv = text(&classification, "id").unwrap_or(&cat.cpv).to_string();
        let related: Vec<String> = v["relatedProfiles"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect())
            .unwrap_or_default();
        let popularity = v["popularity"].as_u64().unwrap_or(0);
        let mut json = json!({
            "id": id, "title": title, "description": v["description"], "status": status,
            "classification": classification, "additionalClassifications": array_or_empty(&v["additionalClassifications"]),
            "identifier": v["identifier"], "alternativeIdentifiers": array_or_empty(&v["alternativeIdentifiers"]),
            "brand": v["brand"], "product": v["product"], "unit": own_or(&v["unit"], &cat.unit),
            "requirementResponses": array_or_empty(&v["requirementResponses"]),
            "relatedCategory": text(v, "relatedCategory"), "relatedProfiles": related,
            "marketClassification": cat.mc, "popularity": popularity, "images": v["images"],
            "dateCreated": v["dateCreated"], "dateModified": v["dateModified"],
        });
        let mine = offers.get(id);
        let best = mine.and_then(|o| {
            o.iter()
                .filter(|(_, active, _)| *active)
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .map(|&(amount, _, o)| (amount, o))
        });
        let supplier = best.map(|(_, o)| &o["suppliers"][0]).filter(|s| s.is_object());
        if let Some((_, o)) = best {
            json["value"] = o["value"].clone();
        }
        if let Some(s) = supplier {
            json["supplier"] = s.clone();
        }
        drop_nulls(&mut json);
        let mut rec = Record { modified, json, ..Record::new(id, status, &cat.mc, &cats[cat.index].id, &cpv, title) };
        rec.text = lines(&[
            title,
            text(v, "description").unwrap_or_default(),
            v["brand"]["name"].as_str().unwrap_or_default(),
            text(&classification, "description").unwrap_or_default(),
            text(&classification, "description_en").unwrap_or_default(),
            v["product"]["name"].as_str().unwrap_or_default(),
            supplier.and_then(|s| s["name"].as_str()).unwrap_or_default(),
        ]);
        let identifiers =
            std::iter::once(&v["identifier"]).chain(v["alternativeIdentifiers"].as_array().into_iter().flatten());
        rec.codes.extend(identifiers.filter_map(|i| i["id"].as_str()).map(str::to_lowercase));
        rec.profiles = related;
        rec.popularity = popularity;
        rec.price = best.map(|(amount, _)| amount);
        rec.responses = responses(&v["requirementResponses"]);
        if mine.is_some() {
            products.push(rec);
        } else {
            prozorro.push(rec);
        }
    }

    // Counters: active suppliers' products roll up into their profiles and category.
    let mut cat_products: HashMap<&str, u64> = HashMap::new();
    let mut profile_sums = vec![(0u64, 0u64); profiles.len()];
    for p in products.iter().filter(|p| p.status == "active") {
        *cat_products.entry(&p.category).or_default() += 1;
        for i in p.profiles.iter().filter_map(|id| profile_index.get(id)) {
            profile_sums[*i].0 += 1;
            profile_sums[*i].1 += p.popularity;
        }
    }
    for (p, &(count, popularity)) in profiles.iter_mut().zip(&profile_sums) {
        p.popularity = popularity;
        p.json["productsCount"] = json!(count);
        p.json["popularity"] = json!(popularity);
    }
    let mut cat_sums: HashMap<&str, (usize, usize, u64)> = HashMap::new();
    for p in &profiles {
        let s = cat_sums.entry(&p.category).or_default();
        s.2 += p.popularity;
        s.0 += 1;
        s.1 += usize::from(p.status == "active");
    }
    for cat in &mut cats {
        let (n, active, popularity) = cat_sums.get(cat.id.as_str()).copied().unwrap_or_default();
        cat.popularity = popularity;
        cat.json["profilesCount"] = json!(n);
        cat.json["activeProfilesCount"] = json!(active);
        cat.json["productsCount"] = json!(cat_products.get(cat.id.as_str()).copied().unwrap_or(0));
        cat.json["popularity"] = json!(popularity);
    }
    let classifications = groups.iter().map(|g| classification_record(g, &cats)).collect();

    let mut m = Market {
        classifications: Records::new(classifications),
        categories: Records::new(cats),
        profiles: Records::new(profiles),
        products: Records::new(products),
        prozorro_products: Records::new(prozorro),
    };
    m.index_text(analyzer);
    m
}

/// A market classification's record, its counts rolled up from its categories.
fn classification_record(g: &Group, cats: &[Record]) -> Record {
    let mine: Vec<&Record> = g.cats.iter().map(|&i| &cats[i]).collect();
    let products: u64 = mine.iter().map(|c| c.json["productsCount"].as_u64().unwrap_or(0)).sum();
    let popularity: u64 = mine.iter().map(|c| c.popularity).sum();
    let modified = mine.iter().map(|c| c.modified).max().unwrap_or(0);
    let json = json!({
        "id": g.id, "scheme": "ДК021", "title": g.uk, "title_en": g.en,
        "description": g.uk, "description_en": g.en, "status": "active",
        "categoriesCount": mine.len(), "activeCategoriesCount": mine.iter().filter(|c| c.status == "active").count(),
        "productsCount": products, "popularity": popularity,
        "dateModified": dates::format_kyiv(modified),
    });
    let mut rec = Record { modified, json, ..Record::new(&g.id, "active", &g.id, "", &g.id, &g.uk) };
    rec.text = [g.uk.as_str(), g.en.as_str()].join("\n");
    rec.popularity = popularity;
    rec
}

/// The market classification a category with this CPV code belongs to: the deepest
/// market classification of the generator's tables ([`catalogue::KITS`]) that holds the
/// code, else its nearest CPV ancestor at class level or broader (the code itself for a
/// division); a code the classifier does not know groups under itself.
fn market_node(cls: &Classifiers, cpv: &str, node: Option<&Node>, classification: &Value) -> Group {
    let d8 = digits(cpv);
    let kit = catalogue::KITS
        .iter()
        .filter(|k| d8.is_some_and(|d| d.starts_with(significant(k.cpv, 2))))
        .max_by_key(|k| significant(k.cpv, 2).len())
        .and_then(|k| cls.cpv.by_digits(k.cpv));
    let class = || {
        let mut cur = node?;
        while let Some(parent) = cur.parent.as_deref().and_then(|p| cls.cpv.get(p)) {
            cur = parent;
            if digits(&cur.id).is_some_and(|d| significant(d, 2).len() <= 4) {
                break;
            }
        }
        Some(cur)
    };
    match kit.or_else(class) {
        Some(n) => Group { id: n.id.clone(), uk: n.uk.clone(), en: n.en.clone(), cats: Vec::new() },
        None => {
            let name = text(classification, "description").unwrap_or(cpv).to_string();
            Group { id: cpv.to_string(), uk: name.clone(), en: name, cats: Vec::new() }
        }
    }
}

/// The eight digits of a CPV code (`33190000-8` → `33190000`).
fn digits(cpv: &str) -> Option<&str> {
    let d = cpv.split('-').next().unwrap_or_default();
    (d.len() == 8 && d.bytes().all(|b| b.is_ascii_digit())).then_some(d)
}

fn cpv_node<'a>(cls: &'a Classifiers, cpv: &str) -> Option<&'a Node> {
    cls.cpv.get(cpv).or_else(|| digits(cpv).and_then(|d| cls.cpv.by_digits(d)))
}

/// A classification object with the classifier's English name added, as the generator
/// writes it (`null` when `v` is not an object).
fn with_english(v: &Value, cls: &Classifiers) -> Value {
    let Some(m) = v.as_object() else { return Value::Null };
    let mut m = m.clone();
    if !m.contains_key("description_en") {
        if let Some(n) = m.get("id").and_then(Value::as_str).and_then(|id| cpv_node(cls, id)) {
            m.insert("description_en".into(), json!(n.en));
        }
    }
    Value::Object(m)
}

/// `own` when it is an object, else `fallback`.
fn own_or(own: &Value, fallback: &Value) -> Value {
    (if own.is_object() { own } else { fallback }).clone()
}

fn array_or_empty(v: &Value) -> Value {
    if v.is_array() {
        v.clone()
    } else {
        json!([])
    }
}

/// Removes the top-level fields left null (absent in the source).
fn drop_nulls(v: &mut Value) {
    if let Some(m) = v.as_object_mut() {
        m.retain(|_, v| !v.is_null());
    }
}

/// A non-empty string field.
fn text<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v[key].as_str().filter(|s| !s.is_empty())
}

/// `dateModified` in epoch milliseconds.
fn date(v: &Value) -> Option<i64> {
    v["dateModified"].as_str().and_then(dates::parse)
}

/// The status among `allowed` (`active` when absent, the API's default); `None` for a
/// deleted record (`deleted`; `general` is a deleted profile), `hidden` for any other.
fn status_of(v: &Value, allowed: &'static [&'static str]) -> Option<&'static str> {
    match v["status"].as_str() {
        None => Some("active"),
        Some("deleted" | "general") => None,
        Some(s) => Some(allowed.iter().find(|a| **a == s).copied().unwrap_or("hidden")),
    }
}

/// Distinct non-empty pieces, one a line, in order.
fn lines(pieces: &[&str]) -> String {
    let mut seen = HashSet::new();
    pieces.iter().filter(|p| !p.is_empty() && seen.insert(**p)).copied().collect::<Vec<_>>().join("\n")
}

/// A product's responses: `values` as text, `value` as a number, boolean or text.
fn responses(v: &Value) -> Vec<Response> {
    let scalar = |x: &Value| match x {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    };
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| {
            let requirement = text(r, "requirement")?.to_string();
            let answer = match (&r["values"], &r["value"]) {
                (Value::Array(vals), _) => RequirementValue::Text(vals.iter().filter_map(scalar).collect()),
                (_, Value::Number(n)) => RequirementValue::Number(n.as_f64()?),
                (_, Value::Bool(b)) => RequirementValue::Boolean(*b),
                (_, Value::String(s)) => RequirementValue::Text(vec![s.clone()]),
                _ => return None,
            };
            Some(Response { requirement, answer })
        })
        .collect()
}

#[cfg(test)]
mod tests;
