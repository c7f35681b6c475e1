/// Arrays, decoded by a loop of the decoder's own rather than by the standard library's
/// `Array.init(from:)`.
///
/// That initializer runs unspecialised for a model's element type: per element, a runtime
/// metadata lookup of `[Element]` (for the append) and a call through the unkeyed container's
/// existential box. For `records` that was a twentieth of a Codable decode (in instructions).
/// The loop here does what the initializer does, element by element in order, with the same
/// container, so errors, coding paths and the cycle check are the same. (Encoding has no such
/// loop: `Array.encode(to:)` costs no lookup per element, and a loop of ours measured no
/// faster on `records`.)
protocol PlistDecodableArray {
    /// Reads every element of `container` and returns the array as `Result`, which is `Self`.
    static func plistDecodeElements<Result>(of container: inout PlistUnkeyedDecodingContainer, as result: Result.Type) throws -> Result
}

extension Array: PlistDecodableArray where Element: Decodable {
    static func plistDecodeElements<Result>(of container: inout PlistUnkeyedDecodingContainer, as result: Result.Type) throws -> Result {
        var elements: [Element] = []
        elements.reserveCapacity(container.unkeyed.count)
        while !container.isAtEnd {
            elements.append(try container.decode(Element.self))
        }
        // `Result` is `[Element]`: the caller found this conformance through `Result.self`.
        return sameTypeCast(elements, to: Result.self)
    }
}

/// Which of the types a decoder meets are arrays (conform to `PlistDecodableArray`),
/// remembered: asking the runtime costs about 400 instructions, as much as the array loop
/// saves, and a model meets the same few types again and again.
///
/// 64 slots in pairs. The pair is picked by a multiplicative hash of the type's metadata
/// address (shifted past its alignment first: metadata allocated together lie a Fibonacci
/// number of 16-byte steps apart often enough to collide otherwise). A type is looked for in
/// both slots of its pair; one not found goes into the first, the type there moving to the
/// second, so two busy types that share a pair both stay.
struct ArrayTypeCache {
    private struct Slot {
        var type: ObjectIdentifier?
        var arrayType: (any PlistDecodableArray.Type)?
    }

    private var slots = [Slot](repeating: Slot(), count: 64)

    /// `type` as a `PlistDecodableArray` type, or nil when it is no array.
    mutating func arrayType(of type: Any.Type) -> (any PlistDecodableArray.Type)? {
        let id = ObjectIdentifier(type)
        let hash = (UInt64(UInt(bitPattern: id)) &>> 4) &* 0x9E37_79B9_7F4A_7C15
        let first = Int(truncatingIfNeeded: hash &>> 59) &<< 1
        if slots[first].type == id { return slots[first].arrayType }
        if slots[first + 1].type == id { return slots[first + 1].arrayType }
        let arrayType = type as? any PlistDecodableArray.Type
        slots[first + 1] = slots[first]
        slots[first] = Slot(type: id, arrayType: arrayType)
        return arrayType
    }
}

extension PlistDecoderImpl {
    /// `value` as the array type `arrayType` (which is `T`), decoded as `Array.init(from:)`
    /// would: an unkeyed container of the value, then each element in turn.
    @inline(never)
    func unwrapArray<T>(_ value: Int, as arrayType: any PlistDecodableArray.Type, _ type: T.Type, path: CodingPathNode, depth: Int) throws -> T {
        try with(value, path: path, depth: depth) {
            var container = try unkeyedContainer(for: value, path: path, depth: depth)
            return try arrayType.plistDecodeElements(of: &container, as: T.self)
        }
    }
}
