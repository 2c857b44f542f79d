//! The loaded data: the three searchable collections (tenders, plans, contracts), the
//! organisation lookups and the classifiers, built once at start-up and shared read-only.

use crate::classifiers::Classifiers;
use crate::error::UpstreamError;
use crate::generate::{self, Org};
use crate::index::{Added, Index, IndexBuilder};
use crate::monitoring::{self, Monitorings};
use crate::prices::PriceIndex;
use crate::records::{self, Fields, Kind};
use crate::text::Analyzer;
use crate::text::{TextDoc, TextIndex, TextIndexBuilder};
use indicators::prices::Observation;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod months;
pub use months::Listing;

/// Where a collection's document comes from.
#[derive(Debug, Clone, Copy)]
enum Src {
    Real(u32),
    Generated(u64),
    /// A mirror's record, read from its store when asked for: `Collection::stored[i]`.
    Stored(u32),
}

/// One searchable collection.
#[derive(Debug)]
pub struct Collection {
    pub kind: Kind,
    real: Vec<Value>,
    srcs: Vec<Src>,
    /// A mirror's records: (32-hex id, human id) of each [`Src::Stored`].
    stored: Vec<(Box<str>, Box<str>)>,
    pub index: Index,
    /// Its public records by month, built on first use ([`months`]).
    listing: std::sync::OnceLock<Listing>,
    /// A mirror's: how its start read the store.
    pub start: Option<MirrorStart>,
}

/// How a mirror's start read one register from its store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MirrorStart {
    /// The index rows were missing or of another encoding, and were made again.
    pub rows_made: bool,
    /// The kept keyword index was missing or unreadable, and was built again.
    pub keyword_index_built: bool,
    /// Versions the last run stored without indexing their text, indexed at the start.
    pub caught_up: usize,
}

/// What the generator needs to rebuild a generated tender.
#[derive(Debug, Default)]
struct GenPool {
    orgs: Vec<Org>,
    regions: Vec<String>,
    funders: Vec<Value>,
    created: Vec<i64>,
}

/// Organisations for the identifier lookups: id → legalName.
#[derive(Debug, Default)]
pub struct Orgs(pub BTreeMap<String, String>);

impl Orgs {
    /// An organisation's (identifier, legal name), when it has an identifier.
    fn pair(org: &Value) -> Option<OrgPair> {
        let id = org["identifier"]["id"].as_str().unwrap_or_default().trim();
        if id.is_empty() {
            return None;
        }
        let name = org["identifier"]["legalName"].as_str().or(org["name"].as_str()).unwrap_or_default();
        Some((id.to_string(), name.to_string()))
    }

    fn add(&mut self, org: &Value) {
        if let Some((id, name)) = Self::pair(org) {
            self.add_pair(id, name);
        }
    }

    /// Adds an organisation unless its identifier is known (the first name stays).
    fn add_pair(&mut self, id: String, name: String) {
        self.0.entry(id).or_insert(name);
    }

    /// Organisations whose id starts with, or whose name contains, the keyword.
    pub fn search<'a>(&'a self, keyword: &str) -> impl Iterator<Item = (&'a String, &'a String)> + 'a {
        let k = keyword.to_lowercase();
        self.0.iter().filter(move |(id, name)| id.starts_with(&k) || name.to_lowercase().contains(&k))
    }
}

/// Everything the search API serves.
#[derive(Debug)]
pub struct Data {
    pub classifiers: Classifiers,
    pub tenders: Collection,
    pub plans: Collection,
    pub contracts: Collection,
    pub tender_orgs: Orgs,
    pub plan_orgs: Orgs,
    pub contract_orgs: Orgs,
    pub contract_suppliers: Orgs,
    /// Monitorings derived for a share of the real and extra tenders.
    pub monitorings: Monitorings,
    pool: GenPool,
    /// Number of generated tenders included.
    pub generated: usize,
    /// Whether the contracts are derived from the tenders' awards (the snapshot) rather
    /// than a register of their own (a mirror of the central database).
    pub derived_contracts: bool,
    /// A mirror's store: its records stay there and are read when asked for.
    pub mirror_store: Option<std::sync::Arc<crate::sync::store::Store>>,
    /// The unit prices of the tenders and contracts ([`crate::prices`]).
    pub prices: PriceIndex,
}

/// The data as the server shares it: searches read it together, a change of records
/// ([`Data::upsert`]) writes it alone, so each search sees one consistent state.
#[derive(Debug)]
pub struct Live {
    data: std::sync::RwLock<Data>,
}

impl Live {
    pub fn new(data: Data) -> Self {
        Self { data: std::sync::RwLock::new(data) }
    }
    /// The data for one answer (held as briefly as the answer's work).
    pub fn read(&self) -> std::sync::RwLockReadGuard<'_, Data> {
        self.data.read().unwrap_or_else(|e| e.into_inner())
    }
    /// The data for one change.
    pub fn write(&self) -> std::sync::RwLockWriteGuard<'_, Data> {
        self.data.write().unwrap_or_else(|e| e.into_inner())
    }
}

/// What one [`Data::upsert`] changed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Upserted {
    /// Records new to the collection.
    pub added: usize,
    /// Records whose stored version was replaced.
    pub replaced: usize,
    /// Records not newer than the stored version, left as they were.
    pub unchanged: usize,
}

/// Where to load from.
#[derive(Debug, Clone)]
pub struct DataSource {
    /// Folder with `demo.jsonl.gz` and `dk021_uk.json`.
    pub data_dir: PathBuf,
    /// The standards' `classifiers` folder, if any.
    pub standards_dir: Option<PathBuf>,
    /// Extra generated tenders.
    pub generated_tenders: usize,
    /// A folder of extra tender documents, one JSON object per `*.json` file (the
    /// API-documentation examples of every method and status, for tests).
    pub extra_tenders_dir: Option<PathBuf>,
    /// A folder of extra plan documents, likewise (loaded after the snapshot's plans).
    pub extra_plans_dir: Option<PathBuf>,
    /// A folder of extra contract documents in the central database's shape, likewise
    /// (loaded after the contracts derived from the tenders).
    pub extra_contracts_dir: Option<PathBuf>,
}

/// Reads every `*.json` file of `dir` (`{"data": {...}}` or a bare object, which must have
/// an `id`) as one document, in file-name order, each with whether its file name starts
/// with `REAL_` (a document saved from the central database). Several files may hold the
/// same `id` (one document in several states): each stays a document of its own, and
/// lookups by id answer the last loaded ([`Index::lookup`]).
fn read_json_dir(dir: &Path) -> Result<Vec<(bool, Value)>, UpstreamError> {
    let io = |e: std::io::Error| UpstreamError::DataFile { path: dir.display().to_string(), source: e };
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path)
                .map_err(|e| UpstreamError::DataFile { path: path.display().to_string(), source: e })?;
            let doc: Value = serde_json::from_str(&text)
                .map_err(|e| UpstreamError::DataParse { path: path.display().to_string(), reason: e.to_string() })?;
            let doc = if doc.get("data").is_some_and(Value::is_object) { doc["data"].clone() } else { doc };
            if doc.get("id").and_then(Value::as_str).is_none() {
                return Err(UpstreamError::DataParse { path: path.display().to_string(), reason: "no `id`".into() });
            }
            let real = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("REAL_"));
            Ok((real, doc))
        })
        .collect()
}

fn divisions(cls: &Classifiers, f: &Fields) -> Vec<String> {
    let mut v: Vec<String> = f.cpv.iter().filter_map(|c| cls.cpv_division(c)).collect();
    v.sort();
    v.dedup();
    v
}

fn build(kind: Kind, real: Vec<Value>, fields: &[Fields], cls: &Classifiers, analyzer: &Analyzer) -> Collection {
    let mut b = IndexBuilder::new(fields.len(), analyzer.clone());
    if kind == Kind::Plan {
        b = b.with_plan_year_facet();
    }
    for f in fields {
        b.add(f, &divisions(cls, f));
    }
    let srcs = (0..real.len() as u32).map(Src::Real).collect();
    Collection { kind, real, srcs, stored: Vec::new(), index: b.finish(), listing: Default::default(), start: None }
}

/// The chain that also reads English keywords through the CPV names' two languages.
fn with_bridge(analyzer: crate::text::Analyzer, cls: &Classifiers) -> crate::text::Analyzer {
    let names = cls.cpv.nodes.iter().map(|n| (n.uk.as_str(), n.en.as_str()));
    let bridge = crate::text::Bridge::new(|text| analyzer.name_terms(text), names);
    analyzer.with_bridge((!bridge.is_empty()).then(|| std::sync::Arc::new(bridge)))
}

impl Data {
    /// Loads the snapshot and classifiers and builds every index.
    pub fn load(src: &DataSource) -> Result<Self, UpstreamError> {
        let started = std::time::Instant::now();
        let classifiers = Classifiers::load(&src.data_dir, src.standards_dir.as_deref())?;
        let analyzer = crate::text::analyzer_for(&src.data_dir).map_err(|e| UpstreamError::DataParse {
            path: src.data_dir.join("lexicon").display().to_string(),
            reason: e.to_string(),
        })?;
        let analyzer = with_bridge(analyzer, &classifiers);
        let mut snap = records::read_snapshot(&src.data_dir.join("demo.jsonl.gz"))?;
        let modified = |t: &Value| t["dateModified"].as_str().and_then(crate::dates::parse);
        let mut snapshot_now = snap.tenders.iter().filter_map(modified).max();
        let first_extra = snap.tenders.len();
        let mut rich = vec![false; first_extra];
        if let Some(dir) = &src.extra_tenders_dir {
            for (real, doc) in read_json_dir(dir)? {
                rich.push(real);
                snap.tenders.push(doc);
            }
        }
        if snapshot_now.is_none() {
            snapshot_now = snap.tenders.iter().filter_map(modified).max();
        }
        let monitorings = Monitorings::new(monitoring::derive::derive(
            &snap.tenders,
            &rich,
            first_extra,
            snapshot_now.unwrap_or_default(),
        ));
        let watched = monitorings.active_tenders();
        for t in &mut snap.tenders {
            if t["id"].as_str().is_some_and(|id| watched.contains(&id.to_lowercase())) {
                t["hasActiveMonitoring"] = Value::Bool(true);
            }
        }
        if let Some(dir) = &src.extra_plans_dir {
            snap.plans.extend(read_json_dir(dir)?.into_iter().map(|(_, doc)| doc));
        }
        let tender_fields: Vec<Fields> = snap.tenders.iter().map(|t| records::tender_fields(t, &classifiers)).collect();
        let plan_fields: Vec<Fields> = snap.plans.iter().map(|p| records::plan_fields(p, &classifiers)).collect();
        let mut contracts: Vec<Value> = snap.tenders.iter().flat_map(records::derive_contracts).collect();
        // The derived contracts are copies of the awards: only the others give prices.
        let first_own_contract = contracts.len();
        if let Some(dir) = &src.extra_contracts_dir {
            contracts.extend(read_json_dir(dir)?.into_iter().map(|(_, doc)| doc));
        }
        let contract_fields: Vec<Fields> =
            contracts.iter().map(|c| records::contract_fields(c, &classifiers)).collect();

        let (mut tender_orgs, mut plan_orgs, mut contract_orgs, mut contract_suppliers) =
            (Orgs::default(), Orgs::default(), Orgs::default(), Orgs::default());
        let mut pool = GenPool::default();
        for t in &snap.tenders {
            let pe = &t["procuringEntity"];
            if pe["identifier"]["id"].as_str().is_some_and(|id| !tender_orgs.0.contains_key(id)) {
                let mut ids = Vec::new();
                let mut text = String::new();
                records::org_fields(pe, &mut ids, &mut text);
                pool.orgs.push(Org { json: pe.clone(), id: ids.pop().unwrap_or_default(), text: text.to_lowercase() });
            }
            tender_orgs.add(pe);
        }
        for p in &snap.plans {
            plan_orgs.add(&p["procuringEntity"]);
        }
        for c in &contracts {
            contract_orgs.add(&c["buyer"]);
            for s in c["suppliers"].as_array().into_iter().flatten() {
                contract_suppliers.add(s);
            }
        }
        pool.regions = if classifiers.regions.is_empty() {
            vec!["Львівська область".to_string()]
        } else {
            classifiers.regions.clone()
        };
        pool.funders = classifiers.funders.clone();
        pool.created = tender_fields.iter().map(|f| f.created).collect();

        let n_real = snap.tenders.len();
        let n = n_real + src.generated_tenders;
        let real_tenders = snap.tenders;
        // The plans' and contracts' indexes build beside the tenders' (each index also
        // has its own indexing thread).
        let (tenders, plans, contracts) = std::thread::scope(|scope| {
            let (cls, an) = (&classifiers, &analyzer);
            let plans = scope.spawn(move || build(Kind::Plan, snap.plans, &plan_fields, cls, an));
            let contracts = scope.spawn(move || build(Kind::Contract, contracts, &contract_fields, cls, an));
            let mut b = IndexBuilder::new(n, analyzer.clone()).with_red_flag_facet();
            for f in &tender_fields {
                b.add(f, &divisions(&classifiers, f));
            }
            let mut srcs: Vec<Src> = (0..n_real as u32).map(Src::Real).collect();
            if n_real > 0 {
                // Divisions depend only on the template's CPV codes: compute them once.
                let template_divs: Vec<Vec<String>> =
                    tender_fields.iter().map(|f| divisions(&classifiers, f)).collect();
                for g in 0..src.generated_tenders as u64 {
                    let d = pool.draw(g);
                    let mut f = generate::apply_fields(
                        &tender_fields[d.template],
                        &d,
                        &pool.orgs[d.org],
                        &pool.regions[d.region],
                        d.funder.map(|i| &pool.funders[i]),
                    );
                    (f.red_flags, f.flags_checked) = generate::red_flags(&real_tenders[d.template], &d);
                    b.add(&f, &template_divs[d.template]);
                    srcs.push(Src::Generated(g));
                }
            }
            let tenders = Collection {
                kind: Kind::Tender,
                real: real_tenders,
                srcs,
                stored: Vec::new(),
                index: b.finish(),
                listing: Default::default(),
                start: None,
            };
            let join = |h: std::thread::ScopedJoinHandle<'_, Collection>| {
                h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            };
            (tenders, join(plans), join(contracts))
        });
        let mut data = Data {
            plans,
            contracts,
            classifiers,
            tenders,
            tender_orgs,
            plan_orgs,
            contract_orgs,
            contract_suppliers,
            monitorings,
            pool,
            generated: src.generated_tenders,
            derived_contracts: true,
            mirror_store: None,
            prices: PriceIndex::default(),
        };
        data.index_prices(first_own_contract);
        tracing::info!(
            tenders = data.tenders.len(),
            plans = data.plans.len(),
            contracts = data.contracts.len(),
            monitorings = data.monitorings.len(),
            prices = data.prices.live_count(),
            ms = started.elapsed().as_millis() as u64,
            "data loaded"
        );
        Ok(data)
    }

    /// The collection of a kind.
    pub fn collection(&self, kind: Kind) -> &Collection {
        match kind {
            Kind::Tender => &self.tenders,
            Kind::Plan => &self.plans,
            Kind::Contract => &self.contracts,
        }
    }

    /// Document `d` of a collection, borrowed when it is held in memory (the snapshot's):
    /// for readers of a few fields, a large tender's deep copy is most of their time.
    pub fn document_ref<'a>(&'a self, c: &'a Collection, d: u32) -> std::borrow::Cow<'a, Value> {
        match c.srcs[d as usize] {
            Src::Real(i) => std::borrow::Cow::Borrowed(&c.real[i as usize]),
            _ => std::borrow::Cow::Owned(self.document(c, d)),
        }
    }

    /// The full JSON of document `d` of a collection.
    pub fn document(&self, c: &Collection, d: u32) -> Value {
        match c.srcs[d as usize] {
            Src::Real(i) => c.real[i as usize].clone(),
            Src::Stored(i) => {
                let id = &c.stored[i as usize].0;
                match self.mirror_store.as_ref().map(|s| s.get(c.kind, id)) {
                    Some(Ok(Some(doc))) => doc,
                    Some(Err(e)) => {
                        tracing::error!(error = %e, "a mirror's record could not be read");
                        Value::Null
                    }
                    _ => Value::Null,
                }
            }
            Src::Generated(g) => {
                let dr = self.pool.draw(g);
                generate::apply_json(
                    &self.tenders.real[dr.template],
                    &dr,
                    &self.pool.orgs[dr.org],
                    &self.pool.regions[dr.region],
                    dr.funder.map(|i| &self.pool.funders[i]),
                )
            }
        }
    }

    /// The 32-hex ids of the tenders whose id or tenderID is `key` (case-insensitive; a
    /// tenderID several stored tenders share gives them all).
    pub fn tender_hex_ids(&self, key: &str) -> Vec<String> {
        self.tenders.index.lookup_all(key).into_iter().map(|d| self.tender_hex_id(d)).collect()
    }

    /// Parses a search of `kind` and resolves its `tender_id[]` values through the tenders.
    pub fn query(&self, p: &crate::params::Params, kind: Kind) -> Result<crate::query::SearchQuery, UpstreamError> {
        let mut q = crate::query::SearchQuery::parse(p, kind)?;
        q.resolve_tender_ids(|v| self.tender_hex_ids(v));
        Ok(q)
    }

    /// The 32-hex id of tender `d` (without rebuilding a generated tender's JSON).
    pub fn tender_hex_id(&self, d: u32) -> String {
        self.hex_id(&self.tenders, d)
    }

    /// The 32-hex id of document `d` of a collection (without rebuilding a generated tender).
    pub fn hex_id(&self, c: &Collection, d: u32) -> String {
        match c.srcs[d as usize] {
            Src::Real(i) => c.real[i as usize]["id"].as_str().unwrap_or_default().to_string(),
            Src::Generated(g) => self.pool.draw(g).id,
            Src::Stored(i) => c.stored[i as usize].0.to_string(),
        }
    }

    /// The id a document's page is at: its `tenderID`, `planID` or `contractID`, else its
    /// 32-hex id (without rebuilding a generated tender).
    pub fn page_key(&self, c: &Collection, d: u32) -> String {
        let field = match c.kind {
            Kind::Tender => "tenderID",
            Kind::Plan => "planID",
            Kind::Contract => "contractID",
        };
        match c.srcs[d as usize] {
            Src::Real(i) => {
                let doc = &c.real[i as usize];
                doc[field].as_str().filter(|v| !v.is_empty()).or(doc["id"].as_str()).unwrap_or_default().to_string()
            }
            Src::Generated(g) => self.pool.draw(g).human_id,
            Src::Stored(i) => {
                let (id, human) = &c.stored[i as usize];
                if human.is_empty() { id } else { human }.to_string()
            }
        }
    }

    /// [`Self::hex_id`] and [`Self::page_key`] of one document, with one draw for a
    /// generated tender.
    pub fn keys(&self, c: &Collection, d: u32) -> (String, String) {
        match c.srcs[d as usize] {
            Src::Generated(g) => {
                let dr = self.pool.draw(g);
                (dr.id, dr.human_id)
            }
            _ => (self.hex_id(c, d), self.page_key(c, d)),
        }
    }

    /// Fields of every document of a collection, rebuilt from JSON (for tests).
    pub fn fields_of(&self, c: &Collection) -> Vec<Fields> {
        (0..c.len() as u32).map(|d| self.fields(c, &self.document(c, d))).collect()
    }

    /// The fields of one document of a collection, from its JSON.
    pub fn fields(&self, c: &Collection, doc: &Value) -> Fields {
        match c.kind {
            Kind::Tender => records::tender_fields(doc, &self.classifiers),
            Kind::Plan => records::plan_fields(doc, &self.classifiers),
            Kind::Contract => records::contract_fields(doc, &self.classifiers),
        }
    }
}

/// The 32-hex id and the human id (`tenderID`, `planID`, `contractID`) of a record.
fn keys_of(kind: Kind, doc: &Value) -> (Box<str>, Box<str>) {
    let human = match kind {
        Kind::Tender => "tenderID",
        Kind::Plan => "planID",
        Kind::Contract => "contractID",
    };
    let text = |k: &str| doc[k].as_str().unwrap_or_default().into();
    (text("id"), text(human))
}

/// An organisation's (identifier, legal name).
type OrgPair = (String, String);

/// What a mirror keeps per stored version for its start ([`crate::sync::store`]'s
/// `slots`): the fields its indexes read, and the organisations the identifier lookups
/// list (tenders' and plans' procuring entity, contracts' buyer, and their suppliers).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Row {
    fields: Fields,
    orgs: Vec<OrgPair>,
    suppliers: Vec<OrgPair>,
    /// Its unit prices ([`crate::prices`]), as computed when it was stored.
    prices: Vec<Observation>,
}

/// One record's new version for a mirror, computed without the write lock: its fields,
/// CPV divisions and index row.
#[derive(Debug)]
pub struct Prepared {
    pub doc: Value,
    fields: Fields,
    divisions: Vec<String>,
    orgs: Vec<OrgPair>,
    suppliers: Vec<OrgPair>,
    prices: Vec<Observation>,
    row: Vec<u8>,
}

fn fields_of(kind: Kind, doc: &Value, cls: &Classifiers) -> Fields {
    match kind {
        Kind::Tender => records::tender_fields(doc, cls),
        Kind::Plan => records::plan_fields(doc, cls),
        Kind::Contract => records::contract_fields(doc, cls),
    }
}

/// The organisations of a record the lookups list: (its buyers, its suppliers).
fn orgs_of(kind: Kind, doc: &Value) -> (Vec<OrgPair>, Vec<OrgPair>) {
    let buyer = match kind {
        Kind::Tender | Kind::Plan => &doc["procuringEntity"],
        Kind::Contract => &doc["buyer"],
    };
    let suppliers = match kind {
        Kind::Contract => doc["suppliers"].as_array().into_iter().flatten().filter_map(Orgs::pair).collect(),
        _ => Vec::new(),
    };
    (Orgs::pair(buyer).into_iter().collect(), suppliers)
}

/// The unit prices a record gives as its own fields tell them (none for a test record);
/// what a contract's tells of its tender comes when it is indexed
/// ([`Data::complete_prices`]).
fn record_prices(kind: Kind, doc: &Value, fields: &Fields) -> Vec<Observation> {
    match kind {
        _ if fields.test => Vec::new(),
        Kind::Tender => indicators::prices::tender_prices(doc),
        Kind::Contract => indicators::prices::contract_prices(doc),
        Kind::Plan => Vec::new(),
    }
}

/// A record's index row, encoded.
fn row_of(kind: Kind, doc: &Value, cls: &Classifiers) -> Vec<u8> {
    let (orgs, suppliers) = orgs_of(kind, doc);
    let fields = fields_of(kind, doc, cls);
    encode_row(&fields, &orgs, &suppliers, &record_prices(kind, doc, &fields))
}

/// Encodes a [`Row`] from borrowed parts (the same encoding as the owned one).
fn encode_row(fields: &Fields, orgs: &[OrgPair], suppliers: &[OrgPair], prices: &[Observation]) -> Vec<u8> {
    #[derive(serde::Serialize)]
    struct RowRef<'a> {
        fields: &'a Fields,
        orgs: &'a [OrgPair],
        suppliers: &'a [OrgPair],
        prices: &'a [Observation],
    }
    // Encoding strings and numbers into a Vec cannot fail.
    postcard::to_allocvec(&RowRef { fields, orgs, suppliers, prices }).unwrap_or_default()
}

impl Prepared {
    /// What the store keeps of it.
    pub fn incoming(&self) -> crate::sync::store::Incoming<'_> {
        crate::sync::store::Incoming { doc: &self.doc, row: &self.row }
    }
}

/// The error of a mirror's store, as a load error.
fn store_failed(e: crate::sync::store::StoreError) -> UpstreamError {
    UpstreamError::DataParse { path: "mirror".into(), reason: e.to_string() }
}

/// Builds one register's indexes from a mirror's store: the rows for the filters and
/// orders, the kept keyword index (indexing only what it lacks, or all of it when it is
/// missing or unreadable). Rows missing or of another encoding are made again first.
fn load_register(
    store: &crate::sync::store::Store,
    kind: Kind,
    cls: &Classifiers,
    analyzer: &Analyzer,
    orgs: &mut Orgs,
    suppliers: &mut Orgs,
) -> Result<(Collection, StoredPrices), crate::sync::store::StoreError> {
    let dir = store.text_dir(kind);
    let mut start = MirrorStart { rows_made: false, keyword_index_built: false, caught_up: 0 };
    if !store.rows_whole(kind)? {
        start.rows_made = true;
        tracing::warn!(register = register_name(kind), "index rows missing or outdated: made again from the records");
        store.renumber(kind, |doc| row_of(kind, doc, cls))?;
        let _ = std::fs::remove_dir_all(&dir);
    }
    let n = store.next_doc(kind)? as usize;
    let mut b = IndexBuilder::without_text(n);
    match kind {
        Kind::Tender => b = b.with_red_flag_facet(),
        Kind::Plan => b = b.with_plan_year_facet(),
        Kind::Contract => {}
    }
    let mut stored: Vec<(Box<str>, Box<str>)> = Vec::with_capacity(n);
    let mut prices: StoredPrices = Vec::new();
    store.rows(kind, |d, bytes| {
        while stored.len() < (d as usize).min(n) {
            b.add_dead();
            stored.push(("".into(), "".into()));
        }
        if d as usize >= n {
            return Ok(());
        }
        let row: Row = postcard::from_bytes(bytes).map_err(|e| store.bad_row(d, e))?;
        row.orgs.into_iter().for_each(|(id, name)| orgs.add_pair(id, name));
        row.suppliers.into_iter().for_each(|(id, name)| suppliers.add_pair(id, name));
        b.add(&row.fields, &divisions(cls, &row.fields));
        stored.push((row.fields.id.into(), row.fields.human_id.into()));
        if !row.prices.is_empty() {
            prices.push((d, row.prices));
        }
        Ok(())
    })?;
    while stored.len() < n {
        b.add_dead();
        stored.push(("".into(), "".into()));
    }
    let mut index = b.finish();
    let text = |e: tantivy::TantivyError| store.bad_row(0, format!("keyword index in {}: {e}", dir.display()));
    let kept = match TextIndex::open(&dir, analyzer.clone()) {
        Ok((t, upto)) if upto as usize <= n => Some((t, upto)),
        Ok((_, upto)) => {
            tracing::warn!(register = register_name(kind), upto, n, "keyword index ahead of the store: built again");
            None
        }
        Err(e) if dir.exists() => {
            tracing::warn!(register = register_name(kind), error = %e, "keyword index unreadable: built again");
            None
        }
        Err(_) => None,
    };
    let t = match kept {
        Some((mut t, upto)) => {
            // What the last run stored but did not index before it stopped.
            let mut pending: Vec<(u32, Fields)> = Vec::new();
            let flush = |t: &mut TextIndex, pending: &mut Vec<(u32, Fields)>| {
                if pending.is_empty() {
                    return Ok(());
                }
                let docs: Vec<(u32, TextDoc<'_>)> = pending
                    .iter()
                    .map(|(d, f)| (*d, TextDoc { title: &f.title, buyer: &f.organizer_text, body: &f.text }))
                    .collect();
                let done = t.apply_numbered(&[], &docs, n as u32);
                pending.clear();
                done
            };
            store.records_from(kind, upto, |d, doc| {
                start.caught_up += 1;
                pending.push((d, fields_of(kind, &doc, cls)));
                if pending.len() >= 1000 {
                    flush(&mut t, &mut pending).map_err(text)?;
                }
                Ok(())
            })?;
            flush(&mut t, &mut pending).map_err(text)?;
            t
        }
        None => {
            start.keyword_index_built = true;
            let mut tb = TextIndexBuilder::in_dir(analyzer.clone(), n, &dir).map_err(text)?;
            store.records_from(kind, 0, |d, doc| {
                let f = fields_of(kind, &doc, cls);
                tb.add_as(d, TextDoc { title: &f.title, buyer: &f.organizer_text, body: &f.text });
                Ok(())
            })?;
            tb.finish_upto(n as u64).map_err(text)?
        }
    };
    index.set_text(t);
    tracing::info!(register = register_name(kind), n, ?start, "register read from the store");
    let srcs = (0..stored.len() as u32).map(Src::Stored).collect();
    let c = Collection { kind, real: Vec::new(), srcs, stored, index, listing: Default::default(), start: Some(start) };
    Ok((c, prices))
}

/// The unit prices a register's rows hold: (document, its prices).
type StoredPrices = Vec<(u32, Vec<Observation>)>;

fn register_name(kind: Kind) -> &'static str {
    crate::sync::store::register(kind)
}

impl Data {
    /// A mirror's data: its indexes read from its store (the rows of the stored versions,
    /// and the kept keyword index), and the records left there ([`Src::Stored`]). No
    /// snapshot, no derived monitorings (the snapshot's stand-ins), contracts from their
    /// own register.
    pub fn load_mirror(
        src: &DataSource,
        store: std::sync::Arc<crate::sync::store::Store>,
    ) -> Result<Self, UpstreamError> {
        let started = std::time::Instant::now();
        let classifiers = Classifiers::load(&src.data_dir, src.standards_dir.as_deref())?;
        let analyzer = crate::text::analyzer_for(&src.data_dir).map_err(|e| UpstreamError::DataParse {
            path: src.data_dir.join("lexicon").display().to_string(),
            reason: e.to_string(),
        })?;
        let analyzer = with_bridge(analyzer, &classifiers);
        let (mut tender_orgs, mut plan_orgs, mut contract_orgs, mut contract_suppliers) =
            (Orgs::default(), Orgs::default(), Orgs::default(), Orgs::default());
        let (cls, an) = (&classifiers, &analyzer);
        let (tenders, plans, contracts) = std::thread::scope(|scope| {
            let st = &store;
            let (po, co, cs) = (&mut plan_orgs, &mut contract_orgs, &mut contract_suppliers);
            let plans = scope.spawn(move || {
                let mut none = Orgs::default();
                load_register(st, Kind::Plan, cls, an, po, &mut none)
            });
            let contracts = scope.spawn(move || load_register(st, Kind::Contract, cls, an, co, cs));
            let mut none = Orgs::default();
            let tenders = load_register(st, Kind::Tender, cls, an, &mut tender_orgs, &mut none);
            let join = |h: std::thread::ScopedJoinHandle<'_, _>| {
                h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            };
            (tenders, join(plans), join(contracts))
        });
        let ((tenders, tender_prices), (plans, _)) = (tenders.map_err(store_failed)?, plans.map_err(store_failed)?);
        let (contracts, contract_prices) = contracts.map_err(store_failed)?;
        let mut data = Data {
            tenders,
            plans,
            contracts,
            classifiers,
            tender_orgs,
            plan_orgs,
            contract_orgs,
            contract_suppliers,
            monitorings: Monitorings::new(Vec::new()),
            pool: GenPool::default(),
            generated: 0,
            derived_contracts: false,
            mirror_store: Some(store),
            prices: PriceIndex::default(),
        };
        // The tenders first, so that each contract finds the award it stands for.
        for (d, prices) in tender_prices {
            data.add_prices(Kind::Tender, d, prices);
        }
        for (d, mut prices) in contract_prices {
            data.complete_prices(&mut prices);
            data.add_prices(Kind::Contract, d, prices);
        }
        tracing::info!(
            tenders = data.tenders.len(),
            plans = data.plans.len(),
            contracts = data.contracts.len(),
            ms = started.elapsed().as_millis() as u64,
            "mirror loaded from its store"
        );
        Ok(data)
    }

    /// Computes what a mirror stores and indexes of new versions of records (the last of
    /// each id): the part of a change that needs no lock but this read.
    pub fn prepare(&self, kind: Kind, docs: Vec<Value>) -> Vec<Prepared> {
        docs.into_iter()
            .filter(|d| d["id"].as_str().is_some_and(|id| !id.is_empty()))
            .map(|doc| {
                let fields = fields_of(kind, &doc, &self.classifiers);
                let divisions = divisions(&self.classifiers, &fields);
                let (orgs, suppliers) = orgs_of(kind, &doc);
                let mut prices = record_prices(kind, &doc, &fields);
                let row = encode_row(&fields, &orgs, &suppliers, &prices);
                self.complete_prices(&mut prices);
                Prepared { doc, fields, divisions, orgs, suppliers, prices, row }
            })
            .collect()
    }
}

impl Data {
    /// Changes a mirror's indexes as its store wrote a change (`written`, of `prepared`):
    /// each replaced version stops matching, each new one takes the number the store
    /// gave it.
    /// With `text_staged`, [`Self::stage_text`] has committed the keyword index's part.
    pub fn apply_stored(
        &mut self,
        kind: Kind,
        prepared: &[Prepared],
        written: &[crate::sync::store::Written],
        text_staged: bool,
    ) {
        let Some(first) = written.first().map(|w| w.doc) else { return };
        let c = self.collection(kind);
        let retired: Vec<(u32, Vec<String>)> = written
            .iter()
            .filter_map(|w| w.old)
            .filter(|&d| (d as usize) < c.len() && !c.index.is_dead(d))
            .map(|d| (d, vec![self.hex_id(c, d), self.page_key(c, d)]))
            .collect();
        let added: Vec<Added<'_>> = written
            .iter()
            .map(|w| Added { fields: &prepared[w.at].fields, divisions: &prepared[w.at].divisions })
            .collect();
        let (orgs, mut suppliers) = match kind {
            Kind::Tender => (&mut self.tender_orgs, None),
            Kind::Plan => (&mut self.plan_orgs, None),
            Kind::Contract => (&mut self.contract_orgs, Some(&mut self.contract_suppliers)),
        };
        for w in written {
            let p = &prepared[w.at];
            p.orgs.iter().for_each(|(id, name)| orgs.add_pair(id.clone(), name.clone()));
            if let Some(s) = suppliers.as_deref_mut() {
                p.suppliers.iter().for_each(|(id, name)| s.add_pair(id.clone(), name.clone()));
            }
        }
        let c = match kind {
            Kind::Tender => &mut self.tenders,
            Kind::Plan => &mut self.plans,
            Kind::Contract => &mut self.contracts,
        };
        if let Err(e) = c.index.apply_at(first, &retired, &added, text_staged) {
            tracing::error!(register = register_name(kind), error = %e, "a stored change was not indexed: restart to rebuild");
            return;
        }
        while c.srcs.len() < first as usize {
            c.srcs.push(Src::Stored(c.stored.len() as u32));
            c.stored.push(("".into(), "".into()));
        }
        for w in written {
            c.srcs.push(Src::Stored(c.stored.len() as u32));
            c.stored.push(keys_of(kind, &prepared[w.at].doc));
        }
        c.listing = Default::default();
        for (d, _) in &retired {
            self.prices.retire(kind, *d, &self.tenders.index);
        }
        for w in written {
            self.add_prices(kind, w.doc, prepared[w.at].prices.clone());
        }
    }
}

impl Data {
    /// Writes and commits the keyword index's part of a stored change, which searches do
    /// not see until [`Self::apply_stored`]: the slow part (a commit writes files) runs
    /// under the read lock. Says whether it did.
    pub fn stage_text(&self, kind: Kind, prepared: &[Prepared], written: &[crate::sync::store::Written]) -> bool {
        let c = self.collection(kind);
        let Some(t) = c.index.text() else { return false };
        let dead: Vec<u32> = written.iter().filter_map(|w| w.old).collect();
        let docs: Vec<(u32, TextDoc<'_>)> = written
            .iter()
            .map(|w| {
                let f = &prepared[w.at].fields;
                (w.doc, TextDoc { title: &f.title, buyer: &f.organizer_text, body: &f.text })
            })
            .collect();
        let upto = written.last().map_or(0, |w| w.doc + 1);
        match t.stage(&dead, &docs, upto) {
            Ok(()) => true,
            Err(e) => {
                tracing::error!(register = register_name(kind), error = %e, "keyword index change not written");
                false
            }
        }
    }
}

impl Live {
    /// One change of a mirror: new versions of records of `kind` (the last of each id
    /// counts; one not newer than the stored copy is left out), stored with the feed's
    /// cursor past them, then indexed. Their fields are computed under the read lock, so
    /// searches go on meanwhile; the store's numbers and the indexes' agree because the
    /// store lets one change through at a time. Says how many versions were written.
    pub fn mirror_change(
        &self,
        store: &crate::sync::store::Store,
        kind: Kind,
        docs: Vec<Value>,
        cursor: Option<(crate::sync::store::Direction, &str)>,
        backward_done: bool,
    ) -> Result<usize, crate::sync::store::StoreError> {
        let prepared = if docs.is_empty() { Vec::new() } else { self.read().prepare(kind, docs) };
        let page: Vec<_> = prepared.iter().map(Prepared::incoming).collect();
        store.save_page_then(kind, &page, cursor, backward_done, |written| {
            if !written.is_empty() {
                let staged = self.read().stage_text(kind, &prepared, written);
                self.write().apply_stored(kind, &prepared, written, staged);
            }
        })
    }
}

pub use crate::records::modified_of;

impl Data {
    /// Stores new versions of records of `kind` (whole documents, each with an `id`), as
    /// one change of the indexes: a record already stored is replaced when the new
    /// version's `dateModified` is not older (its old version stops matching anything),
    /// a new one is added. With contracts derived from tenders, a changed tender's
    /// contracts are derived again.
    pub fn upsert(&mut self, kind: Kind, docs: Vec<Value>) -> Upserted {
        let mut out = Upserted::default();
        // The last version of each id in the batch.
        let mut batch: Vec<Value> = Vec::with_capacity(docs.len());
        for doc in docs {
            let Some(id) = doc["id"].as_str().filter(|id| !id.is_empty()) else { continue };
            match batch.iter().position(|d| d["id"].as_str() == Some(id)) {
                Some(i) => batch[i] = doc,
                None => batch.push(doc),
            }
        }
        let watched = if kind == Kind::Tender { self.monitorings.active_tenders() } else { Default::default() };
        let mut retired: Vec<(u32, Vec<String>)> = Vec::new();
        let mut kept: Vec<Value> = Vec::with_capacity(batch.len());
        let mut old_tenders: Vec<String> = Vec::new();
        for mut doc in batch {
            let c = self.collection(kind);
            let id = doc["id"].as_str().unwrap_or_default().to_string();
            match c.index.lookup(&id).filter(|&d| self.hex_id(c, d).eq_ignore_ascii_case(&id)) {
                Some(d) => {
                    let stored = c.index.modified_ms(d);
                    if modified_of(&doc).zip(stored).is_some_and(|(new, old)| new < old) {
                        out.unchanged += 1;
                        continue;
                    }
                    retired.push((d, vec![self.hex_id(c, d), self.page_key(c, d)]));
                    out.replaced += 1;
                    if kind == Kind::Tender {
                        old_tenders.push(id.to_lowercase());
                    }
                }
                None => out.added += 1,
            }
            if watched.contains(&id.to_lowercase()) {
                doc["hasActiveMonitoring"] = Value::Bool(true);
            }
            kept.push(doc);
        }
        let derived: Vec<Value> = if kind == Kind::Tender && self.derived_contracts {
            kept.iter().flat_map(records::derive_contracts).collect()
        } else {
            Vec::new()
        };
        for doc in &kept {
            match kind {
                Kind::Tender => self.tender_orgs.add(&doc["procuringEntity"]),
                Kind::Plan => self.plan_orgs.add(&doc["procuringEntity"]),
                Kind::Contract => self.add_contract_orgs(doc),
            }
        }
        self.replace(kind, retired, kept, true);
        if kind == Kind::Tender && self.derived_contracts && (!derived.is_empty() || !old_tenders.is_empty()) {
            // The contracts derived from the old versions go; those of the new ones come.
            let c = &self.contracts;
            let mut gone: Vec<(u32, Vec<String>)> = Vec::new();
            for t in &old_tenders {
                for &d in c.index.docs_with(crate::query::ListKey::TenderId, t).iter().filter(|&&d| !c.index.is_dead(d))
                {
                    gone.push((d, vec![self.hex_id(c, d), self.page_key(c, d)]));
                }
            }
            for doc in &derived {
                self.add_contract_orgs(doc);
            }
            self.replace(Kind::Contract, gone, derived, false);
        }
        out
    }

    fn add_contract_orgs(&mut self, doc: &Value) {
        self.contract_orgs.add(&doc["buyer"]);
        for s in doc["suppliers"].as_array().into_iter().flatten() {
            self.contract_suppliers.add(s);
        }
    }

    /// Retires documents and appends new ones to a collection, indexes included; with
    /// `priced`, the new documents' unit prices are indexed (not those of the contracts
    /// derived from tenders, copies of their awards).
    fn replace(&mut self, kind: Kind, retired: Vec<(u32, Vec<String>)>, docs: Vec<Value>, priced: bool) {
        if retired.is_empty() && docs.is_empty() {
            return;
        }
        let cls = &self.classifiers;
        let fields: Vec<Fields> = docs
            .iter()
            .map(|d| match kind {
                Kind::Tender => records::tender_fields(d, cls),
                Kind::Plan => records::plan_fields(d, cls),
                Kind::Contract => records::contract_fields(d, cls),
            })
            .collect();
        let prices: Vec<Vec<Observation>> = docs
            .iter()
            .zip(&fields)
            .map(|(d, f)| if priced && !f.test { self.prices_of_record(kind, d) } else { Vec::new() })
            .collect();
        let divs: Vec<Vec<String>> = fields.iter().map(|f| divisions(cls, f)).collect();
        let added: Vec<Added<'_>> = fields.iter().zip(&divs).map(|(f, d)| Added { fields: f, divisions: d }).collect();
        let c = match kind {
            Kind::Tender => &mut self.tenders,
            Kind::Plan => &mut self.plans,
            Kind::Contract => &mut self.contracts,
        };
        c.index.apply(&retired, &added);
        for (d, _) in &retired {
            // The replaced version is never shown again: its memory goes.
            if let Src::Real(i) = c.srcs[*d as usize] {
                c.real[i as usize] = Value::Null;
            }
        }
        let first = c.len() as u32;
        let stored = self.mirror_store.is_some();
        for doc in docs {
            if stored {
                // The record is in the store already (the sync writes it first).
                c.srcs.push(Src::Stored(c.stored.len() as u32));
                c.stored.push(keys_of(kind, &doc));
            } else {
                c.srcs.push(Src::Real(c.real.len() as u32));
                c.real.push(doc);
            }
        }
        c.listing = Default::default();
        for (d, _) in &retired {
            self.prices.retire(kind, *d, &self.tenders.index);
        }
        for (n, p) in prices.into_iter().enumerate() {
            self.add_prices(kind, first + n as u32, p);
        }
    }
}

impl Data {
    /// The unit prices of a record of `kind` as the index keeps them: a contract's with its
    /// tender's method and public id when the contract does not say and the tender is
    /// loaded (the contracts register's records name neither).
    pub fn prices_of_record(&self, kind: Kind, doc: &Value) -> Vec<Observation> {
        let mut prices = match kind {
            Kind::Tender => indicators::prices::tender_prices(doc),
            Kind::Plan => Vec::new(),
            Kind::Contract => indicators::prices::contract_prices(doc),
        };
        self.complete_prices(&mut prices);
        prices
    }

    /// Gives a contract's prices its tender's method and public id where the contract
    /// names neither and the tender is loaded.
    pub fn complete_prices(&self, prices: &mut [Observation]) {
        for o in prices.iter_mut().filter(|o| o.source == indicators::prices::Source::Contract) {
            let Some(d) = o.tender.as_deref().and_then(|t| self.tenders.index.lookup(t)) else { continue };
            if o.procurement_method_type.is_none() {
                o.procurement_method_type = self.tenders.index.method_type_of(d).map(String::from);
            }
            if o.tender_id.is_none() {
                o.tender_id = Some(self.page_key(&self.tenders, d));
            }
        }
    }

    /// Indexes the prices of document `doc` of `kind`.
    fn add_prices(&mut self, kind: Kind, doc: u32, prices: Vec<Observation>) {
        if prices.is_empty() {
            return;
        }
        match kind {
            Kind::Tender => self.prices.add_tender(doc, prices.into_iter().map(std::sync::Arc::new)),
            Kind::Contract => self.prices.add_contract(doc, prices, &self.tenders.index),
            Kind::Plan => {}
        }
    }

    /// Indexes the unit prices of every loaded tender (a generated one's from its
    /// template's) and of the contracts from `first_own_contract` on (those before are
    /// derived from the tenders' awards). Test records give none, and of several documents
    /// with one id only the one lookups answer does.
    fn index_prices(&mut self, first_own_contract: usize) {
        use std::sync::Arc;
        let t = &self.tenders;
        let templates: Vec<Vec<Arc<Observation>>> = t
            .real
            .iter()
            .map(|doc| indicators::prices::tender_prices(doc).into_iter().map(Arc::new).collect())
            .collect();
        let buyers: Vec<indicators::prices::Party> =
            self.pool.orgs.iter().map(|o| indicators::prices::party(&o.json)).collect();
        let mut prices = PriceIndex::default();
        let current = |c: &Collection, d: u32, i: u32| {
            let id = c.real[i as usize]["id"].as_str().unwrap_or_default();
            !c.index.is_test(d) && !c.index.is_dead(d) && c.index.lookup(id) == Some(d)
        };
        for d in 0..t.len() as u32 {
            match t.srcs[d as usize] {
                Src::Real(i) if current(t, d, i) => prices.add_tender(d, templates[i as usize].iter().cloned()),
                Src::Generated(g) if !t.index.is_test(d) => {
                    let dr = self.pool.draw(g);
                    let changes = crate::prices::Generated {
                        factor: dr.factor,
                        delta_ms: dr.delta_ms,
                        buyer: &buyers[dr.org],
                        region: &self.pool.regions[dr.region],
                    };
                    prices.add_generated(d, &templates[dr.template], &changes);
                }
                _ => {}
            }
        }
        let c = &self.contracts;
        for d in first_own_contract as u32..c.len() as u32 {
            if let Src::Real(i) = c.srcs[d as usize] {
                if current(c, d, i) {
                    prices.add_contract(d, self.prices_of_record(Kind::Contract, &c.real[i as usize]), &t.index);
                }
            }
        }
        self.prices = prices;
    }
}

impl GenPool {
    fn draw(&self, g: u64) -> generate::Draw {
        generate::draw(g, self.created.len(), self.orgs.len(), self.regions.len(), self.funders.len(), |t| {
            self.created[t]
        })
    }
}

impl Collection {
    /// Its listing, built by `build` on the first call.
    pub fn listing(&self, build: impl FnOnce() -> Listing) -> &Listing {
        self.listing.get_or_init(build)
    }

    /// Number of documents.
    pub fn len(&self) -> usize {
        self.srcs.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.srcs.is_empty()
    }
}

/// The default standards folder (`prozorro-standards/classifiers` of the shared data, found
/// by [`crate::shared_data`]) when it exists; optional at run time.
pub fn default_standards_dir() -> Option<PathBuf> {
    crate::shared_data::find("prozorro-standards/classifiers").filter(|p| p.is_dir())
}
