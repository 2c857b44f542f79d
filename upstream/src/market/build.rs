//! The catalogue generator. Everything follows from [`SEED`] and the loaded CPV
//! classifier: for each kit of [`catalogue::KITS`] whose CPV group exists, a market
//! classification; for each of its categories, 3–4 profiles whose requirements narrow
//! the category's characteristics; for each profile 8–12 suppliers' products whose
//! responses satisfy it (about 8 % break one requirement, as real offers sometimes do),
//! and for about 60 % of profiles one national-catalogue product. A product's
//! `relatedProfiles` is its own profile plus every other profile of its category it
//! satisfies. Counts and popularity roll up from products.

mod rules;

use super::catalogue::{self, Attr, Cat, Kind, Kit};
use super::{Market, Record, Records, RequirementValue, Response};
use crate::classifiers::{Classifiers, Node};
use crate::dates;
use crate::generate::Rng;
use serde_json::{json, Value};

pub use rules::fmt_num;
use rules::{answer, domain, draw_rule, requirement, rule_phrase, val_phrase, val_text, Rule, Val};

/// The catalogue's fixed seed.
pub const SEED: u64 = 0x4D41_524B_4554_2026;

const FROM_MS: i64 = 1_704_060_000_000; // 2024-01-01 (Kyiv)
const SPAN_MS: i64 = 990 * 86_400_000; // to 2026-09
const CRITERION_CLASS: &str = "CRITERION.OTHER.SUBJECT_OF_PROCUREMENT.TECHNICAL_FEATURES";

/// An 8-digit EDRPOU code with a valid check digit, from seven digits.
pub fn edrpou(first7: u32) -> String {
    let d: Vec<u32> = format!("{first7:07}").bytes().map(|b| u32::from(b - b'0')).collect();
    let w: [u32; 7] =
        if !(3_000_000..6_000_000).contains(&first7) { [1, 2, 3, 4, 5, 6, 7] } else { [7, 1, 2, 3, 4, 5, 6] };
    let sum = |add: u32| d.iter().zip(w).map(|(x, w)| x * (w + add)).sum::<u32>() % 11;
    let mut c = sum(0);
    if c == 10 {
        c = sum(2) % 10;
    }
    format!("{first7:07}{c}")
}

/// A 13-digit EAN with a valid check digit, from twelve digits.
pub fn ean13(first12: u64) -> String {
    let s = format!("{first12:012}");
    let sum: u32 = s.bytes().enumerate().map(|(i, b)| u32::from(b - b'0') * if i % 2 == 0 { 1 } else { 3 }).sum();
    format!("{s}{}", (10 - sum % 10) % 10)
}

fn hex_id(r: &mut Rng) -> String {
    format!("{:016x}{:016x}", r.next_u64(), r.next_u64())
}

fn pick<'a, T>(r: &mut Rng, v: &'a [T]) -> &'a T {
    &v[r.below(v.len() as u64) as usize]
}

/// One value per characteristic, each drawn among those its rule allows.
fn conforming(r: &mut Rng, attrs: &[&Attr], rules: &[Rule]) -> Vec<Val> {
    attrs
        .iter()
        .zip(rules)
        .map(|(a, rule)| {
            let ok: Vec<Val> = domain(a).into_iter().filter(|v| rule.holds(*v)).collect();
            *pick(r, &ok)
        })
        .collect()
}

fn date(r: &mut Rng) -> (i64, i64) {
    let created = FROM_MS + r.below(SPAN_MS as u64) as i64;
    let modified = created + r.below(180 * 86_400_000) as i64;
    (created, modified.min(FROM_MS + SPAN_MS + 30 * 86_400_000))
}

fn cpv_json(n: &Node) -> Value {
    json!({"id": n.id, "description": n.uk, "description_en": n.en, "scheme": "ДК021"})
}

/// The searchable pieces of a record, one a line, as written.
fn pieces(texts: &[&str]) -> String {
    texts.iter().filter(|t| !t.is_empty()).copied().collect::<Vec<_>>().join("\n")
}

const REGIONS: &[(&str, &str, &str)] = &[
    ("м. Київ", "м. Київ", "01"),
    ("Львівська область", "м. Львів", "79"),
    ("Харківська область", "м. Харків", "61"),
    ("Одеська область", "м. Одеса", "65"),
    ("Дніпропетровська область", "м. Дніпро", "49"),
    ("Вінницька область", "м. Вінниця", "21"),
    ("Полтавська область", "м. Полтава", "36"),
    ("Житомирська область", "м. Житомир", "10"),
    ("Івано-Франківська область", "м. Івано-Франківськ", "76"),
    ("Черкаська область", "м. Черкаси", "18"),
    ("Рівненська область", "м. Рівне", "33"),
    ("Київська область", "м. Бориспіль", "08"),
];
const STREETS: &[&str] = &[
    "вул. Шевченка",
    "вул. Грушевського",
    "просп. Незалежності",
    "вул. Івана Франка",
    "вул. Лесі Українки",
    "вул. Садова",
    "вул. Промислова",
    "вул. Соборна",
];

fn address(r: &mut Rng) -> Value {
    let (region, locality, postal) = *pick(r, REGIONS);
    json!({
        "countryName": "Україна", "region": region, "locality": locality,
        "postalCode": format!("{postal}{:03}", r.below(1000)),
        "streetAddress": format!("{}, {}", pick(r, STREETS), 1 + r.below(150)),
    })
}

/// Suppliers: Ukrainian company names with valid EDRPOU codes.
fn suppliers(r: &mut Rng, n: usize) -> Vec<Value> {
    const A: &[&str] = &[
        "Укр",
        "Київ",
        "Львів",
        "Дніпро",
        "Харків",
        "Поділля",
        "Волинь",
        "Галич",
        "Прикарпаття",
        "Слобожан",
        "Полісся",
        "Таврія",
    ];
    const B: &[&str] =
        &["постач", "трейд", "сервіс", "торг", "імпекс", "комплект", "маркет", "дистрибуція", "снаб", "пром"];
    const FORMS: &[(&str, &str)] = &[
        ("ТОВ", "ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ"),
        ("ТОВ", "ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ"),
        ("ПП", "ПРИВАТНЕ ПІДПРИЄМСТВО"),
        ("ПрАТ", "ПРИВАТНЕ АКЦІОНЕРНЕ ТОВАРИСТВО"),
    ];
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    while out.len() < n {
        let stem = format!("{}{}{}", pick(r, A), if r.below(2) == 0 { "-" } else { "" }, pick(r, B));
        let stem = if stem.contains('-') {
            let (a, b) = stem.split_once('-').unwrap_or_default();
            let mut cs = b.chars();
            format!("{a}-{}{}", cs.next().map(|c| c.to_uppercase().to_string()).unwrap_or_default(), cs.as_str())
        } else {
            stem
        };
        if !seen.insert(stem.clone()) {
            continue;
        }
        let (short, long) = *pick(r, FORMS);
        let id = edrpou(3_000_000 + r.below(1_500_000) as u32 + if r.below(2) == 0 { 0 } else { 1_000_000 });
        out.push(json!({
            "name": format!("{short} «{stem}»"),
            "identifier": {"scheme": "UA-EDR", "id": id, "legalName": format!("{long} «{}»", stem.to_uppercase())},
            "address": address(r),
            "scale": pick(r, &["micro", "sme", "sme", "large"]),
        }));
    }
    out
}

/// Central purchasing bodies that run the categories' frameworks.
fn purchasers(r: &mut Rng) -> Vec<Value> {
    ["Професійні закупівлі", "Медичні закупівлі", "Продовольчі закупівлі", "Енергоресурси"]
        .iter()
        .map(|n| {
            let id = edrpou(4_000_000 + r.below(999_999) as u32);
            json!({
                "name": format!("ЦЗО «{n}»"),
                "identifier": {"scheme": "UA-EDR", "id": id, "legalName": format!("ДЕРЖАВНЕ ПІДПРИЄМСТВО «{}»", n.to_uppercase())},
                "address": {"countryName": "Україна", "region": "м. Київ", "locality": "м. Київ", "postalCode": "01001", "streetAddress": format!("вул. Хрещатик, {}", 10 + r.below(40))},
                "contactPoint": {"name": "Відділ категорійного менеджменту", "telephone": format!("+38044{:07}", r.below(10_000_000))},
                "kind": "central",
            })
        })
        .collect()
}

fn purchaser_for(cpv: &str) -> usize {
    match &cpv[..2] {
        "33" | "38" | "24" => 1,
        "15" | "03" => 2,
        "09" => 3,
        _ => 0,
    }
}

/// A profile under construction.
struct Prof {
    id: String,
    rules: Vec<Rule>,
    title: (String, String),
    price: f64,
    status: &'static str,
    dates: (i64, i64),
    image: bool,
}

/// A drawn product before its JSON.
struct Prod {
    profile: usize,
    vals: Vec<Val>,
}

/// Generates the catalogue.
pub fn generate(cls: &Classifiers) -> Market {
    let mut r = Rng::new(SEED);
    let suppliers = suppliers(&mut r, 96);
    let purchasers = purchasers(&mut r);
    let mut mcs = Vec::new();
    let mut cats = Vec::new();
    let mut profiles = Vec::new();
    let mut products = Vec::new();
    let mut prozorro = Vec::new();
    for kit in catalogue::KITS {
        let Some(mc) = cls.cpv.by_digits(kit.cpv) else { continue };
        let mut mc_rec = record(&mc.id, "active", &mc.id, "", &mc.id, &mc.uk, &[&mc.uk, &mc.en], 0);
        let first_cat = cats.len();
        for cat in kit.cats {
            let Some(node) = cls.cpv.by_digits(cat.cpv) else { continue };
            category(
                &mut r,
                kit,
                cat,
                node,
                mc,
                &suppliers,
                &purchasers,
                &mut cats,
                &mut profiles,
                &mut products,
                &mut prozorro,
            );
        }
        if cats.len() == first_cat {
            continue;
        }
        let mine = &cats[first_cat..];
        let n_products: u64 = mine.iter().map(|c: &Record| c.json["productsCount"].as_u64().unwrap_or(0)).sum();
        mc_rec.popularity = mine.iter().map(|c| c.popularity).sum();
        mc_rec.modified = mine.iter().map(|c| c.modified).max().unwrap_or(FROM_MS);
        mc_rec.json = json!({
            "id": mc.id, "scheme": "ДК021", "title": mc.uk, "title_en": mc.en,
            "description": mc.uk, "description_en": mc.en, "status": "active",
            "categoriesCount": mine.len(), "activeCategoriesCount": mine.iter().filter(|c| c.status == "active").count(),
            "productsCount": n_products, "popularity": mc_rec.popularity,
            "dateModified": dates::format_kyiv(mc_rec.modified),
        });
        mcs.push(mc_rec);
    }
    Market {
        classifications: Records::new(mcs),
        categories: Records::new(cats),
        profiles: Records::new(profiles),
        products: Records::new(products),
        prozorro_products: Records::new(prozorro),
    }
}

#[expect(clippy::too_many_arguments, reason = "one call site; the accumulators are the generator's state")]
fn record(
    id: &str,
    status: &'static str,
    mc: &str,
    category: &str,
    cpv: &str,
    title: &str,
    texts: &[&str],
    popularity: u64,
) -> Record {
    Record { text: pieces(texts), popularity, modified: FROM_MS, ..Record::new(id, status, mc, category, cpv, title) }
}

#[expect(clippy::too_many_arguments, reason = "one call site; the accumulators are the generator's state")]
fn category(
    r: &mut Rng,
    kit: &Kit,
    cat: &Cat,
    node: &Node,
    mc: &Node,
    suppliers: &[Value],
    purchasers: &[Value],
    cats: &mut Vec<Record>,
    profiles_out: &mut Vec<Record>,
    products_out: &mut Vec<Record>,
    prozorro_out: &mut Vec<Record>,
) {
    let attrs: Vec<&'static Attr> = cat.attrs.iter().map(|k| catalogue::attr(k)).collect();
    let purchaser = &purchasers[purchaser_for(cat.cpv)];
    let cat_id =
        format!("{}-{:04}-{}", cat.cpv, cats.len() + 1, purchaser["identifier"]["id"].as_str().unwrap_or_default());
    let agreement = hex_id(r);
    let cat_status = if r.below(100) < 94 { "active" } else { "hidden" };
    let cat_dates = date(r);
    let mut own_suppliers: Vec<usize> = Vec::new();
    while own_suppliers.len() < 4 + r.below(5) as usize {
        let s = r.below(suppliers.len() as u64) as usize;
        if !own_suppliers.contains(&s) {
            own_suppliers.push(s);
        }
    }
    // The characteristics that name things: the first two non-boolean ones.
    let named: Vec<usize> = (0..attrs.len()).filter(|&i| !matches!(attrs[i].kind, Kind::Bool)).take(2).collect();

    let n_profiles = 3 + usize::from(r.below(10) < 5);
    let mut profs: Vec<Prof> = Vec::new();
    for _ in 0..n_profiles {
        // Profiles of a category differ by their named requirements (a few redraws).
        let mut rules: Vec<Rule> = attrs.iter().map(|a| draw_rule(r, a)).collect();
        for _ in 0..8 {
            if !profs.iter().any(|p| named.iter().all(|&i| p.rules[i] == rules[i])) {
                break;
            }
            rules = attrs.iter().map(|a| draw_rule(r, a)).collect();
        }
        let phrase = |uk: bool| {
            let parts: Vec<String> = named.iter().filter_map(|&i| rule_phrase(attrs[i], &rules[i], uk)).collect();
            format!("{}, {}", if uk { cat.uk } else { cat.en }, parts.join(", "))
        };
        let (lo, hi) = cat.price;
        profs.push(Prof {
            id: hex_id(r),
            title: (phrase(true), phrase(false)),
            price: lo * (hi / lo).powf(0.1 + 0.7 * r.unit()),
            status: if r.below(100) < 92 { "active" } else { "hidden" },
            dates: date(r),
            image: r.below(3) == 0,
            rules,
        });
    }

    // Products: values drawn inside the profile's rules, sometimes one outside.
    let mut drawn: Vec<Prod> = Vec::new();
    for (pi, p) in profs.iter().enumerate() {
        for _ in 0..8 + r.below(6) {
            let mut vals = conforming(r, &attrs, &p.rules);
            if r.below(100) < 8 {
                let i = r.below(attrs.len() as u64) as usize;
                let bad: Vec<Val> = domain(attrs[i]).into_iter().filter(|v| !p.rules[i].holds(*v)).collect();
                if !bad.is_empty() {
                    vals[i] = *pick(r, &bad);
                }
            }
            drawn.push(Prod { profile: pi, vals });
        }
    }
    let satisfied = |vals: &[Val]| -> Vec<usize> {
        (0..profs.len()).filter(|&pi| profs[pi].rules.iter().zip(vals).all(|(rule, v)| rule.holds(*v))).collect()
    };

    let classification = cpv_json(node);
    let unit = json!({"code": cat.unit.code, "name": cat.unit.name});
    let mut profile_pop = vec![0u64; profs.len()];
    let mut profile_count = vec![0usize; profs.len()];
    let mut cat_products = 0usize;
    let first_product = products_out.len();
    for d in &drawn {
        let p = &profs[d.profile];
        let mut related = vec![d.profile];
        related.extend(satisfied(&d.vals).into_iter().filter(|&i| i != d.profile));
        let related_ids: Vec<String> = related.iter().map(|&i| profs[i].id.clone()).collect();
        let status = match r.below(100) {
            0..=85 => "active",
            86..=91 => "hidden",
            92..=96 => "inactive",
            _ => "draft",
        };
        let popularity = (r.unit().powi(3) * 5000.0) as u64 + r.below(20);
        let price = (p.price * (0.85 + 0.35 * r.unit()) * 100.0).round() / 100.0;
        let supplier = &suppliers[*pick(r, &own_suppliers)];
        let mut rec = product(
            r,
            kit,
            cat,
            &attrs,
            &d.vals,
            &named,
            &classification,
            &unit,
            mc,
            &cat_id,
            related_ids,
            status,
            popularity,
        );
        rec.price = Some(price);
        rec.json["value"] = json!({"amount": price, "currency": "UAH", "valueAddedTaxIncluded": true});
        rec.json["supplier"] = supplier.clone();
        if let Some(name) = supplier["name"].as_str() {
            rec.text.push('\n');
            rec.text.push_str(name);
        }
        if status == "active" {
            cat_products += 1;
            for &i in &related {
                profile_pop[i] += popularity;
                profile_count[i] += 1;
            }
        }
        products_out.push(rec);
    }
    let cat_modified =
        products_out[first_product..].iter().map(|p| p.modified).max().unwrap_or(cat_dates.1).max(cat_dates.1);

    // The national catalogue's own products: one for most profiles, always conforming.
    for (pi, p) in profs.iter().enumerate() {
        if r.below(100) >= 60 {
            continue;
        }
        let vals = conforming(r, &attrs, &p.rules);
        let mut related = vec![pi];
        related.extend(satisfied(&vals).into_iter().filter(|&i| i != pi));
        let related_ids = related.iter().map(|&i| profs[i].id.clone()).collect();
        let status = if r.below(100) < 90 { "active" } else { "hidden" };
        let popularity = (r.unit().powi(2) * 2000.0) as u64;
        let rec = product(
            r,
            kit,
            cat,
            &attrs,
            &vals,
            &named,
            &classification,
            &unit,
            mc,
            &cat_id,
            related_ids,
            status,
            popularity,
        );
        prozorro_out.push(rec);
    }

    // Profiles.
    for (pi, p) in profs.iter().enumerate() {
        let requirements: Vec<Value> = attrs
            .iter()
            .zip(&p.rules)
            .enumerate()
            .map(|(i, (a, rule))| requirement(a, rule, format!("0001-001-{:02}", i + 1)))
            .collect();
        let descr: Vec<String> = attrs
            .iter()
            .zip(&p.rules)
            .filter_map(|(a, rule)| rule_phrase(a, rule, true).map(|t| format!("{}: {t}", a.uk)))
            .collect();
        let mut rec = record(
            &p.id,
            p.status,
            &mc.id,
            &cat_id,
            &node.id,
            &p.title.0,
            &[&p.title.0, &p.title.1, &node.uk, &node.en],
            profile_pop[pi],
        );
        rec.modified = p.dates.1;
        rec.codes.push(agreement.clone());
        rec.json = json!({
            "id": p.id, "title": p.title.0, "title_en": p.title.1,
            "description": format!("{}. {}", p.title.0, descr.join("; ")),
            "status": p.status,
            "classification": classification, "additionalClassifications": [],
            "unit": unit,
            "value": {"amount": (p.price * 100.0).round() / 100.0, "currency": "UAH", "valueAddedTaxIncluded": true},
            "criteria": [{
                "id": "0001",
                "title": "Технічні, якісні та кількісні характеристики предмета закупівлі",
                "description": format!("Характеристики товару «{}»", cat.uk),
                "classification": {"scheme": "ESPD211", "id": CRITERION_CLASS},
                "legislation": [{
                    "version": "2024-04-19", "type": "NATIONAL_LEGISLATION", "article": "22.2.3",
                    "identifier": {"id": "922-VIII", "legalName": "Закон України \"Про публічні закупівлі\""},
                }],
                "requirementGroups": [{"id": "0001-001", "description": format!("Вимоги до товару «{}»", cat.uk), "requirements": requirements}],
            }],
            "images": if p.image { json!([{"sizes": "200x200", "url": format!("/static/images/market/{}.200x200.jpg", &node.id[..8])}]) } else { json!([]) },
            "relatedCategory": cat_id, "marketClassification": mc.id,
            "agreementsID": [agreement],
            "productsCount": profile_count[pi], "popularity": profile_pop[pi],
            "dateCreated": dates::format_kyiv(p.dates.0), "dateModified": dates::format_kyiv(p.dates.1),
        });
        profiles_out.push(rec);
    }

    let popularity: u64 = profile_pop.iter().sum();
    let mut rec = record(
        &cat_id,
        cat_status,
        &mc.id,
        &cat_id,
        &node.id,
        &node.uk,
        &[&node.uk, &node.en, cat.uk, cat.en],
        popularity,
    );
    rec.modified = cat_modified;
    rec.codes.push(agreement.clone());
    rec.json = json!({
        "id": cat_id, "title": node.uk, "title_en": node.en,
        "description": format!("{} ({})", node.uk, cat.uk.to_lowercase()),
        "description_en": format!("{} ({})", node.en, cat.en.to_lowercase()),
        "status": cat_status,
        "classification": classification, "additionalClassifications": [],
        "images": [],
        "unit": unit,
        "procuringEntity": purchaser,
        "agreementID": agreement,
        "marketClassification": mc.id,
        "profilesCount": profs.len(), "activeProfilesCount": profs.iter().filter(|p| p.status == "active").count(),
        "productsCount": cat_products, "popularity": popularity,
        "dateCreated": dates::format_kyiv(cat_dates.0), "dateModified": dates::format_kyiv(cat_modified),
    });
    cats.push(rec);
}

/// One product (a supplier's when the caller adds `value` and `supplier`).
#[expect(clippy::too_many_arguments, reason = "the category's drawn context, passed once per product")]
fn product(
    r: &mut Rng,
    kit: &Kit,
    cat: &Cat,
    attrs: &[&'static Attr],
    vals: &[Val],
    named: &[usize],
    classification: &Value,
    unit: &Value,
    mc: &Node,
    cat_id: &str,
    related: Vec<String>,
    status: &'static str,
    popularity: u64,
) -> Record {
    let id = hex_id(r);
    let brand = *pick(r, kit.brands);
    // Model numbers on equipment, not on paper, food or consumables.
    let model = (kit.models && cat.price.1 >= 500.0).then(|| {
        let prefix: String = brand.chars().filter(char::is_ascii_alphabetic).take(2).collect::<String>().to_uppercase();
        let prefix = if prefix.len() < 2 { pick(r, &["KT", "MX", "PR", "UA"]).to_string() } else { prefix };
        format!(
            "{prefix}-{}{}",
            100 + r.below(9900),
            if r.below(3) == 0 { *pick(r, &["S", "X", "Pro", "M"]) } else { "" }
        )
    });
    let title = |uk: bool| {
        let mut t = format!("{} {brand}", if uk { cat.uk } else { cat.en });
        if let Some(m) = &model {
            t.push(' ');
            t.push_str(m);
        }
        for &i in named {
            if let Some(p) = val_phrase(attrs[i], vals[i], uk) {
                t.push_str(", ");
                t.push_str(&p);
            }
        }
        t
    };
    let (title_uk, title_en) = (title(true), title(false));
    let chars = |uk: bool| {
        attrs
            .iter()
            .zip(vals)
            .map(|(a, v)| format!("{}: {}", if uk { a.uk } else { a.en }, val_text(a, *v, uk)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    let mut responses = Vec::new();
    let mut responses_json = Vec::new();
    for (a, v) in attrs.iter().zip(vals) {
        let (ans, j) = answer(a, *v);
        let mut rj = json!({"requirement": a.uk});
        rj[if matches!(ans, RequirementValue::Text(_)) { "values" } else { "value" }] = j;
        responses_json.push(rj);
        responses.push(Response { requirement: a.uk.to_string(), answer: ans });
    }
    let ean = ean13(482_000_000_000 + r.below(1_000_000_000));
    let (created, modified) = date(r);
    let description = format!("{title_uk}. {}", chars(true));
    let description_en = format!("{title_en}. {}", chars(false));
    let mut json = json!({
        "id": id, "title": title_uk, "title_en": title_en,
        "description": description, "description_en": description_en,
        "status": status,
        "classification": classification, "additionalClassifications": [],
        "identifier": {"id": ean, "scheme": "EAN-13"},
        "alternativeIdentifiers": [],
        "brand": {"name": brand},
        "unit": unit,
        "requirementResponses": responses_json,
        "relatedCategory": cat_id, "relatedProfiles": related, "marketClassification": mc.id,
        "popularity": popularity,
        "dateCreated": dates::format_kyiv(created), "dateModified": dates::format_kyiv(modified),
    });
    if let Some(m) = &model {
        json["product"] = json!({"name": m});
    }
    if r.below(4) == 0 {
        json["images"] =
            json!([{"sizes": "200x200", "url": format!("/static/images/market/products/{id}.200x200.jpg")}]);
    }
    let cpv = classification["id"].as_str().unwrap_or_default();
    let mut rec = record(
        &id,
        status,
        &mc.id,
        cat_id,
        cpv,
        &title_uk,
        &[&title_uk, &title_en, &description, brand, cat.en],
        popularity,
    );
    for extra in [
        classification["description"].as_str().unwrap_or_default(),
        classification["description_en"].as_str().unwrap_or_default(),
        model.as_deref().unwrap_or_default(),
    ] {
        if !extra.is_empty() {
            rec.text.push('\n');
            rec.text.push_str(extra);
        }
    }
    rec.codes.push(ean);
    rec.profiles = related;
    rec.modified = modified;
    rec.responses = responses;
    rec.json = json;
    rec
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_digits() {
        assert_eq!(edrpou(4_099_656), "40996564"); // a real EDRPOU from the framework fixture
        assert_eq!(edrpou(254_576), "02545761"); // a real procuring entity of the snapshot
        assert_eq!(ean13(400_638_133_393), "4006381333931");
    }

    #[test]
    fn categories_descend_from_their_classification() {
        for kit in catalogue::KITS {
            let pre = crate::classifiers::significant(kit.cpv, 2);
            for cat in kit.cats {
                assert!(cat.cpv.starts_with(pre), "{} not under {}", cat.cpv, kit.cpv);
            }
        }
    }
}
