//! Rust's `plist` crate as a peer of the comparison, with serde derive for the model rows.
//!
//!     rust-plist-bench decode xml|binary FILE RUNS   plist::Value::from_reader (the format is
//!                                                    detected, as the crate does), then dropped
//!     rust-plist-bench encode xml|binary FILE RUNS   FILE (a binary plist) read once into a
//!                                                    Value, then Value::to_writer_xml /
//!                                                    to_writer_binary into a new Vec timed
//!     rust-plist-bench decode-each|encode-each xml|binary PACK RUNS
//!                                                    the same, one call per document of a pack
//!                                                    file (small-docs: a 4-byte big-endian
//!                                                    length, then the document; encode-each
//!                                                    reads the binary pack)
//!     rust-plist-bench serde-decode MODEL xml|binary FILE RUNS
//!                                                    plist::from_bytes into the model's struct
//!                                                    (serde derive), then dropped
//!     rust-plist-bench serde-encode MODEL xml|binary FILE RUNS
//!                                                    FILE (a binary plist) read once into the
//!                                                    struct, then plist::to_writer_xml /
//!                                                    to_writer_binary timed
//!
//! MODEL: `records` (an array of `Student`) or `app-state` (`AppState`); see models.rs.
//!
//!     rust-plist-bench rewrite XML OUT               XML read into a Value and written to OUT
//!     rust-plist-bench rewrite-each XML_PACK OUT     as a binary plist by the crate (untimed);
//!                                                    -each: every document of a pack file
//!
//! plist 1.3.1 reads binary plists whose offsets and object references are 1, 2, 4 or 8 bytes
//! wide only; the format allows any width from 1 to 8, and PlistKit writes 3-byte ones where
//! they suffice. compare.sh gives this harness such a file's rewritten twin instead.
//!
//! Prints `median_ms=… min_ms=… runs=… peak_kb=…` on one line, as the C and Python harnesses
//! do (Harness/harness.h): one unmeasured run first unless RUNS is 1, then RUNS measured runs.
//! Decoding includes dropping the value, as libplist's includes plist_free and the Swift
//! benchmarks include releasing the value. Every encode is checked once, before the timing, by
//! decoding its output and comparing it with the value it was made from.

mod models;

use plist::Value;
use serde::{de::DeserializeOwned, Serialize};
use std::hint::black_box;
use std::io::Cursor;
use std::process::exit;
use std::time::Instant;

/// The output format of an encode (a decode detects the format from the bytes).
#[derive(Clone, Copy, PartialEq)]
enum Format {
    Xml,
    Binary,
}

fn fail(message: impl std::fmt::Display) -> ! {
    eprintln!("rust-plist-bench: {message}");
    exit(1)
}

fn usage() -> ! {
    eprintln!(
        "usage: rust-plist-bench decode|encode|decode-each|encode-each xml|binary FILE RUNS\n       \
         rust-plist-bench serde-decode|serde-encode records|app-state xml|binary FILE RUNS\n       \
         rust-plist-bench rewrite|rewrite-each XML OUT"
    );
    exit(2)
}

/// Runs `body` once to warm up (unless only one run is asked for), then `runs` times, and
/// prints the median, the fastest run and the process's peak resident set.
fn time(runs: usize, mut body: impl FnMut()) {
    if runs > 1 {
        body();
    }
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            body();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let median = if runs % 2 == 1 {
        times[runs / 2]
    } else {
        (times[runs / 2 - 1] + times[runs / 2]) / 2.0
    };
    println!(
        "median_ms={median:.3} min_ms={:.3} runs={runs} peak_kb={}",
        times[0],
        peak_kb()
    );
}

/// The process's resident high-water mark in KiB, as getrusage reports it on Linux.
fn peak_kb() -> i64 {
    // SAFETY: getrusage only writes the struct it is given.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(libc::RUSAGE_SELF, &mut usage) != 0 {
            return 0;
        }
        usage.ru_maxrss as i64
    }
}

/// The documents of a pack file: each a 4-byte big-endian length, then its bytes.
fn unpack(bytes: &[u8]) -> Vec<&[u8]> {
    let mut documents = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        if rest.len() < 4 {
            fail("truncated pack file");
        }
        let length = u32::from_be_bytes([rest[0], rest[1], rest[2], rest[3]]) as usize;
        if rest.len() - 4 < length {
            fail("truncated pack file");
        }
        documents.push(&rest[4..4 + length]);
        rest = &rest[4 + length..];
    }
    documents
}

fn decode_value(bytes: &[u8]) -> Value {
    Value::from_reader(Cursor::new(bytes)).unwrap_or_else(|error| fail(format!("could not decode: {error}")))
}

fn encode_value(value: &Value, format: Format) -> Vec<u8> {
    let mut out = Vec::new();
    let result = match format {
        Format::Xml => value.to_writer_xml(&mut out),
        Format::Binary => value.to_writer_binary(&mut out),
    };
    result.unwrap_or_else(|error| fail(format!("could not encode: {error}")));
    out
}

fn decode_model<T: DeserializeOwned>(bytes: &[u8]) -> T {
    plist::from_bytes(bytes).unwrap_or_else(|error| fail(format!("could not decode the model: {error}")))
}

fn encode_model<T: Serialize>(value: &T, format: Format) -> Vec<u8> {
    let mut out = Vec::new();
    let result = match format {
        Format::Xml => plist::to_writer_xml(&mut out, value),
        Format::Binary => plist::to_writer_binary(&mut out, value),
    };
    result.unwrap_or_else(|error| fail(format!("could not encode the model: {error}")));
    out
}

/// The plain rows: one plist (or one call per document of a pack) to `plist::Value` and back.
fn plain(operation: &str, format: Format, bytes: &[u8], runs: usize) {
    match operation {
        "decode" => time(runs, || drop(black_box(decode_value(bytes)))),
        "encode" => {
            let value = decode_value(bytes);
            if decode_value(&encode_value(&value, format)) != value {
                fail("the encoded plist does not decode to the value it was made from");
            }
            time(runs, || drop(black_box(encode_value(&value, format))));
        }
        "decode-each" => {
            let documents = unpack(bytes);
            time(runs, || {
                for document in &documents {
                    drop(black_box(decode_value(document)));
                }
            });
        }
        "encode-each" => {
            let values: Vec<Value> = unpack(bytes).into_iter().map(decode_value).collect();
            for value in &values {
                if decode_value(&encode_value(value, format)) != *value {
                    fail("an encoded document does not decode to the value it was made from");
                }
            }
            time(runs, || {
                for value in &values {
                    drop(black_box(encode_value(value, format)));
                }
            });
        }
        _ => usage(),
    }
}

/// The model rows: the file through serde derive into `T` and back.
fn model<T: Serialize + DeserializeOwned + PartialEq>(operation: &str, format: Format, bytes: &[u8], runs: usize) {
    match operation {
        "serde-decode" => time(runs, || drop(black_box(decode_model::<T>(bytes)))),
        "serde-encode" => {
            let value: T = decode_model(bytes);
            if decode_model::<T>(&encode_model(&value, format)) != value {
                fail("the encoded model does not decode to the value it was made from");
            }
            time(runs, || drop(black_box(encode_model(&value, format))));
        }
        _ => usage(),
    }
}

/// Writes the XML plist (or each document of the XML pack) at `input` to `output` as a binary
/// plist (or a binary pack) of the crate's own making.
fn rewrite(input: &str, output: &str, each: bool) {
    let bytes = std::fs::read(input).unwrap_or_else(|error| fail(format!("{input}: {error}")));
    let out = if each {
        let mut out = Vec::new();
        for document in unpack(&bytes) {
            let binary = encode_value(&decode_value(document), Format::Binary);
            out.extend_from_slice(&(binary.len() as u32).to_be_bytes());
            out.extend_from_slice(&binary);
        }
        out
    } else {
        encode_value(&decode_value(&bytes), Format::Binary)
    };
    std::fs::write(output, out).unwrap_or_else(|error| fail(format!("{output}: {error}")));
}

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    if let [operation, input, output] = &arguments[..] {
        match operation.as_str() {
            "rewrite" => return rewrite(input, output, false),
            "rewrite-each" => return rewrite(input, output, true),
            _ => usage(),
        }
    }
    let (operation, model_name, rest) = match arguments.first().map(String::as_str) {
        Some("serde-decode" | "serde-encode") if arguments.len() == 5 => {
            (arguments[0].as_str(), Some(arguments[1].as_str()), &arguments[2..])
        }
        Some(_) if arguments.len() == 4 => (arguments[0].as_str(), None, &arguments[1..]),
        _ => usage(),
    };
    let format = match rest[0].as_str() {
        "xml" => Format::Xml,
        "binary" => Format::Binary,
        _ => usage(),
    };
    let path = &rest[1];
    let bytes = std::fs::read(path).unwrap_or_else(|error| {
        eprintln!("{path}: {error}");
        exit(2)
    });
    let runs: usize = match rest[2].parse() {
        Ok(runs) if runs > 0 => runs,
        _ => usage(),
    };
    match model_name {
        None => plain(operation, format, &bytes, runs),
        Some("records") => model::<Vec<models::Student>>(operation, format, &bytes, runs),
        Some("app-state") => model::<models::AppState>(operation, format, &bytes, runs),
        Some(_) => usage(),
    }
}
