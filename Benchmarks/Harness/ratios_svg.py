#!/usr/bin/env python3
"""Draws PlistKit's speed ratio against each peer as grouped bars (SVG, standard library only).

    ratios_svg.py INFLUX_CSV EXTERNAL_TXT OUT_SVG [TITLE]

One group per workload/format/operation that PlistKit measured; in each group one bar per
peer (Foundation, libplist, plistlib, and rust-plist when the run has it): the peer's median
time over PlistKit's, so a bar above the 1× line means PlistKit is faster. rust-plist's bars in
the codable rows are its serde-derive model rows. The axis is logarithmic (ratios here run from about
0.3× to a few hundred ×). Inputs are those of report.py.
"""
import math
import sys
from datetime import datetime, timezone
from xml.sax.saxutils import escape

from report import FORMATS, OPERATIONS, WORKLOADS, load_external, load_swift, wall_ms

PEERS = [("Foundation", "#4C78A8"), ("libplist", "#F58518"), ("plistlib", "#54A24B")]
# Drawn (a bar slot and a legend entry) only when the run measured it.
OPTIONAL_PEERS = [("rust-plist", "#B279A2")]


def peers(external):
    """The peers to draw: the three always, and the optional ones this run measured."""
    present = {key[3] for key in external}
    return PEERS + [(peer, colour) for peer, colour in OPTIONAL_PEERS if peer in present]


def groups(swift, external):
    """[(label, {peer: ratio})] in the report's order, for every row PlistKit has."""
    result = []
    for workload in WORKLOADS:
        for fmt in FORMATS:
            for op in OPERATIONS:
                pk = wall_ms(swift, (workload, fmt, op, "PlistKit"))
                if not pk:
                    continue
                ratios = {}
                for peer, _ in peers(external):
                    other = wall_ms(swift, (workload, fmt, op, peer)) if peer == "Foundation" else external.get((workload, fmt, op, peer))
                    if isinstance(other, tuple):  # a timeout: its bound, drawn as a lower bound
                        other = other[1] * 1000
                    if other:
                        ratios[peer] = other / pk
                if ratios:
                    result.append((f"{workload} {fmt} {op}", ratios))
    return result


def svg(data, title, drawn=PEERS):
    values = [r for _, ratios in data for r in ratios.values()]
    low = math.floor(math.log10(min(values + [1])))
    high = math.ceil(math.log10(max(values + [1])))
    bar, gap = 9, 12
    group_width = bar * len(drawn) + gap
    left, top, plot_height, bottom = 60, 76, 320, 190
    width = left + group_width * len(data) + 20
    height = top + plot_height + bottom

    def y(ratio):
        return top + plot_height * (high - math.log10(ratio)) / (high - low)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="Helvetica, Arial, sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="20" font-size="14" font-weight="bold">{escape(title)}</text>',
           f'<text x="{left}" y="38" fill="#555">peer time / PlistKit time (log scale): above 1× PlistKit is faster</text>']
    for decade in range(low, high + 1):
        ratio = 10 ** decade
        label = f"{ratio:g}×"
        stroke = "#333" if decade == 0 else "#ddd"
        out.append(f'<line x1="{left}" x2="{width - 20}" y1="{y(ratio):.1f}" y2="{y(ratio):.1f}" stroke="{stroke}"/>')
        out.append(f'<text x="{left - 6}" y="{y(ratio) + 4:.1f}" text-anchor="end">{label}</text>')
    one = y(1)  # bars grow from the 1× line: up where PlistKit is faster, down where it is slower
    for index, (label, ratios) in enumerate(data):
        x0 = left + index * group_width + gap / 2
        for slot, (peer, colour) in enumerate(drawn):
            if peer not in ratios:
                continue
            end = y(ratios[peer])
            out.append(f'<rect x="{x0 + slot * bar:.1f}" y="{min(end, one):.1f}" width="{bar - 1}" height="{max(abs(one - end), 1):.1f}" '
                       f'fill="{colour}"><title>{escape(label)}: {peer} {ratios[peer]:.2f}×</title></rect>')
        cx = x0 + bar * len(drawn) / 2
        out.append(f'<text transform="translate({cx:.1f},{top + plot_height + 8:.1f}) rotate(-60)" text-anchor="end">{escape(label)}</text>')
    for slot, (peer, colour) in enumerate(drawn):
        lx = left + 110 * slot
        out.append(f'<rect x="{lx}" y="48" width="10" height="10" fill="{colour}"/>')
        out.append(f'<text x="{lx + 14}" y="57">{peer}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    swift = load_swift(sys.argv[1])
    external = load_external(sys.argv[2])
    title = sys.argv[4] if len(sys.argv) > 4 else f"PlistKit against its peers, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC"
    data = groups(swift, external)
    if not data:
        print("ratios_svg.py: no PlistKit rows to draw", file=sys.stderr)
        return 1
    with open(sys.argv[3], "w") as handle:
        handle.write(svg(data, title, peers(external)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
