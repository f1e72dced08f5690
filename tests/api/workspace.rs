//! The workspace's own rules, read from its files.

use std::path::{Path, PathBuf};

/// The repository's root (the suite's crate is `functions/monolith`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.rs` files under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// A crate whose `Cargo.toml` turns its unit tests off (`test = false`, so that `cargo test` does
/// not compile it again for an empty harness) holds no unit test: one added there would never run.
#[test]
fn a_crate_whose_unit_tests_are_off_holds_none() {
    let mut off = 0;
    for entry in std::fs::read_dir(root().join("functions")).expect("functions/") {
        let dir = entry.expect("a directory entry").path();
        let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        if !manifest.lines().any(|l| l.trim() == "test = false") {
            continue;
        }
        off += 1;
        for file in rust_files(&dir.join("src")) {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for marker in ["#[test]", "#[cfg(test)]", "#[tokio::test"] {
                assert!(
                    !text.contains(marker),
                    "{} has {marker}, but its crate's unit tests are off (`test = false` in its Cargo.toml): \
                     remove that, or test it through tests/api",
                    file.display()
                );
            }
        }
    }
    assert!(off >= 12, "the crates without unit tests were found ({off})");
}
