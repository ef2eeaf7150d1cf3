#!/usr/bin/env python3
"""Which folders of a Swift module reference each other, by the types each declares.

    Scripts/folderdeps.py [ROOT] [--all]

ROOT defaults to Sources/ResponderKit. A folder references another when one of its files names a type
declared at the top level of the other's files, or nested in one of its extensions of a type declared
elsewhere (other nested types are named through their outer type, or inside its own extensions).
Prints every pair of folders that reference each other both ways, with the names each side uses, then
the count; --all prints every one-way edge too. Comments and string literals are ignored. A rough
check: a name that is also a local identifier elsewhere counts as a reference.
"""
import os, re, sys, collections

args = [a for a in sys.argv[1:] if not a.startswith('--')]
root = args[0] if args else "Sources/ResponderKit"
show_all = '--all' in sys.argv

files = {}
for d, _, fs in os.walk(root):
    for f in fs:
        if f.endswith('.swift'):
            p = os.path.join(d, f)
            files[p] = open(p, encoding='utf-8').read()

def folder(p):
    rel = os.path.relpath(p, root)
    return rel.split(os.sep)[0] if os.sep in rel else '.'

comments_and_strings = re.compile(r'//.*?$|/\*.*?\*/|"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"', re.M | re.S)
# A top-level declaration: at the start of a line (no indentation), after attributes and modifiers.
decl = re.compile(r'^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|open|internal|private|fileprivate|package|final|nonisolated|indirect)\s+)*'
                  r'(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)', re.M)

owner = {}
for p, t in files.items():
    for m in decl.finditer(comments_and_strings.sub('', t)):
        owner.setdefault(m.group(1), folder(p))

# A type nested in an extension of another folder's type belongs to the folder that declares it: a
# stage that types its own trace records (`extension TraceRecord { enum ScrollViewChange … }`) is named
# by whoever uses those records.
extension = re.compile(r'^extension\s+([A-Za-z_]\w*)[^{\n]*\{\n(.*?)^\}', re.M | re.S)
nested = re.compile(r'^    (?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|open|internal|private|fileprivate|package|final|nonisolated|indirect)\s+)*'
                    r'(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)', re.M)
for p, t in files.items():
    for m in extension.finditer(comments_and_strings.sub('', t)):
        if owner.get(m.group(1), folder(p)) == folder(p):
            continue
        for n in nested.finditer(m.group(2)):
            owner.setdefault(n.group(1), folder(p))

refs = collections.defaultdict(lambda: collections.defaultdict(set))
words = {p: set(re.findall(r'\b[A-Za-z_]\w*\b', comments_and_strings.sub('', t))) for p, t in files.items()}
for p in files:
    src = folder(p)
    for name in words[p]:
        dst = owner.get(name)
        if dst and dst != src:
            refs[src][dst].add(name)

pairs = 0
for a in sorted(refs):
    for b in sorted(refs[a]):
        if a < b and a in refs.get(b, {}):
            pairs += 1
            print(f"{a} <-> {b}")
            print("   ", a, "->", b, sorted(refs[a][b])[:14])
            print("   ", b, "->", a, sorted(refs[b][a])[:14])
        elif show_all and a not in refs.get(b, {}):
            print(f"{a} -> {b}", sorted(refs[a][b])[:14])
print(pairs, "pairs")
