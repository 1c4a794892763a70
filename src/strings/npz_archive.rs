//! Why the arrays of a weights file were not unpacked (`model::npz_guard`'s keys written out):
//! what the archive declares that it cannot hold, and what is wrong with an array's `.npy` header
//! (NumPy's format words, `descr` and `shape`, read the same in every language).

use std::fmt;

use crate::lang::{message, message_with};
use crate::model::npz_guard::{ArchiveFault, NpyHeaderError};

impl fmt::Display for ArchiveFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            ArchiveFault::Member { index, reason } => {
                message_with("npz-member-unread", &[("index", index), ("reason", reason)])
            }
            ArchiveFault::Inflated { name, declared, stored } => {
                message_with("npz-inflated", &[("name", name), ("declared", declared), ("stored", stored)])
            }
            ArchiveFault::Unreadable { name, reason } => {
                message_with("npz-unreadable", &[("name", name), ("reason", reason)])
            }
            ArchiveFault::NotNpy { name, reason } => message_with("npz-not-npy", &[("name", name), ("reason", reason)]),
            ArchiveFault::ShapeTooLarge { name, shape } => {
                message_with("npz-shape-too-large", &[("name", name), ("shape", &format!("{shape:?}"))])
            }
            ArchiveFault::ShortData { name, shape, data, room } => message_with(
                "npz-short-data",
                &[("name", name), ("shape", &format!("{shape:?}")), ("data", data), ("room", room)],
            ),
            ArchiveFault::TooManyArrays { count, most } => {
                message_with("npz-too-many-arrays", &[("count", count), ("most", most)])
            }
            ArchiveFault::UnpacksTooLarge { total, limit } => {
                message_with("npz-unpacks-too-large", &[("total", total), ("limit", &super::megabytes(*limit))])
            }
        };
        f.write_str(&text)
    }
}

impl fmt::Display for NpyHeaderError {
    /// Why a member is not a `.npy` array.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            NpyHeaderError::NoMagic => message("npy-no-magic").to_string(),
            NpyHeaderError::UnknownVersion(v) => message_with("npy-unknown-version", &[("version", v)]),
            NpyHeaderError::CutShort => message("npy-cut-short").to_string(),
            NpyHeaderError::NotText => message("npy-not-text").to_string(),
            NpyHeaderError::NoDescr => message("npy-no-descr").to_string(),
            NpyHeaderError::UnknownDtype(descr) => message_with("npy-unknown-dtype", &[("descr", descr)]),
            NpyHeaderError::NoShape => message("npy-no-shape").to_string(),
            NpyHeaderError::BadShapeEntry(entry) => message_with("npy-bad-shape-entry", &[("entry", entry)]),
        };
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{Lang, with};

    #[test]
    fn a_npy_headers_faults_are_said_in_both_languages() {
        let fault = NpyHeaderError::BadShapeEntry("x".into());
        assert_eq!(with(Lang::En, || fault.to_string()), "shape entry `x` is not a size");
        assert_eq!(with(Lang::Zh, || fault.to_string()), "形状里的 `x` 不是一个大小");
        assert_eq!(with(Lang::Zh, || NpyHeaderError::NoShape.to_string()), "文件头里没有 `shape`");
    }
}
