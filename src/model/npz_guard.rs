//! Before any array of an `.npz` is read, check what its header declares against what the file
//! holds: a header claiming a shape of 10¹⁴ floats would otherwise make the reader allocate that
//! much and abort the process. Each `.npy` member's declared data size must fit in the member's
//! uncompressed size, and that size must be one deflate could have produced from the bytes
//! actually stored (deflate expands at most about 1032:1). And the whole archive, before
//! anything in it is inflated: at most `MAX_MEMBERS` arrays, unpacking to at most
//! `user_file::WEIGHTS_LIMIT` bytes together (a 4 MB file of one deflated array of zeros would
//! otherwise unpack to 4 GB).
//!
//! A refusal is a key (`ArchiveFault`, `NpyHeaderError`): `strings` says it.

use super::npz_layout::NPY;
use std::io::Read;

/// The most one compressed byte can expand to, with room to spare.
pub(crate) const MAX_EXPANSION: u64 = 1100;

/// The most arrays a weights file may hold: the built-in model's `export` holds under 300, a
/// 90-layer model's 9,204 (`export` refuses to write more than this, so what it writes reads back).
pub const MAX_MEMBERS: usize = 65_536;

/// The first bytes of a `.npy`, and the keys of its header that give the data's size.
const MAGIC: &[u8] = b"\x93NUMPY";
const DESCR: &str = "descr";
const SHAPE: &str = "shape";

/// What the archive's directory or a member's header declares that the file cannot hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArchiveFault {
    /// The zip reader could not read member `index`: its words.
    Member { index: usize, reason: String },
    /// Array `name` claims `declared` unpacked bytes from `stored` bytes, more than deflate makes.
    Inflated { name: String, declared: u64, stored: u64 },
    /// Reading the start of array `name` failed: the reader's words.
    Unreadable { name: String, reason: String },
    /// Array `name` does not begin with a `.npy` header.
    NotNpy { name: String, reason: NpyHeaderError },
    /// Array `name` declares a shape whose size overflows 64 bits.
    ShapeTooLarge { name: String, shape: Vec<u64> },
    /// Array `name` declares `data` bytes of `shape` but holds only `room`.
    ShortData { name: String, shape: Vec<u64>, data: u64, room: u64 },
    /// The archive holds `count` arrays, more than `most`.
    TooManyArrays { count: usize, most: usize },
    /// The arrays would unpack to `total` bytes, more than `limit`; nothing was unpacked.
    UnpacksTooLarge { total: u64, limit: u64 },
}

/// Why the start of a member is not a `.npy` header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NpyHeaderError {
    /// It does not begin with `\x93NUMPY` and a version.
    NoMagic,
    /// A format version other than 1, 2 and 3.
    UnknownVersion(u8),
    /// The header is shorter than its length field says.
    CutShort,
    /// The header is not UTF-8 text.
    NotText,
    /// The header has no `descr` (the dtype).
    NoDescr,
    /// A dtype whose item size cannot be read: the `descr` as written.
    UnknownDtype(String),
    /// The header has no `shape`.
    NoShape,
    /// An entry of the shape that is not a size, as written.
    BadShapeEntry(String),
}

impl std::error::Error for ArchiveFault {}
impl std::error::Error for NpyHeaderError {}

/// Check the archive in `bytes` as a whole, then every member; the error names the array.
pub fn check_declared_sizes(bytes: &[u8]) -> Result<(), ArchiveFault> {
    // not a zip at all: the reader that follows says so in its own words
    let Ok(mut archive) = zip::ZipArchive::new(std::io::Cursor::new(bytes)) else { return Ok(()) };
    check_total(&mut archive, crate::user_file::WEIGHTS_LIMIT)?;
    for i in 0..archive.len() {
        let mut member = archive.by_index(i).map_err(|e| ArchiveFault::Member { index: i, reason: e.to_string() })?;
        let name = crate::text::escape_controls(member.name().trim_end_matches(NPY), false);
        let (stored, declared) = (member.compressed_size(), member.size());
        if declared > stored.saturating_mul(MAX_EXPANSION).saturating_add(4096) {
            return Err(ArchiveFault::Inflated { name, declared, stored });
        }
        let mut head = Vec::new();
        if let Err(e) = (&mut member).take(65_536 + 12).read_to_end(&mut head) {
            return Err(ArchiveFault::Unreadable { name, reason: e.to_string() });
        }
        let header = match NpyHeader::parse(&head) {
            Ok(header) => header,
            Err(reason) => return Err(ArchiveFault::NotNpy { name, reason }),
        };
        let Some(data) = header.data_bytes() else {
            return Err(ArchiveFault::ShapeTooLarge { name, shape: header.shape });
        };
        let room = declared.saturating_sub(header.header_len as u64);
        if data > room {
            return Err(ArchiveFault::ShortData { name, shape: header.shape, data, room });
        }
    }
    Ok(())
}

/// At most `MAX_MEMBERS` members, declaring at most `limit` unpacked bytes together: read from
/// the archive's directory, nothing inflated.
fn check_total<R: std::io::Read + std::io::Seek>(
    archive: &mut zip::ZipArchive<R>,
    limit: u64,
) -> Result<(), ArchiveFault> {
    if archive.len() > MAX_MEMBERS {
        return Err(ArchiveFault::TooManyArrays { count: archive.len(), most: MAX_MEMBERS });
    }
    let mut total: u64 = 0;
    for i in 0..archive.len() {
        let member = archive.by_index_raw(i).map_err(|e| ArchiveFault::Member { index: i, reason: e.to_string() })?;
        total = total.saturating_add(member.size());
    }
    if total > limit {
        return Err(ArchiveFault::UnpacksTooLarge { total, limit });
    }
    Ok(())
}

/// The part of a `.npy` header that says how big the data is.
#[derive(Debug, PartialEq)]
pub struct NpyHeader {
    pub item_bytes: u64,
    pub shape: Vec<u64>,
    /// Bytes before the data: magic, version, length field and the header text.
    pub header_len: usize,
}

impl NpyHeader {
    /// Parse the magic, version and header dictionary at the start of a `.npy`.
    pub fn parse(bytes: &[u8]) -> Result<NpyHeader, NpyHeaderError> {
        if bytes.len() < 10 || &bytes[..6] != MAGIC {
            return Err(NpyHeaderError::NoMagic);
        }
        let (text_len, start) = match bytes[6] {
            1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
            2 | 3 if bytes.len() >= 12 => (u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize, 12),
            v => return Err(NpyHeaderError::UnknownVersion(v)),
        };
        let text = bytes.get(start..start + text_len).ok_or(NpyHeaderError::CutShort)?;
        let text = std::str::from_utf8(text).map_err(|_| NpyHeaderError::NotText)?;
        let descr = dict_value(text, DESCR).ok_or(NpyHeaderError::NoDescr)?;
        let item_bytes: u64 = descr
            .trim_matches(|c| c == '\'' || c == '"' || c == ' ')
            .trim_start_matches(['<', '>', '|', '='])
            .get(1..)
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| NpyHeaderError::UnknownDtype(descr.to_string()))?;
        let shape_text = dict_value(text, SHAPE).ok_or(NpyHeaderError::NoShape)?;
        let inner = shape_text.trim().trim_start_matches('(').trim_end_matches(')');
        let shape = inner
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<u64>().map_err(|_| NpyHeaderError::BadShapeEntry(s.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(NpyHeader { item_bytes, shape, header_len: start + text_len })
    }

    /// The data size the header declares, or None when it overflows.
    pub fn data_bytes(&self) -> Option<u64> {
        self.shape.iter().try_fold(self.item_bytes, |acc, &d| acc.checked_mul(d))
    }
}

/// The text of `key`'s value in a Python dict literal: up to the next top-level comma or brace.
fn dict_value<'a>(dict: &'a str, key: &str) -> Option<&'a str> {
    let at = dict.find(&format!("'{key}'")).or_else(|| dict.find(&format!("\"{key}\"")))?;
    let rest = &dict[at + key.len() + 2..];
    let rest = rest.trim_start().strip_prefix(':')?.trim_start();
    let mut depth = 0;
    for (i, c) in rest.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&rest[..=i]);
                }
            }
            ',' | '}' if depth == 0 => return Some(&rest[..i]),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn npy(header: &str) -> Vec<u8> {
        let mut b = b"\x93NUMPY\x01\x00".to_vec();
        b.extend((header.len() as u16).to_le_bytes());
        b.extend(header.as_bytes());
        b
    }

    #[test]
    fn headers_give_their_data_size() {
        let h = NpyHeader::parse(&npy("{'descr': '<f4', 'fortran_order': False, 'shape': (71, 32), }")).unwrap();
        assert_eq!((h.item_bytes, h.shape.clone(), h.data_bytes()), (4, vec![71, 32], Some(71 * 32 * 4)));
        let s = NpyHeader::parse(&npy("{'descr': '<i8', 'fortran_order': False, 'shape': (), }")).unwrap();
        assert_eq!(s.data_bytes(), Some(8));
        let v = NpyHeader::parse(&npy("{'descr': '|u1', 'fortran_order': False, 'shape': (300,), }")).unwrap();
        assert_eq!(v.data_bytes(), Some(300));
        let huge = NpyHeader::parse(&npy("{'descr': '<f4', 'shape': (18446744073709551615, 2), }")).unwrap();
        assert_eq!(huge.data_bytes(), None);
    }

    #[test]
    fn malformed_headers_are_errors_not_panics() {
        for bad in [&b""[..], b"\x93NUMPY", b"\x93NUMPY\x09\x00\x00\x00", b"PK\x03\x04garbage"] {
            assert!(NpyHeader::parse(bad).is_err());
        }
        assert!(NpyHeader::parse(&npy("{'descr': '<f4', 'shape': (a, 2)}")).is_err());
        assert!(NpyHeader::parse(&npy("{'shape': (2,)}")).is_err());
    }
}
