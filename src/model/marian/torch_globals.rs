//! The globals a torch state dict's pickle names, and what the pickle machine makes of them in
//! place of running them: an `OrderedDict` is an empty dict, `_rebuild_tensor_v2` records a
//! `TensorRef`, a persistent id `('storage', torch.FloatStorage, key, location, numel)` is a
//! `StorageRef`. Every other `module.name` is refused when it is read.
//!
//! What torch 2.x writes for `torch.save(state_dict)` (protocol 2, in both formats): the dict is
//! `collections.OrderedDict()` (REDUCE of an empty tuple) filled by SETITEMS, then BUILD with its
//! `_metadata`; each tensor is `torch._utils._rebuild_tensor_v2(storage, offset, size, stride,
//! requires_grad, OrderedDict())`, its storage a BINPERSID of a tuple naming a typed storage class
//! (`torch.FloatStorage`, `torch.HalfStorage`, `torch.BFloat16Storage`) and counting elements. The
//! older format adds a sixth item to the persistent id, `None` or a view `(key, offset, size)`.

use std::rc::Rc;

use super::pickle_vm::{Object, Value, Vm};
use super::state_dict::{FileFault, Float};

/// The most dimensions a tensor may have (torch's own limit is 64 too).
pub(super) const MAX_DIMS: usize = 64;

/// A global the pickle may name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Global {
    /// `collections.OrderedDict`: a state dict, and a tensor's empty backward hooks.
    OrderedDict,
    /// `torch._utils._rebuild_tensor_v2`: a tensor as a view of a storage.
    RebuildTensorV2,
    /// `torch._utils._rebuild_parameter`: an `nn.Parameter` around a tensor (a whole module
    /// saved, rather than its state dict).
    RebuildParameter,
    /// A typed storage class, named in a persistent id; never called.
    Storage(StorageKind),
}

/// The element type of a storage, by torch's storage class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum StorageKind {
    Float,
    Half,
    BFloat16,
    Double,
    Long,
    Int,
    Short,
    Char,
    Byte,
    Bool,
}

/// Every global allowed: (module, name, what it is).
const KNOWN: &[(&str, &str, Global)] = &[
    ("collections", "OrderedDict", Global::OrderedDict),
    ("torch._utils", "_rebuild_tensor_v2", Global::RebuildTensorV2),
    ("torch._utils", "_rebuild_parameter", Global::RebuildParameter),
    ("torch", "FloatStorage", Global::Storage(StorageKind::Float)),
    ("torch", "HalfStorage", Global::Storage(StorageKind::Half)),
    ("torch", "BFloat16Storage", Global::Storage(StorageKind::BFloat16)),
    ("torch", "DoubleStorage", Global::Storage(StorageKind::Double)),
    ("torch", "LongStorage", Global::Storage(StorageKind::Long)),
    ("torch", "IntStorage", Global::Storage(StorageKind::Int)),
    ("torch", "ShortStorage", Global::Storage(StorageKind::Short)),
    ("torch", "CharStorage", Global::Storage(StorageKind::Char)),
    ("torch", "ByteStorage", Global::Storage(StorageKind::Byte)),
    ("torch", "BoolStorage", Global::Storage(StorageKind::Bool)),
];

impl Global {
    /// The global `module.name`, if it is allowed; else the refusal naming it.
    pub(super) fn named(module: &str, name: &str) -> Result<Global, FileFault> {
        KNOWN
            .iter()
            .find(|(m, n, _)| *m == module && *n == name)
            .map(|&(_, _, global)| global)
            .ok_or_else(|| FileFault::GlobalNotAllowed { global: format!("{module}.{name}") })
    }

    /// `module.name`, as the pickle names it.
    pub(super) fn name(self) -> String {
        let named = KNOWN.iter().find(|(_, _, g)| *g == self);
        named.map(|(module, name, _)| format!("{module}.{name}")).unwrap_or_default()
    }
}

impl StorageKind {
    /// The float format of its elements, if it is one this program reads.
    pub(super) fn float(self) -> Option<Float> {
        match self {
            StorageKind::Float => Some(Float::F32),
            StorageKind::Half => Some(Float::F16),
            StorageKind::BFloat16 => Some(Float::BF16),
            _ => None,
        }
    }
}

/// A storage, as its persistent id names it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct StorageRef {
    pub kind: StorageKind,
    /// Its record in the zip (`data/<key>`), or its place in the older format's list of keys.
    pub key: Rc<str>,
    /// Its elements: the first of them and how many (all of the record, or a view of it).
    pub start: u64,
    pub numel: u64,
}

/// A tensor: a view of `storage` from element `offset`, with these sizes and strides (elements).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct TensorRef {
    pub storage: StorageRef,
    pub offset: u64,
    pub shape: Vec<u64>,
    pub stride: Vec<u64>,
}

/// What calling `global` with `args` gives, in place of running it: `Ok(None)` if the arguments
/// are not what torch passes.
pub(super) fn call(vm: &mut Vm, global: Global, args: &[Value]) -> Result<Option<Value>, FileFault> {
    Ok(match global {
        Global::OrderedDict if args.is_empty() => Some(vm.new_obj(Object::Dict(Vec::new()))),
        Global::RebuildTensorV2 => rebuild_tensor(vm, args).map(|tensor| vm.new_obj(Object::Tensor(tensor))),
        Global::RebuildParameter => match args {
            [tensor, Value::Bool(_), _] if matches!(vm.object(tensor), Some(Object::Tensor(_))) => Some(tensor.clone()),
            _ => None,
        },
        Global::Storage(_) => return Err(FileFault::GlobalNotAllowed { global: global.name() }),
        Global::OrderedDict => None,
    })
}

/// `_rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks[,
/// metadata])`, recorded.
fn rebuild_tensor(vm: &Vm, args: &[Value]) -> Option<TensorRef> {
    let [storage, offset, shape, stride, Value::Bool(_), _, rest @ ..] = args else { return None };
    if rest.len() > 1 {
        return None;
    }
    let Some(Object::Storage(storage)) = vm.object(storage) else { return None };
    let (shape, stride) = (sizes(vm, shape)?, sizes(vm, stride)?);
    if shape.len() != stride.len() {
        return None;
    }
    Some(TensorRef { storage: storage.clone(), offset: non_negative(offset)?, shape, stride })
}

/// A tuple of at most `MAX_DIMS` non-negative integers.
fn sizes(vm: &Vm, value: &Value) -> Option<Vec<u64>> {
    let Some(Object::Tuple(items)) = vm.object(value) else { return None };
    if items.len() > MAX_DIMS {
        return None;
    }
    items.iter().map(non_negative).collect()
}

fn non_negative(value: &Value) -> Option<u64> {
    match value {
        Value::Int(n) => u64::try_from(*n).ok(),
        _ => None,
    }
}

/// The storage a persistent id names: `('storage', storage_class, key, location, numel)`, and in
/// the older format a sixth item, `None` or a view of the storage `(view_key, offset, numel)`.
pub(super) fn persistent_load(vm: &Vm, pid: &Value) -> Option<StorageRef> {
    let Some(Object::Tuple(items)) = vm.object(pid) else { return None };
    let [Value::Str(tag), Value::Global(Global::Storage(kind)), Value::Str(key), Value::Str(_), numel, view @ ..] =
        items.as_slice()
    else {
        return None;
    };
    if &**tag != "storage" {
        return None;
    }
    let (start, numel) = match view {
        [] | [Value::None] => (0, non_negative(numel)?),
        [view] => match vm.object(view) {
            Some(Object::Tuple(view)) => match view.as_slice() {
                [Value::Str(_), offset, numel] => (non_negative(offset)?, non_negative(numel)?),
                _ => return None,
            },
            _ => return None,
        },
        _ => return None,
    };
    Some(StorageRef { kind: *kind, key: key.clone(), start, numel })
}
