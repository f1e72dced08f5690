//! The layers of `shared/src` stay layers: read as a graph whose edges are the `crate::` paths each
//! file names (through the `pub use` of a `mod.rs` or `lib.rs` to the file that declares the
//! item), no circle of files spans two folders. The resource layer's own files count as one room:
//! they may name each other freely, but nothing they name may lead back to them from another
//! folder. The files at the top of `src/` (the application state, the route tables, the registry,
//! the gate) are one folder, the top layer, which may form circles among themselves.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// A file's module path (`["http", "upload"]`), as `crate::` paths spell it.
type ModPath = Vec<String>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("shared/src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn mod_path(src: &Path, file: &Path) -> ModPath {
    let relative = file.strip_prefix(src).expect("under src").with_extension("");
    let mut parts: ModPath = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The text without `//` comments (doc links are not imports).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every path a `crate::` use tree names, braces expanded: `crate::a::{b, c::d}` is `a::b` and
/// `a::c::d`.
fn crate_paths(code: &str) -> Vec<Vec<String>> {
    fn tree(chars: &[char], mut at: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
        let mut path = prefix.to_vec();
        loop {
            while at < chars.len() && chars[at].is_whitespace() {
                at += 1;
            }
            if at < chars.len() && chars[at] == '{' {
                at += 1;
                loop {
                    at = tree(chars, at, &path, out);
                    while at < chars.len() && chars[at].is_whitespace() {
                        at += 1;
                    }
                    match chars.get(at) {
                        Some(',') => at += 1,
                        _ => break,
                    }
                    while at < chars.len() && chars[at].is_whitespace() {
                        at += 1;
                    }
                    if chars.get(at) == Some(&'}') {
                        break;
                    }
                }
                if chars.get(at) == Some(&'}') {
                    at += 1;
                }
                return at;
            }
            let start = at;
            while at < chars.len() && is_ident_char(chars[at]) {
                at += 1;
            }
            if at > start {
                path.push(chars[start..at].iter().collect());
            }
            if chars.get(at) == Some(&':') && chars.get(at + 1) == Some(&':') && at > start {
                at += 2;
                continue;
            }
            out.push(path);
            return at;
        }
    }
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let needle: Vec<char> = "crate::".chars().collect();
    let mut at = 0;
    while at + needle.len() <= chars.len() {
        let preceded_by_ident = at > 0 && (is_ident_char(chars[at - 1]) || chars[at - 1] == '$');
        if chars[at..at + needle.len()] == needle[..] && !preceded_by_ident {
            at = tree(&chars, at + needle.len(), &[], &mut out);
        } else {
            at += 1;
        }
    }
    out
}

/// `pub use sub::{A, B}` in a `mod.rs` or `lib.rs`: which file each re-exported name comes from.
fn reexports(files: &BTreeMap<ModPath, String>) -> HashMap<(ModPath, String), ModPath> {
    let mut found = HashMap::new();
    for (module, code) in files {
        for statement in code.split(';') {
            let Some(rest) = statement.trim().strip_prefix("pub use ") else {
                continue;
            };
            let rest = rest.trim_start_matches("self::");
            let Some((sub, names)) = rest.split_once("::") else {
                continue;
            };
            let mut file = module.clone();
            file.push(sub.trim().to_owned());
            if !files.contains_key(&file) {
                continue;
            }
            for name in names.split(|c: char| !is_ident_char(c)).filter(|n| !n.is_empty()) {
                found.insert((module.clone(), name.to_owned()), file.clone());
            }
        }
    }
    found
}

/// The file a path names: its longest prefix that is a file, followed through a re-export.
fn target(
    path: &[String],
    files: &BTreeMap<ModPath, String>,
    reexported: &HashMap<(ModPath, String), ModPath>,
) -> Option<ModPath> {
    for len in (0..=path.len()).rev() {
        let prefix = path[..len].to_vec();
        if !files.contains_key(&prefix) {
            continue;
        }
        if let Some(next) = path.get(len) {
            if let Some(file) = reexported.get(&(prefix.clone(), next.clone())) {
                return Some(file.clone());
            }
        }
        return Some(prefix);
    }
    None
}

/// The room a file is in: the resource layer is one; every other file is its own.
fn room(module: &ModPath) -> String {
    match module.first().map(String::as_str) {
        Some("resource") => "resource/*".to_owned(),
        _ if module.is_empty() => "lib".to_owned(),
        _ => module.join("/"),
    }
}

/// The folder a file (or room) is in, `.` for the top of `src/`.
fn folder(module: &ModPath, src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).expect("under src");
    match (module.first(), relative.components().count()) {
        (Some(first), n) if n > 1 => first.clone(),
        _ => ".".to_owned(),
    }
}

/// Tarjan's strongly connected components.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: HashMap<String, usize>,
        low: HashMap<String, usize>,
        stack: Vec<String>,
        on_stack: BTreeSet<String>,
        found: Vec<Vec<String>>,
    }
    fn visit(walk: &mut Walk<'_>, node: &str) {
        let n = walk.index.len();
        walk.index.insert(node.to_owned(), n);
        walk.low.insert(node.to_owned(), n);
        walk.stack.push(node.to_owned());
        walk.on_stack.insert(node.to_owned());
        let next: Vec<String> = walk.edges.get(node).into_iter().flatten().cloned().collect();
        for other in next {
            if !walk.index.contains_key(&other) {
                visit(walk, &other);
                let low = walk.low[node].min(walk.low[&other]);
                walk.low.insert(node.to_owned(), low);
            } else if walk.on_stack.contains(&other) {
                let low = walk.low[node].min(walk.index[&other]);
                walk.low.insert(node.to_owned(), low);
            }
        }
        if walk.low[node] == walk.index[node] {
            let mut component = Vec::new();
            while let Some(top) = walk.stack.pop() {
                walk.on_stack.remove(&top);
                let done = top == node;
                component.push(top);
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                walk.found.push(component);
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !walk.index.contains_key(node) {
            visit(&mut walk, node);
        }
    }
    walk.found
}

#[test]
fn no_circle_of_imports_spans_two_folders() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    let files: BTreeMap<ModPath, String> = paths
        .iter()
        .map(|p| {
            (
                mod_path(&src, p),
                code_of(&std::fs::read_to_string(p).expect("readable")),
            )
        })
        .collect();
    let folders: HashMap<String, String> = paths
        .iter()
        .map(|p| {
            let module = mod_path(&src, p);
            (room(&module), folder(&module, &src, p))
        })
        .collect();
    let reexported = reexports(&files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut why: BTreeMap<(String, String), String> = BTreeMap::new();
    for (module, code) in &files {
        let from = room(module);
        edges.entry(from.clone()).or_default();
        for path in crate_paths(code) {
            let Some(to) = target(&path, &files, &reexported).map(|t| room(&t)) else {
                continue;
            };
            if to != from {
                why.entry((from.clone(), to.clone()))
                    .or_insert_with(|| format!("{} names crate::{}", module.join("/"), path.join("::")));
                edges.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    assert!(
        edges.len() > 40,
        "the walk found too few files to be reading shared/src"
    );
    assert!(
        edges["resource/*"].contains("store"),
        "the walk missed the resource layer's imports"
    );
    let crossing: Vec<String> = circles(&edges)
        .into_iter()
        .filter(|circle| circle.iter().map(|room| &folders[room]).collect::<BTreeSet<_>>().len() > 1)
        .map(|circle| {
            let members: BTreeSet<&String> = circle.iter().collect();
            let inside: Vec<&String> = why
                .iter()
                .filter(|((a, b), _)| members.contains(a) && members.contains(b))
                .map(|(_, reason)| reason)
                .collect();
            format!(
                "{circle:?}:\n    {}",
                inside.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n    ")
            )
        })
        .collect();
    assert!(
        crossing.is_empty(),
        "import circles across folders:\n{}",
        crossing.join("\n")
    );
}
