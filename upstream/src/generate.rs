//! The scale generator: N extra tenders in the real format, each a real snapshot tender
//! (the template) with a new id, tenderID, dates, value, procuring entity and region, and
//! a few flags the snapshot lacks (test mode, active monitoring, funders, payment
//! milestones). Everything follows from (seed, n), so a generated tender is stored as two
//! numbers and its JSON is rebuilt on demand by [`apply_json`]; [`apply_fields`] patches
//! the template's index fields the same way (a test checks both agree).

use crate::dates;
use crate::records::Fields;
use serde_json::{json, Value};

/// The generator's fixed seed.
pub const SEED: u64 = 0x5EED_2026_1012;

/// SplitMix64: tiny, seedable, good enough for test data.
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// An organisation the generator can assign: its JSON, id and lowercase name text.
#[derive(Debug, Clone)]
pub struct Org {
    pub json: Value,
    pub id: String,
    pub text: String,
}

/// Everything drawn for generated tender `n`.
#[derive(Debug, Clone)]
pub struct Draw {
    pub template: usize,
    pub id: String,
    pub human_id: String,
    pub delta_ms: i64,
    pub factor: f64,
    pub org: usize,
    pub region: usize,
    pub test: bool,
    pub monitoring: bool,
    pub funder: Option<usize>,
    pub payment: Option<&'static str>,
}

const FROM_MS: i64 = 1_672_531_200_000; // 2023-01-01
const SPAN_MS: i64 = 1_382 * 86_400_000; // to 2026-10-14

/// Draws tender `n`. `created` gives a template's creation time.
pub fn draw(
    n: u64,
    templates: usize,
    orgs: usize,
    regions: usize,
    funders: usize,
    created: impl Fn(usize) -> i64,
) -> Draw {
    let mut r = Rng::new(SEED ^ n.wrapping_mul(0xA24B_AED4_963E_E407));
    let template = r.below(templates as u64) as usize;
    let new_created = FROM_MS + r.below(SPAN_MS as u64) as i64;
    let id = format!("{:016x}{:016x}", r.next_u64(), r.next_u64());
    let (y, m, d) = {
        let local = new_created + dates::kyiv_offset_secs(new_created) * 1000;
        dates::civil_from_days(local.div_euclid(86_400_000))
    };
    let letter = (b'b' + (n / 1_000_000 % 24) as u8) as char;
    let human_id = format!("UA-{y:04}-{m:02}-{d:02}-{:06}-{letter}", n % 1_000_000);
    let factor = 0.25 + r.unit() * 3.75;
    let org = r.below(orgs as u64) as usize;
    let region = r.below(regions as u64) as usize;
    let test = r.below(100) == 0;
    let monitoring = r.below(40) == 0;
    let funder = (funders > 0 && r.below(50) == 0).then(|| r.below(funders as u64) as usize);
    let payment = match r.below(4) {
        0 => Some("prepayment"),
        1 => Some("postpayment"),
        _ => None,
    };
    Draw {
        template,
        id,
        human_id,
        delta_ms: new_created - created(template),
        factor,
        org,
        region,
        test,
        monitoring,
        funder,
        payment,
    }
}

/// An amount scaled by a draw's factor, to the kopeck.
pub fn scale(v: f64, f: f64) -> f64 {
    (v * f * 100.0).round() / 100.0
}

fn shift(v: &mut Value, delta: i64) {
    if let Some(ms) = v.as_str().and_then(dates::parse) {
        *v = json!(dates::format_kyiv(ms + delta));
    }
}

/// The generated tender's dates moved by the draw's shift and its amounts scaled by its
/// factor: what of the template's JSON the generation changes besides names and ids.
fn shift_and_scale(t: &mut Value, d: &Draw) {
    for k in ["dateCreated", "date", "dateModified"] {
        shift(&mut t[k], d.delta_ms);
    }
    for p in ["tenderPeriod", "enquiryPeriod", "auctionPeriod", "qualificationPeriod", "awardPeriod"] {
        if t[p].is_object() {
            shift(&mut t[p]["startDate"], d.delta_ms);
            shift(&mut t[p]["endDate"], d.delta_ms);
        }
    }
    if let Some(a) = t["value"]["amount"].as_f64() {
        t["value"]["amount"] = json!(scale(a, d.factor));
    }
    for list in ["awards", "lots", "bids"] {
        if let Some(arr) = t[list].as_array_mut() {
            for x in arr {
                if let Some(a) = x["value"]["amount"].as_f64() {
                    x["value"]["amount"] = json!(scale(a, d.factor));
                }
                shift(&mut x["date"], d.delta_ms);
            }
        }
    }
}

/// The integrity indicators the generated tender's JSON raises and could be checked for
/// ([`crate::records::red_flags`]): its dates and amounts are the template's moved and
/// scaled, so the working days of a period and the rounding of prices may differ from the
/// template's. Computed on the members the indicators read only.
pub fn red_flags(template: &Value, d: &Draw) -> (Vec<String>, Vec<String>) {
    let cut: serde_json::Map<String, Value> =
        indicators::FIELDS.iter().filter_map(|name| Some(((*name).to_owned(), template.get(*name)?.clone()))).collect();
    let mut t = Value::Object(cut);
    shift_and_scale(&mut t, d);
    crate::records::red_flags(&t)
}

/// The generated tender's JSON.
pub fn apply_json(template: &Value, d: &Draw, org: &Org, region: &str, funder: Option<&Value>) -> Value {
    let mut t = template.clone();
    t["id"] = json!(d.id);
    t["tenderID"] = json!(d.human_id);
    shift_and_scale(&mut t, d);
    if let Some(docs) = t["documents"].as_array_mut() {
        for x in docs {
            shift(&mut x["datePublished"], d.delta_ms);
        }
    }
    let mut pe = org.json.clone();
    pe["address"]["region"] = json!(region);
    t["procuringEntity"] = pe;
    if d.test {
        t["mode"] = json!("test");
    }
    // The template's own flag (from its derived monitorings) does not carry over.
    match t.as_object_mut() {
        Some(o) if d.monitoring => {
            o.insert("hasActiveMonitoring".into(), json!(true));
        }
        Some(o) => {
            o.remove("hasActiveMonitoring");
        }
        None => {}
    }
    if let Some(f) = funder {
        t["funders"] = json!([{"name": f["name_uk"], "name_en": f["name_en"], "identifier": f["identifier"]}]);
    }
    if let Some(code) = d.payment {
        t["milestones"] = json!([{
            "id": format!("{}m1", &d.id[..30]), "title": "executionOfWorks", "type": "financing",
            "code": code, "percentage": 100, "duration": {"days": 30, "type": "banking"}, "sequenceNumber": 1
        }]);
    }
    t
}

/// The generated tender's index fields, from the template's.
pub fn apply_fields(template: &Fields, d: &Draw, org: &Org, region: &str, funder: Option<&Value>) -> Fields {
    let mut f = template.clone();
    f.id = d.id.clone();
    f.human_id = d.human_id.clone();
    f.created += d.delta_ms;
    f.modified += d.delta_ms;
    for p in f.periods.iter_mut().flatten() {
        p.0 += d.delta_ms;
        p.1 += d.delta_ms;
    }
    if let Some(end) = &mut f.deadline {
        *end += d.delta_ms;
    }
    f.value = f.value.map(|v| scale(v, d.factor));
    f.organizer = vec![org.id.clone()];
    f.fund_manager = vec![org.id.clone()];
    f.organizer_text = org.text.clone();
    f.region = region.to_string();
    f.test = d.test;
    f.active_monitoring = d.monitoring;
    if let Some(fu) = funder {
        f.funder = vec![fu["identifier"]["id"].as_str().unwrap_or_default().to_string()];
    }
    if let Some(code) = d.payment {
        f.payment_types = vec![code.to_string()];
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_deterministic() {
        let a: Vec<u64> = (0..3).map(|_| Rng::new(7).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        let d1 = draw(42, 10, 5, 27, 3, |_| 0);
        let d2 = draw(42, 10, 5, 27, 3, |_| 0);
        assert_eq!((d1.id.clone(), d1.human_id.clone()), (d2.id, d2.human_id));
        assert_eq!(d1.id.len(), 32);
        assert!(d1.human_id.starts_with("UA-20") && d1.human_id.ends_with("-000042-b"));
    }
}
