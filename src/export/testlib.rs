//! The testlib checker that the packages for testlib judges carry (Polygon,
//! HydroOJ, LemonLime, UOJ, Luogu, LOJ): `testlib/checker.cpp` beside this
//! file, a C++14 port of `mayan check` (its verdicts and messages; the
//! rules engine, the token reader, the escaping) with the dialect and the
//! policy written at its top. It has no solver: it trusts the answer file
//! to hold the smallest solution, checking only that it is well-formed and,
//! when it has moves, that they clear the board (else FAIL).
//!
//! The tests hold it against `mayan check` on every case of `cases/`, the
//! official data and over a hundred thousand outputs
//! (`tests/testlib_checker.rs`), compiled against the real testlib.h.
//!
//! Also the testlib input validator (`testlib/validator.cpp`), for the
//! judges that take one in C++ (UOJ's `val.cpp`): what `mayan validate
//! --kattis --strict` accepts, held to it by `tests/export_uoj.rs`.

use crate::check::{Accept, Policy};
use crate::puzzle::dialect::{NullSwaps, Steps};

/// The checker's source, with `@SETTINGS@` where the policy goes.
const TEMPLATE: &str = include_str!("testlib/checker.cpp");

/// The file name the packages give it.
pub const FILE_NAME: &str = "checker.cpp";

/// The input validator's source: the rules of a case do not depend on the
/// dialect, so it has no settings.
pub const VALIDATOR: &str = include_str!("testlib/validator.cpp");

/// The checker's C++ source for `policy`.
pub fn checker_source(policy: Policy) -> String {
    TEMPLATE.replace("@SETTINGS@", &settings(policy))
}

fn settings(policy: Policy) -> String {
    let d = policy.dialect;
    format!(
        "const bool NULL_SWAPS = {};  // null-swaps = {}: a swap of two equal colours is a move\n\
         const bool AT_MOST = {};  // steps = {}: true any k <= n moves, false exactly n\n\
         const bool ANY_VALID = {};  // accept = {}: true any solution, false only the smallest",
        d.null_swaps == NullSwaps::Include,
        d.null_swaps,
        d.steps == Steps::AtMost,
        d.steps,
        policy.accept == Accept::AnyValid,
        accept_name(policy.accept),
    )
}

/// `lexmin` or `any-valid`, as judge.toml writes it.
pub fn accept_name(accept: Accept) -> String {
    clap::ValueEnum::to_possible_value(&accept)
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::dialect::Dialect;

    #[test]
    fn the_settings_follow_the_dialect_and_the_policy() {
        let default = checker_source(Policy::default());
        assert!(!default.contains("@SETTINGS@"));
        assert!(default.contains("const bool NULL_SWAPS = true;  // null-swaps = include"));
        assert!(default.contains("const bool AT_MOST = false;  // steps = exact"));
        assert!(default.contains("const bool ANY_VALID = false;  // accept = lexmin"));
        let other = checker_source(Policy {
            accept: Accept::AnyValid,
            dialect: Dialect::new(NullSwaps::Exclude, Steps::AtMost),
        });
        assert!(other.contains("const bool NULL_SWAPS = false;  // null-swaps = exclude"));
        assert!(other.contains("const bool AT_MOST = true;  // steps = at-most"));
        assert!(other.contains("const bool ANY_VALID = true;  // accept = any-valid"));
    }

    #[test]
    fn the_validator_needs_nothing_but_testlib_and_the_standard_library() {
        let includes: Vec<&str> = (VALIDATOR.lines())
            .filter(|l| l.starts_with("#include"))
            .collect();
        assert_eq!(includes, ["#include \"testlib.h\"", "#include <vector>"]);
    }

    #[test]
    fn the_source_needs_nothing_but_testlib_and_the_standard_library() {
        let includes: Vec<&str> = (TEMPLATE.lines())
            .filter(|l| l.starts_with("#include"))
            .collect();
        assert_eq!(
            includes,
            [
                "#include \"testlib.h\"",
                "#include <cstdint>",
                "#include <cstdio>",
                "#include <string>",
                "#include <vector>"
            ]
        );
    }
}
