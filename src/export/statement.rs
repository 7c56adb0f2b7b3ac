//! The problem statement a package carries, in English, written here from
//! SPEC.md for the dialect, the policy and the I/O being exported: the
//! board, a move, the resolution, what a solution is, the input and output
//! formats. Rendered as LaTeX (Kattis's `problem_statement/problem.en.tex`:
//! the samples are added from `data/sample` by the judge's tools) and as
//! Markdown (DMOJ's problem description, `~` around math, samples included).
//!
//! The text is written once, as paragraphs where `$...$` is math and
//! `` `...` `` a file name; the two renderers only change that markup.

use std::fmt::Write as _;

use super::problem::Problem;
use crate::check::Accept;
use crate::config::IoMode;
use crate::puzzle::dialect::{NullSwaps, Steps};

/// The problem's title.
pub const TITLE: &str = "Mayan Puzzle";

/// Where the problem comes from.
pub const SOURCE: &str = "NOIP 2011 (senior division, day 1, problem 3)";

/// The statement's parts, in the shared markup.
pub struct Statement {
    pub words: &'static Words,
    pub legend: Vec<String>,
    pub input: Vec<String>,
    pub output: Vec<String>,
}

/// The fixed words of a statement in one language.
pub struct Words {
    pub title: &'static str,
    pub input: &'static str,
    pub output: &'static str,
    pub sample_input: &'static str,
    pub sample_output: &'static str,
}

/// The English words.
pub const ENGLISH: Words = Words {
    title: TITLE,
    input: "Input",
    output: "Output",
    sample_input: "Sample Input",
    sample_output: "Sample Output",
};

impl Statement {
    /// The statement of `problem`, read and written through `io`.
    pub fn of(problem: &Problem, io: IoMode) -> Statement {
        let dialect = problem.policy.dialect;
        let mut legend = vec![
            "A board of $5$ columns and $7$ rows holds coloured blocks. Columns are numbered \
             $0$ to $4$ from left to right and rows $0$ to $6$ from bottom to top, so $(0, 0)$ \
             is the bottom-left cell. A cell is empty or holds a block of one of the colours \
             $1$ to $10$. Blocks never float: the blocks of a column fill its lowest cells."
                .to_string(),
            "A move $(x, y, g)$ drags the block at $(x, y)$ one column to the right \
             ($g = 1$) or to the left ($g = -1$), staying on the board. If the cell it enters \
             holds a block, the two blocks swap places. If that cell is empty, the block falls \
             down its new column onto the blocks there, and the blocks above its old place \
             fall down one row."
                .to_string(),
            "After every move the board settles. Every block that belongs to a horizontal or \
             vertical line of three or more blocks of one colour vanishes; all such blocks \
             vanish at once, so lines may cross and may be longer than three. The blocks above \
             emptied cells then fall, which may form new lines, and this repeats until no \
             line is left. Nothing vanishes while blocks are falling: lines are looked for on \
             the settled board only."
                .to_string(),
        ];
        legend.push(match dialect.null_swaps {
            NullSwaps::Include => "Swapping two blocks of the same colour is a legal move, \
                                   although it changes nothing."
                .to_string(),
            NullSwaps::Exclude => {
                "A solution never swaps two blocks of the same colour.".to_string()
            }
        });
        legend.push(goal(problem));
        legend.push(format!("This is the problem of {SOURCE}."));
        Statement {
            words: &ENGLISH,
            legend,
            input: input_section(problem, io),
            output: output_section(problem),
        }
    }

    /// The statement as the body of Kattis's `problem.en.tex`.
    pub fn latex(&self) -> String {
        let mut out = format!("\\problemname{{{}}}\n\n", self.words.title);
        for p in &self.legend {
            let _ = writeln!(out, "{}\n", to_latex(p));
        }
        let w = self.words;
        for (title, paragraphs) in [(w.input, &self.input), (w.output, &self.output)] {
            let _ = writeln!(out, "\\section*{{{title}}}\n");
            for p in paragraphs {
                let _ = writeln!(out, "{}\n", to_latex(p));
            }
        }
        out
    }

    /// The statement as DMOJ's Markdown, with the samples `(input, answer)`.
    pub fn markdown(&self, samples: &[(&str, &str)]) -> String {
        self.markdown_as(Markdown::Dmoj, samples)
    }

    /// The statement as `flavour`'s Markdown, with the samples `(input,
    /// answer)`.
    pub fn markdown_as(&self, flavour: Markdown, samples: &[(&str, &str)]) -> String {
        let w = self.words;
        let mut out = format!(
            "<!-- {}: the problem description for the site -->\n\n",
            w.title
        );
        for p in &self.legend {
            let _ = writeln!(out, "{}\n", flavour.text(p));
        }
        for (title, paragraphs) in [(w.input, &self.input), (w.output, &self.output)] {
            let _ = writeln!(out, "## {title}\n");
            for p in paragraphs {
                let _ = writeln!(out, "{}\n", flavour.text(p));
            }
        }
        for (i, (input, answer)) in samples.iter().enumerate() {
            let n = i + 1;
            let (fence_in, fence_out) = match flavour {
                Markdown::Dmoj => (String::new(), String::new()),
                Markdown::Hydro => (format!("input{n}"), format!("output{n}")),
            };
            let _ = writeln!(
                out,
                "## {} {n}\n\n```{fence_in}\n{input}```\n",
                w.sample_input
            );
            let _ = writeln!(
                out,
                "## {} {n}\n\n```{fence_out}\n{answer}```\n",
                w.sample_output
            );
        }
        out
    }
}

/// The Markdown a site reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Markdown {
    /// DMOJ's: math between `~`, samples in plain code blocks.
    Dmoj,
    /// HydroOJ's: math between `$` (KaTeX), samples in code blocks
    /// labelled `input1`, `output1`, ... (which Hydro shows as samples).
    Hydro,
}

impl Markdown {
    /// A paragraph of the shared markup in this Markdown.
    fn text(self, text: &str) -> String {
        match self {
            Markdown::Dmoj => to_markdown(text),
            Markdown::Hydro => text.to_string(),
        }
    }
}

/// What to do, and which solution is asked for.
fn goal(problem: &Problem) -> String {
    let steps = match problem.policy.dialect.steps {
        Steps::Exact => "in exactly $n$ moves",
        Steps::AtMost => "in at most $n$ moves",
    };
    match problem.policy.accept {
        Accept::Lexmin => format!(
            "Clear the board {steps}. If there are several solutions, give the smallest: \
             solutions are compared move by move, and moves by $x$, then by $y$, then by $g$, \
             where $g = 1$ comes before $g = -1$."
        ),
        Accept::AnyValid => format!("Clear the board {steps}. Any solution is accepted."),
    }
}

fn input_section(problem: &Problem, io: IoMode) -> Vec<String> {
    let format = "The first line holds $n$ ($1 \\le n \\le 5$), the number of moves. Each of \
                  the next five lines describes one column, from $x = 0$ to $x = 4$: the \
                  colours of its blocks from the bottom up, followed by $0$. No column holds \
                  more than $7$ blocks, and the starting board holds no line of three blocks \
                  of one colour.";
    let files = match io {
        IoMode::Stdio => "Read the input from standard input and write the output to standard \
                          output."
            .to_string(),
        IoMode::File => format!(
            "Read the input from the file `{}` and write the output to the file `{}`, both in \
             the working directory of your program.",
            problem.io.input_file, problem.io.output_file
        ),
    };
    vec![format.to_string(), files]
}

fn output_section(problem: &Problem) -> Vec<String> {
    let moves = match problem.policy.dialect.steps {
        Steps::Exact => "print $n$ lines",
        Steps::AtMost => "print at most $n$ lines",
    };
    vec![format!(
        "If the board can be cleared, {moves}: the moves of the solution in order, each as \
         three integers $x$ $y$ $g$ separated by spaces. Otherwise print the single line $-1$."
    )]
}

/// The shared markup as LaTeX: math stays, a file name is `\texttt`.
pub(super) fn to_latex(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "\\texttt{{{}}}", escape_latex(part));
        } else {
            out.push_str(part);
        }
    }
    out
}

fn escape_latex(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// The shared markup as DMOJ's Markdown: `~...~` around math.
fn to_markdown(text: &str) -> String {
    text.replace('$', "~")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Policy;
    use crate::config::{IoConfig, LimitsConfig};
    use crate::puzzle::dialect::Dialect;

    fn problem(dialect: Dialect, accept: Accept) -> Problem {
        Problem {
            policy: Policy { accept, dialect },
            limits: LimitsConfig::default(),
            io: IoConfig {
                input_file: "my_in.txt".into(),
                ..IoConfig::default()
            },
            sample: None,
            secret: Vec::new(),
        }
    }

    #[test]
    fn the_statement_says_the_dialect_the_policy_and_the_io() {
        let default = Statement::of(&problem(Dialect::default(), Accept::Lexmin), IoMode::Stdio);
        let tex = default.latex();
        assert!(tex.starts_with("\\problemname{Mayan Puzzle}\n"), "{tex}");
        assert!(
            tex.contains("in exactly $n$ moves. If there are several solutions, give the smallest")
        );
        assert!(tex.contains("is a legal move, although it changes nothing"));
        assert!(tex.contains("\\section*{Input}\n\nThe first line holds $n$ ($1 \\le n \\le 5$)"));
        assert!(tex.contains("from standard input"));
        let other = Dialect::new(NullSwaps::Exclude, Steps::AtMost);
        let md = Statement::of(&problem(other, Accept::AnyValid), IoMode::File)
            .markdown(&[("1\n0\n0\n0\n0\n0\n", "-1\n")]);
        assert!(
            md.contains("in at most ~n~ moves. Any solution is accepted."),
            "{md}"
        );
        assert!(md.contains("never swaps two blocks of the same colour"));
        assert!(
            md.contains("from the file `my_in.txt` and write the output to the file `mayan.out`")
        );
        assert!(md.contains("print at most ~n~ lines"));
        assert!(
            md.contains("## Sample Input 1\n\n```\n1\n0\n0\n0\n0\n0\n```\n"),
            "{md}"
        );
        assert!(!md.contains('$'));
    }

    #[test]
    fn file_names_are_escaped_for_latex() {
        assert_eq!(
            to_latex("read `a_b%.in` now"),
            "read \\texttt{a\\_b\\%.in} now"
        );
        assert_eq!(
            escape_latex("\\~^"),
            "\\textbackslash{}\\textasciitilde{}\\textasciicircum{}"
        );
    }
}
