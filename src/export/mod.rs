//! Problem packages for the judges others run, made from `judge.toml` and
//! the cases: a Kattis problem package (`kattis`: Kattis installs it,
//! DOMjudge imports it) and a DMOJ problem folder (`dmoj`), with this
//! project's binary inside as input validator and checker; a LemonLime
//! contest (`lemon`, the binary as its special judge) and a CMS task
//! (`cms`, the binary as its checker, carrying its call); and a Polygon
//! problem package (`polygon`), a HydroOJ problem (`hydro`) and a UOJ
//! problem's data (`uoj`), with the testlib checker in C++ (`testlib`) for
//! the judges that compile one. The
//! tests check each with those judges' own tools where they run here
//! (`tests/export_kattis.rs`, `tests/export_dmoj.rs`,
//! `tests/export_polygon.rs`), else against the format read from the
//! judge's source (`tests/export_hydro.rs`, `tests/export_lemon.rs`,
//! `tests/export_cms.rs`, `tests/export_uoj.rs`).
//!
//! This module owns the one export step all share: the short name, the
//! folder, the problem, the binary where the target carries it, then the
//! target's files. The problem read from the configuration is `problem`'s,
//! names the judges accept `names`', the output folder and its safety
//! `folder`'s, the binary's inspection `binary`'s, the statement
//! `statement`'s (in Chinese `zh`'s, as a PDF `tex`'s), the programs a
//! package carries `solutions`', the tools an export runs held to a time
//! limit `bounded`'s; an export as the command line asks for it
//! (configuration and binary still to find) `order`'s, what is told of a
//! package made `summary`'s, and why one cannot be made `error`'s.

pub mod binary;
pub mod bounded;
pub mod cms;
pub mod cxx;
pub mod dmoj;
mod error;
pub mod folder;
pub mod hydro;
pub mod kattis;
pub mod lemon;
pub mod names;
pub mod order;
pub mod polygon;
pub mod problem;
pub mod solutions;
pub mod statement;
pub mod summary;
pub mod testlib;
pub mod tex;
pub mod uoj;
pub mod zh;

use std::path::{Path, PathBuf};

use binary::Binary;
use folder::{OutFolder, Protected};
use problem::Problem;

pub use error::ExportError;
pub use order::{Order, export_order};

use crate::config::Config;

/// The judges a package is made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Kattis problem package (legacy format), for Kattis and DOMjudge.
    Kattis,
    /// DMOJ problem folder.
    Dmoj,
    /// Polygon problem package, with the testlib checker.
    Polygon,
    /// HydroOJ problem, with the testlib checker.
    Hydro,
    /// LemonLime contest, with this project's binary as special judge.
    Lemon,
    /// CMS task (Italian YAML format), with this project's binary as checker.
    Cms,
    /// UOJ problem data, with the testlib checker.
    Uoj,
}

impl Target {
    /// The file every package of the target has at its top.
    fn marker(self) -> &'static str {
        match self {
            Target::Kattis => kattis::MARKER,
            Target::Dmoj => dmoj::MARKER,
            Target::Polygon => polygon::MARKER,
            Target::Hydro => hydro::MARKER,
            Target::Lemon => lemon::MARKER,
            Target::Cms => cms::MARKER,
            Target::Uoj => uoj::MARKER,
        }
    }

    /// Whether the package carries this project's binary (else the
    /// testlib checker).
    pub fn carries_binary(self) -> bool {
        matches!(
            self,
            Target::Kattis | Target::Dmoj | Target::Lemon | Target::Cms
        )
    }
}

/// What to export, and where.
pub struct Request<'a> {
    pub config: &'a Config,
    /// The configuration file read, if any (kept out of the package's way).
    pub config_path: Option<&'a Path>,
    /// The package's folder; its name is the problem's short name.
    pub out: &'a Path,
    /// The binary to put inside.
    pub binary: &'a Path,
    /// The suite the statement shows.
    pub sample: &'a str,
    /// Replace an earlier export in `out`.
    pub force: bool,
    /// testlib.h to build the testlib checker against, for a package that
    /// carries it compiled (LemonLime's testlib mode) instead of this
    /// binary.
    pub testlib_h: Option<&'a Path>,
}

/// A package made; [`Exported::summary`] tells it.
pub struct Exported {
    pub target: Target,
    pub path: PathBuf,
    pub name: String,
    pub problem: Problem,
    /// The binary inside, for the targets that carry it.
    pub binary: Option<Binary>,
    /// What the exporter should know: data rewritten, duplicates, the
    /// binary's linking.
    pub notes: Vec<String>,
}

/// Makes the package for `target`.
pub fn export(target: Target, request: &Request) -> Result<Exported, ExportError> {
    let name = short_name(request.out)?;
    let folder = OutFolder::prepare(
        request.out,
        &protected(request),
        target.marker(),
        request.force,
    )?;
    let (problem, mut notes) = Problem::gather(request.config, request.sample)?;
    let compiled_checker = target == Target::Lemon && request.testlib_h.is_some();
    let binary = match target.carries_binary() && !compiled_checker {
        true => Some(inspected_binary(request, &problem, &mut notes)?),
        false => None,
    };
    match (target, &binary) {
        (Target::Kattis, Some(binary)) => kattis::write(&name, &problem, binary, &folder)?,
        (Target::Dmoj, Some(binary)) => {
            dmoj::write(&problem, binary, &folder)?;
            notes.extend(dmoj::warnings(&problem));
        }
        (Target::Lemon, _) => {
            let judge = match (request.testlib_h, &binary) {
                (Some(header), _) => lemon::Judge::Testlib(header),
                (None, Some(binary)) => lemon::Judge::Native(binary),
                (None, None) => unreachable!("the targets that carry the binary have it"),
            };
            lemon::write(&name, &problem, judge, &folder)?;
        }
        (Target::Cms, Some(binary)) => cms::write(&name, &problem, binary, &folder)?,
        (Target::Polygon, _) => notes.extend(polygon::write(&name, &problem, &folder)?),
        (Target::Hydro, _) => {
            hydro::write(&name, &problem, &folder)?;
            notes.extend(hydro::warnings(&problem));
        }
        (Target::Uoj, _) => {
            uoj::write(&name, &problem, &folder)?;
            notes.extend(uoj::warnings(&problem));
        }
        (_, None) => unreachable!("the targets that carry the binary have it"),
    }
    let path = folder.finish()?;
    if target == Target::Kattis && path.to_string_lossy().contains(char::is_whitespace) {
        notes.push(format!(
            "{}: Kattis's problemtools cannot build a statement in a path with a space \
             (problem2pdf, verifyproblem's statement check): move the package before checking it",
            path.display()
        ));
    }
    Ok(Exported {
        target,
        path,
        name,
        problem,
        binary,
        notes,
    })
}

/// The binary to put inside, read and tried on a case; what it is that the
/// exporter should know goes to `notes`.
fn inspected_binary(
    request: &Request,
    problem: &Problem,
    notes: &mut Vec<String>,
) -> Result<Binary, ExportError> {
    let binary = Binary::read(request.binary)?;
    match binary.version() {
        Ok(version) if version.starts_with("mayan ") => {
            if let Some(case) = problem.groups().flat_map(|g| &g.cases).next() {
                binary.self_test(&case.input, &case.answer, &problem.checker_flags())?;
            }
        }
        Ok(version) => {
            return Err(ExportError::NotMayan {
                path: request.binary.to_path_buf(),
                version,
            });
        }
        Err(e) => notes.push(format!(
            "{} does not run here ({e}): make sure it is the mayan binary for the judge hosts",
            request.binary.display()
        )),
    }
    notes.extend(binary.warnings());
    Ok(binary)
}

/// The short name: the folder's own name, when valid.
fn short_name(out: &Path) -> Result<String, ExportError> {
    // `.`, `..` or `/`: the current folder, one holding it, or the root.
    let name = match out.components().next_back() {
        Some(std::path::Component::Normal(name)) => name.to_string_lossy().into_owned(),
        _ => return Err(ExportError::NoFolderName(out.to_path_buf())),
    };
    if names::is_short_name(&name) {
        return Ok(name);
    }
    Err(ExportError::ShortName {
        suggestion: names::suggest_short_name(&name),
        name,
    })
}

/// What a package must not overwrite or lie in.
fn protected(request: &Request) -> Vec<Protected> {
    let mut all: Vec<Protected> = (request.config.suites.iter())
        .map(|s| Protected {
            what: format!("the cases of suite `{}`", s.name),
            path: s.path.clone(),
            no_inside: true,
        })
        .collect();
    if let Some(path) = request.config_path {
        all.push(Protected {
            what: "the configuration".to_string(),
            path: path.to_path_buf(),
            no_inside: false,
        });
    }
    let tools = [
        ("the binary packed", Some(request.binary)),
        ("testlib.h", request.testlib_h),
    ];
    for (what, path) in tools {
        if let Some(path) = path {
            all.push(Protected {
                what: what.to_string(),
                path: path.to_path_buf(),
                no_inside: false,
            });
        }
    }
    all.push(Protected {
        what: "the current folder".to_string(),
        path: PathBuf::from("."),
        no_inside: false,
    });
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_package_folder_must_be_named_and_the_name_a_short_name() {
        assert_eq!(short_name(Path::new("out/mayan")).unwrap(), "mayan");
        assert_eq!(short_name(Path::new("mayan/")).unwrap(), "mayan");
        for bad in [".", "..", "/", "out/.."] {
            let e = short_name(Path::new(bad)).unwrap_err().to_string();
            assert!(e.contains("names no folder of its own"), "{bad}: {e}");
        }
        let e = short_name(Path::new("Mayan-2")).unwrap_err().to_string();
        assert!(e.contains("name the folder `mayan2`"), "{e}");
    }
}
