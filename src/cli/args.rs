//! Command-line arguments, as clap reads them.

use crate::model::Preset;
use crate::model::setup::{DEFAULT_SRC, DEFAULT_TGT, TokenInput, WeightSource};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// Learn the Transformer by running a small, real encoder-decoder one operation at a time.
#[derive(Debug, Parser)]
#[command(name = "transformer-tutor", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Open one lesson by id (see --list).
    #[arg(long, value_name = "ID")]
    pub lesson: Option<String>,

    /// Print the lessons in curriculum order, one line each, and exit.
    #[arg(long)]
    pub list: bool,

    /// Print the lesson as plain text (every beat, with its live numbers) instead of opening the screen.
    #[arg(long)]
    pub print: bool,

    /// Load lessons from this directory instead of the built-in ones.
    #[arg(long, value_name = "DIR")]
    pub lessons_dir: Option<PathBuf>,

    #[command(flatten)]
    pub model: ModelArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the program: one line per operation with its name, shape and formula.
    Trace {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Run the whole program and write every named tensor and the weights to an .npz file.
    Export {
        /// Where to write the .npz.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        #[command(flatten)]
        input: InputArgs,
    },
}

/// Which weights to use.
#[derive(Debug, Clone, Args)]
pub struct ModelArgs {
    /// Load weights from an .npz of PyTorch-named arrays instead of initialising them.
    #[arg(long, value_name = "FILE.npz", global = true)]
    pub weights: Option<PathBuf>,

    /// Seed for the initial weights (same seed, same weights, on every machine).
    #[arg(long, default_value_t = 0, global = true)]
    pub seed: u64,

    /// Model configuration from the notes: tutor (note 002's example, the default), note001, note000.
    #[arg(long, value_name = "PRESET", default_value = "tutor", value_parser = parse_preset, global = true)]
    pub preset: Preset,
}

/// The sentences (or ids) to run. `;` separates batch rows.
#[derive(Debug, Clone, Args)]
pub struct InputArgs {
    /// Source sentence(s), e.g. "I have a cat ; I love cats".
    #[arg(long, conflicts_with = "src_ids")]
    pub src: Option<String>,
    /// Target sentence(s), e.g. "<bos> I have a cat <eos>".
    #[arg(long, conflicts_with = "tgt_ids")]
    pub tgt: Option<String>,
    /// Source token ids, e.g. 4,11,27,0 (`;` between batch rows).
    #[arg(long, value_name = "IDS")]
    pub src_ids: Option<String>,
    /// Target token ids, e.g. 2,4,11,27,3.
    #[arg(long, value_name = "IDS")]
    pub tgt_ids: Option<String>,
}

fn parse_preset(name: &str) -> Result<Preset, String> {
    Preset::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        format!("no preset `{name}`; presets are {}", names.join(", "))
    })
}

impl ModelArgs {
    pub fn source(&self) -> WeightSource {
        match &self.weights {
            Some(path) => WeightSource::File(path.clone()),
            None => WeightSource::Seeded { preset: self.preset, seed: self.seed },
        }
    }
}

impl InputArgs {
    /// The source and target to run. With only one side given, the other follows it row for row:
    /// a target `<bos> … <eos>` around each source sentence, or a source of the target's words.
    pub fn sides(&self) -> Result<(TokenInput, TokenInput), String> {
        let rows = |s: &str| s.split(';').map(str::trim).map(str::to_string).collect::<Vec<_>>();
        let src = match (&self.src, &self.src_ids) {
            (_, Some(ids)) => Some(TokenInput::Ids(ids.clone())),
            (Some(s), None) => Some(TokenInput::Sentences(s.clone())),
            (None, None) => None,
        };
        let tgt = match (&self.tgt, &self.tgt_ids) {
            (_, Some(ids)) => Some(TokenInput::Ids(ids.clone())),
            (Some(s), None) => Some(TokenInput::Sentences(s.clone())),
            (None, None) => None,
        };
        match (src, tgt) {
            (Some(s), Some(t)) => Ok((s, t)),
            (None, None) => Ok((TokenInput::Sentences(DEFAULT_SRC.into()), TokenInput::Sentences(DEFAULT_TGT.into()))),
            (Some(TokenInput::Sentences(s)), None) => {
                let tgt = rows(&s).iter().map(|r| format!("<bos> {r} <eos>")).collect::<Vec<_>>().join(" ; ");
                Ok((TokenInput::Sentences(s), TokenInput::Sentences(tgt)))
            }
            (None, Some(TokenInput::Sentences(t))) => {
                let src = rows(&t)
                    .iter()
                    .map(|r| {
                        r.split_whitespace().filter(|w| *w != "<bos>" && *w != "<eos>").collect::<Vec<_>>().join(" ")
                    })
                    .collect::<Vec<_>>()
                    .join(" ; ");
                Ok((TokenInput::Sentences(src), TokenInput::Sentences(t)))
            }
            (Some(TokenInput::Ids(_)), None) => Err("--src-ids needs --tgt-ids (or --tgt) as well".into()),
            (None, Some(_)) => Err("--tgt-ids needs --src-ids (or --src) as well".into()),
        }
    }
}
