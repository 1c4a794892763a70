use clap::Parser;
use std::process::ExitCode;
use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::cli::args::{Cli, Command};
use transformer_tutor::cli::{export, print, trace};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::model::setup::Setup;
use transformer_tutor::model::{Preset, Vocab};
use transformer_tutor::tui;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Some(Command::Trace { input }) => {
            let (src, tgt) = input.sides()?;
            let setup = Setup::new(&cli.model.source(), &src, &tgt).map_err(|e| e.to_string())?;
            warn_unknown(&setup);
            print!("{}", trace::trace_text(setup.run().program()));
            Ok(())
        }
        Some(Command::Export { ref out, ref input }) => {
            let (src, tgt) = input.sides()?;
            let setup = Setup::new(&cli.model.source(), &src, &tgt).map_err(|e| e.to_string())?;
            warn_unknown(&setup);
            let mut run = setup.run();
            let count = export::export_trace(&mut run, out)?;
            eprintln!("wrote {count} tensors and the weights to {}", out.display());
            Ok(())
        }
        None => tutor(cli),
    }
}

/// The tutor itself: list, print, or open a lesson on screen.
fn tutor(cli: Cli) -> Result<(), String> {
    let weights = Arc::new(cli.model.source().load(&Vocab::new()).map_err(|e| e.to_string())?);
    let catalog = match &cli.lessons_dir {
        Some(dir) => Catalog::from_dir(dir, &weights),
        None => Catalog::built_in(&weights),
    }
    .map_err(|e| {
        let layers = weights.config.n_layers;
        let default_model = cli.model.weights.is_none() && cli.model.preset == Preset::Tutor;
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
        print!("{}", catalog.list_text());
        return Ok(());
    }
    let lesson = match &cli.lesson {
        Some(id) => catalog.get(id).ok_or_else(|| catalog.unknown_message(id))?,
        None => catalog.lessons.first().ok_or("there are no lessons")?,
    };
    let mut app = App::new(lesson.clone(), weights).map_err(|e| e.to_string())?;
    if cli.print {
        print!("{}", print::lesson_text(&mut app));
        return Ok(());
    }
    tui::run(app)
}

fn warn_unknown(setup: &Setup) {
    for line in setup.unknown_report() {
        eprintln!("note: {line}");
    }
}
