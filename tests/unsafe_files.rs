//! The README's list of the files that hold `unsafe` code is the list the code has: a file that
//! gains or loses `unsafe` must change the list, so that the prose cannot drift.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Whether a line of code (not a comment) uses the `unsafe` keyword.
fn uses_unsafe(line: &str) -> bool {
    let code = line.split("//").next().unwrap_or("");
    [
        "unsafe {",
        "unsafe fn",
        "unsafe impl",
        "unsafe trait",
        "unsafe extern",
    ]
    .iter()
    .any(|use_| code.contains(use_))
}

#[test]
fn the_readme_names_every_file_with_unsafe_code_and_no_other() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tools", "tests", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    let mut with_unsafe: Vec<String> = files
        .iter()
        .filter(|path| !path.ends_with(file!()))
        .filter(|path| {
            std::fs::read_to_string(path)
                .unwrap()
                .lines()
                .any(uses_unsafe)
        })
        .map(|path| {
            let relative = path.strip_prefix(root).unwrap();
            relative.to_string_lossy().replace('\\', "/")
        })
        .collect();
    with_unsafe.sort();

    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let start = readme
        .find("- `unsafe` lives in these files")
        .expect("the README's list");
    let mut listed: Vec<String> = readme[start..]
        .lines()
        .skip(1)
        .skip_while(|line| !line.starts_with("  - `"))
        .take_while(|line| line.starts_with("  - `") || line.starts_with("    "))
        .filter_map(|line| line.strip_prefix("  - `"))
        .filter_map(|rest| rest.split('`').next())
        .map(str::to_string)
        .collect();
    listed.sort();
    assert_eq!(listed, with_unsafe, "README.md's list against the code");
}
