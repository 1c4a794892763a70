//! The pickle machine on pickles written by hand, on hostile ones, and on random bytes.

use super::*;
use crate::model::marian::torch_globals::StorageKind;

/// A protocol-2 pickle of `body`, ended by STOP.
fn pickle(body: &[u8]) -> Vec<u8> {
    let mut bytes = vec![op::PROTO, 2];
    bytes.extend_from_slice(body);
    bytes.push(op::STOP);
    bytes
}

fn run(body: &[u8]) -> Result<Unpickled, FileFault> {
    unpickle(&pickle(body), 0)
}

fn malformed(opcode: &'static str, at: u64) -> FileFault {
    FileFault::NotTorch(TorchFault::Malformed { opcode, at })
}

/// `X`, a u32 length, and the text.
fn text(s: &str) -> Vec<u8> {
    let mut bytes = vec![op::BINUNICODE];
    bytes.extend_from_slice(&(s.len() as u32).to_le_bytes());
    bytes.extend_from_slice(s.as_bytes());
    bytes
}

#[test]
fn scalars_strings_and_torchs_magic_number_are_read() {
    let magic = [op::LONG1, 10, 0x6c, 0xfc, 0x9c, 0x46, 0xf9, 0x20, 0x6a, 0xa8, 0x50, 0x19];
    assert_eq!(run(&magic).unwrap().value, Value::Int(0x1950a86a20f9469cfc6c));
    assert_eq!(run(&[op::LONG1, 2, 0xff, 0xff]).unwrap().value, Value::Int(-1));
    assert_eq!(run(&[op::BININT, 0xfe, 0xff, 0xff, 0xff]).unwrap().value, Value::Int(-2));
    assert_eq!(run(&[op::BININT2, 0xe9, 0x03]).unwrap().value, Value::Int(1001));
    assert_eq!(run(&[op::SHORT_BINSTRING, 2, b'h', b'i']).unwrap().value, Value::Str("hi".into()));
    let half = [op::BINFLOAT, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0];
    assert_eq!(run(&half).unwrap().value, Value::Float(0.5));
    assert_eq!(run(&[op::LONG1, 17]).map(|_| ()), Err(FileFault::Truncated));
}

#[test]
fn dicts_lists_and_the_memo_share_objects() {
    // d = {'a': [1, 2]}; the list fetched back from the memo and appended to is the dict's list
    let mut body = vec![op::EMPTY_DICT, op::BINPUT, 0];
    body.extend(text("a"));
    body.extend([op::EMPTY_LIST, op::BINPUT, 1, op::MARK, op::BININT1, 1, op::BININT1, 2, op::APPENDS]);
    body.extend([op::SETITEM, op::BINGET, 1, op::BININT1, 3, op::APPEND, op::TUPLE2]);
    let got = run(&body).unwrap();
    let Some(Object::Tuple(pair)) = got.object(&got.value) else { panic!("{got:?}") };
    let Some(Object::Dict(items)) = got.object(&pair[0]) else { panic!("{got:?}") };
    assert_eq!((&items[0].0, &items[0].1), (&Value::Str("a".into()), &pair[1]));
    assert_eq!(got.object(&pair[1]), Some(&Object::List(vec![Value::Int(1), Value::Int(2), Value::Int(3)])));
}

#[test]
fn any_other_global_is_refused_by_name() {
    let refused = |global: &str| Err(FileFault::GlobalNotAllowed { global: global.into() });
    assert_eq!(run(b"cos\nsystem\n(X\x02\x00\x00\x00lstR").map(|_| ()), refused("os.system"));
    assert_eq!(run(b"cposix\nsystem\n").map(|_| ()), refused("posix.system"));
    let mut stacked = text("builtins");
    stacked.extend(text("eval"));
    stacked.push(op::STACK_GLOBAL);
    assert_eq!(run(&stacked).map(|_| ()), refused("builtins.eval"));
    // a storage class may be named, not called
    assert_eq!(run(b"ctorch\nFloatStorage\n)R").map(|_| ()), refused("torch.FloatStorage"));
    assert_eq!(run(b"ctorch\nHalfStorage\n").unwrap().value, Value::Global(Global::Storage(StorageKind::Half)));
    // an OrderedDict called with arguments, and a call of something that is not a global
    assert_eq!(run(b"ccollections\nOrderedDict\n]\x85R").map(|_| ()), Err(malformed("REDUCE", 29)));
    assert_eq!(run(b"K\x01)R").map(|_| ()), Err(malformed("REDUCE", 5)));
}

#[test]
fn opcodes_a_state_dict_never_needs_are_refused_by_name_and_offset() {
    let refused =
        |opcode: Option<&'static str>, byte: u8, at: u64| Err(FileFault::OpcodeNotAllowed { opcode, byte, at });
    assert_eq!(run(b"N0").map(|_| ()), refused(Some("POP"), b'0', 3));
    assert_eq!(run(b"(cos\nsystem\n").map(|_| ()), Err(FileFault::GlobalNotAllowed { global: "os.system".into() }));
    assert_eq!(run(b"(ios\nsystem\n").map(|_| ()), refused(Some("INST"), b'i', 3));
    assert_eq!(run(&[op::NEWOBJ]).map(|_| ()), refused(Some("NEWOBJ"), 0x81, 2));
    assert_eq!(run(&[0xf0]).map(|_| ()), refused(None, 0xf0, 2));
    assert_eq!(run(&[op::MARK, op::POP_MARK]).map(|_| ()), refused(Some("POP_MARK"), b'1', 3));
}

/// `OrderedDict(w=_rebuild_tensor_v2(storage, 0, (2, 1, …), (1, 1, …), False, OrderedDict()))`,
/// the storage two float32s: what torch writes, with `dims` sizes.
fn state_dict_body(dims: usize) -> Vec<u8> {
    let mut body = b"ccollections\nOrderedDict\n)R(".to_vec();
    body.extend(text("w"));
    body.extend(b"ctorch._utils\n_rebuild_tensor_v2\n((");
    body.extend(text("storage"));
    body.extend(b"ctorch\nFloatStorage\n");
    body.extend(text("0"));
    body.extend(text("cpu"));
    let ones = b"K\x01".repeat(dims - 1);
    body.extend([b"K\x02tQK\x00(K\x02".as_slice(), &ones, b"t(K\x01", &ones, b"t"].concat());
    body.extend(b"\x89ccollections\nOrderedDict\n)RtRu");
    body
}

#[test]
fn a_pickle_cut_anywhere_or_damaged_is_refused() {
    let body = state_dict_body(1);
    let whole = pickle(&body);
    let got = unpickle(&whole, 0).unwrap();
    let Some(Object::Dict(items)) = got.object(&got.value) else { panic!("{got:?}") };
    let Some(Object::Tensor(tensor)) = got.object(&items[0].1) else { panic!("{got:?}") };
    assert_eq!((tensor.shape.as_slice(), tensor.stride.as_slice(), tensor.storage.numel), (&[2][..], &[1][..], 2));
    assert_eq!(got.end, whole.len());
    for cut in 0..whole.len() {
        assert!(unpickle(&whole[..cut], 0).is_err(), "cut at {cut}");
    }
    for at in 0..whole.len() {
        for byte in [0, 0x80, b')', b'R', b'u', 0xff] {
            let mut damaged = whole.clone();
            damaged[at] = byte;
            let _ = unpickle(&damaged, 0);
        }
    }
}

#[test]
fn random_bytes_never_panic_and_stay_bounded() {
    // xorshift: the same bytes every run
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    // the opcodes the machine runs, so that random pickles get past their first bytes
    let runs = b"(.}])t\x85\x86\x87XU\x8cJKM\x8aG\x88\x89NqrhjsuaecRbQ\x94\x95";
    for _ in 0..20_000 {
        let len = (next() % 64) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let r = next();
                if r % 3 == 0 { (r >> 8) as u8 } else { runs[(r >> 8) as usize % runs.len()] }
            })
            .collect();
        if let Ok(got) = unpickle(&bytes, 0) {
            assert!(got.objects.len() <= bytes.len() && got.end <= bytes.len());
        }
    }
}

#[test]
fn repeated_and_nested_references_cost_one_value_each() {
    // a list holding itself, fetched from the memo 10 000 times: no copy, no recursion
    let mut body = vec![op::EMPTY_LIST, op::BINPUT, 0, op::BINGET, 0, op::APPEND, op::MARK];
    body.extend([op::BINGET, 0].repeat(10_000));
    body.push(op::TUPLE);
    let got = run(&body).unwrap();
    assert_eq!(got.objects.len(), 2);
    // a tensor of more than MAX_DIMS sizes is refused
    assert!(run(&state_dict_body(64)).is_ok());
    // the REDUCE of `_rebuild_tensor_v2`, the body's last but one byte (after PROTO 2)
    let body = state_dict_body(65);
    assert_eq!(run(&body).map(|_| ()), Err(malformed("REDUCE", body.len() as u64)));
}
