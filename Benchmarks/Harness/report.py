#!/usr/bin/env python3
"""Prints compare.sh's table from one run's results.

    report.py [--workloads "W1 W2 …"] [--external 0|1] [--rust 0|1] [--paired PAIRED_TXT]
              [--paired-growth GROWTH_TXT] INFLUX_CSV EXTERNAL_TXT

INFLUX_CSV: ordo-one/benchmark's `--format influx` export of the PlistKitBenchmarks run
(benchmark names `workload/format/operation/implementation`; raw values: nanoseconds, bytes,
counts). EXTERNAL_TXT: lines `implementation workload format operation median_ms=… …` written
by compare.sh from the C, Python and Rust harnesses.

Output (Markdown): the main table (median ms per implementation and the ratios), small-docs
per call, memory and allocations, the growth check (n → 2n records and app-state) and the
goals of issue #4 read against this run; with --paired, the model-object rows of issue #13
as `plistkit-paired` timed them (PlistKit and Foundation in alternation) and their goals, and
with --paired-growth, their growth from n to 2n timed the same way.

--workloads: the workloads this run measured (default: all). Every cell the suite and the
harnesses should have produced for them but did not is shown as MISSING (a failed or dropped
benchmark), not left blank, and listed after the table. --external 1: libplist was built, so
its cells are expected too (plistlib's are whenever EXTERNAL_TXT has lines). --rust 1: the Rust
harness (Rust's plist crate) was built, so its cells are expected too: the plain rows of the
external workloads, and the model rows (serde derive, in the codable rows) of RUST_MODEL_WORKLOADS.
The rust-plist columns are printed only when it was built or EXTERNAL_TXT has its lines, so a
run without cargo prints the table it printed before.
"""
import argparse
import csv
from collections import defaultdict

WORKLOADS = ["records", "config", "blobs", "unicode", "numbers", "small-docs", "archive", "app-state"]
# Workloads that libplist and plistlib also measure (decode and encode, binary and XML).
EXTERNAL_WORKLOADS = ["records", "config", "blobs", "unicode", "numbers", "small-docs"]
# Workloads whose model rows (codable-decode, codable-encode) Rust's plist crate also measures,
# through serde derive into the same model (Harness/rust-plist/src/models.rs).
RUST_MODEL_WORKLOADS = ["records", "app-state"]
RUST = "rust-plist"
# The growth check: each workload beside its twice-as-large twin.
GROWTH = [("records", "records-2x"), ("app-state", "app-state-2x")]
FORMATS = ["binary", "xml"]
OPERATIONS = ["decode", "encode", "codable-decode", "codable-encode", "model-decode", "model-encode", "unarchive", "archive"]
# The model rows (PlistDecodable/PlistEncodable) have no twins of their own: Foundation's and
# the floor's are those of the Codable rows of the same models.
TWIN = {"model-decode": "codable-decode", "model-encode": "codable-encode"}


def load_swift(path):
    """{(workload, format, op, impl): {metric: median}} from the influx export."""
    results = defaultdict(dict)
    with open(path, newline="") as handle:
        rows = [line for line in handle if not line.startswith("#")]
    for row in csv.DictReader(rows):
        if row["percentile"] not in ("50.0", "50"):
            continue
        parts = row["test"].strip('"').split("/")
        if len(parts) != 4:
            continue
        results[tuple(parts)][row["metric"]] = float(row["value"])
    return results


def load_external(path):
    results = {}
    try:
        handle = open(path)
    except FileNotFoundError:
        return results
    with handle:
        for line in handle:
            fields = line.split()
            if len(fields) < 5:
                continue
            impl, workload, fmt, op = fields[:4]
            values = dict(field.split("=", 1) for field in fields[4:] if "=" in field)
            if "median_ms" in values:
                results[(workload, fmt, op, impl)] = float(values["median_ms"])
            elif "timeout_s" in values:
                results[(workload, fmt, op, impl)] = ("timeout", float(values["timeout_s"]))
    return results


def rewritten_cells(path):
    """The cells whose harness read the crate's own rewrite of the binary file (compare.sh
    appends `input=rewritten`: Rust's plist 1.3.1 cannot read the workload's file)."""
    try:
        with open(path) as handle:
            return {tuple(line.split()[:4]) for line in handle if "input=rewritten" in line.split()[4:]}
    except FileNotFoundError:
        return set()


def expected_swift(workload):
    """The (format, operation, implementation) rows the Swift suite registers for a workload."""
    rows = set()
    both = ("PlistKit", "Foundation")
    if workload in ("records", "config", "blobs", "unicode", "numbers", "small-docs"):
        rows |= {(f, op, impl) for f in FORMATS for op in ("decode", "encode") for impl in both}
    if workload == "records":
        rows |= {(f, op, impl) for f in FORMATS for op in ("codable-decode", "codable-encode") for impl in both}
        rows |= {(f, op, "PlistKit") for f in FORMATS for op in ("model-decode", "model-encode")}
    if workload == "records-2x":
        rows |= {(f, op, "PlistKit") for f in FORMATS for op in ("decode", "encode", "codable-decode", "codable-encode", "model-decode", "model-encode")}
    if workload == "archive":
        rows |= {("binary", op, impl) for op in ("unarchive", "archive") for impl in both}
    if workload in ("app-state", "app-state-2x"):
        rows |= {(f, op, "PlistKit") for f in FORMATS for op in ("codable-decode", "codable-encode", "model-decode", "model-encode", "unarchive", "archive")}
    if workload == "app-state":
        rows |= {(f, op, "Foundation") for f in FORMATS for op in ("codable-decode", "codable-encode")}
        rows |= {("binary", op, "Foundation") for op in ("unarchive", "archive")}
    return rows


def expected_cells(workloads, external, libplist, rust=False):
    """Every (workload, format, operation, implementation) this run should have measured."""
    cells = set()
    for workload in workloads:
        cells |= {(workload, *row) for row in expected_swift(workload)}
        if workload in EXTERNAL_WORKLOADS:
            impls = (["plistlib"] if external else []) + (["libplist"] if libplist else []) + ([RUST] if rust else [])
            cells |= {(workload, f, op, impl) for f in FORMATS for op in ("decode", "encode") for impl in impls}
        if rust and workload in RUST_MODEL_WORKLOADS:
            cells |= {(workload, f, op, RUST) for f in FORMATS for op in ("codable-decode", "codable-encode")}
    return cells


def wall_ms(swift, key):
    metrics = swift.get(key)
    if not metrics:
        return None
    value = metrics.get("Time(wallclock)")
    return None if value is None else value / 1e6


def ms(value):
    if value is None:
        return "—"
    if isinstance(value, tuple):
        return f"> {value[1] * 1000:,.0f}"
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def ratio(numerator, denominator):
    if numerator is None or denominator is None or denominator == 0:
        return "—"
    if isinstance(denominator, tuple):
        return "—"
    prefix = ""
    if isinstance(numerator, tuple):
        numerator, prefix = numerator[1] * 1000, "> "
    return f"{prefix}{numerator / denominator:.1f}×" if numerator / denominator >= 10 else f"{prefix}{numerator / denominator:.2f}×"


def mb(value):
    return "—" if value is None else f"{value / 1e6:,.1f}"


def count(value):
    if value is None:
        return "—"
    if value >= 1e6:
        return f"{value / 1e6:.2f} M"
    if value >= 1e3:
        return f"{value / 1e3:.1f} k"
    return f"{value:.0f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workloads", default=" ".join(WORKLOADS + ["records-2x", "app-state-2x"]))
    parser.add_argument("--external", default="1", help="1 when libplist was built")
    parser.add_argument("--rust", default="0", help="1 when the rust-plist harness was built")
    parser.add_argument("--paired", help="plistkit-paired's output for this run")
    parser.add_argument("--paired-growth", help="plistkit-paired growth's output for this run")
    parser.add_argument("influx")
    parser.add_argument("external_txt", nargs="?")
    args = parser.parse_args()
    try:
        swift = load_swift(args.influx)
    except FileNotFoundError:
        swift = {}
    external = load_external(args.external_txt) if args.external_txt else {}
    rewritten = rewritten_cells(args.external_txt) if args.external_txt else set()
    run_workloads = args.workloads.split()
    expected = expected_cells(run_workloads, bool(external), bool(external) and args.external == "1",
                              bool(external) and args.rust == "1")
    # The rust-plist columns: only in a run that built the harness or has its results.
    with_rust = args.rust == "1" or any(key[3] == RUST for key in external)
    missing = sorted(cell for cell in expected
                     if (cell[3] in ("PlistKit", "Foundation") and wall_ms(swift, cell) is None)
                     or (cell[3] not in ("PlistKit", "Foundation") and cell not in external))

    def cell(key, value):
        return "MISSING" if value is None and key in expected else ms(value)

    out = []

    rust_header, rust_rule = (" rust-plist ms | rust-plist/PlistKit |", "--:|--:|") if with_rust else ("", "")
    out.append("| workload | format | operation | PlistKit ms | Foundation ms | Foundation/PlistKit | libplist ms | libplist/PlistKit | "
               f"plistlib ms | plistlib/PlistKit |{rust_header} floor ms | PlistKit/floor |")
    out.append(f"|---|---|---|--:|--:|--:|--:|--:|--:|--:|{rust_rule}--:|--:|")
    for workload in WORKLOADS:
        for fmt in FORMATS:
            for op in OPERATIONS:
                pk = wall_ms(swift, (workload, fmt, op, "PlistKit"))
                fd = wall_ms(swift, (workload, fmt, TWIN.get(op, op), "Foundation"))
                lp = external.get((workload, fmt, op, "libplist"))
                py = external.get((workload, fmt, op, "plistlib"))
                rs = external.get((workload, fmt, op, RUST))
                fl = external.get((workload, fmt, TWIN.get(op, op), "floor"))
                if fl is None:
                    fl = wall_ms(swift, (workload, fmt, TWIN.get(op, op), "floor"))
                key = (workload, fmt, op)
                if all(value is None for value in (pk, fd, lp, py, rs, fl)) and not any(
                        key + (impl,) in expected for impl in ("PlistKit", "Foundation", "libplist", "plistlib", RUST)):
                    continue
                floor_ratio = ratio(pk, fl) if fl is not None else "—"
                mark = " †" if (RUST, *key) in rewritten else ""
                rust_cells = f" {cell(key + (RUST,), rs)}{mark} | {ratio(rs, pk)} |" if with_rust else ""
                out.append(
                    f"| {workload} | {fmt} | {op} | {cell(key + ('PlistKit',), pk)} | {cell(key + ('Foundation',), fd)} | {ratio(fd, pk)} | "
                    f"{cell(key + ('libplist',), lp)} | {ratio(lp, pk)} | "
                    f"{cell(key + ('plistlib',), py)} | {ratio(py, pk)} |{rust_cells} {ms(fl)} | {floor_ratio} |"
                )
    out.append("")
    if missing:
        out.append(f"**MISSING: {len(missing)} expected result(s) absent** (the benchmark failed or was not run): "
                   + ", ".join("/".join(m) for m in missing))
        out.append("")
    out.append("floor: decode xml = libxml2 SAX2 parse with empty callbacks (no values built); decode binary = one pass summing the file's bytes (small-docs: the decoded `Plist` trees rebuilt and freed, `plistkit-profile tree-floor`); encode binary = the file's bytes copied once into a new buffer (malloc, memcpy, free); "
               "codable-encode = the same value through `NullEncoder`, which runs every `encode(to:)` and makes every container but keeps nothing (either format); "
               "codable-decode = the same type through `ReplayDecoder`, which answers every call from a recording of PlistDecoder's answers (no bytes read).")
    out.append("small-docs: ms for all 10,000 documents, one call per document.")
    if with_rust:
        out.append("rust-plist: Rust's `plist` crate; decode and encode through `plist::Value`, "
                   "codable-decode and codable-encode through serde derive into the same model (`Vec<Student>`, `AppState`).")
        if rewritten:
            out.append("†: plist 1.3.1 cannot read the workload's binary file (it takes offsets and object references 1, 2, 4 or 8 bytes wide, "
                       "and the file's are 3); it decoded the same plist as the crate writes it (4-byte ones, the same objects).")
    out.append("")

    if any(key[0] == "small-docs" for key in list(swift) + list(external)):
        out.append("### small-docs: one call per document (µs per document)")
        out.append("")
        peers = ["libplist", "plistlib"] + ([RUST] if with_rust else [])
        out.append("| format | operation | PlistKit | Foundation | " + " | ".join(peers) + " |")
        out.append("|---|---|--:|--:|" + "--:|" * len(peers))
        for fmt in FORMATS:
            for op in ("decode", "encode"):
                values = [wall_ms(swift, ("small-docs", fmt, op, impl)) for impl in ("PlistKit", "Foundation")]
                values += [external.get(("small-docs", fmt, op, impl)) for impl in peers]
                per_doc = ["—" if v is None or isinstance(v, tuple) else f"{v * 1000 / 10_000:.1f}" for v in values]
                out.append(f"| {fmt} | {op} | " + " | ".join(per_doc) + " |")
        out.append("")

    out.append("### Memory and allocations (median per iteration)")
    out.append("")
    out.append("| benchmark | PlistKit mallocs | Foundation mallocs | PlistKit peak RSS MB | Foundation peak RSS MB | PlistKit peak Δ MB | Foundation peak Δ MB |")
    out.append("|---|--:|--:|--:|--:|--:|--:|")
    for workload in WORKLOADS:
        for fmt in FORMATS:
            for op in OPERATIONS:
                pk = swift.get((workload, fmt, op, "PlistKit"), {})
                fd = swift.get((workload, fmt, TWIN.get(op, op), "Foundation"), {})
                if not pk and not fd:
                    continue
                out.append(
                    f"| {workload}/{fmt}/{op} | {count(pk.get('Malloc(total)'))} | {count(fd.get('Malloc(total)'))} | "
                    f"{mb(pk.get('Memory(residentpeak)'))} | {mb(fd.get('Memory(residentpeak)'))} | "
                    f"{mb(pk.get('MemoryΔ(residentpeak)'))} | {mb(fd.get('MemoryΔ(residentpeak)'))} |"
                )
    out.append("")
    out.append("peak RSS: the benchmark process's resident high-water mark (runtime, input file and value included); peak Δ: its growth during one iteration.")
    out.append("")

    out.append("### Growth: PlistKit at n and 2n (records: 100,000 and 200,000; app-state: 3,600 and 7,200 tasks)")
    out.append("")
    out.append("| workload | operation | n ms | 2n ms | 2n/n |")
    out.append("|---|---|--:|--:|--:|")
    growth = {}
    for workload, doubled in GROWTH:
        for fmt in FORMATS:
            for op in OPERATIONS:
                small = wall_ms(swift, (workload, fmt, op, "PlistKit"))
                large = wall_ms(swift, (doubled, fmt, op, "PlistKit"))
                if small is None or large is None:
                    continue
                growth[(f"{workload} {fmt}", op)] = large / small
                out.append(f"| {workload} | {fmt} {op} | {ms(small)} | {ms(large)} | {large / small:.2f} |")
    out.append("")
    out.append("Linear growth reads about 2.0; well above (say > 2.4) points at superlinear work.")
    out.append("")

    out.append("### Goals (issue #4; `records`, this run)")
    out.append("")

    def goal(label, value, target, higher_is_better=True, unit="×"):
        if value is None:
            out.append(f"- {label}: not measured (PlistKit or the baseline is missing in this build)")
            return
        met = value >= target if higher_is_better else value <= target
        sign = "≥" if higher_is_better else "≤"
        out.append(f"- {label}: {value:.2f}{unit} (goal {sign} {target}{unit}) — {'met' if met else 'MISSED'}")

    def speedup(other_impl, fmt, op):
        pk = wall_ms(swift, ("records", fmt, op, "PlistKit"))
        if other_impl == "Foundation":
            other = wall_ms(swift, ("records", fmt, op, "Foundation"))
        else:
            other = external.get(("records", fmt, op, other_impl))
            if isinstance(other, tuple):
                other = other[1] * 1000
        return None if pk is None or other is None else other / pk

    goal("binary decode vs Foundation", speedup("Foundation", "binary", "decode"), 15)
    goal("binary decode vs libplist", speedup("libplist", "binary", "decode"), 2)
    goal("binary encode vs Foundation", speedup("Foundation", "binary", "encode"), 40)
    floor = external.get(("records", "xml", "decode", "floor"))
    pk_xml = wall_ms(swift, ("records", "xml", "decode", "PlistKit"))
    goal("XML decode time / libxml2 SAX2 floor", None if floor is None or pk_xml is None else pk_xml / floor, 1.5, higher_is_better=False)
    # Issue #36: XML decode within 1.3x of libxml2's bare SAX2 parse on every workload measured.
    for workload in ("config", "records", "blobs", "unicode", "numbers", "small-docs"):
        floor_ms = external.get((workload, "xml", "decode", "floor"))
        pk_ms = wall_ms(swift, (workload, "xml", "decode", "PlistKit"))
        if floor_ms is not None and pk_ms is not None:
            goal(f"{workload} XML decode time / libxml2 SAX2 floor (issue #36)", pk_ms / floor_ms, 1.3, higher_is_better=False)
    goal("XML decode vs Foundation", speedup("Foundation", "xml", "decode"), 8)
    goal("XML encode vs Foundation", speedup("Foundation", "xml", "encode"), 25)
    goal("XML encode vs libplist", speedup("libplist", "xml", "encode"), 1.3)
    peak = swift.get(("records", "binary", "decode", "PlistKit"), {}).get("Memory(residentpeak)")
    goal("peak RSS decoding binary records", None if peak is None else peak / 1e6, 100, higher_is_better=False, unit=" MB")
    if growth:
        worst = max(growth.items(), key=lambda item: item[1])
        goal(f"growth n → 2n, worst ({worst[0][0]} {worst[0][1]})", worst[1], 2.4, higher_is_better=False)
    else:
        goal("growth n → 2n", None, 2.4, higher_is_better=False)

    if args.paired:
        out.extend(paired_section(args.paired))
    if args.paired_growth:
        out.extend(growth_section(args.paired_growth))

    print("\n".join(out))


# Issue #13's goals: Foundation's time over PlistKit's, per (format, operation).
MODEL_GOALS = {("binary", "codable-decode"): 10, ("xml", "codable-decode"): 5,
               ("binary", "codable-encode"): 10, ("xml", "codable-encode"): 5,
               ("binary", "archive"): 25, ("binary", "unarchive"): 15}


def paired_lines(path):
    """(workload, format, operation, {field: text}) for each line plistkit-paired wrote."""
    try:
        lines = open(path).read().splitlines()
    except FileNotFoundError:
        return []
    rows = []
    for line in lines:
        fields = line.split()
        if len(fields) >= 4:
            rows.append((*fields[:3], dict(field.split("=", 1) for field in fields[3:] if "=" in field)))
    return rows


def paired_section(path):
    """The model-object rows timed in alternation, read against issue #13's goals."""
    def row(fmt, op, pair_ratio):
        target = MODEL_GOALS.get((fmt, op))
        return "—" if target is None else f"≥ {target}×: {'met' if pair_ratio >= target else 'MISSED'}"
    return timed_section(
        path, "Model objects, timed in alternation (issue #13; `plistkit-paired`)",
        ["PlistKit ms", "Foundation ms", "Foundation/PlistKit", "median of the pairs' ratios (range)", "goal"], "×", row,
        "Each pair is one run of each side back to back (the side that goes first alternating), after one unmeasured run "
        "of each. The goal is read on the median of the pairs' ratios: both runs of a pair see the same state of the machine, "
        "whose speed drifts between the suite's separate processes.")


def growth_section(path):
    """PlistKit's model-object rows at n and 2n, timed in alternation (issue #13: ≤ 2.2)."""
    return timed_section(
        path, "Model objects, growth timed in alternation (`plistkit-paired growth`)",
        ["n ms", "2n ms", "2n/n", "median of the pairs' 2n/n (range)", "goal ≤ 2.2"], "",
        lambda fmt, op, pair_ratio: "met" if pair_ratio <= 2.2 else "MISSED",
        "Each pair is one run at n and one at 2n back to back (the one that goes first alternating).")


def timed_section(path, title, columns, unit, verdict, footnote):
    """One table of plistkit-paired's lines: the two medians, their ratio, the median of the
    pairs' ratios with their range, and `verdict(format, operation, pair_ratio)`. The median
    is printed with three decimals, so that a verdict near the goal can be read off the
    figure beside it (a growth of 2.202 is over 2.2)."""
    out = ["", f"### {title}", ""]
    lines = paired_lines(path)
    if not lines:
        return out + ["not measured in this run", ""]
    out.append("| workload | format | operation | pairs | " + " | ".join(columns) + " |")
    out.append("|---|---|---|--:|" + "--:|" * (len(columns) - 1) + "---|")
    for workload, fmt, op, values in lines:
        pair_ratio = float(values["pair_ratio"])
        out.append(f"| {workload} | {fmt} | {op} | {values['pairs']} | {ms(float(values['first_ms']))} | "
                   f"{ms(float(values['second_ms']))} | {float(values['ratio']):.2f}{unit} | "
                   f"{pair_ratio:.3f}{unit} ({float(values['pair_ratio_min']):.2f}–{float(values['pair_ratio_max']):.2f}) | "
                   f"{verdict(fmt, op, pair_ratio)} |")
    out.append("")
    out.append(footnote)
    out.append("")
    return out

if __name__ == "__main__":
    main()
