//! Output files (`-o FILE` of `dds pbn` and `dds report`): what the user
//! meant by the name, whatever it names.
//!
//! * A regular file, or a name not yet taken, is written through a
//!   temporary `NAME.part` beside it and renamed over it at the end, so that
//!   a run that fails or is stopped never leaves half a file under the name
//!   asked for. A file being replaced keeps its permissions (the part is
//!   made private, mode 600, and given them before the rename); a new file
//!   gets the mode the umask gives, as any file a command creates (its
//!   part is created with it: a hand record or PBN file is often meant for
//!   others to read); a part left by an earlier run is removed first.
//! * A symbolic link is followed (to the end of a chain of links): the file
//!   it points to is the one replaced, its `.part` beside it, and the link
//!   stays a link.
//! * Anything else that exists (a device such as `/dev/null`, a named
//!   pipe) is written directly: it is never replaced, and there is no
//!   `.part`. A socket cannot be opened as a file: an error.
//! * The command's own standard output named as a file (`/dev/stdout`,
//!   `/dev/fd/1`, `/proc/self/fd/1`, which the kernel resolves to whatever
//!   standard output is) is written as standard output: into its pipe, or
//!   at the end of a file opened for appending, never replacing it.

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
    /// The file replaced at the end, the part renamed over it and the
    /// permissions the file had; `None` when the output is written
    /// directly.
    replace: Option<(PathBuf, PathBuf, Option<Permissions>)>,
}

impl OutputFile {
    /// Opens `path` for writing as the module's documentation says.
    pub(crate) fn create(path: &Path) -> Result<OutputFile, Failure> {
        let cannot = |what: &Path, e: io::Error| Failure(format!("cannot write {}: {e}", what.display()));
        let direct = |file: File| OutputFile { path: path.to_owned(), out: BufWriter::new(file), replace: None };
        // What the kernel finds at the name, every link followed (also the
        // links of /proc, which name no path: `pipe:[81857]`).
        let found = match std::fs::metadata(path) {
            Ok(meta) => Some(meta),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(cannot(path, e)),
        };
        if let Some(meta) = &found {
            if let Some(stdout) = stdout_if_same(meta) {
                return Ok(direct(stdout));
            }
            if meta.is_dir() {
                return Err(Failure(format!("cannot write {}: it is a folder", path.display())));
            }
        }
        let target = follow_links(path).map_err(|e| cannot(path, e))?;
        // A device, a pipe or a socket, or a regular file reached through
        // a link that names no path the links can be followed to: written
        // as it is, never replaced (opening a pipe waits for its reader, as
        // any program writing to it does).
        let replaceable = match (&found, std::fs::metadata(&target)) {
            (None, _) => true,
            (Some(meta), Ok(at_target)) => meta.is_file() && same_file((path, meta), (&target, &at_target)),
            (Some(_), Err(_)) => false,
        };
        if !replaceable {
            let file = OpenOptions::new().write(true).open(path).map_err(|e| cannot(path, e))?;
            return Ok(direct(file));
        }
        let mut name = target.file_name().unwrap_or_default().to_owned();
        name.push(".part");
        let part = target.with_file_name(name);
        // A part left by a run that was stopped goes (whatever it is: a
        // file, a link, a pipe), and the new one is made private when it
        // replaces a file (whose permissions it gets at the end).
        match std::fs::remove_file(&part) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(cannot(&part, e)),
            _ => {}
        }
        let permissions = found.map(|m| m.permissions());
        let file = new_part_file(&part, permissions.is_some()).map_err(|e| cannot(&part, e))?;
        Ok(OutputFile { path: path.to_owned(), out: BufWriter::new(file), replace: Some((target, part, permissions)) })
    }

    /// The temporary file the output goes to until [`finish`]: `None` when
    /// it is written directly.
    ///
    /// [`finish`]: OutputFile::finish
    pub(crate) fn part(&self) -> Option<&Path> {
        self.replace.as_ref().map(|(_, part, _)| part.as_path())
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
        if let Some((target, part, permissions)) = &self.replace {
            if let Some(permissions) = permissions {
                std::fs::set_permissions(part, permissions.clone()).map_err(|e| self.write_error(&e))?;
            }
            std::fs::rename(part, target)
                .map_err(|e| Failure(format!("cannot rename {} to {}: {e}", part.display(), target.display())))?;
        }
        Ok(())
    }

    /// Removes the part (nothing was finished to keep in it); a direct
    /// output is left as it is.
    pub(crate) fn discard(self) {
        if let Some((_, part, _)) = &self.replace {
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

/// A new file at `path` (it must not exist: a link or pipe put there in
/// the meantime is not followed): with `private`, one that only its owner
/// can read and write (mode 600); else with the mode the umask gives, as
/// any new file.
fn new_part_file(path: &Path, private: bool) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    if private {
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    }
    #[cfg(not(unix))]
    let _ = private;
    options.open(path)
}

/// Whether the output file `out` is the input: the file named `input`, or
/// standard input when `input` is `None` or `-` (`dds pbn -o X < X`).
pub(crate) fn is_input(out: &Path, input: Option<&str>) -> bool {
    let Ok(out_meta) = std::fs::metadata(out) else { return false };
    match input {
        Some(name) if name != "-" => {
            std::fs::metadata(name).is_ok_and(|input| same_file((out, &out_meta), (Path::new(name), &input)))
        }
        _ => {
            #[cfg(unix)]
            {
                use std::os::fd::AsFd;
                let stdin = io::stdin().as_fd().try_clone_to_owned().map(File::from);
                stdin.and_then(|f| f.metadata()).is_ok_and(|input| same_file((out, &out_meta), (out, &input)))
            }
            #[cfg(not(unix))]
            {
                let (Ok(stdin), Ok(file)) = (same_file::Handle::stdin(), same_file::Handle::from_path(out)) else {
                    return false;
                };
                stdin == file
            }
        }
    }
}

/// Whether two files, each given by its path and metadata, are the same
/// file: on Unix their device and inode numbers (from the metadata); on
/// Windows their volume and file index (the `same-file` crate opens
/// both paths, as the standard library keeps those numbers unstable).
fn same_file(a: (&Path, &std::fs::Metadata), b: (&Path, &std::fs::Metadata)) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (a.1.dev(), a.1.ino()) == (b.1.dev(), b.1.ino())
    }
    #[cfg(not(unix))]
    {
        same_file::is_same_file(a.0, b.0).unwrap_or(false)
    }
}

/// The command's standard output, as a file sharing its open description
/// (its offset, its append mode), when `meta` is of the same file: the
/// output named `/dev/stdout` goes there as it would without `-o`.
fn stdout_if_same(meta: &std::fs::Metadata) -> Option<File> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let stdout = File::from(io::stdout().as_fd().try_clone_to_owned().ok()?);
        let own = stdout.metadata().ok()?;
        let here = Path::new("");
        same_file((here, meta), (here, &own)).then_some(stdout)
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// A failed write to standard output.
pub(crate) fn stdout_error(e: &io::Error) -> Failure {
    Failure(format!("cannot write to standard output: {e}"))
}
