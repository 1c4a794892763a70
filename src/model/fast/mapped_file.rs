//! A weights file mapped into memory, read-only: the one call to memmap2's `Mmap::map`, which is
//! `unsafe`. A model directory's weights (300 MB for a MarianMT model) are read tensor by tensor
//! from the mapping into owned `Vec<f32>`s, so the file is never copied whole into the heap.
//!
//! The pages a reader has copied out are handed back as it goes (`MappedFile::release`, memmap2's
//! `unchecked_advise_range` with `MADV_DONTNEED`, also `unsafe`): otherwise every page read stays
//! resident with the mapping, and reading a 300 MB file peaks at the file plus its copies (twice
//! its size) instead of the copies alone.
//!
//! Like `user_file::read_file`, only a regular file is opened, without blocking (a FIFO in its
//! place cannot hang the open), and only up to a stated size, checked on the file actually opened.

use std::fs::File;
use std::path::Path;

use crate::user_file::ReadFault;

use memmap2::Mmap;

/// A file mapped read-only: its bytes (`Deref` to `[u8]`), and pages given back once read.
#[derive(Debug)]
pub struct MappedFile {
    map: Mmap,
}

impl std::ops::Deref for MappedFile {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.map
    }
}

impl MappedFile {
    /// Tell the system that `part`, bytes of this mapping, has been read: the pages it covers (a
    /// partly covered page at either end too) leave this process's resident memory, and the page
    /// cache keeps them. Reading them again reads the same bytes again, from the page cache or the
    /// disk. A slice that is not part of the mapping (bytes inflated elsewhere) is ignored, and so
    /// is the system's refusal: this is advice, the bytes are the same either way.
    pub fn release(&self, part: &[u8]) {
        let (base, at) = (self.map.as_ptr() as usize, part.as_ptr() as usize);
        let Some(offset) = at.checked_sub(base) else { return };
        if part.is_empty() || offset.checked_add(part.len()).is_none_or(|end| end > self.map.len()) {
            return;
        }
        dont_need(&self.map, offset, part.len());
    }
}

/// The pages of `map` from byte `offset`, `len` bytes (both within the mapping), dropped from
/// this process's resident memory.
#[cfg(unix)]
fn dont_need(map: &Mmap, offset: usize, len: usize) {
    // SAFETY: memmap2 makes `MADV_DONTNEED` unsafe because on a private mapping it discards the
    // process's own copies of the pages (written ones, or anonymous memory), so that what a live
    // `&[u8]` shows would change to the file's bytes or to zeros. `Mmap::map` maps the file
    // read-only and shared (`PROT_READ`, `MAP_SHARED`): nothing in it was ever written, every
    // page is the page cache's page of the file, and `MADV_DONTNEED` only takes the page out of
    // this process's page table. The next read faults the same page of the same file back in, so
    // every byte a borrow of the mapping reads is what it read before, under the contract `map`
    // states below (nobody else changes the file meanwhile), which this call does not widen.
    // `offset` and `len` lie within the mapping (checked by `release`, and again by memmap2).
    let _ = unsafe { map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, offset, len) };
}

#[cfg(not(unix))]
fn dont_need(_map: &Mmap, _offset: usize, _len: usize) {}

/// The file at `path` mapped read-only: a regular file of at most `limit` bytes. The mapping is
/// unmapped when the `MappedFile` is dropped; the file itself is closed at once (the mapping keeps
/// it).
pub fn map_file(path: &Path, limit: u64) -> Result<MappedFile, ReadFault> {
    let (file, _) = crate::user_file::open_regular(path, limit)?;
    map(&file).map(|map| MappedFile { map }).map_err(ReadFault::CannotRead)
}

/// `file`'s bytes, mapped read-only.
fn map(file: &File) -> std::io::Result<Mmap> {
    // SAFETY: `Mmap::map` is unsafe because the mapped bytes are shared with the file: another
    // process that writes to or truncates the file while it is mapped changes the `&[u8]` under
    // the reader (or makes reading a page that is gone raise SIGBUS). `file` was opened read-only
    // and checked to be a regular file; this program never writes to a weights file, and holds
    // the mapping only while the file's tensors are copied out (`marian::state_dict`). A file
    // changed by someone else during those seconds is outside what any reader can guard against,
    // the same contract every memory-mapped safetensors reader makes; every length and offset read
    // from the bytes is still checked before it is used, so changed bytes give a refusal or other
    // numbers, never a read outside the mapping.
    unsafe { Mmap::map(file) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file_kind::NotRegular;

    #[test]
    fn a_regular_file_is_mapped_and_anything_else_refused() {
        let dir = crate::temp_folder::TempFolder::made("mapped");
        let p = dir.join("w.bin");
        std::fs::write(&p, b"weights").unwrap();
        assert_eq!(&map_file(&p, 7).unwrap()[..], b"weights");
        assert!(matches!(map_file(&p, 6), Err(ReadFault::TooLarge { size: 7, limit: 6 })));
        assert!(matches!(map_file(&dir, 1 << 20), Err(ReadFault::NotRegular(NotRegular::Directory))));
        assert!(matches!(map_file(&dir.join("absent"), 1), Err(ReadFault::CannotOpen(_))));
        assert!(matches!(map_file(Path::new("/dev/zero"), 1 << 20), Err(ReadFault::NotRegular(NotRegular::Device))));
        std::fs::write(&p, b"").unwrap();
        assert!(map_file(&p, 7).unwrap().is_empty());
    }

    #[test]
    fn released_pages_read_the_same_bytes_again() {
        let dir = crate::temp_folder::TempFolder::made("mapped-release");
        let p = dir.join("w.bin");
        let bytes: Vec<u8> = (0..3 * 4096 + 100).map(|i| (i * 7 % 251) as u8).collect();
        std::fs::write(&p, &bytes).unwrap();
        let map = map_file(&p, 1 << 20).unwrap();
        assert_eq!(&map[..], &bytes[..]);
        map.release(&map[100..5000]);
        map.release(&map[..]);
        map.release(&map[map.len()..]);
        map.release(&bytes[..]); // not the mapping's: ignored
        map.release(&bytes[bytes.len() - 10..]);
        assert_eq!(&map[..], &bytes[..]);
    }
}
