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
struct Ahead {
    chunks: std::sync::mpsc::Receiver<io::Result<Vec<u8>>>,
    current: io::Cursor<Vec<u8>>,
    done: bool,
}

/// Bytes a decompressed chunk holds, and chunks held ahead at most.
const AHEAD_CHUNK: usize = 1 << 20;
const AHEAD_CHUNKS: usize = 4;

impl Ahead {
    fn new(mut decoder: Box<dyn Read + Send>) -> Ahead {
        let (send, chunks) = std::sync::mpsc::sync_channel(AHEAD_CHUNKS);
        std::thread::spawn(move || {
            loop {
                let mut chunk = Vec::with_capacity(AHEAD_CHUNK);
                match (&mut decoder)
                    .take(AHEAD_CHUNK as u64)
                    .read_to_end(&mut chunk)
                {
                    // The reader is gone, or the stream ended.
                    Ok(0) => return,
                    Ok(_) => {
                        if send.send(Ok(chunk)).is_err() {
                            return;
                        }
                    }
                    // What was read before the stream broke comes first.
                    Err(e) => {
                        if !chunk.is_empty() {
                            let _ = send.send(Ok(chunk));
                        }
                        let _ = send.send(Err(e));
                        return;
                    }
                }
            }
        });
        Ahead {
            chunks,
            current: io::Cursor::new(Vec::new()),
            done: false,
        }
    }
}

impl Read for Ahead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let n = self.current.read(buf)?;
            if n > 0 || buf.is_empty() || self.done {
                return Ok(n);
            }
            match self.chunks.recv() {
                Ok(Ok(chunk)) => self.current = io::Cursor::new(chunk),
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

    #[test]
    fn bzh_alone_is_text() {
        assert_eq!(Compression::sniff(b"BZh is a word"), None);
    }
}
