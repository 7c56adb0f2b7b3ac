//! A setting clap never refuses ([`Setting`], parsed by [`Lenient`]): for
//! `mayan check`, whose flags and environment variables are the judge
//! host's settings. A bad one is the host's fault, to be said in the
//! protocol the judge speaks, never clap's exit 2, which plain and testlib
//! read as PE for every contestant. The help still lists the values.

use std::ffi::OsStr;
use std::marker::PhantomData;

use clap::ValueEnum;
use clap::builder::{PossibleValue, TypedValueParser};

/// A value of `T`, or why what was given is none (clap's words, naming the
/// flag, the values it takes and where the bad one came from).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Setting<T> {
    Given(T),
    Bad(String),
}

/// The value parser of a [`Setting`] of the value enum `T`.
#[derive(Debug)]
pub struct Lenient<T>(PhantomData<fn() -> T>);

impl<T> Clone for Lenient<T> {
    fn clone(&self) -> Self {
        Lenient(PhantomData)
    }
}

impl<T> Lenient<T> {
    pub fn new() -> Lenient<T> {
        Lenient(PhantomData)
    }
}

impl<T: ValueEnum + Clone + Send + Sync + 'static> TypedValueParser for Lenient<T> {
    type Value = Setting<T>;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Setting<T>, clap::Error> {
        if let Some(v) = value.to_str().and_then(|t| T::from_str(t, false).ok()) {
            return Ok(Setting::Given(v));
        }
        Ok(Setting::Bad(refusal::<T>(arg, value)))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let values = T::value_variants().iter();
        Some(Box::new(values.filter_map(ValueEnum::to_possible_value)))
    }
}

/// What clap says of a bad value, on one line: `invalid value 'x' for
/// '--accept <POLICY>'; [possible values: lexmin, any-valid]`, and `(from
/// the environment: VAR)` when the value is the environment's.
fn refusal<T: ValueEnum>(arg: Option<&clap::Arg>, value: &OsStr) -> String {
    let flag = arg.map_or(String::new(), |a| {
        let long = a.get_long().unwrap_or_default();
        match a.get_value_names() {
            Some([name, ..]) => format!("--{long} <{name}>"),
            _ => format!("--{long}"),
        }
    });
    let names: Vec<String> = (T::value_variants().iter())
        .filter_map(|v| Some(v.to_possible_value()?.get_name().to_string()))
        .collect();
    let mut said = format!(
        "invalid value '{}' for '{flag}'; [possible values: {}]",
        value.to_string_lossy(),
        names.join(", ")
    );
    let env = arg.and_then(clap::Arg::get_env);
    if let Some(var) = env.filter(|var| std::env::var_os(var).as_deref() == Some(value)) {
        said += &format!(" (from the environment: {})", var.to_string_lossy());
    }
    said
}
