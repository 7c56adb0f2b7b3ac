use super::*;

fn request(out: &Path, make: Make) -> Request<'_> {
    Request {
        make,
        out,
        count: Some(2),
        seed: 7,
        name: None,
        force: false,
        answer_extension: "ans",
    }
}

fn lines(request: &Request) -> Result<Vec<String>, GenError> {
    let mut lines = Vec::new();
    write_cases(request, &mut |w| lines.push(w.line.clone()))?;
    Ok(lines)
}

fn files(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn a_kind_writes_its_cases_and_answers_and_tells_each_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("made");
    let make = Make::Kind(Kind::ExactlyN, Knobs::default());
    let told = lines(&request(&out, make)).unwrap();
    assert_eq!(told.len(), 2);
    for (i, line) in told.iter().enumerate() {
        let input = out.join(format!("exactly-n-00{}.in", i + 1));
        assert!(
            line.starts_with(&format!("{}: n = ", input.display())),
            "{line}"
        );
        assert!(input.with_extension("ans").is_file());
    }
    // The same request writes the same files.
    let again = dir.path().join("again");
    lines(&request(&again, make)).unwrap();
    let named = |dir: &Path| files(dir).into_iter().map(|(n, t)| (n, t.len(), t));
    assert!(named(&out).eq(named(&again)));
}

#[test]
fn a_suite_tells_each_case_s_kind() {
    let dir = tempfile::tempdir().unwrap();
    let told = lines(&request(dir.path(), Make::Suite)).unwrap();
    assert!(told[0].contains("suite-001.in: hard, n = 2"), "{}", told[0]);
    assert!(told[1].contains("suite-002.in: hard, n = 4"), "{}", told[1]);
}

#[test]
fn cases_already_there_are_kept_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let make = Make::Kind(Kind::Random, Knobs::default());
    let mut asked = request(dir.path(), make);
    asked.name = Some("r");
    lines(&asked).unwrap();
    let e = lines(&asked).unwrap_err();
    let first = dir.path().join("r-001.in");
    assert_eq!(
        e.to_string(),
        format!(
            "{} already exists; give another --name or --out, or --force to overwrite",
            first.display()
        )
    );
    asked.force = true;
    assert_eq!(lines(&asked).unwrap().len(), 2);
}

#[test]
fn knobs_that_do_not_fit_are_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("never");
    let knobs = Knobs {
        waves: Some(2),
        ..Knobs::default()
    };
    let e = lines(&request(&out, Make::Kind(Kind::Cross, knobs))).unwrap_err();
    assert!(matches!(
        e,
        GenError::Options(OptionsError::WavesUnused { .. })
    ));
    assert!(!out.exists());
}

#[test]
fn a_bottom_row_that_runs_out_of_cases_says_to_ask_for_fewer() {
    let dir = tempfile::tempdir().unwrap();
    let knobs = Knobs {
        n: Some(1),
        colours: Some(1),
        ..Knobs::default()
    };
    let mut asked = request(dir.path(), Make::Kind(Kind::BottomRow, knobs));
    asked.count = Some(40);
    let e = lines(&asked).unwrap_err();
    assert!(matches!(e, GenError::Repeats { .. }), "{e}");
    assert!(e.to_string().ends_with("ask for fewer cases"), "{e}");
}
