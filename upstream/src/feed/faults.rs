//! Faults the stand-in feed can be told to make, so that the sync client is tested
//! against what the public API does on a bad day: a storm of 429s, connections reset in
//! the middle of a page, slow pages, and writes that commit out of order inside the
//! watermark. Set at start with `UPSTREAM_FEED_FAULTS` (`429=0.2,reset=0.1,slow=300,
//! late=400,storm=10`), and in development mode with `POST /dev/feed/faults` (the same
//! keys as JSON). Every fault is off by default.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// What is switched on.
#[derive(Debug, Default, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FaultSettings {
    /// Share of requests (feed pages and records) answered 429.
    #[serde(rename = "429")]
    pub too_many: f64,
    /// Share of answers whose connection is reset half-way through the body.
    pub reset: f64,
    /// Milliseconds every answer waits before it is sent.
    pub slow: u64,
    /// Milliseconds a development change takes to commit after its `public_modified`
    /// was taken (less than the watermark: later changes may commit first).
    pub late: u64,
    /// Seconds, from when it is set, during which every request is answered 429.
    pub storm: u64,
}

impl FaultSettings {
    /// Reads `key=value,…` (the keys of the JSON form).
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut f = Self::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=').ok_or_else(|| format!("`{part}` is not key=value"))?;
            let num = |v: &str| v.trim().parse::<f64>().map_err(|_| format!("`{v}` is not a number"));
            let share = |v: &str| {
                num(v).and_then(|x| (0.0..=1.0).contains(&x).then_some(x).ok_or(format!("{k}: a share from 0 to 1")))
            };
            match k.trim() {
                "429" => f.too_many = share(v)?,
                "reset" => f.reset = share(v)?,
                "slow" => f.slow = num(v)? as u64,
                "late" => f.late = num(v)? as u64,
                "storm" => f.storm = num(v)? as u64,
                other => return Err(format!("unknown fault `{other}` (429, reset, slow, late, storm)")),
            }
        }
        if f.late >= super::WATERMARK_MS as u64 {
            return Err(format!("late: under the watermark, {} ms", super::WATERMARK_MS));
        }
        Ok(f)
    }
}

/// The faults in force.
#[derive(Debug, Default)]
pub struct Faults {
    settings: Mutex<(FaultSettings, i64)>,
    draws: AtomicU64,
}

/// What to do with one answer.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Decision {
    pub too_many: bool,
    pub reset: bool,
    pub delay_ms: u64,
}

impl Faults {
    /// Switches faults on (or all off with the default), the storm counted from now.
    pub fn set(&self, f: FaultSettings) {
        let until = crate::dates::now_ms() + f.storm as i64 * 1000;
        *self.settings.lock().unwrap_or_else(|e| e.into_inner()) = (f, until);
    }

    pub fn get(&self) -> FaultSettings {
        self.settings.lock().unwrap_or_else(|e| e.into_inner()).0
    }

    /// A draw in [0, 1): a fixed sequence (SplitMix64), so a run can be replayed.
    fn draw(&self) -> f64 {
        let mut z = self.draws.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) as f64 / u64::MAX as f64
    }

    /// The faults of one answer.
    pub fn decide(&self) -> Decision {
        let (f, until) = *self.settings.lock().unwrap_or_else(|e| e.into_inner());
        let storm = f.storm > 0 && crate::dates::now_ms() < until;
        Decision {
            too_many: storm || (f.too_many > 0.0 && self.draw() < f.too_many),
            reset: f.reset > 0.0 && self.draw() < f.reset,
            delay_ms: f.slow,
        }
    }
}
