//! Why a model directory's weights were not read (`model::marian::state_dict`'s keys written out),
//! said so the user can fix the directory or the file. File names, tensor names, dtypes, pickle
//! opcodes and `module.name` globals read the same in every language; what the file says is shown
//! with control characters escaped and cut to a line.

use std::fmt;

use crate::lang::{message, message_with};
use crate::model::marian::state_dict::{FileFault, SAFETENSORS_FILE, StateDictError, TORCH_FILE, TorchFault};

impl fmt::Display for StateDictError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            StateDictError::NoWeightsFile { dir } => message_with(
                "weights-dir-no-weights-file",
                &[("dir", dir), ("safetensors", &SAFETENSORS_FILE), ("torch", &TORCH_FILE)],
            ),
            StateDictError::Unread { path, reason } => {
                return super::files::read_refusal(f, &super::WEIGHTS_FILE, path, reason);
            }
            StateDictError::Content { path, fault } => {
                message_with("weights-dir-content", &[("path", path), ("fault", fault)])
            }
        };
        f.write_str(&text)
    }
}

impl fmt::Display for FileFault {
    /// What is wrong with the file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FileFault::*;
        let text = match self {
            NotSafetensors { reason } => message_with("weights-not-safetensors", &[("reason", &said(reason))]),
            NotTorch(torch) => return write!(f, "{torch}"),
            OpcodeNotAllowed { opcode: Some(name), byte, at } => message_with(
                "pickle-opcode-not-allowed",
                &[("opcode", name), ("byte", &format!("{byte:#04x}")), ("at", at)],
            ),
            OpcodeNotAllowed { opcode: None, byte, at } => {
                message_with("pickle-not-an-opcode", &[("byte", &format!("{byte:#04x}")), ("at", at)])
            }
            GlobalNotAllowed { global } => message_with("pickle-global-not-allowed", &[("global", &said(global))]),
            UnsupportedDtype { tensor, dtype } => {
                message_with("weights-unsupported-dtype", &[("tensor", &said(tensor)), ("dtype", &said(dtype))])
            }
            OutsideStorage { tensor } => message_with("weights-outside-storage", &[("tensor", &said(tensor))]),
            Truncated => message("weights-truncated").to_string(),
            TooLarge { tensor, elements, room } => message_with(
                "weights-tensor-too-large",
                &[("tensor", &said(tensor)), ("elements", elements), ("room", room)],
            ),
        };
        f.write_str(&text)
    }
}

impl fmt::Display for TorchFault {
    /// Why the file is not a state dict torch wrote.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TorchFault::*;
        let text = match self {
            Zip(reason) => message_with("torch-not-zip", &[("reason", &said(reason))]),
            NoDataPkl => message("torch-no-data-pkl").to_string(),
            ByteOrder(order) => message_with("torch-byte-order", &[("order", &said(order))]),
            NoMagic => message("torch-no-magic").to_string(),
            LegacyVersion(v) => message_with("torch-legacy-version", &[("version", v)]),
            MissingStorage { key } => message_with("torch-missing-storage", &[("key", &said(key))]),
            UnknownStorage { key } => message_with("torch-unknown-storage", &[("key", &said(key))]),
            NotStateDict { name: None } => message("torch-not-a-state-dict").to_string(),
            NotStateDict { name: Some(name) } => message_with("torch-entry-not-a-tensor", &[("name", &said(name))]),
            Malformed { opcode, at } => message_with("torch-malformed", &[("opcode", opcode), ("at", at)]),
        };
        f.write_str(&text)
    }
}

/// Text read from the file, as a message shows it: control characters escaped, at most
/// `SAID_CHARS` characters (then `…`).
fn said(text: &str) -> String {
    const SAID_CHARS: usize = 120;
    let escaped = crate::text::escape_controls(text, false);
    match escaped.char_indices().nth(SAID_CHARS) {
        Some((cut, _)) => format!("{}…", &escaped[..cut]),
        None => escaped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{Lang, with};

    #[test]
    fn a_harmful_pickle_is_named_in_both_languages() {
        let e = StateDictError::Content {
            path: "m/pytorch_model.bin".into(),
            fault: FileFault::GlobalNotAllowed { global: "os.system".into() },
        };
        let en = with(Lang::En, || e.to_string());
        assert!(en.starts_with("m/pytorch_model.bin: it holds a pickle that calls os.system; a weights"), "{en}");
        let zh = with(Lang::Zh, || e.to_string());
        assert!(zh.starts_with("m/pytorch_model.bin：它含有一个调用 os.system 的 pickle；"), "{zh}");
    }

    #[test]
    fn a_folder_without_weights_names_both_files() {
        let e = StateDictError::NoWeightsFile { dir: "opus".into() };
        for lang in [Lang::En, Lang::Zh] {
            let said = with(lang, || e.to_string());
            assert!(said.contains("model.safetensors") && said.contains("pytorch_model.bin"), "{said}");
        }
    }

    #[test]
    fn text_from_the_file_is_escaped_and_cut() {
        let fault = FileFault::OutsideStorage { tensor: format!("a\x1b[2J{}", "x".repeat(500)) };
        let said = with(Lang::En, || fault.to_string());
        assert!(!said.contains('\x1b') && said.contains("x…`") && said.len() < 300, "{said}");
        let fault = FileFault::OpcodeNotAllowed { opcode: Some("INST"), byte: b'i', at: 12 };
        assert_eq!(
            with(Lang::Zh, || fault.to_string()),
            "它的 pickle 在第 12 字节处用了操作码 INST（0x69），只含张量的文件用不到它，所以没有加载"
        );
    }
}
