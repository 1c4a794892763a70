//! A Hugging Face model directory's weights file read into a state dict
//! (`model::marian::state_dict`): the same tensors from `model.safetensors` and from both of
//! torch's `pytorch_model.bin` formats, the exact values torch saved (views, float16, bfloat16),
//! and every hostile or damaged file refused with a reason, never run, never a panic, and never
//! an allocation a file's header merely claims.

mod temp_folder;
use temp_folder::TempFolder;

use std::path::PathBuf;

use serde_json::Value as Json;
use std::sync::atomic::{AtomicUsize, Ordering};
use transformer_tutor::lang::{Lang, with};

use transformer_tutor::model::marian::state_dict::{
    FileFault, Reading, StateDict, StateDictError, Tensor, WeightsFormat, read_weights, read_weights_skipping,
};
use transformer_tutor::model::marian::{safetensors_file, torch_pickle};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn torch_fixture(name: &str) -> Vec<u8> {
    std::fs::read(root().join("tests/fixtures/torch").join(name)).unwrap()
}

/// A fresh scratch directory for this test.
fn scratch(name: &str) -> TempFolder {
    TempFolder::made(&format!("weights-dir-{name}"))
}

fn read(dir: &str) -> StateDict {
    read_weights(&root().join(dir)).unwrap_or_else(|e| panic!("{dir}: {e}"))
}

#[test]
fn the_three_formats_give_the_same_tensors() {
    let safetensors = read("weights/marian-tiny");
    let zip = read("tests/fixtures/marian/bin-zip");
    let legacy = read("tests/fixtures/marian/bin-legacy");
    assert_eq!(safetensors.format, WeightsFormat::Safetensors);
    assert_eq!(zip.format, WeightsFormat::TorchZip);
    assert_eq!(legacy.format, WeightsFormat::TorchLegacy);
    assert_eq!((safetensors.tensors.len(), zip.tensors.len(), legacy.tensors.len()), (112, 117, 112));
    for (name, tensor) in &safetensors.tensors {
        assert!(!tensor.data.is_empty(), "{name}");
        assert_eq!(zip.tensors.get(name), Some(tensor), "{name} in bin-zip");
        // the legacy checkpoint is saved without transformers' `model.` prefix
        let stripped = name.strip_prefix("model.").unwrap_or(name);
        assert_eq!(legacy.tensors.get(stripped), Some(tensor), "{stripped} in bin-legacy");
    }
    // the zip holds the tied embeddings under four names, one storage: four equal copies
    let shared = &zip.tensors["model.shared.weight"];
    for tied in ["model.encoder.embed_tokens.weight", "model.decoder.embed_tokens.weight", "lm_head.weight"] {
        assert_eq!(&zip.tensors[tied], shared, "{tied}");
    }
    let positions = &zip.tensors["model.encoder.embed_positions.weight"];
    assert_eq!(positions.shape[1], shared.shape[1]);
}

/// What the Marian loader skips: the tied copies of the embeddings and the position tables.
fn duplicate(name: &str) -> bool {
    name.ends_with("embed_tokens.weight") || name.ends_with("embed_positions.weight") || name == "lm_head.weight"
}

#[test]
fn skipped_tensors_are_left_out_and_the_rest_read_the_same() {
    for dir in ["weights/marian-tiny", "tests/fixtures/marian/bin-zip", "tests/fixtures/marian/bin-legacy"] {
        let all = read(dir);
        let some = read_weights_skipping(&root().join(dir), &duplicate).unwrap_or_else(|e| panic!("{dir}: {e}"));
        assert_eq!(some.format, all.format, "{dir}");
        let kept: Vec<&str> = all.names().filter(|n| !duplicate(n)).collect();
        assert_eq!(some.names().collect::<Vec<_>>(), kept, "{dir}");
        assert!(kept.iter().any(|n| n.ends_with("shared.weight")), "{dir}");
        for name in kept {
            assert_eq!(some.tensors[name], all.tensors[name], "{dir}: {name}");
        }
    }
    let zip = read_weights_skipping(&root().join("tests/fixtures/marian/bin-zip"), &duplicate).unwrap();
    assert_eq!(zip.tensors.len(), 117 - 5);
    let nothing = read_weights_skipping(&root().join("weights/marian-tiny"), &|_| true).unwrap();
    assert!(nothing.tensors.is_empty());
}

#[test]
fn the_bytes_copied_out_are_released() {
    for (name, bytes, safetensors) in fixture_files() {
        let released = AtomicUsize::new(0);
        let release = |part: &[u8]| {
            released.fetch_add(part.len(), Ordering::Relaxed);
        };
        let reading = Reading { skip: &duplicate, release: &release };
        let tensors = if safetensors {
            safetensors_file::read_with(&bytes, &reading).unwrap()
        } else {
            torch_pickle::read_with(&bytes, &reading).unwrap().1
        };
        assert!(tensors.keys().all(|n| !duplicate(n)), "{name}");
        // each tensor's bytes once (the small files' views: the storage they were gathered from,
        // at least as many bytes as their elements)
        let copied: usize = tensors.values().map(|t| t.data.len() * 4).sum();
        let released = released.into_inner();
        assert!(released >= copied / 2, "{name}: {released} released, {copied} copied as f32");
        assert!(released <= bytes.len() * 4, "{name}");
    }
}

#[test]
fn take_moves_a_tensor_out_and_names_lists_the_rest() {
    let mut dict = read("weights/marian-tiny");
    let bias = dict.take("final_logits_bias").unwrap();
    assert_eq!(bias.shape.len(), 2);
    assert!(dict.take("final_logits_bias").is_none());
    assert_eq!(dict.names().count(), 111);
    assert!(dict.names().all(|n| n.starts_with("model.")));
}

/// The tensors `small_expected.json` lists for `file`: name, shape and values.
fn expected(file: &str) -> Vec<(String, Vec<usize>, Vec<f32>)> {
    let text = std::fs::read_to_string(root().join("tests/fixtures/torch/small_expected.json")).unwrap();
    let json: Json = serde_json::from_str(&text).unwrap();
    let entries = json[file].as_array().unwrap_or_else(|| panic!("{file} in small_expected.json"));
    let numbers = |v: &Json| v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect::<Vec<f64>>();
    entries
        .iter()
        .map(|e| {
            let shape = numbers(&e["shape"]).into_iter().map(|d| d as usize).collect();
            let values = numbers(&e["values"]).into_iter().map(|x| x as f32).collect();
            (e["name"].as_str().unwrap().to_string(), shape, values)
        })
        .collect()
}

#[test]
fn the_small_torch_files_give_exactly_what_torch_saved() {
    for (file, format) in [
        ("small_zip.bin", WeightsFormat::TorchZip),
        ("small_legacy.bin", WeightsFormat::TorchLegacy),
        ("float16_zip.bin", WeightsFormat::TorchZip),
    ] {
        let (got_format, tensors) = torch_pickle::read(&torch_fixture(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(got_format, format, "{file}");
        let want = expected(file);
        assert_eq!(tensors.len(), want.len(), "{file}");
        for (name, shape, values) in want {
            let Tensor { shape: got_shape, data } = &tensors[&name];
            assert_eq!((got_shape, data), (&shape, &values), "{file}: {name}");
        }
    }
}

#[test]
fn a_pickle_that_calls_os_system_is_refused_naming_it() {
    let refused = FileFault::GlobalNotAllowed { global: "os.system".into() };
    assert_eq!(torch_pickle::read(&torch_fixture("evil.bin")).unwrap_err(), refused);
    let dir = scratch("evil");
    std::fs::copy(root().join("tests/fixtures/torch/evil.bin"), dir.join("pytorch_model.bin")).unwrap();
    let e = read_weights(&dir).unwrap_err();
    assert!(matches!(&e, StateDictError::Content { fault, .. } if *fault == refused), "{e:?}");
    let (en, zh) = (with(Lang::En, || e.to_string()), with(Lang::Zh, || e.to_string()));
    assert!(
        en.contains("pytorch_model.bin: it holds a pickle that calls os.system; a weights file needs only"),
        "{en}"
    );
    assert!(zh.contains("pytorch_model.bin：它含有一个调用 os.system 的 pickle"), "{zh}");
}

#[test]
fn a_directory_without_a_weights_file_names_both() {
    let dir = scratch("empty");
    let e = read_weights(&dir).unwrap_err();
    assert!(matches!(e, StateDictError::NoWeightsFile { .. }), "{e:?}");
    for lang in [Lang::En, Lang::Zh] {
        let said = with(lang, || e.to_string());
        assert!(said.contains("model.safetensors") && said.contains("pytorch_model.bin"), "{said}");
    }
    // a weights file that is a directory is named, not skipped
    std::fs::create_dir(dir.join("model.safetensors")).unwrap();
    let e = read_weights(&dir).unwrap_err();
    assert!(matches!(e, StateDictError::Unread { .. }), "{e:?}");
    assert!(e.to_string().contains("is a directory, not a regular file"), "{e}");
}

/// Every fixture file, with a reader for its format.
fn fixture_files() -> Vec<(String, Vec<u8>, bool)> {
    let mut files = vec![("model.safetensors".to_string(), read_file("weights/marian-tiny/model.safetensors"), true)];
    for dir in ["bin-zip", "bin-legacy"] {
        let path = format!("tests/fixtures/marian/{dir}/pytorch_model.bin");
        files.push((path.clone(), read_file(&path), false));
    }
    for name in ["small_zip.bin", "small_legacy.bin", "float16_zip.bin"] {
        files.push((name.to_string(), torch_fixture(name), false));
    }
    files
}

fn read_file(path: &str) -> Vec<u8> {
    std::fs::read(root().join(path)).unwrap()
}

fn read_any(bytes: &[u8], safetensors: bool) -> Result<usize, FileFault> {
    if safetensors {
        safetensors_file::read(bytes).map(|t| t.len())
    } else {
        torch_pickle::read(bytes).map(|t| t.1.len())
    }
}

#[test]
fn a_file_cut_anywhere_is_refused_without_panic() {
    for (name, bytes, safetensors) in fixture_files() {
        let n = bytes.len();
        let cuts = [0, 1, 2, 7, 8, 9, 16, 64, 200, n / 3, n / 2, n - 100, n - 23, n - 4, n - 1];
        for cut in cuts.into_iter().chain((0..n).step_by(n / 40 + 1)) {
            let cut = cut.min(n - 1);
            assert!(read_any(&bytes[..cut], safetensors).is_err(), "{name} cut at {cut} of {n}");
        }
    }
    let legacy = torch_fixture("small_legacy.bin");
    assert_eq!(torch_pickle::read(&legacy[..legacy.len() - 1]).unwrap_err(), FileFault::Truncated);
}

#[test]
fn damaged_bytes_never_panic() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for (name, bytes, safetensors) in fixture_files() {
        let rounds = if bytes.len() > 10_000 { 40 } else { 400 };
        for _ in 0..rounds {
            let mut damaged = bytes.clone();
            for _ in 0..1 + next() % 4 {
                let at = (next() % damaged.len() as u64) as usize;
                damaged[at] = next() as u8;
            }
            // a changed byte in a tensor's data is still a file: only no panic is asked
            let _ = read_any(&damaged, safetensors).map_err(|e| e.to_string());
        }
        let _ = name;
    }
}

/// `X`, a u32 length, and the text: a string in a pickle.
fn text(s: &str) -> Vec<u8> {
    [&[b'X'][..], &(s.len() as u32).to_le_bytes(), s.as_bytes()].concat()
}

/// A view of a storage, as a hostile or damaged file may declare it.
struct View<'a> {
    class: &'a str,
    numel: u8,
    offset: u8,
    shape: &'a [u8],
    stride: &'a [u8],
}

/// Torch's older format written by hand: one tensor `w`, the `view` of storage `0`, whose record
/// says it holds `count` elements and holds the bytes `data`.
fn legacy_file(view: &View, count: u64, data: &[u8]) -> Vec<u8> {
    let magic = [0x80, 2, 0x8a, 10, 0x6c, 0xfc, 0x9c, 0x46, 0xf9, 0x20, 0x6a, 0xa8, 0x50, 0x19, b'.'];
    let version_and_system = [0x80, 2, b'M', 0xe9, 0x03, b'.', 0x80, 2, b'}', b'.'];
    let ints = |sizes: &[u8]| [&[b'('][..], &sizes.iter().flat_map(|&n| [b'K', n]).collect::<Vec<u8>>(), b"t"].concat();
    let pickle = [
        &b"\x80\x02ccollections\nOrderedDict\n)R("[..],
        &text("w"),
        b"ctorch._utils\n_rebuild_tensor_v2\n((",
        &text("storage"),
        format!("ctorch\n{}\n", view.class).as_bytes(),
        &text("0"),
        &text("cpu"),
        &[b'K', view.numel, b'N', b't', b'Q', b'K', view.offset],
        &ints(view.shape),
        &ints(view.stride),
        b"\x89ccollections\nOrderedDict\n)RtRu.",
    ]
    .concat();
    let keys = [&[0x80, 2, b']', b'('][..], &text("0"), b"e."].concat();
    [&magic[..], &version_and_system, &pickle, &keys, &count.to_le_bytes(), data].concat()
}

#[test]
fn hostile_views_and_storages_are_refused_before_allocating() {
    let floats: Vec<u8> = (0..6).flat_map(|i| (i as f32).to_le_bytes()).collect();
    let read = |view: &View, count: u64, data: &[u8]| torch_pickle::read(&legacy_file(view, count, data));
    let view = |class, offset, shape, stride| View { class, numel: 6, offset, shape, stride };
    // a transposed view, read right: the hand-written file is what torch writes
    let (format, tensors) = read(&view("FloatStorage", 0, &[3, 2], &[1, 3]), 6, &floats).unwrap();
    assert_eq!((format, &tensors["w"].data), (WeightsFormat::TorchLegacy, &vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]));
    // 255⁴ elements claimed from a storage of 6 (strides of 0): nothing allocated
    let huge = read(&view("FloatStorage", 0, &[255; 4], &[0; 4]), 6, &floats).unwrap_err();
    assert_eq!(huge, FileFault::TooLarge { tensor: "w".into(), elements: 255u64.pow(4), room: 6 });
    let outside = Err(FileFault::OutsideStorage { tensor: "w".into() });
    assert_eq!(read(&view("FloatStorage", 5, &[2], &[1]), 6, &floats).map(|_| ()), outside);
    assert_eq!(read(&view("FloatStorage", 0, &[2, 3], &[3, 1]), 4, &floats[..16]).map(|_| ()), outside);
    let short = read(&view("FloatStorage", 0, &[2, 3], &[3, 1]), 6, &floats[..12]);
    assert_eq!(short.map(|_| ()), Err(FileFault::Truncated));
    for class in ["LongStorage", "DoubleStorage"] {
        let refused = FileFault::UnsupportedDtype { tensor: "w".into(), dtype: format!("torch.{class}") };
        assert_eq!(read(&view(class, 0, &[6], &[1]), 6, &floats).unwrap_err(), refused);
    }
    let any = read(&view("UntypedStorage", 0, &[6], &[1]), 6, &floats).unwrap_err();
    assert_eq!(any, FileFault::GlobalNotAllowed { global: "torch.UntypedStorage".into() });
    // skipped, a view is still checked against its storage, but takes nothing from the budget
    let reading = Reading { skip: &|name| name == "w", release: &|_| {} };
    let skip =
        |view: &View, count: u64, data: &[u8]| torch_pickle::read_with(&legacy_file(view, count, data), &reading);
    assert!(skip(&view("FloatStorage", 0, &[255; 4], &[0; 4]), 6, &floats).unwrap().1.is_empty());
    assert_eq!(skip(&view("FloatStorage", 5, &[2], &[1]), 6, &floats).map(|_| ()), outside);
    let short = skip(&view("FloatStorage", 0, &[2, 3], &[3, 1]), 6, &floats[..12]);
    assert_eq!(short.map(|_| ()), Err(FileFault::Truncated));
    let refused = FileFault::UnsupportedDtype { tensor: "w".into(), dtype: "torch.LongStorage".into() };
    assert_eq!(skip(&view("LongStorage", 0, &[6], &[1]), 6, &floats).unwrap_err(), refused);
}

/// A safetensors file of one tensor with this header entry and `data` bytes of data.
fn safetensors_with(entry: &str, data: usize) -> Vec<u8> {
    let header = format!("{{\"w\":{entry}}}");
    let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
    bytes.extend(header.as_bytes());
    bytes.extend(vec![0u8; data]);
    bytes
}

#[test]
fn a_safetensors_header_claiming_a_huge_shape_is_refused_before_allocating() {
    let ok = safetensors_with(r#"{"dtype":"F16","shape":[2,2],"data_offsets":[0,8]}"#, 8);
    assert_eq!(safetensors_file::read(&ok).unwrap()["w"].data, [0.0; 4]);
    for shape in ["[1000000000000,1000000]", "[4611686018427387904]", "[1099511627776,1099511627776]"] {
        let bytes = safetensors_with(&format!(r#"{{"dtype":"F32","shape":{shape},"data_offsets":[0,8]}}"#), 8);
        let e = safetensors_file::read(&bytes).unwrap_err();
        assert!(matches!(e, FileFault::NotSafetensors { .. } | FileFault::TooLarge { .. }), "{shape}: {e:?}");
    }
    let long = safetensors_with(r#"{"dtype":"I64","shape":[1],"data_offsets":[0,8]}"#, 8);
    let refused = FileFault::UnsupportedDtype { tensor: "w".into(), dtype: "I64".into() };
    assert_eq!(safetensors_file::read(&long).unwrap_err(), refused);
    // skipped, a tensor is checked all the same, and nothing of it is read
    let reading = Reading { skip: &|_| true, release: &|_| panic!("nothing is read") };
    assert_eq!(safetensors_file::read_with(&long, &reading).unwrap_err(), refused);
    assert!(safetensors_file::read_with(&ok, &reading).unwrap().is_empty());
    assert_eq!(safetensors_file::read(&ok[..5]).unwrap_err(), FileFault::Truncated);
}
