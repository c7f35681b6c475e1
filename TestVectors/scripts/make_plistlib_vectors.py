#!/usr/bin/env python3
"""Writes the plistlib binary vectors: TestVectors/binary/plistlib/*.bplist.

Usage: make_plistlib_vectors.py TESTVECTORS_DIR > entries.jsonl

Each vector is written with `plistlib.dumps(value, fmt=FMT_BINARY, sort_keys=False)`, so
dictionaries keep the key order given here, then read back with `plistlib.loads`; the
canonical dump of that reading is the vector's expected value. One JSON line per vector
goes to standard output: {"file", "made_by", "expected"}.

Everything is deterministic: no clocks, no `random` (its byte streams may change between
Python versions); bulk bytes come from SHA-256 in counter mode.

What plistlib can and cannot write (Python 3.11):
- integers -2**63 ... 2**64-1 (values >= 2**63 as 16-byte ints), UIDs up to 2**64-1 in
  1, 2, 4 or 8 bytes, reals always as 8-byte doubles (never 4-byte reals), dates only as
  `datetime` (whole microseconds, years 1 ... 9999), no sets.
- It uniques scalars by Python equality, so 0.0 and -0.0 in one file collapse into one
  object (whichever comes first); the vectors keep -0.0 in a file of its own. Containers
  are shared only when they are the same Python object.
"""

import datetime
import hashlib
import os
import plistlib
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import canonical  # noqa: E402

UID = plistlib.UID
MADE_BY = "plistlib %d.%d" % sys.version_info[:2]


def pseudo_random_bytes(count, label):
    """`count` deterministic bytes: SHA-256 of label + counter, concatenated."""
    chunks = []
    for index in range((count + 31) // 32):
        chunks.append(hashlib.sha256(b"%s:%d" % (label.encode(), index)).digest())
    return b"".join(chunks)[:count]


def dt(*parts):
    return datetime.datetime(*parts)


def vectors():
    """(name, value) pairs, in the order they appear in the manifest."""
    # Empty values, each at the top and inside a dictionary.
    yield "empty_dict", {}
    yield "empty_array", []
    yield "empty_string", ""
    yield "empty_data", b""
    yield "empties", {"dict": {}, "array": [], "string": "", "data": b""}

    # Integers: every width boundary, signed and unsigned.
    yield "integers", [
        0, 1, -1, 14, 15, 16, 127, 128, 255, 256, 65535, 65536,
        2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**53, 2**53 + 1, 2**63 - 1,
        -2, -128, -129, -255, -256, -32768, -65536, -2**31, -2**32, -2**53, -2**63 + 1, -2**63,
    ]
    yield "integers_16byte", [2**63, 2**63 + 1, 2**64 - 2, 2**64 - 1, 12345678901234567890]
    yield "int64_min", -2**63
    yield "int64_max", 2**63 - 1
    yield "uint64_max", 2**64 - 1

    # Reals (plistlib writes all of them as 8-byte doubles).
    yield "reals", [
        0.0, 1.0, -1.0, 0.5, 1.5, -2.25, 0.1, 3.141592653589793, 1e100, -1e-100,
        float("inf"), float("-inf"), float("nan"),
        5e-324, -5e-324, 2.2250738585072014e-308, 2.225073858507201e-308,
        1.7976931348623157e308, -1.7976931348623157e308, 2.0**53, 1e-300, 1e300,
    ]
    yield "real_negative_zero", -0.0
    yield "reals_negative_zero", [-0.0, 1.0, [-0.0]]
    yield "real_nan", float("nan")

    # Booleans next to the numbers they must not be confused with.
    yield "bools", [True, False, 1, 0, 1.0, 0.0, {"t": True, "f": False}]

    # Dates: before 1970, before 2001, the reference date, fractions, the far future.
    yield "dates", [
        dt(2001, 1, 1),
        dt(2001, 1, 1, 0, 0, 0, 1),
        dt(2000, 12, 31, 23, 59, 59, 999999),
        dt(2000, 12, 31, 23, 59, 59, 500000),
        dt(1970, 1, 1),
        dt(1969, 12, 31, 23, 59, 59, 999999),
        dt(1969, 7, 20, 20, 17, 40),
        dt(1900, 1, 1),
        dt(1, 1, 1),
        dt(2024, 2, 29, 12, 34, 56, 789012),
        dt(2038, 1, 19, 3, 14, 8),
        dt(3000, 6, 15, 8, 30),
        dt(9999, 12, 31, 23, 59, 59),
    ]
    yield "date_before_1970", dt(1950, 5, 17, 10, 11, 12, 131415)

    # Data: small, at the 15-byte count boundary, and 1 MiB of deterministic bytes.
    yield "data", [b"\x00", b"\xff" * 14, b"\x01" * 15, bytes(range(256)), pseudo_random_bytes(300, "data")]
    yield "data_1mb", pseudo_random_bytes(1 << 20, "data_1mb")

    # Strings: ASCII, Latin-1, BMP, non-BMP (UTF-16 surrogate pairs), mixed, count boundaries.
    yield "strings", [
        "a", "hello, world", "\x00", "\x7f",
        "x" * 14, "x" * 15, "x" * 16, "x" * 255, "x" * 256,
        "é", "naïve café", "Ωμέγα", "日本語のテキスト", "\u2028\ufeff\uffff",
        "\U0001F600", "😀", "a😀b", "👨‍👩‍👧‍👦", "\U0010FFFF", "𝄞 clef",
        "mixed ASCII then ü and 😀 and back to ASCII",
        "é" * 14, "é" * 15, "😀" * 7, "😀" * 8, "é" * 300,
        "\ufeffstarts with a byte order mark", "\ufeff",
    ]
    yield "string_emoji", "\U0001F600"
    # Canonically equivalent but different code points: a file keeps them apart, and so must
    # a reader and a writer (Swift's String == would call them equal).
    yield "strings_canonically_equivalent", ["\u00e9", "e\u0301", "\u00c5", "\u212b", "A\u030a", "\u00e9"]
    yield "string_utf16_long", "".join(chr(0x4E00 + i % 20000) for i in range(70000))

    # Containers across the 15-element count boundary and the 255/256 boundaries.
    yield "array_14", list(range(100, 114))
    yield "array_15", list(range(100, 115))
    yield "array_16", list(range(100, 116))
    yield "array_255", ["s%d" % i for i in range(255)]
    yield "array_256", ["s%d" % i for i in range(256)]
    yield "array_300", [i * 3 for i in range(300)]
    yield "dict_15", {"k%02d" % i: i for i in range(15)}
    yield "dict_16", {"k%02d" % i: i for i in range(16)}
    yield "dict_300", {"key%03d" % ((i * 7) % 300): "value%d" % i for i in range(300)}

    # Object references of 1, 2 and 4 bytes: 255, 1001 and 66,001 distinct objects.
    yield "refs_1byte", list(range(1000, 1254))
    yield "refs_2byte", list(range(-500, 500))
    yield "refs_4byte", list(range(66000))

    # UIDs of every width plistlib writes: 1, 2, 4 and 8 bytes.
    yield "uids", [
        UID(0), UID(1), UID(255), UID(256), UID(65535), UID(65536),
        UID(2**32 - 1), UID(2**32), UID(2**63), UID(2**64 - 1),
    ]
    yield "uid_top", UID(7)
    yield "uid_archive_like", {
        "$archiver": "NSKeyedArchiver", "$version": 100000,
        "$top": {"root": UID(1)},
        "$objects": ["$null", {"$class": UID(2), "NS.string": "hi"},
                     {"$classname": "NSString", "$classes": ["NSString", "NSObject"]}],
    }

    # Nesting: mixed containers and a deep chain.
    deep = "bottom"
    for level in range(100):
        deep = [deep] if level % 2 else {"level%d" % level: deep}
    yield "nested_deep", deep
    yield "nested_mixed", {
        "a": [1, [2, [3, {"b": [4.5, {"c": "d"}]}]]],
        "e": {"f": {"g": {"h": [], "i": {}}}},
        "j": [[], [[]], [[[]]]],
    }

    # Shared objects: repeated strings (uniqued by value) and one list object used thrice.
    shared = ["shared", 42, {"inner": "shared"}]
    yield "shared", {
        "first": shared, "second": shared, "third": [shared, shared],
        "names": ["repeat"] * 20, "repeat": "repeat",
    }
    yield "shared_many", [{"name": "same", "n": 1, "ok": True}] * 1000

    # Key order: a dictionary written in a deliberately unsorted order.
    yield "key_order", {
        "zeta": 1, "alpha": 2, "Mike": 3, "beta": 4, "_under": 5, "10": 6, "9": 7,
        "Ä": 8, "a": 9, "😀": 10, "": 11, "B": {"z": 1, "y": 2, "x": 3},
    }

    # A bit of everything.
    yield "kitchen_sink", {
        "name": "PlistKit", "version": 3, "ratio": 0.75, "enabled": True,
        "created": dt(2023, 4, 5, 6, 7, 8, 90000), "blob": b"\xde\xad\xbe\xef",
        "tags": ["binary", "xml", "json"], "owner": {"uid": UID(12), "name": "Zoë"},
        "big": 2**64 - 1, "small": -2**63,
    }


def main(vectors_dir):
    out_dir = os.path.join(vectors_dir, "binary", "plistlib")
    os.makedirs(out_dir, exist_ok=True)
    for old in os.listdir(out_dir):
        if old.endswith(".bplist"):
            os.remove(os.path.join(out_dir, old))
    for name, value in vectors():
        data = plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False)
        path = os.path.join(out_dir, name + ".bplist")
        with open(path, "wb") as file:
            file.write(data)
        with open(path, "rb") as file:
            expected = canonical.dump(plistlib.loads(file.read()))
        entry = {"file": "binary/plistlib/%s.bplist" % name, "made_by": MADE_BY, "expected": expected}
        sys.stdout.write(canonical.to_json(entry) + "\n")


if __name__ == "__main__":
    sys.stdout.reconfigure(encoding="utf-8")
    main(sys.argv[1])
