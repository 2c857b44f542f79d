//! The feed's cursor, `{timestamp}.{skip_len}.{skip_hash}`, read and written exactly as
//! openprocurement.api does (`views/base.py`: `parse_offset`, `compose_offset`):
//! - the timestamp is the `public_modified` of the page's last row, in seconds, written as
//!   Python writes a float (`1798754400.0`, `1778583600.49`);
//! - `skip_len` counts the rows of the page that share that timestamp, and `skip_hash` is
//!   the MD5 of their ids, sorted and joined: the next page leaves out exactly those rows
//!   when the same ones are still there, so rows sharing a timestamp are neither repeated
//!   nor lost.

use md5::{Digest, Md5};

/// A parsed offset.
#[derive(Debug, Clone, PartialEq)]
pub struct Offset {
    /// `public_modified` in milliseconds (the API writes it with millisecond precision).
    pub at_ms: i64,
    pub skip_len: usize,
    pub skip_hash: String,
}

/// An offset the feed cannot read: the API answers 404 (`location: querystring`,
/// `name: offset`), and a client starts again from the head.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("Invalid offset provided: {0}")]
pub struct BadOffset(pub String);

/// Reads an offset. Besides the current form, the API still reads a bare timestamp
/// (`1798754400.0`) and the deprecated form, an ISO date.
pub fn parse(offset: &str) -> Result<Offset, BadOffset> {
    let bad = || BadOffset(offset.to_string());
    let parts: Vec<&str> = offset.split('.').collect();
    let (mut skip_len, mut skip_hash) = (0, String::new());
    if parts.len() == 4 {
        skip_len = parts[2].parse::<i64>().map_err(|_| bad())?.max(0) as usize;
        skip_hash = parts[3].to_string();
    }
    if parts.len() > 1 && parts[1].len() == 10 {
        // `public_ts` (a cluster timestamp `seconds.ordinal`): read as its second.
        let secs: i64 = parts[0].parse().map_err(|_| bad())?;
        parts[1].parse::<u64>().map_err(|_| bad())?;
        return Ok(Offset { at_ms: secs.saturating_mul(1000), skip_len, skip_hash });
    }
    let head = parts[..parts.len().min(2)].join(".");
    match head.parse::<f64>() {
        Ok(secs) if secs.is_finite() && !head.contains(['e', 'E', 'n', 'N', 'i', 'I']) => {
            Ok(Offset { at_ms: (secs * 1000.0).round() as i64, skip_len, skip_hash })
        }
        Ok(_) => Err(bad()),
        Err(_) => {
            let at = crate::dates::parse(&offset.replace(' ', "+")).ok_or_else(bad)?;
            Ok(Offset { at_ms: at, skip_len, skip_hash })
        }
    }
}

/// Milliseconds as the API writes `public_modified`: seconds as a Python float.
pub fn seconds(at_ms: i64) -> String {
    let secs = at_ms as f64 / 1000.0;
    let s = format!("{secs}");
    if s.contains('.') {
        s
    } else {
        format!("{s}.0")
    }
}

/// The hash of the ids sharing the offset's timestamp: MD5 of the sorted ids, joined.
pub fn skip_hash<'a>(ids: impl IntoIterator<Item = &'a str>) -> (usize, String) {
    let mut ids: Vec<&str> = ids.into_iter().collect();
    ids.sort_unstable();
    let mut h = Md5::new();
    for id in &ids {
        h.update(id.as_bytes());
    }
    let hex: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    (ids.len(), hex)
}

/// The offset after a page: the timestamp `at_ms` and the ids of the page's rows that
/// have it.
pub fn compose<'a>(at_ms: i64, ids_at: impl IntoIterator<Item = &'a str>) -> String {
    let (n, hash) = skip_hash(ids_at);
    format!("{}.{n}.{hash}", seconds(at_ms))
}

/// The timestamp of an offset in milliseconds, as the reference client reads it (the
/// part before the first dot): `None` when it has none.
pub fn timestamp_ms(offset: &str) -> Option<i64> {
    offset.split('.').next()?.parse::<i64>().ok().map(|s| s.saturating_mul(1000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn composes_the_offsets_of_recorded_real_pages() {
        // contracts-listing-1.http and restricted-tender-feed-anon.http of the API docs.
        assert_eq!(
            compose(1_798_754_400_000, ["78fd8d7877d74b0dbc9c605462545e1c"]),
            "1798754400.0.1.f9f768d0faee0847eefffbf52378bea6"
        );
        assert_eq!(
            compose(1_798_754_400_000, ["38bca89f7ba4477d97f553d576fd6994", "2b5eb9efd396490d8e3e662b7153c1ff"]),
            "1798754400.0.2.c9e589b703dacf9b5ed4833357465084"
        );
    }

    #[test]
    fn writes_seconds_as_python_does() {
        assert_eq!(seconds(1_778_583_600_490), "1778583600.49");
        assert_eq!(seconds(1_778_583_600_000), "1778583600.0");
        assert_eq!(seconds(1_767_969_651_246), "1767969651.246");
    }

    #[test]
    fn reads_every_form_the_api_reads_and_refuses_the_rest() {
        let o = parse("1767969651.246.1.4325efbb2409185921e764a90ea1cb93").unwrap();
        assert_eq!(
            (o.at_ms, o.skip_len, o.skip_hash.as_str()),
            (1_767_969_651_246, 1, "4325efbb2409185921e764a90ea1cb93")
        );
        assert_eq!(parse("1798754400.0").unwrap().at_ms, 1_798_754_400_000);
        assert_eq!(parse("1798754400").unwrap().at_ms, 1_798_754_400_000);
        assert_eq!(parse("2027-01-01T00:00:00+02:00").unwrap().at_ms, 1_798_754_400_000);
        for bad in ["garbage", "abc.def.1.x", "1.2.x.hash", "", "nan", "inf.0"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(timestamp_ms("1735484400.068.1.87ea"), Some(1_735_484_400_000));
    }
}
