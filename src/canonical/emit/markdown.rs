//! The job summary in Markdown: a heading, the check's warnings, the summary line, and a
//! table of each exercise's findings, those of exercises that fail first, within what GitHub
//! takes from one step.

use super::summary_line;
use super::words;
use crate::canonical::check::{CheckRun, ExerciseFindings};
use crate::canonical::finding::Finding;
use crate::error::one_line;

/// The most Markdown GitHub takes into the job summary from one step.
pub const SUMMARY_BYTES: usize = 1024 * 1024;

/// The job summary: a heading, the summary line, and a table of each exercise's findings
/// (finding, case, test), those of exercises that fail first, within what GitHub takes of
/// one step. `warnings`, what the check could not do as asked, come before the summary line.
pub fn write(run: &CheckRun) -> String {
    let (exercises, warnings) = (&run.exercises, &run.warnings);
    let summary = summary_line(run);
    let mut out = "## Canonical cases\n\n".to_string();
    for warning in warnings {
        out.push_str(&format!(
            "**Warning**: {}\n\n",
            escape(&words::warning(warning))
        ));
    }
    out.push_str(&format!("{}\n", escape(&summary)));
    // Exercises that fail the check or could not be checked first.
    let mut with_findings: Vec<&ExerciseFindings> = exercises
        .iter()
        .filter(|e| !e.findings.is_empty())
        .collect();
    with_findings.sort_by_key(|e| !e.findings.iter().any(|f| f.fails() || f.unchecked()));
    let compared = exercises
        .iter()
        .flat_map(|e| &e.findings)
        .any(|f| f.change.is_some());
    // Room for the note on what is left out.
    let room = SUMMARY_BYTES - 512;
    for (i, exercise) in with_findings.iter().enumerate() {
        let (head, rule) = match compared {
            true => ("| change | finding | case | test |", "|---|---|---|---|"),
            false => ("| finding | case | test |", "|---|---|---|"),
        };
        let mut table = format!("\n### {}\n\n{head}\n{rule}\n", escape(&exercise.dir));
        let mut rows: Vec<&Finding> = exercise.findings.iter().collect();
        rows.sort_by_key(|f| f.change);
        for finding in rows {
            let change = match (compared, finding.change) {
                (true, Some(change)) => format!("| {} ", change.name()),
                (true, None) => "| | ".to_string(),
                (false, _) => String::new(),
            };
            let (case, test) = words::cells(finding);
            let recorded = if finding.recorded {
                " (recorded as read)"
            } else {
                ""
            };
            table.push_str(&format!(
                "{change}| {}{recorded} | {} | {} |\n",
                finding.kind().name(),
                escape(&case),
                escape(&test)
            ));
        }
        if out.len() + table.len() > room {
            out.push_str(&format!(
                "\nThe findings of {} more exercises are left out: GitHub takes at most 1 MiB of \
                 summary from a step. `--report` writes them all.\n",
                with_findings.len() - i
            ));
            break;
        }
        out.push_str(&table);
    }
    out
}

/// `text` as Markdown shows it literally within a line: each character that could start
/// emphasis, code, a link, an image, an HTML tag, an entity, math or a table cell escaped, and
/// control characters as `one_line` writes them.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in one_line(text).chars() {
        if "\\`*_[]<|~&$!".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_shows_what_a_name_holds_literally() {
        assert_eq!(
            escape("a | b <script> *x* `y` ![z](w) &amp; $x$ (ok)\nnext"),
            "a \\| b \\<script> \\*x\\* \\`y\\` \\!\\[z\\](w) \\&amp; \\$x\\$ (ok)\\\\nnext"
        );
    }
}
