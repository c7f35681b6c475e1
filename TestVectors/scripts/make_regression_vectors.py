#!/usr/bin/env python3
"""Writes TestVectors/binary/regressions/: inputs that once crashed plistkit (and crash
plutil on Linux), kept so every verb is run over them (CLICrashTests) and described in
that folder's MANIFEST.json.

    python3 TestVectors/scripts/make_regression_vectors.py

Deterministic: running it twice gives identical files.
"""
import json
import os
import plistlib
import struct
import sys

vectors = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
folder = os.path.join(vectors, "binary", "regressions")
os.makedirs(folder, exist_ok=True)


def single_object_bplist(obj: bytes) -> bytes:
    """A bplist00 whose only object, the root, is `obj`: header, object, one-byte offset
    table, trailer."""
    body = b"bplist00" + obj
    offset_table = len(body)
    trailer = bytes(6) + bytes([1, 1]) + struct.pack(">QQQ", 1, 0, offset_table)
    return body + bytes([8]) + trailer


entries = []

# A date (marker 0x33) holding a quiet NaN: `-p` trapped in Foundation's Date.description.
nan_date = single_object_bplist(b"\x33" + struct.pack(">d", float("nan")))
with open(os.path.join(folder, "nan_date.bplist"), "wb") as f:
    f.write(nan_date)
entries.append({"file": "binary/regressions/nan_date.bplist", "made_by": "make_regression_vectors.py",
                "crashed": "plistkit -p (and plutil -p): Foundation's Date.description traps on NaN"})

# Two keys over 128 UTF-16 units that differ only in case: sorting them with Foundation's
# locale-aware compare freed a stack buffer (free(): invalid pointer) in -p, -convert json -r,
# -convert swift/objc and Plist.encoded(as: .json, options: .plutil).
lower = "x" + "a" * 127 + " " + "a" * 65
upper = "X" + "a" * 127 + " " + "a" * 65
with open(os.path.join(folder, "long_case_keys.bplist"), "wb") as f:
    f.write(plistlib.dumps({lower: 1, upper: 2}, fmt=plistlib.FMT_BINARY, sort_keys=False))
entries.append({"file": "binary/regressions/long_case_keys.bplist", "made_by": "plistlib %d.%d" % sys.version_info[:2],
                "crashed": "plistkit -p, -convert json -r/swift/objc (and plutil): Foundation's string comparison on long keys"})

with open(os.path.join(folder, "MANIFEST.json"), "w") as f:
    json.dump({"vectors": entries}, f, indent=1)
    f.write("\n")
