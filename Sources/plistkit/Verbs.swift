import Foundation
import PlistKit

/// The output formats `-convert` accepts, spelled as plutil spells them.
enum OutputFormat {
    case xml1, binary1, json

    init(argument: String) throws {
        switch argument {
        case "xml1": self = .xml1
        case "binary1": self = .binary1
        case "json": self = .json
        case "swift", "objc", "raw", "openStep":
            throw UsageError("Format \(argument) is not supported yet by plistkit.")
        default: throw UsageError("Unknown format specifier: \(argument)")
        }
    }
}

extension Tool {
    /// `-lint`: checks each file, printing `PATH: OK` unless `-s`.
    func lint(_ options: CommonOptions) throws -> Bool {
        if options.outputPath != nil { throw UsageError("-o is not used with -lint.") }
        if options.outputExtension != nil { throw UsageError("-e is not used with -lint.") }
        return forEachFile(options) { path, data in
            _ = try Plist(decoding: data)
            if !options.silent { standardOutput.write(Data("\(displayName(path)): OK\n".utf8)) }
        }
    }

    /// `-p`: prints each file in plutil's human-readable layout.
    func printFiles(_ options: CommonOptions) throws -> Bool {
        if options.outputPath != nil { throw UsageError("-o is not used with -p.") }
        if options.outputExtension != nil { throw UsageError("-e is not used with -p.") }
        if options.silent { standardError.write(Data("-s doesn't make a lot of sense with -p.\n".utf8)) }
        return forEachFile(options) { _, data in
            let value = try Plist(decoding: data)
            standardOutput.write(Data(PrettyPrinter.describe(value).utf8))
        }
    }

    /// `-convert FORMAT`: rewrites each file (in place, or to `-o`/`-e`) in the format.
    func convert(to format: OutputFormat, _ options: CommonOptions) throws -> Bool {
        forEachFile(options) { path, data in
            let value = try Plist(decoding: data)
            let output: Data
            switch format {
            case .binary1: output = try value.encoded(as: .binary)
            case .xml1: output = try value.encoded(as: .xml)
            case .json: output = try value.encoded(as: .json)
            }
            try writeOutput(output, to: options.destination(for: path))
        }
    }
}
