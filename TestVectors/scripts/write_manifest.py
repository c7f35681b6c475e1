#!/usr/bin/env python3
"""Joins the generators' JSON lines into TestVectors/binary/MANIFEST.json.

Usage: write_manifest.py OUTPUT ENTRIES.jsonl...

The manifest is {"vectors": [entry, ...]} with one compact entry per line, in the order
the generators wrote them, so diffs between runs stay readable.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from canonical import to_json  # noqa: E402


def main(output, inputs):
    entries = []
    for path in inputs:
        with open(path, encoding="utf-8") as file:
            for line in file:
                if line.strip():
                    entries.append(json.loads(line))
    files = [entry["file"] for entry in entries]
    if len(files) != len(set(files)):
        raise SystemExit("duplicate file names in the entries")
    lines = [to_json(entry) for entry in entries]
    with open(output, "w", encoding="utf-8") as file:
        file.write('{"vectors": [\n' + ",\n".join(lines) + "\n]}\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
