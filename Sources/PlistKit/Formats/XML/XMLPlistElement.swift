/// The elements of the PropertyList-1.0 DTD.
enum XMLPlistElement: UInt8 {
    case plist, dict, array, key, string, integer, real, `true`, `false`, date, data

    var name: String {
        switch self {
        case .plist: "plist"
        case .dict: "dict"
        case .array: "array"
        case .key: "key"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .true: "true"
        case .false: "false"
        case .date: "date"
        case .data: "data"
        }
    }

    /// The element libxml2's local name `name` names, if any.
    init?(name: XMLElementName) {
        func matches(_ literal: StaticString) -> Bool { name.matches(literal) }
        let element: XMLPlistElement
        switch name.first {
        case UInt8(ascii: "k") where matches("key"): element = .key
        case UInt8(ascii: "s") where matches("string"): element = .string
        case UInt8(ascii: "i") where matches("integer"): element = .integer
        case UInt8(ascii: "r") where matches("real"): element = .real
        case UInt8(ascii: "d") where matches("dict"): element = .dict
        case UInt8(ascii: "d") where matches("data"): element = .data
        case UInt8(ascii: "d") where matches("date"): element = .date
        case UInt8(ascii: "a") where matches("array"): element = .array
        case UInt8(ascii: "t") where matches("true"): element = .true
        case UInt8(ascii: "f") where matches("false"): element = .false
        case UInt8(ascii: "p") where matches("plist"): element = .plist
        default: return nil
        }
        self = element
    }

    /// Whether the element holds text (as opposed to other elements).
    var holdsText: Bool {
        switch self {
        case .plist, .dict, .array: false
        default: true
        }
    }
}
