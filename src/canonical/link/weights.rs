//! The match weights, as Fellegi and Sunter defined them: for each level of each comparison,
//! log2(m/u), where m is how often a linked pair has that level and u how often a pair that
//! is no link has it. A pair's score is the prior log-odds plus the weight of each of its
//! levels. The weights are data, fitted to labelled links by `eval/canonical/fit.py`, which
//! writes them with the counts they came of to `weights.tsv`; the binary embeds that file.
//!
//! Two tables: `rank` weighs every pair of an exercise, to find the case each test explains
//! most; `link` weighs only those pairs (each test's candidates), its place in the file
//! among them, to say how sure each link is.

use std::sync::OnceLock;

use super::compare::{COMPARISONS, Levels, PLACE};

/// One table of weights.
#[derive(Debug, Clone, Default)]
pub struct Table {
    prior: f64,
    /// `weights[comparison][level]`; a level the fit never saw weighs nothing.
    weights: Vec<Vec<f64>>,
}

impl Table {
    /// The score of a pair of these levels, in bits.
    pub fn score(&self, levels: &Levels) -> f64 {
        self.prior + self.evidence(levels, None)
    }

    /// The same without the pair's place in the file.
    pub(super) fn score_unplaced(&self, levels: &Levels) -> f64 {
        self.prior + self.evidence(levels, Some(PLACE))
    }

    fn evidence(&self, levels: &Levels, skip: Option<usize>) -> f64 {
        levels
            .0
            .iter()
            .enumerate()
            .filter(|(comparison, _)| Some(*comparison) != skip)
            .map(|(comparison, &level)| self.weights[comparison][level as usize])
            .sum()
    }
}

/// The two tables.
#[derive(Debug, Clone, Default)]
pub struct Weights {
    pub rank: Table,
    pub link: Table,
}

impl Weights {
    /// The weights the binary was built with.
    pub fn embedded() -> &'static Weights {
        static WEIGHTS: OnceLock<Weights> = OnceLock::new();
        WEIGHTS.get_or_init(|| {
            Weights::parse(include_str!("weights.tsv"))
                .expect("weights.tsv parses (a unit test checks it)")
        })
    }

    /// Reads a weights file: `#` comment lines, a header line, then rows of `table`,
    /// `comparison` (or `prior`), `level`, the two counts and the weight, tab-separated.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let empty = || Table {
            prior: 0.0,
            weights: COMPARISONS
                .iter()
                .map(|c| vec![0.0; c.levels.len()])
                .collect(),
        };
        let mut weights = Weights {
            rank: empty(),
            link: empty(),
        };
        let rows = text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
            .skip(1);
        for (number, line) in rows {
            let fields: Vec<&str> = line.split('\t').collect();
            let at = |what: &str| format!("line {}: {what}", number + 1);
            let [table, comparison, level, _, _, weight] = fields[..] else {
                return Err(at("expected six tab-separated fields"));
            };
            let weight: f64 = weight.parse().map_err(|_| at("the weight is no number"))?;
            let table = match table {
                "rank" => &mut weights.rank,
                "link" => &mut weights.link,
                other => return Err(at(&format!("no table `{other}`"))),
            };
            if comparison == "prior" {
                table.prior = weight;
                continue;
            }
            let c = COMPARISONS
                .iter()
                .position(|c| c.name == comparison)
                .ok_or_else(|| at(&format!("no comparison `{comparison}`")))?;
            let l = COMPARISONS[c]
                .levels
                .iter()
                .position(|l| *l == level)
                .ok_or_else(|| at(&format!("no level `{level}` of `{comparison}`")))?;
            table.weights[c][l] = weight;
        }
        Ok(weights)
    }
}
