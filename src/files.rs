//! Reading inputs and writing outputs. Every output is written to a temporary file in the
//! target's directory and renamed over the target, so a failure never leaves half a file;
//! a device or a pipe (`/dev/null`, `/dev/stdout`) is written in place.

use std::fs;
use std::io::Write;
use std::path::Path;

use crate::error::Error;

/// The whole content of `path`, as bytes (test files and logs need not be UTF-8).
pub fn read(path: &Path) -> Result<Vec<u8>, Error> {
    if path.is_dir() {
        return Err(Error::in_file(path, "is a directory, not a file"));
    }
    fs::read(path).map_err(|e| Error::io(path, "read", &e))
}

/// Opens `path` for streaming reads.
pub fn open(path: &Path) -> Result<fs::File, Error> {
    if path.is_dir() {
        return Err(Error::in_file(path, "is a directory, not a file"));
    }
    fs::File::open(path).map_err(|e| Error::io(path, "read", &e))
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

    #[test]
    fn a_pipe_is_written_in_place_not_replaced_by_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("results.json");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|status| status.success()), "mkfifo");
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
