//! A Hugging Face model directory's weights as a state dict: every tensor of its weights file by
//! its PyTorch name (`model.encoder.layers.0.fc1.weight`), as row-major `f32`s.
//!
//! The directory's `model.safetensors` is read if it is there (`safetensors_file`), else its
//! `pytorch_model.bin` (`torch_pickle`, both of torch's formats). The file is memory-mapped and
//! every tensor copied out of the mapping into its own `Vec<f32>`, converted from float16 or
//! bfloat16 where it is stored so; other dtypes are refused. Each part of the mapping copied out
//! is released at once (`MappedFile::release`), so reading peaks at about the copies, not the file
//! plus the copies. Nothing a file declares is allocated before it is checked against what the
//! file can hold (`Budget`). Whether the numbers are finite is the loader's check, not this
//! module's.
//!
//! `read_weights_skipping` leaves out the tensors a loader does not need (a Marian checkpoint's
//! tied copies of its embeddings, its sinusoidal position tables): they are checked as every
//! tensor is (dtype, shape, range in the file), never copied, converted or allocated.
//!
//! A refusal is a key (`StateDictError`, `FileFault`, `TorchFault`): `strings::weights_dir` says
//! it in the learner's language.

use std::collections::BTreeMap;
use std::path::Path;

use super::{safetensors_file, torch_pickle};
use crate::model::fast::mapped_file::map_file;
use crate::user_file::ReadFault;

/// The weights file of a directory saved by `save_pretrained` with safetensors (the default).
pub const SAFETENSORS_FILE: &str = "model.safetensors";
/// The weights file of a directory saved by `torch.save` (older checkpoints, as on the Hub).
pub const TORCH_FILE: &str = "pytorch_model.bin";
/// The largest weights file read: opus-mt-zh-en's is 300 MB, the big Marian models about 1 GB.
pub const WEIGHTS_DIR_LIMIT: u64 = 4 << 30;
/// The most f32 elements a weights file may give per byte of file, counting the tensors read (not
/// those skipped): float16 doubles in size, and a storage that several names share (a Marian
/// checkpoint's tied embeddings, under four names) is copied for each name read. Eight bytes of
/// memory per byte of file at most, whatever a hostile file declares.
pub const ELEMENTS_PER_FILE_BYTE: u64 = 2;
/// Bytes converted between two releases of the mapping's pages (a 133 MB embedding matrix is
/// never resident twice), and the parts the threads take: 1 MB, whose float32s stay in the
/// core's cache between their zeroing and their conversion.
const RELEASE_CHUNK: usize = 1 << 20;

/// One tensor: its sizes and its elements, row-major and contiguous.
#[derive(Debug, Clone, PartialEq)]
pub struct Tensor {
    pub shape: Vec<usize>,
    pub data: Vec<f32>,
}

/// Which file, in which format, the tensors were read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WeightsFormat {
    /// `model.safetensors`.
    Safetensors,
    /// `pytorch_model.bin` as torch 1.6 and later write it: a zip of a pickle and raw storages.
    TorchZip,
    /// `pytorch_model.bin` in torch's older format: pickles and storages one after another.
    TorchLegacy,
}

/// Every tensor of a weights file, by name.
#[derive(Debug, Clone, PartialEq)]
pub struct StateDict {
    pub format: WeightsFormat,
    pub tensors: BTreeMap<String, Tensor>,
}

impl StateDict {
    /// The tensor `name`, removed from the dict: a loader moves its data instead of copying it.
    pub fn take(&mut self, name: &str) -> Option<Tensor> {
        self.tensors.remove(name)
    }

    /// The names of the tensors still in the dict, in sorted order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.tensors.keys().map(String::as_str)
    }
}

/// Why a directory's weights were not read.
#[derive(Debug)]
pub enum StateDictError {
    /// The directory `dir` holds neither `SAFETENSORS_FILE` nor `TORCH_FILE`.
    NoWeightsFile { dir: String },
    /// The weights file at `path` was not read: not a regular file, too large, or the system's
    /// error.
    Unread { path: String, reason: ReadFault },
    /// The weights file at `path` holds what a state dict of tensors must not.
    Content { path: String, fault: FileFault },
}

impl std::error::Error for StateDictError {}

/// What a weights file holds that is not a state dict this program reads.
#[derive(Debug, Clone, PartialEq)]
pub enum FileFault {
    /// `model.safetensors` is not a safetensors file: the safetensors crate's words.
    NotSafetensors { reason: String },
    /// `pytorch_model.bin` is not a file torch wrote, or not a state dict.
    NotTorch(TorchFault),
    /// The pickle uses opcode `opcode` (its name in Python's `pickletools`; `None` for a byte
    /// that is no opcode), byte value `byte`, at byte `at` of the pickle stream: something a
    /// state dict of tensors never needs.
    OpcodeNotAllowed { opcode: Option<&'static str>, byte: u8, at: u64 },
    /// The pickle names `global` (`module.name`, as `os.system`), which a state dict never needs.
    GlobalNotAllowed { global: String },
    /// The tensor `tensor` is stored as `dtype` (as the file names it: `I64`, `torch.LongStorage`),
    /// not float32, float16 or bfloat16.
    UnsupportedDtype { tensor: String, dtype: String },
    /// The tensor `tensor`'s elements lie (partly) outside its storage or the file.
    OutsideStorage { tensor: String },
    /// The file ends before what it declares does.
    Truncated,
    /// The tensor `tensor` claims `elements` elements; at most `room` could come from this file.
    TooLarge { tensor: String, elements: u64, room: u64 },
}

/// Why `pytorch_model.bin` is not a state dict torch wrote.
#[derive(Debug, Clone, PartialEq)]
pub enum TorchFault {
    /// It begins as a zip, but the zip reader refused it: the reader's words.
    Zip(String),
    /// The zip holds no `<archive>/data.pkl`.
    NoDataPkl,
    /// The file says its storages are in this byte order (`big`), not little-endian.
    ByteOrder(String),
    /// Neither a zip nor torch's older format (its first pickle is not torch's magic number).
    NoMagic,
    /// Torch's older format, but of protocol version `0`, not 1001.
    LegacyVersion(i128),
    /// A tensor's storage `key` is not in the file.
    MissingStorage { key: String },
    /// The older format lists storage `key`, which no tensor uses: its size cannot be known.
    UnknownStorage { key: String },
    /// The pickle's result is not a dict of names to tensors; `name` is the first entry that is
    /// not a name and a tensor, if the result is a dict at all.
    NotStateDict { name: Option<String> },
    /// The opcode `opcode` at byte `at` of the pickle stream does not fit what comes before it
    /// (an empty stack, a missing memo entry, a value of the wrong kind): a damaged file.
    Malformed { opcode: &'static str, at: u64 },
}

impl From<TorchFault> for FileFault {
    fn from(fault: TorchFault) -> FileFault {
        FileFault::NotTorch(fault)
    }
}

/// The weights of the model directory `dir`: its `model.safetensors`, or else its
/// `pytorch_model.bin`.
pub fn read_weights(dir: &Path) -> Result<StateDict, StateDictError> {
    read_weights_skipping(dir, &|_| false)
}

/// The weights of the model directory `dir` (as `read_weights`), but for the tensors whose names
/// `skip` accepts: those are checked as the others are and left out of the dict, never copied.
pub fn read_weights_skipping(dir: &Path, skip: &dyn Fn(&str) -> bool) -> Result<StateDict, StateDictError> {
    let safetensors = dir.join(SAFETENSORS_FILE);
    let torch = dir.join(TORCH_FILE);
    let (path, is_safetensors) = if present(&safetensors) {
        (safetensors, true)
    } else if present(&torch) {
        (torch, false)
    } else {
        return Err(StateDictError::NoWeightsFile { dir: shown(dir) });
    };
    let map =
        map_file(&path, WEIGHTS_DIR_LIMIT).map_err(|reason| StateDictError::Unread { path: shown(&path), reason })?;
    let reading = Reading { skip, release: &|part| map.release(part) };
    let read = if is_safetensors {
        safetensors_file::read_with(&map, &reading)
            .map(|tensors| StateDict { format: WeightsFormat::Safetensors, tensors })
    } else {
        torch_pickle::read_with(&map, &reading).map(|(format, tensors)| StateDict { format, tensors })
    };
    drop(map);
    read.map_err(|fault| StateDictError::Content { path: shown(&path), fault })
}

/// How a file's bytes are read: which tensors are left out, and what is told of each part of the
/// bytes once copied out (the mapping's pages released).
pub struct Reading<'a> {
    /// Whether the tensor of this name is left out.
    pub skip: &'a dyn Fn(&str) -> bool,
    /// Called with each part of the bytes once it has been copied out (on any of the engine's
    /// threads).
    pub release: &'a (dyn Fn(&[u8]) + Sync),
}

impl Reading<'static> {
    /// Every tensor, nothing released (bytes in memory, as the tests give them).
    pub const ALL: Reading<'static> = Reading { skip: &|_| false, release: &|_| {} };
}

/// Whether something is at `path` (a broken link too: opening it then says what is wrong).
fn present(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// A path as messages show it, control characters escaped.
fn shown(path: &Path) -> String {
    crate::text::escape_controls(&path.display().to_string(), false)
}

/// How many more f32 elements a file may still give (`ELEMENTS_PER_FILE_BYTE` per byte of file),
/// taken from before each tensor is allocated.
#[derive(Debug)]
pub(super) struct Budget {
    left: u64,
}

impl Budget {
    /// The budget of a file of `len` bytes.
    pub(super) fn for_file(len: usize) -> Budget {
        Budget { left: (len as u64).saturating_mul(ELEMENTS_PER_FILE_BYTE) }
    }

    /// Take `elements` for the tensor `tensor`, which its storage says could hold `room`; refused
    /// if either is exceeded.
    pub(super) fn take(&mut self, tensor: &str, elements: u64, room: u64) -> Result<(), FileFault> {
        let room = room.min(self.left);
        if elements > room {
            return Err(FileFault::TooLarge { tensor: tensor.to_string(), elements, room });
        }
        self.left -= elements;
        Ok(())
    }
}

/// The number of elements of a tensor of `shape`, if it fits in 64 bits.
pub(super) fn element_count(shape: &[u64]) -> Option<u64> {
    shape.iter().try_fold(1u64, |n, &d| n.checked_mul(d))
}

/// The float formats read, and their conversion to f32.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Float {
    F32,
    F16,
    BF16,
}

impl Float {
    /// Bytes per element.
    pub(super) fn size(self) -> usize {
        match self {
            Float::F32 => 4,
            Float::F16 | Float::BF16 => 2,
        }
    }

    /// The element whose little-endian bytes begin `bytes[0]` (at least `size()` bytes).
    #[inline]
    pub(super) fn at(self, bytes: &[u8]) -> f32 {
        match self {
            Float::F32 => f32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]),
            Float::F16 => f16_to_f32(u16::from_le_bytes([bytes[0], bytes[1]])),
            Float::BF16 => f32::from_bits(u32::from(u16::from_le_bytes([bytes[0], bytes[1]])) << 16),
        }
    }

    /// Append the elements of `bytes` (whole elements, contiguous) to `out`.
    #[cfg(test)]
    pub(super) fn extend(self, bytes: &[u8], out: &mut Vec<f32>) {
        let start = out.len();
        out.resize(start + bytes.len() / self.size(), 0.0);
        self.convert(bytes, &mut out[start..]);
    }

    /// `out[i]` = the i-th element of `bytes`, one loop per format (so that float32's is a copy in
    /// vector code).
    fn convert(self, bytes: &[u8], out: &mut [f32]) {
        match self {
            Float::F32 => {
                for (o, b) in out.iter_mut().zip(bytes.chunks_exact(4)) {
                    *o = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                }
            }
            Float::F16 => {
                for (o, b) in out.iter_mut().zip(bytes.chunks_exact(2)) {
                    *o = f16_to_f32(u16::from_le_bytes([b[0], b[1]]));
                }
            }
            Float::BF16 => {
                for (o, b) in out.iter_mut().zip(bytes.chunks_exact(2)) {
                    *o = f32::from_bits(u32::from(u16::from_le_bytes([b[0], b[1]])) << 16);
                }
            }
        }
    }

    /// The elements of `bytes`, converted a part at a time on the engine's threads (each new page
    /// of the result is zeroed by the system as it is first written, which at 300 MB costs as
    /// much as the copy: two cores take half the time), each part handed to `release` once
    /// converted. The result is allocated once, here (a second allocation of the same size left
    /// unused still moves where everything after it lands).
    pub(super) fn converted_releasing(self, bytes: &[u8], release: &(dyn Fn(&[u8]) + Sync)) -> Vec<f32> {
        let per_part = RELEASE_CHUNK / self.size(); // elements
        crate::model::fast::parallel::zeroed_in_parts(bytes.len() / self.size(), per_part, |i, chunk| {
            let part = &bytes[i * RELEASE_CHUNK..][..chunk.len() * self.size()];
            self.convert(part, chunk);
            release(part);
        })
    }
}

/// An IEEE half-precision number as f32 (exactly: every half is an f32).
pub(super) fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h & 0x8000) << 16;
    let exponent = u32::from((h >> 10) & 0x1f);
    let mantissa = u32::from(h & 0x3ff);
    let bits = match (exponent, mantissa) {
        (0, 0) => sign,
        // subnormal: mantissa × 2⁻²⁴, exact in f32
        (0, m) => {
            let magnitude = m as f32 * f32::from_bits(0x3380_0000);
            return if sign == 0 { magnitude } else { -magnitude };
        }
        (31, 0) => sign | 0x7f80_0000,
        (31, m) => sign | 0x7fc0_0000 | (m << 13),
        (e, m) => sign | ((e + 127 - 15) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_convert_exactly() {
        let cases: &[(u16, f32)] = &[
            (0x0000, 0.0),
            (0x3c00, 1.0),
            (0xc000, -2.0),
            (0x3555, 0.333_251_95),
            (0x7bff, 65504.0),
            (0x0400, 6.103_515_6e-5),
            (0x0001, 5.960_464_5e-8),
            (0x83ff, -6.097_555e-5),
            (0x7c00, f32::INFINITY),
            (0xfc00, f32::NEG_INFINITY),
        ];
        for &(h, want) in cases {
            assert_eq!(f16_to_f32(h), want, "{h:#06x}");
        }
        assert!(f16_to_f32(0x7e00).is_nan() && f16_to_f32(0xfc01).is_nan());
        assert_eq!(f16_to_f32(0x8000).to_bits(), (-0.0f32).to_bits());
        // every finite half round-trips through f32 by rounding back to the nearest half
        for h in (0u16..0x7c00).step_by(7) {
            let x = f16_to_f32(h);
            let back = (x.to_bits() >> 13) & 0x3ff;
            assert!(x >= 0.0 && (h < 0x400 || back == u32::from(h & 0x3ff)), "{h:#06x}");
        }
    }

    #[test]
    fn bfloat16_is_the_top_half_of_an_f32() {
        assert_eq!(Float::BF16.at(&[0x80, 0x3f]), 1.0);
        assert_eq!(Float::BF16.at(&[0x40, 0xc0]), -3.0);
        let mut out = Vec::new();
        Float::F16.extend(&[0x00, 0x3c, 0x00, 0xc0], &mut out);
        Float::F32.extend(&2.5f32.to_le_bytes(), &mut out);
        assert_eq!(out, [1.0, -2.0, 2.5]);
    }

    #[test]
    fn the_budget_refuses_before_allocating() {
        let mut budget = Budget::for_file(10);
        assert!(budget.take("a", 15, u64::MAX).is_ok());
        let e = budget.take("b", 6, u64::MAX).unwrap_err();
        assert_eq!(e, FileFault::TooLarge { tensor: "b".into(), elements: 6, room: 5 });
        let e = budget.take("c", 4, 3).unwrap_err();
        assert_eq!(e, FileFault::TooLarge { tensor: "c".into(), elements: 4, room: 3 });
        assert_eq!(element_count(&[u64::MAX, 2]), None);
        assert_eq!(element_count(&[0, u64::MAX, 2]), Some(0));
    }

    #[test]
    fn a_directory_without_weights_names_it() {
        let dir = crate::temp_folder::TempFolder::made("state-dict");
        let e = read_weights(&dir).unwrap_err();
        assert!(
            matches!(e, StateDictError::NoWeightsFile { dir: ref d } if d.ends_with(&format!("tt-state-dict-{}", std::process::id())))
        );
    }
}
