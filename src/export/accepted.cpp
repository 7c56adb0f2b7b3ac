// The reference solution of a package made by `mayan export`: depth-first
// search in answer order (x, then y, then right before left), so the first
// solution found is the smallest; a table of positions already proven
// hopeless, and the dead-colour rule (a colour with 1 or 2 blocks can never
// vanish). The rules dialect and the I/O are set below, from judge.toml.
@SETTINGS@
#include <cstdio>
#include <cstring>
#include <string>
#include <unordered_set>

static int n;
static int moves[8][3];
static int found;  // moves in the solution found
static std::unordered_set<std::string> hopeless;

struct Board {
    int g[5][7];
};

static void fall(Board &b) {
    for (int x = 0; x < 5; x++) {
        int h = 0;
        for (int y = 0; y < 7; y++)
            if (b.g[x][y]) b.g[x][h++] = b.g[x][y];
        for (int y = h; y < 7; y++) b.g[x][y] = 0;
    }
}

// Removes every run of three or more at once, then lets blocks fall; repeats.
static void settle(Board &b) {
    for (;;) {
        bool mark[5][7] = {};
        bool any = false;
        for (int x = 0; x < 5; x++)
            for (int y = 0; y < 7; y++) {
                int c = b.g[x][y];
                if (!c) continue;
                if (x + 2 < 5 && b.g[x + 1][y] == c && b.g[x + 2][y] == c)
                    mark[x][y] = mark[x + 1][y] = mark[x + 2][y] = any = true;
                if (y + 2 < 7 && b.g[x][y + 1] == c && b.g[x][y + 2] == c)
                    mark[x][y] = mark[x][y + 1] = mark[x][y + 2] = any = true;
            }
        if (!any) return;
        for (int x = 0; x < 5; x++)
            for (int y = 0; y < 7; y++)
                if (mark[x][y]) b.g[x][y] = 0;
        fall(b);
    }
}

static bool empty(const Board &b) {
    for (int x = 0; x < 5; x++)
        if (b.g[x][0]) return false;
    return true;
}

static bool dead(const Board &b) {
    int count[11] = {};
    for (int x = 0; x < 5; x++)
        for (int y = 0; y < 7; y++) count[b.g[x][y]]++;
    for (int c = 1; c <= 10; c++)
        if (count[c] == 1 || count[c] == 2) return true;
    return false;
}

static std::string key(const Board &b, int depth) {
    std::string k(36, '0');
    for (int x = 0; x < 5; x++)
        for (int y = 0; y < 7; y++) k[x * 7 + y] = char('0' + b.g[x][y]);
    k[35] = char('0' + depth);
    return k;
}

static bool dfs(const Board &b, int depth) {
    if (empty(b) && (AT_MOST || depth == n)) {
        found = depth;
        return true;
    }
    if (depth == n || empty(b) || dead(b)) return false;
    std::string k = key(b, depth);
    if (hopeless.count(k)) return false;
    for (int x = 0; x < 5; x++)
        for (int y = 0; y < 7 && b.g[x][y]; y++)
            for (int g = 1; g >= -1; g -= 2) {
                int tx = x + g;
                if (tx < 0 || tx > 4) continue;
                // A left move onto a block is the left neighbour's right move.
                if (g == -1 && b.g[tx][y]) continue;
                if (!NULL_SWAPS && b.g[tx][y] == b.g[x][y]) continue;
                Board next = b;
                if (next.g[tx][y]) {
                    int t = next.g[tx][y];
                    next.g[tx][y] = next.g[x][y];
                    next.g[x][y] = t;
                } else {
                    next.g[tx][y] = next.g[x][y];
                    next.g[x][y] = 0;
                    fall(next);
                }
                settle(next);
                moves[depth][0] = x, moves[depth][1] = y, moves[depth][2] = g;
                if (dfs(next, depth + 1)) return true;
            }
    hopeless.insert(k);
    return false;
}

int main() {
#if FILE_IO
    FILE *in = std::fopen(INPUT_FILE, "r");
    FILE *out = std::fopen(OUTPUT_FILE, "w");
    if (!in || !out) return 1;
#else
    FILE *in = stdin;
    FILE *out = stdout;
#endif
    Board b;
    std::memset(&b, 0, sizeof b);
    if (std::fscanf(in, "%d", &n) != 1) return 1;
    for (int x = 0; x < 5; x++)
        for (int y = 0;; y++) {
            int c = 0;
            if (std::fscanf(in, "%d", &c) != 1 || c == 0) break;
            if (y < 7) b.g[x][y] = c;
        }
    if (dfs(b, 0)) {
        for (int i = 0; i < found; i++) std::fprintf(out, "%d %d %d\n", moves[i][0], moves[i][1], moves[i][2]);
    } else {
        std::fprintf(out, "-1\n");
    }
    return 0;
}
