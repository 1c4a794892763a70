//! `pytorch_model.bin`, in both of torch's formats, read without running its pickle
//! (`pickle_vm`).
//!
//! - zip (torch 1.6 and later): `<archive>/data.pkl`, the pickle; `<archive>/data/<key>`, each
//!   storage's raw little-endian bytes (stored, not compressed); `<archive>/byteorder` (`little`)
//!   and `<archive>/version`, `.format_version`, `.storage_alignment`, `.data/serialization_id`.
//! - older (`_use_new_zipfile_serialization=False`): five pickles one after another (torch's
//!   magic number, the protocol version 1001, the system's `little_endian` and type sizes, the
//!   state dict, the list of storage keys), then each storage in that list's order: its element
//!   count (8 bytes, little-endian) and its bytes.
//!
//! Each tensor is copied out of its storage row-major (`torch_view`), every range checked first,
//! and the bytes it was copied from released (a zip's stored records are read in place, range by
//! range, never copied whole). A tensor skipped is checked the same, and a storage only skipped
//! tensors use is never read (nor inflated).

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::io::{Cursor, Read};
use std::rc::Rc;

use zip::{CompressionMethod, ZipArchive};

use super::pickle_vm::{Object, Unpickled, Value, unpickle};
use super::state_dict::{Budget, FileFault, Float, Reading, Tensor, TorchFault, WeightsFormat};
use super::torch_globals::{Global, TensorRef};
use super::torch_view::{check, materialise};
// the most a compressed byte can expand to, as for an npz
use crate::model::npz_guard::MAX_EXPANSION;

/// The first pickle of torch's older format: this number.
const LEGACY_MAGIC: i128 = 0x1950a86a20f9469cfc6c;
/// The second: the format's protocol version.
const LEGACY_VERSION: i128 = 1001;

/// The tensors of `pytorch_model.bin`, whose bytes are `bytes`, and which format it is in.
pub fn read(bytes: &[u8]) -> Result<(WeightsFormat, BTreeMap<String, Tensor>), FileFault> {
    read_with(bytes, &Reading::ALL)
}

/// The tensors of `pytorch_model.bin`, whose bytes are `bytes`, but those `reading` skips, and
/// which format it is in; each part of `bytes` a tensor is copied from is handed to its `release`.
pub fn read_with(bytes: &[u8], reading: &Reading) -> Result<(WeightsFormat, BTreeMap<String, Tensor>), FileFault> {
    if bytes.starts_with(b"PK\x03\x04") {
        Ok((WeightsFormat::TorchZip, read_zip(bytes, reading)?))
    } else {
        Ok((WeightsFormat::TorchLegacy, read_legacy(bytes, reading)?))
    }
}

/// A named tensor of the state dict, with its storage's float format, and whether it is read
/// (not skipped).
struct Entry {
    name: String,
    tensor: TensorRef,
    float: Float,
    kept: bool,
}

/// A storage's record: its bytes, or only its length where no tensor read uses it and it would
/// have to be inflated.
enum Stored<'b> {
    Bytes(Cow<'b, [u8]>),
    Unread(u64),
}

impl<'b> Stored<'b> {
    /// The record's bytes, if read.
    fn bytes(self) -> Option<Cow<'b, [u8]>> {
        match self {
            Stored::Bytes(bytes) => Some(bytes),
            Stored::Unread(_) => None,
        }
    }

    fn len(&self) -> u64 {
        match self {
            Stored::Bytes(bytes) => bytes.len() as u64,
            Stored::Unread(len) => *len,
        }
    }
}

/// The zip format.
fn read_zip<'b>(bytes: &'b [u8], reading: &Reading) -> Result<BTreeMap<String, Tensor>, FileFault> {
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(zip_fault)?;
    let archive = zip.file_names().find_map(|name| name.strip_suffix("/data.pkl").filter(|a| !a.contains('/')));
    let archive = archive.ok_or(TorchFault::NoDataPkl)?.to_string();
    let bytes_of = |record: Option<Stored<'b>>| record.and_then(Stored::bytes);
    if let Some(order) = bytes_of(record(&mut zip, bytes, &format!("{archive}/byteorder"), true)?)
        && order.as_ref() != b"little"
    {
        return Err(TorchFault::ByteOrder(String::from_utf8_lossy(&order).into_owned()).into());
    }
    let pickle = record(&mut zip, bytes, &format!("{archive}/data.pkl"), true)?;
    let pickle = bytes_of(pickle).ok_or(TorchFault::NoDataPkl)?;
    let entries = entries(&unpickle(&pickle, 0)?, reading)?;
    (reading.release)(&pickle);
    drop(pickle);
    let mut storages: HashMap<Rc<str>, Stored> = HashMap::new();
    for entry in &entries {
        let key = &entry.tensor.storage.key;
        // a record is read once some tensor read uses it; its length is enough for the others
        match storages.get(key) {
            Some(Stored::Bytes(_)) => continue,
            Some(Stored::Unread(_)) if !entry.kept => continue,
            _ => {}
        }
        let storage = record(&mut zip, bytes, &format!("{archive}/data/{key}"), entry.kept)?;
        storages.insert(key.clone(), storage.ok_or_else(|| missing(key))?);
    }
    tensors(bytes.len(), entries, &storages, reading)
}

/// The record `name` of the zip: borrowed from `bytes` if stored (as torch stores them), else
/// inflated, at most `MAX_EXPANSION` times its compressed size; only its length if compressed and
/// not `needed`.
fn record<'b>(
    zip: &mut ZipArchive<Cursor<&'b [u8]>>,
    bytes: &'b [u8],
    name: &str,
    needed: bool,
) -> Result<Option<Stored<'b>>, FileFault> {
    let Some(index) = zip.index_for_name(name) else { return Ok(None) };
    let file = zip.by_index(index).map_err(zip_fault)?;
    let (size, stored) = (file.size(), file.compressed_size());
    if file.compression() == CompressionMethod::Stored {
        let start = usize::try_from(file.data_start()).map_err(|_| FileFault::Truncated)?;
        let len = usize::try_from(size.min(stored)).map_err(|_| FileFault::Truncated)?;
        let end = start.checked_add(len).ok_or(FileFault::Truncated)?;
        let record = bytes.get(start..end).ok_or(FileFault::Truncated)?;
        return Ok(Some(Stored::Bytes(Cow::Borrowed(record))));
    }
    let limit = stored.saturating_mul(MAX_EXPANSION).min((bytes.len() as u64).saturating_mul(8));
    if size > limit {
        return Err(FileFault::TooLarge { tensor: name.to_string(), elements: size, room: limit });
    }
    if !needed {
        return Ok(Some(Stored::Unread(size)));
    }
    let mut out = Vec::with_capacity(size as usize);
    file.take(size + 1).read_to_end(&mut out).map_err(|e| TorchFault::Zip(e.to_string()))?;
    if out.len() as u64 != size {
        return Err(FileFault::Truncated);
    }
    Ok(Some(Stored::Bytes(Cow::Owned(out))))
}

fn zip_fault(e: zip::result::ZipError) -> FileFault {
    TorchFault::Zip(e.to_string()).into()
}

fn missing(key: &str) -> FileFault {
    TorchFault::MissingStorage { key: key.to_string() }.into()
}

/// The older format.
fn read_legacy(bytes: &[u8], reading: &Reading) -> Result<BTreeMap<String, Tensor>, FileFault> {
    // a file that is not torch's is refused as such, unless its pickle names a global: say which
    let magic = unpickle(bytes, 0).map_err(|fault| match fault {
        FileFault::GlobalNotAllowed { .. } => fault,
        _ => TorchFault::NoMagic.into(),
    })?;
    if magic.value != Value::Int(LEGACY_MAGIC) {
        return Err(TorchFault::NoMagic.into());
    }
    let version = unpickle(bytes, magic.end)?;
    match version.value {
        Value::Int(LEGACY_VERSION) => {}
        Value::Int(v) => return Err(TorchFault::LegacyVersion(v).into()),
        _ => return Err(TorchFault::NoMagic.into()),
    }
    let system = unpickle(bytes, version.end)?;
    if !little_endian(&system) {
        return Err(TorchFault::ByteOrder("big".to_string()).into());
    }
    let state = unpickle(bytes, system.end)?;
    let entries = entries(&state, reading)?;
    let keys = unpickle(bytes, state.end)?;
    let storages = legacy_storages(bytes, &keys, &entries)?;
    tensors(bytes.len(), entries, &storages, reading)
}

/// Whether the system-information pickle says little-endian (the key missing: torch assumes so).
fn little_endian(system: &Unpickled) -> bool {
    let Some(Object::Dict(items)) = system.object(&system.value) else { return true };
    let flag = items.iter().find(|(k, _)| matches!(k, Value::Str(k) if &**k == "little_endian"));
    !matches!(flag, Some((_, Value::Bool(false))))
}

/// Each storage's bytes in the older format, by key: they follow the list of keys, in its order.
fn legacy_storages<'b>(
    bytes: &'b [u8],
    keys: &Unpickled,
    entries: &[Entry],
) -> Result<HashMap<Rc<str>, Stored<'b>>, FileFault> {
    let Some(Object::List(list)) = keys.object(&keys.value) else {
        return Err(TorchFault::NotStateDict { name: None }.into());
    };
    let mut pos = keys.end;
    let mut storages = HashMap::new();
    for key in list {
        let Value::Str(key) = key else { return Err(TorchFault::NotStateDict { name: None }.into()) };
        let float = entries.iter().find(|e| e.tensor.storage.key == *key).map(|e| e.float);
        let float = float.ok_or_else(|| TorchFault::UnknownStorage { key: key.to_string() })?;
        let count = bytes.get(pos..pos + 8).ok_or(FileFault::Truncated)?;
        let count = u64::from_le_bytes(count.try_into().map_err(|_| FileFault::Truncated)?);
        let len = count.checked_mul(float.size() as u64).and_then(|n| usize::try_from(n).ok());
        let end = len.and_then(|len| (pos + 8).checked_add(len)).ok_or(FileFault::Truncated)?;
        let record = bytes.get(pos + 8..end).ok_or(FileFault::Truncated)?;
        storages.insert(key.clone(), Stored::Bytes(Cow::Borrowed(record)));
        pos = end;
    }
    Ok(storages)
}

/// The state dict's tensors: the pickle's value must be a dict of names to tensors of a float
/// format this program reads (those skipped too); each marked kept or not by `reading`.
fn entries(state: &Unpickled, reading: &Reading) -> Result<Vec<Entry>, FileFault> {
    let Some(Object::Dict(items)) = state.object(&state.value) else {
        return Err(TorchFault::NotStateDict { name: None }.into());
    };
    let mut entries = Vec::with_capacity(items.len());
    for (key, value) in items {
        let (Value::Str(name), Some(Object::Tensor(tensor))) = (key, state.object(value)) else {
            let name = if let Value::Str(name) = key { name.to_string() } else { String::new() };
            return Err(TorchFault::NotStateDict { name: Some(name) }.into());
        };
        let Some(float) = tensor.storage.kind.float() else {
            let dtype = Global::Storage(tensor.storage.kind).name();
            return Err(FileFault::UnsupportedDtype { tensor: name.to_string(), dtype });
        };
        let kept = !(reading.skip)(name);
        entries.push(Entry { name: name.to_string(), tensor: tensor.clone(), float, kept });
    }
    Ok(entries)
}

/// Every entry kept copied out of its `storages` (by key), within the budget of a file of
/// `file_len` bytes; every entry skipped checked against its storage only.
fn tensors(
    file_len: usize,
    entries: Vec<Entry>,
    storages: &HashMap<Rc<str>, Stored>,
    reading: &Reading,
) -> Result<BTreeMap<String, Tensor>, FileFault> {
    let mut budget = Budget::for_file(file_len);
    let mut out = BTreeMap::new();
    for Entry { name, tensor, float, kept } in entries {
        let key = &tensor.storage.key;
        let storage = storages.get(key).ok_or_else(|| missing(key))?;
        if !kept {
            check(&name, &tensor, float, storage.len())?;
            continue;
        }
        // a record some kept tensor uses is read (`read_zip`)
        let Stored::Bytes(bytes) = storage else { return Err(missing(key)) };
        let data = materialise(&name, &tensor, float, bytes, &mut budget, reading.release)?;
        out.insert(name, data);
    }
    Ok(out)
}
