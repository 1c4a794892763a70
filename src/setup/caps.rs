//! The caps on what one run takes from the command line or a lesson file, checked before a row
//! is tokenized or a tensor allocated (issue 40).

use crate::strings;

/// The most `;` rows one run takes: a learner's batch is a handful of sentences, and each row
/// multiplies every tensor of the run (32,000 rows of `我` took 7 GB before this cap).
pub const MAX_BATCH_ROWS: usize = 64;

/// The most tokens one run takes over all its rows together (before padding).
pub const MAX_TOKENS: usize = 4096;

/// `rows` rows holding `tokens` tokens together are within the caps, or the message saying which is not.
pub(super) fn within_caps(rows: usize, tokens: usize) -> Result<(), String> {
    if rows > MAX_BATCH_ROWS {
        return Err(strings::too_many_rows(rows, MAX_BATCH_ROWS));
    }
    if tokens > MAX_TOKENS {
        return Err(strings::too_many_tokens(tokens, MAX_TOKENS));
    }
    Ok(())
}
