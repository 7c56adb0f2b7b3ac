//! A Kattis problem package in the legacy format, which Kattis installs and
//! DOMjudge imports (zipped), laid out as Kattis's `verifyproblem` checks:
//!
//! - `problem.yaml`: a scoring problem with `validation: custom`, the
//!   dialect and policy in `validator_flags`, memory and output limits, a
//!   uuid derived from the short name and the rules (the same problem
//!   exported again keeps it); `.timelimit` for DOMjudge (the legacy format
//!   has no time limit key: Kattis derives one from the accepted solution).
//! - `problem_statement/problem.en.tex`: the statement, standard I/O.
//! - `data/sample/` and `data/secret/NN-suite/`: a group per suite with its
//!   points per case (`testdata.yaml`: summed, every case judged, a
//!   submission scored even when not all is accepted).
//! - `input_validators/mayan/` and `output_validators/mayan/`: this
//!   project's binary with a `build` script (which restores its executable
//!   bit, as an import may drop it) and a `run` script that finds it beside
//!   itself (the tools run it from another folder).
//! - `submissions/`: the reference solution, a wrong one, and where it
//!   proves the scoring, one that is partly right.
//!
//! Kattis and DOMjudge use standard input and output, whatever `judge.toml`
//! says.

use std::time::Duration;

use super::ExportError;
use super::binary::Binary;
use super::folder::OutFolder;
use super::problem::{Group, Problem};
use super::solutions::Solution;
use super::statement::{SOURCE, Statement, TITLE};
use crate::config::{IoConfig, IoMode};

/// The file every Kattis package has at its top.
pub const MARKER: &str = "problem.yaml";

/// The namespace of the packages' uuids (version 5, from the short name
/// and the rules).
const NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0x6d61_7961_6e2d_4a75_9467_652d_6b61_7474);

/// Writes the package of `problem` called `name` into `folder`.
pub fn write(
    name: &str,
    problem: &Problem,
    binary: &Binary,
    folder: &OutFolder,
) -> Result<(), ExportError> {
    folder.write(
        "problem.yaml",
        problem_yaml(name, problem).as_bytes(),
        false,
    )?;
    folder.write(
        ".timelimit",
        format!("{}\n", seconds(problem.limits.time)).as_bytes(),
        false,
    )?;
    let statement = Statement::of(problem, IoMode::Stdio).latex();
    folder.write(
        "problem_statement/problem.en.tex",
        statement.as_bytes(),
        false,
    )?;
    write_data(problem, folder)?;
    for (kind, command) in [
        ("input_validators", "validate --kattis --strict"),
        ("output_validators", "check --protocol kattis"),
    ] {
        let dir = format!("{kind}/mayan");
        folder.write(&format!("{dir}/build"), BUILD.as_bytes(), true)?;
        folder.write(&format!("{dir}/run"), run_script(command).as_bytes(), true)?;
        folder.write(&format!("{dir}/mayan"), &binary.bytes, true)?;
    }
    let stdio = IoConfig {
        mode: IoMode::Stdio,
        ..problem.io.clone()
    };
    let mut programs = vec![
        ("accepted", Solution::Accepted),
        ("wrong_answer", Solution::Wrong),
    ];
    if !problem.answers_all_or_none_minus_one() {
        programs.push(("partially_accepted", Solution::MinusOne));
    }
    for (dir, solution) in programs {
        let path = format!("submissions/{dir}/{}", solution.file_name());
        folder.write(
            &path,
            solution.source(problem.policy, &stdio).as_bytes(),
            false,
        )?;
    }
    Ok(())
}

/// The cases and the scoring of every group.
fn write_data(problem: &Problem, folder: &OutFolder) -> Result<(), ExportError> {
    let top = "on_reject: continue\ngrader_flags: sum accept_if_any_accepted\n";
    let total = problem.total_points();
    folder.write(
        "data/testdata.yaml",
        format!("{top}range: 0 {total}\n").as_bytes(),
        false,
    )?;
    let secret: u32 = problem.secret.iter().map(Group::total).sum();
    folder.write(
        "data/secret/testdata.yaml",
        format!("range: 0 {secret}\n").as_bytes(),
        false,
    )?;
    let placed = (problem
        .sample
        .iter()
        .map(|g| (g, "data/sample".to_string())))
    .chain(
        problem
            .secret
            .iter()
            .map(|g| (g, format!("data/secret/{}", g.name))),
    );
    for (group, dir) in placed {
        folder.write(
            &format!("{dir}/testdata.yaml"),
            group_yaml(group).as_bytes(),
            false,
        )?;
        for case in &group.cases {
            folder.write(
                &format!("{dir}/{}.in", case.name),
                case.input.as_bytes(),
                false,
            )?;
            folder.write(
                &format!("{dir}/{}.ans", case.name),
                case.answer.as_bytes(),
                false,
            )?;
        }
    }
    Ok(())
}

/// `problem.yaml`.
pub fn problem_yaml(name: &str, problem: &Problem) -> String {
    let mebibytes = |bytes: u64| bytes.div_ceil(1 << 20).max(1);
    format!(
        "# Kattis problem package (legacy format), made by `mayan export kattis` from judge.toml.\n\
         # Set the licence and the rights owner before publishing it.\n\
         name: {TITLE}\n\
         source: \"{SOURCE}\"\n\
         license: unknown\n\
         uuid: {}\n\
         type: scoring\n\
         validation: custom\n\
         # The rules dialect and the policy, as mayan's checker reads them.\n\
         validator_flags: \"{}\"\n\
         grading:\n  show_test_data_groups: true\n\
         # MiB. The time limit is in .timelimit (DOMjudge); Kattis derives its own.\n\
         limits:\n  memory: {}\n  output: {}\n",
        problem_uuid(name, problem),
        problem.checker_flags(),
        mebibytes(problem.limits.memory),
        mebibytes(problem.limits.output),
    )
}

/// The uuid of the package: the same for the same short name and rules.
pub fn problem_uuid(name: &str, problem: &Problem) -> uuid::Uuid {
    let key = format!("mayan-judge/{name}/{}", problem.checker_flags());
    uuid::Uuid::new_v5(&NAMESPACE, key.as_bytes())
}

/// A group's `testdata.yaml`: its points per case, and its range.
fn group_yaml(group: &Group) -> String {
    format!(
        "# suite `{}` of judge.toml: {} points per case\naccept_score: {}\nrange: 0 {}\n",
        group.suite.replace('\n', " "),
        group.points,
        group.points,
        group.total()
    )
}

/// A duration in seconds, as `3` or `1.5`.
fn seconds(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

const BUILD: &str = "#!/bin/sh\n\
# The validator is this project's prebuilt binary: nothing to compile. An\n\
# import may have dropped its executable bit (DOMjudge keeps it only on\n\
# build and run), so give it back; this runs in the tool's copy.\n\
chmod +x \"$(dirname \"$0\")/mayan\"\n";

/// The `run` script: the binary beside it, found from `$0`, as the tools
/// run it from their own working folder.
fn run_script(command: &str) -> String {
    format!("#!/bin/sh\nexec \"$(dirname \"$0\")/mayan\" {command} \"$@\"\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Accept, Policy};
    use crate::config::LimitsConfig;
    use crate::export::problem::PackedCase;
    use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};

    fn problem(dialect: Dialect) -> Problem {
        let case = |name: &str, answer: &str| PackedCase {
            name: name.into(),
            source: "x.in".into(),
            input: "1\n0\n0\n0\n0\n0\n".into(),
            answer: answer.into(),
        };
        Problem {
            policy: Policy {
                accept: Accept::Lexmin,
                dialect,
            },
            limits: LimitsConfig::default(),
            io: IoConfig::default(),
            sample: None,
            secret: vec![Group {
                suite: "rules".into(),
                name: "01-rules".into(),
                points: 10,
                cases: vec![case("a", "-1\n"), case("b", "0 0 1\n")],
            }],
        }
    }

    #[test]
    fn problem_yaml_carries_the_rules_limits_and_a_uuid() {
        let yaml = problem_yaml("mayan", &problem(Dialect::default()));
        for line in [
            "name: Mayan Puzzle\n",
            "type: scoring\n",
            "validation: custom\n",
            "validator_flags: \"--null-swaps include --steps exact --accept lexmin\"\n",
            "limits:\n  memory: 128\n  output: 16\n",
            "uuid: ",
        ] {
            assert!(yaml.contains(line), "{line:?} in {yaml}");
        }
        let keys = yaml.lines().filter(|l| !l.starts_with('#'));
        assert!(
            !keys.map(str::trim_start).any(|l| l.starts_with("time")),
            "legacy problem.yaml has no time key: {yaml}"
        );
    }

    #[test]
    fn the_uuid_is_stable_and_changes_with_the_name_and_the_rules() {
        let default = problem(Dialect::default());
        let uuid = problem_uuid("mayan", &default);
        assert_eq!(uuid, problem_uuid("mayan", &default.clone()));
        assert_eq!(uuid.get_version_num(), 5);
        assert_eq!(uuid.to_string(), "e0317297-9ef9-5a9e-84a0-533c4159ea38");
        assert_ne!(uuid, problem_uuid("mayan2", &default));
        let exclude = problem(Dialect::new(NullSwaps::Exclude, Steps::Exact));
        assert_ne!(uuid, problem_uuid("mayan", &exclude));
    }

    #[test]
    fn groups_score_per_case_and_scripts_find_the_binary() {
        let p = problem(Dialect::default());
        assert_eq!(
            group_yaml(&p.secret[0]),
            "# suite `rules` of judge.toml: 10 points per case\naccept_score: 10\nrange: 0 20\n"
        );
        assert_eq!(
            run_script("check --protocol kattis"),
            "#!/bin/sh\nexec \"$(dirname \"$0\")/mayan\" check --protocol kattis \"$@\"\n"
        );
        assert!(!p.answers_all_or_none_minus_one());
        assert_eq!(seconds(Duration::from_secs(3)), "3");
        assert_eq!(seconds(Duration::from_millis(1500)), "1.5");
        assert_eq!(seconds(Duration::from_millis(250)), "0.25");
    }
}
