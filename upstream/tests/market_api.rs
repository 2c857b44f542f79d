//! The generated Market catalogue: determinism, record shapes against the real catalogue
//! fixtures, every market endpoint's contract through the in-process router, and a
//! brute-force check of product filtering (requirement filters included) on seeded random
//! queries, evaluated independently from the products' JSON.

// These tests read data that nothing writes while they run: a read guard held across a
// request cannot block a writer.
#![allow(clippy::await_holding_lock)]

mod common;

use common::{enc, get, state};
use serde_json::Value;
use std::collections::BTreeSet;
use upstream::generate::Rng;
use upstream::market::Market;

/// A real catalogue fixture of the shared data folder when present (a panic when it is not
/// and `CI` is set: see [`upstream::shared_data::required`]).
fn fixture(name: &str) -> Option<Value> {
    upstream::shared_data::required(&format!("prozorro-catalog-fixtures/{name}.json"))
        .map(|p| serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap())
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default()
}

fn members(v: &Value) -> &Vec<Value> {
    v["hydra:member"].as_array().expect("hydra:member")
}

#[test]
fn generation_is_deterministic_and_sized() {
    let s = state();
    let t = std::time::Instant::now();
    let again = Market::generate(&s.data.read().classifiers, &upstream::text::Analyzer::new(None));
    eprintln!("market generation took {:?}", t.elapsed());
    assert!(again == *s.market.get(), "two generations from the same classifier are equal");
    let m = s.market.get();
    let n = |r: &upstream::market::Records| r.len();
    eprintln!(
        "market sizes: {} classifications, {} categories, {} profiles, {} products, {} prozorro products",
        n(&m.classifications),
        n(&m.categories),
        n(&m.profiles),
        n(&m.products),
        n(&m.prozorro_products)
    );
    assert!((40..=60).contains(&n(&m.classifications)));
    assert!((130..=170).contains(&n(&m.categories)));
    assert!((420..=600).contains(&n(&m.profiles)));
    assert!((4_000..=6_500).contains(&n(&m.products)));
    assert!((200..=450).contains(&n(&m.prozorro_products)));
    let ids: BTreeSet<&str> = m.products.all.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), m.products.len(), "product ids are unique");
}

#[test]
fn records_have_the_real_catalogue_shapes() {
    let s = state();
    let m = s.market.get();
    for (name, sample) in [
        ("category", &m.categories.all[0].json),
        ("profile", &m.profiles.all[0].json),
        ("product", &m.products.all[0].json),
    ] {
        let Some(f) = fixture(name) else {
            eprintln!("catalogue fixture `{name}` not found: shape check skipped");
            continue;
        };
        let missing: Vec<_> = keys(&f).difference(&keys(sample)).cloned().collect();
        assert!(missing.is_empty(), "{name} lacks fixture keys {missing:?}");
    }
    if let Some(c) = fixture("criteria") {
        let ours = &m.profiles.all[0].json["criteria"][0];
        let missing: Vec<_> = keys(&c["criteria"][0]).difference(&keys(ours)).cloned().collect();
        assert!(missing.is_empty(), "criterion lacks {missing:?}");
    }
    let cpv = &s.data.read().classifiers.cpv;
    for c in &m.categories.all {
        let j = &c.json;
        assert!(cpv.get(j["classification"]["id"].as_str().unwrap()).is_some(), "real CPV code");
        assert_eq!(j["agreementID"].as_str().unwrap().len(), 32);
        assert!(j["procuringEntity"]["identifier"]["id"].as_str().unwrap().len() == 8);
        let mc = m.classification(&c.market_classification).unwrap();
        let pre = upstream::classifiers::significant(&mc.id[..8], 2);
        assert!(c.cpv.starts_with(pre), "category {} under {}", c.cpv, mc.id);
    }
    let mut conforming = 0;
    for p in &m.products.all {
        let j = &p.json;
        let sup = j["supplier"]["identifier"]["id"].as_str().unwrap();
        assert!(sup.len() == 8 && sup.bytes().all(|b| b.is_ascii_digit()), "EDRPOU {sup}");
        assert!(j["supplier"]["identifier"]["legalName"].is_string());
        assert_eq!(j["value"]["currency"], "UAH");
        assert!(j["value"]["amount"].as_f64().unwrap() > 0.0);
        assert!(["active", "hidden", "inactive", "draft"].contains(&p.status));
        let profile = m.profiles.get(&p.profiles[0]).unwrap();
        assert_eq!(profile.category, p.category);
        for other in &p.profiles[1..] {
            assert_eq!(m.profiles.get(other).unwrap().category, p.category);
            assert!(
                satisfies(j, &profile_reqs(&m.profiles.get(other).unwrap().json)),
                "extra related profiles conform"
            );
        }
        if satisfies(j, &profile_reqs(&profile.json)) {
            conforming += 1;
        }
    }
    let share = conforming as f64 / m.products.len() as f64;
    assert!((0.85..0.99).contains(&share), "most products satisfy their profile: {share}");
    for p in &m.prozorro_products.all {
        assert!(p.json.get("supplier").is_none() && p.json.get("value").is_none());
        assert!(satisfies(&p.json, &profile_reqs(&m.profiles.get(&p.profiles[0]).unwrap().json)));
    }
    let titles: Vec<&str> = m.products.all.iter().filter_map(|p| p.json["title"].as_str()).collect();
    assert!(titles.iter().any(|t| t.starts_with("Папір офісний") && t.contains("г/м²")), "realistic titles");
}

/// A profile's requirements: (title, requirement JSON).
fn profile_reqs(profile: &Value) -> Vec<(String, Value)> {
    profile["criteria"][0]["requirementGroups"][0]["requirements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["title"].as_str().unwrap().to_string(), r.clone()))
        .collect()
}

/// Whether a product's responses meet every requirement (read from JSON only).
fn satisfies(product: &Value, reqs: &[(String, Value)]) -> bool {
    let resp = product["requirementResponses"].as_array().unwrap();
    reqs.iter().all(|(title, q)| {
        let Some(r) = resp.iter().find(|r| r["requirement"] == title.as_str()) else { return false };
        match q["dataType"].as_str().unwrap() {
            "string" => {
                let ok = q["expectedValues"].as_array().unwrap();
                r["values"].as_array().unwrap().iter().all(|v| ok.contains(v))
            }
            "boolean" => r["value"] == q["expectedValue"],
            _ => {
                let x = r["value"].as_f64().unwrap();
                q["minValue"].as_f64().is_none_or(|m| x >= m)
                    && q["maxValue"].as_f64().is_none_or(|m| x <= m)
                    && q["expectedValue"].as_f64().is_none_or(|e| x == e)
            }
        }
    })
}

#[tokio::test]
async fn market_classifications() {
    let s = state();
    let all = get(&s, "/api/market_classification/all").await;
    assert_eq!(all.status, 200);
    let items = all.body["items"].as_array().unwrap();
    assert_eq!(all.body["total"].as_u64().unwrap() as usize, items.len());
    assert_eq!(items.len(), s.market.get().classifications.len());
    let first = &items[0];
    assert!(first["categoriesCount"].as_u64().unwrap() >= 1);
    assert_eq!(first["scheme"], "ДК021");
    let id = first["id"].as_str().unwrap();
    let one = get(&s, &format!("/api/market_classifications/{id}")).await;
    assert_eq!(one.status, 200);
    assert_eq!(one.body["id"], id);
    assert_eq!(one.body["categories"].as_array().unwrap().len() as u64, first["categoriesCount"].as_u64().unwrap());
    assert_eq!(get(&s, &format!("/api/market_classifications/{}", &id[..8])).await.body["id"], id);
    let office = get(&s, "/api/market_classifications/30190000-7").await;
    assert_eq!(office.body["title"], "Офісне устаткування та приладдя різне");
    let missing = get(&s, "/api/market_classifications/99999999-9").await;
    assert_eq!(missing.status, 404);
    assert!(missing.body["error"].as_str().unwrap().contains("market classification `99999999-9` not found"));
}

#[tokio::test]
async fn categories_and_their_profiles() {
    let s = state();
    let r = get(&s, "/api/categories").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body["@type"], "hydra:Collection");
    let m = members(&r.body);
    assert_eq!(m.len(), 24, "default page size");
    assert!(m.iter().all(|c| c["status"] == "active"));
    let pops: Vec<u64> = m.iter().map(|c| c["popularity"].as_u64().unwrap()).collect();
    assert!(pops.windows(2).all(|w| w[0] >= w[1]), "popularity order");
    let active = s.market.get().categories.all.iter().filter(|c| c.status == "active").count();
    assert_eq!(r.body["hydra:totalItems"].as_u64().unwrap() as usize, active);
    let everything = get(&s, "/api/categories?pagination=false&status[0]=active&status[1]=hidden").await;
    assert_eq!(members(&everything.body).len(), s.market.get().categories.len());

    let office = get(&s, "/api/categories?market_classification[0]=30190000-7&pagination=false").await;
    let om = members(&office.body);
    assert!(!om.is_empty() && om.iter().all(|c| c["marketClassification"] == "30190000-7"));

    let market = s.market.get();
    let cat = market.categories.all.iter().find(|c| c.status == "active").unwrap();
    let one = get(&s, &format!("/api/categories/{}", cat.id)).await;
    assert_eq!(one.status, 200);
    assert_eq!(one.body["agreementID"], cat.json["agreementID"]);
    assert_eq!(get(&s, "/api/categories/00000000-0000-00000000").await.status, 404);

    let profs = get(&s, &format!("/api/categories/{}/profiles?pagination=false", cat.id)).await;
    assert_eq!(profs.status, 200);
    let pm = members(&profs.body);
    let expected = s.market.get().profiles.all.iter().filter(|p| p.category == cat.id && p.status == "active").count();
    assert_eq!(pm.len(), expected);
    assert!(pm.iter().all(|p| p["relatedCategory"] == cat.id.as_str()));
    let paged = get(&s, &format!("/api/categories/{}/profiles?page=1&perPage=1", cat.id)).await;
    assert_eq!(members(&paged.body).len(), 1.min(expected));
    assert_eq!(paged.body["hydra:totalItems"].as_u64().unwrap() as usize, expected);
    assert_eq!(get(&s, "/api/categories/nope/profiles").await.status, 404);
}

#[tokio::test]
async fn profiles() {
    let s = state();
    let r = get(&s, "/api/profiles?page=2&perPage=20").await;
    assert_eq!(r.status, 200);
    assert_eq!(members(&r.body).len(), 20);
    assert_eq!(r.body["hydra:view"]["page"], 2);
    let p = &members(&r.body)[0];
    let req = &p["criteria"][0]["requirementGroups"][0]["requirements"][0];
    assert!(["string", "number", "integer", "boolean"].contains(&req["dataType"].as_str().unwrap()));
    let cat = p["relatedCategory"].as_str().unwrap();
    let by_cat = get(&s, &format!("/api/profiles?relatedCategoryId={cat}&pagination=false")).await;
    assert!(members(&by_cat.body).iter().all(|m| m["relatedCategory"] == cat));
    assert!(members(&by_cat.body).iter().any(|m| m["id"] == p["id"]));
    let id = p["id"].as_str().unwrap();
    let one = get(&s, &format!("/api/profiles/{id}")).await;
    assert_eq!(one.body["title"], p["title"]);
    assert_eq!(get(&s, "/api/profiles/0123").await.status, 404);
}

#[tokio::test]
async fn products_and_prozorro_products() {
    let s = state();
    let r = get(&s, "/api/products").await;
    assert_eq!(r.status, 200);
    let m = members(&r.body);
    assert_eq!(m.len(), 24);
    assert!(m.iter().all(|p| p["status"] == "active"));
    let total = r.body["hydra:totalItems"].as_u64().unwrap();
    let by_cat: u64 =
        r.body["facets"]["relatedCategory"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(by_cat, total, "category facet covers the result");
    assert_eq!(r.body["hydra:view"]["lastPage"].as_u64().unwrap(), total.div_ceil(24).min(416));

    let paper = get(&s, &format!("/api/products?keyword={}&perPage=100", enc("папір офісний"))).await;
    assert!(paper.body["hydra:totalItems"].as_u64().unwrap() >= 10);
    // The English words also name the classification «Miscellaneous office equipment and
    // supplies» and «Paper clips», which the English keyword finds too, after the paper.
    let en = get(&s, "/api/products?keyword=office%20paper&perPage=100").await;
    let ids =
        |r: &common::Resp| members(&r.body).iter().map(|p| p["id"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    let n = ids(&paper).len();
    let (uk, en) = (ids(&paper).into_iter().collect::<BTreeSet<_>>(), ids(&en));
    assert_eq!(en[..n].iter().cloned().collect::<BTreeSet<_>>(), uk, "English titles are searchable, and rank first");
    let cpv = get(&s, "/api/products?classification[0]=30190000-7&perPage=100").await;
    assert!(members(&cpv.body).iter().all(|p| p["classification"]["id"].as_str().unwrap().starts_with("3019")));
    let cheap = get(&s, "/api/products?sortOrder=value.asc&perPage=50").await;
    let prices: Vec<f64> = members(&cheap.body).iter().map(|p| p["value"]["amount"].as_f64().unwrap()).collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]));
    let draft = get(&s, "/api/products?status[0]=draft&perPage=100").await;
    assert!(draft.body["hydra:totalItems"].as_u64().unwrap() > 0);
    assert!(members(&draft.body).iter().all(|p| p["status"] == "draft"));

    let first = &m[0];
    let id = first["id"].as_str().unwrap();
    let one = get(&s, &format!("/api/products/{id}")).await;
    assert_eq!(one.body["title"], first["title"]);
    let ean = first["identifier"]["id"].as_str().unwrap();
    let by_ean = get(&s, &format!("/api/products?keyword={ean}")).await;
    assert_eq!(members(&by_ean.body)[0]["id"], id);
    let prof = first["relatedProfiles"][0].as_str().unwrap();
    let by_prof = get(&s, &format!("/api/products?relatedProfileIds={prof}&perPage=100")).await;
    assert!(members(&by_prof.body).iter().all(|p| p["relatedProfiles"].as_array().unwrap().iter().any(|x| x == prof)));
    assert_eq!(get(&s, "/api/products/ffff").await.status, 404);

    let pz = get(&s, "/api/prozorro_products").await;
    assert_eq!(pz.status, 200);
    let pm = members(&pz.body);
    assert!(!pm.is_empty() && pm.iter().all(|p| p.get("supplier").is_none()));
    let pid = pm[0]["id"].as_str().unwrap();
    assert_eq!(get(&s, &format!("/api/prozorro_products/{pid}")).await.body["id"], pid);
    assert_eq!(get(&s, &format!("/api/products/{pid}")).await.status, 404, "separate catalogues");
    assert_eq!(get(&s, "/api/prozorro_products/none").await.status, 404);
}

/// A product search: its total, its members (at most 100) and its `search`.
async fn search(s: &upstream::AppState, keyword: &str, more: &str) -> (u64, Vec<Value>, Value) {
    let r = get(s, &format!("/api/products?keyword={}&perPage=100{more}", enc(keyword))).await;
    assert_eq!(r.status, 200, "{keyword}: {}", r.text);
    (r.body["hydra:totalItems"].as_u64().unwrap(), members(&r.body).clone(), r.body["search"].clone())
}

fn cpv_of(p: &Value) -> &str {
    p["classification"]["id"].as_str().unwrap()
}

fn ids_of(m: &[Value]) -> BTreeSet<String> {
    m.iter().map(|p| p["id"].as_str().unwrap().to_string()).collect()
}

/// Issue 46, item 9: «рукавички медичні» found nothing though «Медичні матеріали» holds
/// surgical gloves, and «оглядові» was "corrected" into «доглядові» (hand creams).
#[tokio::test]
async fn the_audits_queries_find_the_gloves_and_correct_no_known_word() {
    let s = state();
    let (gloves, ..) = search(&s, "", "&classification[0]=33141420-0").await;
    assert!(gloves > 0, "the catalogue has surgical gloves");
    let (n, found, info) = search(&s, "рукавички медичні", "").await;
    assert_eq!(n, gloves, "every surgical glove of «Медичні матеріали»");
    assert!(found.iter().all(|p| cpv_of(p).starts_with("33141420")), "only gloves");
    assert!(info.get("corrected").is_none(), "found as typed");
    for keyword in ["оглядові", "оглядові рукавички", "оглядових"] {
        let (_, found, info) = search(&s, keyword, "").await;
        assert!(info.get("corrected").is_none(), "{keyword}: a word the dictionary knows is no typo: {info}");
        assert!(found.iter().all(|p| !cpv_of(p).starts_with("337115")), "{keyword}: no hand creams");
    }
}

#[tokio::test]
async fn an_inflected_keyword_finds_what_its_dictionary_form_finds() {
    let s = state();
    for (typed, lemma) in [("рукавичок медичних", "рукавичка медичний"), ("медичних матеріалів", "медичний матеріал")]
    {
        let (n, found, _) = search(&s, typed, "&sortOrder=title.asc").await;
        let (m, base, _) = search(&s, lemma, "&sortOrder=title.asc").await;
        assert!(n > 0, "{typed}");
        assert_eq!((n, ids_of(&found)), (m, ids_of(&base)), "{typed} / {lemma}");
    }
}

/// A product is found by its market classification's name, and by a word of one of its
/// profiles' names that neither its own text nor its classification's or category's
/// names hold (the category's name: `market::central`'s tests, on the real fixtures).
#[tokio::test]
async fn a_product_is_found_by_its_classifications_and_profiles_names() {
    let s = state();
    let m = s.market.get();
    for mc in &m.classifications.all {
        let filter = format!("&market_classification[0]={}&exact=true", mc.id);
        let (all, ..) = search(&s, "", &filter).await;
        let (named, ..) = search(&s, &mc.title, &filter).await;
        assert_eq!(named, all, "every product of «{}» by its name", mc.title);
    }
    let analyzer = m.products.text().expect("the products are indexed").analyzer();
    let terms = |text: &str| -> BTreeSet<String> { analyzer.analyze(text).into_iter().flat_map(|(_, t)| t).collect() };
    let mut checked = 0;
    for p in m.products.all.iter().filter(|p| p.status == "active") {
        let mut own = terms(&p.text);
        for owner in
            [m.classifications.get(&p.market_classification), m.categories.get(&p.category)].into_iter().flatten()
        {
            own.extend(terms(&owner.title));
            own.extend(terms(owner.json["title_en"].as_str().unwrap_or_default()));
        }
        let profile_word = p.profiles.iter().filter_map(|id| m.profiles.get(id)).find_map(|prof| {
            analyzer.analyze(&prof.title).into_iter().find_map(|(r, t)| {
                let word = &prof.title[r];
                (word.chars().filter(|c| c.is_alphabetic()).count() >= 4 && t.iter().all(|x| !own.contains(x)))
                    .then(|| word.to_string())
            })
        });
        let Some(word) = profile_word else { continue };
        let (n, found, _) = search(&s, &word, &format!("&id[]={}&exact=true", p.id)).await;
        assert_eq!((n, found[0]["id"].as_str()), (1, Some(p.id.as_str())), "«{word}» of its profile's name");
        checked += 1;
        if checked == 5 {
            break;
        }
    }
    assert!(checked > 0, "some product's profile names a word the product's own text lacks");
}

#[tokio::test]
async fn an_unknown_misspelt_word_is_corrected_and_russian_is_read() {
    let s = state();
    let (gloves, ..) = search(&s, "рукавички", "").await;
    let (n, _, info) = search(&s, "рукавичкі", "").await;
    assert_eq!((n, info["corrected"].as_str()), (gloves, Some("рукавичка")), "as before");
    let (n, _, info) = search(&s, "рукавичкі", "&exact=true").await;
    assert_eq!((n, info.get("corrected")), (0, None), "exact: as typed");
    // A correction that finds nothing is not named: the page would claim results for it.
    let (n, _, info) = search(&s, "оглядові рукавичкі", "").await;
    assert_eq!((n, info.get("corrected")), (0, None));

    let (syringes, ..) = search(&s, "", "&classification[0]=33141310-6").await;
    let (n, found, info) = search(&s, "шприцы медицинские", "").await;
    assert_eq!(n, syringes, "the Russian words read as «шприц медичний»");
    assert!(found.iter().all(|p| cpv_of(p).starts_with("33141310")));
    assert_eq!(info["translated"], "шприц медичний");
    let (n, _, info) = search(&s, "шприцы медицинские", "&exact=true").await;
    assert_eq!((n, info.get("translated")), (0, None), "exact: as typed");
}

#[tokio::test]
async fn bad_market_input_is_a_400_naming_the_parameter() {
    let s = state();
    for (uri, param) in [
        ("/api/products?perPage=500", "perPage"),
        ("/api/products?page=0", "page"),
        ("/api/products?page=417", "page"),
        ("/api/products?status[0]=sold", "status"),
        ("/api/products?sortOrder=name.asc", "sortOrder"),
        ("/api/products?pagination=false", "pagination"),
        ("/api/products?classification[0]=paper", "classification"),
        ("/api/products?market_classification[0]=30190", "market_classification"),
        (
            "/api/products?numberRequirements[0][requirement]=x&numberRequirements[0][minValue]=many",
            "numberRequirements[0][minValue]",
        ),
        (
            "/api/products?booleanRequirements[0][requirement]=x&booleanRequirements[0][value]=si",
            "booleanRequirements[0][value]",
        ),
        ("/api/products?textRequirements[0][values][0]=x", "textRequirements[0][requirement]"),
        ("/api/prozorro_products?perPage=abc", "perPage"),
        ("/api/categories?status[0]=draft", "status"),
        ("/api/categories?pagination=perhaps", "pagination"),
        ("/api/profiles?sortOrder=value.desc", "sortOrder"),
    ] {
        let r = get(&s, uri).await;
        assert_eq!(r.status, 400, "{uri}");
        assert_eq!(r.body["parameter"], param, "{uri}: {}", r.text);
    }
}

/// (requirement title, value, minValue, maxValue).
type NumberFilter = (String, Option<f64>, Option<f64>, Option<f64>);

/// A random product filter, kept both as a query string and as a predicate on JSON.
#[derive(Debug, Default)]
struct Filter {
    query: Vec<String>,
    statuses: Vec<String>,
    category: Option<String>,
    mc: Option<String>,
    text: Vec<(String, Vec<String>)>,
    number: Vec<NumberFilter>,
    boolean: Vec<(String, bool)>,
}

impl Filter {
    fn matches(&self, p: &Value) -> bool {
        let statuses = if self.statuses.is_empty() { vec!["active".to_string()] } else { self.statuses.clone() };
        let resp = p["requirementResponses"].as_array().unwrap();
        let find = |t: &str| -> Vec<&Value> {
            resp.iter().filter(|r| r["requirement"].as_str().unwrap().to_lowercase() == t.to_lowercase()).collect()
        };
        statuses.iter().any(|s| p["status"] == s.as_str())
            && self.category.as_ref().is_none_or(|c| p["relatedCategory"] == c.as_str())
            && self.mc.as_ref().is_none_or(|m| p["marketClassification"] == m.as_str())
            && self.text.iter().all(|(t, vals)| {
                find(t).into_iter().any(|r| {
                    r["values"].as_array().is_some_and(|got| {
                        vals.is_empty()
                            || got
                                .iter()
                                .any(|g| vals.iter().any(|v| v.to_lowercase() == g.as_str().unwrap().to_lowercase()))
                    })
                })
            })
            && self.number.iter().all(|(t, v, lo, hi)| {
                find(t).into_iter().any(|r| {
                    r["value"].as_f64().is_some_and(|x| {
                        !r["value"].is_boolean()
                            && v.is_none_or(|v| x == v)
                            && lo.is_none_or(|l| x >= l)
                            && hi.is_none_or(|h| x <= h)
                    })
                })
            })
            && self.boolean.iter().all(|(t, b)| find(t).into_iter().any(|r| r["value"].as_bool() == Some(*b)))
    }
}

fn num_text(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

fn random_filter(r: &mut Rng, products: &[&Value]) -> Filter {
    let anchor = products[r.below(products.len() as u64) as usize];
    let other = products[r.below(products.len() as u64) as usize];
    let mut f = Filter::default();
    let p = |r: &mut Rng, pct: u64| r.below(100) < pct;
    if p(r, 20) {
        f.statuses = vec![anchor["status"].as_str().unwrap().into(), other["status"].as_str().unwrap().into()];
        f.query.push(format!("status[0]={}&status[1]={}", f.statuses[0], f.statuses[1]));
    }
    if p(r, 40) {
        let c = anchor["relatedCategory"].as_str().unwrap().to_string();
        f.query.push(format!("relatedCategoryId[0]={c}"));
        f.category = Some(c);
    } else if p(r, 30) {
        let m = anchor["marketClassification"].as_str().unwrap().to_string();
        f.query.push(format!("market_classification[0]={m}"));
        f.mc = Some(m);
    }
    let resp = anchor["requirementResponses"].as_array().unwrap();
    let (mut ti, mut ni, mut bi) = (0, 0, 0);
    for rsp in resp {
        if !p(r, 45) {
            continue;
        }
        // Titles in a random case: matching is case-insensitive.
        let t = rsp["requirement"].as_str().unwrap();
        let title = if p(r, 20) { t.to_uppercase() } else { t.to_string() };
        if let Some(vals) = rsp["values"].as_array() {
            let mut vs: Vec<String> = Vec::new();
            if p(r, 80) {
                vs.push(vals[0].as_str().unwrap().to_string());
            }
            if p(r, 40) {
                let o = other["requirementResponses"].as_array().unwrap();
                if let Some(v) = o.iter().filter_map(|x| x["values"].as_array()).next() {
                    vs.push(v[0].as_str().unwrap().to_string());
                }
            }
            f.query.push(format!("textRequirements[{ti}][requirement]={}", enc(&title)));
            for (j, v) in vs.iter().enumerate() {
                f.query.push(format!("textRequirements[{ti}][values][{j}]={}", enc(v)));
            }
            f.text.push((title, vs));
            ti += 1;
        } else if let Some(b) = rsp["value"].as_bool() {
            let v = if p(r, 80) { b } else { !b };
            f.query.push(format!(
                "booleanRequirements[{bi}][requirement]={}&booleanRequirements[{bi}][value]={v}",
                enc(&title)
            ));
            f.boolean.push((title, v));
            bi += 1;
        } else if let Some(x) = rsp["value"].as_f64() {
            let mut q = format!("numberRequirements[{ni}][requirement]={}", enc(&title));
            let (mut v, mut lo, mut hi) = (None, None, None);
            // Half the bounds sit exactly on the anchor's value (inclusive edges).
            let (s1, s2) = (r.unit(), r.unit());
            let (e1, e2) = (p(r, 50), p(r, 50));
            let edge = |exact: bool, scale: f64| if exact { x } else { x * scale };
            match r.below(4) {
                0 => v = Some(x),
                1 => lo = Some(edge(e1, 0.5 + s1)),
                2 => hi = Some(edge(e1, 0.5 + s1)),
                _ => {
                    lo = Some(edge(e1, 0.5 + 0.5 * s1));
                    hi = Some(edge(e2, 1.0 + s2));
                }
            }
            if let (Some(a), Some(b)) = (lo, hi) {
                // Negative values (temperatures) flip the scaled bounds.
                (lo, hi) = (Some(a.min(b)), Some(a.max(b)));
            }
            for (name, val) in [("value", v), ("minValue", lo), ("maxValue", hi)] {
                if let Some(val) = val {
                    q.push_str(&format!("&numberRequirements[{ni}][{name}]={}", num_text(val)));
                }
            }
            f.query.push(q);
            f.number.push((title, v, lo, hi));
            ni += 1;
        }
    }
    f
}

#[tokio::test]
async fn product_filters_match_brute_force() {
    let s = state();
    let market = s.market.get();
    let all: Vec<&Value> = market.products.all.iter().map(|p| &p.json).collect();
    let mut r = Rng::new(0x00C0_FFEE_2026);
    let mut nonempty = 0;
    for case in 0..250 {
        let f = random_filter(&mut r, &all);
        let expected: BTreeSet<String> =
            all.iter().filter(|p| f.matches(p)).map(|p| p["id"].as_str().unwrap().to_string()).collect();
        let base = format!("/api/products?perPage=100&{}", f.query.join("&"));
        let mut got: BTreeSet<String> = BTreeSet::new();
        let mut page = 1;
        loop {
            let resp = get(&s, &format!("{base}&page={page}")).await;
            assert_eq!(resp.status, 200, "case {case}: {base}: {}", resp.text);
            assert_eq!(resp.body["hydra:totalItems"].as_u64().unwrap() as usize, expected.len(), "case {case}: {base}");
            let m = members(&resp.body);
            got.extend(m.iter().map(|p| p["id"].as_str().unwrap().to_string()));
            if m.len() < 100 || page * 100 >= expected.len() {
                break;
            }
            page += 1;
        }
        assert_eq!(got, expected, "case {case}: {base}");
        if !expected.is_empty() {
            nonempty += 1;
        }
    }
    assert!(nonempty > 120, "most random filters find something: {nonempty}");
}

#[tokio::test]
async fn the_images_the_catalogue_names_are_served() {
    let state = state();
    let list = get(&state, "/api/products?perPage=100").await.body;
    let url = members(&list)
        .iter()
        .find_map(|p| p["images"][0]["url"].as_str().map(str::to_owned))
        .expect("some products have an image");
    let image = get(&state, &url).await;
    assert_eq!(image.status, 200, "{url}");
    assert_eq!(image.content_type, "image/svg+xml");
    assert!(image.text.starts_with("<svg"), "{url}");
}
