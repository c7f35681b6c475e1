import Foundation
import PlistKit

/// `-convert swift` and `-convert objc`: the value as a source-code literal, laid out as
/// plutil lays it out.
///
/// Where plutil writes code that does not compile, this writes code that does: keys are
/// escaped like strings, every backslash and quote in a string is escaped (plutil escapes
/// only a few sequences), and an empty dictionary is `[:]` in Swift.
///
/// It stays in the CLI rather than becoming PlistKit API: its output is lossy by design
/// (reals printed with `%f`, six decimals, as plutil prints them; dates and data refused in
/// Objective-C), and it is shaped by files rather than values (the variable is named after the
/// input file, the `.m` imports a header named after the output). A library promising
/// lossless values should not offer it. The part that is about values, plutil's key order,
/// is library API (`PlutilKeyOrder`) and used here.
enum LiteralWriter {
    static func swift(_ value: Plist, source: String) throws -> String {
        try rejectUIDs(value, language: "Swift")
        var output = "/// Generated from \(fileName(source))\nlet \(variableName(source))"
        if needsAnnotation(value) {
            output += value.dictionary != nil ? " : [String : Any]" : " : [Any]"
        }
        output += " = "
        try append(value, .swift, depth: 0, to: &output)
        return output + "\n"
    }

    static func objc(_ value: Plist, source: String, destination: String) throws -> String {
        var output = try objcDeclaration(value, source: source, destination: destination, forHeader: false)
        try append(value, .objC, depth: 0, to: &output)
        return output + ";\n"
    }

    static func objcHeader(_ value: Plist, source: String, destination: String) throws -> String {
        try objcDeclaration(value, source: source, destination: destination, forHeader: true) + ";\n"
    }

    private static func objcDeclaration(_ value: Plist, source: String, destination: String, forHeader: Bool) throws -> String {
        let className: String
        switch value {
        case .integer, .real, .real32, .bool: className = "NSNumber"
        case .string: className = "NSString"
        case .array: className = "NSArray"
        case .dictionary: className = "NSDictionary"
        default: throw PlistError(.unrepresentable, "Input contains an object that cannot be represented in Obj-C literal syntax")
        }
        var output = ""
        if forHeader {
            output += "#import <Foundation/Foundation.h>\n\n"
        } else if destination != "-" {
            output += "#import \"\(stem(fileName(destination))).h\"\n\n"
        }
        output += "/// Generated from \(fileName(source))\n__attribute__((visibility(\"hidden\")))\n"
        if forHeader { output += "extern " }
        output += "\(className) * const \(variableName(source))"
        if !forHeader { output += " = " }
        return output
    }

    /// What differs between the two languages' literals.
    private struct Syntax: Sendable {
        /// The prefix of a string literal and of a collection's opening bracket (`@` in Objective-C).
        let objectPrefix: String
        /// The opening of a dictionary, after the prefix.
        let dictionaryOpen: String
        /// The closing of a dictionary.
        let dictionaryClose: String
        /// An empty dictionary, where the language needs a form of its own.
        let emptyDictionary: String?
        /// The literal of a scalar other than a string.
        let scalar: @Sendable (Plist) throws -> String

        static let swift = Syntax(objectPrefix: "", dictionaryOpen: "[", dictionaryClose: "]", emptyDictionary: "[:]") { value in
            switch value {
            case .data(let data):
                "Data(bytes: [" + data.map { String(format: "0x%02X,", $0) }.joined() + "])"
            case .date(let date):
                "Date(timeIntervalSinceReferenceDate: \(swiftLiteral(date.timeIntervalSinceReferenceDate)))"
            default:
                try number(value, objC: false)
            }
        }

        static let objC = Syntax(objectPrefix: "@", dictionaryOpen: "{", dictionaryClose: "}", emptyDictionary: nil) { value in
            switch value {
            case .data, .date, .uid:
                throw PlistError(.unrepresentable, "Input contains an object that cannot be represented in Obj-C literal syntax")
            default:
                try number(value, objC: true)
            }
        }
    }

    private static func append(_ value: Plist, _ syntax: Syntax, depth: Int, to output: inout String) throws {
        switch value {
        case .dictionary(let entries):
            if entries.isEmpty, let empty = syntax.emptyDictionary { output += empty; return }
            output += syntax.objectPrefix + syntax.dictionaryOpen + "\n"
            for key in PlutilKeyOrder.sorted(entries.keys) {
                output += indentation(depth + 1) + syntax.objectPrefix + quoted(key.string) + " : "
                try append(entries[key]!, syntax, depth: depth + 1, to: &output)
                output += ",\n"
            }
            output += indentation(depth) + syntax.dictionaryClose
        case .array(let elements):
            output += syntax.objectPrefix + "[\n"
            for element in elements {
                output += indentation(depth + 1)
                try append(element, syntax, depth: depth + 1, to: &output)
                output += ",\n"
            }
            output += indentation(depth) + "]"
        case .string(let string):
            output += syntax.objectPrefix + quoted(string)
        default:
            output += try syntax.scalar(value)
        }
    }

    /// `interval` as Swift source: `.nan`, `.infinity` and `-.infinity` for the values a
    /// binary date can hold but a decimal literal cannot.
    private static func swiftLiteral(_ interval: Double) -> String {
        if interval.isNaN { return ".nan" }
        if interval.isInfinite { return interval < 0 ? "-.infinity" : ".infinity" }
        return "\(interval)"
    }

    private static func number(_ value: Plist, objC: Bool) throws -> String {
        let text: String
        switch value {
        case .bool(let bool): text = objC ? (bool ? "YES" : "NO") : (bool ? "true" : "false")
        case .integer(let integer): text = integer.description
        case .real(let real): text = String(format: "%f", real)
        case .real32(let real): text = String(format: "%f", Double(real))
        default: throw PlistError(.unrepresentable, "Input contains an object that cannot be represented in literal syntax")
        }
        return objC ? "@" + text : text
    }

    private static func rejectUIDs(_ value: Plist, language: String) throws {
        switch value {
        case .uid: throw PlistError(.unrepresentable, "Input contains an object that cannot be represented in \(language) literal syntax")
        case .array(let elements): try elements.forEach { try rejectUIDs($0, language: language) }
        case .dictionary(let entries): try entries.values.forEach { try rejectUIDs($0, language: language) }
        default: break
        }
    }

    /// plutil annotates a collection's type when its elements are not all of one type.
    private static func needsAnnotation(_ value: Plist) -> Bool {
        let elements: [Plist]
        switch value {
        case .dictionary(let entries): elements = Array(entries.values)
        case .array(let array): elements = array
        default: return false
        }
        guard let first = elements.first?.typeName else { return false }
        return elements.contains { $0.typeName != first }
    }

    /// A string literal: backslash, quote and control characters escaped.
    private static func quoted(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20: output += String(format: "\\u{%X}", scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    private static func indentation(_ depth: Int) -> String { String(repeating: "    ", count: depth) }

    private static func fileName(_ path: String) -> String {
        path == "-" ? "-" : URL(fileURLWithPath: path).lastPathComponent
    }

    private static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The file name's stem with `-` and spaces made `_`, symbols and control characters removed.
    private static func variableName(_ source: String) -> String {
        let removed = CharacterSet.symbols.union(.controlCharacters)
        var scalars = String.UnicodeScalarView()
        for scalar in stem(fileName(source)).unicodeScalars {
            if scalar == "-" || scalar == " " { scalars.append("_") } else if !removed.contains(scalar) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
