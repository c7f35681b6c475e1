#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One step through a property list in document order: what ``PlistEventReader`` delivers
/// and ``PlistEventWriter`` takes.
///
/// A document is exactly one value. A scalar value is one event; an array is
/// ``startArray(count:)``, its elements' events, then ``endArray``; a dictionary is
/// ``startDictionary(count:)``, then for each entry a ``key(_:)`` followed by the value's
/// events, then ``endDictionary``. The scalar cases mirror ``Plist``'s, and two events are
/// equal when the ``Plist`` values they carry would be (reals and dates compare bit for bit).
public enum PlistEvent: Sendable {
    /// The start of a dictionary, with its number of entries where the format states it
    /// before the entries (binary does; the text formats do not).
    case startDictionary(count: Int?)
    /// The end of the innermost open dictionary.
    case endDictionary
    /// The start of an array, with its number of elements where the format states it
    /// before the elements (binary does; the text formats do not). Binary sets read as arrays.
    case startArray(count: Int?)
    /// The end of the innermost open array.
    case endArray
    /// A dictionary key; the next value's events are its value.
    case key(String)
    /// A string value.
    case string(String)
    /// An integer value, anywhere in −2⁶³ … 2⁶⁴−1.
    case integer(PlistInteger)
    /// A 64-bit real value.
    case real(Double)
    /// A 32-bit real value, as binary property lists can store one.
    case real32(Float)
    /// A Boolean value.
    case bool(Bool)
    /// A date value.
    case date(Date)
    /// A data value.
    case data(Data)
    /// A keyed-archive object reference.
    case uid(UInt64)
}

extension PlistEvent {
    /// The scalar value this event carries, or nil for the structural events (start, end, key).
    public var scalar: Plist? {
        switch self {
        case .startDictionary, .endDictionary, .startArray, .endArray, .key: nil
        case .string(let value): .string(value)
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .real32(let value): .real32(value)
        case .bool(let value): .bool(value)
        case .date(let value): .date(value)
        case .data(let value): .data(value)
        case .uid(let value): .uid(value)
        }
    }

    /// The event for a scalar value, or nil when `value` is an array or a dictionary.
    public init?(scalar value: Plist) {
        switch value {
        case .dictionary, .array: return nil
        case .string(let value): self = .string(value)
        case .integer(let value): self = .integer(value)
        case .real(let value): self = .real(value)
        case .real32(let value): self = .real32(value)
        case .bool(let value): self = .bool(value)
        case .date(let value): self = .date(value)
        case .data(let value): self = .data(value)
        case .uid(let value): self = .uid(value)
        }
    }
}

extension PlistEvent: Hashable {
    /// Equal when both are the same structural event (counts included) or carry equal
    /// scalars by ``Plist``'s `==`.
    public static func == (lhs: PlistEvent, rhs: PlistEvent) -> Bool {
        switch (lhs, rhs) {
        case (.startDictionary(let a), .startDictionary(let b)), (.startArray(let a), .startArray(let b)): a == b
        case (.endDictionary, .endDictionary), (.endArray, .endArray): true
        case (.key(let a), .key(let b)): PlistKey(a) == PlistKey(b)
        default: lhs.scalar != nil && lhs.scalar == rhs.scalar
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .startDictionary(let count): hasher.combine(0); hasher.combine(count)
        case .endDictionary: hasher.combine(1)
        case .startArray(let count): hasher.combine(2); hasher.combine(count)
        case .endArray: hasher.combine(3)
        case .key(let key): hasher.combine(4); hasher.combine(PlistKey(key))
        default: hasher.combine(5); hasher.combine(scalar)
        }
    }
}
