//! Cases written into a folder with their answers, as `mayan gen` asks:
//! the plan (`--count` cases of a kind, or a suite's slots), each case
//! different from the others and from the cases already in the folder, its
//! case file and answer files, the refusal to overwrite unless forced, and
//! the line that tells each case written. Deterministic: the same request
//! writes the same files.
//!
//! Not how a case of a kind is found (`kinds`, `suite`), nor the knobs
//! settled into options (`settle`), nor printing: the caller is handed each
//! case's line as it is written.

use std::path::{Path, PathBuf};

use crate::check::reference::References;
use crate::judge::answer_files;
use crate::puzzle::answer::Answer;
use crate::puzzle::case::{Case, format_case, read_case_file};
use crate::puzzle::dialect::Dialect;
use crate::setter::features::features;
use crate::setter::kinds::{generate, seeded};
use crate::setter::random::Rng;
use crate::setter::repeats::Distinct;
use crate::setter::settle::{Knobs, OptionsError, options};
use crate::setter::spec::{Kind, Options, kind_name};
use crate::setter::suite;
use crate::solver::Solver;

/// What to make: cases of one kind with its knobs, or a suite shaped like
/// the official data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Make {
    Kind(Kind, Knobs),
    Suite,
}

/// Cases to write, and where.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub make: Make,
    /// The folder (made if missing).
    pub out: &'a Path,
    /// How many cases; `None`: 1 of a kind, 10 of a suite.
    pub count: Option<usize>,
    pub seed: u64,
    /// What file names start with; `None`: the kind's name, or `suite`.
    pub name: Option<&'a str>,
    /// Overwrite cases already there (refused otherwise).
    pub force: bool,
    /// The extension of the answer files (`ans`: `X.ans`).
    pub answer_extension: &'a str,
}

/// A case written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// Its case file.
    pub input: PathBuf,
    /// What tells it: its path, kind (in a suite), n, blocks, colours,
    /// smallest answer and what that answer does.
    pub line: String,
}

/// Why the cases could not be written.
#[derive(Debug, thiserror::Error)]
pub enum GenError {
    #[error(transparent)]
    Options(#[from] OptionsError),
    #[error("{}: cannot make the folder", path.display())]
    MakeFolder {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} already exists; give another --name or --out, or --force to overwrite", path.display())]
    Exists { path: PathBuf },
    #[error("found no {} case after many tries: loosen {}", kind_name(*kind), loosen(*kind))]
    NoneFound { kind: Kind },
    #[error(
        "{}: every {} case found in {REPEATS} tries repeats one made before or already in \
         the folder ({different} different so far); {}",
        path.display(),
        kind_name(*kind),
        fewer(*density)
    )]
    Repeats {
        path: PathBuf,
        kind: Kind,
        different: usize,
        density: u8,
    },
    #[error("{}: cannot write", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: cannot remove", path.display())]
    Remove {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The flags to loosen when no case of `kind` is found.
fn loosen(kind: Kind) -> &'static str {
    match kind {
        Kind::Cascade => "--colours, --density, --blocks, --n or --waves",
        _ => "--colours, --density, --blocks or --n",
    }
}

/// What to do when every case found repeats one made before.
fn fewer(density: u8) -> &'static str {
    match density {
        1 => "the bottom row holds only a few different cases: ask for fewer cases",
        _ => "ask for fewer cases or loosen the options",
    }
}

/// Tries this many cases for one that repeats none made before giving up.
const REPEATS: usize = 100;

/// Writes the cases `request` asks for, handing each to `on_written` as it
/// is written; returns how many were.
pub fn write_cases(
    request: &Request,
    on_written: &mut dyn FnMut(&Written),
) -> Result<usize, GenError> {
    let (plan, mut rng) = plan(request)?;
    let name = match (request.name, request.make) {
        (Some(n), _) => n.to_string(),
        (None, Make::Kind(kind, _)) => kind_name(kind),
        (None, Make::Suite) => "suite".to_string(),
    };
    let out = request.out;
    std::fs::create_dir_all(out).map_err(|source| GenError::MakeFolder {
        path: out.to_path_buf(),
        source,
    })?;
    let ext = request.answer_extension;
    if !request.force {
        refuse_overwrite(out, &name, plan.len(), ext)?;
    }
    let mut distinct = cases_in(out, &name, plan.len());
    let mut solver = Solver::new();
    for (i, &(kind, options)) in plan.iter().enumerate() {
        let input = out.join(format!("{name}-{:03}.in", i + 1));
        let drawing = (&mut rng, &mut solver);
        let case = new_case(kind, &options, drawing, &mut distinct, &input)?;
        std::fs::write(&input, format_case(&case)).map_err(|source| GenError::Write {
            path: input.clone(),
            source,
        })?;
        write_answers(&input, &case, ext, &mut solver)?;
        let kind = (request.make == Make::Suite).then_some(kind);
        let line = describe(&input, kind, &case, &mut solver);
        on_written(&Written { input, line });
    }
    Ok(plan.len())
}

/// What to make, case by case, and the generator to draw it with: the
/// count of a kind with its knobs settled, or a suite's slots.
fn plan(request: &Request) -> Result<(Vec<(Kind, Options)>, Rng), GenError> {
    match request.make {
        Make::Kind(kind, knobs) => {
            let options = options(kind, &knobs)?;
            let count = request.count.unwrap_or(1);
            Ok((vec![(kind, options); count], seeded(kind, request.seed)))
        }
        Make::Suite => {
            let count = request.count.unwrap_or(10);
            let slots = (0..count).map(|i| suite::slot(i, count));
            let plan = slots.map(|s| (s.kind, s.options)).collect();
            Ok((plan, suite::seeded(request.seed)))
        }
    }
}

/// A case of `kind` that repeats none in `distinct`, remembered there as
/// `input`'s.
fn new_case(
    kind: Kind,
    options: &Options,
    (rng, solver): (&mut Rng, &mut Solver),
    distinct: &mut Distinct,
    input: &Path,
) -> Result<Case, GenError> {
    for _ in 0..REPEATS {
        let Some(case) = generate(kind, options, rng, solver) else {
            return Err(GenError::NoneFound { kind });
        };
        if distinct.insert(&case, input).is_none() {
            return Ok(case);
        }
    }
    Err(GenError::Repeats {
        path: input.to_path_buf(),
        kind,
        different: distinct.len(),
        density: options.density,
    })
}

/// The cases already in `out` (a file that does not read as a case is
/// left alone), but for those this run writes over.
fn cases_in(out: &Path, name: &str, count: usize) -> Distinct {
    let mut distinct = Distinct::new();
    let ours: Vec<String> = (1..=count).map(|i| format!("{name}-{i:03}.in")).collect();
    let Ok(entries) = std::fs::read_dir(out) else {
        return distinct;
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .filter(|p| {
            !p.file_name()
                .is_some_and(|f| ours.iter().any(|o| f == o.as_str()))
        })
        .collect();
    paths.sort();
    for path in paths {
        if let Ok(case) = read_case_file(&path) {
            distinct.insert(&case, &path);
        }
    }
    distinct
}

/// The line that tells a case written: its path, kind (in a suite), n,
/// blocks, colours, smallest answer and what that answer does.
fn describe(input: &Path, kind: Option<Kind>, case: &Case, solver: &mut Solver) -> String {
    let solution = solver.solve(&case.board, case.n, Dialect::default());
    let what = match &solution {
        Some(moves) => format!(
            "{}; {}",
            Answer::from_solution(solution.clone()).one_line(),
            features(&case.board, moves)
        ),
        None => "-1".to_string(),
    };
    format!(
        "{}: {}n = {}, {} blocks, {}: {what}",
        input.display(),
        kind.map_or(String::new(), |k| format!("{}, ", kind_name(k))),
        case.n,
        case.board.block_count(),
        crate::text::plural(case.board.colours_used(), "colour")
    )
}

/// The answer files of a case: `X.ans` (`X.<ext>`) with the default
/// dialect's answer, and a file of its own for each other dialect whose
/// answer the files written before would get wrong (see
/// `judge::answer_files`); any other answer file of `X` removed.
fn write_answers(
    input: &Path,
    case: &Case,
    ext: &str,
    solver: &mut Solver,
) -> Result<(), GenError> {
    // Under --force, an earlier case's answer for a dialect this one shares
    // with X.ans would otherwise stay and be read in its place.
    for stale in answer_files::all_names(input, ext) {
        match std::fs::remove_file(&stale) {
            Err(source) if source.kind() != std::io::ErrorKind::NotFound => {
                return Err(GenError::Remove {
                    path: stale,
                    source,
                });
            }
            _ => {}
        }
    }
    let mut refs = References::of(case);
    let mut written: Vec<(PathBuf, Answer)> = Vec::new();
    for d in Dialect::ALL {
        let answer = refs.get(d, solver).clone();
        let read = answer_files::candidates(input, d, ext)
            .into_iter()
            .find_map(|p| written.iter().find(|(w, _)| *w == p));
        if read.is_some_and(|(_, a)| *a == answer) {
            continue;
        }
        let path = answer_files::name_for(input, d, ext);
        std::fs::write(&path, answer.to_text()).map_err(|source| GenError::Write {
            path: path.clone(),
            source,
        })?;
        written.push((path, answer));
    }
    Ok(())
}

/// An error naming the first of the files this request would write that
/// already exists.
fn refuse_overwrite(out: &Path, name: &str, count: usize, ext: &str) -> Result<(), GenError> {
    for i in 1..=count {
        let input = out.join(format!("{name}-{i:03}.in"));
        let mut paths = vec![input.clone()];
        paths.extend(answer_files::all_names(&input, ext));
        if let Some(there) = paths.into_iter().find(|p| p.exists()) {
            return Err(GenError::Exists { path: there });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
