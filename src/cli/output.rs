//! Where `convert` and `audit` write: standard output, or a file written
//! beside its target and renamed into place only when complete.
//!
//! A target that is a symbolic link is written through: the file it
//! leads to is replaced, the link stays. A target that exists and is not
//! a regular file (`/dev/null`, a named pipe), or is a standard stream's
//! name (`/dev/stderr`, `/dev/fd/N`, `/proc/…`), is written in place,
//! since renaming over it would replace the device or the link; the names
//! of standard output are standard output itself ([`is_stdout`]). A file
//! replaced keeps its permissions.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use super::partial::Partial;

/// Set when a reader of standard output or of a pipe went away.
static PIPE_CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether a write failed because its reader went away (`… | head`):
/// the run then ends quietly, as ripgrep's and pgn-extract's do.
pub fn pipe_closed() -> bool {
    PIPE_CLOSED.load(Ordering::Relaxed)
}

/// A writer that notes a broken pipe in [`PIPE_CLOSED`], since the error
/// itself may reach the caller wrapped in another (the CSV writer's), and
/// names what it writes to in every other error (`/dev/full: No space
/// left on device`), since the pipeline writes to several outputs.
pub struct Watched<W> {
    inner: W,
    name: String,
}

impl<W> Watched<W> {
    fn new(inner: W, name: String) -> Watched<W> {
        Watched { inner, name }
    }

    fn note(&self, e: io::Error) -> io::Error {
        if e.kind() == io::ErrorKind::BrokenPipe {
            PIPE_CLOSED.store(true, Ordering::Relaxed);
            return e;
        }
        io::Error::new(e.kind(), format!("{}: {e}", self.name))
    }
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(|e| self.note(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|e| self.note(e))
    }
}

/// Buffer between the pipeline and the file.
const BUFFER: usize = 1 << 16;

/// An output being written.
pub enum Output {
    Stdout(BufWriter<Watched<io::Stdout>>),
    Device {
        writer: BufWriter<Watched<File>>,
        target: PathBuf,
    },
    File {
        writer: BufWriter<Watched<File>>,
        temp: Partial,
    },
}

/// Whether `path` stands for standard output: none, `-`, or a name of
/// the standard output stream itself. Written through the stream the
/// shell handed over, not opened anew: opening `/dev/stdout` again would
/// start at the beginning of a file opened to append (`>> log`) and
/// write past what standard error puts in the same file (`2>&1`).
pub fn is_stdout(path: Option<&Path>) -> bool {
    path.is_none_or(|p| {
        ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]
            .iter()
            .any(|name| p.as_os_str() == *name)
    })
}

impl Output {
    /// Standard output for `None`, `-` or its names, else the file.
    pub fn create(path: Option<&Path>) -> Result<Output, String> {
        match path {
            Some(p) if !is_stdout(Some(p)) => Output::create_file(p),
            _ => Ok(Output::Stdout(BufWriter::with_capacity(
                BUFFER,
                Watched::new(io::stdout(), "standard output".into()),
            ))),
        }
    }

    fn create_file(given: &Path) -> Result<Output, String> {
        if written_in_place(given) {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(given)
                .map_err(|e| format!("{}: {e}", given.display()))?;
            let name = given.display().to_string();
            return Ok(Output::Device {
                writer: BufWriter::with_capacity(BUFFER, Watched::new(file, name)),
                target: given.to_owned(),
            });
        }
        let target = through_links(given)?;
        let temp = Partial::new(&target);
        let file = File::create(temp.path()).map_err(|e| format!("{}: {e}", given.display()))?;
        if let Ok(meta) = std::fs::metadata(&target) {
            // Best effort: a file system without modes keeps its own.
            let _ = file.set_permissions(meta.permissions());
        }
        let name = given.display().to_string();
        Ok(Output::File {
            writer: BufWriter::with_capacity(BUFFER, Watched::new(file, name)),
            temp,
        })
    }

    pub fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(w) => w,
            Output::Device { writer, .. } => writer,
            Output::File { writer, .. } => writer,
        }
    }

    /// The file this output replaces once committed; `None` for what is
    /// written in place.
    pub fn replaces(&self) -> Option<&Path> {
        match self {
            Output::File { temp, .. } => Some(temp.target()),
            _ => None,
        }
    }

    /// What this output writes to in place: standard output or a device.
    pub fn written_in_place(&self) -> Option<String> {
        match self {
            Output::Stdout(_) => Some("standard output".into()),
            Output::Device { target, .. } => Some(target.display().to_string()),
            Output::File { .. } => None,
        }
    }

    /// Flushes, and for a file makes sure it is on disk: what is left is
    /// to put it in place, with the run's other files
    /// ([`put_in_place`]).
    pub fn complete(self) -> Result<Option<Partial>, String> {
        match self {
            // Errors of the writers name their file already.
            Output::Stdout(mut w) => match w.flush() {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.to_string()),
                _ => Ok(None),
            },
            Output::Device { mut writer, .. } => match writer.flush() {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.to_string()),
                _ => Ok(None),
            },
            Output::File { writer, temp } => {
                // On any failure `temp` is dropped, which removes the file.
                let file = writer
                    .into_inner()
                    .map_err(|e| format!("{}; the file is left as it was", e.into_error()))?;
                file.inner.sync_all().map_err(|e| {
                    format!(
                        "{}: {e}; the file is left as it was",
                        temp.target().display()
                    )
                })?;
                Ok(Some(temp))
            }
        }
    }
}

/// Completes every output, then puts the files among them in place
/// together: when one cannot be completed (a full disk), no target is
/// replaced, and a signal never comes between two of the renames.
///
/// # Errors
///
/// The first output that cannot be completed or renamed, named.
pub fn put_in_place(outputs: impl IntoIterator<Item = Output>) -> Result<(), String> {
    let mut files = Vec::new();
    for output in outputs {
        files.extend(output.complete()?);
    }
    super::partial::finish_all(files)
}

/// Whether `path` is written where it is rather than replaced: a device
/// or pipe, or the name of a standard stream. `/dev/stdout` and its kin
/// lead to whatever the shell opened, which may be a regular file:
/// renaming over the link would replace the system's own.
fn written_in_place(path: &Path) -> bool {
    let stream = ["/dev/stdout", "/dev/stderr", "/dev/fd", "/proc"]
        .iter()
        .any(|p| path.starts_with(p));
    stream || std::fs::metadata(path).is_ok_and(|m| !m.is_file())
}

/// The file `path` leads to, through any symbolic links; `path` itself
/// when it is not a link.
///
/// # Errors
///
/// A link that leads nowhere: writing through it would make a file where
/// the user may not expect one.
fn through_links(path: &Path) -> Result<PathBuf, String> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path).map_err(|e| {
            format!(
                "{}: a symbolic link that leads nowhere ({e}); nothing was written",
                path.display()
            )
        }),
        _ => Ok(path.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_streams_and_devices_are_written_in_place_and_files_replaced() {
        for (path, want) in [
            ("/dev/stdout", true),
            ("/dev/stderr", true),
            ("/dev/fd/1", true),
            ("/proc/self/fd/1", true),
            ("/dev/null", true),
            ("/dev/shm/no-such-dir/games.pgn", false),
            ("games.pgn", false),
        ] {
            assert_eq!(written_in_place(Path::new(path)), want, "{path}");
        }
        let dir = std::env::temp_dir().join(format!("scoresheet-in-place-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("out.pgn");
        std::fs::write(&file, "x").unwrap();
        assert!(!written_in_place(&file));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
