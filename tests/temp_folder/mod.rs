//! A test's temporary folder, `tt-NAME-PID` in the system's temp dir: made empty when the test
//! asks for it and removed when the guard is dropped, so that test runs leave no folders behind.

#![allow(dead_code)] // each test binary uses its own part of it

use std::ffi::OsStr;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// A path called `name` (nothing made there yet) in a folder of its own, `tt-PREFIX-N-PID` with
/// N counted in this process, removed with whatever the test made at the path when this is
/// dropped: keep it while the path is in use.
pub struct TempPath {
    path: PathBuf,
    _folder: TempFolder,
}

impl TempPath {
    pub fn new(prefix: &str, name: &str) -> TempPath {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let folder = TempFolder::made(&format!("{prefix}-{}", NEXT.fetch_add(1, Ordering::Relaxed)));
        TempPath { path: folder.join(name), _folder: folder }
    }

    /// The path as text (for an argument), still removed only when that is dropped.
    pub fn text(self) -> TempText {
        TempText { text: self.path.to_str().expect("temp paths are UTF-8").to_string(), _path: self }
    }
}

impl Deref for TempPath {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempPath {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<OsStr> for TempPath {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}

/// A `TempPath` as text; its folder is removed when this is dropped.
pub struct TempText {
    text: String,
    _path: TempPath,
}

impl TempText {
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl Deref for TempText {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}
