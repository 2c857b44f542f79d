//! Quartiles and Tukey fences, computed as Cardinal computes them.
//!
//! Cardinal takes the quartiles with `statrs` (`Data::lower_quartile`/`upper_quartile`,
//! statrs 0.16), whose quantile is the median-unbiased estimator (Hyndman and Fan's type 8):
//! `h = (n + 1/3)·τ + 1/3`, then linear interpolation between the order statistics
//! `⌊h⌋` and `⌊h⌋ + 1` (1-based), clamped to the minimum and maximum. The fences are
//! `Q1 − 1.5·IQR` (written `(Q3 − Q1)·(−1.5) + Q1` with one rounding, as Cardinal's
//! `mul_add`) and `Q3 + 1.5·IQR`.

use serde::Serialize;

use crate::Measures;

/// The first and third quartiles of a population.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Quartiles {
    /// The size of the population.
    pub count: usize,
    pub q1: f64,
    pub q3: f64,
}

impl Quartiles {
    /// The quartiles of the values (NaN for an empty population; NaN values are left out).
    pub fn of(values: impl IntoIterator<Item = f64>) -> Quartiles {
        let mut sorted: Vec<f64> = values.into_iter().filter(|v| !v.is_nan()).collect();
        sorted.sort_by(f64::total_cmp);
        Quartiles { count: sorted.len(), q1: quantile(&sorted, 0.25), q3: quantile(&sorted, 0.75) }
    }

    /// `Q1 − 1.5·IQR`.
    pub fn lower_fence(&self) -> f64 {
        (self.q3 - self.q1).mul_add(-1.5, self.q1)
    }

    /// `Q3 + 1.5·IQR`.
    pub fn upper_fence(&self) -> f64 {
        (self.q3 - self.q1).mul_add(1.5, self.q3)
    }
}

/// The τ-quantile of sorted values, as statrs 0.16 computes it (type 8). NaN if empty or τ is
/// outside 0..=1.
pub fn quantile(sorted: &[f64], tau: f64) -> f64 {
    if sorted.is_empty() || !(0.0..=1.0).contains(&tau) {
        return f64::NAN;
    }
    let n = sorted.len();
    let h = (n as f64 + 1.0 / 3.0) * tau + 1.0 / 3.0;
    let hf = h as i64;
    if hf <= 0 || tau == 0.0 {
        return sorted[0];
    }
    if hf >= n as i64 || tau == 1.0 {
        return sorted[n - 1];
    }
    let (a, b) = (sorted[hf as usize - 1], sorted[hf as usize]);
    a + (h - hf as f64) * (b - a)
}

/// The fences of R024, R058 and R038 over a population.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Fences {
    /// The differences between the winning and the second-lowest valid bid (R024, R058).
    pub differences: Quartiles,
    /// The ratios of disqualified to submitted bids (R038).
    pub disqualified_ratios: Quartiles,
    /// R024: a difference at or below it is flagged (`Q1 − 1.5·IQR` of the differences).
    pub r024_lower: f64,
    /// R058: a difference at or above it is flagged (`Q3 + 1.5·IQR` of the differences).
    pub r058_upper: f64,
    /// R038: a ratio at or above it is flagged (`Q3 + 1.5·IQR` of the ratios).
    pub r038_upper: f64,
}

/// The minimum number of submitted bids for a tender's ratio to enter R038's population
/// (Cardinal's `minimum_submitted_bids`).
pub const DEFAULT_MINIMUM_SUBMITTED: usize = 2;

/// Cardinal's fences over a population of tenders' [`Measures`]: every computed difference
/// (one per lot), and the disqualified ÷ submitted ratio of every tender with at least 2
/// submitted bids.
pub fn fences<'a>(population: impl Iterator<Item = &'a Measures>) -> Fences {
    fences_with_minimum(population, DEFAULT_MINIMUM_SUBMITTED)
}

/// [`fences`], with another minimum of submitted bids for R038's population.
pub fn fences_with_minimum<'a>(population: impl Iterator<Item = &'a Measures>, minimum_submitted: usize) -> Fences {
    let mut differences = Vec::new();
    let mut ratios = Vec::new();
    for m in population {
        differences.extend(m.differences.iter().map(|d| d.difference));
        if m.submitted > 0 && m.submitted >= minimum_submitted {
            ratios.push(m.disqualified as f64 / m.submitted as f64);
        }
    }
    let differences = Quartiles::of(differences);
    let disqualified_ratios = Quartiles::of(ratios);
    Fences {
        differences,
        disqualified_ratios,
        r024_lower: differences.lower_fence(),
        r058_upper: differences.upper_fence(),
        r038_upper: disqualified_ratios.upper_fence(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_follow_type_8() {
        // Type 8 on 1..=4: h(0.25) = 4.333·0.25 + 0.333 = 1.4167 → 1 + 0.4167·1.
        let q = Quartiles::of([4.0, 1.0, 3.0, 2.0]);
        assert!((q.q1 - (1.0 + 5.0 / 12.0)).abs() < 1e-12, "{q:?}");
        assert!((q.q3 - (3.0 + 7.0 / 12.0)).abs() < 1e-12, "{q:?}");
        assert_eq!(quantile(&[5.0], 0.25), 5.0);
        assert_eq!(quantile(&[1.0, 2.0], 0.0), 1.0);
        assert_eq!(quantile(&[1.0, 2.0], 1.0), 2.0);
        assert!(quantile(&[], 0.5).is_nan());
        assert!(Quartiles::of([]).q1.is_nan());
    }

    #[test]
    fn fences_are_tukeys() {
        // Cardinal's R024 documentation: Q1 = 5 %, Q3 = 7 % → lower fence 2 %, upper 10 %.
        let q = Quartiles { count: 0, q1: 0.05, q3: 0.07 };
        assert!((q.lower_fence() - 0.02).abs() < 1e-12);
        assert!((q.upper_fence() - 0.10).abs() < 1e-12);
    }

    #[test]
    fn the_ratio_population_leaves_out_small_tenders() {
        let m = |submitted, disqualified| Measures { differences: vec![], submitted, disqualified };
        let population = [m(1, 1), m(0, 0), m(2, 1), m(4, 0), m(4, 0), m(4, 0)];
        let f = fences(population.iter());
        assert_eq!(f.disqualified_ratios.count, 4);
        assert_eq!(fences_with_minimum(population.iter(), 1).disqualified_ratios.count, 5);
        assert_eq!(f.differences.count, 0);
        assert!(f.r058_upper.is_nan());
    }
}
