//! The one error type: a sentence for the user, naming the file it concerns; and how any
//! line the user reads is kept to one line.

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};

#[derive(Debug)]
pub struct Error {
    path: Option<PathBuf>,
    /// The line of the file it is on, where it is on one (the message says it too).
    line: Option<usize>,
    message: String,
}

impl Error {
    /// Something is wrong with the file at `path`.
    pub fn in_file(path: &Path, message: impl Into<String>) -> Error {
        Error {
            path: Some(path.to_path_buf()),
            line: None,
            message: message.into(),
        }
    }

    /// Something is wrong on the line `line` of the file at `path`, which `message` names.
    pub fn on_line(path: &Path, line: Option<usize>, message: impl Into<String>) -> Error {
        Error {
            line,
            ..Error::in_file(path, message)
        }
    }

    /// The command line itself is wrong.
    pub fn usage(message: impl Into<String>) -> Error {
        Error {
            path: None,
            line: None,
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

    /// The line of the file it is on, if it is on one.
    pub fn line(&self) -> Option<usize> {
        self.line
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

/// `text` with its control characters escaped as Rust writes them (`\n`, `\r`, `\t`,
/// `\u{1b}`): a path, a test name or a description that holds a line break or a terminal
/// escape stays on its line, so one finding or one error is one line, and no line can be made
/// to begin with what a CI runner reads as a command (`::error …`).
pub fn one_line(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            escaped.extend(c.escape_debug());
        } else {
            escaped.push(c);
        }
    }
    Cow::Owned(escaped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(
            one_line("a\nb\r\t\u{1b}[31mred\u{7f} «é»"),
            "a\\nb\\r\\t\\u{1b}[31mred\\u{7f} «é»"
        );
        assert!(matches!(one_line("plain \\n"), Cow::Borrowed(_)));
    }
}
