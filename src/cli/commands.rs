//! The subcommands: `trace`, `export`, `translate`, `corpus`, `train`, one function each.

use crate::cli::args::{Cli, Command, InputArgs, ProbeWhat};
use crate::cli::{corpus, export, output, probe, trace, train, train_live, translate};
use crate::eprintln_escaped;
use crate::model::decode::Choice;
use crate::setup::{Setup, WeightSource};
use crate::signals;
use crate::strings;
use crate::train::{TrainOptions, Trainer};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A subcommand: trace, export, translate, corpus, train; Some(signal) when one stopped `train`.
pub fn command(cli: Cli) -> Result<Option<i32>, String> {
    match cli.command {
        Some(Command::Trace { ref input }) => trace_command(&cli, input),
        Some(Command::Export { ref out, grads, ref numpy, ref pytorch, what_if, ref input }) => {
            let scripts = export::Scripts { numpy: numpy.as_deref(), pytorch: pytorch.as_deref(), what_if };
            export_command(&cli, out, grads, scripts, input)
        }
        Some(Command::Translate { ref sentence, attention, temperature, sample_seed, beams, timings }) => {
            if cli.model.model.is_some() {
                translate_marian_command(&cli, sentence, beams.map(usize::from), timings)
            } else if beams.is_some() {
                Err(strings::TRANSLATE_NEEDS_MODEL.to_string())
            } else {
                translate_command(&cli, sentence, attention, temperature, sample_seed)
            }
        }
        Some(Command::Corpus { ref tsv }) => corpus_command(tsv.as_deref()),
        Some(Command::Probe { what, ref csv }) => probe_command(&cli, what, csv.as_deref()),
        Some(Command::Train { ref out, steps, ref eval }) => {
            train_command(&cli, out.as_deref(), steps, eval.as_deref())
        }
        None => Ok(None), // the tutor itself: main's `run` handles it
    }
}

/// `trace`: one line per operation.
fn trace_command(cli: &Cli, input: &InputArgs) -> Result<Option<i32>, String> {
    let (src, tgt) = input.sides()?;
    let setup = Setup::new(&cli.model.source(), &src, tgt.as_ref()).map_err(|e| e.to_string())?;
    warn_unknown(&setup);
    write_out(&trace::trace_text(setup.run().program())).map(|()| None)
}

/// `export`: every tensor (or every gradient) to an .npz; with --numpy / --pytorch, the script
/// that recomputes them; with --what-if, the variant's run.
fn export_command(
    cli: &Cli,
    out: &Path,
    grads: bool,
    scripts: export::Scripts,
    input: &InputArgs,
) -> Result<Option<i32>, String> {
    let (src, tgt) = input.sides()?;
    scripts.check(out)?;
    let setup = Setup::new(&cli.model.source(), &src, tgt.as_ref()).map_err(|e| e.to_string())?;
    warn_unknown(&setup);
    if grads {
        let count = export::export_grads(&setup, out)?;
        eprintln_escaped!("{}", strings::wrote_gradients(count, out.display()));
        return Ok(None);
    }
    let mut run = setup.run();
    if let Some(variant) = scripts.what_if {
        run.run_all();
        run = crate::explore::run_variant(&run, setup.shape(), variant).run.map_err(|e| e.to_string())?;
    }
    let count = export::export_trace(&mut run, out)?;
    eprintln_escaped!("{}", strings::wrote_tensors(count, out.display()));
    if let Some(first) = run.first_non_finite() {
        let name = &run.program().op(first).name;
        eprintln_escaped!("{}", strings::warning_line(&strings::non_finite_at(name)));
    }
    for (path, count) in export::write_scripts(&run, out, scripts)? {
        eprintln_escaped!("{}", strings::wrote_script(path.display(), count));
    }
    Ok(None)
}

/// `translate`: the greedy (or sampled) translation with each word's probability.
fn translate_command(
    cli: &Cli,
    sentence: &str,
    attention: bool,
    temperature: Option<u16>,
    sample_seed: u64,
) -> Result<Option<i32>, String> {
    {
        let weights = Arc::new(cli.model.source().load().map_err(|e| e.to_string())?);
        let choice = match temperature {
            Some(tenths) => Choice::Sample { tenths, seed: sample_seed },
            None => Choice::Greedy,
        };
        let translation = translate::translate_text(weights, sentence, attention, choice)?;
        for note in &translation.notes {
            eprintln_escaped!("{}", strings::note_line(note));
        }
        write_out(&translation.text)?;
        // last, under the translation it is about
        if let Some(warning) = &translation.warning {
            eprintln_escaped!("{}", strings::warning_line(warning));
        }
        Ok(None)
    }
}

/// `translate --model DIR`: the loaded translator's own translation, as its generate() makes it.
fn translate_marian_command(
    cli: &Cli,
    sentence: &str,
    beams: Option<usize>,
    timings: bool,
) -> Result<Option<i32>, String> {
    let started = std::time::Instant::now();
    let weights = Arc::new(cli.model.source().load().map_err(|e| e.to_string())?);
    let loaded = started.elapsed();
    let out = super::translate_marian::translate_marian(weights, sentence, beams)?;
    for note in &out.notes {
        eprintln_escaped!("{}", strings::note_line(note));
    }
    write_out(&out.text)?;
    if timings {
        let times = strings::TranslateTimes {
            load: loaded,
            encode: out.encode,
            decode: out.decode,
            first_token: out.first_token,
            tokens: out.tokens,
        };
        eprintln_escaped!("{}", strings::translate_timings(&times));
    }
    Ok(None)
}

/// `corpus`: its size, vocabularies and samples; with a path, every pair as TSV.
fn corpus_command(tsv: Option<&Path>) -> Result<Option<i32>, String> {
    {
        let corpus = crate::corpus::generate(crate::corpus::DEFAULT_SEED);
        if let Some(path) = tsv {
            // a file that cannot be written fails before anything is printed
            crate::atomic_file::check(path).map_err(|e| strings::cannot_write(path.display(), e))?;
        }
        write_out(&corpus::corpus_text(&corpus))?;
        if let Some(path) = tsv {
            crate::atomic_file::write_bytes(path, corpus.to_tsv().as_bytes())
                .map_err(|e| strings::cannot_write(path.display(), e))?;
            eprintln_escaped!("{}", strings::wrote_pairs(corpus.train.len() + corpus.heldout.len(), path.display()));
        }
        Ok(None)
    }
}

/// `probe heads`: every head taken out in turn, ranked by the held-out exact-match drop.
/// `probe heads` or `probe align`: a table on stdout, and with `--csv` the same as CSV.
fn probe_command(cli: &Cli, what: ProbeWhat, csv: Option<&Path>) -> Result<Option<i32>, String> {
    let weights = Arc::new(cli.model.source().load().map_err(|e| e.to_string())?);
    let corpus = crate::corpus::generate(crate::corpus::DEFAULT_SEED);
    if let Some(path) = csv {
        crate::atomic_file::check(path).map_err(|e| strings::cannot_write(path.display(), e))?;
    }
    // a vocabulary without the corpus's words cannot be scored on it
    let command = match what {
        ProbeWhat::Heads => strings::SCORED_BY_PROBE_HEADS,
        ProbeWhat::Align => strings::SCORED_BY_PROBE_ALIGN,
    };
    train::eval_text_problem(&weights, &corpus, command)?;
    let (text, table) = match what {
        ProbeWhat::Heads => {
            let ranking = crate::explore::heads::rank_heads_telling(&weights, &corpus.heldout, probe::tell_progress);
            (probe::heads_text(&ranking), probe::heads_csv(&ranking))
        }
        ProbeWhat::Align => {
            let scores = crate::probe::score_heldout(&weights);
            (probe::align_text(&scores), probe::align_csv(&scores))
        }
    };
    write_out(&text)?;
    if let Some(path) = csv {
        crate::atomic_file::write_bytes(path, table.as_bytes())
            .map_err(|e| strings::cannot_write(path.display(), e))?;
        eprintln_escaped!("{}", strings::wrote_csv(table.lines().count() - 1, path.display()));
    }
    Ok(None)
}

/// `train` (or `train --eval`): train on the corpus and write the weights whole or not at all.
fn train_command(
    cli: &Cli,
    out: Option<&Path>,
    steps: Option<usize>,
    eval: Option<&Path>,
) -> Result<Option<i32>, String> {
    {
        let corpus = crate::corpus::generate(crate::corpus::DEFAULT_SEED);
        if let Some(path) = eval {
            let weights = Arc::new(WeightSource::File(path.to_path_buf()).load().map_err(|e| e.to_string())?);
            return write_out(&train::eval_text(&weights, &corpus)?).map(|()| None);
        }
        let out = out.ok_or(strings::TRAIN_NEEDS_OUT)?;
        let defaults = TrainOptions::default();
        let options = TrainOptions {
            steps: steps.unwrap_or(defaults.steps),
            seed: cli.model.seed.unwrap_or(defaults.seed),
            ..defaults
        };
        // before any training: a target that cannot be replaced fails now, not at the end
        crate::atomic_file::check(out).map_err(|e| strings::cannot_write(out.display(), e))?;
        // read whole before training, so `--weights X --out X` fine-tunes X and replaces it at the end
        let from = cli.model.weights.as_deref();
        let trainer = match from {
            Some(path) => {
                let weights = WeightSource::File(path.to_path_buf()).load().map_err(|e| e.to_string())?;
                if let Some(problem) = train::fine_tune_problem(&weights, &corpus, &path.display().to_string()) {
                    return Err(problem);
                }
                Trainer::from_weights(&corpus, options, weights)
            }
            None => Trainer::new(&corpus, options),
        };
        let signal = Arc::new(AtomicUsize::new(0));
        signals::watch(&signal)?;
        let job = train::Job { corpus: &corpus, out, from, signal: &signal };
        // the live screen needs a terminal it can watch (a controlling one); else plain lines
        let terminal = crate::tui::has_terminal();
        let outcome =
            if terminal { train_live::train_live(trainer, &job)? } else { train::train_plain(trainer, &job)? };
        eprintln_escaped!("{}", outcome.message().trim_end_matches('\n'));
        // stopped by a signal (nothing written), or one came after the weights were written
        Ok(match signal.load(Ordering::Relaxed) {
            0 => None,
            n => Some(n as i32),
        })
    }
}

/// Write a command's output to stdout; a reader that went away (`| head`) ends it quietly.
fn write_out(text: &str) -> Result<(), String> {
    output::write_stdout(text).map(|_| ())
}

/// Say which words of the input are not in the vocabulary (they became `<unk>`).
fn warn_unknown(setup: &Setup) {
    for line in setup.unknown_report() {
        eprintln_escaped!("{}", strings::note_line(&line));
    }
}
