import PlistKit

/// The formats plutil's verbs name: `-convert` and `-create` take the first five,
/// `-extract` also `raw`; `type` is what `-type` prints.
enum OutputFormat: Equatable {
    case xml1, binary1, json, swift, objc, raw, type

    init(argument: String) throws {
        switch argument {
        case "xml1": self = .xml1
        case "binary1": self = .binary1
        case "json": self = .json
        case "swift": self = .swift
        case "objc": self = .objc
        case "raw": self = .raw
        case "openStep": throw UsageError("Conversion to OpenStep format is not supported")
        default: throw UsageError("Unknown format specifier: \(argument)")
        }
    }

    /// The output format that keeps a file in the format it was read in.
    init(keeping format: PlistFormat) throws {
        switch format {
        case .binary: self = .binary1
        case .xml: self = .xml1
        case .json: self = .json
        case .openStep: throw PlistError(.unsupportedFormat, "Conversion to OpenStep format is not supported")
        }
    }

    /// True for the formats that go to standard output unless `-o` says otherwise.
    var defaultsToStandardOutput: Bool { self == .raw || self == .type }
}
