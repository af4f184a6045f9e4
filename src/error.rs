//! The one error type: a sentence for the user, naming the file it concerns.

use std::fmt;
use std::path::{Path, PathBuf};

#[derive(Debug)]
pub struct Error {
    path: Option<PathBuf>,
    message: String,
}

impl Error {
    /// Something is wrong with the file at `path`.
    pub fn in_file(path: &Path, message: impl Into<String>) -> Error {
        Error {
            path: Some(path.to_path_buf()),
            message: message.into(),
        }
    }

    /// The command line itself is wrong.
    pub fn usage(message: impl Into<String>) -> Error {
        Error {
            path: None,
            message: message.into(),
        }
    }

    /// An I/O failure on `path`, worded for a person rather than as an OS error code.
    pub fn io(path: &Path, action: &str, error: &std::io::Error) -> Error {
        use std::io::ErrorKind::*;
        let reason = match error.kind() {
            NotFound => "no such file or directory".to_string(),
            PermissionDenied => "permission denied".to_string(),
            IsADirectory => "is a directory, not a file".to_string(),
            // The OS's words, without the temporary file's path that tempfile adds to them.
            _ => match error.raw_os_error() {
                Some(code) => std::io::Error::from_raw_os_error(code).to_string(),
                None => error.to_string(),
            },
        };
        Error::in_file(path, format!("cannot {action}: {reason}"))
    }
}

impl Error {
    /// The file the error concerns, as given, or empty.
    pub fn path_text(&self) -> String {
        self.path
            .as_ref()
            .map_or(String::new(), |p| p.display().to_string())
    }

    /// The sentence without the file.
    pub fn message_text(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(path) => write!(f, "{}: {}", path.display(), self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}
