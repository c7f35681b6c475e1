import Foundation

/// The differences from plutil's output that PlistKit keeps on purpose (docs/CommandLine.md, "Where
/// plistkit differs from plutil"): `-0.0` keeps its sign (plutil writes `0.0` in XML and `-0`
/// in JSON), and CR in XML text is written `&#xD;` (plutil writes it raw, and XML readers
/// other than CF's turn it into LF).
public enum PlutilDifferences {
    /// Inputs plutil reads differently from us, so what it writes differs; each is a plutil
    /// quirk, and the tests check that the difference is still there.
    public static let plutilReadsDifferently: [String: String] = [
        "json/plutil/plistlib_strings.json": "plutil's JSON reader drops a U+FEFF at the start of a string",
        "json/plutil/foundation_strings.json": "plutil's JSON reader drops a U+FEFF at the start of a string",
        "xml/plutil/plistlib_strings.plist": "plutil's XML reader drops a U+FEFF at the start of a string",
        "xml/plutil/foundation_strings.plist": "plutil's XML reader drops a U+FEFF at the start of a string",
        "xml/hand/data_unpadded.plist": "plutil drops a final base64 group without padding; we decode it",
    ]

    /// Regression vectors that plutil on Linux crashes on (or writes nonsense for) while
    /// plistkit prints, converts or refuses them with a reason.
    public static let plutilFailsOn: [String: String] = [
        "binary/regressions/nan_date.bplist": "plutil -p traps on a NaN date and -convert xml1 writes a date it cannot read; we print <description unavailable> and refuse to write it as XML",
        "binary/regressions/long_case_keys.bplist": "plutil aborts (free(): invalid pointer) sorting long keys that differ only in case",
    ]

    /// Usage messages that say more than plutil's: ours (a prefix, the rest names what the
    /// option takes) and the line plutil prints instead.
    public static let usageMessages: [(ours: String, plutil: String)] = [
        ("option -o needs an argument (", "Missing argument for -o."),
        ("option -e needs an argument (", "Missing argument for -e."),
        ("option -convert needs an argument (", "Missing format specifier for command."),
        ("option -extract needs two arguments (", "'Extract' requires a key path and a plist format."),
        ("option -type needs an argument (", "'Extract' requires a key path and a plist format."),
        ("option -insert needs a key path, a type and a value (", "'Insert' and 'Replace' require a key path, a type, and a value."),
        ("option -replace needs a key path, a type and a value (", "'Insert' and 'Replace' require a key path, a type, and a value."),
        ("option -remove needs an argument (", "'Remove' requires a key path."),
        ("option -create needs an argument (", "'Create' requires a plist format."),
        ("option -expect needs an argument (", "-expect requires a type argument."),
    ]

    /// Our standard error for a command-line mistake with those differences undone (and
    /// `unrecognized option: -x` without our pointer to `-help`): what plutil prints.
    public static func asPlutilWrites(usage ours: String) -> String {
        let line = ours.hasSuffix("\n") ? String(ours.dropLast()) : ours
        if let known = usageMessages.first(where: { line.hasPrefix($0.ours) }) { return known.plutil + "\n" }
        if line.hasPrefix("unrecognized option: "), let cut = line.range(of: " (plistkit -help") {
            return String(line[..<cut.lowerBound]) + "\n"
        }
        return ours
    }

    /// Our XML with those differences undone: what plutil writes for the same value.
    public static func asPlutilWrites(xml ours: Data) -> Data {
        var text = String(decoding: ours, as: UTF8.self)
        text = text.replacingOccurrences(of: "<real>-0.0</real>", with: "<real>0.0</real>")
        text = text.replacingOccurrences(of: "&#xD;", with: "\r")
        return Data(text.utf8)
    }

    /// Our JSON with those differences undone: `-0.0` as a whole token becomes `-0`.
    public static func asPlutilWrites(json ours: Data) -> Data {
        let text = String(decoding: ours, as: UTF8.self)
        let pattern = try! NSRegularExpression(pattern: #"(?<=[\s\[,:])-0\.0(?=[\s,\]\}]|$)"#)
        let range = NSRange(text.startIndex..., in: text)
        return Data(pattern.stringByReplacingMatches(in: text, range: range, withTemplate: "-0").utf8)
    }
}
