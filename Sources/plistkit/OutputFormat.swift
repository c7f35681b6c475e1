import PlistKit

/// The formats plutil's verbs name: `-convert` and `-create` take the first five,
/// `-extract` also `raw`; `type` is what `-type` prints. Beyond plutil, `openstep` (OpenStep
/// text), `gnustep` (the same with GNUstep's typed values) and `strings` (a `.strings` file).
enum OutputFormat: Equatable {
    /// A property-list format, written with these options (`-r` turns on plutil's readable
    /// JSON).
    case plist(PlistFormat, PlistWritingOptions)
    case swift, objc, raw, type

    /// plutil's names for the property-list formats (it writes XML with sorted keys), and
    /// ours for OpenStep text: plain, with GNUstep's typed values, and as a `.strings` file.
    private static let plistNames: [String: (PlistFormat, PlistWritingOptions)] = [
        "xml1": (.xml, PlistWritingOptions(sortedKeys: true)),
        "binary1": (.binary, .default),
        "json": (.json, .default),
        "openstep": (.openStep, .default),
        "openStep": (.openStep, .default),
        "gnustep": (.openStep, PlistWritingOptions(gnustepTypedValues: true)),
        "GNUstep": (.openStep, PlistWritingOptions(gnustepTypedValues: true)),
        "strings": (.openStep, PlistWritingOptions(stringsFile: true)),
    ]

    /// The formats `-convert` and `-create` take, for messages.
    static let convertible = "a format: xml1, binary1, json, swift, objc, openstep, gnustep or strings"
    /// The formats `-extract` takes, for messages.
    static let extractable = "xml1, binary1, json, swift, objc, openstep, gnustep, strings or raw"

    init(argument: String) throws {
        if let (format, options) = OutputFormat.plistNames[argument] {
            self = .plist(format, options)
            return
        }
        switch argument {
        case "swift": self = .swift
        case "objc": self = .objc
        case "raw": self = .raw
        default: throw UsageError("Unknown format specifier: \(argument)")
        }
    }

    /// The output format that keeps a file in the format it was read in, as plutil writes
    /// it back: XML with its keys sorted, every other format in the value's key order.
    /// (OpenStep text is edited in place by `OpenStepDocument` instead.)
    init(keeping format: PlistFormat) {
        self = .plist(format, PlistWritingOptions(sortedKeys: format == .xml))
    }

    /// True for `binary1`: bytes that are not text.
    var isBinaryPlist: Bool {
        if case .plist(.binary, _) = self { return true }
        return false
    }

    /// True for the formats that go to standard output unless `-o` says otherwise.
    var defaultsToStandardOutput: Bool { self == .raw || self == .type }
}
