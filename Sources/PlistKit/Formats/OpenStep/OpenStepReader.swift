#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads NeXT/OpenStep text property lists and `.strings` files into a ``Plist``: the value
/// ``OpenStepParser``'s events describe, over the whole text in memory. Every scalar is a
/// string (GNUstep's typed values aside), as `plutil` and `PropertyListSerialization` read
/// it; where CF drops an array element that failed, so does the value.
///
/// One pass over the UTF-8 text (UTF-16 and UTF-32 input is transcoded first, see
/// ``OpenStepInput``); strings without escapes are made straight from the input. Errors
/// carry the line and column (in characters) where the parser stopped.
enum OpenStepReader {
    /// What a document holds and how it was written.
    struct Document {
        var value: Plist
        var isStringsFile: Bool
        var hasTypedValues: Bool
        var hasComments: Bool
    }

    static func read(_ buffer: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist {
        try readDocument(buffer, options: options).value
    }

    static func readDocument(_ buffer: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Document {
        guard !buffer.isEmpty else { throw PlistError.emptyInput(.truncated) }
        return try OpenStepInput.withUTF8(buffer) { (text) throws(PlistError) -> Document in
            guard !text.isEmpty else { throw PlistError(.truncated, "OpenStep text is empty", at: .lineColumn(line: 1, column: 1)) }
            var parser = OpenStepParser(OpenStepScanner(text, options: options), options: options)
            let value = try build(&parser)
            return Document(value: value, isStringsFile: parser.isStringsFile, hasTypedValues: parser.text.sawTypedValue, hasComments: parser.sawComment)
        }
    }

    private typealias Parser = OpenStepParser<OpenStepScanner>

    /// The value of all of `parser`'s events.
    private static func build(_ parser: inout Parser) throws(PlistError) -> Plist {
        var unwinding = 0
        let root = try value(try event(&parser), &parser, unwinding: &unwinding)
        guard let root, try parser.next() == nil else { throw parser.text.error(.syntax, "unexpected events after the property list") }
        return root
    }

    @inline(__always)
    private static func event(_ parser: inout Parser) throws(PlistError) -> Parser.Event {
        guard let event = try parser.next() else { throw parser.text.error(.truncated, "OpenStep text ends inside a container") }
        return event
    }

    /// The value that starts with `first`, or nil when CF's recovery drops it unfinished;
    /// `unwinding` then counts the containers around it that end with it, unfinished too,
    /// before the array that drops the element.
    private static func value(_ first: consuming Parser.Event, _ parser: inout Parser, unwinding: inout Int) throws(PlistError) -> Plist? {
        // Events are consumed, so that their values move into the tree without a copy.
        switch consume first {
        case .scalar(let value):
            return value
        case .startArray:
            var elements: [Plist] = []
            while true {
                let next = try event(&parser)
                switch next {
                case .endArray:
                    return .array(elements)
                case .endArrayDroppingElement(let unfinished):
                    guard unfinished == 0 else {
                        unwinding = unfinished - 1
                        return nil
                    }
                    return .array(elements)
                default:
                    guard let element = try value(next, &parser, unwinding: &unwinding) else {
                        guard unwinding > 0 else { return .array(elements) }
                        unwinding -= 1
                        return nil
                    }
                    elements.append(element)
                }
            }
        case .startDictionary:
            var entries = PlistDictionary()
            while true {
                switch try event(&parser) {
                case .key(let key):
                    let next = try event(&parser)
                    if case .endArrayDroppingElement(let unfinished) = next {
                        unwinding = unfinished - 1
                        return nil
                    }
                    guard let entry = try value(next, &parser, unwinding: &unwinding) else {
                        unwinding -= 1
                        return nil
                    }
                    entries[PlistKey(key)] = entry
                case .endDictionary:
                    return .dictionary(entries)
                case .endArrayDroppingElement(let unfinished):
                    unwinding = unfinished - 1
                    return nil
                default:
                    throw parser.text.error(.syntax, "unexpected event in a dictionary")
                }
            }
        default:
            throw parser.text.error(.syntax, "unexpected event where a value should be")
        }
    }
}
