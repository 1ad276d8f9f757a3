//! Compressed inputs that are damaged, or made to take the machine's
//! memory or time: the run stops with the file and the place named, and
//! no output file is replaced, since text decoded before a damage is
//! found (gzip checks its data only at a member's end) may be garbage.

#![cfg(unix)]

use std::fs;
use std::io::{self, Read, Write};
use std::time::Duration;

use assert_cmd::Command;
use scoresheet::input::{Broken, Limit, Limits, decompress, decompress_with};

fn scoresheet() -> Command {
    let mut cmd = Command::cargo_bin("scoresheet").unwrap();
    // A bomb read to its end must fail the test, not hang it.
    cmd.timeout(Duration::from_secs(60));
    cmd
}

/// `n` games of about 1.2 KB, each with an event of its own, so that a
/// game the input does not hold would be seen. Mostly comment: garbage
/// decoded from them is read fast.
fn games(n: usize) -> Vec<u8> {
    let comment: Vec<String> = (0..40)
        .map(|k| format!("a quiet game in round {k}"))
        .collect();
    let comment = comment.join(" ");
    (0..n)
        .map(|i| {
            format!(
                "[Event \"game {i}\"]\n[Result \"1-0\"]\n\n{{{comment}}}\n\
                 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
            )
        })
        .collect::<String>()
        .into_bytes()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

fn zstd_checked(bytes: &[u8]) -> Vec<u8> {
    let mut zst = zstd::stream::write::Encoder::new(Vec::new(), 1).unwrap();
    zst.include_checksum(true).unwrap();
    zst.write_all(bytes).unwrap();
    zst.finish().unwrap()
}

fn bzip2(bytes: &[u8]) -> Vec<u8> {
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz.write_all(bytes).unwrap();
    bz.finish().unwrap()
}

fn xz(bytes: &[u8], level: u32) -> Vec<u8> {
    let mut xz = liblzma::write::XzEncoder::new(Vec::new(), level);
    xz.write_all(bytes).unwrap();
    xz.finish().unwrap()
}

/// 16 bytes flipped in the middle.
fn flipped(packed: &[u8]) -> Vec<u8> {
    let mut damaged = packed.to_vec();
    let middle = damaged.len() / 2;
    for b in &mut damaged[middle..middle + 16] {
        *b ^= 0xff;
    }
    damaged
}

/// The outputs of a run, each holding what an earlier run left.
const OUTPUTS: [(&str, &str); 4] = [
    ("out.pgn", "[Event \"kept\"]\n\n1. d4 *\n"),
    ("rejects.pgn", "kept rejects\n"),
    ("report.csv", "kept report\n"),
    ("summary.json", "{\"kept\": true}\n"),
];

/// Runs `convert` on `input` (written to `name` in a fresh directory)
/// with every output given, `extra` arguments after; returns the run's
/// standard error, having checked that it failed and that every output
/// holds what it held and nothing else was left in the directory.
fn convert_leaves_outputs(name: &str, input: &[u8], extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    fs::write(&path, input).unwrap();
    for (file, old) in OUTPUTS {
        fs::write(dir.path().join(file), old).unwrap();
    }
    let at = |file: &str| dir.path().join(file);
    let run = scoresheet()
        .arg("convert")
        .arg(&path)
        .arg("-o")
        .arg(at("out.pgn"))
        .arg("--rejects")
        .arg(at("rejects.pgn"))
        .arg("--report")
        .arg(at("report.csv"))
        .arg("--summary")
        .arg(at("summary.json"))
        .args(extra)
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    for (file, old) in OUTPUTS {
        assert_eq!(fs::read_to_string(at(file)).unwrap(), old, "{name}: {file}");
    }
    let mut left: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    let mut want: Vec<String> = OUTPUTS.iter().map(|(f, _)| f.to_string()).collect();
    want.push(name.to_owned());
    want.sort();
    assert_eq!(left, want, "{name}: no unfinished file is left");
    assert!(stderr.contains(&*path.to_string_lossy()), "{stderr}");
    let kept = OUTPUTS.map(|(file, _)| at(file).display().to_string());
    let kept = format!(
        "{} and {} are left as they were",
        kept[..3].join(", "),
        kept[3]
    );
    assert!(stderr.contains(&kept), "{stderr}");
    stderr
}

#[test]
fn a_compressed_file_damaged_in_the_middle_replaces_no_output() {
    // More than a megabyte of text: the decoder passes text on before it
    // meets the damage.
    let text = games(1300);
    let cases = [
        ("games.pgn.gz", flipped(&gzip(&text)), "gzip"),
        ("games.pgn.zst", flipped(&zstd_checked(&text)), "zstd"),
        ("games.pgn.bz2", flipped(&bzip2(&text)), "bzip2"),
        ("games.pgn.xz", flipped(&xz(&text, 1)), "xz"),
    ];
    for (name, damaged, format) in cases {
        let stderr = convert_leaves_outputs(name, &damaged, &[]);
        assert!(
            stderr.contains(&format!("damaged {format} data")),
            "{stderr}"
        );
        // Where: the decompressed byte and the compressed bytes read.
        assert!(stderr.contains("at decompressed byte "), "{stderr}");
        assert!(stderr.contains(" compressed bytes read"), "{stderr}");
    }
}

#[test]
fn a_compressed_file_cut_short_replaces_no_output() {
    let text = games(1000);
    for (name, packed) in [
        ("cut.pgn.gz", gzip(&text)),
        ("cut.pgn.zst", zstd_checked(&text)),
        ("cut.pgn.bz2", bzip2(&text)),
        ("cut.pgn.xz", xz(&text, 1)),
    ] {
        let stderr = convert_leaves_outputs(name, &packed[..packed.len() * 2 / 3], &[]);
        assert!(stderr.contains("damaged"), "{stderr}");
    }
}

#[test]
fn games_already_on_standard_output_are_said_to_be_suspect() {
    let damaged = flipped(&gzip(&games(1300)));
    let run = scoresheet()
        .arg("convert")
        .arg("-")
        .write_stdin(damaged)
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&run.get_output().stderr);
    assert!(stderr.contains("-: damaged gzip data"), "{stderr}");
    assert!(
        stderr.contains("written to standard output before it may hold damaged text"),
        "{stderr}"
    );
}

#[test]
fn the_reader_ends_a_damaged_input_with_an_error_that_says_where() {
    let damaged = flipped(&gzip(&games(1300)));
    let games = scoresheet::Reader::new()
        .read(io::Cursor::new(damaged))
        .unwrap();
    let last = games.last().unwrap();
    let message = last.err().unwrap().to_string();
    assert!(
        message.contains("damaged gzip data at decompressed byte "),
        "{message}"
    );
}

/// The xz stream of `text` with the dictionary size its block header
/// states set to 1 GiB, and the header's check made anew: a decoder
/// that trusts it takes that much memory.
fn xz_claiming_a_huge_dictionary(text: &[u8]) -> Vec<u8> {
    let mut packed = xz(text, 1);
    // The block header follows the 12-byte stream header: its size, its
    // flags (sizes present?), then the LZMA2 filter (id 0x21, one byte of
    // properties: the dictionary size), padding and a CRC32.
    let size = (usize::from(packed[12]) + 1) * 4;
    let flags = packed[13];
    assert_eq!(flags & 0x03, 0, "one filter");
    let mut at = 14;
    for present in [0x40, 0x80] {
        if flags & present != 0 {
            while packed[at] & 0x80 != 0 {
                at += 1;
            }
            at += 1;
        }
    }
    assert_eq!(
        &packed[at..at + 2],
        [0x21, 0x01],
        "LZMA2, one byte of properties"
    );
    // (2 | (36 & 1)) << (36 / 2 + 11): 1 GiB.
    packed[at + 2] = 36;
    let mut crc = flate2::Crc::new();
    crc.update(&packed[12..12 + size - 4]);
    packed[12 + size - 4..12 + size].copy_from_slice(&crc.sum().to_le_bytes());
    packed
}

/// The zstd frame of `text` with the window its header states set to
/// 2 GiB.
fn zstd_claiming_a_huge_window(text: &[u8]) -> Vec<u8> {
    let mut packed = zstd::encode_all(text, 1).unwrap();
    let descriptor = packed[4];
    assert_eq!(descriptor & 0x20, 0, "a window descriptor follows");
    // Exponent 31 - 10, no mantissa.
    packed[5] = 21 << 3;
    packed
}

#[test]
fn a_dictionary_or_window_larger_than_the_memory_limit_is_refused() {
    let text = games(100);
    let huge_xz = xz_claiming_a_huge_dictionary(&text);
    // The header alone is changed: decoded without a limit, the games
    // are all there.
    let mut back = Vec::new();
    let limits = Limits {
        decoder_memory: None,
        ..Limits::default()
    };
    let (_, mut reader) = decompress_with(io::Cursor::new(huge_xz.clone()), limits).unwrap();
    reader.read_to_end(&mut back).unwrap();
    assert_eq!(back, text);
    for (name, packed) in [
        ("huge.pgn.xz", huge_xz),
        ("huge.pgn.zst", zstd_claiming_a_huge_window(&text)),
    ] {
        let stderr = convert_leaves_outputs(name, &packed, &[]);
        assert!(stderr.contains("more than 256 MiB of memory"), "{stderr}");
        assert!(stderr.contains("--max-decoder-memory"), "{stderr}");
    }
    // A lower limit refuses what an ordinary preset asks for (xz -6: an
    // 8 MiB dictionary), and a higher one lets it through.
    let six = xz(&text, 6);
    let stderr = convert_leaves_outputs("six.pgn.xz", &six, &["--max-decoder-memory", "4"]);
    assert!(stderr.contains("more than 4 MiB of memory"), "{stderr}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("six.pgn.xz");
    fs::write(&path, &six).unwrap();
    scoresheet()
        .arg("convert")
        .arg(&path)
        .args(["--max-decoder-memory", "16"])
        .assert()
        .success();
}

/// `frames` zstd frames of `mib` MiB of line ends each.
fn newline_bomb(mib: usize, frames: usize) -> Vec<u8> {
    let frame = zstd::encode_all(&vec![b'\n'; mib << 20][..], 3).unwrap();
    frame.repeat(frames)
}

#[test]
fn a_decompression_bomb_stops_at_the_default_limit() {
    // 1 GiB of line ends in about 20 KB: stopped at 400 MiB, a hundred
    // times the 4 MiB below which any ratio passes.
    let bomb = newline_bomb(64, 16);
    assert!(bomb.len() < 100_000, "{}", bomb.len());
    let (_, mut reader) = decompress(io::Cursor::new(bomb)).unwrap();
    let mut read = 0u64;
    let mut buf = vec![0; 1 << 20];
    let error = loop {
        match reader.read(&mut buf) {
            Ok(0) => panic!("read to the end: {read} bytes"),
            Ok(n) => read += n as u64,
            Err(e) => break e,
        }
    };
    let broken = Broken::of(&error).unwrap();
    assert_eq!(broken.limit(), Some(Limit::Expansion));
    assert!(read <= 400 << 20 && read > 399 << 20, "{read}");
    assert!(broken.decompressed() > 400 << 20, "{error}");
    assert!(broken.compressed() < 100_000, "{error}");
    assert!(error.to_string().contains("decompression bomb"), "{error}");
}

#[test]
fn a_decompression_bomb_stops_at_the_limit_given_and_replaces_no_output() {
    // 64 MiB of line ends, and a limit of 8 MiB: twice 4 MiB.
    let bomb = newline_bomb(64, 1);
    let stderr = convert_leaves_outputs("bomb.pgn.zst", &bomb, &["--max-expansion", "2"]);
    assert!(stderr.contains("decompression bomb"), "{stderr}");
    assert!(
        stderr.contains("--max-expansion 0 lifts the limit"),
        "{stderr}"
    );
    // Lifted, it is read to its end: no games in it.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bomb.pgn.zst");
    fs::write(&path, &bomb).unwrap();
    scoresheet()
        .arg("convert")
        .arg(&path)
        .args(["--max-expansion", "0"])
        .assert()
        .success();
}
