//! A Polygon problem package (the folder Polygon's "Package" download
//! unzips to), as Polygon and the tools that read it (Polygon2DOMjudge,
//! `p2d`) take it:
//!
//! - `problem.xml`: the names (English, Chinese), the statements as
//!   Polygon lists them (each language's LaTeX, `application/x-tex`, then
//!   the English PDF, `application/pdf`, when it was built), one testset
//!   `tests` with the time and memory limits, the tests in order (the
//!   sample first, marked `sample`) with their group and points, the groups
//!   (points per test), the checker and the solutions with their tags;
//! - `tests/NN` and `tests/NN.a`: the cases and their answers;
//! - `files/checker.cpp`: the testlib checker (`export::testlib`), for the
//!   judge's own testlib.h;
//! - `solutions/`: the reference solution (tag `main`) and a wrong one
//!   (tag `wrong-answer`);
//! - `statements/chinese/problem.tex` and `statements/english/problem.tex`
//!   (the statement's body in problemtools' LaTeX, `\problemname` first,
//!   not in Polygon's `olymp.sty` form);
//! - `statements/.pdf/english/problem.pdf`: the English statement built by
//!   TeX (`tex`), the one statement p2d reads (`--with-statement` carries it
//!   to DOMjudge); without TeX, a warning and no PDF.
//!
//! Standard input and output, whatever `judge.toml` says, as Polygon's
//! problems and DOMjudge (where `p2d` takes it) use.

use std::fmt::Write as _;

use super::ExportError;
use super::folder::OutFolder;
use super::problem::Problem;
use super::solutions::Solution;
use super::statement::{Statement, TITLE};
use super::testlib::{FILE_NAME, checker_source};
use super::{tex, zh};
use crate::config::{IoConfig, IoMode};
use crate::text::escape_markup;

/// The file every Polygon package has at its top.
pub const MARKER: &str = "problem.xml";

/// Where the English statement's PDF is, as Polygon puts it.
pub const PDF: &str = "statements/.pdf/english/problem.pdf";

/// Writes the package of `problem` called `name` into `folder`; what the
/// exporter should know (no PDF built) is returned.
pub fn write(
    name: &str,
    problem: &Problem,
    folder: &OutFolder,
) -> Result<Vec<String>, ExportError> {
    let width = test_number_width(problem);
    let cases = problem.groups().flat_map(|g| &g.cases);
    for (i, case) in cases.enumerate() {
        let path = format!("tests/{:0width$}", i + 1);
        folder.write(&path, case.input.as_bytes(), false)?;
        folder.write(&format!("{path}.a"), case.answer.as_bytes(), false)?;
    }
    let checker = checker_source(problem.policy);
    folder.write(&format!("files/{FILE_NAME}"), checker.as_bytes(), false)?;
    let stdio = IoConfig {
        mode: IoMode::Stdio,
        ..problem.io.clone()
    };
    for (_, solution) in SOLUTIONS {
        let path = format!("solutions/{}", solution.file_name());
        let source = solution.source(problem.policy, &stdio);
        folder.write(&path, source.as_bytes(), false)?;
    }
    let mut notes = Vec::new();
    let pdf = write_statements(problem, folder, &mut notes)?;
    let xml = problem_xml(name, problem, pdf);
    folder.write(MARKER, xml.as_bytes(), false)?;
    Ok(notes)
}

/// The statements in LaTeX, and the English one as a PDF when TeX builds
/// it (else a note says why not): whether it did.
fn write_statements(
    problem: &Problem,
    folder: &OutFolder,
    notes: &mut Vec<String>,
) -> Result<bool, ExportError> {
    let english = Statement::of(problem, IoMode::Stdio);
    let latex = english.latex();
    folder.write("statements/english/problem.tex", latex.as_bytes(), false)?;
    let chinese = zh::statement(problem, IoMode::Stdio).latex();
    folder.write("statements/chinese/problem.tex", chinese.as_bytes(), false)?;
    match tex::statement_pdf(problem, &english) {
        Ok(pdf) => {
            folder.write(PDF, &pdf, false)?;
            Ok(true)
        }
        Err(e) => {
            notes.push(format!(
                "{e}: the package has its statements in LaTeX only, without {PDF}, the one \
                 Polygon2DOMjudge (p2d --with-statement) carries to DOMjudge; install TeX \
                 (Debian's texlive-latex-base) and export again"
            ));
            Ok(false)
        }
    }
}

/// The solutions a package carries, with their Polygon tags.
const SOLUTIONS: [(&str, Solution); 2] = [
    ("main", Solution::Accepted),
    ("wrong-answer", Solution::Wrong),
];

/// The digits of a test's number: two, as Polygon writes them, or more
/// for a hundred tests or more.
fn test_number_width(problem: &Problem) -> usize {
    problem.case_count().to_string().len().max(2)
}

/// `problem.xml`, listing the English PDF statement when `pdf`.
pub fn problem_xml(name: &str, problem: &Problem, pdf: bool) -> String {
    let width = test_number_width(problem);
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n\
         <!-- Made by `mayan export polygon` from judge.toml; the rules: {} -->\n\
         <problem revision=\"1\" short-name=\"{name}\" url=\"\">\n\
         \x20   <names>\n\
         \x20       <name language=\"english\" value=\"{TITLE}\"/>\n\
         \x20       <name language=\"chinese\" value=\"{}\"/>\n\
         \x20   </names>\n\
         {}\
         \x20   <judging input-file=\"\" output-file=\"\" run-count=\"1\">\n\
         \x20       <testset name=\"tests\">\n\
         \x20           <time-limit>{}</time-limit>\n\
         \x20           <memory-limit>{}</memory-limit>\n\
         \x20           <test-count>{}</test-count>\n\
         \x20           <input-path-pattern>tests/%0{width}d</input-path-pattern>\n\
         \x20           <answer-path-pattern>tests/%0{width}d.a</answer-path-pattern>\n\
         \x20           <tests>\n",
        problem.checker_flags().replace("--", ""),
        zh::TITLE,
        statements_xml(pdf),
        problem.limits.time.as_millis(),
        problem.limits.memory,
        problem.case_count(),
    );
    for group in problem.groups() {
        let sample = if problem
            .sample
            .as_ref()
            .is_some_and(|s| s.name == group.name)
        {
            " sample=\"true\""
        } else {
            ""
        };
        for _ in &group.cases {
            let _ = writeln!(
                xml,
                "                <test method=\"manual\" group=\"{}\" points=\"{}\"{sample}/>",
                escape_markup(&group.name),
                group.points
            );
        }
    }
    xml.push_str("            </tests>\n            <groups>\n");
    for group in problem.groups() {
        let _ = writeln!(
            xml,
            "                <group feedback-policy=\"complete\" name=\"{}\" points-policy=\"each-test\"/>",
            escape_markup(&group.name)
        );
    }
    xml.push_str(&assets_xml());
    xml
}

/// `problem.xml`'s statements, as Polygon lists them: each language's
/// LaTeX, then the PDF (the one `p2d` reads: the language of the name it
/// takes, English first).
fn statements_xml(pdf: bool) -> String {
    let mut xml = String::from("    <statements>\n");
    for language in ["chinese", "english"] {
        let _ = writeln!(
            xml,
            "        <statement charset=\"UTF-8\" language=\"{language}\" mathjax=\"true\" \
             path=\"statements/{language}/problem.tex\" type=\"application/x-tex\"/>"
        );
    }
    if pdf {
        let _ = writeln!(
            xml,
            "        <statement language=\"english\" path=\"{PDF}\" type=\"application/pdf\"/>"
        );
    }
    xml.push_str("    </statements>\n");
    xml
}

/// The end of `problem.xml`: the checker and the solutions.
fn assets_xml() -> String {
    let mut xml = format!(
        "            </groups>\n        </testset>\n    </judging>\n    <assets>\n\
         \x20       <checker name=\"{FILE_NAME}\" type=\"testlib\">\n\
         \x20           <source path=\"files/{FILE_NAME}\" type=\"cpp.g++17\"/>\n\
         \x20       </checker>\n\
         \x20       <solutions>\n"
    );
    for (tag, solution) in SOLUTIONS {
        let _ = writeln!(
            xml,
            "            <solution tag=\"{tag}\">\n                <source path=\"solutions/{}\" type=\"cpp.g++17\"/>\n            </solution>",
            solution.file_name()
        );
    }
    xml.push_str("        </solutions>\n    </assets>\n</problem>\n");
    xml
}
