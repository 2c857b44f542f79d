//! Who audits a derived monitoring and what it says: the State Audit Service's regional
//! offices and their contacts (the monitoring's `sas` party), the reasons, procuring
//! stages and violations a monitoring names, and the Ukrainian wording of its findings,
//! questions and answers.

use super::{fmt, hex, tender_hash, weighted};
use crate::generate::Rng;
use serde_json::{json, Value};

/// Regional bodies of the State Audit Service: (tender region, office, name, locality,
/// phone area code, e-mail slug). An interregional office audits its own region itself.
const OFFICES: &[(&str, &str, &str, &str, &str)] = &[
    ("Львівська область", "Західний офіс Держаудитслужби", "Львів", "32", "zakhid"),
    ("Волинська область", "Управління Західного офісу Держаудитслужби у Волинській області", "Луцьк", "332", "volyn"),
    (
        "Закарпатська область",
        "Управління Західного офісу Держаудитслужби в Закарпатській області",
        "Ужгород",
        "312",
        "zakarpattia",
    ),
    (
        "Івано-Франківська область",
        "Управління Західного офісу Держаудитслужби в Івано-Франківській області",
        "Івано-Франківськ",
        "342",
        "if",
    ),
    ("Рівненська область", "Управління Західного офісу Держаудитслужби в Рівненській області", "Рівне", "362", "rivne"),
    (
        "Тернопільська область",
        "Управління Західного офісу Держаудитслужби в Тернопільській області",
        "Тернопіль",
        "352",
        "ternopil",
    ),
    (
        "Хмельницька область",
        "Управління Західного офісу Держаудитслужби у Хмельницькій області",
        "Хмельницький",
        "382",
        "khmelnytskyi",
    ),
    (
        "Чернівецька область",
        "Управління Західного офісу Держаудитслужби в Чернівецькій області",
        "Чернівці",
        "372",
        "chernivtsi",
    ),
    (
        "Вінницька область",
        "Управління Західного офісу Держаудитслужби у Вінницькій області",
        "Вінниця",
        "432",
        "vinnytsia",
    ),
    ("м. Київ", "Північний офіс Держаудитслужби", "Київ", "44", "pivnich"),
    ("Київська область", "Управління Північного офісу Держаудитслужби в Київській області", "Київ", "44", "kyivska"),
    (
        "Житомирська область",
        "Управління Північного офісу Держаудитслужби в Житомирській області",
        "Житомир",
        "412",
        "zhytomyr",
    ),
    (
        "Черкаська область",
        "Управління Північного офісу Держаудитслужби в Черкаській області",
        "Черкаси",
        "472",
        "cherkasy",
    ),
    (
        "Чернігівська область",
        "Управління Північного офісу Держаудитслужби в Чернігівській області",
        "Чернігів",
        "462",
        "chernihiv",
    ),
    ("Сумська область", "Управління Північного офісу Держаудитслужби в Сумській області", "Суми", "542", "sumy"),
    ("Дніпропетровська область", "Східний офіс Держаудитслужби", "Дніпро", "56", "skhid"),
    (
        "Донецька область",
        "Управління Східного офісу Держаудитслужби в Донецькій області",
        "Краматорськ",
        "626",
        "donetsk",
    ),
    (
        "Запорізька область",
        "Управління Східного офісу Держаудитслужби в Запорізькій області",
        "Запоріжжя",
        "61",
        "zaporizhzhia",
    ),
    (
        "Кіровоградська область",
        "Управління Східного офісу Держаудитслужби в Кіровоградській області",
        "Кропивницький",
        "522",
        "kirovohrad",
    ),
    (
        "Луганська область",
        "Управління Східного офісу Держаудитслужби в Луганській області",
        "Сєвєродонецьк",
        "645",
        "luhansk",
    ),
    (
        "Полтавська область",
        "Управління Східного офісу Держаудитслужби в Полтавській області",
        "Полтава",
        "532",
        "poltava",
    ),
    (
        "Харківська область",
        "Управління Східного офісу Держаудитслужби в Харківській області",
        "Харків",
        "57",
        "kharkiv",
    ),
    ("Одеська область", "Південний офіс Держаудитслужби", "Одеса", "48", "pivden"),
    (
        "Миколаївська область",
        "Управління Південного офісу Держаудитслужби в Миколаївській області",
        "Миколаїв",
        "512",
        "mykolaiv",
    ),
    (
        "Херсонська область",
        "Управління Південного офісу Держаудитслужби в Херсонській області",
        "Херсон",
        "552",
        "kherson",
    ),
];

const CONTACTS: &[&str] = &[
    "Олена Коваленко",
    "Андрій Мельник",
    "Ірина Шевчук",
    "Тарас Бондаренко",
    "Наталія Ткаченко",
    "Олег Кравченко",
    "Світлана Олійник",
    "Василь Романюк",
    "Юлія Савчук",
    "Петро Гнатюк",
];

/// The monitoring's `sas` party: the office for the buyer's region (the central service
/// when the region is unknown).
pub(super) fn party(r: &mut Rng, region: &str, at: i64) -> Value {
    let (name, locality, region_name, code, slug, edrpou) = match OFFICES.iter().find(|o| o.0 == region) {
        Some(&(reg, name, locality, code, slug)) => {
            (name, locality, reg, code, slug, format!("4{:07}", tender_hash(name) % 10_000_000))
        }
        None => ("Державна аудиторська служба України", "Київ", "м. Київ", "44", "dasu", "40165856".to_string()),
    };
    let contact = CONTACTS[r.below(CONTACTS.len() as u64) as usize];
    json!({
        "id": hex(r),
        "name": name,
        "datePublished": fmt(at),
        "identifier": {"scheme": "UA-EDR", "id": edrpou, "legalName": name},
        "address": {"countryName": "Україна", "region": region_name, "locality": locality},
        "contactPoint": {
            "name": contact,
            "email": format!("{slug}.monitoring@example.gov.ua"),
            "telephone": format!("+380{code}{:0width$}", r.below(10u64.pow(9 - code.len() as u32)), width = 9 - code.len()),
        },
        "roles": ["sas"],
    })
}

pub(super) fn reason_text(reason: &str) -> &'static str {
    match reason {
        "indicator" => "даних автоматичних індикаторів ризиків",
        "authorities" => "інформації, отриманої від органів державної влади",
        "media" => "інформації, оприлюдненої у засобах масової інформації",
        "public" => "звернення громадськості",
        _ => "інформації про фінансові (фіскальні) ризики закупівлі",
    }
}

pub(super) fn reasons(r: &mut Rng) -> Vec<&'static str> {
    let w = &[("indicator", 5), ("authorities", 2), ("public", 2), ("media", 1), ("fiscal", 1)];
    let first = weighted(r, w);
    let mut v = vec![first];
    if r.below(4) == 0 {
        let second = weighted(r, w);
        if second != first {
            v.push(second);
        }
    }
    v
}

/// Procuring stages a monitoring checks, from the tender's status.
pub(super) fn stages(r: &mut Rng, tender_status: &str) -> Vec<&'static str> {
    match tender_status {
        "active.enquiries"
        | "active.tendering"
        | "active.pre-qualification"
        | "active.pre-qualification.stand-still"
        | "active.auction"
        | "active.stage2.pending"
        | "active.stage2.waiting"
        | "active.stage2" => vec!["planning"],
        "active.qualification" | "active.qualification.stand-still" | "active.awarded" | "unsuccessful" => {
            if r.below(2) == 0 {
                vec!["awarding"]
            } else {
                vec!["planning", "awarding"]
            }
        }
        "cancelled" => {
            if r.below(2) == 0 {
                vec!["planning"]
            } else {
                vec!["planning", "awarding"]
            }
        }
        _ => match r.below(3) {
            0 => vec!["awarding", "contracting"],
            1 => vec!["contracting"],
            _ => vec!["planning", "awarding", "contracting"],
        },
    }
}

/// Violation codes of the audit API (`violationType`) per procuring stage.
pub(super) fn violation_codes(stage: &str, tender_status: &str) -> &'static [&'static str] {
    match stage {
        "planning" => &[
            "corruptionDescription",
            "corruptionProcurementMethodType",
            "corruptionPublicDisclosure",
            "corruptionBiddingDocuments",
            "documentsForm",
        ],
        "awarding" if tender_status == "cancelled" => &["corruptionCancelled", "documentsForm"],
        "awarding" => &["corruptionAwarded", "documentsForm", "other"],
        _ => &["corruptionContracting", "corruptionChanges"],
    }
}

pub(super) fn finding(code: &str) -> &'static str {
    match code {
        "corruptionDescription" => {
            "у тендерній документації визначено вимоги до предмета закупівлі, що обмежують конкуренцію"
        }
        "corruptionProcurementMethodType" => {
            "обрано процедуру закупівлі, що не відповідає очікуваній вартості предмета закупівлі"
        }
        "corruptionPublicDisclosure" => "порушено строки оприлюднення інформації в електронній системі закупівель",
        "corruptionBiddingDocuments" => "тендерна документація не відповідає вимогам статті 22 Закону",
        "documentsForm" => "документи, оприлюднені замовником, не відповідають встановленій формі",
        "corruptionAwarded" => {
            "замовник не відхилив тендерну пропозицію, що не відповідала умовам тендерної документації"
        }
        "corruptionCancelled" => "закупівлю відмінено з підстав, не передбачених Законом",
        "corruptionContracting" => {
            "договір про закупівлю укладено на умовах, що не відповідають тендерній пропозиції переможця"
        }
        "corruptionChanges" => "істотні умови договору змінено з підстав, не передбачених статтею 41 Закону",
        _ => "інші порушення законодавства у сфері публічних закупівель",
    }
}

pub(super) fn question(stage: &str) -> &'static str {
    match stage {
        "planning" => {
            "Відповідно до статті 8 Закону України «Про публічні закупівлі» просимо надати пояснення щодо \
             встановлених у тендерній документації кваліфікаційних критеріїв і вимог до предмета закупівлі \
             з посиланням на підтвердні документи."
        }
        "awarding" => {
            "Відповідно до статті 8 Закону України «Про публічні закупівлі» просимо надати пояснення щодо \
             розгляду тендерних пропозицій учасників і підстав визначення переможця процедури закупівлі."
        }
        _ => {
            "Відповідно до статті 8 Закону України «Про публічні закупівлі» просимо надати пояснення щодо \
             відповідності умов договору про закупівлю тендерній пропозиції переможця та підстав змін до нього."
        }
    }
}

pub(super) fn answer(stage: &str) -> &'static str {
    match stage {
        "planning" => {
            "На запит повідомляємо, що вимоги тендерної документації встановлено відповідно до потреб \
             замовника і вони не обмежують конкуренцію. Підтвердні документи додаються."
        }
        "awarding" => {
            "На запит повідомляємо, що тендерні пропозиції розглянуто відповідно до вимог тендерної \
             документації та статті 29 Закону. Протокол розгляду додається."
        }
        _ => {
            "На запит повідомляємо, що договір укладено відповідно до тендерної пропозиції переможця, а зміни \
             внесено з підстав, передбачених статтею 41 Закону. Копії договору та додаткових угод додаються."
        }
    }
}

pub(super) const STRINGS_ATTACHED: &str =
    "Замовнику необхідно здійснити заходи щодо усунення порушення законодавства у сфері \
     публічних закупівель, зокрема шляхом припинення зобов'язань за договором з дотриманням положень Господарського \
     та Цивільного кодексів України, та не допускати надалі порушень.";
