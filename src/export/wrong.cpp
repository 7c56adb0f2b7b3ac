// A wrong solution of a package made by `mayan export`: it prints n moves
// with g = 0, which is never a direction, so it is wrong on every case
// (a judge that gives points per case must give it none).
@SETTINGS@
#include <cstdio>

int main() {
#if FILE_IO
    FILE *in = std::fopen(INPUT_FILE, "r");
    FILE *out = std::fopen(OUTPUT_FILE, "w");
    if (!in || !out) return 1;
#else
    FILE *in = stdin;
    FILE *out = stdout;
#endif
    int n = 0;
    if (std::fscanf(in, "%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) std::fprintf(out, "0 0 0\n");
    return 0;
}
