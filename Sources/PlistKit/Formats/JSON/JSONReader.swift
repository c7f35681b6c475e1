#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Reads a whole JSON document into a ``Plist``: the events of ``JSONParser`` over the bytes
/// in memory, assembled into a tree (a repeated key keeps its first position and its last
/// value). What is valid JSON, and every error, is the parser's.
enum JSONReader {
    static func read(_ buffer: ByteView, options: PlistReadingOptions) throws(PlistError) -> Plist {
        var builder = Builder(parser: JSONParser(JSONBufferInput(buffer), maximumDepth: options.maximumDepth))
        return try builder.document()
    }

    /// Assembles values from the parser's events. The recursion follows the nesting, which
    /// the parser keeps within the depth limit.
    private struct Builder {
        var parser: JSONParser<JSONBufferInput>

        /// The document's value, once the parser has checked that only white space follows.
        mutating func document() throws(PlistError) -> Plist {
            let value = try self.value(try event())
            guard try parser.next() == nil else { preconditionFailure("the parser gives one value") }
            return value
        }

        /// The value that `first` starts.
        mutating func value(_ first: PlistEvent) throws(PlistError) -> Plist {
            switch first {
            case .scalar(let value):
                return value
            case .startArray:
                var elements: [Plist] = []
                while true {
                    switch try event() {
                    case .scalar(let element): elements.append(element)
                    case .endArray: return .array(elements)
                    case let event: elements.append(try value(event))
                    }
                }
            case .startDictionary:
                var entries = PlistDictionary()
                while case .key(let key) = try event() {
                    switch try event() {
                    case .scalar(let entry): entries[PlistKey(key)] = entry
                    case let event: entries[PlistKey(key)] = try value(event)
                    }
                }
                return .dictionary(entries)
            case .key, .endArray, .endDictionary:
                preconditionFailure("the parser gives no \(first) where a value starts")
            }
        }

        /// The next event inside the document, which the parser gives until the value ends.
        private mutating func event() throws(PlistError) -> PlistEvent {
            guard let event = try parser.next() else { preconditionFailure("the parser ends only after the value") }
            return event
        }
    }
}
