//! A Hugging Face MarianMT model directory (Helsinki-NLP/opus-mt-zh-en), read as it is on the Hub.
//!
//! - `tokenizer`: `source.spm`, `target.spm` and `vocab.json`, giving transformers' `MarianTokenizer` ids

pub mod tokenizer;
