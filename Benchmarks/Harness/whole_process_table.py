#!/usr/bin/env python3
"""whole-process.sh's table, from hyperfine's JSON exports.

    whole_process_table.py WORK_DIR COMMIT BINARY_MB XML_MB

WORK_DIR holds hyperfine's --export-json files for the conversions to-xml and to-binary,
one per tool (to-xml-plutil.json) or several tools in one (to-xml.json); commands are named
PlistKit, plutil and plistutil. Prints Markdown: median wall time and the ratio of each tool
to PlistKit, then the mean CPU time (user + system), which a busy machine disturbs less. A
run that ended with status 124 (cut off by `timeout`) makes its time a lower bound ("> …").
"""
import glob
import json
import os
import platform
import sys
from datetime import datetime, timezone

TOOLS = ["PlistKit", "plutil", "plistutil"]


def main():
    work, commit, binary_mb, xml_mb = sys.argv[1:5]
    conversions = [("to-xml", f"`-convert xml1` of the binary file ({binary_mb} MB)"),
                   ("to-binary", f"`-convert binary1` of the XML file ({xml_mb} MB)")]
    wall_rows, cpu_rows, runs = [], [], {}
    for name, label in conversions:
        results = {}
        for path in sorted(glob.glob(os.path.join(work, f"{name}.json")) + glob.glob(os.path.join(work, f"{name}-*.json"))):
            try:
                with open(path) as handle:
                    results.update({r["command"]: r for r in json.load(handle)["results"]})
            except ValueError:
                print(f"whole_process_table.py: skipping {path} (not finished?)", file=sys.stderr)
        for tool, result in results.items():
            runs.setdefault(tool, set()).add(len(result["times"]))
        cut = {tool for tool, r in results.items() if 124 in (r.get("exit_codes") or [])}
        wall = {tool: results[tool]["median"] * 1000 for tool in TOOLS if tool in results}
        cpu = {tool: (results[tool]["user"] + results[tool]["system"]) * 1000 for tool in TOOLS if tool in results}
        wall_rows.append(row(label, wall, cut))
        cpu_rows.append(row(label, cpu, cut))
    header = "| conversion | PlistKit ms | plutil ms | plutil/PlistKit | plistutil ms | plistutil/PlistKit |\n|---|--:|--:|--:|--:|--:|"
    print(f"Whole processes on `records-2x` (200,000 records), {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, "
          f"commit {commit}, {platform.machine()}, {os.cpu_count()} cores; hyperfine, runs per command: "
          + ", ".join(f"{tool} {'/'.join(map(str, sorted(runs[tool])))}" for tool in TOOLS if tool in runs) + ".")
    print()
    print("Wall time (median):")
    print()
    print(header)
    print("\n".join(wall_rows))
    print()
    print("CPU time (user + system, mean):")
    print()
    print(header)
    print("\n".join(cpu_rows))


def row(label, values, cut):
    pk = values.get("PlistKit")

    def ms(tool):
        return ("> " if tool in cut else "") + f"{values[tool]:,.0f}" if tool in values else "—"

    def ratio(tool):
        return ("> " if tool in cut else "") + f"{values[tool] / pk:.1f}×" if tool in values and pk else "—"

    return f"| {label} | {ms('PlistKit')} | {ms('plutil')} | {ratio('plutil')} | {ms('plistutil')} | {ratio('plistutil')} |"


if __name__ == "__main__":
    main()
