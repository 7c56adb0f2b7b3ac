# A wrong solution for mayan-judge's bundled examples: it never searches and
# always says there is no solution. Accepted only where the answer is -1.
with open("mayan.in") as f:
    f.read()
with open("mayan.out", "w") as f:
    f.write("-1\n")
