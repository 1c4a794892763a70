//! The `kv-cache` view's words.

use crate::lang::Text;
use crate::lang::message_with;

pub fn kv_heading(source: &str) -> String {
    message_with("kv-heading", &[("source", &source)])
}

pub const KV_STEP: Text = Text::id("kv-step");
pub const KV_READS: Text = Text::id("kv-reads");
pub const KV_KEYS: Text = Text::id("kv-keys");
pub const KV_WITH: Text = Text::id("kv-with");
pub const KV_WITHOUT: Text = Text::id("kv-without");

pub const KV_ONCE: Text = Text::id("kv-once");

pub fn kv_query_heading(step: usize) -> String {
    message_with("kv-query-heading", &[("step", &step)])
}
