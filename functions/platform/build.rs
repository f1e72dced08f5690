//! Gzips the large files this crate serves into its build: the OpenAPI document and the Postman
//! collection `monolith docs` writes (`docs/`), and the vendored Redoc bundle. Each is about a
//! tenth to a third of its size gzipped, and the platform function's bootstrap carries them all
//! (`src/embedded.rs` reads them back, once per process).

use std::io::Write;
use std::path::{Path, PathBuf};

const FILES: [&str; 3] = [
    "../../docs/openapi.json",
    "../../docs/postman.json",
    "assets/redoc.standalone.js",
];

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for source in FILES {
        println!("cargo:rerun-if-changed={source}");
        let bytes = std::fs::read(source).unwrap_or_else(|e| panic!("{source}: {e}"));
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gzip.write_all(&bytes).expect("writing to memory");
        let gzipped = gzip.finish().expect("writing to memory");
        let name = Path::new(source).file_name().expect("a file").to_string_lossy();
        std::fs::write(out.join(format!("{name}.gz")), gzipped).unwrap_or_else(|e| panic!("{name}.gz: {e}"));
    }
}
