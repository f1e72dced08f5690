//! The large files the platform serves, gzipped into the build by `build.rs` and read back once per
//! process: the bootstrap carries each at a tenth to a third of its size.

use std::io::Read;

/// The gzipped bytes of `$file` (its name, as `build.rs` lists it).
macro_rules! gzipped {
    ($file:literal) => {
        include_bytes!(concat!(env!("OUT_DIR"), "/", $file, ".gz"))
    };
}
pub(crate) use gzipped;

/// `gzipped`'s bytes as they were.
pub fn gunzip(gzipped: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(gzipped)
        .read_to_end(&mut bytes)
        .expect("build.rs gzipped the file");
    bytes
}
