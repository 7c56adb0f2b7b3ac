//! How a block of each colour `1..=10` looks: its fill, the ink its number
//! and mark are written in, and a shape mark of its own, so that colour is
//! never the only sign of a colour (grey print, colour-blind readers,
//! forced-colour displays).
//!
//! The fills are Okabe–Ito colours, with a dark blue, a grey, a wine and a
//! dark green from Paul Tol's schemes. Their order is chosen so that the
//! colours most boards use (1 to 4) stay far apart for normal, protan, deutan
//! and tritan vision (at least 34 CIE76 units in the Machado 2009
//! simulation) and in grey (L* 70, 54, 89, 29), any two of the ten at least
//! 15, and consecutive colours differ by at least 16 in lightness. The ink,
//! black or white, is the one with the higher contrast ratio on the fill: at
//! least 5.4:1 (WCAG AA asks 4.5:1 for text).
//!
//! Only the choice of look and the outline of a mark; placing it on a board
//! is `svg`'s business.

/// The small mark drawn in a block's corner, one per colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Disc,
    Square,
    Triangle,
    Diamond,
    Plus,
    Cross,
    TriangleDown,
    Ring,
    Star,
    Bar,
}

/// How one colour is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    /// `#rrggbb` of the block.
    pub fill: &'static str,
    /// `#rrggbb` of the number and mark written on it.
    pub ink: &'static str,
    pub shape: Shape,
    /// The colour's name in words, for the legend and tooltips.
    pub name: &'static str,
}

const BLACK: &str = "#000000";
const WHITE: &str = "#ffffff";

/// Index `c - 1` for colour `c`; after each, its lightness L* and the
/// contrast ratio of its ink.
const LOOKS: [Look; 10] = [
    look("#56b4e9", BLACK, Shape::Disc, "sky blue"), // L* 70, 9.1:1
    look("#d55e00", BLACK, Shape::Square, "vermillion"), // L* 54, 5.4:1
    look("#f0e442", BLACK, Shape::Triangle, "yellow"), // L* 89, 15.9:1
    look("#004488", WHITE, Shape::Diamond, "dark blue"), // L* 29, 9.6:1
    look("#bbbbbb", BLACK, Shape::Plus, "grey"),     // L* 76, 10.9:1
    look("#882255", WHITE, Shape::Cross, "wine"),    // L* 32, 8.7:1
    look("#e69f00", BLACK, Shape::TriangleDown, "orange"), // L* 71, 9.3:1
    look("#222222", WHITE, Shape::Ring, "black"),    // L* 13, 15.9:1
    look("#cc79a7", BLACK, Shape::Star, "pink"),     // L* 61, 6.9:1
    look("#117733", WHITE, Shape::Bar, "green"),     // L* 44, 5.7:1
];

const fn look(fill: &'static str, ink: &'static str, shape: Shape, name: &'static str) -> Look {
    Look {
        fill,
        ink,
        shape,
        name,
    }
}

/// What a colour that no board may hold looks like: white with a ring,
/// still numbered.
const UNKNOWN: Look = look(WHITE, BLACK, Shape::Ring, "unknown");

/// The look of colour `colour` (`1..=10`; anything else gets a plain white).
pub fn look_of(colour: u8) -> Look {
    match colour {
        1..=10 => LOOKS[usize::from(colour) - 1],
        _ => UNKNOWN,
    }
}

/// The SVG path (`d`) of a shape filling the square of side `size` whose
/// top-left corner is `(x, y)`.
pub fn shape_path(shape: Shape, x: f64, y: f64, size: f64) -> String {
    let s = size;
    let p = |pts: &[(f64, f64)]| polygon(x, y, s, pts);
    match shape {
        Shape::Disc => circle(x + s / 2.0, y + s / 2.0, s / 2.0),
        Shape::Ring => {
            // Even-odd ring: the outer circle, then the inner one reversed.
            let (cx, cy) = (x + s / 2.0, y + s / 2.0);
            format!("{}{}", circle(cx, cy, s / 2.0), circle(cx, cy, s / 4.0))
        }
        Shape::Square => p(&[(0.05, 0.05), (0.95, 0.05), (0.95, 0.95), (0.05, 0.95)]),
        Shape::Triangle => p(&[(0.5, 0.0), (1.0, 0.95), (0.0, 0.95)]),
        Shape::TriangleDown => p(&[(0.0, 0.05), (1.0, 0.05), (0.5, 1.0)]),
        Shape::Diamond => p(&[(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)]),
        Shape::Plus => p(&[
            (0.35, 0.0),
            (0.65, 0.0),
            (0.65, 0.35),
            (1.0, 0.35),
            (1.0, 0.65),
            (0.65, 0.65),
            (0.65, 1.0),
            (0.35, 1.0),
            (0.35, 0.65),
            (0.0, 0.65),
            (0.0, 0.35),
            (0.35, 0.35),
        ]),
        Shape::Cross => p(&[
            (0.0, 0.2),
            (0.2, 0.0),
            (0.5, 0.3),
            (0.8, 0.0),
            (1.0, 0.2),
            (0.7, 0.5),
            (1.0, 0.8),
            (0.8, 1.0),
            (0.5, 0.7),
            (0.2, 1.0),
            (0.0, 0.8),
            (0.3, 0.5),
        ]),
        Shape::Star => p(&star_points()),
        Shape::Bar => p(&[(0.0, 0.3), (1.0, 0.3), (1.0, 0.7), (0.0, 0.7)]),
    }
}

/// A five-pointed star in the unit square, points up.
fn star_points() -> Vec<(f64, f64)> {
    (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { 0.5 } else { 0.21 };
            let angle = std::f64::consts::PI * (f64::from(i) / 5.0 - 0.5);
            (0.5 + r * angle.cos(), 0.55 + r * angle.sin())
        })
        .collect()
}

/// A closed polygon from points in the unit square, scaled into place.
fn polygon(x: f64, y: f64, size: f64, points: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (i, (px, py)) in points.iter().enumerate() {
        let cmd = if i == 0 { 'M' } else { 'L' };
        d.push_str(&format!("{cmd}{:.1} {:.1}", x + px * size, y + py * size));
    }
    d.push('Z');
    d
}

/// A circle as two arcs (a path, so it can join a ring's even-odd fill).
fn circle(cx: f64, cy: f64, r: f64) -> String {
    format!(
        "M{:.1} {cy:.1}a{r:.1} {r:.1} 0 1 0 {:.1} 0a{r:.1} {r:.1} 0 1 0 {:.1} 0Z",
        cx - r,
        2.0 * r,
        -2.0 * r
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_has_its_own_fill_and_shape() {
        for a in 1..=10u8 {
            for b in a + 1..=10 {
                assert_ne!(look_of(a).fill, look_of(b).fill, "{a} and {b}");
                assert_ne!(look_of(a).shape, look_of(b).shape, "{a} and {b}");
            }
        }
        assert_eq!(look_of(0), UNKNOWN);
        assert_eq!(look_of(11), UNKNOWN);
    }

    #[test]
    fn shapes_stay_inside_their_square() {
        for c in 1..=10u8 {
            let d = shape_path(look_of(c).shape, 10.0, 20.0, 10.0);
            assert!(d.starts_with('M') && d.ends_with('Z'), "{d}");
            let numbers = d
                .split(|ch: char| ch.is_ascii_alphabetic() || ch == ' ')
                .filter(|t| !t.is_empty())
                .map(|t| t.parse::<f64>().unwrap());
            // Absolute coordinates of polygons lie in [10, 30]; arc
            // parameters are small. Either way nothing is far off.
            assert!(numbers.clone().all(|v| (-10.0..=30.0).contains(&v)), "{d}");
        }
    }
}
