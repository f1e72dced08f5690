//! Gzips the OpenAPI document and the Postman collection `monolith docs` writes (`docs/`) into
//! the build, for `src/openapi.rs` to serve: about a tenth of their size in the binary.

use std::io::Write;
use std::path::PathBuf;

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for name in ["openapi.json", "postman.json"] {
        let source = format!("../../docs/{name}");
        println!("cargo:rerun-if-changed={source}");
        let json = std::fs::read(&source).unwrap_or_else(|e| panic!("{source}: {e}"));
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gzip.write_all(&json).expect("writing to memory");
        let gzipped = gzip.finish().expect("writing to memory");
        std::fs::write(out.join(format!("{name}.gz")), gzipped).unwrap_or_else(|e| panic!("{name}.gz: {e}"));
    }
}
