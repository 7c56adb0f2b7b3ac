// A partly right solution of a package made by `mayan export`: it never
// searches and always answers -1, so it scores the cases that have no
// solution and nothing else.
@SETTINGS@
#include <cstdio>

int main() {
#if FILE_IO
    FILE *out = std::fopen(OUTPUT_FILE, "w");
    if (!out) return 1;
#else
    FILE *out = stdout;
#endif
    std::fprintf(out, "-1\n");
    return 0;
}
