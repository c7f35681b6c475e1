import OrderedCollections

extension Plist: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Plist: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .integer(PlistInteger(value)) }
}

extension Plist: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension Plist: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Plist: ExpressibleByArrayLiteral {
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
