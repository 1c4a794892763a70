//! A test's temporary folder, `tt-NAME-PID` in the system's temp dir: made empty when the test
//! asks for it and removed when the guard is dropped, so that test runs leave no folders behind.

#![allow(dead_code)] // each test binary uses its own part of it

use std::ffi::OsStr;
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// A folder removed (with everything in it) when dropped.
pub struct TempFolder(PathBuf);

impl TempFolder {
    /// `tt-{name}-{pid}` in the temp dir, removed first if an earlier run left it, not created.
    pub fn named(name: &str) -> TempFolder {
        let dir = std::env::temp_dir().join(format!("tt-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        TempFolder(dir)
    }

    /// The same, created empty.
    pub fn made(name: &str) -> TempFolder {
        let dir = TempFolder::named(name);
        std::fs::create_dir_all(&dir.0).unwrap();
        dir
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Deref for TempFolder {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempFolder {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<OsStr> for TempFolder {
    fn as_ref(&self) -> &OsStr {
        self.0.as_os_str()
    }
}
