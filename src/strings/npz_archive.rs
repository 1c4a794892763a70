//! Why the arrays of a weights file were not unpacked (`model::npz_guard`'s keys written out):
//! what the archive declares that it cannot hold, and what is wrong with an array's `.npy` header
//! (NumPy's format words, `descr` and `shape`, read the same in both languages).

use std::fmt;

use crate::lang::{Lang, current};
use crate::model::npz_guard::{ArchiveFault, NpyHeaderError};

impl fmt::Display for ArchiveFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match current() {
            Lang::En => archive_en(self, f),
            Lang::Zh => archive_zh(self, f),
        }
    }
}

fn archive_en(fault: &ArchiveFault, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match fault {
        ArchiveFault::Member { index, reason } => write!(f, "cannot read member {index}: {reason}"),
        ArchiveFault::Inflated { name, declared, stored } => {
            write!(f, "array `{name}` claims {declared} bytes unpacked from {stored} stored bytes; the file is damaged")
        }
        ArchiveFault::Unreadable { name, reason } => write!(f, "array `{name}`: {reason}"),
        ArchiveFault::NotNpy { name, reason } => write!(f, "array `{name}`: not a .npy array: {reason}"),
        ArchiveFault::ShapeTooLarge { name, shape } => {
            write!(f, "array `{name}` declares shape {shape:?}, too large to exist")
        }
        ArchiveFault::ShortData { name, shape, data, room } => write!(
            f,
            "array `{name}` declares shape {shape:?} ({data} bytes) but the file holds only {room} bytes of it"
        ),
        ArchiveFault::TooManyArrays { count, most } => {
            write!(f, "the file holds {count} arrays; a weights file holds at most {most}")
        }
        ArchiveFault::UnpacksTooLarge { total, limit } => write!(
            f,
            "its arrays would unpack to {total} bytes, more than the {} this program unpacks; nothing was unpacked",
            super::megabytes(*limit)
        ),
    }
}

fn archive_zh(fault: &ArchiveFault, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match fault {
        ArchiveFault::Member { index, reason } => write!(f, "无法读取第 {index} 个成员：{reason}"),
        ArchiveFault::Inflated { name, declared, stored } => {
            write!(f, "数组 `{name}` 声称由 {stored} 个存储字节解压出 {declared} 个字节；文件已损坏")
        }
        ArchiveFault::Unreadable { name, reason } => write!(f, "数组 `{name}`：{reason}"),
        ArchiveFault::NotNpy { name, reason } => write!(f, "数组 `{name}` 不是 .npy 数组：{reason}"),
        ArchiveFault::ShapeTooLarge { name, shape } => write!(f, "数组 `{name}` 声明的形状 {shape:?} 大到不可能存在"),
        ArchiveFault::ShortData { name, shape, data, room } => {
            write!(f, "数组 `{name}` 声明的形状是 {shape:?}（{data} 字节），但文件里只有它的 {room} 字节")
        }
        ArchiveFault::TooManyArrays { count, most } => {
            write!(f, "文件里有 {count} 个数组；权重文件最多只能有 {most} 个")
        }
        ArchiveFault::UnpacksTooLarge { total, limit } => write!(
            f,
            "它的数组解压后共 {total} 字节，超过本程序解压的上限 {}；什么都没有解压",
            super::megabytes(*limit)
        ),
    }
}

impl fmt::Display for NpyHeaderError {
    /// Why a member is not a `.npy` array, in English in both languages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let zh = current() == Lang::Zh;
        match self {
            NpyHeaderError::NoMagic if zh => f.write_str("没有 .npy 的开头标记"),
            NpyHeaderError::NoMagic => f.write_str("no .npy magic"),
            NpyHeaderError::UnknownVersion(v) if zh => write!(f, "未知的 .npy 版本 {v}"),
            NpyHeaderError::UnknownVersion(v) => write!(f, "unknown .npy version {v}"),
            NpyHeaderError::CutShort if zh => f.write_str("文件头被截断了"),
            NpyHeaderError::CutShort => f.write_str("the header is cut short"),
            NpyHeaderError::NotText if zh => f.write_str("文件头不是文本"),
            NpyHeaderError::NotText => f.write_str("the header is not text"),
            NpyHeaderError::NoDescr if zh => f.write_str("文件头里没有 `descr`"),
            NpyHeaderError::NoDescr => f.write_str("no `descr` in the header"),
            NpyHeaderError::UnknownDtype(descr) if zh => write!(f, "未知的数据类型 {descr}"),
            NpyHeaderError::UnknownDtype(descr) => write!(f, "unknown dtype {descr}"),
            NpyHeaderError::NoShape if zh => f.write_str("文件头里没有 `shape`"),
            NpyHeaderError::NoShape => f.write_str("no `shape` in the header"),
            NpyHeaderError::BadShapeEntry(entry) if zh => write!(f, "形状里的 `{entry}` 不是一个大小"),
            NpyHeaderError::BadShapeEntry(entry) => write!(f, "shape entry `{entry}` is not a size"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::with;

    #[test]
    fn a_npy_headers_faults_are_said_in_both_languages() {
        let fault = NpyHeaderError::BadShapeEntry("x".into());
        assert_eq!(with(Lang::En, || fault.to_string()), "shape entry `x` is not a size");
        assert_eq!(with(Lang::Zh, || fault.to_string()), "形状里的 `x` 不是一个大小");
        assert_eq!(with(Lang::Zh, || NpyHeaderError::NoShape.to_string()), "文件头里没有 `shape`");
    }
}
