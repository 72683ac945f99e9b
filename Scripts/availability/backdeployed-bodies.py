# For Scripts/check-availability.sh only. A toolchain's interface for Linux prints a
# back-deployed function without its body (back-deployment means nothing there), which
# the compiler refuses for an Apple target: give each such function a body. Its
# availability, what the check is about, stays as the interface declares it.
import re
import sys

path = sys.argv[1]
lines = open(path).read().split("\n")
out = []
index = 0
while index < len(lines):
    line = lines[index]
    out.append(line)
    index += 1
    if not line.strip().startswith("@backDeployed"):
        continue
    while index < len(lines) and lines[index].strip().startswith("@") and not re.search(
        r"\b(func|init|var|subscript)\b", lines[index]
    ):
        out.append(lines[index])
        index += 1
    declaration = lines[index]
    if re.search(r"\b(func|init)\b", declaration) and not declaration.rstrip().endswith("{"):
        declaration = declaration.rstrip() + " { fatalError() }"
    out.append(declaration)
    index += 1
open(path, "w").write("\n".join(out))
