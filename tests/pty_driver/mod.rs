//! Running a scenario of `driver.py` (the pseudo-terminal driver: the program on a pty of a given

#![allow(dead_code)] // each test binary uses a different part
//! size, keys, resizes, signals, a pty left unread) and reading its `key=value` report. Shared by
//! tests/terminal_bounds.rs and tests/held_lock.rs.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

#[path = "../temp_folder/mod.rs"]
mod temp_folder;
use temp_folder::TempFolder;

pub const BIN: &str = env!("CARGO_BIN_EXE_transformer-tutor");

/// Run `scenario` of the driver on the program with `args`, its data directory `data`.
pub fn drive(scenario: &str, data: &Path, args: &[&str]) -> BTreeMap<String, String> {
    drive_with(scenario, data, args, &[])
}

/// `drive`, with `env` added to the driver's environment.
pub fn drive_with(scenario: &str, data: &Path, args: &[&str], env: &[(&str, &str)]) -> BTreeMap<String, String> {
    let said = drive_raw(scenario, data, args, env);
    said.lines().filter_map(|l| l.split_once('=')).map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// What `scenario` prints, with `env` added to the driver's environment.
pub fn drive_raw(scenario: &str, data: &Path, args: &[&str], env: &[(&str, &str)]) -> String {
    let driver = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pty_driver/driver.py");
    let mut command = Command::new("python3");
    command.arg(driver).arg(scenario).arg(BIN).arg(data).args(args).envs(env.iter().copied());
    let out = command.output().expect("python3 runs");
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{said}{}", String::from_utf8_lossy(&out.stderr));
    said
}

/// A fresh, empty data directory for one test, removed when dropped (the driver has waited for
/// the program by then).
pub fn data_dir(name: &str) -> TempFolder {
    TempFolder::made(&format!("pty-{name}"))
}

/// Raw mode is off: the modes it turns off are on again, as the program left them.
#[track_caller]
pub fn cooked(report: &BTreeMap<String, String>) {
    for mode in ["ICANON", "ECHO", "ISIG", "IEXTEN"] {
        assert!(report["modes"].split(',').any(|m| m == mode), "{mode} is off: {report:?}");
    }
}
