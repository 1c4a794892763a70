//! A pickle reader that never executes anything: enough of Python's pickle machine to read the
//! state dict torch writes (`torch.save(model.state_dict())`), and nothing more.
//!
//! Only the opcodes such a file needs are run (`step`); any other opcode is refused by its name
//! and byte offset. Only the globals torch puts in a state dict are known (`torch_globals`):
//! `collections.OrderedDict`, torch's tensor-rebuilding functions and its storage classes; any
//! other `module.name` is refused as soon as it is read, and calling anything but the first two
//! is refused too. A tensor is never built here: calling `torch._utils._rebuild_tensor_v2` records
//! its storage, offset, sizes and strides (`TensorRef`), which `torch_pickle` reads afterwards.
//!
//! Bounded by the pickle's length: every opcode reads at least one byte and adds at most one
//! value to the stack, the memo or the objects, containers are shared by index (never copied), and
//! a tensor has at most `MAX_DIMS` sizes; so no input makes the machine hold more than a few words
//! per byte of pickle. Any input ends in a value or a `FileFault`, never a panic.

use std::collections::HashMap;
use std::rc::Rc;

use super::pickle_ops::{self as op, opcode_name};
use super::state_dict::{FileFault, TorchFault};
use super::torch_globals::{Global, StorageRef, TensorRef, call, persistent_load};

/// A value on the machine's stack. Containers and torch's objects live in `Unpickled::objects`,
/// shared by index like Python's references.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Value {
    None,
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(Rc<str>),
    Global(Global),
    Obj(usize),
}

/// A container, or one of torch's objects.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Object {
    List(Vec<Value>),
    Tuple(Vec<Value>),
    /// A dict or an `OrderedDict`: its items in insertion order.
    Dict(Vec<(Value, Value)>),
    Storage(StorageRef),
    Tensor(TensorRef),
}

/// What a pickle gave: its value, the objects it refers to, and where the pickle ended.
#[derive(Debug)]
pub(super) struct Unpickled {
    pub value: Value,
    pub objects: Vec<Object>,
    /// The offset just past the pickle's STOP.
    pub end: usize,
}

impl Unpickled {
    /// The object `value` refers to.
    pub fn object(&self, value: &Value) -> Option<&Object> {
        object_in(&self.objects, value)
    }
}

/// The object of `objects` that `value` refers to, if it refers to one.
fn object_in<'o>(objects: &'o [Object], value: &Value) -> Option<&'o Object> {
    match value {
        Value::Obj(id) => objects.get(*id),
        _ => None,
    }
}

/// Run the pickle that begins at `bytes[start]` to its STOP. Offsets in faults count from the
/// start of `bytes`.
pub(super) fn unpickle(bytes: &[u8], start: usize) -> Result<Unpickled, FileFault> {
    let mut vm = Vm { bytes, pos: start, at: start, op: 0, ..Vm::default() };
    loop {
        vm.at = vm.pos;
        vm.op = vm.u8()?;
        if let Some(value) = vm.step()? {
            return Ok(Unpickled { value, objects: vm.objects, end: vm.pos });
        }
    }
}

/// The machine: Python's `Unpickler` without `find_class` or any call into Python.
#[derive(Default)]
pub(super) struct Vm<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// The offset and byte of the opcode being run.
    at: usize,
    op: u8,
    stack: Vec<Value>,
    /// The stack's length at each MARK not yet consumed.
    marks: Vec<usize>,
    memo: HashMap<u32, Value>,
    pub(super) objects: Vec<Object>,
}

impl<'a> Vm<'a> {
    /// Run the opcode `self.op`; the pickle's value at STOP.
    fn step(&mut self) -> Result<Option<Value>, FileFault> {
        match self.op {
            op::PROTO => drop(self.u8()?),
            op::FRAME => drop(self.take(8)?),
            op::STOP => return self.pop().map(Some),
            op::MARK => self.marks.push(self.stack.len()),
            op::EMPTY_DICT => self.push_obj(Object::Dict(Vec::new())),
            op::EMPTY_LIST => self.push_obj(Object::List(Vec::new())),
            op::EMPTY_TUPLE => self.push_obj(Object::Tuple(Vec::new())),
            op::TUPLE => {
                let items = self.pop_mark()?;
                self.push_obj(Object::Tuple(items));
            }
            op::TUPLE1 | op::TUPLE2 | op::TUPLE3 => {
                let n = usize::from(self.op - op::TUPLE1 + 1);
                let first = self.stack.len().checked_sub(n).filter(|&f| f >= self.floor()).ok_or(self.malformed())?;
                let items = self.stack.split_off(first);
                self.push_obj(Object::Tuple(items));
            }
            op::SHORT_BINUNICODE | op::SHORT_BINSTRING => self.string(1)?,
            op::BINUNICODE | op::BINSTRING => self.string(4)?,
            op::BINUNICODE8 => self.string(8)?,
            op::BININT | op::BININT1 | op::BININT2 | op::LONG1 => {
                let n = self.int()?;
                self.push(Value::Int(n));
            }
            op::BINFLOAT => {
                let x = f64::from_be_bytes(self.array()?);
                self.push(Value::Float(x));
            }
            op::NEWTRUE => self.push(Value::Bool(true)),
            op::NEWFALSE => self.push(Value::Bool(false)),
            op::NONE => self.push(Value::None),
            op::BINPUT | op::LONG_BINPUT | op::MEMOIZE => self.put()?,
            op::BINGET | op::LONG_BINGET => self.get()?,
            op::SETITEM => {
                let (value, key) = (self.pop()?, self.pop()?);
                self.dict_top()?.push((key, value));
            }
            op::SETITEMS => self.setitems()?,
            op::APPEND => {
                let value = self.pop()?;
                self.list_top()?.push(value);
            }
            op::APPENDS => {
                let items = self.pop_mark()?;
                self.list_top()?.extend(items);
            }
            op::GLOBAL => {
                let (module, name) = (self.line()?, self.line()?);
                self.push(Value::Global(Global::named(module, name)?));
            }
            op::STACK_GLOBAL => {
                let (name, module) = (self.pop()?, self.pop()?);
                let (Value::Str(module), Value::Str(name)) = (module, name) else { return Err(self.malformed()) };
                self.push(Value::Global(Global::named(&module, &name)?));
            }
            op::REDUCE => self.reduce()?,
            op::BUILD => {
                // the state of an OrderedDict (`_metadata`): not needed, dropped
                self.pop()?;
                self.top()?;
            }
            op::BINPERSID => {
                let pid = self.pop()?;
                let storage = persistent_load(self, &pid).ok_or(self.malformed())?;
                self.push_obj(Object::Storage(storage));
            }
            byte => return Err(FileFault::OpcodeNotAllowed { opcode: opcode_name(byte), byte, at: self.at as u64 }),
        }
        Ok(None)
    }

    /// REDUCE: call an allowed global with a tuple of arguments.
    fn reduce(&mut self) -> Result<(), FileFault> {
        let (args, callable) = (self.pop()?, self.pop()?);
        let Value::Global(global) = callable else { return Err(self.malformed()) };
        // no callable allowed takes more than 7 arguments: a longer tuple is not copied
        let args = match self.object(&args) {
            Some(Object::Tuple(args)) if args.len() <= 7 => args.clone(),
            _ => return Err(self.malformed()),
        };
        let result = call(self, global, &args)?.ok_or(self.malformed())?;
        self.push(result);
        Ok(())
    }

    /// SETITEMS: the key-value pairs since the last MARK, into the dict below them.
    fn setitems(&mut self) -> Result<(), FileFault> {
        let items = self.pop_mark()?;
        if items.len() % 2 != 0 {
            return Err(self.malformed());
        }
        let mut items = items.into_iter();
        let dict = self.dict_top()?;
        while let (Some(key), Some(value)) = (items.next(), items.next()) {
            dict.push((key, value));
        }
        Ok(())
    }

    /// A string whose length is a little-endian integer of `width` bytes: a `str` (protocol 2's
    /// byte strings are read as UTF-8, as `torch.load` reads them).
    fn string(&mut self, width: usize) -> Result<(), FileFault> {
        let mut len = [0u8; 8];
        len[..width].copy_from_slice(self.take(width)?);
        let len = u64::from_le_bytes(len);
        // BINSTRING's length is signed
        if self.op == op::BINSTRING && len > i32::MAX as u64 {
            return Err(self.malformed());
        }
        let len = usize::try_from(len).map_err(|_| FileFault::Truncated)?;
        let text = std::str::from_utf8(self.take(len)?).map_err(|_| self.malformed())?;
        self.push(Value::Str(Rc::from(text)));
        Ok(())
    }

    /// The integer that follows BININT (4 bytes, signed), BININT1 (1 byte), BININT2 (2 bytes) or
    /// LONG1 (a length, then up to 16 bytes of two's complement), all little-endian.
    fn int(&mut self) -> Result<i128, FileFault> {
        match self.op {
            op::BININT => Ok(i32::from_le_bytes(self.array()?).into()),
            op::BININT1 => Ok(self.u8()?.into()),
            op::BININT2 => Ok(u16::from_le_bytes(self.array()?).into()),
            _ => self.long1(),
        }
    }

    /// LONG1's integer.
    fn long1(&mut self) -> Result<i128, FileFault> {
        let n = usize::from(self.u8()?);
        let digits = self.take(n)?;
        if n > 16 {
            return Err(self.malformed());
        }
        let negative = digits.last().is_some_and(|&b| b & 0x80 != 0);
        let mut bytes = [if negative { 0xff } else { 0 }; 16];
        bytes[..n].copy_from_slice(digits);
        Ok(i128::from_le_bytes(bytes))
    }

    /// BINPUT, LONG_BINPUT, MEMOIZE: the top of the stack stored in the memo.
    fn put(&mut self) -> Result<(), FileFault> {
        let key = match self.op {
            op::MEMOIZE => u32::try_from(self.memo.len()).map_err(|_| self.malformed())?,
            _ => self.memo_key()?,
        };
        let top = self.top()?.clone();
        self.memo.insert(key, top);
        Ok(())
    }

    /// BINGET, LONG_BINGET: a memo entry pushed.
    fn get(&mut self) -> Result<(), FileFault> {
        let key = self.memo_key()?;
        let value = self.memo.get(&key).cloned().ok_or(self.malformed())?;
        self.push(value);
        Ok(())
    }

    /// The memo key that follows BINPUT or BINGET (1 byte), LONG_BINPUT or LONG_BINGET (4 bytes).
    fn memo_key(&mut self) -> Result<u32, FileFault> {
        match self.op {
            op::BINPUT | op::BINGET => Ok(u32::from(self.u8()?)),
            _ => Ok(u32::from_le_bytes(self.array()?)),
        }
    }

    /// The items pushed since the last MARK, which is consumed.
    fn pop_mark(&mut self) -> Result<Vec<Value>, FileFault> {
        let mark = self.marks.pop().ok_or(self.malformed())?;
        Ok(self.stack.split_off(mark.min(self.stack.len())))
    }

    /// The stack's lowest index this opcode may pop: nothing below the last MARK.
    fn floor(&self) -> usize {
        self.marks.last().copied().unwrap_or(0)
    }

    fn pop(&mut self) -> Result<Value, FileFault> {
        if self.stack.len() <= self.floor() {
            return Err(self.malformed());
        }
        self.stack.pop().ok_or(self.malformed())
    }

    fn top(&self) -> Result<&Value, FileFault> {
        self.stack.last().filter(|_| self.stack.len() > self.floor()).ok_or(self.malformed())
    }

    fn push(&mut self, value: Value) {
        self.stack.push(value);
    }

    fn push_obj(&mut self, object: Object) {
        let value = self.new_obj(object);
        self.stack.push(value);
    }

    /// A new object, referred to by the value returned.
    pub(super) fn new_obj(&mut self, object: Object) -> Value {
        self.objects.push(object);
        Value::Obj(self.objects.len() - 1)
    }

    /// The object `value` refers to.
    pub(super) fn object(&self, value: &Value) -> Option<&Object> {
        object_in(&self.objects, value)
    }

    /// The object on top of the stack (the stack keeps a reference to it).
    fn top_object(&mut self) -> Result<&mut Object, FileFault> {
        let fault = self.malformed();
        let Value::Obj(id) = *self.top()? else { return Err(fault) };
        self.objects.get_mut(id).ok_or(fault)
    }

    /// The items of the dict on top of the stack.
    fn dict_top(&mut self) -> Result<&mut Vec<(Value, Value)>, FileFault> {
        let fault = self.malformed();
        match self.top_object()? {
            Object::Dict(items) => Ok(items),
            _ => Err(fault),
        }
    }

    /// The items of the list on top of the stack.
    fn list_top(&mut self) -> Result<&mut Vec<Value>, FileFault> {
        let fault = self.malformed();
        match self.top_object()? {
            Object::List(items) => Ok(items),
            _ => Err(fault),
        }
    }

    /// The next line of text (GLOBAL's operands), without its newline.
    fn line(&mut self) -> Result<&'a str, FileFault> {
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        let len = rest.iter().position(|&b| b == b'\n').ok_or(FileFault::Truncated)?;
        let line = self.take(len + 1)?;
        std::str::from_utf8(&line[..len]).map_err(|_| self.malformed())
    }

    fn u8(&mut self) -> Result<u8, FileFault> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], FileFault> {
        self.take(N)?.try_into().map_err(|_| FileFault::Truncated)
    }

    /// The next `n` bytes, or `Truncated` if the input ends first.
    fn take(&mut self, n: usize) -> Result<&'a [u8], FileFault> {
        let end = self.pos.checked_add(n).filter(|&end| end <= self.bytes.len()).ok_or(FileFault::Truncated)?;
        let bytes = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(bytes)
    }

    /// The opcode being run does not fit what is on the stack: a damaged file.
    pub(super) fn malformed(&self) -> FileFault {
        let opcode = opcode_name(self.op).unwrap_or_default();
        FileFault::NotTorch(TorchFault::Malformed { opcode, at: self.at as u64 })
    }
}

#[cfg(test)]
#[path = "pickle_tests.rs"]
mod tests;
