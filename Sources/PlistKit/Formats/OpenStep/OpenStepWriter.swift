#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes OpenStep text that CF (`PropertyListSerialization`, `plutil`), GNUstep and
/// ``OpenStepReader`` read back to the same value.
///
/// Layout: four spaces per level, one entry per line, `key = value;` in dictionaries,
/// elements separated by `,` with none after the last, `{}` and `()` when empty, a newline
/// at the end. Strings are quoted unless they are non-empty, hold only `A-Z a-z 0-9 _ $ . /`
/// and do not start with `/` (the characters GNUstep's and macOS's writers leave unquoted);
/// quoted strings escape `\` and `"`, write `\a \b \t \n \v \f \r` by letter, other ASCII
/// control characters as three octal digits, and everything else as UTF-8. Data is
/// lowercase hex in groups of four bytes, as `NSData` describes itself.
///
/// OpenStep text holds only strings, data, arrays and dictionaries. Numbers, booleans and
/// dates are written as GNUstep's typed values (`<*I…>`, `<*R…>`, `<*BY>`/`<*BN>`, `<*D…>`)
/// when ``PlistWritingOptions/gnustepTypedValues`` asks for them, and are an
/// `.unrepresentable` error naming their key path otherwise; UIDs always are. With
/// ``PlistWritingOptions/stringsFile`` the root must be a dictionary of strings, written as
/// `"key" = "value";` lines without braces.
struct OpenStepWriter: ~Copyable {
    private var out = ByteBuffer(capacity: 4096)
    private let sortedKeys: Bool
    private let typedValues: Bool
    private let maximumDepth: Int

    /// Why a value could not be written, with the key path to it (innermost first).
    struct Failure: Error {
        var reason: Reason
        var path: [String] = []
        enum Reason {
            case unrepresentable(String)
            case tooDeep
            case date
        }
    }

    private init(options: PlistWritingOptions) {
        sortedKeys = options.sortedKeys
        typedValues = options.gnustepTypedValues
        maximumDepth = options.maximumDepth
    }

    static func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data {
        var writer = OpenStepWriter(options: options)
        do {
            if options.stringsFile {
                try writer.appendStringsFile(value)
            } else {
                try writer.append(value, depth: 0)
                writer.out.append(0x0A)
            }
        } catch {
            throw error.plistError(stringsFile: options.stringsFile)
        }
        return writer.out.data()
    }

    // MARK: Values

    private mutating func append(_ value: Plist, depth: Int) throws(Failure) {
        switch value {
        case .dictionary(let entries):
            guard depth < maximumDepth else { throw Failure(reason: .tooDeep) }
            if entries.isEmpty { out.append("{}"); return }
            out.append("{\n")
            for index in order(of: entries) {
                out.appendOpenStepIndent(depth + 1)
                let key = entries.keys[index].string
                out.appendOpenStepString(key)
                out.append(" = ")
                do {
                    try append(entries.values[index], depth: depth + 1)
                } catch var failure {
                    failure.path.append(key)
                    throw failure
                }
                out.append(";\n")
            }
            out.appendOpenStepIndent(depth)
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            guard depth < maximumDepth else { throw Failure(reason: .tooDeep) }
            if elements.isEmpty { out.append("()"); return }
            out.append("(\n")
            for (position, element) in elements.enumerated() {
                out.appendOpenStepIndent(depth + 1)
                do {
                    try append(element, depth: depth + 1)
                } catch var failure {
                    failure.path.append(String(position))
                    throw failure
                }
                out.append(position == elements.count - 1 ? "\n" : ",\n")
            }
            out.appendOpenStepIndent(depth)
            out.append(UInt8(ascii: ")"))
        default:
            try out.appendOpenStepScalar(value, typedValues: typedValues)
        }
    }

    /// The `.strings` form: `"key" = "value";` per line, every key and value quoted. An
    /// empty dictionary is one newline: CF refuses an empty file, but reads white space as
    /// an empty dictionary.
    private mutating func appendStringsFile(_ value: Plist) throws(Failure) {
        guard case .dictionary(let entries) = value else {
            throw Failure(reason: .unrepresentable(Self.described(value)))
        }
        if entries.isEmpty { out.append(0x0A) }
        for index in order(of: entries) {
            let key = entries.keys[index].string
            guard case .string(let string) = entries.values[index] else {
                throw Failure(reason: .unrepresentable(Self.described(entries.values[index])), path: [key])
            }
            out.appendStringsFileEntry(key: key, value: string)
        }
    }

    /// `an array`, `a float`, … for messages.
    private static func described(_ value: Plist) -> String {
        described(typeName: value.typeName)
    }

    /// `an array`, `a float`, … for messages, from ``Plist/typeName``.
    static func described(typeName name: String) -> String {
        return ["array", "integer", "uid"].contains(name) ? "an \(name)" : "a \(name)"
    }

    private func order(of entries: PlistDictionary) -> [Int] {
        guard sortedKeys else { return Array(entries.keys.indices) }
        return entries.keys.indices.sorted { PlistKeyOrder.utf16Precedes(entries.keys[$0].string, entries.keys[$1].string) }
    }
}

extension OpenStepWriter {
    /// `value` as the writer writes a root value, without the final newline: what an edit in
    /// place puts into a document (see ``OpenStepDocument``). `quoted` puts a string in
    /// quotes whatever it holds, as a `.strings` file's strings are.
    static func fragment(_ value: Plist, options: PlistWritingOptions, quoted: Bool) throws(PlistError) -> [UInt8] {
        var writer = OpenStepWriter(options: options)
        do {
            if quoted, case .string(let string) = value {
                writer.out.appendOpenStepQuoted(string)
            } else {
                try writer.append(value, depth: 0)
            }
        } catch {
            throw error.plistError(stringsFile: false)
        }
        return Array(writer.out.data())
    }

    /// A dictionary entry, `key = value;` (quoted: `"key" = "value";`, a `.strings` file's
    /// line), without a line break.
    static func entry(key: String, value: Plist, options: PlistWritingOptions, quoted: Bool) throws(PlistError) -> [UInt8] {
        var writer = OpenStepWriter(options: options)
        if quoted { writer.out.appendOpenStepQuoted(key) } else { writer.out.appendOpenStepString(key) }
        writer.out.append(" = ")
        return Array(writer.out.data()) + (try fragment(value, options: options, quoted: quoted)) + [UInt8(ascii: ";")]
    }
}

extension OpenStepWriter.Failure {
    /// The public error: what could not be written, and where.
    func plistError(stringsFile: Bool) -> PlistError {
        let keyPath = Plist.keyPath(path.reversed())
        let place = path.isEmpty ? "the root value" : "the value at key path '\(keyPath)'"
        switch reason {
        case .tooDeep:
            return PlistError(.depthLimitExceeded, "\(place) nests deeper than the depth limit")
        case .date:
            return PlistError(.unrepresentable, "\(place) is a date that cannot be written as calendar text")
        case .unrepresentable(let kind):
            if stringsFile {
                return PlistError(.unrepresentable, "\(place) is \(kind); a .strings file holds a dictionary of strings")
            }
            let hint = kind == "a UID" ? "" : " (GNUstep's typed values can: PlistWritingOptions.gnustepTypedValues)"
            return PlistError(.unrepresentable, "\(place) is \(kind), which OpenStep text cannot hold\(hint)")
        }
    }
}
