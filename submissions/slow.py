# A correct but slow solution for mayan-judge's bundled examples: plain
# depth-first search in answer order over every move, with null swaps, and
# no table of hopeless positions. Fine on small boards, too slow on dense ones.
import sys


def settle(g):
    while True:
        for col in g:
            col[:] = [c for c in col if c]
        marks = set()
        for x in range(5):
            for y in range(len(g[x])):
                c = g[x][y]
                if x + 2 < 5 and all(len(g[x + i]) > y and g[x + i][y] == c for i in (1, 2)):
                    marks |= {(x, y), (x + 1, y), (x + 2, y)}
                if y + 2 < len(g[x]) and g[x][y + 1] == c and g[x][y + 2] == c:
                    marks |= {(x, y), (x, y + 1), (x, y + 2)}
        if not marks:
            return
        for x, y in marks:
            g[x][y] = 0


def dfs(g, depth, n, path):
    if depth == n:
        return not any(g)
    counts = {}
    for col in g:
        for c in col:
            counts[c] = counts.get(c, 0) + 1
    if not counts or any(v < 3 for v in counts.values()):
        return False
    for x in range(5):
        for y in range(len(g[x])):
            for d in (1, -1):
                t = x + d
                if t < 0 or t > 4 or (d == -1 and len(g[t]) > y):
                    continue
                h = [col[:] for col in g]
                if len(h[t]) > y:
                    h[x][y], h[t][y] = h[t][y], h[x][y]
                else:
                    h[t].append(h[x].pop(y))
                settle(h)
                path.append((x, y, d))
                if dfs(h, depth + 1, n, path):
                    return True
                path.pop()
    return False


def main():
    with open("mayan.in") as f:
        tokens = [int(t) for t in f.read().split()]
    n, rest, g = tokens[0], tokens[1:], []
    for _ in range(5):
        col = []
        while rest and rest[0] != 0:
            col.append(rest.pop(0))
        rest.pop(0)
        g.append(col)
    path = []
    with open("mayan.out", "w") as f:
        if dfs(g, 0, n, path):
            f.write("".join(f"{x} {y} {d}\n" for x, y, d in path))
        else:
            f.write("-1\n")


main()
