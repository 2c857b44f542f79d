//! Tests of the central catalogue's shapes: the round trip, real-shaped input, bad input.
use super::*;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The data folder (`UPSTREAM_DATA_DIR`, else the project's `data`).
fn data_dir() -> PathBuf {
    std::env::var("UPSTREAM_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data"))
}

/// The CPV classifier of the data folder (English names from the shared standards
/// when present), loaded once.
fn classifiers() -> &'static Classifiers {
    static C: OnceLock<Classifiers> = OnceLock::new();
    C.get_or_init(|| {
        let data = data_dir();
        let standards = crate::shared_data::find("prozorro-standards/classifiers").filter(|p| p.is_dir());
        Classifiers::load(&data, standards.as_deref()).expect("CPV classifier: run upstream/scripts/fetch-data.sh")
    })
}

fn keys(v: &Value) -> BTreeSet<&str> {
    v.as_object().map(|m| m.keys().map(String::as_str).collect()).unwrap_or_default()
}

fn line_set(t: &str) -> BTreeSet<&str> {
    t.lines().collect()
}

/// Every field of `gen`'s JSON but `lost` is in `back` with the same value, and `back`
/// has no field `gen` lacks.
fn same_json(list: &str, gen: &Record, back: &Record, lost: &[&str]) {
    for k in keys(&gen.json).into_iter().filter(|k| !lost.contains(k)) {
        assert_eq!(gen.json[k], back.json[k], "{list} `{}`: field `{k}`", gen.id);
    }
    let extra: Vec<&str> = keys(&back.json).difference(&keys(&gen.json)).copied().collect();
    assert!(extra.is_empty(), "{list} `{}`: fields the generator does not write: {extra:?}", gen.id);
}

fn same_records(list: &str, gen: &Records, back: &Records, lost: &[&str]) {
    let ids = |r: &Records| r.all.iter().map(|r| r.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(gen), ids(back), "{list}: the same ids in the same order");
    assert!(!gen.is_empty(), "{list}: the generator made some");
    for (g, b) in gen.all.iter().zip(&back.all) {
        let what = format!("{list} `{}`", g.id);
        assert_eq!(g.status, b.status, "{what}: status");
        assert_eq!(g.title, b.title, "{what}: title");
        assert_eq!(g.market_classification, b.market_classification, "{what}: market classification");
        assert_eq!(g.category, b.category, "{what}: category");
        assert_eq!(g.profiles, b.profiles, "{what}: related profiles");
        assert_eq!(g.cpv, b.cpv, "{what}: CPV");
        assert_eq!(g.codes, b.codes, "{what}: codes");
        assert_eq!(g.modified, b.modified, "{what}: dateModified");
        assert_eq!(g.price, b.price, "{what}: price");
        assert_eq!(g.responses, b.responses, "{what}: responses");
        assert!(line_set(&b.text).contains(b.title.as_str()), "{what}: the title is searchable");
        same_json(list, g, b, lost);
    }
}

#[test]
fn the_generated_catalogue_survives_the_central_shapes() {
    let gen = crate::market::build::generate(classifiers());
    let central = to_central(&gen);
    let back = from_central(&central, classifiers(), &Analyzer::new(None));

    same_records("classification", &gen.classifications, &back.classifications, &["popularity"]);
    same_records("category", &gen.categories, &back.categories, &["description_en", "dateCreated", "popularity"]);
    same_records("profile", &gen.profiles, &back.profiles, &["title_en", "popularity", "criteria"]);
    same_records("product", &gen.products, &back.products, &["title_en", "description_en", "popularity"]);
    same_records(
        "prozorro product",
        &gen.prozorro_products,
        &back.prozorro_products,
        &["title_en", "description_en", "popularity"],
    );
    for (g, b) in gen.profiles.all.iter().zip(&back.profiles.all) {
        assert_eq!(strip_en(g.json["criteria"].clone()), b.json["criteria"], "profile `{}`: criteria", g.id);
    }
    // Search text: classifications' names come back whole; a profile's or product's
    // lines are lines the generator wrote (only English ones are missing).
    for (g, b) in gen.classifications.all.iter().zip(&back.classifications.all) {
        assert_eq!(line_set(&g.text), line_set(&b.text), "classification `{}`: text", g.id);
    }
    for (g, b) in
        gen.profiles.all.iter().chain(&gen.products.all).zip(back.profiles.all.iter().chain(&back.products.all))
    {
        let extra: Vec<&str> = line_set(&b.text).difference(&line_set(&g.text)).copied().collect();
        assert!(extra.is_empty(), "`{}`: lines the generator did not write: {extra:?}", g.id);
    }
    assert!(back.products.text().is_some() && back.categories.text().is_some(), "the lists are indexed");
}

#[test]
fn central_objects_carry_only_the_central_fields() {
    let gen = crate::market::build::generate(classifiers());
    let c = to_central(&gen);
    assert_eq!(c.categories.len(), gen.categories.len());
    assert_eq!(c.profiles.len(), gen.profiles.len());
    assert_eq!(c.products.len(), gen.products.len() + gen.prozorro_products.len());
    assert_eq!(c.offers.len(), gen.products.len(), "one offer per supplier's product");
    let portal_only = [
        "productsCount",
        "profilesCount",
        "activeProfilesCount",
        "popularity",
        "marketClassification",
        "procuringEntity",
        "agreementsID",
        "supplier",
        "title_en",
        "description_en",
    ];
    for v in c.categories.iter().chain(&c.profiles).chain(&c.products).chain(&c.offers) {
        assert!(text(v, "id").is_some() && date(v).is_some(), "id and dateModified: {v}");
        let all = v.to_string();
        for k in portal_only {
            assert!(!all.contains(&format!("\"{k}\"")), "`{k}` in {}", v["id"]);
        }
    }
    assert!(c.categories.iter().all(|v| v["marketAdministrator"]["identifier"]["id"].is_string()));
    assert!(c.categories.iter().all(|v| !v.as_object().is_some_and(|m| m.contains_key("dateCreated"))));
    let products: HashSet<&str> = c.products.iter().filter_map(|p| text(p, "id")).collect();
    let offer_ids: HashSet<&str> = c.offers.iter().filter_map(|o| text(o, "id")).collect();
    assert_eq!(offer_ids.len(), c.offers.len(), "offer ids are unique");
    for o in &c.offers {
        let id = text(o, "id").unwrap_or_default();
        assert!(id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()), "offer id `{id}`");
        assert!(products.contains(text(o, "relatedProduct").unwrap_or_default()));
        assert!(o["value"]["amount"].as_f64().is_some() && o["suppliers"][0]["identifier"]["id"].is_string());
    }
}

fn mask_category() -> Value {
    json!({
        "id": "33190000-000000-40996564",
        "title": "Маски медичні",
        "description": "Маски медичні тришарові",
        "classification": {"id": "33190000-8", "description": "Медичне обладнання та вироби медичного призначення різні", "scheme": "ДК021"},
        "additionalClassifications": [],
        "marketAdministrator": {
            "name": "ДП «МЕДЗАКУПІВЛІ УКРАЇНИ»",
            "address": {"countryName": "Україна", "region": "м. Київ", "locality": "Київ", "postalCode": "04053", "streetAddress": "вул. Січових Стрільців, 41"},
            "contactPoint": {"name": "Відділ категорій", "telephone": "+380442000000"},
            "identifier": {"id": "40996564", "scheme": "UA-EDR", "legalName": "ДЕРЖАВНЕ ПІДПРИЄМСТВО «МЕДИЧНІ ЗАКУПІВЛІ УКРАЇНИ»"},
            "kind": "central"
        },
        "unit": {"code": "H87", "name": "штука"},
        "status": "active",
        "images": [],
        "criteria": [],
        "agreementID": "2e14a78a2074952d5a2d256c3c004dda",
        "tags": ["ppe"],
        "dateModified": "2023-03-09T17:19:45.908462+02:00"
    })
}

fn mask_profile() -> Value {
    json!({
        "id": "7b2c1e04f3a94d2bb5f2c0d9e1a8f640-1",
        "title": "Маска медична тришарова, на резинках",
        "description": "Маска медична тришарова",
        "status": "active",
        "relatedCategory": "33190000-000000-40996564",
        "classification": {"id": "33190000-8", "description": "Медичне обладнання та вироби медичного призначення різні", "scheme": "ДК021"},
        "unit": {"code": "H87", "name": "штука"},
        "additionalClassifications": [],
        "agreementID": "2e14a78a2074952d5a2d256c3c004dda",
        "criteria": [{
            "id": "c0b1",
            "title": "Технічні, якісні та кількісні характеристики предмета закупівлі",
            "description": "Характеристики маски",
            "classification": {"scheme": "ESPD211", "id": "CRITERION.OTHER.SUBJECT_OF_PROCUREMENT.TECHNICAL_FEATURES"},
            "legislation": [],
            "source": "tenderer",
            "requirementGroups": [{"id": "rg01", "description": "Вимоги", "requirements": [
                {"id": "r01", "title": "Кількість шарів", "dataType": "integer", "unit": {"code": "H87", "name": "штука"}, "minValue": 3},
                {"id": "r02", "title": "Тип кріплення", "dataType": "string", "expectedValues": ["на резинках", "на зав'язках"], "expectedMinItems": 1, "expectedMaxItems": 1},
                {"id": "r03", "title": "Стерильна", "dataType": "boolean", "expectedValue": false}
            ]}]
        }],
        "tags": [],
        "owner": "test.prozorro.ua",
        "dateCreated": "2023-03-01T10:00:00+02:00",
        "dateModified": "2023-03-10T12:00:00.000000+02:00"
    })
}

fn mask_product() -> Value {
    json!({
        "id": "5d2a8c1e9f0b4a7c8e6d3b2a1f0e9d8c",
        "title": "Маска медична тришарова Медпром",
        "description": "Маска медична тришарова на резинках, нестерильна",
        "status": "active",
        "relatedCategory": "33190000-000000-40996564",
        "relatedProfiles": ["7b2c1e04f3a94d2bb5f2c0d9e1a8f640-1"],
        "classification": {"id": "33190000-8", "description": "Медичне обладнання та вироби медичного призначення різні", "scheme": "ДК021"},
        "additionalClassifications": [],
        "identifier": {"id": "4820000000019", "scheme": "EAN-13"},
        "alternativeIdentifiers": [],
        "requirementResponses": [
            {"requirement": "Кількість шарів", "value": 3},
            {"requirement": "Тип кріплення", "values": ["на резинках"]},
            {"requirement": "Стерильна", "value": false}
        ],
        "images": [],
        "owner": "test.prozorro.ua",
        "vendor": {"id": "v1", "name": "ТОВ «Медпром»", "identifier": {"id": "12345678", "scheme": "UA-EDR", "legalName": "ТОВ «МЕДПРОМ»"}},
        "dateCreated": "2023-03-11T09:00:00+02:00",
        "dateModified": "2023-03-12T09:00:00+02:00"
    })
}

fn mask_offer(id: &str, amount: Value, status: &str, supplier: &str) -> Value {
    json!({
        "id": id,
        "relatedProduct": "5d2a8c1e9f0b4a7c8e6d3b2a1f0e9d8c",
        "deliveryAddresses": [{"countryName": "Україна", "region": "м. Київ"}],
        "status": status,
        "suppliers": [{
            "name": supplier, "scale": "sme",
            "address": {"countryName": "Україна", "region": "Львівська область", "postalCode": "79000", "streetAddress": "вул. Городоцька, 1"},
            "contactPoint": {"name": "Продажі", "telephone": "+380322000000"},
            "identifier": {"id": "12345678", "scheme": "UA-EDR", "legalName": supplier}
        }],
        "value": {"amount": amount, "currency": "UAH", "valueAddedTaxIncluded": true},
        "minOrderValue": {"amount": 100.0, "currency": "UAH"},
        "comment": "",
        "owner": "test.prozorro.ua",
        "dateModified": "2023-03-12T10:00:00+02:00"
    })
}

#[test]
fn real_shaped_objects_become_a_market() {
    let c = Central {
        categories: vec![mask_category()],
        profiles: vec![mask_profile()],
        products: vec![mask_product()],
        offers: vec![
            mask_offer("a0000000000000000000000000000001", json!(4.9), "active", "ТОВ «Дорожче»"),
            mask_offer("a0000000000000000000000000000002", json!(2.5), "hidden", "ТОВ «Приховане»"),
            mask_offer("a0000000000000000000000000000003", json!(3.75), "active", "ТОВ «Найдешевше»"),
        ],
    };
    let m = from_central(&c, classifiers(), &Analyzer::new(None));
    assert_eq!((m.classifications.len(), m.categories.len(), m.profiles.len()), (1, 1, 1));
    assert_eq!((m.products.len(), m.prozorro_products.len()), (1, 0), "a product with offers is a supplier's");

    let mc = &m.classifications.all[0];
    assert_eq!(mc.id, "33190000-8", "the generator's market classification of medical goods");
    assert_eq!(mc.json["title"], "Медичне обладнання та вироби медичного призначення різні");
    assert_eq!((mc.json["categoriesCount"].as_u64(), mc.json["productsCount"].as_u64()), (Some(1), Some(1)));

    let cat = &m.categories.all[0];
    assert_eq!(
        (cat.title.as_str(), cat.status, cat.market_classification.as_str()),
        ("Маски медичні", "active", "33190000-8")
    );
    assert_eq!(cat.json["procuringEntity"]["identifier"]["id"], "40996564", "the market administrator");
    assert_eq!(cat.json["marketClassification"], "33190000-8");
    assert_eq!((cat.json["profilesCount"].as_u64(), cat.json["productsCount"].as_u64()), (Some(1), Some(1)));
    assert!(cat.json.get("tags").is_none() && cat.json.get("criteria").is_none(), "unknown fields are not served");
    assert_eq!(cat.codes, ["33190000-000000-40996564", "2e14a78a2074952d5a2d256c3c004dda"]);
    assert_eq!(cat.modified, dates::parse("2023-03-09T17:19:45.908462+02:00").unwrap());
    assert!(cat.text.contains("Маски медичні тришарові"));

    let p = &m.profiles.all[0];
    assert_eq!((p.category.as_str(), p.json["productsCount"].as_u64()), ("33190000-000000-40996564", Some(1)));
    assert_eq!(p.json["criteria"][0]["requirementGroups"][0]["requirements"][1]["expectedValues"][0], "на резинках");
    assert_eq!(p.json["agreementsID"], json!(["2e14a78a2074952d5a2d256c3c004dda"]));

    let prod = &m.products.all[0];
    assert_eq!(prod.price, Some(3.75), "the lowest active offer");
    assert_eq!(prod.json["value"]["amount"], 3.75);
    assert_eq!(prod.json["supplier"]["name"], "ТОВ «Найдешевше»");
    assert!(prod.text.contains("ТОВ «Найдешевше»"), "the supplier is searchable");
    assert_eq!(prod.json["unit"], json!({"code": "H87", "name": "штука"}), "the category's unit");
    assert_eq!(prod.json["popularity"], 0);
    assert_eq!(prod.profiles, ["7b2c1e04f3a94d2bb5f2c0d9e1a8f640-1"]);
    assert_eq!(prod.codes, ["5d2a8c1e9f0b4a7c8e6d3b2a1f0e9d8c", "4820000000019"]);
    assert_eq!(
        prod.responses,
        vec![
            Response { requirement: "Кількість шарів".into(), answer: RequirementValue::Number(3.0) },
            Response {
                requirement: "Тип кріплення".into(),
                answer: RequirementValue::Text(vec!["на резинках".into()])
            },
            Response { requirement: "Стерильна".into(), answer: RequirementValue::Boolean(false) },
        ]
    );
    assert!(prod.json.get("vendor").is_none() && prod.json.get("owner").is_none());
    assert!(m.products.text().is_some(), "the product list is indexed");
}

#[test]
fn malformed_objects_are_skipped() {
    let mut no_id = mask_category();
    no_id.as_object_mut().unwrap().remove("id");
    let mut text_class = mask_category();
    text_class["id"] = json!("33190000-000001-40996564");
    text_class["classification"] = json!("33190000-8");
    let mut deleted = mask_category();
    deleted["id"] = json!("33190000-000002-40996564");
    deleted["status"] = json!("deleted");
    let mut unknown_cpv = mask_category();
    unknown_cpv["id"] = json!("12345678-000003-40996564");
    unknown_cpv["classification"] = json!({"id": "12345678-9", "description": "Невідомий код", "scheme": "ДК021"});
    let mut orphan_profile = mask_profile();
    orphan_profile["id"] = json!("p-orphan");
    orphan_profile["relatedCategory"] = json!("33190000-000001-40996564");
    let mut orphan = mask_product();
    orphan["id"] = json!("orphan");
    orphan["relatedCategory"] = json!("no-such-category");
    let mut untitled = mask_product();
    untitled["id"] = json!("untitled");
    untitled.as_object_mut().unwrap().remove("title");
    let mut undated = mask_product();
    undated["id"] = json!("undated");
    undated["dateModified"] = json!("yesterday");
    let mut numeric_id = mask_product();
    numeric_id["id"] = json!(42);
    let mut odd_status = mask_product();
    odd_status["id"] = json!("odd-status");
    odd_status["status"] = json!("withdrawn");
    odd_status["requirementResponses"] = json!([{"value": 1}, {"requirement": "Колір", "value": {"x": 1}}, 7]);
    let c = Central {
        categories: vec![
            json!(null),
            json!(42),
            no_id,
            text_class,
            deleted,
            unknown_cpv,
            mask_category(),
            mask_category(),
        ],
        profiles: vec![json!([]), orphan_profile, mask_profile()],
        products: vec![json!("product"), orphan, untitled, undated, numeric_id, odd_status, mask_product()],
        offers: vec![
            json!({"relatedProduct": "5d2a8c1e9f0b4a7c8e6d3b2a1f0e9d8c", "value": {"amount": 1.0}}),
            mask_offer("a0000000000000000000000000000004", json!("дешево"), "active", "ТОВ «Текст»"),
            mask_offer("a0000000000000000000000000000005", json!(null), "active", "ТОВ «Порожнє»"),
            json!({"id": "x", "relatedProduct": "no-such-product", "value": {"amount": 0.5}}),
            mask_offer("a0000000000000000000000000000006", json!(8.0), "active", "ТОВ «Справжнє»"),
        ],
    };
    let m = from_central(&c, classifiers(), &Analyzer::new(None));
    let ids = |r: &Records| r.all.iter().map(|r| r.id.clone()).collect::<Vec<_>>();
    assert_eq!(
        ids(&m.categories),
        ["12345678-000003-40996564", "33190000-000000-40996564"],
        "duplicates, deleted and malformed skipped"
    );
    let mc = m.classification("12345678").expect("an unknown code groups under itself");
    assert_eq!(mc.title, "Невідомий код");
    assert_eq!(ids(&m.profiles), ["7b2c1e04f3a94d2bb5f2c0d9e1a8f640-1"]);
    assert_eq!(ids(&m.products), ["5d2a8c1e9f0b4a7c8e6d3b2a1f0e9d8c"]);
    assert_eq!(m.products.all[0].price, Some(8.0), "offers without a numeric amount are ignored");
    assert_eq!(ids(&m.prozorro_products), ["odd-status"], "a product without offers is the catalogue's own");
    let odd = &m.prozorro_products.all[0];
    assert_eq!(odd.status, "hidden", "an unknown status is not shown");
    assert!(odd.responses.is_empty(), "responses without a requirement or a value are skipped");
    assert_eq!(odd.price, None);
}

/// The real catalogue's fixtures (`prozorro-catalog-fixtures`): a product is found by the
/// name of its category («Респіратори та маски без клапану») and of its profile («Маска
/// медична захисна, гіпоалергенна, …»), words its own text lacks, in any of their forms.
#[test]
fn a_product_is_found_by_its_categorys_and_its_profiles_names() {
    let read = |name: &str| {
        crate::shared_data::required(&format!("prozorro-catalog-fixtures/{name}.json"))
            .map(|p| serde_json::from_str::<Value>(&std::fs::read_to_string(p).unwrap()).unwrap())
    };
    let (Some(mut category), Some(mut profile), Some(product)) = (read("category"), read("profile"), read("product"))
    else {
        eprintln!("catalogue fixtures not found: skipped");
        return;
    };
    let modified = json!("2023-03-09T17:19:45.908462+02:00");
    category["dateModified"] = modified.clone();
    let cat_id = category["id"].clone();
    profile["id"] = json!("p1");
    profile["relatedCategory"] = cat_id.clone();
    profile["dateModified"] = modified.clone();
    let product = |id: &str, profiles: Value| {
        let mut p = product.clone();
        p["id"] = json!(id);
        p["relatedCategory"] = cat_id.clone();
        p["relatedProfiles"] = profiles;
        p["dateModified"] = modified.clone();
        p
    };
    let c = Central {
        categories: vec![category],
        profiles: vec![profile],
        products: vec![product("in-profile", json!(["p1"])), product("no-profile", json!([]))],
        offers: Vec::new(),
    };
    let analyzer = crate::text::analyzer_for(&data_dir()).expect("the lexicon's folder reads");
    let m = from_central(&c, classifiers(), &analyzer);
    let list = &m.prozorro_products;
    assert_eq!(list.len(), 2);
    assert!(list.all.iter().all(|p| !p.text.to_lowercase().contains("респіратор")), "not in the products' own text");
    let ix = list.text().expect("indexed");
    let find = |keyword: &str| -> Vec<&str> {
        let c = ix.compile(&crate::text::parse(keyword), keyword, false);
        let hits = ix.run(&c, false, &crate::index::Bitset::empty(list.len()), 0);
        hits.matched.iter().map(|d| list.all[d as usize].id.as_str()).collect()
    };
    assert_eq!(find("респіратори"), ["in-profile", "no-profile"], "the category's name");
    assert_eq!(find("респіраторів без клапана"), ["in-profile", "no-profile"], "in any form");
    assert_eq!(find("гіпоалергенні маски"), ["in-profile"], "the profile's name: only its product");
    assert!(find("шприц").is_empty());
}
