#!/usr/bin/env python3
"""Python plistlib's side of the comparison.

    plistlib_bench.py decode xml|binary FILE RUNS   plistlib.loads
    plistlib_bench.py encode xml|binary FILE RUNS   FILE (a binary plist) loaded once, then
                                                    plistlib.dumps timed
    plistlib_bench.py decode-each|encode-each xml|binary PACK RUNS
                                                    the same, one call per document of a pack
                                                    file (small-docs: a 4-byte big-endian length,
                                                    then the document; encode-each reads the
                                                    binary pack)

Prints `median_ms=… min_ms=… runs=… peak_kb=…`, as the C harnesses do.
"""
import gc
import plistlib
import resource
import statistics
import struct
import sys
import time


def unpack(data):
    """The documents of a pack file: each a 4-byte big-endian length, then its bytes."""
    documents, offset = [], 0
    while offset < len(data):
        (length,) = struct.unpack_from(">I", data, offset)
        documents.append(data[offset + 4:offset + 4 + length])
        offset += 4 + length
    return documents


def main():
    operation, fmt, path, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    with open(path, "rb") as handle:
        data = handle.read()
    target = plistlib.FMT_XML if fmt == "xml" else plistlib.FMT_BINARY
    if operation == "decode-each":
        documents = unpack(data)

        def body():
            for document in documents:
                plistlib.loads(document)
    elif operation == "encode-each":
        values = [plistlib.loads(document) for document in unpack(data)]

        def body():
            for value in values:
                plistlib.dumps(value, fmt=target, sort_keys=False)
    elif operation == "decode":
        def body():
            plistlib.loads(data)
    else:
        value = plistlib.loads(data)
        target = plistlib.FMT_XML if fmt == "xml" else plistlib.FMT_BINARY
        def body():
            plistlib.dumps(value, fmt=target, sort_keys=False)
    gc.disable()
    if runs > 1:
        body()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        times.append((time.perf_counter() - start) * 1e3)
        gc.collect()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"median_ms={statistics.median(times):.3f} min_ms={min(times):.3f} runs={runs} peak_kb={peak}")


if __name__ == "__main__":
    main()
