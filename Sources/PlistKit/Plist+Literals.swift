import OrderedCollections

extension Plist: ExpressibleByStringLiteral {
    /// A ``Plist/string(_:)`` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Plist: ExpressibleByIntegerLiteral {
    /// An ``Plist/integer(_:)`` from an integer literal.
    public init(integerLiteral value: Int64) { self = .integer(PlistInteger(value)) }
}

extension Plist: ExpressibleByFloatLiteral {
    /// A ``Plist/real(_:)`` from a floating-point literal.
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension Plist: ExpressibleByBooleanLiteral {
    /// A ``Plist/bool(_:)`` from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Plist: ExpressibleByArrayLiteral {
    /// An ``Plist/array(_:)`` from an array literal.
    public init(arrayLiteral elements: Plist...) { self = .array(elements) }
}

extension Plist: ExpressibleByDictionaryLiteral {
    /// Builds a dictionary in the literal's order; a repeated key keeps its first
    /// position and its last value.
    public init(dictionaryLiteral elements: (String, Plist)...) {
        var entries = PlistDictionary(minimumCapacity: elements.count)
        for (key, value) in elements { entries[PlistKey(key)] = value }
        self = .dictionary(entries)
    }
}
