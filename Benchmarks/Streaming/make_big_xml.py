#!/usr/bin/env python3
"""Writes a large XML plist in plutil's layout without holding it in memory: an array of
student records like the `records` workload (name, number, age, score, memo, teacher,
enrolled, active), deterministic for a given count. `enrolled` is the date as ISO 8601 text
in a string, so that the file converts to JSON too.

usage: make_big_xml.py PATH RECORDS
"""
import datetime, random, sys

TEACHERS = ["Ms. Alvarez", "Mr. Brown", "Dr. Chen", "Mrs. Davis", "Mr. Evans"]
WORDS = ["quiet", "river", "lamp", "orbit", "maple", "signal", "harbor", "velvet", "cinder", "meadow"]

def main(path, records):
    rng = random.Random(0x5EED)
    with open(path, "w", encoding="utf-8", buffering=1 << 22) as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                  '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
                  '<plist version="1.0">\n<array>\n')
        lines = []
        for index in range(records):
            name = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6 + index % 9)).capitalize()
            memo = " ".join(rng.choice(WORDS) for _ in range(6))
            seconds = 600_000_000 + rng.randrange(200_000_000)
            days, rest = divmod(seconds, 86400)  # whole seconds since 2001-01-01
            lines.append(
                "\t<dict>\n"
                f"\t\t<key>name</key>\n\t\t<string>{name}</string>\n"
                f"\t\t<key>number</key>\n\t\t<string>SA1{index % 100000:05d}</string>\n"
                f"\t\t<key>age</key>\n\t\t<integer>{18 + index % 50}</integer>\n"
                f"\t\t<key>score</key>\n\t\t<real>{rng.randrange(10_000_000) / 100_000}</real>\n"
                f"\t\t<key>memo</key>\n\t\t<string>{memo}</string>\n"
                f"\t\t<key>teacher</key>\n\t\t<string>{TEACHERS[index % len(TEACHERS)]}</string>\n"
                f"\t\t<key>enrolled</key>\n\t\t<string>{date_text(days, rest)}</string>\n"
                f"\t\t<key>active</key>\n\t\t<{'true' if index % 4 else 'false'}/>\n"
                "\t</dict>\n")
            if len(lines) == 10_000:
                out.write("".join(lines))
                lines.clear()
        out.write("".join(lines))
        out.write("</array>\n</plist>\n")

def date_text(days, rest):
    moment = datetime.datetime(2001, 1, 1) + datetime.timedelta(days=days, seconds=rest)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")

if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
