// The input validator of the Mayan puzzle (NOIP 2011), for the judges that
// run testlib validators (UOJ's val.cpp, which checks a hack's input before
// the reference solution answers it). Made by `mayan export`; it accepts
// what `mayan validate --kattis --strict` accepts: a valid case in its
// canonical form. Line 1 the number of moves n (1..5); then the five
// columns, left to right, each a line of colours (1..10, at most 7) bottom
// to top ended by 0; single spaces, LF line ends, nothing after; no run of
// three or more equal colours, across or up, on the starting board.
//
//   validator < INPUT     (exit 0: valid; else testlib's message)
//
// C++14, nothing but testlib.h and the standard library; the rules do not
// depend on the dialect.
#include "testlib.h"

#include <vector>

const int WIDTH = 5, HEIGHT = 7, MAX_N = 5, MAX_COLOUR = 10;

// The colour at (x, y), 0 where there is no block.
static int colour_at(const std::vector<std::vector<int> > &board, int x, int y) {
    return y < (int)board[x].size() ? board[x][y] : 0;
}

// Refuses a run of three equal colours from (x, y) across (dx 1) or up (dy 1).
static void ensure_no_run(const std::vector<std::vector<int> > &board, int x, int y, int dx, int dy) {
    if (x + 2 * dx >= WIDTH || y + 2 * dy >= HEIGHT) return;
    int c = colour_at(board, x, y);
    bool run = c != 0 && colour_at(board, x + dx, y + dy) == c && colour_at(board, x + 2 * dx, y + 2 * dy) == c;
    ensuref(!run, "three blocks of colour %d in a row from column %d, row %d (%s): the starting board must hold no run",
            c, x, y, dx == 1 ? "across" : "up");
}

int main() {
    registerValidation();
    inf.readInt(1, MAX_N, "n");
    inf.readEoln();
    std::vector<std::vector<int> > board(WIDTH);
    for (int x = 0; x < WIDTH; x++) {
        for (;;) {
            int colour = inf.readInt(0, MAX_COLOUR, format("column %d", x));
            if (colour == 0) break;
            ensuref((int)board[x].size() < HEIGHT, "column %d holds more than %d blocks", x, HEIGHT);
            board[x].push_back(colour);
            inf.readSpace();
        }
        inf.readEoln();
    }
    inf.readEof();
    for (int x = 0; x < WIDTH; x++)
        for (int y = 0; y < HEIGHT; y++) {
            ensure_no_run(board, x, y, 1, 0);
            ensure_no_run(board, x, y, 0, 1);
        }
    return 0;
}
