//! One widget per view of the focused tensor.
