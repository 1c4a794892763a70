//! Why a model directory's weights were not read (`model::marian::state_dict`'s keys written out),
//! said so the user can fix the directory or the file. File names, tensor names, dtypes, pickle
//! opcodes and `module.name` globals read the same in both languages; what the file says is shown
//! with control characters escaped and cut to a line.

use std::fmt;

use crate::lang::{Lang, current};
use crate::model::marian::state_dict::{FileFault, SAFETENSORS_FILE, StateDictError, TORCH_FILE, TorchFault};

impl fmt::Display for StateDictError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (st, pt) = (SAFETENSORS_FILE, TORCH_FILE);
        match (current(), self) {
            (Lang::En, StateDictError::NoWeightsFile { dir }) => write!(
                f,
                "the folder {dir} has no weights file: neither {st} nor {pt}; put the model's weights file there \
                 (one of the two, from the model's Hugging Face page)"
            ),
            (Lang::Zh, StateDictError::NoWeightsFile { dir }) => write!(
                f,
                "文件夹 {dir} 里没有权重文件：既没有 {st} 也没有 {pt}；请把模型的权重文件放进去\
                 （两者之一，在模型的 Hugging Face 页面上下载）"
            ),
            (_, StateDictError::Unread { path, reason }) => {
                super::files::read_refusal(f, &super::WEIGHTS_FILE, path, reason)
            }
            (Lang::En, StateDictError::Content { path, fault }) => write!(f, "{path}: {fault}"),
            (Lang::Zh, StateDictError::Content { path, fault }) => write!(f, "{path}：{fault}"),
        }
    }
}

impl fmt::Display for FileFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match current() {
            Lang::En => file_en(self, f),
            Lang::Zh => file_zh(self, f),
        }
    }
}

/// What is wrong with the file, in English.
fn file_en(fault: &FileFault, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use FileFault::*;
    match fault {
        NotSafetensors { reason } => {
            write!(f, "it is not a readable safetensors file ({}); download it again", said(reason))
        }
        NotTorch(torch) => write!(f, "{torch}"),
        OpcodeNotAllowed { opcode: Some(name), byte, at } => write!(
            f,
            "its pickle uses the opcode {name} ({byte:#04x}) at byte {at}, which a file of tensors never needs, \
             so it was not loaded"
        ),
        OpcodeNotAllowed { opcode: None, byte, at } => {
            write!(f, "its pickle holds {byte:#04x} at byte {at}, which is no pickle opcode; the file is damaged")
        }
        GlobalNotAllowed { global } => write!(
            f,
            "it holds a pickle that calls {}; a weights file needs only tensors, so it was not loaded (it may be \
             harmful: do not open it with torch.load either)",
            said(global)
        ),
        UnsupportedDtype { tensor, dtype } => write!(
            f,
            "tensor `{}` is stored as {}; only float32, float16 and bfloat16 tensors are read (convert the model \
             with model.float() and save it again)",
            said(tensor),
            said(dtype)
        ),
        OutsideStorage { tensor } => {
            write!(
                f,
                "tensor `{}` reaches past the end of its data; the file is damaged, download it again",
                said(tensor)
            )
        }
        Truncated => f.write_str("the file ends before what it declares does (it is cut short); download it again"),
        TooLarge { tensor, elements, room } => write!(
            f,
            "tensor `{}` claims {elements} elements, but at most {room} could come from this file; nothing was \
             allocated for it and the file was not loaded",
            said(tensor)
        ),
    }
}

/// The same in Chinese.
fn file_zh(fault: &FileFault, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use FileFault::*;
    match fault {
        NotSafetensors { reason } => write!(f, "它不是可读的 safetensors 文件（{}）；请重新下载", said(reason)),
        NotTorch(torch) => write!(f, "{torch}"),
        OpcodeNotAllowed { opcode: Some(name), byte, at } => write!(
            f,
            "它的 pickle 在第 {at} 字节处用了操作码 {name}（{byte:#04x}），只含张量的文件用不到它，所以没有加载"
        ),
        OpcodeNotAllowed { opcode: None, byte, at } => {
            write!(f, "它的 pickle 在第 {at} 字节处是 {byte:#04x}，这不是 pickle 操作码；文件已损坏")
        }
        GlobalNotAllowed { global } => write!(
            f,
            "它含有一个调用 {} 的 pickle；权重文件只需要张量，所以没有加载（它可能有害：也不要用 torch.load 打开它）",
            said(global)
        ),
        UnsupportedDtype { tensor, dtype } => write!(
            f,
            "张量 `{}` 以 {} 存储；只能读取 float32、float16 和 bfloat16 的张量（请用 model.float() 转换模型后重新保存）",
            said(tensor),
            said(dtype)
        ),
        OutsideStorage { tensor } => write!(f, "张量 `{}` 超出了它的数据末尾；文件已损坏，请重新下载", said(tensor)),
        Truncated => f.write_str("文件在它声明的内容之前就结束了（被截断）；请重新下载"),
        TooLarge { tensor, elements, room } => write!(
            f,
            "张量 `{}` 声称有 {elements} 个元素，但这个文件最多只能提供 {room} 个；没有为它分配内存，文件没有加载",
            said(tensor)
        ),
    }
}

impl fmt::Display for TorchFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match current() {
            Lang::En => torch_en(self, f),
            Lang::Zh => torch_zh(self, f),
        }
    }
}

/// Why the file is not a state dict torch wrote, in English.
fn torch_en(fault: &TorchFault, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use TorchFault::*;
    match fault {
        Zip(reason) => write!(f, "it is not a readable zip file ({}); download it again", said(reason)),
        NoDataPkl => f.write_str("it is a zip, but not one torch.save wrote: it holds no data.pkl"),
        ByteOrder(order) => write!(
            f,
            "its tensors are stored {}-endian; only little-endian files are read (save it again on a \
             little-endian machine)",
            said(order)
        ),
        NoMagic => f.write_str("it is neither a zip nor torch's older format; it is not a PyTorch weights file"),
        LegacyVersion(v) => write!(f, "it is in torch's older format, but of version {v}; only version 1001 is read"),
        MissingStorage { key } => {
            write!(f, "the data of storage `{}` is missing; the file is damaged, download it again", said(key))
        }
        UnknownStorage { key } => write!(
            f,
            "it lists storage `{}`, which no tensor uses, so its size is unknown; the file is damaged",
            said(key)
        ),
        NotStateDict { name: None } => {
            f.write_str("its pickle is not a dict of tensors; a weights file holds a model's state_dict()")
        }
        NotStateDict { name: Some(name) } => write!(
            f,
            "entry `{}` of its pickle's dict is not a tensor; a weights file holds a model's state_dict(), \
             names and tensors only",
            said(name)
        ),
        Malformed { opcode, at } => write!(
            f,
            "its pickle is damaged: the opcode {opcode} at byte {at} does not fit what comes before it; download \
             the file again"
        ),
    }
}

/// The same in Chinese.
fn torch_zh(fault: &TorchFault, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use TorchFault::*;
    match fault {
        Zip(reason) => write!(f, "它不是可读的 zip 文件（{}）；请重新下载", said(reason)),
        NoDataPkl => f.write_str("它是 zip 文件，但不是 torch.save 写的：里面没有 data.pkl"),
        ByteOrder(order) => {
            write!(
                f,
                "它的张量按 {} 字节序存储；只能读取小端（little）字节序的文件（请在小端机器上重新保存）",
                said(order)
            )
        }
        NoMagic => f.write_str("它既不是 zip 文件，也不是 torch 的旧格式；它不是 PyTorch 权重文件"),
        LegacyVersion(v) => write!(f, "它是 torch 的旧格式，但版本是 {v}；只能读取 1001 版"),
        MissingStorage { key } => write!(f, "缺少存储 `{}` 的数据；文件已损坏，请重新下载", said(key)),
        UnknownStorage { key } => {
            write!(f, "它列出了没有任何张量使用的存储 `{}`，无法知道它的大小；文件已损坏", said(key))
        }
        NotStateDict { name: None } => f.write_str("它的 pickle 不是张量字典；权重文件里是模型的 state_dict()"),
        NotStateDict { name: Some(name) } => {
            write!(f, "它的 pickle 字典里的 `{}` 不是张量；权重文件里是模型的 state_dict()，只有名字和张量", said(name))
        }
        Malformed { opcode, at } => {
            write!(f, "它的 pickle 已损坏：第 {at} 字节处的操作码 {opcode} 与前面的内容对不上；请重新下载")
        }
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
    use crate::lang::with;

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
