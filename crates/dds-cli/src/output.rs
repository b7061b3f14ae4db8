//! Output files (`-o FILE` of `dds pbn` and `dds report`): what the user
//! meant by the name, whatever it names.
//!
//! * A regular file, or a name not yet taken, is written through a
//!   temporary `NAME.part` beside it and renamed over it at the end, so that
//!   a run that fails or is stopped never leaves half a file under the name
//!   asked for. A file being replaced keeps its permissions (the part gets
//!   them before anything is written into it).
//! * A symbolic link is followed (to the end of a chain of links): the file
//!   it points to is the one replaced, its `.part` beside it, and the link
//!   stays a link.
//! * Anything else that exists (a device such as `/dev/null` or
//!   `/dev/stdout`'s terminal, a named pipe, a socket) is written directly:
//!   it is never replaced, and there is no `.part`.

use std::fs::{File, OpenOptions, Permissions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::Failure;

/// Links followed before giving up (the kernel's own limit is 40).
const MAX_LINKS: usize = 40;

/// An output file being written (see the module's documentation).
pub(crate) struct OutputFile {
    /// The name given by the user, for messages.
    path: PathBuf,
    /// The file written into: the part, or the special file itself.
    out: BufWriter<File>,
    /// The file replaced at the end and the part renamed over it; `None`
    /// when the output is written directly.
    replace: Option<(PathBuf, PathBuf)>,
}

impl OutputFile {
    /// Opens `path` for writing as the module's documentation says.
    pub(crate) fn create(path: &Path) -> Result<OutputFile, Failure> {
        let cannot = |what: &Path, e: io::Error| Failure(format!("cannot write {}: {e}", what.display()));
        let target = follow_links(path).map_err(|e| cannot(path, e))?;
        let existing = match std::fs::metadata(&target) {
            Ok(meta) => Some(meta),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(cannot(path, e)),
        };
        if let Some(meta) = existing.as_ref().filter(|m| !m.is_file()) {
            if meta.is_dir() {
                return Err(Failure(format!("cannot write {}: it is a folder", path.display())));
            }
            // A device, a pipe or a socket: written as it is, never
            // replaced (opening a pipe waits for its reader, as any
            // program writing to it does).
            let file = OpenOptions::new().write(true).open(&target).map_err(|e| cannot(path, e))?;
            return Ok(OutputFile { path: path.to_owned(), out: BufWriter::new(file), replace: None });
        }
        let mut name = target.file_name().unwrap_or_default().to_owned();
        name.push(".part");
        let part = target.with_file_name(name);
        let file = File::create(&part).map_err(|e| cannot(&part, e))?;
        if let Some(permissions) = existing.map(|m| m.permissions()) {
            keep_permissions(&file, permissions).map_err(|e| cannot(&part, e))?;
        }
        Ok(OutputFile { path: path.to_owned(), out: BufWriter::new(file), replace: Some((target, part)) })
    }

    /// The temporary file the output goes to until [`finish`]: `None` when
    /// it is written directly.
    ///
    /// [`finish`]: OutputFile::finish
    pub(crate) fn part(&self) -> Option<&Path> {
        self.replace.as_ref().map(|(_, part)| part.as_path())
    }

    /// The name given by the user.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The error of a failed write, naming the file written.
    pub(crate) fn write_error(&self, e: &io::Error) -> Failure {
        let written = self.part().unwrap_or(&self.path);
        Failure(format!("cannot write {}: {e}", written.display()))
    }

    /// Flushes what is buffered, to the part or the file itself.
    pub(crate) fn flush(&mut self) -> Result<(), Failure> {
        self.out.flush().map_err(|e| self.write_error(&e))
    }

    /// Flushes the text and, for a replaced file, renames the part over it.
    pub(crate) fn finish(mut self) -> Result<(), Failure> {
        self.flush()?;
        if let Some((target, part)) = &self.replace {
            std::fs::rename(part, target)
                .map_err(|e| Failure(format!("cannot rename {} to {}: {e}", part.display(), target.display())))?;
        }
        Ok(())
    }

    /// Removes the part (nothing was finished to keep in it); a direct
    /// output is left as it is.
    pub(crate) fn discard(self) {
        if let Some((_, part)) = &self.replace {
            let _ = std::fs::remove_file(part);
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.out.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The file `path` names once every symbolic link at its end is followed
/// (a link's relative target is read from the link's folder); `path`
/// itself when it is not a link. A link to a name not yet taken gives that
/// name, which the output then creates.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_owned();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                path = match path.parent() {
                    Some(folder) if target.is_relative() => folder.join(target),
                    _ => target,
                };
            }
            Ok(_) => return Ok(path),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(path),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!("more than {MAX_LINKS} symbolic links")))
}

/// Gives the part the permissions of the file it replaces.
fn keep_permissions(part: &File, permissions: Permissions) -> io::Result<()> {
    part.set_permissions(permissions)
}

/// A failed write to standard output.
pub(crate) fn stdout_error(e: &io::Error) -> Failure {
    Failure(format!("cannot write to standard output: {e}"))
}
