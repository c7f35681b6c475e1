#!/usr/bin/env python3
"""The canonical dump of a property-list value, as plistlib reads it.

The format is the one `Tests/PlistKitTests/Support/Canonical.swift` parses:

    {"dict": [["key", VALUE], ...]}   {"array": [VALUE, ...]}
    {"string": "text"}                {"integer": "-12"}   (decimal text)
    {"real": "3ff0000000000000"}      (IEEE 754 bits of the double, 16 hex digits)
    {"date": "41b0000000000000"}      (bits of the double seconds since 2001-01-01)
    {"bool": true}                    {"data": "base64"}   {"uid": "7"}

As a module: `dump(value)` gives the JSON-ready object, `dumps(value)` its compact text.
As a script: `canonical.py FILE...` reads each binary or XML plist with plistlib and prints
one line per file, the compact canonical dump (`-` reads standard input). A file plistlib
cannot read prints `{"error": "..."}` on its line instead.

Dates: plistlib turns a stored double into a `datetime`, which holds whole microseconds,
and back with `(date - 2001-01-01).total_seconds()`. That is exact (the very double that
was stored) when the stored double is the nearest double to a whole number of
microseconds, which is what plistlib itself writes; other doubles come back rounded.
"""

import base64
import datetime
import json
import plistlib
import struct
import sys

REFERENCE_DATE = datetime.datetime(2001, 1, 1)


def double_bits(value):
    """The 16 hex digits of the IEEE 754 bits of `value` as a double."""
    return "%016x" % struct.unpack(">Q", struct.pack(">d", value))[0]


def date_seconds(value):
    """Seconds since 2001-01-01T00:00:00Z, exactly as plistlib's binary writer computes them."""
    if value.tzinfo is not None:
        value = value.astimezone(datetime.timezone.utc).replace(tzinfo=None)
    return (value - REFERENCE_DATE).total_seconds()


def dump(value):
    """The canonical dump of a plistlib value, as JSON-ready Python objects."""
    if isinstance(value, dict):
        return {"dict": [[key, dump(item)] for key, item in value.items()]}
    if isinstance(value, (list, tuple)):
        return {"array": [dump(item) for item in value]}
    if isinstance(value, str):
        return {"string": value}
    if isinstance(value, bool):  # before int: bool is a subclass of int
        return {"bool": value}
    if isinstance(value, int):
        return {"integer": str(value)}
    if isinstance(value, float):
        return {"real": double_bits(value)}
    if isinstance(value, datetime.datetime):
        return {"date": double_bits(date_seconds(value))}
    if isinstance(value, (bytes, bytearray)):
        return {"data": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, plistlib.UID):
        return {"uid": str(value.data)}
    raise TypeError("no canonical form for %r" % type(value))


def to_json(obj):
    """Compact JSON text (UTF-8, no spaces).

    U+FEFF is written as the escape `\\ufeff`: Foundation's JSONSerialization on Linux drops
    a raw U+FEFF at the start of a string, and the escape reads back everywhere.
    """
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).replace("\ufeff", "\\ufeff")


def dumps(value):
    """The compact canonical dump text."""
    return to_json(dump(value))


def main(paths):
    out = sys.stdout
    for path in paths:
        try:
            if path == "-":
                data = sys.stdin.buffer.read()
            else:
                with open(path, "rb") as file:
                    data = file.read()
            line = dumps(plistlib.loads(data))
        except Exception as error:  # report and go on with the next file
            line = json.dumps({"error": "%s: %s" % (type(error).__name__, error)})
        out.write(line)
        out.write("\n")
    out.flush()


if __name__ == "__main__":
    sys.stdout.reconfigure(encoding="utf-8")
    main(sys.argv[1:])
