//! Reading inputs and writing outputs. Every output is written to a temporary file in the
//! target's directory and renamed over the target, so a failure never leaves half a file.

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
