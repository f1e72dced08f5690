#!/usr/bin/env python3
"""Checks that the test run and the other builds resolve every crate's features alike.

`cargo test --workspace` turns on what the dev-dependencies ask for; `cargo build -p monolith` (the
OAuth and schemathesis steps, `cargo run` and `cargo lambda watch` in the smoke test) and the smoke
test's build of the event functions resolve without them. Where a crate's features differ, every
crate above it is another compile: shared and the function crates were built three times in CI
(256 s more). The cure is to name the crate with those features in shared/Cargo.toml (see there).

    infra/same_features.py      exits 1 naming each crate whose features differ
"""

import re
import subprocess
import sys

BUILDS = {
    "cargo build -p monolith": ["-p", "monolith", "-e", "no-dev"],
    "the smoke test's build": [
        "-p", "monolith", "-p", "scheduler", "-p", "outbox-relay", "-p", "webhook-delivery", "-e", "no-dev",
    ],
    "the smoke test's identity function": ["-p", "identity-function", "-e", "no-dev"],
    "the smoke test's crm function": ["-p", "crm-function", "-e", "no-dev"],
}
LINE = re.compile(r"^(\S+) (v\S+)(?: \([^)]*\))*(?: (\S+))?$")


def features(args):
    """Each crate in the build with its features, as `cargo tree` resolves them."""
    out = subprocess.run(
        ["cargo", "tree", "--locked", "--prefix", "none", "-f", "{p} {f}", *args],
        check=True, capture_output=True, text=True,
    ).stdout
    crates = {}
    for line in out.splitlines():
        line = line.removesuffix(" (*)").rstrip()
        match = LINE.match(line)
        if match:
            crates[f"{match[1]} {match[2]}"] = match[3] or ""
    return crates


def main():
    tests = features(["--workspace"])
    differ = []
    for build, args in BUILDS.items():
        for crate, feats in sorted(features(args).items()):
            if crate in tests and tests[crate] != feats:
                differ.append(f"  {crate}: the test run has [{tests[crate]}], {build} [{feats}]")
    if differ:
        print("same_features.py: these crates' features differ between the test run and other builds,", file=sys.stderr)
        print("so each build compiles shared and the function crates again; name them in shared/Cargo.toml", file=sys.stderr)
        print("with the test run's features:", file=sys.stderr)
        print("\n".join(differ), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
