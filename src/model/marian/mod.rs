//! A Hugging Face MarianMT model directory (Helsinki-NLP/opus-mt-zh-en), read as it is on the Hub.
//!
//! - `state_dict`: the directory's weights file as named f32 tensors, `read_weights`
//! - `safetensors_file`: `model.safetensors`, memory-mapped
//! - `torch_pickle`: `pytorch_model.bin`, both of torch's formats, through `pickle_vm`, a pickle
//!   machine that runs nothing (`pickle_ops`: the opcodes; `torch_globals`: the only globals it
//!   knows; `torch_view`: a tensor copied out of its storage)
//! - `config`: config.json and generation_config.json; `load`: the whole directory as `Weights`
//! - `tokenizer`: `source.spm`, `target.spm` and `vocab.json`, giving transformers' `MarianTokenizer` ids

pub mod config;
pub mod load;
pub mod safetensors_file;
pub mod state_dict;
pub mod tokenizer;
pub mod torch_pickle;

mod pickle_ops;
mod pickle_vm;
mod torch_globals;
mod torch_view;
