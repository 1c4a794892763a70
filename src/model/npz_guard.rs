//! Before any array of an `.npz` is read, check what its header declares against what the file
//! holds: a header claiming a shape of 10¹⁴ floats would otherwise make the reader allocate that
//! much and abort the process. Each `.npy` member's declared data size must fit in the member's
//! uncompressed size, and that size must be one deflate could have produced from the bytes
//! actually stored (deflate expands at most about 1032:1). And the whole archive, before
//! anything in it is inflated: at most `MAX_MEMBERS` arrays, unpacking to at most
//! `user_file::WEIGHTS_LIMIT` bytes together (a 4 MB file of one deflated array of zeros would
//! otherwise unpack to 4 GB).

use crate::lang::pick;
use std::io::Read;

/// The most one compressed byte can expand to, with room to spare.
const MAX_EXPANSION: u64 = 1100;

/// The most arrays a weights file may hold: the built-in model's `export` holds under 300.
pub const MAX_MEMBERS: usize = 4096;

/// Check the archive in `bytes` as a whole, then every member; the error names the array.
pub fn check_declared_sizes(bytes: &[u8]) -> Result<(), String> {
    // not a zip at all: the reader that follows says so in its own words
    let Ok(mut archive) = zip::ZipArchive::new(std::io::Cursor::new(bytes)) else { return Ok(()) };
    check_total(&mut archive, crate::user_file::WEIGHTS_LIMIT)?;
    for i in 0..archive.len() {
        let mut member = archive
            .by_index(i)
            .map_err(|e| pick(format!("cannot read member {i}: {e}"), format!("无法读取第 {i} 个成员：{e}")))?;
        let name = crate::text::escape_controls(member.name().trim_end_matches(".npy"), false);
        let (stored, declared) = (member.compressed_size(), member.size());
        if declared > stored.saturating_mul(MAX_EXPANSION).saturating_add(4096) {
            return Err(pick(
                format!(
                    "array `{name}` claims {declared} bytes unpacked from {stored} stored bytes; the file is damaged"
                ),
                format!("数组 `{name}` 声称由 {stored} 个存储字节解压出 {declared} 个字节；文件已损坏"),
            ));
        }
        let mut head = Vec::new();
        (&mut member)
            .take(65_536 + 12)
            .read_to_end(&mut head)
            .map_err(|e| pick(format!("array `{name}`: {e}"), format!("数组 `{name}`：{e}")))?;
        let header = NpyHeader::parse(&head).map_err(|e| {
            pick(format!("array `{name}`: not a .npy array: {e}"), format!("数组 `{name}` 不是 .npy 数组：{e}"))
        })?;
        let data = header.data_bytes().ok_or_else(|| {
            let shape = &header.shape;
            pick(
                format!("array `{name}` declares shape {shape:?}, too large to exist"),
                format!("数组 `{name}` 声明的形状 {shape:?} 大到不可能存在"),
            )
        })?;
        let room = declared.saturating_sub(header.header_len as u64);
        if data > room {
            let shape = &header.shape;
            return Err(pick(
                format!(
                    "array `{name}` declares shape {shape:?} ({data} bytes) but the file holds only {room} bytes of it"
                ),
                format!("数组 `{name}` 声明的形状是 {shape:?}（{data} 字节），但文件里只有它的 {room} 字节"),
            ));
        }
    }
    Ok(())
}

/// At most `MAX_MEMBERS` members, declaring at most `limit` unpacked bytes together: read from
/// the archive's directory, nothing inflated.
fn check_total<R: std::io::Read + std::io::Seek>(archive: &mut zip::ZipArchive<R>, limit: u64) -> Result<(), String> {
    if archive.len() > MAX_MEMBERS {
        let n = archive.len();
        return Err(pick(
            format!("the file holds {n} arrays; a weights file holds at most {MAX_MEMBERS}"),
            format!("文件里有 {n} 个数组；权重文件最多只能有 {MAX_MEMBERS} 个"),
        ));
    }
    let mut total: u64 = 0;
    for i in 0..archive.len() {
        let member = archive
            .by_index_raw(i)
            .map_err(|e| pick(format!("cannot read member {i}: {e}"), format!("无法读取第 {i} 个成员：{e}")))?;
        total = total.saturating_add(member.size());
    }
    if total > limit {
        let most = crate::user_file::megabytes(limit);
        return Err(pick(
            format!(
                "its arrays would unpack to {total} bytes, more than the {most} this program unpacks; nothing was unpacked"
            ),
            format!("它的数组解压后共 {total} 字节，超过本程序解压的上限 {most}；什么都没有解压"),
        ));
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
    pub fn parse(bytes: &[u8]) -> Result<NpyHeader, String> {
        if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
            return Err("no .npy magic".into());
        }
        let (text_len, start) = match bytes[6] {
            1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
            2 | 3 if bytes.len() >= 12 => (u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize, 12),
            v => return Err(format!("unknown .npy version {v}")),
        };
        let text = bytes.get(start..start + text_len).ok_or("the header is cut short")?;
        let text = std::str::from_utf8(text).map_err(|_| "the header is not text")?;
        let descr = dict_value(text, "descr").ok_or("no `descr` in the header")?;
        let item_bytes: u64 = descr
            .trim_matches(|c| c == '\'' || c == '"' || c == ' ')
            .trim_start_matches(['<', '>', '|', '='])
            .get(1..)
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("unknown dtype {descr}"))?;
        let shape_text = dict_value(text, "shape").ok_or("no `shape` in the header")?;
        let inner = shape_text.trim().trim_start_matches('(').trim_end_matches(')');
        let shape = inner
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<u64>().map_err(|_| format!("shape entry `{s}` is not a size")))
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
