//! Languages by file extension: the built-in ones, and the one lookup that
//! puts `[language.NAME]` of `judge.toml` before them. Compiling is the
//! judge's business (`judge::compile`); this only says how.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

/// How to compile and run one language. `{src}` is the source file, `{exe}`
/// the program to build.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct LanguageConfig {
    pub extensions: Vec<String>,
    /// Absent for interpreted languages.
    #[serde(default)]
    pub compile: Option<Vec<String>>,
    pub run: Vec<String>,
}

/// A built-in language: its file extensions, how to compile and how to run.
pub struct Builtin {
    pub name: &'static str,
    pub extensions: &'static [&'static str],
    pub compile: Option<&'static [&'static str]>,
    pub run: &'static [&'static str],
}

/// The built-in languages; `[language.NAME]` adds to them or replaces them.
pub const BUILTIN: &[Builtin] = &[
    Builtin {
        name: "C",
        extensions: &["c"],
        compile: Some(&["gcc", "-O2", "-std=gnu11", "-o", "{exe}", "{src}", "-lm"]),
        run: &["{exe}"],
    },
    Builtin {
        name: "C++",
        extensions: &["cpp", "cc", "cxx"],
        compile: Some(&["g++", "-O2", "-std=gnu++17", "-o", "{exe}", "{src}"]),
        run: &["{exe}"],
    },
    Builtin {
        name: "Pascal",
        extensions: &["pas", "pp"],
        compile: Some(&["fpc", "-O2", "-v0", "-o{exe}", "{src}"]),
        run: &["{exe}"],
    },
    Builtin {
        name: "Rust",
        extensions: &["rs"],
        compile: Some(&["rustc", "-O", "-o", "{exe}", "{src}"]),
        run: &["{exe}"],
    },
    Builtin {
        name: "Python",
        extensions: &["py"],
        compile: None,
        run: &["python3", "{src}"],
    },
];

/// A language as compilation needs it, built in or configured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipe {
    pub name: String,
    pub compile: Option<Vec<String>>,
    pub run: Vec<String>,
}

impl Recipe {
    /// A command of the recipe with `{src}` and `{exe}` filled in.
    pub fn fill(template: &[String], src: &Path, exe: &Path) -> Vec<String> {
        template
            .iter()
            .map(|part| {
                part.replace("{src}", &src.to_string_lossy())
                    .replace("{exe}", &exe.to_string_lossy())
            })
            .collect()
    }
}

/// The recipe for `source`, by its extension in any case (`.CPP` is
/// `.cpp`): a configured language first, then a built-in one.
pub fn recipe_for(source: &Path, configured: &BTreeMap<String, LanguageConfig>) -> Option<Recipe> {
    let ext = source.extension()?.to_str()?.to_lowercase();
    let ext = ext.as_str();
    if let Some((name, l)) = configured
        .iter()
        .find(|(_, l)| l.extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)))
    {
        return Some(Recipe {
            name: name.clone(),
            compile: l.compile.clone(),
            run: l.run.clone(),
        });
    }
    let own = |parts: &[&str]| parts.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    BUILTIN
        .iter()
        .find(|l| l.extensions.contains(&ext))
        .map(|l| Recipe {
            name: l.name.to_string(),
            compile: l.compile.map(own),
            run: own(l.run),
        })
}

/// Every extension a language is known by, configured ones last.
pub fn known_extensions(configured: &BTreeMap<String, LanguageConfig>) -> Vec<String> {
    let mut known: Vec<String> = BUILTIN
        .iter()
        .flat_map(|l| l.extensions.iter().map(|e| e.to_string()))
        .collect();
    for e in configured.values().flat_map(|l| l.extensions.iter()) {
        if !known.contains(e) {
            known.push(e.clone());
        }
    }
    known
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configured_languages_come_before_built_in_ones() {
        let mut configured = BTreeMap::new();
        configured.insert(
            "old-c++".to_string(),
            LanguageConfig {
                extensions: vec!["cpp".into(), "cob".into()],
                compile: Some(
                    ["g++", "-std=c++11", "-o", "{exe}", "{src}"]
                        .map(String::from)
                        .to_vec(),
                ),
                run: vec!["{exe}".into()],
            },
        );
        let r = recipe_for(Path::new("a.cpp"), &configured).unwrap();
        assert_eq!(r.name, "old-c++");
        let filled = Recipe::fill(
            r.compile.as_deref().unwrap(),
            Path::new("/s/a.cpp"),
            Path::new("/b/p"),
        );
        assert_eq!(filled, ["g++", "-std=c++11", "-o", "/b/p", "/s/a.cpp"]);
        assert_eq!(
            recipe_for(Path::new("a.pas"), &configured).unwrap().name,
            "Pascal"
        );
        assert!(recipe_for(Path::new("a.java"), &configured).is_none());
        assert!(recipe_for(Path::new("noext"), &configured).is_none());
        assert!(known_extensions(&configured).ends_with(&["cob".to_string()]));
    }
}
