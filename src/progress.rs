//! Saved progress (filled in below).
