//! What an export made and what to do with it next, as `mayan export`
//! tells it: the cases, suites and points packed, the checker inside, and
//! the commands that take the package to its judge. Only the words: the
//! package is made by the rest of `export`, and printed by the command line.

use std::path::Path;

use super::problem::Problem;
use super::{Exported, Target, dmoj};
use crate::config::IoMode;
use crate::text::plural;

impl Exported {
    /// What was made, and what to do with it: `mayan export`'s report.
    pub fn summary(&self) -> String {
        summary(self)
    }
}

fn summary(e: &Exported) -> String {
    let target = e.target;
    let p = &e.problem;
    let what = match target {
        Target::Kattis => "a Kattis problem package",
        Target::Dmoj => "a DMOJ problem folder",
        Target::Polygon => "a Polygon problem package",
        Target::Hydro => "a HydroOJ problem",
        Target::Lemon => "a LemonLime contest",
        Target::Cms => "a CMS task",
        Target::Uoj => "a UOJ problem's data",
    };
    let suites = p.groups().count();
    let mut text = format!(
        "exported {} in {} ({} points; checker flags {}) to {} as {what} `{}`\n",
        plural(p.case_count(), "case"),
        plural(suites, "suite"),
        p.total_points(),
        p.checker_flags(),
        e.path.display(),
        e.name,
    );
    match &e.binary {
        Some(binary) if target == Target::Lemon => text.push_str(&format!(
            "special judge: data/{}/checker, which runs {binary}\n",
            e.name
        )),
        Some(binary) if target == Target::Cms => text.push_str(&format!(
            "checker: check/checker, which is {binary} carrying `mayan {}`\n",
            super::cms::checker_call(p).join(" ")
        )),
        Some(binary) => text.push_str(&format!("checker and validator: {binary}\n")),
        None if target == Target::Lemon => text.push_str(&format!(
            "special judge: data/{}/checker, the testlib checker built here (source beside it)\n",
            e.name
        )),
        None => text.push_str(match target {
            Target::Hydro => "checker: the testlib checker (C++), testdata/chk.cc\n",
            Target::Uoj => "checker: the testlib checker (C++), chk.cpp\n",
            _ => "checker: the testlib checker (C++), files/checker.cpp\n",
        }),
    }
    text.push_str(&next_steps(target, e));
    text
}

/// The commands that take the package on to its judge.
fn next_steps(target: Target, e: &Exported) -> String {
    let parent = e.path.parent().unwrap_or(Path::new("."));
    let quoted = |p: &Path| format!("'{}'", p.display().to_string().replace('\'', "'\\''"));
    match target {
        Target::Kattis => format!(
            "next: verifyproblem {pkg}\n\
             Kattis: upload the package; DOMjudge: zip it, `(cd {parent} && zip -r {name}.zip {name})`, \
             and import the zip (time limit {time} s from .timelimit)\n\
             Kattis and DOMjudge use standard input and output.",
            pkg = quoted(&e.path),
            parent = quoted(parent),
            name = e.name,
            time = e.problem.limits.time.as_secs_f64(),
        ),
        Target::Polygon => format!(
            "next: zip the folder's contents and upload them to Polygon (Package), or make a \
             DOMjudge package of it: p2d --code {name} -y{statement} {pkg}\n\
             the checker is files/checker.cpp, for the judge's testlib.h; standard input and output.",
            name = e.name,
            // The PDF statement, when TeX built one, for DOMjudge to show.
            statement = match e.path.join(super::polygon::PDF).is_file() {
                true => " --with-statement",
                false => "",
            },
            pkg = quoted(&e.path),
        ),
        Target::Hydro => format!(
            "next: zip it, `(cd {parent} && zip -r {name}.zip {name})`, and import the zip in \
             HydroOJ (Import problem); Hydro compiles testdata/chk.cc against its testlib.h\n\
             {io}.",
            parent = quoted(parent),
            name = e.name,
            io = io_text(&e.problem),
        ),
        Target::Lemon => lemon_next_steps(e, quoted),
        Target::Cms => format!(
            "next: cmsImportTask -L italy_yaml -S {pkg} (-c CONTEST_ID to add it to a contest); \
             without -S, put the statement in statement/statement.pdf first (English, \
             primary_language)\n\
             the checker is check/checker, this binary carrying its call; {io}.",
            pkg = quoted(&e.path),
            io = io_text(&e.problem),
        ),
        Target::Uoj => format!(
            "next: zip it, `(cd {parent} && zip -r {name}.zip {name})`, upload the zip as the \
             problem's data on UOJ (上传数据) and sync it (检验配置并同步数据): UOJ compiles chk.cpp \
             against its testlib.h\n\
             the statement is the site's; standard input and output; hacks may be allowed (std.cpp, val.cpp).",
            parent = quoted(parent),
            name = e.name,
        ),
        Target::Dmoj => format!(
            "next: put the folder in a DMOJ judge's problem storage (problem_storage_globs), \
             create problem `{}` on the site with {}, and paste statement.md as its description\n\
             try it: dmoj-cli -c judge.yml -- submit {} CPP17 SOURCE -tl {} -ml {}",
            e.name,
            dmoj::limits_text(&e.problem),
            e.name,
            e.problem.limits.time.as_secs_f64(),
            e.problem.limits.memory.div_ceil(1024),
        ),
    }
}

/// How to open a LemonLime contest and where its special judge is.
fn lemon_next_steps(e: &Exported, quoted: impl Fn(&Path) -> String) -> String {
    format!(
        "next: open {cdf} in LemonLime (Open contest), put each contestant's program in \
         source/CONTESTANT/{name}.cpp, and judge\n\
         the special judge is data/{name}/checker ({mode}); {io}.",
        cdf = quoted(&e.path.join(super::lemon::MARKER)),
        name = e.name,
        mode = match e.binary {
            Some(_) => "Linux; mode 4, LemonLime's own protocol",
            None => "Linux; mode 5, LemonLime's testlib mode; for Windows build checker.cpp there",
        },
        io = io_text(&e.problem),
    )
}

/// The package's I/O, for the next steps.
fn io_text(problem: &Problem) -> String {
    match problem.io.mode {
        IoMode::File => format!(
            "file I/O: {} and {}",
            problem.io.input_file, problem.io.output_file
        ),
        IoMode::Stdio => "standard input and output".to_string(),
    }
}
