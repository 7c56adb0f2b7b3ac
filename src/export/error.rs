//! Why a package cannot be made: the one error type of `export`, each
//! variant naming the file, the key or the tool at fault and what to do.

use std::path::PathBuf;

use super::binary::BinaryError;
use super::cxx;
use super::folder::FolderError;
use crate::check::reference::AnswerFileFault;
use crate::config::ConfigError;
use crate::judge::session::SessionError;
use crate::puzzle::case::CaseError;

/// A package that cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(
        "the package folder's name `{name}` is not a problem short name ([a-z0-9]+, as Kattis and DMOJ require): name the folder `{suggestion}`, say"
    )]
    ShortName { name: String, suggestion: String },
    #[error(
        "{}: names no folder of its own; name the package's folder, which is made for it and \
         named after the problem (`out/mayan`, say)",
        .0.display()
    )]
    NoFolderName(PathBuf),
    #[error(transparent)]
    Cases(#[from] SessionError),
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: larger than 1 MiB; a case and its answer are a few lines", path.display())]
    TooLarge { path: PathBuf },
    #[error("{}:{}: {}", path.display(), source.line, source.kind)]
    BadCase { path: PathBuf, source: CaseError },
    #[error("{}: {fault}; fix the answer file (`mayan validate` checks every one) before exporting", path.display())]
    BadAnswer {
        path: PathBuf,
        fault: AnswerFileFault,
    },
    #[error("no cases besides the sample: a package needs cases to judge")]
    NoSecretCases,
    #[error(
        "[io] {key} = {value:?} cannot be a file of the program's working folder in a package: use a plain name (letters, digits, `.`, `_`, `-`), different for input and output"
    )]
    IoFileName { key: &'static str, value: String },
    #[error(
        "[io] input-file = {input:?}, output-file = {output:?}: Hydro's file I/O is NAME.in and NAME.out (NAME letters, digits, `_`, `-`); rename the files, or export with --io stdio"
    )]
    HydroFileNames { input: String, output: String },
    #[error("{} is not the mayan binary (`--version` printed {version:?}): give the right one with --binary", path.display())]
    NotMayan { path: PathBuf, version: String },
    #[error(
        "{}: run as CMS runs its checker (`./checker input.txt correct_output.txt user_output.txt`, alone in a folder) on a case of the package with its answer, the checker {said}; is it an older mayan than this one? Give this version's binary with --binary",
        path.display()
    )]
    CmsChecker { path: PathBuf, said: String },
    #[error(transparent)]
    Cxx(#[from] cxx::CxxError),
    #[error(transparent)]
    Folder(#[from] FolderError),
    #[error(transparent)]
    Binary(#[from] BinaryError),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("cannot find the running binary: give --binary")]
    RunningBinary(#[source] std::io::Error),
}
