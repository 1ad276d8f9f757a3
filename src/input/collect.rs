//! [`collect`] turns the paths a user gave into [`Input`]s before anything
//! is read or written. A file named is taken whatever it is (a named pipe
//! from `<(…)` included); a directory is walked in name order with
//! `walkdir`, which follows symbolic links but reports a link that loops
//! back instead of entering it, and takes only what looks like text or a
//! compressed file. Everything it leaves out is a [`Skipped`], with why:
//! hidden entries, named pipes and devices (which could block the run
//! forever), binary files, links that loop, READMEs and licences (which
//! describe an archive), and a file or directory reached a second time
//! (by a symbolic or hard link, or named as well), told by its device and
//! inode, so that no game is read twice. What a walk finds and cannot
//! look at is [`Collected::unreadable`]: the run goes on without it and
//! ends as a run with an input it could not read.
//!
//! The run's own outputs are taken like any other file: the caller
//! refuses a run whose output would replace one of its inputs.

use std::fmt;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::{Path, PathBuf};

use std::collections::HashMap;

use super::{Compression, read_prefix};
use crate::paths::PathId;

/// Bytes looked at to tell text from binary.
const SNIFF: usize = 8 * 1024;

/// Where games come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file.
    Path(PathBuf),
}

impl Input {
    /// The name used in reports: the path, or `-`.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "-".into(),
            Input::Path(p) => p.display().to_string(),
        }
    }

    /// The size in bytes of a regular file; `None` for standard input,
    /// pipes and anything whose size cannot be read.
    pub fn size(&self) -> Option<u64> {
        match self {
            Input::Stdin => None,
            Input::Path(p) => std::fs::metadata(p)
                .ok()
                .filter(std::fs::Metadata::is_file)
                .map(|m| m.len()),
        }
    }

    /// The input's bytes as stored (still compressed, if they are).
    ///
    /// # Errors
    ///
    /// Fails when the file cannot be opened.
    pub fn open_raw(&self) -> io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Input::Stdin => Box::new(Fused::new(io::stdin())),
            Input::Path(p) => Box::new(File::open(p)?),
        })
    }

    /// Whether this is standard input typed at a terminal.
    pub fn is_typed(&self) -> bool {
        *self == Input::Stdin && io::stdin().is_terminal()
    }
}

/// A reader that, once it has said end of input, says so again without
/// reading: a terminal's end of input (Ctrl-D) is said once, and reading
/// on would wait for another.
struct Fused<R> {
    inner: R,
    ended: bool,
}

impl<R> Fused<R> {
    fn new(inner: R) -> Fused<R> {
        Fused { inner, ended: false }
    }
}

impl<R: Read> Read for Fused<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ended || buf.is_empty() {
            return Ok(0);
        }
        let n = self.inner.read(buf)?;
        self.ended = n == 0;
        Ok(n)
    }
}

/// What a file's first bytes say it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Content {
    Text,
    Compressed,
    Binary,
}

/// Text (UTF-16 included), compressed, or binary: a NUL byte marks binary,
/// unless the NULs all fall on one side of UTF-16 code units.
fn content(prefix: &[u8]) -> Content {
    if Compression::sniff(prefix).is_some() {
        return Content::Compressed;
    }
    if prefix.starts_with(&[0xff, 0xfe]) || prefix.starts_with(&[0xfe, 0xff]) {
        return Content::Text;
    }
    let (mut even, mut odd) = (0usize, 0usize);
    for (i, _) in prefix.iter().enumerate().filter(|(_, b)| **b == 0) {
        if i % 2 == 0 {
            even += 1;
        } else {
            odd += 1;
        }
    }
    match (even, odd) {
        (0, 0) => Content::Text,
        // UTF-16 text in Latin letters: a zero in every other byte.
        (n, 0) | (0, n) if n * 4 >= prefix.len() => Content::Text,
        _ => Content::Binary,
    }
}

/// Why a path found in a directory is not read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SkipReason {
    /// Its name starts with a dot.
    Hidden,
    /// A named pipe, socket or device: reading it could block forever.
    Special,
    /// Neither text nor a compressed file.
    Binary,
    /// A symbolic link back into a directory being walked.
    Loop,
    /// A README, licence or changelog, by its name: about the files
    /// beside it, not games.
    ProjectFile,
    /// The file taken already under this other path (a link to it, or
    /// the file named as well).
    SameFile(PathBuf),
    /// A directory walked already under this other path (a link to it).
    SameDirectory(PathBuf),
}

/// A path a directory walk found and left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The path.
    pub path: PathBuf,
    /// Why.
    pub reason: SkipReason,
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match &self.reason {
            SkipReason::Hidden => "hidden",
            SkipReason::Special => "not a regular file (a pipe, socket or device)",
            SkipReason::Binary => "neither text nor a compressed file",
            SkipReason::Loop => "a symbolic link that loops back into the walk",
            SkipReason::ProjectFile => {
                "a README, licence or changelog (name it to read it as games)"
            }
            SkipReason::SameFile(first) => {
                return write!(
                    f,
                    "{}: skipped, the same file as {}, read once",
                    self.path.display(),
                    first.display()
                );
            }
            SkipReason::SameDirectory(first) => {
                return write!(
                    f,
                    "{}: skipped, the same directory as {}, walked once",
                    self.path.display(),
                    first.display()
                );
            }
        };
        write!(f, "{}: skipped, {why}", self.path.display())
    }
}

/// The inputs of a run, and what the directory walks left out.
#[derive(Debug, Default)]
pub struct Collected {
    /// Inputs to read, in order.
    pub inputs: Vec<Input>,
    /// Paths left out, in the order found.
    pub skipped: Vec<Skipped>,
    /// Paths a walk found and could not look at (a directory or file it
    /// may not read, a path too long for the system), in the order found.
    pub unreadable: Vec<CollectError>,
    /// Directories walked that gave no file to read.
    pub empty_directories: Vec<PathBuf>,
}

/// An input that cannot be read at all, found before the run starts.
#[derive(Debug)]
pub struct CollectError {
    /// The path as given.
    pub path: PathBuf,
    /// Why.
    pub error: io::Error,
}

impl fmt::Display for CollectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.error)
    }
}

impl std::error::Error for CollectError {}

/// Files and directories taken so far, by where they lead, with the path
/// each was first taken by.
#[derive(Default)]
struct Seen {
    files: HashMap<PathId, PathBuf>,
    directories: HashMap<PathId, PathBuf>,
}

/// The inputs `paths` name, in order: standard input when there are none
/// or for `-`, files as given, directories walked in name order. A file
/// named is read each time it is named; a file or directory a walk
/// reaches again (by a link, or named as well) is skipped.
///
/// # Errors
///
/// Fails when a path given cannot be opened or walked, before anything
/// is read, so that a mistyped name leaves every output as it was.
pub fn collect(paths: &[PathBuf]) -> Result<Collected, CollectError> {
    let mut collected = Collected::default();
    if paths.is_empty() {
        collected.inputs.push(Input::Stdin);
        return Ok(collected);
    }
    let mut seen = Seen::default();
    for path in paths {
        let fail = |error| CollectError {
            path: path.clone(),
            error,
        };
        if path.as_os_str() == "-" {
            collected.inputs.push(Input::Stdin);
            continue;
        }
        let meta = std::fs::metadata(path).map_err(fail)?;
        if meta.is_dir() {
            if let Some(first) = seen.directories.get(&PathId::of_metadata(path, &meta)) {
                collected.skipped.push(Skipped {
                    path: path.clone(),
                    reason: SkipReason::SameDirectory(first.clone()),
                });
                continue;
            }
            let before = collected.inputs.len();
            walk(path, &mut seen, &mut collected).map_err(fail)?;
            if collected.inputs.len() == before {
                collected.empty_directories.push(path.clone());
            }
        } else {
            // Opened only to know it can be: a named pipe is not, as that
            // would block until a writer comes.
            if meta.is_file() {
                File::open(path).map_err(fail)?;
                seen.files
                    .entry(PathId::of_metadata(path, &meta))
                    .or_insert_with(|| path.clone());
            }
            collected.inputs.push(Input::Path(path.clone()));
        }
    }
    Ok(collected)
}

fn walk(dir: &Path, seen: &mut Seen, collected: &mut Collected) -> io::Result<()> {
    let mut walker = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter();
    while let Some(entry) = walker.next() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let path = e.path().unwrap_or(dir).to_owned();
                if e.depth() == 0 {
                    return Err(e.into());
                }
                // A hidden name is left out whatever it leads to (an
                // editor's lock is a link that leads nowhere).
                let hidden = path.file_name().is_some_and(is_hidden);
                let reason = if e.loop_ancestor().is_some() {
                    SkipReason::Loop
                } else if hidden {
                    SkipReason::Hidden
                } else {
                    let error = walk_error(&path, e);
                    collected.unreadable.push(CollectError { path, error });
                    continue;
                };
                collected.skipped.push(Skipped { path, reason });
                continue;
            }
        };
        let kind = entry.file_type();
        if entry.depth() > 0 && is_hidden(entry.file_name()) {
            collected.skipped.push(Skipped {
                path: entry.path().to_owned(),
                reason: SkipReason::Hidden,
            });
            if kind.is_dir() {
                walker.skip_current_dir();
            }
            continue;
        }
        let path = entry.path();
        if kind.is_dir() {
            // A link to a directory walked already would read its files
            // again; a directory that cannot be looked up is read, and
            // fails as it is read.
            if let Ok(id) = PathId::of(path) {
                match seen.directories.get(&id) {
                    Some(first) => {
                        collected.skipped.push(Skipped {
                            path: path.to_owned(),
                            reason: SkipReason::SameDirectory(first.clone()),
                        });
                        walker.skip_current_dir();
                    }
                    None => {
                        seen.directories.insert(id, path.to_owned());
                    }
                }
            }
            continue;
        }
        let skip = |reason| Skipped {
            path: path.to_owned(),
            reason,
        };
        if !kind.is_file() {
            collected.skipped.push(skip(SkipReason::Special));
            continue;
        }
        if is_project_file(entry.file_name()) {
            collected.skipped.push(skip(SkipReason::ProjectFile));
            continue;
        }
        let opened = File::open(path).and_then(|mut file| {
            let id = PathId::of_metadata(path, &file.metadata()?);
            Ok((id, read_prefix(&mut file, SNIFF)?))
        });
        let (id, prefix) = match opened {
            Ok(opened) => opened,
            Err(error) => {
                collected.unreadable.push(CollectError {
                    path: path.to_owned(),
                    error,
                });
                continue;
            }
        };
        if let Some(first) = seen.files.get(&id) {
            collected.skipped.push(skip(SkipReason::SameFile(first.clone())));
        } else if content(&prefix) == Content::Binary {
            collected.skipped.push(skip(SkipReason::Binary));
        } else {
            seen.files.insert(id, path.to_owned());
            collected.inputs.push(Input::Path(path.to_owned()));
        }
    }
    Ok(())
}

/// Why a walk could not look at `path`, in the system's words (the path
/// is said beside them), but for a link that leads nowhere.
fn walk_error(path: &Path, e: walkdir::Error) -> io::Error {
    let text = e.to_string();
    let error = e.into_io_error().unwrap_or_else(|| io::Error::other(text));
    let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if link && error.kind() == io::ErrorKind::NotFound {
        return io::Error::new(io::ErrorKind::NotFound, "a symbolic link that leads nowhere");
    }
    error
}

/// Files that describe an archive rather than hold its games: `README`,
/// `LICENSE`, `COPYING`, `CHANGELOG`, `NOTICE`, `AUTHORS`, with any
/// extension and in any case.
fn is_project_file(name: &std::ffi::OsStr) -> bool {
    let name = name.to_string_lossy().to_ascii_uppercase();
    let stem = name.split('.').next().unwrap_or("");
    matches!(
        stem,
        "README" | "LICENSE" | "LICENCE" | "COPYING" | "CHANGELOG" | "NOTICE" | "AUTHORS"
    )
}

/// Hidden entries (`.git`, editors' backups, unfinished outputs) are not
/// walked into.
fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.as_encoded_bytes().first() == Some(&b'.')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A terminal: end of input (Ctrl-D) is said once, and a read after
    /// it waits for whatever is typed next.
    struct Terminal(Vec<&'static [u8]>);

    impl Read for Terminal {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let typed = if self.0.is_empty() { &b"typed later"[..] } else { self.0.remove(0) };
            buf[..typed.len()].copy_from_slice(typed);
            Ok(typed.len())
        }
    }

    #[test]
    fn standard_input_ends_at_the_first_end_of_input() {
        let mut read = Fused::new(Terminal(vec![b"1. e4 e5\n", b""]));
        let mut text = String::new();
        read.read_to_string(&mut text).unwrap();
        assert_eq!(text, "1. e4 e5\n");
        // Reading on reads nothing more: the second Ctrl-D is not needed.
        assert_eq!(read.read(&mut [0; 64]).unwrap(), 0);
    }

    #[test]
    fn content_is_told_by_the_first_bytes() {
        for (bytes, want) in [
            (&b""[..], Content::Text),
            (b"[Event \"x\"]\n1. e4 *\n", Content::Text),
            (b"\xff\xfe[\x00E\x00", Content::Text),
            (b"[\x00E\x00v\x00e\x00n\x00t\x00", Content::Text),
            (b"\x00[\x00E\x00v\x00e\x00n\x00t", Content::Text),
            (b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00", Content::Binary),
            (b"\x1f\x8b\x08\x00", Content::Compressed),
            (b"\x28\xb5\x2f\xfd", Content::Compressed),
            (b"BZh91AY", Content::Compressed),
            (b"\xfd7zXZ\x00", Content::Compressed),
        ] {
            assert_eq!(content(bytes), want, "{bytes:?}");
        }
    }

    #[test]
    fn project_files_are_told_by_name() {
        for (name, want) in [
            ("README", true),
            ("readme.md", true),
            ("LICENSE.txt", true),
            ("ChangeLog", true),
            ("games.pgn", false),
            ("readers-digest.txt", false),
        ] {
            assert_eq!(is_project_file(std::ffi::OsStr::new(name)), want, "{name}");
        }
    }
}
