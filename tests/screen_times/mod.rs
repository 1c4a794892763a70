//! Measured times on a drawn screen, for snapshots that must read the same on every run.

/// The times a `kv-cache` view measures live (`0.123 ms`, padded to a column) as `#.###`, the
/// column's width kept: everything else of the screen is the same on every run.
pub fn without_times(screen: &str) -> String {
    let mut out: Vec<char> = screen.chars().collect();
    let text = out.clone();
    for i in 0..text.len() {
        if text[i..].starts_with(&[' ', 'm', 's']) {
            let mut start = i;
            while start > 0 && (text[start - 1].is_ascii_digit() || text[start - 1] == '.' || text[start - 1] == ' ') {
                start -= 1;
            }
            if i - start >= 5 && text[start..i].iter().any(char::is_ascii_digit) {
                let run = i - start;
                for (k, c) in out[start..i].iter_mut().enumerate() {
                    *c = if k + 5 >= run { "#.###".chars().nth(k + 5 - run).unwrap_or(' ') } else { ' ' };
                }
            }
        }
    }
    out.into_iter().collect()
}
