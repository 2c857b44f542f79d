//! English words for Ukrainian goods, through the classifier's two languages: DK 021 names
//! each of its 9,458 codes in Ukrainian and English («Яловичина» / «Beef», «Борошно
//! пшеничне» / «Wheat flour»). Records are written in Ukrainian, and an item's English
//! CPV name holds the words of its own code only, so «flour» misses the tenders whose
//! items sit under «Продукція борошномельно-круп'яної промисловості». The bridge reads
//! an English keyword as the Ukrainian words the classifier gives it: the Ukrainian name
//! of the code named exactly so, else the words the Ukrainian names share (two in three
//! of them, from three names on) among the codes whose English names hold every English
//! word («flour»: twelve names, one word they share, «борошно»).

use std::collections::BTreeSet;

/// Most codes whose shared Ukrainian words stand for an English keyword: a word in more
/// names than that is too general to say one thing («products», «services»).
const MAX_NAMES: usize = 40;
/// The classifier's names as terms: each code's English stems and Ukrainian terms.
#[derive(Debug, Default)]
pub struct Bridge {
    names: Vec<(BTreeSet<String>, BTreeSet<String>)>,
}

impl Bridge {
    /// The bridge of (Ukrainian name, English name) pairs, each name made terms by
    /// `terms` (the index's chain: English stems, Ukrainian lemmas; `Analyzer::name_terms`).
    /// Pairs without an English name of their own are left out.
    pub fn new<'a>(
        terms: impl Fn(&str) -> BTreeSet<String>,
        names: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Self {
        let names = names
            .into_iter()
            .filter(|(uk, en)| !en.is_empty() && uk != en && en.is_ascii())
            .map(|(uk, en)| (terms(en), terms(uk)))
            .filter(|(en, uk)| !en.is_empty() && !uk.is_empty())
            .collect();
        Self { names }
    }

    /// The Ukrainian terms an English keyword stands for (its words' stems, `stems`):
    /// all of them are to be found together. Empty when the classifier says nothing
    /// clear about it.
    pub fn ukrainian(&self, stems: &BTreeSet<String>) -> Vec<String> {
        if stems.is_empty() {
            return Vec::new();
        }
        let holding: Vec<&(BTreeSet<String>, BTreeSet<String>)> =
            self.names.iter().filter(|(en, _)| stems.is_subset(en)).collect();
        let exact: Vec<_> = holding.iter().filter(|(en, _)| en == stems).collect();
        // The Ukrainian terms of every name, or of two in three when there are three or
        // more (one of twelve flours is «Крохмаль…»).
        let shared = |names: &mut dyn Iterator<Item = &BTreeSet<String>>| -> Vec<String> {
            let names: Vec<&BTreeSet<String>> = names.collect();
            let least = if names.len() >= 3 { (names.len() * 2).div_ceil(3) } else { names.len() };
            let mut count: std::collections::BTreeMap<&String, usize> = std::collections::BTreeMap::new();
            for t in names.iter().flat_map(|uk| uk.iter()) {
                *count.entry(t).or_default() += 1;
            }
            count.into_iter().filter(|(_, n)| least > 0 && *n >= least).map(|(t, _)| t.clone()).collect()
        };
        let uk = if !exact.is_empty() {
            shared(&mut exact.iter().map(|(_, uk)| uk))
        } else if holding.len() <= MAX_NAMES {
            shared(&mut holding.iter().map(|(_, uk)| uk))
        } else {
            Vec::new()
        };
        // Fewer Ukrainian words than English ones say less than was asked («road repair»
        // through «Ремонт доріг» and «Матеріали для ремонту…» is «ремонт» alone).
        if uk.len() < stems.len() {
            return Vec::new();
        }
        uk
    }

    /// Number of names the bridge holds.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the bridge holds no name.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lowercase words of three letters or more, each its own term.
    fn words(text: &str) -> BTreeSet<String> {
        text.split_whitespace().filter(|w| w.chars().count() >= 3).map(str::to_lowercase).collect()
    }

    #[test]
    fn an_english_word_stands_for_the_ukrainian_its_codes_share() {
        let bridge = Bridge::new(
            words,
            [
                ("Яловичина", "Beef"),
                ("Яловичий фарш", "Minced beef"),
                ("Борошно пшеничне", "Wheat flour"),
                ("Борошно кукурудзяне", "Corn flour"),
                ("Борошно рисове", "Rice flour"),
                ("Крохмаль", "Flour starch"),
                ("Ремонт доріг", "Road repair works"),
                ("Матеріали для ремонту покриття", "Road repair materials"),
                ("Молоко", "Молоко"),
            ],
        );
        assert_eq!(bridge.len(), 8, "a name without English of its own is left out");
        let stems = |w: &[&str]| w.iter().map(|w| w.to_string()).collect::<BTreeSet<_>>();
        assert_eq!(bridge.ukrainian(&stems(&["beef"])), ["яловичина"], "the code named exactly so");
        assert_eq!(bridge.ukrainian(&stems(&["flour"])), ["борошно"], "the word two in three names share");
        assert!(bridge.ukrainian(&stems(&["road", "repair"])).is_empty(), "one shared word for two asked");
        assert!(bridge.ukrainian(&stems(&["laptop"])).is_empty(), "no name holds it");
        assert!(bridge.ukrainian(&stems(&[])).is_empty());
    }
}
