//! Where games come from, plain or compressed.
//!
//! [`decompress`] reads gzip, zstd, bzip2 and xz streams transparently,
//! told by their first bytes, not by their names; with the command line,
//! [`collect`] turns the paths a user gave into inputs.
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

use std::io::{self, Read};
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
    fn bzh_alone_is_text() {
        assert_eq!(Compression::sniff(b"BZh is a word"), None);
    }
}
