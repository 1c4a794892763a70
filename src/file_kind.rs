//! What a path is when it is not a regular file: the one kind both the reads of `user_file` and
//! the writes of `atomic_file` refuse, each saying which it is (`strings/files.rs` words it for
//! each). A leaf: it imports nothing from the crate.

use std::fs::Metadata;

/// What a path that is not a regular file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotRegular {
    Directory,
    /// A FIFO (named pipe).
    Fifo,
    /// A character or block device (`/dev/zero`, `/dev/full`).
    Device,
    Socket,
    /// Anything else that is not a regular file.
    Other,
}

impl NotRegular {
    /// What `meta`'s file is, for metadata that is not a regular file's (a directory, a FIFO, a
    /// device, a socket; off Unix only a directory is told apart).
    pub fn of(meta: &Metadata) -> NotRegular {
        let t = meta.file_type();
        if t.is_dir() {
            return NotRegular::Directory;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if t.is_fifo() {
                return NotRegular::Fifo;
            }
            if t.is_char_device() || t.is_block_device() {
                return NotRegular::Device;
            }
            if t.is_socket() {
                return NotRegular::Socket;
            }
        }
        NotRegular::Other
    }
}
