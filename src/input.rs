//! Where games come from, plain or compressed.
//!
//! [`decompress`] reads gzip, zstd, bzip2 and xz streams transparently,
//! told by their first bytes, not by their names; with the command line,
//! [`collect`] turns the paths a user gave into inputs.
//!
//! A compressed stream is trusted no further than its [`Limits`]: a
//! decoder may take so much memory (an xz dictionary or a zstd window is
//! whatever the file's header states), and the text may grow only so
//! many times the compressed bytes read. A decoder error or a limit
//! passed is a [`Broken`] error, which says where: the text decoded before
//! it may already be garbage, since gzip, for one, checks its data only at
//! the end of a member.
//!
//! ```
//! use std::io::Read;
//! use scoresheet::input::{Compression, decompress};
//!
//! let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
//! std::io::Write::write_all(&mut gz, b"1. e4 e5 *\n").unwrap();
//! let packed = gz.finish().unwrap();
//! let (compression, mut reader) = decompress(std::io::Cursor::new(packed)).unwrap();
//! let mut text = String::new();
//! reader.read_to_string(&mut text).unwrap();
//! assert_eq!((compression, text.as_str()), (Some(Compression::Gzip), "1. e4 e5 *\n"));
//! ```

#[cfg(feature = "cli")]
pub mod collect;

use std::fmt;
use std::io::{self, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

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
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        })
    }
}

/// What decompressing one input may cost.
///
/// The defaults let through every preset of the four formats and any
/// real game file, which compresses 5 to 15 times: a decoder may take
/// 256 MiB (xz -9 needs 65 MiB, zstd's largest default window 128 MiB),
/// and the text may grow to 100 times the compressed bytes read, or to
/// 400 MiB when that is more. Past that, a file is taken for a
/// decompression bomb: a few hundred kilobytes that decompress to
/// gigabytes of nothing, read for minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Decompressed bytes allowed per compressed byte read, and per
    /// [`EXPANSION_FLOOR`] bytes the text may reach whatever the ratio;
    /// `None`: no limit.
    pub max_expansion: Option<u64>,
    /// Bytes of memory a decoder may take (gzip and bzip2 need at most a
    /// few MiB whatever the file says); `None`: no limit.
    pub decoder_memory: Option<u64>,
}

/// The text any input may decompress to, per unit of
/// [`Limits::max_expansion`], however few its compressed bytes: small
/// files of many alike games compress far more than large ones.
pub const EXPANSION_FLOOR: u64 = 4 << 20;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_expansion: Some(100),
            decoder_memory: Some(256 << 20),
        }
    }
}

/// Which of the [`Limits`] an input passed.
// The pipeline of many inputs, the command line's, tells them apart.
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Limit {
    /// [`Limits::max_expansion`].
    Expansion,
    /// [`Limits::decoder_memory`].
    DecoderMemory,
}

/// A compressed input that cannot be read on: damaged (cut short
/// included) or past one of its [`Limits`]; with where it was found.
/// It reaches the reader inside an [`io::Error`]; [`Broken::of`] finds it.
#[derive(Debug)]
pub struct Broken {
    format: Compression,
    compressed: u64,
    decompressed: u64,
    why: Why,
}

#[derive(Debug)]
enum Why {
    Damaged(io::Error),
    Memory(u64),
    Expansion(u64),
}

impl Broken {
    /// The `Broken` inside `error`, if that is what it carries.
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    pub fn of(error: &io::Error) -> Option<&Broken> {
        error.get_ref()?.downcast_ref()
    }

    /// Compressed bytes read when it was found (the decoder reads a
    /// little ahead of what it has decoded).
    // The command line only prints the error; tests read the numbers.
    #[cfg_attr(not(feature = "internals"), allow(dead_code))]
    pub fn compressed(&self) -> u64 {
        self.compressed
    }

    /// Bytes decompressed when it was found.
    #[cfg_attr(not(feature = "internals"), allow(dead_code))]
    pub fn decompressed(&self) -> u64 {
        self.decompressed
    }

    /// The limit passed; `None` for damaged data.
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    pub fn limit(&self) -> Option<Limit> {
        match self.why {
            Why::Damaged(_) => None,
            Why::Memory(_) => Some(Limit::DecoderMemory),
            Why::Expansion(_) => Some(Limit::Expansion),
        }
    }
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (format, decompressed, compressed) = (self.format, self.decompressed, self.compressed);
        match &self.why {
            Why::Damaged(e) => write!(
                f,
                "damaged {format} data at decompressed byte {decompressed} \
                 ({compressed} compressed bytes read): {e}"
            ),
            Why::Memory(limit) => write!(
                f,
                "{format} data whose header asks for more than {} MiB of memory \
                 to decompress, at compressed byte {compressed}",
                limit >> 20
            ),
            Why::Expansion(ratio) => write!(
                f,
                "{format} data grown to more than {ratio} times the compressed bytes \
                 read and past {} MiB ({decompressed} bytes from {compressed}; game \
                 files grow 5 to 15 times): taken for a decompression bomb",
                ratio.saturating_mul(EXPANSION_FLOOR) >> 20
            ),
        }
    }
}

impl std::error::Error for Broken {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.why {
            Why::Damaged(e) => Some(e),
            _ => None,
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
/// stream, as it is otherwise; with the format found. The default
/// [`Limits`] hold.
///
/// # Errors
///
/// Fails when the first bytes cannot be read or a decoder cannot start.
/// Reading fails with a [`Broken`] where the data is damaged or passes a
/// limit.
pub fn decompress<R: Read + Send + 'static>(
    input: R,
) -> io::Result<(Option<Compression>, Box<dyn Read + Send>)> {
    decompress_with(input, Limits::default())
}

/// [`decompress`] within `limits`.
///
/// # Errors
///
/// As [`decompress`].
pub fn decompress_with<R: Read + Send + 'static>(
    mut input: R,
    limits: Limits,
) -> io::Result<(Option<Compression>, Box<dyn Read + Send>)> {
    let prefix = read_prefix(&mut input, 6)?;
    let Some(format) = Compression::sniff(&prefix) else {
        return Ok((None, Box::new(io::Cursor::new(prefix).chain(input))));
    };
    let compressed = Arc::new(AtomicU64::new(0));
    let whole = Tally {
        inner: io::Cursor::new(prefix).chain(input),
        count: Arc::clone(&compressed),
    };
    let memory = limits.decoder_memory.unwrap_or(u64::MAX);
    let decoder: Box<dyn Read + Send> = match format {
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(whole)),
        Compression::Zstd => {
            let mut decoder = zstd::stream::read::Decoder::new(whole)?;
            decoder.window_log_max(zstd_window_log(memory))?;
            Box::new(decoder)
        }
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(whole)),
        Compression::Xz => {
            let stream =
                liblzma::stream::Stream::new_stream_decoder(memory, liblzma::stream::CONCATENATED)
                    .map_err(io::Error::from)?;
            Box::new(liblzma::read::XzDecoder::new_stream(whole, stream))
        }
    };
    let checked = Checked {
        decoder,
        format,
        compressed,
        decompressed: 0,
        limits,
    };
    Ok((Some(format), Box::new(Ahead::new(Box::new(checked)))))
}

/// The largest zstd window, as a power of two, whose buffers fit in
/// `memory`: the window and an eighth more. 256 MiB gives 2^27, zstd's
/// own default.
fn zstd_window_log(memory: u64) -> u32 {
    // zstd's range: 2^10 to 2^31 on 64-bit systems.
    (10..=31)
        .rev()
        .find(|log| (1u64 << log) + (1u64 << (log - 3)) <= memory)
        .unwrap_or(10)
}

/// A reader that counts the bytes read through it.
struct Tally<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Tally<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A decoder held to its [`Limits`], whose errors say where they arose.
struct Checked {
    decoder: Box<dyn Read + Send>,
    format: Compression,
    /// Compressed bytes read by the decoder.
    compressed: Arc<AtomicU64>,
    decompressed: u64,
    limits: Limits,
}

impl Checked {
    fn broken(&self, why: Why) -> io::Error {
        let kind = match &why {
            Why::Damaged(e) => e.kind(),
            Why::Memory(_) | Why::Expansion(_) => io::ErrorKind::InvalidData,
        };
        let broken = Broken {
            format: self.format,
            compressed: self.compressed.load(Ordering::Relaxed),
            decompressed: self.decompressed,
            why,
        };
        io::Error::new(kind, broken)
    }
}

/// Whether a decoder's error says the data needs more memory than its
/// limit allows. zstd says so only in words ("Frame requires too much
/// memory for decoding").
fn over_memory(format: Compression, e: &io::Error) -> bool {
    match format {
        Compression::Xz => e
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<liblzma::stream::Error>())
            .is_some_and(|inner| matches!(inner, liblzma::stream::Error::MemLimit)),
        Compression::Zstd => e.to_string().contains("too much memory"),
        _ => false,
    }
}

impl Read for Checked {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = match self.decoder.read(buf) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => return Err(e),
            Err(e) => {
                let why = match self.limits.decoder_memory {
                    Some(limit) if over_memory(self.format, &e) => Why::Memory(limit),
                    _ => Why::Damaged(e),
                };
                return Err(self.broken(why));
            }
        };
        self.decompressed += n as u64;
        if let Some(ratio) = self.limits.max_expansion {
            let compressed = self.compressed.load(Ordering::Relaxed);
            let allowed = ratio.saturating_mul(compressed.max(EXPANSION_FLOOR));
            if self.decompressed > allowed {
                return Err(self.broken(Why::Expansion(ratio)));
            }
        }
        Ok(n)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_zstd_window_and_its_buffers_fit_in_the_memory_limit() {
        for (memory, log) in [
            (256 << 20, 27),
            (144 << 20, 27),
            ((144 << 20) - 1, 26),
            (1 << 20, 19),
            (0, 10),
            (u64::MAX, 31),
        ] {
            assert_eq!(zstd_window_log(memory), log, "{memory}");
        }
    }

    #[test]
    fn bzh_alone_is_text() {
        assert_eq!(Compression::sniff(b"BZh is a word"), None);
    }
}
