//! A torch tensor copied out of its storage into a row-major `Tensor`: a view (an offset, and
//! strides such as a transpose's) comes out as the tensor it shows. Every element it reaches is
//! checked to lie in the storage, and the storage in the bytes the file holds, before anything is
//! allocated.

use std::ops::Range;

use super::state_dict::{Budget, FileFault, Float, Tensor, element_count};
use super::torch_globals::TensorRef;

/// A view checked against its storage's record, nothing read or allocated yet.
#[derive(Debug)]
pub(super) struct Checked {
    shape: Vec<usize>,
    elements: u64,
    /// The storage's bytes within its record.
    storage: Range<usize>,
}

/// The view `tensor` (of the tensor `name`) checked against a record of `record_len` bytes
/// holding elements in `float` format: its storage must lie in the record, and every element the
/// view reaches in its storage.
pub(super) fn check(name: &str, tensor: &TensorRef, float: Float, record_len: u64) -> Result<Checked, FileFault> {
    let outside = || FileFault::OutsideStorage { tensor: name.to_string() };
    let size = float.size() as u64;
    // the storage's elements (a whole record, or a view of it) must all be in the file
    let storage = &tensor.storage;
    let end = storage.start.checked_add(storage.numel).ok_or_else(outside)?;
    if end > record_len / size {
        return Err(outside());
    }
    let bytes = |element: u64| usize::try_from(element * size).map_err(|_| outside());
    let storage_bytes = bytes(storage.start)?..bytes(end)?;
    let elements = element_count(&tensor.shape).ok_or_else(|| FileFault::TooLarge {
        tensor: name.to_string(),
        elements: u64::MAX,
        room: storage.numel,
    })?;
    let shape = tensor.shape.iter().map(|&d| usize::try_from(d).map_err(|_| outside())).collect::<Result<_, _>>()?;
    if elements > 0 {
        // the last element the view reaches (every size is at least 1 here)
        let last = tensor.shape.iter().zip(&tensor.stride).try_fold(tensor.offset, |at, (&n, &stride)| {
            (n - 1).checked_mul(stride).and_then(|step| at.checked_add(step))
        });
        if last.is_none_or(|last| last >= storage.numel) {
            return Err(outside());
        }
    }
    Ok(Checked { shape, elements, storage: storage_bytes })
}

/// The tensor `name` that `tensor` describes, read from `bytes` (its storage's record, elements in
/// `float` format), its elements taken from `budget`; each part of `bytes` read is handed to
/// `release` once converted.
pub(super) fn materialise(
    name: &str,
    tensor: &TensorRef,
    float: Float,
    bytes: &[u8],
    budget: &mut Budget,
    release: &(dyn Fn(&[u8]) + Sync),
) -> Result<Tensor, FileFault> {
    let outside = || FileFault::OutsideStorage { tensor: name.to_string() };
    let Checked { shape, elements, storage } = check(name, tensor, float, bytes.len() as u64)?;
    if elements == 0 {
        return Ok(Tensor { shape, data: Vec::new() });
    }
    budget.take(name, elements, tensor.storage.numel)?;
    let storage_bytes = bytes.get(storage).ok_or_else(outside)?;
    let size = float.size() as u64;
    let start = (tensor.offset * size) as usize;
    let data = if row_major(&tensor.shape, &tensor.stride) {
        let end = start + (elements * size) as usize;
        float.converted_releasing(storage_bytes.get(start..end).ok_or_else(outside)?, release)
    } else {
        let mut data = Vec::with_capacity(elements as usize);
        gather(tensor, elements, float, storage_bytes, &mut data).ok_or_else(outside)?;
        release(storage_bytes);
        data
    };
    Ok(Tensor { shape, data })
}

/// Whether `stride` is the row-major stride of `shape` (sizes of 1 may have any stride).
fn row_major(shape: &[u64], stride: &[u64]) -> bool {
    let mut expected = 1u64;
    for (&n, &s) in shape.iter().zip(stride).rev() {
        if n != 1 && s != expected {
            return false;
        }
        expected = expected.saturating_mul(n);
    }
    true
}

/// Append the `elements` elements of the view `tensor` to `out`, row-major, walking its indices
/// like an odometer; `None` if an element is not in `bytes` (checked by the caller already).
fn gather(tensor: &TensorRef, elements: u64, float: Float, bytes: &[u8], out: &mut Vec<f32>) -> Option<()> {
    let (shape, stride) = (&tensor.shape, &tensor.stride);
    let size = float.size();
    let mut index = vec![0u64; shape.len()];
    let mut at = tensor.offset;
    for _ in 0..elements {
        let byte = usize::try_from(at).ok()?.checked_mul(size)?;
        out.push(float.at(bytes.get(byte..byte + size)?));
        for d in (0..shape.len()).rev() {
            index[d] += 1;
            at += stride[d];
            if index[d] < shape[d] {
                break;
            }
            at -= stride[d] * shape[d];
            index[d] = 0;
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::marian::torch_globals::{StorageKind, StorageRef};

    /// A tensor of `shape` and `stride` from element `offset` of a storage of 0, 1, 2, … 23.
    fn view(offset: u64, shape: &[u64], stride: &[u64]) -> Result<Tensor, FileFault> {
        let bytes: Vec<u8> = (0..24).flat_map(|i| (i as f32).to_le_bytes()).collect();
        let storage = StorageRef { kind: StorageKind::Float, key: "0".into(), start: 0, numel: 24 };
        let tensor = TensorRef { storage, offset, shape: shape.to_vec(), stride: stride.to_vec() };
        materialise("t", &tensor, Float::F32, &bytes, &mut Budget::for_file(1000), &|_| {})
    }

    #[test]
    fn views_come_out_row_major() {
        let t = view(0, &[4, 6], &[6, 1]).unwrap();
        assert_eq!((t.shape, t.data[7]), (vec![4, 6], 7.0));
        let t = view(0, &[6, 4], &[1, 6]).unwrap();
        assert_eq!(&t.data[..5], [0.0, 6.0, 12.0, 18.0, 1.0]);
        let t = view(8, &[2, 3], &[6, 1]).unwrap();
        assert_eq!(t.data, [8.0, 9.0, 10.0, 14.0, 15.0, 16.0]);
        assert_eq!(view(7, &[], &[]).unwrap().data, [7.0]);
        assert_eq!(view(0, &[3, 0], &[1, 1]).unwrap().data, Vec::<f32>::new());
        assert_eq!(view(5, &[1, 2], &[99, 1]).unwrap().data, [5.0, 6.0]);
    }

    #[test]
    fn a_view_reaching_past_its_storage_is_refused() {
        let outside = Err(FileFault::OutsideStorage { tensor: "t".into() });
        assert_eq!(view(1, &[4, 6], &[6, 1]), outside);
        assert_eq!(view(0, &[2, 2], &[23, 1]), outside);
        assert_eq!(view(0, &[2], &[u64::MAX]), outside);
        assert_eq!(view(u64::MAX, &[1], &[1]), outside);
    }

    #[test]
    fn a_view_larger_than_its_storage_is_refused_before_allocating() {
        let e = view(0, &[1 << 20, 1 << 20], &[0, 0]).unwrap_err();
        assert_eq!(e, FileFault::TooLarge { tensor: "t".into(), elements: 1 << 40, room: 24 });
        let e = view(0, &[1 << 40, 1 << 40], &[0, 0]).unwrap_err();
        assert_eq!(e, FileFault::TooLarge { tensor: "t".into(), elements: u64::MAX, room: 24 });
    }
}
