//! The Market catalogue: market classifications, categories, profiles, suppliers'
//! products and the national catalogue's own ("prozorro") products, generated once at
//! start-up from real CPV codes of the loaded classifier with a fixed seed (so every run
//! and every test sees the same catalogue), and the `/api/market_classification*`,
//! `/api/categories*`, `/api/profiles*`, `/api/products*` and `/api/prozorro_products*`
//! endpoints over it. The catalogue is small (thousands of records), so filters are a
//! plain scan over typed fields ([`query::ListQuery::matches_but_keyword`]); the keyword
//! is the same tantivy search as the registers' (`crate::text`).
//!
//! Submodules: `catalogue` (hand-written tables: CPV codes, product names,
//! characteristics), `build` (the generator), `central` (the catalogue in the national
//! Market catalogue API's shapes, and back), `query` (parameters and filters), `api`
//! (handlers).

mod api;
pub mod build;
mod live;
pub use live::LiveMarket;
pub mod catalogue;
pub mod central;
pub mod query;

pub use api::routes;

use serde_json::Value;
use std::collections::HashMap;

/// One value a product gives for a requirement.
#[derive(Debug, Clone, PartialEq)]
pub enum RequirementValue {
    Text(Vec<String>),
    Number(f64),
    Boolean(bool),
}

/// A product's response: the requirement's title and its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Response {
    pub requirement: String,
    pub answer: RequirementValue,
}

/// One catalogue record with the fields the filters and sorts read, and its JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub id: String,
    pub status: &'static str,
    /// Market classification id (a CPV code); for a classification, its own id.
    pub market_classification: String,
    /// Category id: its own for a category, the related one for profiles and products.
    pub category: String,
    /// Related profile ids (products only).
    pub profiles: Vec<String>,
    /// CPV code of the record's classification.
    pub cpv: String,
    /// Ukrainian title (sort key).
    pub title: String,
    /// Titles, descriptions, brand, model, supplier and CPV names, one a line, as written
    /// (keyword search).
    pub text: String,
    /// Ids the whole keyword matches exactly (id, EAN, agreement).
    pub codes: Vec<String>,
    pub popularity: u64,
    /// `dateModified` in epoch milliseconds.
    pub modified: i64,
    /// Offer price (suppliers' products only).
    pub price: Option<f64>,
    pub responses: Vec<Response>,
    pub json: Value,
}

impl Record {
    /// A record of these fields, with nothing else yet: no text, popularity, date, price,
    /// responses, related profiles or JSON; its only code is its own id.
    pub fn new(id: &str, status: &'static str, mc: &str, category: &str, cpv: &str, title: &str) -> Self {
        Record {
            id: id.to_string(),
            status,
            market_classification: mc.to_string(),
            category: category.to_string(),
            profiles: Vec::new(),
            cpv: cpv.to_string(),
            title: title.to_string(),
            text: String::new(),
            codes: vec![id.to_lowercase()],
            popularity: 0,
            modified: 0,
            price: None,
            responses: Vec::new(),
            json: Value::Null,
        }
    }
}

/// A list of records with an id index and its keyword index.
#[derive(Debug, Default, PartialEq)]
pub struct Records {
    pub all: Vec<Record>,
    by_id: HashMap<String, usize>,
    text: TextSlot,
}

/// A list's keyword index, built after the catalogue (lists compare equal without it).
#[derive(Debug, Default)]
pub struct TextSlot(Option<crate::text::TextIndex>);

impl PartialEq for TextSlot {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Records {
    fn new(all: Vec<Record>) -> Self {
        let by_id = all.iter().enumerate().map(|(i, r)| (r.id.clone(), i)).collect();
        Self { all, by_id, text: TextSlot(None) }
    }

    /// Builds the keyword index: the title weighs above the rest, which is the record's
    /// own text and the names `context` gives it (none but a product's).
    fn index_text(&mut self, analyzer: &crate::text::Analyzer, context: impl Fn(&Record) -> String) {
        let built = crate::text::TextIndexBuilder::new(analyzer.clone(), self.all.len()).and_then(|mut b| {
            for r in &self.all {
                let names = context(r);
                let body = if names.is_empty() { r.text.clone() } else { format!("{}\n{names}", r.text) };
                b.add(crate::text::TextDoc { title: &r.title, buyer: "", body: &body });
            }
            b.finish()
        });
        self.text = TextSlot(built.inspect_err(|e| tracing::error!(error = %e, "market keyword index not built")).ok());
    }

    /// The keyword index, when built.
    pub fn text(&self) -> Option<&crate::text::TextIndex> {
        self.text.0.as_ref()
    }

    /// The record with this exact id.
    pub fn get(&self, id: &str) -> Option<&Record> {
        self.by_id.get(id).map(|&i| &self.all[i])
    }

    pub fn len(&self) -> usize {
        self.all.len()
    }

    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }
}

/// The generated catalogue.
#[derive(Debug, Default, PartialEq)]
pub struct Market {
    pub classifications: Records,
    pub categories: Records,
    pub profiles: Records,
    pub products: Records,
    pub prozorro_products: Records,
}

impl Market {
    /// Generates the catalogue from real CPV codes with a fixed seed (see [`build`]) and
    /// indexes its lists' text with `analyzer`.
    pub fn generate(cls: &crate::classifiers::Classifiers, analyzer: &crate::text::Analyzer) -> Self {
        let mut m = build::generate(cls);
        m.index_text(analyzer);
        m
    }

    /// Indexes every list's text with `analyzer`. A product is also found by the names of
    /// its market classification, its category and its profiles (issue 46): people search
    /// «рукавички медичні» for gloves of «Медичні матеріали», whose own text never says
    /// «медичні»; every word of a keyword may come from any of these names or the product's
    /// own text. The names are indexed, not stored: a product's `searchMatch` still marks
    /// only its own words.
    fn index_text(&mut self, analyzer: &crate::text::Analyzer) {
        let none = |_: &Record| String::new();
        self.classifications.index_text(analyzer, none);
        self.categories.index_text(analyzer, none);
        self.profiles.index_text(analyzer, none);
        // Out of the catalogue while indexed: their names come from the other lists.
        let mut lists = [std::mem::take(&mut self.products), std::mem::take(&mut self.prozorro_products)];
        for list in &mut lists {
            list.index_text(analyzer, |r| self.names_of(r));
        }
        [self.products, self.prozorro_products] = lists;
    }

    /// The names a product is also found by: its market classification's, its category's
    /// and its related profiles', Ukrainian and English, one a line; each once, and none
    /// its own text already holds (the generator writes the category's CPV name into it),
    /// so indexing stays near its old cost.
    fn names_of(&self, r: &Record) -> String {
        let owners = [self.classifications.get(&r.market_classification), self.categories.get(&r.category)];
        let profiles = r.profiles.iter().map(|id| self.profiles.get(id));
        let mut out: Vec<&str> = Vec::new();
        for owner in owners.into_iter().chain(profiles).flatten() {
            for name in [Some(owner.title.as_str()), owner.json["title_en"].as_str()].into_iter().flatten() {
                if !name.is_empty() && !out.contains(&name) && !r.text.contains(name) {
                    out.push(name);
                }
            }
        }
        out.join("\n")
    }

    /// A market classification by id (`30190000-7`) or by its eight digits.
    pub fn classification(&self, id: &str) -> Option<&Record> {
        self.classifications
            .get(id)
            .or_else(|| self.classifications.all.iter().find(|r| r.id.split('-').next() == Some(id)))
    }
}
