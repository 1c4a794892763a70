use clap::Parser;
use std::process::ExitCode;
use transformer_tutor::cli::args::{Cli, Command};
use transformer_tutor::cli::{export, trace};
use transformer_tutor::model::setup::Setup;

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
        Some(Command::Trace { model, input }) => {
            let setup = Setup::new(&model.source(), &input.src(), &input.tgt()).map_err(|e| e.to_string())?;
            print!("{}", trace::trace_text(setup.run().program()));
            Ok(())
        }
        Some(Command::Export { out, model, input }) => {
            let setup = Setup::new(&model.source(), &input.src(), &input.tgt()).map_err(|e| e.to_string())?;
            let mut run = setup.run();
            let count = export::export_trace(&mut run, &out)?;
            eprintln!("wrote {count} tensors and the weights to {}", out.display());
            Ok(())
        }
        None => Err("the tutor screen is not built yet".into()),
    }
}
