//! The report's small charts, as inline SVG: a bar of what a case used
//! against its limit ([`usage_bar`]) and a bar of a score against its
//! maximum ([`score_bar`]).
//!
//! A bar says how close it is with more than its colour: a use of half the
//! limit or more is striped, at the limit or over it it is dark and striped
//! and runs past the limit line, so grey print and colour-blind readers see
//! the same; the numbers stand beside it in the table. Only
//! drawing; which figures are shown is `summary`'s and `case`'s business.

use maud::{Markup, html};

/// Width and height of a bar, in pixels; the limit line stands at
/// `LIMIT_AT`, and a use over the limit runs past it to the end.
const WIDTH: u64 = 112;
const HEIGHT: u64 = 12;
const LIMIT_AT: u64 = 100;
/// Width of a score's bar.
const SCORE_WIDTH: u64 = 72;

/// How a use compares with its limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Under half the limit.
    Far,
    /// Half the limit or more, under the limit.
    Close,
    /// At the limit or over it (a run is stopped when it reaches it).
    Over,
}

impl Level {
    pub fn of(value: u64, limit: u64) -> Level {
        if value >= limit {
            Level::Over
        } else if value.saturating_mul(2) >= limit {
            Level::Close
        } else {
            Level::Far
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Far => "far",
            Level::Close => "close",
            Level::Over => "over",
        }
    }
}

/// `value` as a whole percentage of `limit`, capped at 999.
pub fn percent(value: u64, limit: u64) -> u64 {
    match limit {
        0 => 999,
        _ => (value.saturating_mul(100) / limit).min(999),
    }
}

/// A bar of `value` against `limit`; `label` says both in words (its
/// tooltip and what a screen reader reads).
pub fn usage_bar(value: u64, limit: u64, label: &str) -> Markup {
    let level = Level::of(value, limit);
    let length = match level {
        Level::Over => WIDTH - 2,
        _ => (value.saturating_mul(LIMIT_AT) / limit.max(1)).min(LIMIT_AT),
    };
    let (fill, stripes) = match level {
        Level::Far => ("#56b4e9", ""),
        Level::Close => ("#e69f00", "#000"),
        Level::Over => ("#222", "#fff"),
    };
    let body = html! {
        (bar_body(LIMIT_AT, length, (fill, stripes)))
        // The limit: a line the bar reaches at 100%, as tall as the bar;
        // past it only a use over the limit is drawn.
        line.limit x1=(LIMIT_AT) y1="0" x2=(LIMIT_AT) y2=(HEIGHT) stroke="#000"
            stroke-width="2.5" {}
    };
    bar(("usage", level.name()), (value, limit), label, WIDTH, body)
}

/// A bar of `score` out of `max`, the whole width being all the points.
pub fn score_bar(score: u32, max: u32, label: &str) -> Markup {
    let (score, max) = (u64::from(score), u64::from(max));
    let length = (score * (SCORE_WIDTH - 2) / max.max(1)).min(SCORE_WIDTH - 2);
    let level = if score >= max { "full" } else { "part" };
    let body = bar_body(SCORE_WIDTH, length, ("#004488", ""));
    bar(("score", level), (score, max), label, SCORE_WIDTH, body)
}

/// A bar's SVG, `width` wide, with its tooltip and `body`.
fn bar(
    (kind, level): (&str, &str),
    (value, of): (u64, u64),
    label: &str,
    width: u64,
    body: Markup,
) -> Markup {
    html! {
        svg class={ "bar " (kind) } data-level=(level) data-value=(value) data-of=(of)
            width=(width) height=(HEIGHT) viewBox={ "0 0 " (width) " " (HEIGHT) } role="img"
            aria-label=(label) {
            title { (label) }
            (body)
        }
    }
}

/// The frame of a bar, `frame` wide, its filled part `length` long and,
/// when `stripes` names a colour, stripes over the filled part (a dashed
/// stroke the bar's height wide, so no pattern needs an id).
fn bar_body(frame: u64, length: u64, (fill, stripes): (&str, &str)) -> Markup {
    html! {
        rect x="0.5" y="0.5" width=(frame - 1) height=(HEIGHT - 1) fill="#fff" stroke="#666" {}
        @if length > 0 {
            rect.used x="1" y="1" width=(length) height=(HEIGHT - 2) fill=(fill) {}
            @if !stripes.is_empty() {
                line x1="1" y1=(HEIGHT / 2) x2=(1 + length) y2=(HEIGHT / 2) stroke=(stripes)
                    stroke-width=(HEIGHT - 2) stroke-dasharray="2 3" {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_split_at_half_and_at_the_limit() {
        assert_eq!(Level::of(0, 1000), Level::Far);
        assert_eq!(Level::of(499, 1000), Level::Far);
        assert_eq!(Level::of(500, 1000), Level::Close);
        assert_eq!(Level::of(999, 1000), Level::Close);
        assert_eq!(Level::of(1000, 1000), Level::Over);
        assert_eq!(Level::of(1001, 1000), Level::Over);
        assert_eq!(Level::of(1, 0), Level::Over);
        assert_eq!(percent(87, 1000), 8);
        assert_eq!(percent(5000, 1), 999);
    }

    #[test]
    fn a_bar_is_as_long_as_its_share_and_striped_when_close() {
        let usage_bar = |value, limit, label| super::usage_bar(value, limit, label).into_string();
        let score_bar = |score, max, label| super::score_bar(score, max, label).into_string();
        let far = usage_bar(250, 1000, "250 ms of 1000 ms");
        assert!(far.contains("data-level=\"far\""));
        assert!(far.contains("class=\"used\" x=\"1\" y=\"1\" width=\"25\""));
        assert!(!far.contains("stroke-dasharray"));
        let close = usage_bar(900, 1000, "");
        assert!(close.contains("width=\"90\"") && close.contains("stroke-dasharray"));
        let over = usage_bar(1001, 1000, "");
        assert!(over.contains("data-level=\"over\"") && over.contains("width=\"110\""));
        assert!(!usage_bar(0, 1000, "").contains("class=\"used\""));
        assert!(score_bar(5, 10, "").contains("width=\"35\""));
    }

    #[test]
    fn labels_are_escaped() {
        let bar = usage_bar(1, 2, "<b>\"x\"</b>").into_string();
        assert!(!bar.contains("<b>"));
        assert!(bar.contains("aria-label=\"&lt;b&gt;&quot;x&quot;&lt;/b&gt;\""));
    }
}
