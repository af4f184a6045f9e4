//! Every relative link of the project's Markdown (README.md, docs/, eval/, runners/, fixtures'
//! READMEs) names a file or folder the repository holds, so a reader following the docs
//! never lands on nothing. Links to web pages and to headings of the same page are not
//! checked; a heading part (`page.md#section`) is dropped before the file is looked for.
//! And the runner commands the docs show write their results.json outside the checkout, so
//! that following them leaves no untracked folder behind.

use std::path::{Path, PathBuf};

use crate::common;

/// The Markdown files of the project, outside build output and dependencies (the JavaScript
/// runner's node_modules among them).
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "node_modules" {
                markdown_files(&path, out);
            }
        } else if name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// The targets of the inline links `[text](target)` of a Markdown text, outside code.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        // Code spans hold examples, not links.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].trim().to_string());
            rest = &after[end..];
        }
    }
    targets
}

/// Whether a link target is a file of the repository to look for.
fn is_local(target: &str) -> bool {
    !(target.is_empty()
        || target.starts_with('#')
        || target.starts_with("http://")
        || target.starts_with("https://")
        || target.starts_with("mailto:"))
}

#[test]
fn every_relative_markdown_link_resolves_inside_the_repository() {
    let root = common::root();
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    assert!(
        files.iter().any(|f| f.ends_with("README.md")),
        "no Markdown found under {}",
        root.display()
    );
    let mut broken = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for target in link_targets(&text).into_iter().filter(|t| is_local(t)) {
            let path = target.split('#').next().unwrap();
            let resolved = file.parent().unwrap().join(path);
            let inside = resolved
                .canonicalize()
                .is_ok_and(|p| p.starts_with(root.canonicalize().unwrap()));
            if !inside {
                broken.push(format!(
                    "{}: ({target})",
                    file.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to nothing:\n{}",
        broken.join("\n")
    );
}

/// The runner commands (`bin/run.sh <slug> <solution> <output>`) in the shell code blocks of
/// a Markdown text whose output directory is a relative path: run from the checkout as the
/// docs show them, such a command leaves its results in the checkout.
fn relative_runner_outputs(text: &str) -> Vec<String> {
    let mut relative = Vec::new();
    let mut fence: Option<&str> = None;
    for line in text.lines() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            fence = if fence.is_some() {
                None
            } else {
                Some(info.trim())
            };
            continue;
        }
        let shell = fence.is_some_and(|info| ["sh", "bash", "shell"].contains(&info));
        let Some(at) = line.find("bin/run.sh ").filter(|_| shell) else {
            continue;
        };
        let args: Vec<_> = line[at..]
            .split_whitespace()
            .skip(1)
            .take_while(|arg| !arg.starts_with('#'))
            .collect();
        if args
            .get(2)
            .is_some_and(|output| !output.trim_start_matches('"').starts_with(['$', '/']))
        {
            relative.push(line.trim().to_string());
        }
    }
    relative
}

#[test]
fn the_runner_commands_of_the_docs_write_outside_the_checkout() {
    let root = common::root();
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for line in relative_runner_outputs(&text) {
            found.push(format!(
                "{}: {line}",
                file.strip_prefix(&root).unwrap().display()
            ));
        }
    }
    assert!(
        found.is_empty(),
        "runner commands writing into the checkout (give a temporary folder):\n{}",
        found.join("\n")
    );
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.contains("runners/python/bin/run.sh two-fer path/to/solution \"$out\"")
            && readme.contains("out=$(mktemp -d)"),
        "the README's runner example is not the one checked here"
    );
}

#[test]
fn runner_outputs_are_read_from_code_blocks() {
    let text = "run `bin/run.sh a b out`\n```sh\nbin/run.sh a b out # x\nbin/run.sh a b \"$out\"\nbin/run.sh a b /tmp/o\nbin/run.sh a b\n```\n```\nbin/run.sh and its glue\n```";
    assert_eq!(relative_runner_outputs(text), ["bin/run.sh a b out # x"]);
}

#[test]
fn links_are_read_from_prose_not_from_code() {
    let text =
        "see [docs](docs/a.md) and `[x](not/a/link)`\n```\n[y](nor/this)\n```\n[z](b.md#part)";
    assert_eq!(link_targets(text), ["docs/a.md", "b.md#part"]);
    assert!(!is_local("#heading") && !is_local("https://exercism.org") && is_local("a.md"));
}
