#!/usr/bin/env python3
"""Python plistlib's side of the comparison.

    plistlib_bench.py decode xml|binary FILE RUNS   plistlib.loads
    plistlib_bench.py encode xml|binary FILE RUNS   FILE (a binary plist) loaded once, then
                                                    plistlib.dumps timed

Prints `median_ms=… min_ms=… runs=… peak_kb=…`, as the C harnesses do.
"""
import gc
import plistlib
import resource
import statistics
import sys
import time


def main():
    operation, fmt, path, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    with open(path, "rb") as handle:
        data = handle.read()
    if operation == "decode":
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
