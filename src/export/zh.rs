//! The problem statement in Chinese, the language of the official problem
//! (NOIP 2011, 玛雅游戏), for the judges that show one (Polygon, HydroOJ,
//! LemonLime's contestants read the paper): the same parts as `statement`'s
//! English one, for the dialect, the policy and the I/O exported, rendered
//! by the same LaTeX and Markdown renderers.

use super::problem::Problem;
use super::statement::{Statement, Words};
use crate::check::Accept;
use crate::config::IoMode;
use crate::puzzle::dialect::{NullSwaps, Steps};

/// The problem's Chinese title.
pub const TITLE: &str = "玛雅游戏";

/// The Chinese words.
pub const CHINESE: Words = Words {
    title: TITLE,
    input: "输入格式",
    output: "输出格式",
    sample_input: "输入样例",
    sample_output: "输出样例",
};

/// The Chinese statement of `problem`, read and written through `io`.
pub fn statement(problem: &Problem, io: IoMode) -> Statement {
    let dialect = problem.policy.dialect;
    let mut legend = vec![
            "游戏界面是一个 $5$ 列 $7$ 行的棋盘，上面堆放着一些方块。列从左到右编号为 $0$ 到 $4$，\
             行从下到上编号为 $0$ 到 $6$，$(0, 0)$ 是左下角的格子。每个格子为空或放着一个颜色为 \
             $1$ 到 $10$ 之一的方块。方块不会悬空：每一列的方块总是占据该列最下面的格子。"
                .to_string(),
            "一次移动 $(x, y, g)$ 把位于 $(x, y)$ 的方块向右（$g = 1$）或向左（$g = -1$）拖动一格，\
             不能移出棋盘。若目标格子有方块，两个方块交换位置；若目标格子为空，被拖动的方块落到目标列\
             已有方块的上面，原来在它上面的方块下落一格。"
                .to_string(),
            "每次移动后棋盘会稳定下来：属于横向或纵向连续三个或更多同色方块的所有方块同时消除（连线可以\
             交叉，也可以长于三个）；然后空格上方的方块下落，可能形成新的连线，如此反复直到没有可消除的\
             方块。下落过程中不消除，只在稳定后的棋盘上寻找连线。"
                .to_string(),
        ];
    legend.push(match dialect.null_swaps {
        NullSwaps::Include => "交换两个同色方块是合法的移动，尽管它不改变棋盘。".to_string(),
        NullSwaps::Exclude => "解中不能交换两个同色方块。".to_string(),
    });
    legend.push(goal(problem));
    legend.push("本题为 NOIP 2011 提高组第一试第三题。".to_string());
    Statement {
        words: &CHINESE,
        legend,
        input: input_section(problem, io),
        output: output_section(problem),
    }
}

fn goal(problem: &Problem) -> String {
    let steps = match problem.policy.dialect.steps {
        Steps::Exact => "恰好 $n$ 步",
        Steps::AtMost => "至多 $n$ 步",
    };
    match problem.policy.accept {
        Accept::Lexmin => format!(
            "请用{steps}消除棋盘上的全部方块。若有多个解，输出最小的一个：解按步依次比较，每一步先比较 \
             $x$，再比较 $y$，最后比较 $g$，且 $g = 1$ 优先于 $g = -1$。"
        ),
        Accept::AnyValid => format!("请用{steps}消除棋盘上的全部方块。任何一个解都被接受。"),
    }
}

fn input_section(problem: &Problem, io: IoMode) -> Vec<String> {
    let format = "第一行为一个整数 $n$（$1 \\le n \\le 5$），表示移动的步数。接下来五行每行描述一列，\
                  从 $x = 0$ 到 $x = 4$：自下而上给出该列方块的颜色，以 $0$ 结束。每列至多 $7$ 个方块，\
                  初始棋盘上没有三个连成一线的同色方块。";
    let files = match io {
        IoMode::Stdio => "从标准输入读入，向标准输出输出。".to_string(),
        IoMode::File => format!(
            "从程序工作目录下的文件 `{}` 读入，向文件 `{}` 输出。",
            problem.io.input_file, problem.io.output_file
        ),
    };
    vec![format.to_string(), files]
}

fn output_section(problem: &Problem) -> Vec<String> {
    let moves = match problem.policy.dialect.steps {
        Steps::Exact => "输出 $n$ 行",
        Steps::AtMost => "输出至多 $n$ 行",
    };
    vec![format!(
        "若能消除全部方块，{moves}：按顺序给出解的每一步，每行三个用空格隔开的整数 $x$ $y$ $g$。\
         否则只输出一行 $-1$。"
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Policy;
    use crate::config::{IoConfig, LimitsConfig};
    use crate::puzzle::dialect::Dialect;

    #[test]
    fn the_chinese_statement_says_the_dialect_the_policy_and_the_io() {
        let problem = Problem {
            policy: Policy {
                accept: Accept::Lexmin,
                dialect: Dialect::new(NullSwaps::Exclude, Steps::AtMost),
            },
            limits: LimitsConfig::default(),
            io: IoConfig::default(),
            sample: None,
            secret: Vec::new(),
        };
        let md = statement(&problem, IoMode::File).markdown(&[("1\n0\n0\n0\n0\n0\n", "-1\n")]);
        assert!(md.contains("请用至多 ~n~ 步消除"), "{md}");
        assert!(md.contains("解中不能交换两个同色方块"));
        assert!(md.contains("文件 `mayan.in` 读入"));
        assert!(md.contains("## 输入样例 1\n\n```\n1\n0\n0\n0\n0\n0\n```\n"));
        let tex = statement(&problem, IoMode::Stdio).latex();
        assert!(tex.starts_with("\\problemname{玛雅游戏}\n"), "{tex}");
        assert!(tex.contains("\\section*{输入格式}"));
    }
}
