// The checker (special judge) of the Mayan puzzle (NOIP 2011), for the judges
// that run testlib checkers: Polygon, HydroOJ, Luogu, UOJ, LOJ, LemonLime.
// Made by `mayan export` from judge.toml; a port of `mayan check`, whose
// verdicts and messages it gives: it replays the contestant's moves through
// the rules and holds them against the answer file, which must hold the
// smallest solution (this checker has no solver, so it trusts that file as
// far as it can: a malformed answer, or moves that are no solution, are the
// judge's fault, FAIL).
//
//   checker INPUT OUTPUT ANSWER [RESULT_FILE [-appes]]   (testlib's call)
//
// C++14, nothing but testlib.h and the standard library. The rules dialect
// and the policy are set below.
@SETTINGS@
#include "testlib.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace mayan {

const int WIDTH = 5, HEIGHT = 7, MAX_N = 5, MAX_COLOUR = 10;
// The most bytes of an output (and of a jury file) read, as `mayan check`.
const size_t READ_LIMIT = 1 << 20;
// The longest excerpt of a bad token a message quotes, in characters.
const size_t TOKEN_EXCERPT = 24;
const char *const BOM = "\xEF\xBB\xBF";

struct Policy {
    bool null_swaps;  // a swap of two equal colours is a move
    bool at_most;     // k <= n moves, not exactly n
    bool any_valid;   // any solution is accepted, not only the smallest
};

enum Verdict { AC, WA, PE, FAIL };

struct Result {
    Verdict verdict;
    std::string message;
};

std::string str(long long v) { return std::to_string(v); }

// "1 move", "2 moves".
std::string plural(size_t n, const char *word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// ---- Text: bytes decoded as `mayan check` decodes them. -------------------

// The length of the valid UTF-8 character at s[i], or 0 if none starts there.
size_t char_len(const std::string &s, size_t i) {
    unsigned char b = s[i];
    size_t n = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3
               : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return n == 1 ? 1 : 0;
    for (size_t k = 1; k < n; k++) {
        unsigned char c = s[i + k];
        unsigned lo = 0x80, hi = 0xBF;
        if (k == 1 && b == 0xE0) lo = 0xA0;
        if (k == 1 && b == 0xED) hi = 0x9F;
        if (k == 1 && b == 0xF0) lo = 0x90;
        if (k == 1 && b == 0xF4) hi = 0x8F;
        if (c < lo || c > hi) return 0;
    }
    return n;
}

// Valid UTF-8 as it is, every other byte as `\xNN`.
std::string decode(const std::string &bytes) {
    std::string out;
    for (size_t i = 0; i < bytes.size();) {
        size_t n = char_len(bytes, i);
        if (n == 0) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", unsigned(static_cast<unsigned char>(bytes[i])));
            out += hex;
            i++;
        } else {
            out.append(bytes, i, n);
            i += n;
        }
    }
    return out;
}

// The code point of the valid UTF-8 character of length n at s[i].
uint32_t code_point(const std::string &s, size_t i, size_t n) {
    static const unsigned char lead_mask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    uint32_t c = static_cast<unsigned char>(s[i]) & lead_mask[n];
    for (size_t k = 1; k < n; k++) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    return c;
}

// Unicode's White_Space, as Rust's `char::is_whitespace`.
bool is_space(uint32_t c) {
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
           c == 0x205F || c == 0x3000;
}

size_t char_count(const std::string &s) {
    size_t n = 0;
    for (size_t i = 0; i < s.size(); i += char_len(s, i)) n++;
    return n;
}

// At most TOKEN_EXCERPT characters of a token; a longer one is cut and
// ends with `…` and how long it was.
std::string excerpt(const std::string &token) {
    size_t i = 0, chars = 0;
    while (i < token.size() && chars < TOKEN_EXCERPT) i += char_len(token, i), chars++;
    if (i >= token.size()) return token;
    return token.substr(0, i) + "\xE2\x80\xA6 (cut: " + std::to_string(char_count(token)) + " characters in all)";
}

// As mayan's text::is_invisible: the format characters (bidirectional
// controls among them), the line and paragraph separators and the fillers
// that show as nothing.
bool is_invisible(uint32_t c) {
    return c == 0xAD || c == 0x34F || c == 0x61C || c == 0x115F || c == 0x1160 || c == 0x17B4 ||
           c == 0x17B5 || c == 0x180E || (c >= 0x200B && c <= 0x200F) ||
           (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x206F) || c == 0x3164 ||
           c == 0xFEFF || c == 0xFFA0 || (c >= 0xFFF9 && c <= 0xFFFB) ||
           (c >= 0x1D173 && c <= 0x1D17A) || (c >= 0xFE00 && c <= 0xFE0F) ||
           (c >= 0x13430 && c <= 0x1343F) || (c >= 0x1BCA0 && c <= 0x1BCA3) ||
           (c >= 0xE0000 && c <= 0xE007F) || (c >= 0xE0100 && c <= 0xE01EF);
}

// A message safe on a terminal: control characters but newline and tab,
// and the characters that show nothing, written as escapes (`\x1b`, `\r`,
// `\u{202e}`).
std::string visible(const std::string &text) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        size_t n = char_len(text, i);
        uint32_t c = code_point(text, i, n);
        char buf[16];
        if (c == '\n' || c == '\t') {
            out += char(c);
        } else if (c == '\r') {
            out += "\\r";
        } else if (c < 0x20 || c == 0x7F) {
            std::snprintf(buf, sizeof buf, "\\x%02x", unsigned(c));
            out += buf;
        } else if ((c >= 0x80 && c <= 0x9F) || is_invisible(c)) {
            std::snprintf(buf, sizeof buf, "\\u{%x}", unsigned(c));
            out += buf;
        } else {
            out.append(text, i, n);
        }
        i += n;
    }
    return out;
}

struct Token {
    std::string text;
    size_t line;  // from 1
};

// The whitespace-separated tokens of a decoded text, with their lines; a
// byte order mark first is dropped when `strip_bom`.
std::vector<Token> tokens(const std::string &text, bool strip_bom) {
    std::vector<Token> out;
    size_t i = strip_bom && text.compare(0, 3, BOM) == 0 ? 3 : 0, line = 1;
    bool in_token = false;
    while (i < text.size()) {
        size_t n = char_len(text, i);
        uint32_t c = code_point(text, i, n);
        if (is_space(c)) {
            in_token = false;
        } else {
            if (!in_token) out.push_back(Token{std::string(), line});
            out.back().text.append(text, i, n);
            in_token = true;
        }
        if (c == '\n') line++;
        i += n;
    }
    return out;
}

// An integer as Rust's `i64::from_str` reads one: a sign, then digits.
bool parse_integer(const std::string &t, long long &value) {
    size_t i = (t[0] == '+' || t[0] == '-') ? 1 : 0;
    bool negative = t[0] == '-';
    if (i == t.size()) return false;
    unsigned long long limit = negative ? 9223372036854775808ULL : 9223372036854775807ULL, v = 0;
    for (; i < t.size(); i++) {
        if (t[i] < '0' || t[i] > '9') return false;
        unsigned d = unsigned(t[i] - '0');
        if (v > (limit - d) / 10) return false;
        v = v * 10 + d;
    }
    value = negative ? static_cast<long long>(0 - v) : static_cast<long long>(v);
    return true;
}

// ---- The board and the rules (SPEC.md). --------------------------------

struct Board {
    int cell[WIDTH][HEIGHT];  // colour, 0 empty; blocks never float

    int height(int x) const {
        int h = 0;
        while (h < HEIGHT && cell[x][h]) h++;
        return h;
    }
    int blocks() const {
        int n = 0;
        for (int x = 0; x < WIDTH; x++) n += height(x);
        return n;
    }
};

struct RawMove {
    long long x, y, g;
    bool operator==(const RawMove &o) const { return x == o.x && y == o.y && g == o.g; }
    std::string text() const { return str(x) + " " + str(y) + " " + str(g); }
};

// Why `m` is no move on `b`, or "" when it is one.
std::string illegal(const Board &b, const RawMove &m, bool null_swaps) {
    if (m.g != 1 && m.g != -1)
        return "the direction g = " + str(m.g) + " is neither 1 (right) nor -1 (left)";
    if (m.x < 0 || m.x >= WIDTH || m.y < 0 || m.y >= HEIGHT)
        return "(" + str(m.x) + ", " + str(m.y) + ") is off the board (x must be 0..4, y 0..6)";
    int colour = b.cell[m.x][m.y];
    if (colour == 0) return "there is no block at (" + str(m.x) + ", " + str(m.y) + ")";
    if (m.x + m.g < 0 || m.x + m.g >= WIDTH)
        return "moving the block at (" + str(m.x) + ", " + str(m.y) + ") " +
               (m.g == 1 ? "right" : "left") + " leaves the board";
    if (!null_swaps && b.cell[m.x + m.g][m.y] == colour)
        return "it swaps two blocks of colour " + str(colour) +
               "; under null-swaps = exclude that is not a move";
    return "";
}

// Blocks above empty cells fall.
void fall(Board &b) {
    for (int x = 0; x < WIDTH; x++) {
        int h = 0;
        for (int y = 0; y < HEIGHT; y++)
            if (b.cell[x][y]) b.cell[x][h++] = b.cell[x][y];
        for (int y = h; y < HEIGHT; y++) b.cell[x][y] = 0;
    }
}

// Marks every block of a horizontal or vertical run of three or more;
// false when there is none.
bool find_runs(const Board &b, bool mark[WIDTH][HEIGHT]) {
    bool any = false;
    for (int x = 0; x < WIDTH; x++)
        for (int y = 0; y < HEIGHT; y++) {
            int c = b.cell[x][y];
            if (!c) continue;
            if (x + 2 < WIDTH && b.cell[x + 1][y] == c && b.cell[x + 2][y] == c)
                mark[x][y] = mark[x + 1][y] = mark[x + 2][y] = any = true;
            if (y + 2 < HEIGHT && b.cell[x][y + 1] == c && b.cell[x][y + 2] == c)
                mark[x][y] = mark[x][y + 1] = mark[x][y + 2] = any = true;
        }
    return any;
}

// Every marked block vanishes at once, the rest fall; until nothing vanishes.
void resolve(Board &b) {
    for (;;) {
        bool mark[WIDTH][HEIGHT] = {};
        if (!find_runs(b, mark)) return;
        for (int x = 0; x < WIDTH; x++)
            for (int y = 0; y < HEIGHT; y++)
                if (mark[x][y]) b.cell[x][y] = 0;
        fall(b);
    }
}

// A legal move made: a swap, or a drop onto the target column; then resolved.
Board apply(Board b, const RawMove &m) {
    int x = int(m.x), y = int(m.y), tx = int(m.x + m.g);
    int colour = b.cell[x][y];
    if (b.cell[tx][y]) {
        b.cell[x][y] = b.cell[tx][y];
        b.cell[tx][y] = colour;
    } else {
        b.cell[x][y] = 0;
        fall(b);
        b.cell[tx][b.height(tx)] = colour;
    }
    resolve(b);
    return b;
}

// What became of a list of moves: the board after the last legal one, and
// the first illegal one (its index, or -1) with why.
struct Replay {
    Board last;
    long long illegal_at;
    std::string why;
};

Replay replay(const Board &start, const std::vector<RawMove> &moves, bool null_swaps) {
    Replay r{start, -1, ""};
    for (size_t i = 0; i < moves.size(); i++) {
        r.why = illegal(r.last, moves[i], null_swaps);
        if (!r.why.empty()) {
            r.illegal_at = static_cast<long long>(i);
            return r;
        }
        r.last = apply(r.last, moves[i]);
    }
    return r;
}

// ---- The case file. ------------------------------------------------------

struct Case {
    int n;
    Board board;
};

// A case read as a token reader reads it, or the error SPEC.md's guarantees
// give, as `line L: what`.
std::string parse_case(const std::string &text, Case &c);

std::string case_error(size_t line, const std::string &what) {
    return "line " + std::to_string(line) + ": " + what;
}

std::string read_column(const std::vector<Token> &toks, size_t &next, int x, size_t &last_line,
                        std::vector<int> &column) {
    if (next == toks.size())
        return case_error(last_line, "only " + str(x) + " of the 5 columns are given");
    size_t start = toks[next].line;
    for (;;) {
        if (next == toks.size())
            return case_error(last_line, "column " + str(x) + " (from line " + str(static_cast<long long>(start)) +
                                             ") is not ended by 0");
        const Token &t = toks[next++];
        last_line = t.line;
        long long colour;
        if (!parse_integer(t.text, colour))
            return case_error(t.line, "`" + excerpt(t.text) + "` is not an integer");
        if (colour == 0) return "";
        if (colour < 1 || colour > MAX_COLOUR)
            return case_error(t.line, "column " + str(x) + ": colour " + str(colour) + " is outside 1..=10");
        if (column.size() == size_t(HEIGHT))
            return case_error(t.line, "column " + str(x) + " holds more than 7 blocks (is its closing 0 missing?)");
        column.push_back(int(colour));
    }
}

// The first run of three on the starting board, which no valid case holds.
std::string starting_run(const Board &b, const size_t column_line[WIDTH]) {
    bool mark[WIDTH][HEIGHT] = {};
    if (!find_runs(b, mark)) return "";
    int fx = -1, fy = -1;
    std::string cells;
    for (int x = 0; x < WIDTH; x++)
        for (int y = 0; y < HEIGHT; y++) {
            if (!mark[x][y] || (fx >= 0 && b.cell[x][y] != b.cell[fx][fy])) continue;
            if (fx < 0) fx = x, fy = y;
            cells += (cells.empty() ? "(" : " (") + str(x) + ", " + str(y) + ")";
        }
    return case_error(column_line[fx], "the starting board already holds a run of three or more: colour " +
                                           str(b.cell[fx][fy]) + " at " + cells);
}

std::string parse_case(const std::string &text, Case &c) {
    std::vector<Token> toks = tokens(text, true);
    if (toks.empty()) return case_error(1, "the file is empty; expected the number of moves n");
    long long n;
    if (!parse_integer(toks[0].text, n)) return case_error(toks[0].line, "`" + excerpt(toks[0].text) + "` is not an integer");
    if (n < 1 || n > MAX_N) return case_error(toks[0].line, "n = " + str(n) + " is outside 1..=5");
    c.n = int(n);
    c.board = Board();
    size_t next = 1, last_line = toks[0].line, column_line[WIDTH];
    for (int x = 0; x < WIDTH; x++) {
        std::vector<int> column;
        column_line[x] = next < toks.size() ? toks[next].line : last_line;
        std::string e = read_column(toks, next, x, last_line, column);
        if (!e.empty()) return e;
        for (size_t y = 0; y < column.size(); y++) c.board.cell[x][y] = column[y];
    }
    if (next < toks.size())
        return case_error(toks[next].line, "`" + excerpt(toks[next].text) + "` follows the fifth column; the case should end there");
    return starting_run(c.board, column_line);
}

// ---- Answers: the contestant's output and the answer file. ---------------

struct Answer {
    bool no_solution;  // -1
    std::vector<RawMove> moves;

    std::string one_line() const {
        if (no_solution) return "-1";
        if (moves.empty()) return "(no moves)";
        std::string out;
        for (size_t i = 0; i < moves.size(); i++) out += (i ? " / " : "") + moves[i].text();
        return out;
    }
};

enum FormError { FORM_OK, FORM_EMPTY, FORM_NOT_INTEGER, FORM_PARTIAL, FORM_AFTER_MINUS_ONE };

// An answer read as tokens, three to a move, or `-1` alone; `error` says
// what is wrong, as `line L: ...`, when the result is not FORM_OK.
FormError parse_answer(const std::string &text, bool strip_bom, Answer &a, std::string &error) {
    std::vector<Token> toks = tokens(text, strip_bom);
    std::vector<long long> values(toks.size());
    for (size_t i = 0; i < toks.size(); i++)
        if (!parse_integer(toks[i].text, values[i])) {
            error = case_error(toks[i].line, "`" + excerpt(toks[i].text) + "` is not an integer");
            return FORM_NOT_INTEGER;
        }
    if (toks.empty()) {
        error = "the output is empty";
        return FORM_EMPTY;
    }
    a.no_solution = values[0] == -1;
    if (a.no_solution && toks.size() > 1) {
        error = case_error(toks[1].line, "`" + excerpt(toks[1].text) + "` follows -1, which must stand alone");
        return FORM_AFTER_MINUS_ONE;
    }
    if (a.no_solution) return FORM_OK;
    for (size_t i = 0; i + 2 < toks.size(); i += 3) a.moves.push_back(RawMove{values[i], values[i + 1], values[i + 2]});
    size_t got = toks.size() % 3;
    if (got != 0) {
        error = case_error(toks.back().line, "move " + std::to_string(toks.size() / 3 + 1) + " is cut off after " +
                                                 std::to_string(got) + " of its 3 numbers");
        return FORM_PARTIAL;
    }
    return FORM_OK;
}

// ---- The verdict. --------------------------------------------------------

// WA when the output has more or fewer moves than the dialect allows.
bool wrong_count(const Case &c, const std::vector<RawMove> &moves, const Replay &r, Policy p, Result &out) {
    size_t k = moves.size(), n = size_t(c.n);
    bool ok = p.at_most ? k <= n : k == n;
    if (ok) return false;
    std::string asks = p.at_most ? "the case allows at most " + str(c.n) : "the case asks for exactly " + str(c.n);
    bool early = k < n && r.illegal_at < 0 && r.last.blocks() == 0;
    out = Result{WA, "the output has " + plural(k, "move") + ", " + asks +
                         (early ? " (they do clear the board, but too early)" : "")};
    return true;
}

// A valid solution held against the smallest.
Result compare_with_smallest(const std::vector<RawMove> &moves, const std::vector<RawMove> &smallest, Policy p) {
    size_t k = moves.size();
    if (p.any_valid) return Result{AC, "a valid solution in " + plural(k, "move")};
    if (moves == smallest) return Result{AC, "the smallest solution, " + plural(k, "move")};
    size_t i = 0;
    while (i < k && i < smallest.size() && moves[i] == smallest[i]) i++;
    std::string have = i < k ? moves[i].text() : "nothing";
    std::string want = i < smallest.size() ? smallest[i].text() : "nothing";
    return Result{WA, "a valid solution, but not the smallest: move " + std::to_string(i + 1) + " is " + have +
                          ", the smallest has " + want + " there"};
}

// A list of moves: the right count, every move legal, the board cleared,
// and (under lexmin) the smallest solution.
Result check_moves(const Case &c, const std::vector<RawMove> &moves, const Answer &reference, Policy p) {
    Replay r = replay(c.board, moves, p.null_swaps);
    Result out;
    if (wrong_count(c, moves, r, p, out)) return out;
    size_t k = moves.size();
    if (r.illegal_at >= 0) {
        size_t i = size_t(r.illegal_at);
        return Result{WA, "move " + std::to_string(i + 1) + " (" + moves[i].text() + "): " + r.why};
    }
    if (r.last.blocks() > 0)
        return Result{WA, "after " + plural(k, "move") + " " + plural(size_t(r.last.blocks()), "block") + " remain"};
    if (reference.no_solution)
        return Result{FAIL, "the output clears the board in " + plural(k, "move") +
                                ", but the reference says -1: the judge is wrong"};
    return compare_with_smallest(moves, reference.moves, p);
}

// The reference answer from the answer file's text, or why the file is the
// judge's fault.
bool reference_of(const Case &c, const std::string &text, Policy p, Answer &reference, std::string &fault) {
    std::vector<Token> all = tokens(text, false);
    if (all.empty()) {  // nothing but whitespace: `mayan check` solves; only an empty board is clear
        reference.no_solution = !p.at_most;
        if (c.board.blocks() == 0) return true;
        fault = "the answer file is empty, and this checker has no solver: it needs the smallest solution";
        return false;
    }
    std::string error;
    if (parse_answer(text, true, reference, error) != FORM_OK) {
        fault = "the answer file is not well-formed: " + error;
        return false;
    }
    if (reference.no_solution) return true;
    Result r = check_moves(c, reference.moves, Answer{true, {}}, p);
    if (r.verdict == FAIL) return true;  // its moves clear the board: a solution
    fault = "the answer file says " + reference.one_line() + ", which is no solution (" + r.message + ")";
    return false;
}

std::string describe_format_error(FormError e, const std::string &error) {
    if (e == FORM_EMPTY) return "the output is empty; expected moves `x y g`, one per line, or -1";
    if (e == FORM_PARTIAL) return error + ": the output is cut off in the middle of a move";
    return error;
}

// Judges the contestant's output (its bytes, `truncated` when there were
// more than READ_LIMIT; a byte order mark first already dropped) for the
// case `input` against the answer file `answer`. `input_name` names the
// case in a fault.
Result check(const std::string &input, const std::string &input_name, const std::string &output,
             bool truncated, const std::string &answer, Policy p) {
    Case c;
    std::string fault = parse_case(decode(input), c);
    if (!fault.empty()) return Result{FAIL, "the input is not a valid case: " + input_name + ":" + fault.substr(5)};
    Answer reference{false, {}};
    if (!reference_of(c, decode(answer), p, reference, fault)) return Result{FAIL, fault};
    if (truncated)
        return Result{PE, "the output is larger than " + std::to_string(READ_LIMIT) +
                              " bytes; an answer is at most a few lines"};
    Answer received{false, {}};
    std::string error;
    FormError form = parse_answer(decode(output), false, received, error);
    bool reference_is_no_moves = !reference.no_solution && reference.moves.empty();
    if (form == FORM_EMPTY && reference_is_no_moves) return check_moves(c, {}, reference, p);
    if (form != FORM_OK) return Result{PE, describe_format_error(form, error)};
    if (!received.no_solution) return check_moves(c, received.moves, reference, p);
    if (reference.no_solution) return Result{AC, "-1, there is no solution"};
    return Result{WA, "-1, but a solution exists: " + reference.one_line()};
}

// Judges an output read from its start (`truncated` when it held more
// than READ_LIMIT bytes): a byte order mark first is dropped, as `mayan
// check` drops it, and the message made safe to show.
Result judge(const std::string &input, const std::string &input_name, std::string output,
             bool truncated, const std::string &answer, Policy p) {
    if (output.compare(0, 3, BOM) == 0) output.erase(0, 3);
    Result r = check(input, input_name, output, truncated, answer, p);
    r.message = visible(r.message);
    return r;
}

}  // namespace mayan

#ifndef MAYAN_CHECKER_BATCH
// At most `limit` bytes of a stream, and whether there was more.
static std::string read_bounded(InStream &in, size_t limit, bool &truncated) {
    std::string bytes;
    truncated = false;
    while (!in.eof()) {
        if (bytes.size() == limit) {
            truncated = true;
            break;
        }
        bytes += in.readChar();
    }
    return bytes;
}

// The bytes testlib skipped at the start of a stream: testlib 0.9.44 skips
// a byte order mark on standard input and keeps it (`getReadChars`); the
// older testlib that UOJ ships (0.9.5, which UOJ compiles every chk.cpp
// against) has no `getReadChars` and skips nothing, so this overload set
// lets one source compile against both.
template <class Reader>
static auto skipped_chars(Reader *reader, int) -> decltype(reader->getReadChars().size()) {
    return reader->getReadChars().size();
}
template <class Reader>
static size_t skipped_chars(Reader *, long) {
    return 0;
}

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    // testlib skipped a byte order mark at the start of the output, which
    // `mayan check` counts against the limit and drops itself: read the
    // output again from its start (testlib on standard input, DOMjudge's,
    // cannot go back, but keeps the bytes it skipped).
    std::string bom;
    if (!ouf.stdfile)
        ouf.reset();
    else if (skipped_chars(ouf.reader, 0) == 3)
        bom = mayan::BOM;
    bool input_large, answer_large, truncated;
    std::string input = read_bounded(inf, mayan::READ_LIMIT, input_large);
    std::string answer = read_bounded(ans, mayan::READ_LIMIT, answer_large);
    std::string output = bom + read_bounded(ouf, mayan::READ_LIMIT - bom.size(), truncated);
    if (input_large || answer_large)
        quitf(_fail, "the %s is larger than %u bytes; a case and its answer are a few lines",
              input_large ? "input" : "answer file", unsigned(mayan::READ_LIMIT));
    const mayan::Policy policy = {NULL_SWAPS, AT_MOST, ANY_VALID};
    mayan::Result r = mayan::judge(input, inf.name, output, truncated, answer, policy);
    const TResult verdict[] = {_ok, _wa, _pe, _fail};
    quitf(verdict[r.verdict], "%s", r.message.c_str());
}
#else
// For the tests only (-DMAYAN_CHECKER_BATCH): many checks in one process,
// without testlib's reading. Each record on standard input is a line
// `NULL_SWAPS AT_MOST ANY_VALID INPUT_BYTES OUTPUT_BYTES ANSWER_BYTES`
// (0 or 1, then sizes) and then the three files' bytes; each result a line
// `VERDICT MESSAGE` on standard output (VERDICT 0 AC, 1 WA, 2 PE, 3 FAIL).
static std::string read_exactly(size_t n) {
    std::string bytes(n, '\0');
    if (n > 0 && std::fread(&bytes[0], 1, n, stdin) != n) std::exit(2);
    return bytes;
}

int main() {
    int null_swaps, at_most, any_valid;
    size_t sizes[3];
    while (std::scanf("%d %d %d %zu %zu %zu", &null_swaps, &at_most, &any_valid, &sizes[0], &sizes[1],
                      &sizes[2]) == 6) {
        if (std::getchar() != '\n') return 2;
        std::string input = read_exactly(sizes[0]), output = read_exactly(sizes[1]);
        std::string answer = read_exactly(sizes[2]);
        bool truncated = output.size() > mayan::READ_LIMIT;
        if (truncated) output.resize(mayan::READ_LIMIT);
        const mayan::Policy policy = {null_swaps != 0, at_most != 0, any_valid != 0};
        mayan::Result r = mayan::judge(input, "INPUT", output, truncated, answer, policy);
        std::printf("%d %s\n", int(r.verdict), r.message.c_str());
    }
    std::fflush(stdout);
    TestlibFinalizeGuard::alive = false;  // no register function: none is needed
    return 0;
}
#endif
