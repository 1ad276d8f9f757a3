//! Where games come from: files, directories walked, standard input; plain
//! or compressed.
//!
//! [`collect`] turns the paths a user gave into [`Input`]s before anything
//! is read or written. A file named is taken whatever it is (a named pipe
//! from `<(…)` included); a directory is walked in name order with
//! `walkdir`, which follows symbolic links but reports a link that loops
//! back instead of entering it, and takes only what looks like text or a
//! compressed file. Everything it leaves out is a [`Skipped`], with why:
//! hidden entries, named pipes and devices (which could block the run
//! forever), binary files, links that loop, READMEs and licences (which
//! describe an archive), and the run's own outputs, which are never read
//! back as inputs.
//!
//! [`decompress`] reads gzip, zstd, bzip2 and xz streams transparently,
//! told by their first bytes, not by their names.
//!
//! ```
//! use std::io::Read;
//! use scoresheet::input::decompress;
//!
//! let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
//! std::io::Write::write_all(&mut gz, b"1. e4 e5 *\n").unwrap();
//! let packed = gz.finish().unwrap();
//! let (compression, mut reader) = decompress(std::io::Cursor::new(packed)).unwrap();
//! let mut text = String::new();
//! reader.read_to_string(&mut text).unwrap();
//! assert_eq!((compression.map(|c| c.name()), text.as_str()), (Some("gzip"), "1. e4 e5 *\n"));
//! ```

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

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
            Input::Stdin => Box::new(io::stdin()),
            Input::Path(p) => Box::new(File::open(p)?),
        })
    }

    /// The input's bytes, decompressed when they are compressed.
    ///
    /// # Errors
    ///
    /// Fails when the file cannot be opened or its first bytes read.
    pub fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        decompress(self.open_raw()?).map(|(_, r)| r)
    }
}

/// A compression format, told by its magic bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Compression {
    /// gzip (`.gz`), concatenated members included.
    Gzip,
    /// Zstandard (`.zst`), several frames included.
    Zstd,
    /// bzip2 (`.bz2`), concatenated streams included.
    Bzip2,
    /// xz (`.xz`), concatenated streams included.
    Xz,
}

impl Compression {
    /// The format whose magic bytes `prefix` starts with.
    pub fn sniff(prefix: &[u8]) -> Option<Compression> {
        if prefix.starts_with(&[0x1f, 0x8b]) {
            Some(Compression::Gzip)
        } else if prefix.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Some(Compression::Zstd)
        } else if prefix.starts_with(b"BZh")
            && prefix.get(3).is_some_and(|b| (b'1'..=b'9').contains(b))
        {
            Some(Compression::Bzip2)
        } else if prefix.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0x00]) {
            Some(Compression::Xz)
        } else {
            None
        }
    }

    /// `gzip`, `zstd`, `bzip2` or `xz`.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }
}

/// Reads up to `limit` bytes, fewer only at the end of the input.
fn read_prefix<R: Read>(input: &mut R, limit: usize) -> io::Result<Vec<u8>> {
    let mut prefix = Vec::with_capacity(limit);
    input.take(limit as u64).read_to_end(&mut prefix)?;
    Ok(prefix)
}

/// `input` decompressed when its first bytes are those of a compressed
/// stream, as it is otherwise; with the format found.
///
/// # Errors
///
/// Fails when the first bytes cannot be read or a decoder cannot start.
pub fn decompress<R: Read + Send + 'static>(
    mut input: R,
) -> io::Result<(Option<Compression>, Box<dyn Read + Send>)> {
    let prefix = read_prefix(&mut input, 6)?;
    let compression = Compression::sniff(&prefix);
    let whole = io::Cursor::new(prefix).chain(input);
    let decoder: Box<dyn Read + Send> = match compression {
        None => return Ok((None, Box::new(whole))),
        Some(Compression::Gzip) => Box::new(flate2::read::MultiGzDecoder::new(whole)),
        Some(Compression::Zstd) => Box::new(zstd::stream::read::Decoder::new(whole)?),
        Some(Compression::Bzip2) => Box::new(bzip2::read::MultiBzDecoder::new(whole)),
        Some(Compression::Xz) => Box::new(liblzma::read::XzDecoder::new_multi_decoder(whole)),
    };
    Ok((compression, Box::new(Ahead::new(decoder))))
}

/// Bytes decompressed ahead of the reader, on a thread of their own, so
/// that decompressing and splitting games overlap.
///
/// The same few chunks carry the whole stream: once read, a chunk goes
/// back to the thread to be filled again. A fresh megabyte for every
/// chunk was zeroed before being filled and, freed on the other thread,
/// part of it was given back to the system and faulted in anew: for the
/// 34 MB of the TCEC corpus, about 470 more page faults and 0.01-0.02 s
/// more CPU, a fifth of what decompressing costs.
struct Ahead {
    chunks: mpsc::Receiver<io::Result<Chunk>>,
    spent: mpsc::Sender<Box<[u8]>>,
    current: Chunk,
    /// Bytes of `current` already read.
    pos: usize,
    done: bool,
}

/// Decompressed bytes: the first `len` of `bytes`.
struct Chunk {
    bytes: Box<[u8]>,
    len: usize,
}

/// Bytes a decompressed chunk holds, and chunks held ahead at most.
const AHEAD_CHUNK: usize = 1 << 20;
const AHEAD_CHUNKS: usize = 4;

impl Ahead {
    fn new(mut decoder: Box<dyn Read + Send>) -> Ahead {
        let (send, chunks) = mpsc::sync_channel(AHEAD_CHUNKS);
        let (spent, returned) = mpsc::channel::<Box<[u8]>>();
        std::thread::spawn(move || {
            loop {
                // At most `AHEAD_CHUNKS` + 2 chunks exist: those queued,
                // this one and the one being read.
                let mut bytes = returned
                    .try_recv()
                    .unwrap_or_else(|_| vec![0; AHEAD_CHUNK].into_boxed_slice());
                let (len, error) = fill(&mut decoder, &mut bytes);
                // What was read before the stream broke comes first.
                if len > 0 && send.send(Ok(Chunk { bytes, len })).is_err() {
                    // The reader is gone.
                    return;
                }
                if let Some(e) = error {
                    let _ = send.send(Err(e));
                    return;
                }
                if len < AHEAD_CHUNK {
                    return;
                }
            }
        });
        Ahead {
            chunks,
            spent,
            current: Chunk {
                bytes: Box::new([]),
                len: 0,
            },
            pos: 0,
            done: false,
        }
    }
}

/// Reads into `buf` until it is full or the stream ends or breaks: the
/// bytes read, and the error that broke the stream.
fn fill(reader: &mut impl Read, buf: &mut [u8]) -> (usize, Option<io::Error>) {
    let mut len = 0;
    while len < buf.len() {
        match reader.read(&mut buf[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return (len, Some(e)),
        }
    }
    (len, None)
}

impl Read for Ahead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let rest = &self.current.bytes[self.pos..self.current.len];
            if !rest.is_empty() || buf.is_empty() || self.done {
                let n = rest.len().min(buf.len());
                buf[..n].copy_from_slice(&rest[..n]);
                self.pos += n;
                return Ok(n);
            }
            match self.chunks.recv() {
                Ok(Ok(chunk)) => {
                    let read = std::mem::replace(&mut self.current, chunk);
                    self.pos = 0;
                    // The thread may be gone: then the chunk is dropped.
                    if !read.bytes.is_empty() {
                        let _ = self.spent.send(read.bytes);
                    }
                }
                Ok(Err(e)) => {
                    self.done = true;
                    return Err(e);
                }
                Err(_) => self.done = true,
            }
        }
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
    /// It is an output of this run.
    Output,
    /// A README, licence or changelog, by its name: about the files
    /// beside it, not games.
    ProjectFile,
    /// It could not be looked at.
    Unreadable(String),
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
            SkipReason::Output => "an output of this run",
            SkipReason::ProjectFile => {
                "a README, licence or changelog (name it to read it as games)"
            }
            SkipReason::Unreadable(e) => e,
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

/// The inputs `paths` name, in order: standard input when there are none
/// or for `-`, files as given, directories walked in name order. Files
/// that a walk finds and that are among `outputs` are skipped.
///
/// # Errors
///
/// Fails when a path given cannot be opened or walked, before anything
/// is read, so that a mistyped name leaves every output as it was.
pub fn collect(paths: &[PathBuf], outputs: &[PathId]) -> Result<Collected, CollectError> {
    let mut collected = Collected::default();
    if paths.is_empty() {
        collected.inputs.push(Input::Stdin);
        return Ok(collected);
    }
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
            walk(path, outputs, &mut collected).map_err(fail)?;
        } else {
            // Opened only to know it can be: a named pipe is not, as that
            // would block until a writer comes.
            if meta.is_file() {
                File::open(path).map_err(fail)?;
            }
            collected.inputs.push(Input::Path(path.clone()));
        }
    }
    Ok(collected)
}

fn walk(dir: &Path, outputs: &[PathId], collected: &mut Collected) -> io::Result<()> {
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
                let reason = if e.loop_ancestor().is_some() {
                    SkipReason::Loop
                } else {
                    SkipReason::Unreadable(e.to_string())
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
        if kind.is_dir() {
            continue;
        }
        let path = entry.path();
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
        if PathId::of(path).is_ok_and(|id| outputs.contains(&id)) {
            collected.skipped.push(skip(SkipReason::Output));
            continue;
        }
        match File::open(path).and_then(|mut f| read_prefix(&mut f, SNIFF)) {
            Ok(prefix) if content(&prefix) == Content::Binary => {
                collected.skipped.push(skip(SkipReason::Binary));
            }
            Ok(_) => collected.inputs.push(Input::Path(path.to_owned())),
            Err(e) => collected
                .skipped
                .push(skip(SkipReason::Unreadable(e.to_string()))),
        }
    }
    Ok(())
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

    #[test]
    fn decompressed_ahead_reads_whole_and_fails_where_the_stream_breaks() {
        use std::io::Write;
        let text: Vec<u8> = (0..3_000_000u32)
            .map(|i| b"1. e4 e5 *\n"[i as usize % 11])
            .collect();
        let mut packed = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        packed.write_all(&text).unwrap();
        let packed = packed.finish().unwrap();
        let (found, mut reader) = decompress(io::Cursor::new(packed.clone())).unwrap();
        assert_eq!(found, Some(Compression::Gzip));
        let mut back = Vec::new();
        reader.read_to_end(&mut back).unwrap();
        assert_eq!(back, text);
        // Cut short: what was read comes first, then the error.
        let (_, mut cut) =
            decompress(io::Cursor::new(packed[..packed.len() / 2].to_vec())).unwrap();
        let mut some = Vec::new();
        assert!(cut.read_to_end(&mut some).is_err());
        assert!(!some.is_empty() && text.starts_with(&some));
        // A stream smaller than a chunk, cut short: its start still comes.
        let mut small = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        small.write_all(&text[..200_000]).unwrap();
        let small = small.finish().unwrap();
        let (_, mut cut) = decompress(io::Cursor::new(small[..small.len() / 2].to_vec())).unwrap();
        let mut some = Vec::new();
        assert!(cut.read_to_end(&mut some).is_err());
        assert!(!some.is_empty() && text.starts_with(&some));
    }

    /// Yields `len` bytes of a pattern in reads of odd sizes, now and
    /// then interrupted, then fails if `fails`.
    struct Pattern {
        at: usize,
        len: usize,
        fails: bool,
        reads: usize,
    }

    impl Read for Pattern {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.reads += 1;
            if self.reads.is_multiple_of(5) {
                return Err(io::ErrorKind::Interrupted.into());
            }
            if self.at == self.len {
                return match self.fails {
                    true => Err(io::Error::other("broken")),
                    false => Ok(0),
                };
            }
            let n = buf.len().min(self.len - self.at).min(77_777);
            for (i, b) in buf[..n].iter_mut().enumerate() {
                *b = ((self.at + i) % 251) as u8;
            }
            self.at += n;
            Ok(n)
        }
    }

    #[test]
    fn chunks_filled_again_pass_every_byte_in_order() {
        for (len, fails) in [
            (AHEAD_CHUNK * 11 / 2, false),
            (AHEAD_CHUNK * 3, false),
            (AHEAD_CHUNK * 5 / 2, true),
            (AHEAD_CHUNK * 2, true),
        ] {
            let pattern = Pattern {
                at: 0,
                len,
                fails,
                reads: 0,
            };
            let mut ahead = Ahead::new(Box::new(pattern));
            let mut back = Vec::new();
            let mut piece = [0; 1000];
            let end = loop {
                match ahead.read(&mut piece) {
                    Ok(0) => break None,
                    Ok(n) => back.extend_from_slice(&piece[..n]),
                    Err(e) => break Some(e),
                }
            };
            assert_eq!(end.is_some(), fails, "{len}");
            assert_eq!(back.len(), len);
            assert!(back.iter().enumerate().all(|(i, b)| *b == (i % 251) as u8));
            // Nothing more after the end or the error.
            assert_eq!(ahead.read(&mut piece).unwrap(), 0);
        }
    }

    #[test]
    fn bzh_alone_is_text() {
        assert_eq!(Compression::sniff(b"BZh is a word"), None);
    }
}
