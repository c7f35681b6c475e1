#!/usr/bin/env python3
"""Times the rows whose goal is a ratio to a peer or a floor with both sides in alternation.

    alternate.py --profile PLISTKIT_PROFILE --bin HARNESS_BIN --workloads DIR
                 [--rounds N] [--runs N] [--only W1,W2,…]

This machine's speed swings by up to 2× over minutes, which is longer than one row takes
but shorter than a whole compare.sh run, so a ratio between rows measured minutes apart is
unreliable. Here each round runs PlistKit (`plistkit-profile`, wall time) and the other side
(libplist's or the floor's harness), in turn and each first every other round, each process
timing RUNS calls and keeping the median;
a row's ratio is the median of its rounds' ratios. Each round's ratio compares two processes
run seconds apart, and the median drops the rounds in which the speed changed between them.

Prints one Markdown table: per row, both sides' medians over the rounds, the median ratio with
the rounds' range, the goal and whether this run meets it. Rows whose workload files are
missing, or whose peer was not built, are left out and named after the table.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

# (workload, format, operation, side, goal, better): side "libplist" compares against
# libplist's harness (their time ÷ PlistKit's, higher is better), "floor" against the floor
# (PlistKit's time ÷ the floor's, lower is better).
ROWS = [
    ("small-docs", "binary", "decode", "libplist", 1.5, "higher"),
    ("small-docs", "binary", "decode", "floor", None, "lower"),
    ("small-docs", "xml", "decode", "libplist", 1.2, "higher"),
    ("small-docs", "xml", "decode", "floor", 1.3, "lower"),
    ("small-docs", "binary", "encode", "libplist", 2.0, "higher"),
    ("small-docs", "xml", "encode", "libplist", 2.0, "higher"),
    ("config", "xml", "decode", "floor", 1.3, "lower"),
    ("records", "xml", "decode", "floor", 1.3, "lower"),
    ("blobs", "xml", "decode", "floor", 1.3, "lower"),
    ("unicode", "xml", "decode", "floor", 1.3, "lower"),
    ("numbers", "xml", "decode", "floor", 1.3, "lower"),
    ("unicode", "binary", "decode", "libplist", 2.0, "higher"),
    ("numbers", "binary", "decode", "libplist", 2.0, "higher"),
    ("blobs", "binary", "encode", "floor", 1.2, "lower"),
]

FLOOR_NAMES = {
    ("small-docs", "binary", "decode"): "the trees rebuilt (tree-floor)",
    ("binary", "encode"): "one copy of the output",
    ("xml", "decode"): "libxml2's bare SAX2 parse",
}


def floor_name(workload, fmt, operation):
    return FLOOR_NAMES.get((workload, fmt, operation)) or FLOOR_NAMES[(fmt, operation)]


def input_file(directory, workload, fmt):
    """The file the C harnesses read: the pack file for small-docs."""
    if workload == "small-docs":
        return os.path.join(directory, f"small-docs-{fmt}.pack")
    return os.path.join(directory, f"{workload}.{'bplist' if fmt == 'binary' else 'xml'}")


def ours_command(args, workload, fmt, operation):
    # One more call than the others time: the first, which touches everything for the first
    # time, is dropped (the C harnesses warm up the same way).
    return [args.profile, operation, fmt, workload, str(args.runs + 1)]


def other_command(args, workload, fmt, operation, side):
    each = "-each" if workload == "small-docs" else ""
    if side == "libplist":
        # libplist's encode harness reads the binary file and writes `fmt`.
        source = input_file(args.workloads, workload, "binary" if operation == "encode" else fmt)
        return [os.path.join(args.bin, "libplist_bench"), operation + each, fmt, source, str(args.runs)]
    if (workload, fmt, operation) == ("small-docs", "binary", "decode"):
        return [args.profile, "tree-floor", fmt, workload, str(args.runs)]
    mode = {("xml", "decode"): "xml" + each, ("binary", "encode"): "copy"}[(fmt, operation)]
    return [os.path.join(args.bin, "floor"), mode, input_file(args.workloads, workload, fmt), str(args.runs)]


def run_ms(command):
    """The median ms of one harness process: `median_ms=…`, or plistkit-profile's lines
    (`…: 0.1234 seconds, cpu …`; the first run dropped)."""
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    found = re.search(r"median_ms=([0-9.]+)", output)
    if found:
        return float(found.group(1))
    seconds = [float(value) for value in re.findall(r": ([0-9.e-]+) seconds", output)]
    if len(seconds) < 2:
        raise RuntimeError(f"no times in the output of {' '.join(command)}: {output!r}")
    return statistics.median(seconds[1:]) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--profile", required=True)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--workloads", required=True)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", help="comma-separated workloads (default: all)")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None

    results, skipped = [], []
    for workload, fmt, operation, side, goal, better in ROWS:
        name = f"{workload} {fmt} {operation}"
        if only is not None and workload not in only:
            continue
        other = other_command(args, workload, fmt, operation, side)
        needs = [input_file(args.workloads, workload, fmt), input_file(args.workloads, workload, "binary")]
        if not all(os.path.exists(path) for path in needs) or not os.access(other[0], os.X_OK):
            skipped.append(f"{name} against {side}")
            continue
        ours_times, other_times, ratios = [], [], []
        for round in range(args.rounds):
            # Every other round starts with the other side, so neither always runs first.
            if round % 2:
                theirs = run_ms(other)
                ours = run_ms(ours_command(args, workload, fmt, operation))
            else:
                ours = run_ms(ours_command(args, workload, fmt, operation))
                theirs = run_ms(other)
            ours_times.append(ours)
            other_times.append(theirs)
            ratios.append(theirs / ours if better == "higher" else ours / theirs)
        print(f"== {name} against {side}: ratios {' '.join(f'{r:.2f}' for r in ratios)}", file=sys.stderr)
        results.append((workload, fmt, operation, side, goal, better, ours_times, other_times, ratios))

    print(f"Timed in alternation ({args.rounds} rounds; each side's median of {args.runs} calls a round; "
          "ratio: the median of the rounds' ratios, their range in parentheses)")
    print()
    print("| workload | format | operation | PlistKit ms | other side | its ms | ratio (range) | goal | met |")
    print("|---|---|---|--:|---|--:|--:|--:|---|")
    for workload, fmt, operation, side, goal, better, ours_times, other_times, ratios in results:
        other_name = "libplist" if side == "libplist" else floor_name(workload, fmt, operation)
        label = "their time ÷ ours" if better == "higher" else "ours ÷ floor"
        ratio = statistics.median(ratios)
        if goal is None:
            goal_text, met = "—", "—"
        else:
            goal_text = f"{'≥' if better == 'higher' else '≤'} {goal:g}×"
            met = "yes" if (ratio >= goal if better == "higher" else ratio <= goal) else "**no**"
        print(f"| {workload} | {fmt} | {operation} | {statistics.median(ours_times):,.2f} | {other_name} "
              f"| {statistics.median(other_times):,.2f} | {ratio:.2f}× {label} ({min(ratios):.2f}–{max(ratios):.2f}) "
              f"| {goal_text} | {met} |")
    if skipped:
        print()
        print("Not timed (workload files or harness missing): " + "; ".join(skipped) + ".")


if __name__ == "__main__":
    main()
