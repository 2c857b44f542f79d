//! Records: the real tenders and plans of the snapshot, contracts derived from the
//! tenders' active awards, and the flat [`Fields`] every index and the brute-force
//! reference filter read. Field paths were checked against every record of
//! `demo.jsonl.gz` (prozorro-mcp 0.1.1): tenders carry id, tenderID, title, status,
//! procurementMethodType, dateCreated, date, dateModified, value, tenderPeriod (some),
//! procuringEntity{name, identifier, address.region}, items[classification, unit],
//! lots, bids, awards[suppliers, value, date, status, lotID], documents; plans carry id,
//! planID, status, dateModified, classification, budget, procuringEntity and
//! tender{procurementMethodType, tenderPeriod.startDate}. The API-documentation examples
//! (extra folders) add plans with items, buyers, `budget.period`, `budget.project` and
//! `tender_id`, and contracts in the central database's own shape ([`contract_fields`]).

use crate::classifiers::Classifiers;
use crate::dates;
use crate::error::UpstreamError;
use serde_json::{json, Map, Value};
use std::io::{BufRead, BufReader};
use std::path::Path;

/// Period slots a range filter can address.
pub const PERIODS: [&str; 5] =
    ["enquiryPeriod", "auctionPeriod", "tenderPeriod", "qualificationPeriod", "publicationDate"];

/// Tags derived from CPV divisions (the snapshot has no platform tags):
/// (code, name, name_en, CPV 2-digit divisions).
pub const TAGS: &[(&str, &str, &str, &[&str])] = &[
    ("medicine", "Медицина", "Medicine", &["33"]),
    ("fuel", "Паливо та енергія", "Fuel and energy", &["09", "65"]),
    ("food", "Продукти харчування", "Food", &["03", "15"]),
    ("construction", "Будівництво", "Construction", &["44", "45", "71"]),
    ("it", "ІТ та зв'язок", "IT and communications", &["30", "32", "48", "72"]),
    ("transport", "Транспорт", "Transport", &["34", "60"]),
    ("education", "Освіта та культура", "Education and culture", &["22", "37", "80", "92"]),
    ("defense", "Оборона та безпека", "Defence and security", &["35"]),
    ("repair", "Ремонт і обслуговування", "Repair and maintenance", &["50"]),
    ("utilities", "Комунальні послуги", "Utilities", &["41", "90"]),
];

/// What kind of document a collection holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Tender,
    Plan,
    Contract,
}

impl Kind {
    /// Singular name used in messages and JSON-LD contexts.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Tender => "tender",
            Kind::Plan => "plan",
            Kind::Contract => "contract",
        }
    }

    /// Statuses a search may ask for (SPEC §4).
    pub fn statuses(self) -> &'static [&'static str] {
        match self {
            Kind::Tender => &[
                "active.enquiries",
                "active.tendering",
                "active.pre-qualification",
                "active.pre-qualification.stand-still",
                "active.complaint",
                "active.auction",
                "active.qualification",
                "active.qualification.stand-still",
                "active.awarded",
                "complete",
                "unsuccessful",
                "cancelled",
                "draft.unsuccessful",
                "draft.pending",
                "active",
                "active.stage2.pending",
                "active.stage2.waiting",
                "active.stage2",
            ],
            Kind::Plan => &["draft", "scheduled", "complete", "cancelled"],
            Kind::Contract => &["active", "terminated", "cancelled", "pending"],
        }
    }
}

/// Procurement method types accepted by the filters (SPEC §9 plus the standards' list).
pub const METHOD_TYPES: &[&str] = &[
    "belowThreshold",
    "requestForProposal",
    "aboveThreshold",
    "aboveThresholdUA",
    "aboveThresholdEU",
    "aboveThresholdUA.defense",
    "negotiation",
    "negotiation.quick",
    "competitiveDialogueUA",
    "competitiveDialogueEU",
    "competitiveDialogueUA.stage2",
    "competitiveDialogueEU.stage2",
    "reporting",
    "reporting.covid19",
    "defense",
    "catalogue",
    "catalogueFirstStage",
    "catalogueSecondStage",
    "simple.defense",
    "esco",
    "closeFrameworkAgreementUA",
    "closeFrameworkAgreementSelectionUA",
    "centralizedProcurement",
    "priceQuotation",
    "competitiveOrdering",
    "complexAsset.arma",
];

/// The flat view of one document that indexes and the reference filter use. A mirror
/// keeps it (without the text, which its keyword index holds) beside each record, so a
/// start reads it instead of the record.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Fields {
    pub id: String,
    pub human_id: String,
    pub status: String,
    pub method_type: String,
    pub region: String,
    pub cpv: Vec<String>,
    /// (normalised scheme: `road`, `gmdn`, `inn`, `ccce_ua`, id)
    pub additional: Vec<(String, String)>,
    pub organizer: Vec<String>,
    pub supplier: Vec<String>,
    pub fund_manager: Vec<String>,
    pub funder: Vec<String>,
    pub tags: Vec<String>,
    pub market_classification: Vec<String>,
    pub related_category: Vec<String>,
    pub related_profile: Vec<String>,
    pub subject_type: String,
    pub payment_types: Vec<String>,
    pub active_monitoring: bool,
    pub test: bool,
    pub plan_year: Option<i32>,
    /// Lowercase 32-hex id of the tender a plan or contract belongs to (`tender_id`).
    pub tender_id: String,
    pub value: Option<f64>,
    /// Currency of `value` (`UAH` when the value names none).
    pub currency: String,
    pub created: i64,
    pub modified: i64,
    /// (start, end) in epoch ms per [`PERIODS`] slot.
    pub periods: [Option<(i64, i64)>; 5],
    /// Tenders: the submission deadline, `tenderPeriod.endDate` (epoch ms).
    pub deadline: Option<i64>,
    /// The title (tenders and contracts: `title`, `title_en`; plans: the budget's
    /// description), pieces separated by newlines, as written.
    #[serde(skip)]
    pub title: String,
    /// The rest of the searchable text except the organiser's name, pieces (a description,
    /// an item, a CPV name…) separated by newlines, as written.
    #[serde(skip)]
    pub text: String,
    /// Lowercase organiser name(s), kept apart so generated documents can swap them.
    #[serde(skip)]
    pub organizer_text: String,
    /// Tenders: the integrity indicators the record raises (`R018`…), and `any` when it
    /// raises one ([`red_flags`]).
    pub red_flags: Vec<String>,
    /// Tenders: the indicators that could be computed on the record (raised or clear).
    pub flags_checked: Vec<String>,
}

/// The indicators a tender raises (with `any` when there is one) and those it could be
/// checked for, by the library the portal's tender page runs too.
pub fn red_flags(t: &Value) -> (Vec<String>, Vec<String>) {
    let assessment = indicators::assess(t);
    let mut raised = Vec::new();
    let mut checked = Vec::new();
    for outcome in &assessment.outcomes {
        match outcome.verdict {
            indicators::Verdict::Raised => {
                raised.push(outcome.code.as_str().to_string());
                checked.push(outcome.code.as_str().to_string());
            }
            indicators::Verdict::Clear => checked.push(outcome.code.as_str().to_string()),
            indicators::Verdict::NotApplicable => {}
        }
    }
    if !raised.is_empty() {
        raised.push(ANY_RED_FLAG.to_string());
    }
    (raised, checked)
}

/// `dateModified` of a record in epoch ms (`None` when missing or unreadable).
pub fn modified_of(doc: &Value) -> Option<i64> {
    doc["dateModified"].as_str().and_then(dates::parse)
}

/// The `redFlag[]` value of a tender that raises any indicator.
pub const ANY_RED_FLAG: &str = "any";

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

fn date(v: &Value) -> Option<i64> {
    v.as_str().and_then(dates::parse)
}

fn period(v: &Value) -> Option<(i64, i64)> {
    let start = date(&v["startDate"]);
    let end = date(&v["endDate"]);
    match (start, end) {
        (None, None) => None,
        (a, b) => Some((a.or(b).unwrap_or_default(), b.or(a).unwrap_or_default())),
    }
}

/// The currency of a value or budget object: `UAH`, the platform's, when it names none.
fn currency(v: &Value) -> String {
    v["currency"].as_str().map(str::trim).filter(|c| !c.is_empty()).unwrap_or("UAH").to_string()
}

fn arr(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// Adds a code or identifier once, without surrounding spaces (a few suppliers' EDRPOU codes
/// in the snapshot carry a leading space; query values are trimmed too).
fn push_unique(v: &mut Vec<String>, x: &str) {
    let x = x.trim();
    if !x.is_empty() && !v.iter().any(|e| e == x) {
        v.push(x.to_string());
    }
}

/// `works` for CPV 45, `services` for divisions 50 and above, else `goods`: the CPV rule,
/// used when a document has no `mainProcurementCategory` (none in the snapshot has).
pub fn subject_from_cpv(cpv: &str) -> &'static str {
    match cpv.get(..2).and_then(|d| d.parse::<u32>().ok()) {
        Some(45) => "works",
        Some(d) if d >= 50 => "services",
        _ => "goods",
    }
}

fn normalise_scheme(s: &str) -> Option<&'static str> {
    match s.to_ascii_lowercase().replace(['-', '_', ' '], "").as_str() {
        "uaroad" | "road" => Some("road"),
        "gmdn" | "gmdn2023" => Some("gmdn"),
        "inn" => Some("inn"),
        "ccceua" => Some("ccce_ua"),
        _ => None,
    }
}

fn cpv_text(cls: &Classifiers, code: &str, text: &mut String) {
    if let Some(n) = cls.cpv.get(code) {
        push_text(text, &Value::from(n.uk.as_str()));
        if n.en != n.uk {
            push_text(text, &Value::from(n.en.as_str()));
        }
    }
}

fn tags_for(cpv: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for (code, _, _, divs) in TAGS {
        if cpv.iter().any(|c| divs.iter().any(|d| c.starts_with(d))) {
            out.push(code.to_string());
        }
    }
    out
}

/// Appends a string value to a document's text. Nothing is skipped as "already there":
/// a piece found inside the text may still start or end mid-word there, and the keyword
/// matches word prefixes (the index deduplicates words anyway).
fn push_text(text: &mut String, v: &Value) {
    if let Some(t) = v.as_str() {
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(t);
    }
}

/// Identifier id of an organisation into `ids`, its names (`name`, `name_en`,
/// `identifier.legalName`, `identifier.legalName_en`) into `text`.
pub fn org_fields(org: &Value, ids: &mut Vec<String>, text: &mut String) {
    push_unique(ids, s(&org["identifier"]["id"]));
    for k in [&org["name"], &org["name_en"], &org["identifier"]["legalName"], &org["identifier"]["legalName_en"]] {
        push_text(text, k);
    }
}

/// Extracts the searchable fields of a tender.
pub fn tender_fields(t: &Value, cls: &Classifiers) -> Fields {
    let mut f = Fields {
        id: s(&t["id"]).to_string(),
        human_id: s(&t["tenderID"]).to_string(),
        status: s(&t["status"]).to_string(),
        method_type: s(&t["procurementMethodType"]).trim().to_string(),
        region: s(&t["procuringEntity"]["address"]["region"]).trim().to_string(),
        value: t["value"]["amount"].as_f64(),
        currency: currency(&t["value"]),
        created: date(&t["dateCreated"]).or_else(|| date(&t["date"])).unwrap_or_default(),
        modified: date(&t["dateModified"]).unwrap_or_default(),
        active_monitoring: t["hasActiveMonitoring"].as_bool().unwrap_or(false),
        test: s(&t["mode"]) == "test",
        ..Default::default()
    };
    f.periods = [
        period(&t["enquiryPeriod"]),
        period(&t["auctionPeriod"]),
        period(&t["tenderPeriod"]),
        period(&t["qualificationPeriod"]),
        Some((f.created, f.created)),
    ];
    f.deadline = date(&t["tenderPeriod"]["endDate"]);
    for k in ["title", "title_en"] {
        push_text(&mut f.title, &t[k]);
    }
    let mut text = String::new();
    for k in ["description", "description_en"] {
        push_text(&mut text, &t[k]);
    }
    for item in arr(&t["items"]) {
        let code = s(&item["classification"]["id"]);
        if !f.cpv.iter().any(|c| c == code) && !code.is_empty() {
            f.cpv.push(code.to_string());
            cpv_text(cls, code, &mut text);
        }
        push_text(&mut text, &item["description"]);
        push_text(&mut text, &item["description_en"]);
        for ac in arr(&item["additionalClassifications"]) {
            if let Some(sc) = normalise_scheme(s(&ac["scheme"])) {
                let pair = (sc.to_string(), s(&ac["id"]).to_string());
                if !f.additional.contains(&pair) {
                    f.additional.push(pair);
                }
            }
        }
    }
    for lot in arr(&t["lots"]) {
        push_text(&mut text, &lot["title"]);
        push_text(&mut text, &lot["title_en"]);
    }
    let mut org_text = String::new();
    org_fields(&t["procuringEntity"], &mut f.organizer, &mut org_text);
    for b in arr(&t["buyers"]) {
        push_unique(&mut f.fund_manager, s(&b["identifier"]["id"]));
    }
    if f.fund_manager.is_empty() {
        f.fund_manager = f.organizer.clone();
    }
    for a in arr(&t["awards"]) {
        if s(&a["status"]) == "active" {
            for sup in arr(&a["suppliers"]) {
                org_fields(sup, &mut f.supplier, &mut text);
            }
        }
    }
    for fu in arr(&t["funders"]) {
        push_unique(&mut f.funder, s(&fu["identifier"]["id"]));
    }
    for m in arr(&t["milestones"]) {
        if s(&m["type"]) == "financing" {
            push_unique(&mut f.payment_types, s(&m["code"]));
        }
    }
    if let Some(pid) = t["profile"].as_str() {
        push_unique(&mut f.related_profile, pid);
    }
    for item in arr(&t["items"]) {
        push_unique(&mut f.related_category, s(&item["category"]));
        push_unique(&mut f.related_profile, s(&item["profile"]));
    }
    f.subject_type = t["mainProcurementCategory"]
        .as_str()
        .map(String::from)
        .or_else(|| f.cpv.first().map(|c| subject_from_cpv(c).to_string()))
        .unwrap_or_default();
    f.tags = match t["tags"].as_array() {
        Some(tags) => tags.iter().filter_map(|x| x.as_str().map(String::from)).collect(),
        None => tags_for(&f.cpv),
    };
    f.text = text;
    f.organizer_text = org_text.to_lowercase();
    (f.red_flags, f.flags_checked) = red_flags(t);
    f
}

/// Extracts the searchable fields of a plan.
pub fn plan_fields(p: &Value, cls: &Classifiers) -> Fields {
    let modified = date(&p["dateModified"]).unwrap_or_default();
    let published = date(&p["datePublished"]).unwrap_or(modified);
    let start = date(&p["tender"]["tenderPeriod"]["startDate"]);
    let mut f = Fields {
        id: s(&p["id"]).to_string(),
        human_id: s(&p["planID"]).to_string(),
        status: s(&p["status"]).to_string(),
        method_type: s(&p["tender"]["procurementMethodType"]).trim().to_string(),
        region: s(&p["procuringEntity"]["address"]["region"]).trim().to_string(),
        value: p["budget"]["amount"].as_f64(),
        currency: currency(&p["budget"]),
        created: date(&p["dateCreated"]).unwrap_or(published),
        modified,
        plan_year: p["budget"]["year"]
            .as_i64()
            .map(|y| y as i32)
            .or_else(|| date(&p["budget"]["period"]["startDate"]).map(dates::kyiv_year))
            .or_else(|| start.map(dates::kyiv_year)),
        tender_id: s(&p["tender_id"]).to_lowercase(),
        test: s(&p["mode"]) == "test",
        ..Default::default()
    };
    f.periods = [None, None, start.map(|s| (s, s)), None, Some((published, published))];
    push_text(&mut f.title, &p["budget"]["description"]);
    let mut text = String::new();
    push_text(&mut text, &p["budget"]["project"]["name"]);
    let code = s(&p["classification"]["id"]);
    if !code.is_empty() {
        f.cpv.push(code.to_string());
        cpv_text(cls, code, &mut text);
    }
    for item in arr(&p["items"]) {
        let c = s(&item["classification"]["id"]);
        if !c.is_empty() && !f.cpv.iter().any(|x| x == c) {
            f.cpv.push(c.to_string());
            cpv_text(cls, c, &mut text);
        }
        push_text(&mut text, &item["description"]);
        push_text(&mut text, &item["description_en"]);
    }
    for ac in arr(&p["additionalClassifications"]) {
        if let Some(sc) = normalise_scheme(s(&ac["scheme"])) {
            f.additional.push((sc.to_string(), s(&ac["id"]).to_string()));
        }
    }
    let mut org_text = String::new();
    org_fields(&p["procuringEntity"], &mut f.organizer, &mut org_text);
    for b in arr(&p["buyers"]) {
        push_unique(&mut f.fund_manager, s(&b["identifier"]["id"]));
    }
    if f.fund_manager.is_empty() {
        f.fund_manager = f.organizer.clone();
    }
    for b in arr(&p["budget"]["breakdown"]) {
        push_unique(&mut f.funder, s(&b["funder"]["id"]));
    }
    // A donor programme (`budget.project` of scheme `funder_program`): its funder.
    let project = &p["budget"]["project"];
    if s(&project["scheme"]) == "funder_program" {
        if let Some(program) = cls.funders.iter().find(|x| x["programId"] == project["id"]) {
            push_unique(&mut f.funder, s(&program["identifier"]["id"]));
        }
    }
    f.subject_type = f.cpv.first().map(|c| subject_from_cpv(c).to_string()).unwrap_or_default();
    f.tags = tags_for(&f.cpv);
    f.text = text;
    f.organizer_text = org_text.to_lowercase();
    f
}

/// Contracts derived from a tender's active awards: one per active award, with the
/// award's supplier, value and date, and the number the tender's own contract of that
/// award states (`contractNumber`). Status: `active` when the tender is complete,
/// `cancelled` when it was cancelled or unsuccessful, otherwise `pending` (signing).
pub fn derive_contracts(t: &Value) -> Vec<Value> {
    let tender_status = s(&t["status"]);
    let status = match tender_status {
        "complete" => "active",
        "cancelled" | "unsuccessful" => "cancelled",
        _ => "pending",
    };
    let mut out = Vec::new();
    for (n, a) in arr(&t["awards"]).iter().filter(|a| s(&a["status"]) == "active").enumerate() {
        let lot = a["lotID"].as_str();
        let items: Vec<Value> =
            arr(&t["items"]).iter().filter(|i| lot.is_none() || i["relatedLot"].as_str() == lot).cloned().collect();
        let title = lot
            .and_then(|l| arr(&t["lots"]).iter().find(|x| x["id"].as_str() == Some(l)))
            .and_then(|l| l["title"].as_str())
            .unwrap_or(s(&t["title"]));
        let mut c = json!({
            "id": a["id"],
            "contractID": format!("{}-c{}", s(&t["tenderID"]), n + 1),
            "awardID": a["id"],
            "tender_id": t["id"],
            "tenderID": t["tenderID"],
            "title": title,
            "status": status,
            "value": a["value"],
            "suppliers": a["suppliers"],
            "buyer": t["procuringEntity"],
            "items": items,
            "procurementMethodType": t["procurementMethodType"],
            "date": a["date"],
            "dateCreated": a["date"],
            "dateModified": t["dateModified"],
        });
        if status == "active" {
            c["dateSigned"] = a["date"].clone();
        }
        // The buyer's own number of the contract, where the tender's contract of this
        // award states one (the platform's tenders list their contracts).
        let number = arr(&t["contracts"])
            .iter()
            .filter(|k| k["awardID"] == a["id"])
            .find_map(|k| k["contractNumber"].as_str().map(str::trim).filter(|n| !n.is_empty()));
        if let Some(number) = number {
            c["contractNumber"] = json!(number);
        }
        if t["mode"].is_string() {
            c["mode"] = t["mode"].clone();
        }
        out.push(c);
    }
    out
}

/// Extracts the searchable fields of a contract: a derived one ([`derive_contracts`]:
/// `buyer` is the tender's procuring entity, `suppliers` the award's, `tenderID` and
/// `procurementMethodType` copied from the tender) or one in the central database's shape
/// (the API-documentation examples: `buyer`/`suppliers` with `identifier` {scheme, id} and
/// sometimes no `legalName`, `description`, `period`, no `tenderID` nor method type).
pub fn contract_fields(c: &Value, cls: &Classifiers) -> Fields {
    let created = date(&c["dateCreated"]).or_else(|| date(&c["date"])).unwrap_or_default();
    let mut f = Fields {
        id: s(&c["id"]).to_string(),
        human_id: s(&c["contractID"]).to_string(),
        status: s(&c["status"]).to_string(),
        method_type: s(&c["procurementMethodType"]).trim().to_string(),
        region: s(&c["buyer"]["address"]["region"]).trim().to_string(),
        value: c["value"]["amount"].as_f64(),
        currency: currency(&c["value"]),
        tender_id: s(&c["tender_id"]).to_lowercase(),
        test: s(&c["mode"]) == "test",
        created,
        modified: date(&c["dateModified"]).unwrap_or(created),
        ..Default::default()
    };
    let signed = date(&c["dateSigned"]).unwrap_or(created);
    f.periods = [None, None, period(&c["period"]), None, Some((signed, signed))];
    for k in ["title", "title_en"] {
        push_text(&mut f.title, &c[k]);
    }
    let mut text = String::new();
    for k in ["description", "description_en", "tenderID"] {
        push_text(&mut text, &c[k]);
    }
    for item in arr(&c["items"]) {
        let code = s(&item["classification"]["id"]);
        if !code.is_empty() && !f.cpv.iter().any(|x| x == code) {
            f.cpv.push(code.to_string());
            cpv_text(cls, code, &mut text);
        }
        push_text(&mut text, &item["description"]);
        push_text(&mut text, &item["description_en"]);
    }
    for sup in arr(&c["suppliers"]) {
        org_fields(sup, &mut f.supplier, &mut text);
    }
    let mut org_text = String::new();
    org_fields(&c["buyer"], &mut f.organizer, &mut org_text);
    f.fund_manager = f.organizer.clone();
    f.subject_type = f.cpv.first().map(|c| subject_from_cpv(c).to_string()).unwrap_or_default();
    f.tags = tags_for(&f.cpv);
    f.text = text;
    f.organizer_text = org_text.to_lowercase();
    f
}

/// A search result: the document without its bulky arrays, each replaced by its count
/// (`numberOfDocuments`...). A contract also leaves out its items, changes and milestones:
/// a derived contract copies its lot's items from the tender (27 KB for one award of a
/// large tender), and a list shows none of them. A tender leaves out its criteria (about
/// 15 KB of the central database's standard texts per open tender), and both leave out
/// the table of contract change rationales (11 KB of legal text, the same in every
/// record): they were four fifths of a search page's HTML, and only record pages show them.
pub fn member(doc: &Value, kind: Kind) -> Value {
    let mut m: Map<String, Value> = doc.as_object().cloned().unwrap_or_default();
    let bulky: &[&str] = match kind {
        Kind::Contract => &["documents", "bids", "items", "changes", "milestones"],
        Kind::Tender => &["documents", "bids", "criteria"],
        _ => &["documents", "bids"],
    };
    m.remove("contractChangeRationaleTypes");
    for k in bulky {
        if let Some(Value::Array(a)) = m.remove(*k) {
            if *k == "items" {
                if let Some(item) = sole_item_measure(&a) {
                    m.insert("item".into(), item);
                }
            }
            m.insert(format!("numberOf{}{}", k[..1].to_uppercase(), &k[1..]), json!(a.len()));
        }
    }
    Value::Object(m)
}

/// A contract of one item keeps that item's `quantity` and `unit` in its member (as
/// `item`): the price of one unit, which the exports write, is the contract's value over
/// that quantity, or the unit's own `unit.value`. A few dozen bytes, where the whole item
/// (description, classification, delivery) would be hundreds.
fn sole_item_measure(items: &[Value]) -> Option<Value> {
    let [Value::Object(item)] = items else { return None };
    let kept: Map<String, Value> =
        ["quantity", "unit"].iter().filter_map(|k| item.get(*k).map(|v| ((*k).to_owned(), v.clone()))).collect();
    (!kept.is_empty()).then_some(Value::Object(kept))
}

/// The raw snapshot: tenders and plans as compact JSON strings.
#[derive(Debug, Default)]
pub struct Snapshot {
    pub tenders: Vec<Value>,
    pub plans: Vec<Value>,
}

/// Reads `demo.jsonl.gz` (`{"kind": "tender"|"plan"|"meta", "doc": ...}` per line).
pub fn read_snapshot(path: &Path) -> Result<Snapshot, UpstreamError> {
    let file = std::fs::File::open(path)
        .map_err(|source| UpstreamError::DataFile { path: path.display().to_string(), source })?;
    let reader = BufReader::new(flate2::read::GzDecoder::new(file));
    let mut snap = Snapshot::default();
    for (n, line) in reader.lines().enumerate() {
        let line = line.map_err(|source| UpstreamError::DataFile { path: path.display().to_string(), source })?;
        if line.trim().is_empty() {
            continue;
        }
        let mut rec: Value = serde_json::from_str(&line).map_err(|e| UpstreamError::DataParse {
            path: path.display().to_string(),
            reason: format!("line {}: {e}", n + 1),
        })?;
        match rec["kind"].as_str() {
            Some("tender") => snap.tenders.push(rec["doc"].take()),
            Some("plan") => snap.plans.push(rec["doc"].take()),
            _ => {}
        }
    }
    Ok(snap)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_tender() -> Value {
        json!({
            "id": "00099ec17718414a90b638730cb31d94", "tenderID": "UA-2026-10-08-011748-a",
            "title": "грунтівка", "status": "complete", "procurementMethodType": "reporting",
            "dateCreated": "2026-10-08T16:28:39.567617+03:00", "dateModified": "2026-10-08T16:28:55.572491+03:00",
            "value": {"amount": 100.0, "currency": "UAH", "valueAddedTaxIncluded": false},
            "procuringEntity": {"name": "ДНЗ \"ВПУ № 8 М.СТРИЯ\"", "identifier": {"scheme": "UA-EDR", "id": "02545761", "legalName": "ДНЗ"},
                "address": {"region": "Львівська область", "locality": "Стрий", "countryName": "Україна"}},
            "items": [{"id": "i1", "description": "Грунтівка", "quantity": 1.0,
                "classification": {"scheme": "ДК021", "id": "44830000-7", "description": "Мастики"}, "unit": {"code": "H87", "name": "штука"}}],
            "awards": [{"id": "a1", "status": "active", "date": "2026-10-08T16:28:40.909649+03:00",
                "value": {"amount": 100.0, "currency": "UAH", "valueAddedTaxIncluded": false},
                "suppliers": [{"name": "ФОП Сидій", "identifier": {"scheme": "UA-EDR", "id": "3048506217", "legalName": "ФОП Сидій"}}]},
                {"id": "a0", "status": "cancelled", "suppliers": []}],
            "documents": [{"title": "sign.p7s"}]
        })
    }

    #[test]
    fn tender_fields_from_the_real_shape() {
        let f = tender_fields(&sample_tender(), &Classifiers::default());
        assert_eq!(f.cpv, vec!["44830000-7"]);
        assert_eq!(f.organizer, vec!["02545761"]);
        assert_eq!(f.supplier, vec!["3048506217"]);
        assert_eq!(f.subject_type, "goods");
        assert_eq!(f.value, Some(100.0));
        let all = format!("{}\n{}", f.title, f.text).to_lowercase();
        assert!(all.contains("фоп сидій") && all.contains("грунтівка"), "{all}");
        assert!(f.organizer_text.contains("стрия"));
        assert_eq!(f.tags, vec!["construction"]);
    }

    #[test]
    fn contracts_come_from_active_awards_only() {
        let cs = derive_contracts(&sample_tender());
        assert_eq!(cs.len(), 1);
        assert_eq!(cs[0]["status"], "active");
        assert_eq!(cs[0]["contractID"], "UA-2026-10-08-011748-a-c1");
        let f = contract_fields(&cs[0], &Classifiers::default());
        assert_eq!(f.supplier, vec!["3048506217"]);
        assert_eq!(f.value, Some(100.0));
        assert_eq!(cs[0].get("contractNumber"), None, "the tender states no number");
        // The number of the tender's own contract of that award.
        let mut t = sample_tender();
        let award = t["awards"][0]["id"].clone();
        t["contracts"] =
            json!([{"awardID": "other", "contractNumber": "9"}, {"awardID": award, "contractNumber": " 15/10-2026 "}]);
        assert_eq!(derive_contracts(&t)[0]["contractNumber"], "15/10-2026");
    }

    #[test]
    fn a_name_inside_another_text_still_gives_its_words() {
        // "Сидій" is inside "ФОП Сидійчук" but is a word of its own only in its own name.
        let mut t = sample_tender();
        t["title"] = json!("ФОП Сидійчук");
        t["awards"][0]["suppliers"][0]["name"] = json!("Сидій");
        t["awards"][0]["suppliers"][0]["identifier"]["legalName"] = json!("Сидій");
        let f = tender_fields(&t, &Classifiers::default());
        assert!(crate::query::words(&f.text.to_lowercase()).any(|w| w == "сидій"), "{}", f.text);
    }

    #[test]
    fn contracts_in_the_central_database_shape() {
        // An API-documentation contract: no tenderID nor method type, a description, a
        // buyer without legalName, a period.
        let c = json!({
            "id": "78fd8d7877d74b0dbc9c605462545e1c", "contractID": "UA-2027-01-01-000001-a-a1",
            "awardID": "a1", "tender_id": "F2A340122E754B528C3F516D8E34DE7A", "status": "terminated",
            "title": "Комп’ютерне обладнання", "description": "Опис Лот №1",
            "value": {"amount": 280.0, "currency": "UAH"},
            "period": {"startDate": "2027-01-01T00:00:00+02:00", "endDate": "2027-01-31T00:00:00+02:00"},
            "dateCreated": "2027-01-01T00:00:00+02:00", "dateModified": "2027-01-02T00:00:00+02:00",
            "dateSigned": "2027-01-01T12:00:00+02:00",
            "buyer": {"name": "Державне управління справами", "identifier": {"scheme": "UA-IPN", "id": "00037257"},
                "address": {"region": "м. Київ"}},
            "suppliers": [{"name": "ДКП «Школяр»", "identifier": {"scheme": "UA-EDR", "id": "00137256"}, "scale": "micro"}],
            "items": [{"description": "Картон ручного виготовлення", "classification": {"scheme": "ДК021", "id": "44617100-9"}}]
        });
        let f = contract_fields(&c, &Classifiers::default());
        assert_eq!(
            (f.organizer.as_slice(), f.supplier.as_slice()),
            (&["00037257".to_string()][..], &["00137256".to_string()][..])
        );
        assert_eq!((f.region.as_str(), f.tender_id.as_str()), ("м. Київ", "f2a340122e754b528c3f516d8e34de7a"));
        assert_eq!(
            (f.status.as_str(), f.value, f.cpv.as_slice()),
            ("terminated", Some(280.0), &["44617100-9".to_string()][..])
        );
        assert_eq!(f.periods[4], date(&c["dateSigned"]).map(|d| (d, d)));
        assert!(f.periods[2].is_some());
        let all = format!("{}\n{}", f.title, f.text).to_lowercase();
        for w in ["опис", "картон", "школяр", "комп’ютерне"] {
            assert!(crate::query::words(&all).any(|x| x == w), "{w} in {all}");
        }
        assert!(f.organizer_text.contains("державне управління справами"));
        // The derived shape gives the same flat fields from its own paths.
        let d = contract_fields(&derive_contracts(&sample_tender())[0], &Classifiers::default());
        assert_eq!(
            (d.organizer, d.region, d.tender_id),
            (vec!["02545761".to_string()], "Львівська область".into(), "00099ec17718414a90b638730cb31d94".into())
        );
    }

    #[test]
    fn plans_tender_year_funder_and_items() {
        let cls = Classifiers {
            funders: vec![json!({"identifier": {"id": "47015", "scheme": "XM-DAC"}, "programId": "usaid"})],
            ..Default::default()
        };
        let p = json!({
            "id": "4a7c458e07784574b40bf4e1e09a0ec3", "planID": "UA-P-2027-01-01-000002-a", "status": "draft",
            "tender_id": "13ccc4a94b884c8c8abe24e6299e865e",
            "tender": {"procurementMethodType": "belowThreshold", "tenderPeriod": {"startDate": "2028-01-08T00:00:00+02:00"}},
            "budget": {"amount": 10000.0, "project": {"id": "usaid", "name": "Програма США (USAID)", "scheme": "funder_program"},
                "period": {"startDate": "2027-01-01T00:00:00+02:00", "endDate": "2027-12-31T00:00:00+02:00"}},
            "classification": {"id": "03111000-2"},
            "items": [{"description": "Насіння гірчиці", "classification": {"id": "03111600-8"}}],
            "procuringEntity": {"name": "ДУС", "identifier": {"id": "111983"}},
            "dateModified": "2027-01-01T00:00:00+02:00"
        });
        let f = plan_fields(&p, &cls);
        assert_eq!(f.plan_year, Some(2027), "budget.period before the tender period");
        assert_eq!(f.funder, vec!["47015"]);
        assert_eq!(f.tender_id, "13ccc4a94b884c8c8abe24e6299e865e");
        assert_eq!(f.cpv, vec!["03111000-2", "03111600-8"]);
        assert!(f.text.to_lowercase().contains("насіння гірчиці"), "{}", f.text);
        let mut no_period = p.clone();
        no_period["budget"].as_object_mut().unwrap().remove("period");
        assert_eq!(plan_fields(&no_period, &cls).plan_year, Some(2028));
    }

    #[test]
    fn member_drops_bulky_arrays() {
        let m = member(&sample_tender(), Kind::Tender);
        assert!(m.get("documents").is_none());
        assert_eq!(m["numberOfDocuments"], 1);
        assert!(m.get("items").is_some(), "a tender's list card shows its CPV from the items");
        let contract = json!({"id": "c", "items": [{"id": "i"}, {"id": "j"}], "value": {"amount": 1}});
        let m = member(&contract, Kind::Contract);
        assert_eq!((m.get("items"), &m["numberOfItems"], &m["value"]["amount"]), (None, &json!(2), &json!(1)));
        assert_eq!(m.get("item"), None, "several items: no one quantity");
        // One item: its quantity and unit only, for the price of one unit.
        let unit = json!({"code": "KGM", "name": "кг", "value": {"amount": 9.0, "currency": "UAH"}});
        let one = json!({"id": "c", "items": [{"id": "i", "description": "Картон", "quantity": 10.0, "unit": unit}]});
        let m = member(&one, Kind::Contract);
        assert_eq!((m.get("items"), &m["numberOfItems"]), (None, &json!(1)));
        assert_eq!(m["item"], json!({"quantity": 10.0, "unit": unit}));
        let bare = member(&json!({"items": [{"id": "i"}]}), Kind::Contract);
        assert_eq!(bare.get("item"), None, "an item with neither has nothing to keep");
        let tender = member(&sample_tender(), Kind::Tender);
        assert_eq!(tender.get("item"), None, "a tender keeps its items whole");
        // Criteria are counted, the change rationales' table left out, on tenders and contracts.
        let mut with_criteria = sample_tender();
        with_criteria["criteria"] = json!([{"id": "a"}, {"id": "b"}]);
        with_criteria["contractChangeRationaleTypes"] = json!({"priceReduction": {"title": "…"}});
        let m = member(&with_criteria, Kind::Tender);
        assert_eq!(
            (m.get("criteria"), &m["numberOfCriteria"], m.get("contractChangeRationaleTypes")),
            (None, &json!(2), None)
        );
        let c = member(&json!({"id": "c", "contractChangeRationaleTypes": {"x": {}}}), Kind::Contract);
        assert_eq!(c.get("contractChangeRationaleTypes"), None);
    }

    #[test]
    fn subject_rule() {
        assert_eq!(subject_from_cpv("45000000-7"), "works");
        assert_eq!(subject_from_cpv("72000000-5"), "services");
        assert_eq!(subject_from_cpv("09100000-0"), "goods");
    }
}
