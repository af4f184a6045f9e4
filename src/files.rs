//! Reading inputs and writing outputs. An input is read only when it is a regular file (a
//! directory, a named pipe, a device or a socket is an error naming it, before anything is
//! opened, and nothing is opened in a way that can block), and only up to the size its kind
//! may have (`Limit`). Every output is written to a temporary file in the target's directory
//! and renamed over the target, so a failure never leaves half a file; a device or a pipe
//! (`/dev/null`, `/dev/stdout`) is written in place.

use std::fs;
use std::io::{Read, Write};
use std::path::Path;

use crate::error::Error;

/// The most one kind of input may hold. Past it the input is refused rather than read, so a
/// file that is far larger than any real input of its kind cannot exhaust memory or time.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    /// What the input is, as the error names it: "a test file".
    pub what: &'static str,
    pub bytes: u64,
}

const MIB: u64 = 1024 * 1024;

/// A test file or a mix.exs: twice the largest the scale bench parses (100k tests, 16 MB);
/// the largest of the three tracks is 21 KB.
pub const SOURCE: Limit = Limit {
    what: "a test file",
    bytes: 32 * MIB,
};
/// The results a run wrote, read whole when they are JSON or JUnit XML (a log in the line
/// dialect is streamed and has no limit), and the metadata and split output `--combine` reads.
pub const RUN_FILE: Limit = Limit {
    what: "a results, metadata or output file",
    bytes: 256 * MIB,
};
/// `.meta/tests.toml` and `.meta/config.json`: the largest tests.toml of the three tracks is
/// 8.5 KB (meetup's 95 cases).
pub const EXERCISE_META: Limit = Limit {
    what: "an exercise's .meta file",
    bytes: MIB,
};
/// A track's `config.json`, read for the exercises it deprecates: the largest of the three
/// tracks is 84 KB (Elixir's).
pub const TRACK_CONFIG: Limit = Limit {
    what: "a track's config.json",
    bytes: 4 * MIB,
};
/// `canonical-data.json` and `.meta/additional_tests.json`: the largest of
/// problem-specifications is 32 KB.
pub const CANONICAL_DATA: Limit = Limit {
    what: "canonical data",
    bytes: 4 * MIB,
};
/// A file a test names (`song.txt`), read as one of the test's texts.
pub const NAMED_FILE: Limit = Limit {
    what: "a file a test names",
    bytes: 256 * 1024,
};

/// The whole content of `path`, as bytes (test files need not be UTF-8), if it is a regular
/// file of at most `limit.bytes`.
pub fn read(path: &Path, limit: Limit) -> Result<Vec<u8>, Error> {
    let file = open(path)?;
    let too_large = |size: u64| too_large(path, size, limit);
    let size = file.metadata().map_or(0, |meta| meta.len());
    if size > limit.bytes {
        return Err(too_large(size));
    }
    let mut content = Vec::with_capacity(size as usize);
    // One byte past the limit tells a file that grew while it was read.
    file.take(limit.bytes + 1)
        .read_to_end(&mut content)
        .map_err(|e| Error::io(path, "read", &e))?;
    if content.len() as u64 > limit.bytes {
        return Err(too_large(content.len() as u64));
    }
    Ok(content)
}

/// The first `bytes` bytes of `path`, if it is a regular file, the rest left unread: for a
/// captured output of any size of which only the start is shown.
pub fn read_head(path: &Path, bytes: u64) -> Result<Vec<u8>, Error> {
    let mut content = Vec::new();
    open(path)?
        .take(bytes)
        .read_to_end(&mut content)
        .map_err(|e| Error::io(path, "read", &e))?;
    Ok(content)
}

/// The error for an input at `path` of `size` bytes, more than `limit` allows.
pub fn too_large(path: &Path, size: u64, limit: Limit) -> Error {
    Error::in_file(
        path,
        format!(
            "is {}, more than the {} {} may hold",
            size_text(size),
            size_text(limit.bytes),
            limit.what
        ),
    )
}

/// Opens `path` for streaming reads (a log, of any size), if it is a regular file.
pub fn open(path: &Path) -> Result<fs::File, Error> {
    let kind = fs::metadata(path)
        .map_err(|e| Error::io(path, "read", &e))?
        .file_type();
    regular(path, kind)?;
    let file = open_without_blocking(path).map_err(|e| Error::io(path, "read", &e))?;
    // The path may have been replaced between the look and the open.
    let kind = file
        .metadata()
        .map_err(|e| Error::io(path, "read", &e))?
        .file_type();
    regular(path, kind)?;
    Ok(file)
}

/// An error naming what `path` is, unless it is a regular file.
fn regular(path: &Path, kind: fs::FileType) -> Result<(), Error> {
    if kind.is_file() {
        return Ok(());
    }
    if kind.is_dir() {
        return Err(Error::in_file(path, "is a directory, not a file"));
    }
    Err(Error::in_file(
        path,
        format!("is {}, not a regular file", special_kind(kind)),
    ))
}

#[cfg(unix)]
fn special_kind(kind: fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a named pipe (FIFO)"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: fs::FileType) -> &'static str {
    "a special file"
}

/// Opens for reading so that the open itself cannot wait: opening a named pipe blocks until a
/// writer comes, and this one is checked to be a regular file first, but it may be swapped for
/// a pipe in between. (Reading a regular file never blocks, with the flag or without.)
#[cfg(unix)]
fn open_without_blocking(path: &Path) -> std::io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> std::io::Result<fs::File> {
    fs::File::open(path)
}

/// A size as people read it: `300 KiB`, `40.0 MiB`.
fn size_text(bytes: u64) -> String {
    if bytes >= MIB {
        let mib = bytes as f64 / MIB as f64;
        if bytes.is_multiple_of(MIB) {
            format!("{mib:.0} MiB")
        } else {
            format!("{mib:.1} MiB")
        }
    } else if bytes >= 1024 {
        format!("{} KiB", bytes.div_ceil(1024))
    } else {
        format!("{bytes} bytes")
    }
}

/// Writes `contents` to `path` atomically, keeping the permissions of a file it replaces.
pub fn write(path: &Path, contents: &[u8]) -> Result<(), Error> {
    // Through a symlink to the file it names, rather than replacing the link.
    let resolved = fs::symlink_metadata(path)
        .ok()
        .filter(|meta| meta.file_type().is_symlink())
        .and_then(|_| fs::canonicalize(path).ok());
    let target = resolved.as_deref().unwrap_or(path);
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(Error::in_file(
            path,
            "cannot write: the directory does not exist",
        ));
    }
    if path.is_dir() {
        return Err(Error::in_file(
            path,
            "cannot write: is a directory, not a file",
        ));
    }
    let fail = |e: std::io::Error| Error::io(path, "write", &e);
    // A device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written in place: renaming
    // over it would put a plain file where the device was, and it holds no file to half write.
    if fs::metadata(target).is_ok_and(|meta| !meta.is_file() && !meta.is_dir()) {
        let mut device = fs::OpenOptions::new()
            .write(true)
            .open(target)
            .map_err(fail)?;
        return device.write_all(contents).map_err(fail);
    }
    let mut temp = tempfile::Builder::new()
        .prefix(".exercism_test_helper.")
        .tempfile_in(dir)
        .map_err(fail)?;
    temp.write_all(contents).map_err(fail)?;
    // No fsync: readers see the old file or the new one whole because of the rename. Surviving
    // a power cut is not a goal, since the next step of the same run reads the file at once,
    // and an fsync costs more than all the rest of a command on a busy disk.
    let permissions = fs::metadata(target)
        .map(|existing| existing.permissions())
        .ok()
        .or_else(default_permissions);
    if let Some(permissions) = permissions {
        fs::set_permissions(temp.path(), permissions).map_err(fail)?;
    }
    temp.persist(target).map_err(|e| fail(e.error))?;
    Ok(())
}

/// A new file gets the usual `rw-r--r--` rather than the temporary file's private mode.
#[cfg(unix)]
fn default_permissions() -> Option<fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Some(fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn default_permissions() -> Option<fs::Permissions> {
    None
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::io::Read;
    use std::os::unix::fs::FileTypeExt;

    fn mkfifo(path: &Path) {
        let made = std::process::Command::new("mkfifo").arg(path).status();
        assert!(made.is_ok_and(|status| status.success()), "mkfifo");
    }

    #[test]
    fn only_a_regular_file_is_read_and_the_error_names_what_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("a_test.exs");
        mkfifo(&fifo);
        let zero = dir.path().join("zero_test.exs");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let looped = dir.path().join("loop_test.exs");
        std::os::unix::fs::symlink(&looped, &looped).unwrap();
        // No writer ever opens the pipe: a read that waited for one would never return.
        for (path, said) in [
            (&fifo, "is a named pipe (FIFO), not a regular file"),
            (&zero, "is a character device, not a regular file"),
            (
                &looped.clone(),
                "cannot read: Too many levels of symbolic links",
            ),
            (&dir.path().to_path_buf(), "is a directory, not a file"),
        ] {
            for error in [
                read(path, SOURCE).unwrap_err(),
                open(path).map(|_| ()).unwrap_err(),
            ] {
                assert!(error.message_text().starts_with(said), "{error}");
            }
        }
    }

    #[test]
    fn a_file_over_its_kinds_limit_is_refused_and_one_at_it_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("song.txt");
        let limit = Limit {
            what: "a file a test names",
            bytes: 1024,
        };
        fs::write(&path, vec![b'a'; 1024]).unwrap();
        assert_eq!(read(&path, limit).unwrap().len(), 1024);
        fs::write(&path, vec![b'a'; 1025]).unwrap();
        assert_eq!(
            read(&path, limit).unwrap_err().message_text(),
            "is 2 KiB, more than the 1 KiB a file a test names may hold"
        );
        assert_eq!(size_text(40 * MIB + MIB / 2), "40.5 MiB");
        assert_eq!(size_text(32 * MIB), "32 MiB");
        assert_eq!(size_text(10), "10 bytes");
    }

    #[test]
    fn a_pipe_is_written_in_place_not_replaced_by_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("results.json");
        mkfifo(&fifo);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let mut read = String::new();
                fs::File::open(&fifo)
                    .unwrap()
                    .read_to_string(&mut read)
                    .unwrap();
                read
            })
        };
        write(&fifo, b"{}\n").unwrap();
        // (Were the pipe replaced, the reader would wait on it for ever: look first.)
        let kind = fs::symlink_metadata(&fifo).unwrap().file_type();
        assert!(kind.is_fifo(), "{kind:?}");
        assert_eq!(reader.join().unwrap(), "{}\n");
    }
}

/// `value` as pretty JSON ending in a line break, as every JSON file the tool writes is.
pub fn pretty_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).expect("in-memory JSON serializes") + "\n"
}
