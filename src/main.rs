use clap::Parser;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use transformer_tutor::app::App;
use transformer_tutor::app::state::Screen;
use transformer_tutor::cli::args::{Cli, Command};
use transformer_tutor::cli::{corpus, export, output, print, trace, train, train_live, translate};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::model::decode::Choice;
use transformer_tutor::model::setup::{Setup, WeightSource};
use transformer_tutor::progress::{self, Progress};
use transformer_tutor::train::TrainOptions;
use transformer_tutor::tui;

/// mimalloc instead of the system allocator: training allocates and frees many tensors of a few
/// hundred kilobytes per step, which glibc's malloc hands to mmap and zeroes afresh every time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // forward passes reuse freed tensors' pages; training's many small steps do not need it and
    // would keep ~20 MB more resident (its peak stays under 100 MB without)
    if !matches!(cli.command, Some(Command::Train { .. })) {
        transformer_tutor::model::fast::alloc::keep_freed_memory();
    }
    match run(cli) {
        Ok(Some(signal)) => ExitCode::from((128 + signal) as u8), // the shell's convention for "killed by"
        Ok(None) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Run the command; Some(signal) when the screen was ended by one.
fn run(cli: Cli) -> Result<Option<i32>, String> {
    if cli.command.is_none() {
        return tutor(cli);
    }
    command(cli).map(|()| None)
}

/// A subcommand: trace, export, translate, corpus, train.
fn command(cli: Cli) -> Result<(), String> {
    match cli.command {
        Some(Command::Trace { ref input }) => {
            let (src, tgt) = input.sides()?;
            let setup = Setup::new(&cli.model.source(), &src, tgt.as_ref()).map_err(|e| e.to_string())?;
            warn_unknown(&setup);
            write_out(&trace::trace_text(setup.run().program()))
        }
        Some(Command::Export { ref out, grads, ref input }) => {
            let (src, tgt) = input.sides()?;
            let setup = Setup::new(&cli.model.source(), &src, tgt.as_ref()).map_err(|e| e.to_string())?;
            warn_unknown(&setup);
            if grads {
                let count = export::export_grads(&setup, out)?;
                eprintln!("wrote the loss and {count} weight gradients to {}", out.display());
            } else {
                let mut run = setup.run();
                let count = export::export_trace(&mut run, out)?;
                eprintln!("wrote {count} tensors and the weights to {}", out.display());
            }
            Ok(())
        }
        Some(Command::Translate { ref sentence, attention, temperature, sample_seed }) => {
            let weights = Arc::new(cli.model.source().load().map_err(|e| e.to_string())?);
            let choice = match temperature {
                Some(tenths) => Choice::Sample { tenths, seed: sample_seed },
                None => Choice::Greedy,
            };
            let translation = translate::translate_text(weights, sentence, attention, choice)?;
            for note in &translation.notes {
                eprintln!("note: {note}");
            }
            write_out(&translation.text)?;
            // last, under the translation it is about
            if let Some(warning) = &translation.warning {
                eprintln!("warning: {warning}");
            }
            Ok(())
        }
        Some(Command::Corpus { ref tsv }) => {
            let corpus = transformer_tutor::corpus::generate(transformer_tutor::corpus::DEFAULT_SEED);
            write_out(&corpus::corpus_text(&corpus))?;
            if let Some(path) = tsv {
                std::fs::write(path, corpus.to_tsv()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                eprintln!("wrote {} pairs to {}", corpus.train.len() + corpus.heldout.len(), path.display());
            }
            Ok(())
        }
        Some(Command::Train { ref out, steps, ref eval }) => {
            let corpus = transformer_tutor::corpus::generate(transformer_tutor::corpus::DEFAULT_SEED);
            if let Some(path) = eval {
                let weights = Arc::new(WeightSource::File(path.clone()).load().map_err(|e| e.to_string())?);
                return write_out(&train::eval_text(&weights, &corpus));
            }
            let out = out.as_ref().ok_or("--out FILE.npz is needed: where to write the trained weights")?;
            let defaults = TrainOptions::default();
            let options = TrainOptions {
                steps: steps.unwrap_or(defaults.steps),
                seed: cli.model.seed.unwrap_or(defaults.seed),
                ..defaults
            };
            let stop = Arc::new(AtomicBool::new(false));
            for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
                signal_hook::flag::register(signal, stop.clone()).map_err(|e| format!("cannot watch signals: {e}"))?;
            }
            let terminal = std::io::stdout().is_terminal() && std::io::stdin().is_terminal();
            let message = if terminal {
                train_live::train_live(&corpus, options, out, &stop)?
            } else {
                train::train_plain(&corpus, options, out, &stop)?
            };
            eprint!("{message}");
            Ok(())
        }
        None => Ok(()), // the tutor itself: `run` handles it
    }
}

/// The tutor itself: list, print, or open a lesson on screen.
fn tutor(cli: Cli) -> Result<Option<i32>, String> {
    let progress_path = progress::default_path();
    if cli.reset_progress {
        let path = progress_path.ok_or("no data directory on this system, so there is no saved progress to clear")?;
        match progress::reset(&path)? {
            true => eprintln!("progress cleared: {} now holds none", path.display()),
            false => eprintln!("no saved progress at {}; nothing to clear", path.display()),
        }
        return Ok(None);
    }
    let weights = Arc::new(cli.model.source().load().map_err(|e| e.to_string())?);
    let catalog = match &cli.lessons_dir {
        Some(dir) => Catalog::from_dir(dir, &weights),
        None => Catalog::built_in(&weights),
    }
    .map_err(|e| {
        let layers = weights.config.n_layers;
        let default_model = cli.model.weights.is_none() && cli.model.preset == transformer_tutor::model::Preset::Tutor;
        if e.line == 0 {
            e.to_string()
        } else if default_model || cli.lessons_dir.is_some() {
            format!("{e}\n(the lesson was refused before anything was shown; fix the file and run again)")
        } else {
            format!(
                "{e}\n(the lessons are written for the tutor model, 2 layers; this model has {layers}. \
Run them without --preset/--weights, or give --lessons-dir with lessons for this model)"
            )
        }
    })?;
    if cli.list {
        return write_out(&catalog.list_text()).map(|()| None);
    }
    let index = match &cli.lesson {
        Some(id) => catalog.lessons.iter().position(|l| &l.id == id).ok_or_else(|| catalog.unknown_message(id))?,
        None => 0,
    };
    if catalog.lessons.is_empty() {
        return Err("there are no lessons".into());
    }
    let lessons = Arc::new(catalog.lessons);
    if cli.print {
        let mut app = App::with_lessons(lessons, index, 0, weights, Progress::new(), Screen::Lesson)
            .map_err(|e| e.to_string())?;
        if let Some(src) = &cli.src {
            app.set_sentences(src, cli.tgt.as_deref())?;
        }
        app.pin_what_if(cli.what_if);
        return write_out(&print::lesson_text(&mut app)).map(|()| None);
    }
    if !tui::has_terminal() {
        return Err(tui::no_terminal_message());
    }
    // progress: reported and replaced when unreadable, never fatal
    let (progress_file, progress, note) = match &progress_path {
        Some(path) => {
            let (file, progress, note) = progress::ProgressFile::open(path);
            (Some(file), progress, note)
        }
        None => (None, Progress::new(), Some("no data directory on this system: progress is not saved".into())),
    };
    let mut app = if cli.lesson.is_some() {
        App::with_lessons(lessons, index, 0, weights, progress, Screen::Lesson)
    } else {
        // no arguments: the first lesson not yet finished, at its first unseen beat, with the list shown
        let first_open =
            (0..lessons.len()).find(|&i| progress.lesson_status(&lessons[i]) != progress::Status::Done).unwrap_or(0);
        let beat = progress.lesson_resume_beat(&lessons[first_open]);
        App::with_lessons(lessons, first_open, beat, weights, progress, Screen::List { cursor: first_open })
    }
    .map_err(|e| e.to_string())?;
    if let Some(src) = &cli.src {
        app.set_sentences(src, cli.tgt.as_deref())?;
    }
    app.pin_what_if(cli.what_if);
    if let Some(note) = note {
        app.status = note;
    }
    Ok(match tui::run(app, progress_file)? {
        tui::Ended::Quit => None,
        tui::Ended::Signal(n) => Some(n),
    })
}

/// Write a command's output to stdout; a reader that went away (`| head`) ends it quietly.
fn write_out(text: &str) -> Result<(), String> {
    output::write_stdout(text).map(|_| ())
}

fn warn_unknown(setup: &Setup) {
    for line in setup.unknown_report() {
        eprintln!("note: {line}");
    }
}
