//! Languages by file extension: the built-in ones (in one of the compiler
//! [`Preset`]s), and the one lookup that puts `[language.NAME]` of
//! `judge.toml` before them. Compiling is the judge's business
//! (`judge::compile`); this only says how.

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

/// The built-in compilers' commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// gcc -O2 -std=gnu11, g++ -O2 -std=gnu++17, fpc -O2
    #[default]
    Default,
    /// NOI Linux 2.0 and CCF's NOI/NOIP: gcc -std=c99 -O2 -lm, g++
    /// -std=c++14 -O2 -lm, fpc -O2
    Noi,
}

impl std::fmt::Display for Preset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Preset::Default => "default",
            Preset::Noi => "noi",
        })
    }
}

/// `[language]`: the preset of the built-in compilers, and the languages
/// added or replaced (`[language.NAME]`), found by extension first.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
pub struct Languages {
    #[serde(default)]
    pub preset: Preset,
    #[serde(flatten)]
    pub custom: BTreeMap<String, LanguageConfig>,
}

impl From<BTreeMap<String, LanguageConfig>> for Languages {
    fn from(custom: BTreeMap<String, LanguageConfig>) -> Languages {
        Languages {
            preset: Preset::Default,
            custom,
        }
    }
}

/// A built-in language: its file extensions, how to compile and how to run.
pub struct Builtin {
    pub name: &'static str,
    pub extensions: &'static [&'static str],
    pub compile: Option<&'static [&'static str]>,
    pub run: &'static [&'static str],
}

/// Free Pascal, the same in every preset (NOI Linux's `fpc -O2`).
const PASCAL: Builtin = Builtin {
    name: "Pascal",
    extensions: &["pas", "pp"],
    compile: Some(&["fpc", "-O2", "-v0", "-o{exe}", "{src}"]),
    run: &["{exe}"],
};

const RUST: Builtin = Builtin {
    name: "Rust",
    extensions: &["rs"],
    compile: Some(&["rustc", "-O", "-o", "{exe}", "{src}"]),
    run: &["{exe}"],
};

const PYTHON: Builtin = Builtin {
    name: "Python",
    extensions: &["py"],
    compile: None,
    run: &["python3", "{src}"],
};

/// The built-in languages of the default preset; `[language.NAME]` adds to
/// them or replaces them.
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
    PASCAL,
    RUST,
    PYTHON,
];

/// The built-in languages of the NOI preset: the compile commands of NOI
/// Linux 2.0 as CCF publishes them for NOI and NOIP (C99, C++14, `-lm`).
pub const NOI: &[Builtin] = &[
    Builtin {
        name: "C",
        extensions: &["c"],
        compile: Some(&["gcc", "-std=c99", "-O2", "-o", "{exe}", "{src}", "-lm"]),
        run: &["{exe}"],
    },
    Builtin {
        name: "C++",
        extensions: &["cpp", "cc", "cxx"],
        compile: Some(&["g++", "-std=c++14", "-O2", "-o", "{exe}", "{src}", "-lm"]),
        run: &["{exe}"],
    },
    PASCAL,
    RUST,
    PYTHON,
];

impl Preset {
    /// The built-in languages under this preset.
    pub fn builtin(self) -> &'static [Builtin] {
        match self {
            Preset::Default => BUILTIN,
            Preset::Noi => NOI,
        }
    }
}

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
/// `.cpp`): a configured language first, then a built-in one of the preset.
pub fn recipe_for(source: &Path, languages: &Languages) -> Option<Recipe> {
    let ext = source.extension()?.to_str()?.to_lowercase();
    let ext = ext.as_str();
    if let Some((name, l)) = (languages.custom.iter())
        .find(|(_, l)| l.extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)))
    {
        return Some(Recipe {
            name: name.clone(),
            compile: l.compile.clone(),
            run: l.run.clone(),
        });
    }
    let own = |parts: &[&str]| parts.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    (languages.preset.builtin().iter())
        .find(|l| l.extensions.contains(&ext))
        .map(|l| Recipe {
            name: l.name.to_string(),
            compile: l.compile.map(own),
            run: own(l.run),
        })
}

/// Every extension a language is known by, configured ones last.
pub fn known_extensions(languages: &Languages) -> Vec<String> {
    let mut known: Vec<String> = (languages.preset.builtin().iter())
        .flat_map(|l| l.extensions.iter().map(|e| e.to_string()))
        .collect();
    for e in languages.custom.values().flat_map(|l| l.extensions.iter()) {
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
        let configured = Languages::from(configured);
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

    #[test]
    fn the_noi_preset_compiles_as_noi_linux_does() {
        let noi = Languages {
            preset: Preset::Noi,
            custom: BTreeMap::new(),
        };
        let cpp = recipe_for(Path::new("mayan.cpp"), &noi).unwrap();
        let compile = cpp.compile.unwrap().join(" ");
        assert_eq!(compile, "g++ -std=c++14 -O2 -o {exe} {src} -lm");
        let c = recipe_for(Path::new("mayan.c"), &noi).unwrap();
        assert!(
            c.compile
                .unwrap()
                .join(" ")
                .starts_with("gcc -std=c99 -O2 ")
        );
        let default = recipe_for(Path::new("mayan.cpp"), &Languages::default()).unwrap();
        assert!(
            default
                .compile
                .unwrap()
                .contains(&"-std=gnu++17".to_string())
        );
    }
}
