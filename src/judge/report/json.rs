//! The JSON report (`--json`), written whole at the end of a run (and when
//! it is stopped); while the run goes, its results are kept in the journal
//! beside it (`journal`).

use std::path::Path;

use super::RunReport;

/// Writes the JSON report whole or not at all (`reporters::write_whole`).
pub fn write_json(path: &Path, report: &RunReport) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(report).map_err(std::io::Error::other)? + "\n";
    super::reporters::write_whole(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::report::SubmissionReport;
    use crate::judge::result::fixture as case;
    use crate::judge::verdict::Verdict;

    #[test]
    fn json_is_written_whole_and_readable() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.json");
        let mut s = SubmissionReport::new("bob");
        s.push(case("a", Verdict::TLE));
        let plan = crate::judge::plan::Plan::of(&crate::config::Config::builtin(), 1);
        let mut report = RunReport::new(&plan, "test".into(), Vec::new());
        report.submissions.push(s);
        write_json(&path, &report).unwrap();
        let value: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(value["submissions"][0]["cases"][0]["verdict"], "TLE");
        assert_eq!(value["submissions"][0]["cases"][0]["cpu_ms"], 12);
        assert_eq!(value["submissions"][0]["max_score"], 10);
        assert_eq!(value["version"], env!("CARGO_PKG_VERSION"));
        assert_eq!(value["conditions"]["cpu_ms"], 3000);
        assert_eq!(value["conditions"]["null_swaps"], "include");
        assert_eq!(value["interrupted"], false);
    }
}
