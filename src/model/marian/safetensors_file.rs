//! `model.safetensors`: a little-endian u64 header length, a JSON header (each tensor's dtype,
//! shape and byte range), then the tensors' bytes. Read with the `safetensors` crate from the
//! memory-mapped file, one tensor at a time into its own `Vec<f32>`, each part of the mapping
//! released once converted, so memory holds the tensors once, not the file a second time.
//!
//! The crate checks that every tensor's byte range is its shape times its dtype's size, that the
//! ranges follow one another and fill the file, and that no product overflows; this module checks
//! it again before allocating, and takes every tensor's elements from the file's `Budget`.

use std::collections::BTreeMap;

use safetensors::{Dtype, SafeTensorError, SafeTensors};

use super::state_dict::{Budget, FileFault, Float, Reading, Tensor, element_count};

/// The tensors of a safetensors file whose bytes are `bytes`.
pub fn read(bytes: &[u8]) -> Result<BTreeMap<String, Tensor>, FileFault> {
    read_with(bytes, &Reading::ALL)
}

/// The tensors of a safetensors file whose bytes are `bytes`, but those `reading` skips, each
/// tensor's bytes handed to its `release` once converted. A skipped tensor is checked as the
/// others (dtype, shape against its byte range) but takes nothing from the budget.
pub fn read_with(bytes: &[u8], reading: &Reading) -> Result<BTreeMap<String, Tensor>, FileFault> {
    let file = SafeTensors::deserialize(bytes).map_err(fault)?;
    let mut budget = Budget::for_file(bytes.len());
    let mut tensors = BTreeMap::new();
    for (name, view) in file.iter() {
        let float = match view.dtype() {
            Dtype::F32 => Float::F32,
            Dtype::F16 => Float::F16,
            Dtype::BF16 => Float::BF16,
            other => return Err(FileFault::UnsupportedDtype { tensor: name.to_string(), dtype: format!("{other:?}") }),
        };
        let data = view.data();
        let held = (data.len() / float.size()) as u64;
        let shape: Vec<u64> = view.shape().iter().map(|&d| d as u64).collect();
        let elements = element_count(&shape).ok_or_else(|| FileFault::TooLarge {
            tensor: name.to_string(),
            elements: u64::MAX,
            room: held,
        })?;
        if elements != held || data.len() % float.size() != 0 {
            return Err(FileFault::OutsideStorage { tensor: name.to_string() });
        }
        if (reading.skip)(name) {
            continue;
        }
        budget.take(name, elements, held)?;
        let values = float.converted_releasing(data, reading.release);
        tensors.insert(name.to_string(), Tensor { shape: view.shape().to_vec(), data: values });
    }
    Ok(tensors)
}

/// The crate's refusal: a header cut short is a truncated file, anything else is said in the
/// crate's words.
fn fault(e: SafeTensorError) -> FileFault {
    match e {
        SafeTensorError::HeaderTooSmall | SafeTensorError::InvalidHeaderLength => FileFault::Truncated,
        e => FileFault::NotSafetensors { reason: e.to_string() },
    }
}
