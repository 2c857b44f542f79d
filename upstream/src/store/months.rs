//! A register's public records grouped by the Kyiv month of their publication (the
//! `publicationDate` filter's date), built on first use from the index for the listing
//! API (`crate::listing`). A record appears once per page it has (of several documents
//! sharing an id, the one `GET /api/{kind}/{id}` answers); test records and draft
//! plans, which are not public, are left out.

use super::{Collection, Data};
use crate::dates;
use crate::records::Kind;

/// One register's public records grouped by month.
#[derive(Debug, Default)]
pub struct Listing {
    /// Document numbers, by month and then in load order.
    pub docs: Vec<u32>,
    pub months: Vec<Month>,
}

#[derive(Debug, Clone)]
pub struct Month {
    /// `YYYY-MM`.
    pub name: String,
    /// Its records: `docs[start..end]`.
    pub start: usize,
    pub end: usize,
    /// Latest `dateModified` among them (epoch ms).
    pub last_modified: i64,
}

/// `YYYY-MM` of an instant in Kyiv time.
fn kyiv_month(utc_ms: i64) -> String {
    let local = utc_ms + dates::kyiv_offset_secs(utc_ms) * 1000;
    let (y, m, _) = dates::civil_from_days(local.div_euclid(86_400_000));
    format!("{y:04}-{m:02}")
}

impl Listing {
    pub fn build(data: &Data, c: &Collection) -> Self {
        let ix = &c.index;
        let mut keyed: Vec<(String, u32)> = (0..c.len() as u32)
            .filter(|&d| !(ix.is_test(d) || (c.kind == Kind::Plan && ix.has_status(d, "draft"))))
            .filter(|&d| {
                // The one document its page shows.
                let key = data.page_key(c, d);
                !key.is_empty() && ix.lookup(&key) == Some(d)
            })
            .filter_map(|d| ix.published_ms(d).map(|ms| (kyiv_month(ms), d)))
            .collect();
        keyed.sort();
        let mut listing = Listing { docs: Vec::with_capacity(keyed.len()), months: Vec::new() };
        for (month, d) in keyed {
            let modified = ix.modified_ms(d).unwrap_or(i64::MIN);
            match listing.months.last_mut() {
                Some(last) if last.name == month => {
                    last.end += 1;
                    last.last_modified = last.last_modified.max(modified);
                }
                _ => {
                    let at = listing.docs.len();
                    listing.months.push(Month { name: month, start: at, end: at + 1, last_modified: modified });
                }
            }
            listing.docs.push(d);
        }
        listing
    }
}
