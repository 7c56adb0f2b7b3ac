//! The statement as a PDF, built here by pdfTeX (`pdflatex`), for the
//! packages whose converters read a statement only as a PDF: Polygon's
//! (Polygon2DOMjudge carries `statement[@type="application/pdf"]` to
//! DOMjudge, and nothing else of the statements). The document is the
//! statement's LaTeX (`statement`) with what a Polygon PDF shows around it:
//! the limits under the title, and the samples.
//!
//! pdflatex is looked for on the PATH and runs in a folder of its own, in
//! batch mode (`-interaction=nonstopmode -halt-on-error`, no shell escape,
//! no standard input), stopped past [`TEX_TIME`] (`bounded`); its absence,
//! its failure and its stop are a [`TexError`], which the exporter tells as
//! a warning and goes on without the PDF. The PDF's dates are
//! `SOURCE_DATE_EPOCH`'s, 0 when it is unset, so one export gives the same
//! bytes each time.
//!
//! English only: the Chinese statement needs CJK fonts that a TeX
//! installation often lacks, and converters take the English one first.

use std::fmt::Write as _;
use std::process::Command;
use std::time::Duration;

use super::bounded::{indented, run_bounded};
use super::problem::Problem;
use super::statement::Statement;
use crate::config::units::show_duration;

/// The TeX engine, looked for on the PATH.
pub const ENGINE: &str = "pdflatex";

/// How long TeX may take (a page takes it about a second).
pub const TEX_TIME: Duration = Duration::from_secs(60);

/// The lines of TeX's messages kept for the error.
const SAID_LINES: usize = 12;

/// The PDF cannot be built here.
#[derive(Debug, thiserror::Error)]
pub enum TexError {
    #[error("no {ENGINE} on the PATH")]
    NoEngine,
    #[error("cannot run {ENGINE}: {0}")]
    Run(std::io::Error),
    #[error("{ENGINE} could not build the statement:{said}")]
    Build { said: String },
    #[error("{ENGINE} was stopped after {}:{said}", show_duration(*.limit))]
    Stopped { limit: Duration, said: String },
}

/// The PDF of `statement`, the statement of `problem` in standard I/O,
/// with the problem's limits and samples.
pub fn statement_pdf(problem: &Problem, statement: &Statement) -> Result<Vec<u8>, TexError> {
    build(&document(problem, statement), ENGINE, TEX_TIME)
}

/// The LaTeX document: an article whose `\problemname` (the statement's
/// first command, as Kattis's problemtools defines it) sets the title and
/// the limits, then the statement, then the samples verbatim.
fn document(problem: &Problem, statement: &Statement) -> String {
    let mut out = format!(
        "\\documentclass[11pt]{{article}}\n\
         \\usepackage[a4paper,margin=25mm]{{geometry}}\n\
         \\setlength{{\\parindent}}{{0pt}}\n\\setlength{{\\parskip}}{{0.6em}}\n\
         \\pagestyle{{empty}}\n\
         \\newcommand{{\\problemname}}[1]{{\\begin{{center}}{{\\LARGE\\bfseries #1\\par}}\\medskip\n\
         time limit per test: {}\\\\ memory limit per test: {}\\\\\n\
         input: standard input\\\\ output: standard output\\end{{center}}}}\n\
         \\begin{{document}}\n\n{}",
        seconds(problem.limits.time),
        megabytes(problem.limits.memory),
        statement.latex()
    );
    let words = statement.words;
    let samples = problem.sample.iter().flat_map(|g| &g.cases);
    for (i, case) in samples.enumerate() {
        let n = i + 1;
        // Side by side, and kept on one page, as Polygon shows an example.
        let side = |title: &str, text: &str| {
            format!(
                "\\begin{{minipage}}[t]{{0.48\\textwidth}}\\textbf{{{title} {n}}}\n\
                 \\begin{{verbatim}}\n{text}\\end{{verbatim}}\n\\end{{minipage}}"
            )
        };
        let _ = write!(
            out,
            "\\par\\bigskip\\noindent\n{}\\hfill\n{}\n\n",
            side(words.sample_input, &case.input),
            side(words.sample_output, &case.answer)
        );
    }
    out.push_str("\\end{document}\n");
    out
}

/// A time limit in Polygon's words: `1 second`, `1.5 seconds`.
fn seconds(limit: Duration) -> String {
    let ms = limit.as_millis();
    let number = match ms % 1000 {
        0 => (ms / 1000).to_string(),
        _ => format!("{}.{:03}", ms / 1000, ms % 1000)
            .trim_end_matches('0')
            .to_string(),
    };
    match ms == 1000 {
        true => "1 second".to_string(),
        false => format!("{number} seconds"),
    }
}

/// The memory limit in Polygon's words: `128 megabytes` (MiB), else
/// kilobytes rounded up.
fn megabytes(bytes: u64) -> String {
    const MIB: u64 = 1 << 20;
    match bytes % MIB {
        0 => format!("{} megabytes", bytes / MIB),
        _ => format!("{} kilobytes", bytes.div_ceil(1024)),
    }
}

/// `document` built by `engine` (pdflatex, or a stand-in in the tests) in
/// a folder of its own, stopped after `limit`: the PDF's bytes.
fn build(document: &str, engine: &str, limit: Duration) -> Result<Vec<u8>, TexError> {
    let dir = tempfile::tempdir().map_err(TexError::Run)?;
    std::fs::write(dir.path().join("problem.tex"), document).map_err(TexError::Run)?;
    let mut tex = Command::new(engine);
    tex.args([
        "-interaction=nonstopmode",
        "-halt-on-error",
        "-no-shell-escape",
        "problem.tex",
    ])
    .current_dir(dir.path());
    if std::env::var_os("SOURCE_DATE_EPOCH").is_none() {
        tex.env("SOURCE_DATE_EPOCH", "0");
    }
    let ran = run_bounded(&mut tex, limit).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => TexError::NoEngine,
        _ => TexError::Run(e),
    })?;
    let said = tex_said(&ran.said);
    match ran.status {
        None => Err(TexError::Stopped { limit, said }),
        Some(status) if !status.success() => Err(TexError::Build { said }),
        Some(_) => std::fs::read(dir.path().join("problem.pdf")).map_err(TexError::Run),
    }
}

/// Where TeX says what went wrong: from its first error (a line that
/// starts with `!`) on, else its last lines.
fn tex_said(said: &str) -> String {
    let lines: Vec<&str> = said.lines().collect();
    let from = match lines.iter().position(|l| l.starts_with('!')) {
        Some(error) => error,
        None => lines.len().saturating_sub(SAID_LINES),
    };
    indented(lines[from..].iter().take(SAID_LINES).copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tex_is_quoted_from_its_first_error_or_at_its_end() {
        let said = "This is pdfTeX\n(./problem.tex\n! Undefined control sequence.\nl.3 \\oops\n";
        assert_eq!(
            tex_said(said),
            "\n  ! Undefined control sequence.\n  l.3 \\oops"
        );
        let long: String = (1..=20).map(|i| format!("line {i}\n")).collect();
        assert!(tex_said(&long).starts_with("\n  line 9\n"));
    }

    #[test]
    fn limits_are_said_in_polygons_words() {
        assert_eq!(megabytes(128 << 20), "128 megabytes");
        assert_eq!(megabytes((1 << 20) + 1), "1025 kilobytes");
        assert_eq!(seconds(Duration::from_secs(1)), "1 second");
        assert_eq!(seconds(Duration::from_millis(1500)), "1.5 seconds");
        assert_eq!(seconds(Duration::from_secs(3)), "3 seconds");
    }

    /// A stand-in for pdflatex: a shell script running `body`.
    fn engine(dir: &std::path::Path, body: &str) -> String {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join("fake-pdflatex");
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path.display().to_string()
    }

    #[test]
    fn an_engine_missing_failing_or_hanging_is_an_error_that_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let e = build("", "/nonexistent/pdflatex", TEX_TIME).unwrap_err();
        assert!(matches!(e, TexError::NoEngine), "{e}");
        assert_eq!(e.to_string(), "no pdflatex on the PATH");
        let failing = engine(dir.path(), "echo '! LaTeX Error: oops.'; exit 1");
        let e = build("", &failing, TEX_TIME).unwrap_err().to_string();
        assert_eq!(
            e,
            "pdflatex could not build the statement:\n  ! LaTeX Error: oops."
        );
        let hanging = engine(dir.path(), "echo started; exec sleep 30");
        let started = std::time::Instant::now();
        let e = build("", &hanging, Duration::from_millis(300)).unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(20), "not waited on");
        assert_eq!(
            e.to_string(),
            "pdflatex was stopped after 300 ms:\n  started"
        );
    }

    #[test]
    fn the_engine_runs_in_batch_mode_in_its_own_folder_and_its_pdf_is_taken() {
        let dir = tempfile::tempdir().unwrap();
        let fake = engine(
            dir.path(),
            "[ \"$*\" = '-interaction=nonstopmode -halt-on-error -no-shell-escape problem.tex' ] \\
             && grep -q 'the document' problem.tex && printf '%%PDF %s' \"$SOURCE_DATE_EPOCH\" > problem.pdf",
        );
        let pdf = build("the document", &fake, TEX_TIME).unwrap();
        let epoch = std::env::var("SOURCE_DATE_EPOCH").unwrap_or("0".into());
        assert_eq!(pdf, format!("%PDF {epoch}").into_bytes());
    }
}
