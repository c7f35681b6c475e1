import PlistKit

/// The formats plutil's verbs name: `-convert` and `-create` take the first five,
/// `-extract` also `raw`; `type` is what `-type` prints. Beyond plutil, `openstep` (OpenStep
/// text), `gnustep` (the same with GNUstep's typed values) and `strings` (a `.strings` file).
enum OutputFormat: Equatable {
    case xml1, binary1, json, swift, objc, raw, type
    /// OpenStep text; `stringsFile` for the `.strings` form, `typedValues` for GNUstep's
    /// `<*I…>`-style numbers, booleans and dates.
    case openStep(stringsFile: Bool, typedValues: Bool)

    init(argument: String) throws {
        switch argument {
        case "xml1": self = .xml1
        case "binary1": self = .binary1
        case "json": self = .json
        case "swift": self = .swift
        case "objc": self = .objc
        case "raw": self = .raw
        case "openstep", "openStep": self = .openStep(stringsFile: false, typedValues: false)
        case "gnustep", "GNUstep": self = .openStep(stringsFile: false, typedValues: true)
        case "strings": self = .openStep(stringsFile: true, typedValues: false)
        default: throw UsageError("Unknown format specifier: \(argument)")
        }
    }

    /// The output format that keeps a file in the format it was read in; for OpenStep text,
    /// `openStep` says whether it was a `.strings` file and held GNUstep typed values.
    init(keeping format: PlistFormat, openStep: PlistWritingOptions = PlistWritingOptions()) {
        switch format {
        case .binary: self = .binary1
        case .xml: self = .xml1
        case .json: self = .json
        case .openStep: self = .openStep(stringsFile: openStep.stringsFile, typedValues: openStep.gnustepTypedValues)
        }
    }

    /// True for the formats that go to standard output unless `-o` says otherwise.
    var defaultsToStandardOutput: Bool { self == .raw || self == .type }
}
