#!/usr/bin/env python3
"""Writes the OpenStep benchmark files into DIRECTORY (deterministic):

- project.pbxproj        an Xcode-style project, 150,000 objects with comments (43 MB)
- Localizable.strings    300,000 commented entries with escapes, UTF-8 (28 MB)
- Localizable16.strings  the same in UTF-16 LE with a BOM (55 MB)

Usage: make_files.py DIRECTORY
"""
import os
import sys


def main(directory):
    os.makedirs(directory, exist_ok=True)
    parts = ["// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n"]
    for i in range(150000):
        parts.append('\t\t%024X /* file%d.swift in Sources */ = {isa = PBXBuildFile; fileRef = %024X /* file%d.swift */; '
                     'settings = {ATTRIBUTES = (Public, "Weak Link", ); }; name = "file %d.swift"; '
                     'path = Sources/Module/file%d.swift; sourceTree = "<group>"; };\n' % (i * 7919, i, i * 31, i, i, i))
    parts.append("\t};\n\trootObject = 0123;\n}\n")
    with open(os.path.join(directory, "project.pbxproj"), "w") as file:
        file.write("".join(parts))
    lines = ["/* Localizable.strings */\n"]
    for i in range(300000):
        lines.append('/* comment %d */\n"key.%d" = "Valeur numéro %d avec \\"guillemets\\" et \\n retour";\n' % (i, i, i))
    text = "".join(lines)
    with open(os.path.join(directory, "Localizable.strings"), "w", encoding="utf-8") as file:
        file.write(text)
    with open(os.path.join(directory, "Localizable16.strings"), "wb") as file:
        file.write(b"\xff\xfe" + text.encode("utf-16-le"))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
