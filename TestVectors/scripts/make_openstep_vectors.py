#!/usr/bin/env python3
"""Writes the OpenStep text and .strings test vectors and TestVectors/openstep/MANIFEST.json.

Usage: make_openstep_vectors.py TESTVECTORS_DIR [PLUTIL]

Writes, under TESTVECTORS_DIR/openstep:
- hand/*.plist        OpenStep documents written by hand for every feature of CF's old-style
                      parser: escapes, quoting, comments, data, separators, top-level scalars,
                      nesting, an Xcode project, a GNUstep defaults domain.
- strings/*.strings   .strings files (a dictionary without braces) in UTF-8 and UTF-16.
- encodings/*.plist   byte-order marks (UTF-8, UTF-16 both orders, UTF-32) and CF's rule for
                      UTF-16 without one (the first two bytes skipped, little-endian).
- gnustep/*.plist     GNUstep's typed values (<*I…>, <*R…>, <*BY>, <*D…>, <[base64]>), as
                      its NSPropertyListGNUstepFormat writes them; CF refuses these.
- malformed/*.plist   broken documents, each with the PlistError code expected.

The expected value of every document Foundation reads is Foundation's reading of it
(PropertyListSerialization on Linux, i.e. CF's CFOldStylePList.c, through
OpenStepVectors/main.swift), never the author's; plutil -lint must agree with Foundation on
whether each file reads. gnustep/ values (which CF refuses) are the author's, and so are the
error codes of malformed/ files, which Foundation and plutil must both refuse -- except for
the entries marked "cf_reads", where CF is more lenient than PlistKit on purpose (nesting
beyond the depth limit).

Manifest schema as for xml/MANIFEST.json: {"vectors": [{"file", "made_by", "expected"} or
{"file", "made_by", "error"}, optional "note"]}. Deterministic: running it twice gives
identical files.
"""

import base64
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_xml_json_vectors import write, write_manifest, plutil_version  # noqa: E402

HAND = "hand"
sys.setrecursionlimit(20000)  # deep_200.plist


def utf16le(text, bom=True):
    return (b"\xff\xfe" if bom else b"") + text.encode("utf-16-le")


def utf16be(text, bom=True):
    return (b"\xfe\xff" if bom else b"") + text.encode("utf-16-be")


def hand_vectors():
    """(relative path, bytes) of documents Foundation must read."""
    yield "hand/basic.plist", b"""{
    name = PlistKit;
    list = (a, b, "c d");
    data = <0fbd7777>;
    nested = { x = "1"; y = (); z = {}; };
}
"""
    yield "hand/escapes.plist", (
        rb'("\a\b\f\n\r\t\v", "\\ \" \' \x \q", "\101\102\103", "\0010", "\200\251\376\377\777",'
        rb' "\U00e9\U20AC\U41", "\Ud83d\Ude00", "\UD83D lone", "\UDE00", "\Uzz", "line\
break")' b"\n")
    yield "hand/single_quotes.plist", b"""('single', 'it\\'s', '"double" inside', "'single' inside")\n"""
    yield "hand/unquoted.plist", b"(a_$/:.-Z9, 0123, -1.5e3, /usr/bin, http://example.com/x, YES, ..., $)\n"
    yield "hand/comments.plist", b"""// a line comment
/* a block
   comment */ { /* before a key */ key /* after */ = // to the end of the line
    value /**/ ; list = ( a, // one
  b /* two */ ) ; } // after the root
/* unterminated at the end"""
    yield "hand/trailing_comma.plist", b"(a, b, )\n"
    yield "hand/empty_values.plist", b'{ array = (); dict = {}; data = <>; string = ""; }\n'
    yield "hand/key_shortcut.plist", b"{ alone; \"quoted alone\"; key = value; }\n"
    yield "hand/duplicate_keys.plist", b"{ a = first; a = second; b = x; }\n"
    yield "hand/whitespace.plist", (
        b"{\x0ba\x0c=\tb;\r\nc\r=\r\nd;" + "\u2028e\u2029=f;".encode() + b" }")
    yield "hand/data_whitespace.plist", b"( <0f bd\n77\t77\r 00 FF aB>, <  >, <00>)\n"
    yield "hand/numbers_are_strings.plist", b'{ int = 42; neg = -7; real = 1.5; bool = YES; date = "2020-01-01 12:00:00 +0000"; }\n'
    yield "hand/unicode.plist", '{ "clé" = "valeur é"; cjk = "日本語"; emoji = "😀"; "e\u0301" = combining; }\n'.encode()
    yield "hand/control_characters.plist", b'("nul\x00inside", "bell\x07raw", "cr\r\nlf", "del\x7f")\n'
    yield "hand/top_string.plist", b'"just a string"\n'
    yield "hand/top_unquoted.plist", b"bare\n"
    yield "hand/top_number.plist", b"42\n"
    yield "hand/top_data.plist", b"<00ff10>\n"
    yield "hand/top_array.plist", b"(one, (two, (three)))\n"
    yield "hand/whitespace_only.plist", b"  \n// nothing but a comment\n\t"
    # (512 levels are tested in OpenStepReaderTests: a manifest that deep is too deep for JSONSerialization.)
    yield "hand/deep_200.plist", b"(" * 200 + b"x" + b")" * 200 + b"\n"
    yield "hand/nested_dicts.plist", b"{a={b={c={d=(e,{f=g;});};};};}"
    yield "hand/xcode_project.pbxproj", b"""// !$*UTF8*$!
{
\tarchiveVersion = 1;
\tclasses = {
\t};
\tobjectVersion = 56;
\tobjects = {

/* Begin PBXBuildFile section */
\t\t1A2B3C4D5E6F708192A3B4C5 /* main.swift in Sources */ = {isa = PBXBuildFile; fileRef = 1A2B3C4D5E6F708192A3B4C6 /* main.swift */; };
/* End PBXBuildFile section */

/* Begin PBXFileReference section */
\t\t1A2B3C4D5E6F708192A3B4C6 /* main.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = main.swift; sourceTree = "<group>"; };
\t\t1A2B3C4D5E6F708192A3B4C7 /* Tool */ = {isa = PBXFileReference; explicitFileType = "compiled.mach-o.executable"; includeInIndex = 0; path = Tool; sourceTree = BUILT_PRODUCTS_DIR; };
/* End PBXFileReference section */

/* Begin XCBuildConfiguration section */
\t\t1A2B3C4D5E6F708192A3B4C8 /* Debug */ = {
\t\t\tisa = XCBuildConfiguration;
\t\t\tbuildSettings = {
\t\t\t\tGCC_PREPROCESSOR_DEFINITIONS = (
\t\t\t\t\t"DEBUG=1",
\t\t\t\t\t"$(inherited)",
\t\t\t\t);
\t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
\t\t\t\tSWIFT_VERSION = 5.0;
\t\t\t};
\t\t\tname = Debug;
\t\t};
/* End XCBuildConfiguration section */
\t};
\trootObject = 1A2B3C4D5E6F708192A3B4C9 /* Project object */;
}
"""
    yield "hand/gnustep_defaults.plist", b"""{
    NSGlobalDomain = {
        NSLanguages = (English, French);
        GSFirstDayOfWeek = 1;
    };
    "org.gnustep.Example" = { WindowFrame = "{{10, 20}, {300, 200}}"; };
}
"""
    # CF's error recovery: an array element that fails just before ')' is dropped, and a
    # dictionary key with an unclosed quote ends the entries (the '}' or the end follows).
    yield "hand/cf_drops_failed_array_element.plist", b"{ list = (a, { b ); more = (c, <0); }\n"
    yield "hand/cf_unclosed_key_ends_entries.plist", b"{ a = b; ' }\n"
    yield "strings/unclosed_key_ends_entries.strings", b'"a" = "b";\n"unclosed key, no more quotes;\n'
    yield "hand/line_separator_only.plist", "\u2028".encode()
    yield "strings/Localizable.strings", """/* Localizable.strings
   An app's translations. */

/* Greeting shown at launch */
"hello" = "Bonjour";
"goodbye" = "Au revoir, %@ !";
"quote" = "Il a dit \\"oui\\"";
"multiline" = "ligne 1\\nligne 2";
unquoted_key = "valeur";
"only key";
""".encode()
    yield "strings/Localizable_utf16le.strings", utf16le('/* UTF-16 LE with BOM */\n"hello" = "こんにちは";\n"bye" = "さようなら";\n')
    yield "strings/Localizable_utf16be.strings", utf16be('"hello" = "Grüß Gott";\n"emoji" = "🎉";\n')
    yield "strings/no_final_semicolon_junk.strings", b'"a" = "b";\n"c" = "d";\n}  text CF ignores after the last entry\n'
    yield "strings/single_entry.strings", b'"key" = "value";'
    yield "strings/unquoted_entries.strings", b"title = Title;\ncount = 3;\n"
    yield "encodings/utf8_bom.plist", b"\xef\xbb\xbf{ key = \"caf\xc3\xa9\"; }\n"
    yield "encodings/utf16le_bom.plist", utf16le('{ key = "café"; list = ("😀", b); }\n')
    yield "encodings/utf16be_bom.plist", utf16be('{ key = "café"; list = ("😀", b); }\n')
    yield "encodings/utf32be_bom.plist", b"\x00\x00\xfe\xff" + '("café", x)\n'.encode("utf-32-be")
    yield "encodings/utf32le_bom.plist", b"\xff\xfe\x00\x00" + '("café", x)\n'.encode("utf-32-le")
    # No BOM, a zero among the first two bytes: CF skips two bytes and reads UTF-16 LE.
    yield "encodings/utf16_no_bom_skips_two_bytes.plist", b"\x00\x00" + utf16le('("no BOM", x)\n', bom=False)
    yield "encodings/utf16le_bom_odd_length.plist", utf16le("(a, b)") + b"\x0a"


def gnustep_vectors():
    """(relative path, bytes, expected canonical) of GNUstep typed documents (author's values)."""
    def real(value):
        import struct
        return {"real": "%016x" % struct.unpack(">Q", struct.pack(">d", value))[0]}

    def date(seconds):
        import struct
        return {"date": "%016x" % struct.unpack(">Q", struct.pack(">d", seconds))[0]}
    yield "gnustep/typed_values.plist", b"""{
    int = <*I42>;
    negative = <*I-9223372036854775808>;
    big = <*I18446744073709551615>;
    real = <*R1.5>;
    tiny = <*R1e-300>;
    yes = <*BY>;
    no = <*BN>;
    date = <*D2020-01-01 12:00:00 +0000>;
    zoned = <*D2001-01-01 01:00:00 +0100>;
    base64 = <[AAEC/w==]>;
    hex = <0001>;
    text = "<*I1> in quotes is a string";
}
""", {"dict": [
        ["int", {"integer": "42"}],
        ["negative", {"integer": "-9223372036854775808"}],
        ["big", {"integer": "18446744073709551615"}],
        ["real", real(1.5)],
        ["tiny", real(1e-300)],
        ["yes", {"bool": True}],
        ["no", {"bool": False}],
        ["date", date((datetime.datetime(2020, 1, 1, 12) - datetime.datetime(2001, 1, 1)).total_seconds())],
        ["zoned", date(0.0)],
        ["base64", {"data": base64.b64encode(b"\x00\x01\x02\xff").decode()}],
        ["hex", {"data": base64.b64encode(b"\x00\x01").decode()}],
        ["text", {"string": "<*I1> in quotes is a string"}],
    ]}
    yield "gnustep/typed_array.plist", b"(<*I1>, <*R-0.25>, <*BN>, plain)\n", {"array": [
        {"integer": "1"}, real(-0.25), {"bool": False}, {"string": "plain"}]}


def malformed_vectors():
    """(relative path, bytes, expected PlistError code, cf_reads)."""
    yield "malformed/dict_missing_semicolon.plist", b"{ a = b }\n", "syntax", False
    yield "malformed/dict_missing_value.plist", b"{ a = ; }\n", "syntax", False
    yield "malformed/dict_data_key.plist", b"{ <00> = a; }\n", "syntax", False
    yield "malformed/dict_lone_semicolon.plist", b"{ ; }\n", "syntax", False
    yield "malformed/dict_unclosed.plist", b"{ a = b;\n", "truncated", False
    yield "malformed/array_double_comma.plist", b"(a, , b)\n", "syntax", False
    yield "malformed/array_missing_comma.plist", b"(a b)\n", "syntax", False
    yield "malformed/array_unclosed.plist", b"(a, b\n", "truncated", False
    yield "malformed/string_unterminated.plist", b'("abc)\n', "truncated", False
    yield "malformed/string_unterminated_escape.plist", b'("abc\\', "truncated", False
    yield "malformed/data_odd_digits.plist", b"<0fb>\n", "invalidData", False
    yield "malformed/data_split_pair.plist", b"<0 f>\n", "invalidData", False
    yield "malformed/data_bad_character.plist", b"<0g>\n", "invalidData", False
    yield "malformed/data_vertical_tab.plist", b"<0f\x0bbd>\n", "invalidData", False
    yield "malformed/data_unclosed.plist", b"(<0fbd\n", "truncated", False
    yield "malformed/junk_after_root.plist", b"(a) b\n", "syntax", False
    yield "malformed/junk_after_dict.plist", b"{ a = b; };\n", "syntax", False
    yield "malformed/non_ascii_unquoted.plist", "(héllo)\n".encode(), "syntax", False
    yield "malformed/nbsp_is_not_space.plist", "(a,\u00a0b)\n".encode(), "syntax", False
    yield "malformed/invalid_utf8.plist", b'("caf\xe9")\n', "invalidString", False
    yield "malformed/strings_missing_semicolon.strings", b'"a" = "b"\n"c" = "d";\n', "syntax", False
    yield "malformed/strings_key_at_end.strings", b'"a" = "b"; "c"', "truncated", False
    yield "malformed/strings_unquoted_missing_semicolon.strings", b"a = b;\nc = d", "truncated", False
    yield "malformed/utf16_no_bom_loses_first_character.plist", utf16be("(a, b)", bom=False), "syntax", False
    yield "malformed/gnustep_bad_integer.plist", b"(<*Ixyz>)\n", "invalidInteger", False
    yield "malformed/gnustep_bad_date.plist", b"(<*D2020-13-01 00:00:00 +0000>)\n", "invalidDate", False
    yield "malformed/deep_514.plist", b"(" * 514 + b")" * 514 + b"\n", "depthLimitExceeded", False
    # CF's depth check lets one more level through than its limit of 512 says.
    yield "malformed/deep_513.plist", b"(" * 513 + b")" * 513 + b"\n", "depthLimitExceeded", True


def main(root, plutil):
    scripts = os.path.dirname(os.path.abspath(__file__))
    target = os.path.join(root, "openstep")
    if os.path.isdir(target):
        for name in os.listdir(target):
            if name != "MANIFEST.json":
                shutil.rmtree(os.path.join(target, name))

    read_by_cf = list(hand_vectors())
    gnustep = list(gnustep_vectors())
    malformed = list(malformed_vectors())
    for path, data in read_by_cf:
        write(os.path.join(target, path), data)
    for path, data, _ in gnustep:
        write(os.path.join(target, path), data)
    for path, data, _, _ in malformed:
        write(os.path.join(target, path), data)

    work = tempfile.mkdtemp()
    try:
        oracle = os.path.join(work, "OpenStepVectors")
        subprocess.run(["swiftc", "-O", os.path.join(scripts, "OpenStepVectors", "main.swift"), "-o", oracle],
                       check=True, capture_output=True)
        paths = [os.path.join(target, p) for p, _ in read_by_cf] + \
                [os.path.join(target, p) for p, _, _ in gnustep] + \
                [os.path.join(target, p) for p, _, _, _ in malformed]
        result = subprocess.run([oracle] + paths, check=True, capture_output=True, text=True)
        readings = [json.loads(line) for line in result.stdout.splitlines()]
    finally:
        shutil.rmtree(work)
    assert len(readings) == len(paths)
    by_path = dict(zip(paths, readings))

    def plutil_reads(path):
        return subprocess.run([plutil, "-lint", "-s", path], capture_output=True).returncode == 0

    swift = plutil_version(plutil).replace("plutil (", "").rstrip(")")
    foundation = "Foundation PropertyListSerialization (%s)" % swift
    entries = []
    for path, _ in read_by_cf:
        full = os.path.join(target, path)
        reading = by_path[full]
        if "error" in reading:
            raise SystemExit("Foundation refuses %s: %s" % (path, reading["error"]))
        if not plutil_reads(full):
            raise SystemExit("plutil refuses %s, which Foundation reads" % path)
        entries.append({"file": "openstep/" + path, "made_by": foundation, "expected": reading})
    for path, _, expected in gnustep:
        full = os.path.join(target, path)
        if "error" not in by_path[full] or plutil_reads(full):
            raise SystemExit("CF reads the GNUstep vector %s" % path)
        entries.append({"file": "openstep/" + path, "made_by": HAND, "expected": expected,
                        "note": "GNUstep typed values; Foundation and plutil refuse the file"})
    for path, _, code, cf_reads in malformed:
        full = os.path.join(target, path)
        reads = "error" not in by_path[full]
        if reads != cf_reads or plutil_reads(full) != cf_reads:
            raise SystemExit("Foundation or plutil disagrees about %s" % path)
        entry = {"file": "openstep/" + path, "made_by": HAND, "error": code}
        if cf_reads:
            entry["note"] = "CF reads this (its depth check admits 513 levels); PlistKit's limit is 512"
        entries.append(entry)
    entries.sort(key=lambda entry: entry["file"])
    write_manifest(os.path.join(target, "MANIFEST.json"), entries)
    print("wrote %d OpenStep vectors" % len(entries))


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        raise SystemExit(__doc__)
    main(os.path.abspath(sys.argv[1]), sys.argv[2] if len(sys.argv) == 3 else shutil.which("plutil") or "plutil")
