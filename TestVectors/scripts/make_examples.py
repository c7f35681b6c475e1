#!/usr/bin/env python3
"""Writes TestVectors/examples/sample.plist (binary, by plistlib): the file README's first
command prints. Rerun from the repository root: python3 TestVectors/scripts/make_examples.py"""
import datetime
import pathlib
import plistlib

sample = {
    "CFBundleName": "PlistKit Sample",
    "CFBundleVersion": "1.0",
    "LSMinimumSystemVersion": 12,
    "students": [
        {"name": "Ada", "age": 36, "score": 97.5, "active": True,
         "enrolled": datetime.datetime(2024, 9, 1, 8, 30)},
        {"name": "Grace", "age": 45, "score": 88.25, "active": False,
         "enrolled": datetime.datetime(1999, 12, 31, 23, 59, 59)},
    ],
    "icon": bytes(range(8)),
    "largest": 2**64 - 1,
}

out = pathlib.Path(__file__).resolve().parent.parent / "examples" / "sample.plist"
out.write_bytes(plistlib.dumps(sample, fmt=plistlib.FMT_BINARY, sort_keys=False))
print(out)
