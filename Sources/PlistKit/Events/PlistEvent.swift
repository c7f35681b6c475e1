#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One step through a property list in document order: what ``PlistEventReader`` delivers
/// and ``PlistEventWriter`` takes.
///
/// A document is exactly one value. A scalar value is one ``scalar(_:)`` event; an array is
/// ``startArray(count:)``, its elements' events, then ``endArray``; a dictionary is
/// ``startDictionary(count:)``, then for each entry a ``key(_:)`` followed by the value's
/// events, then ``endDictionary``. Two events are equal when they are the same structural
/// event, the same key, or carry equal ``Plist`` values (by ``Plist``'s `==`: reals and dates
/// by value, every NaN equal to every NaN).
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
    /// A scalar value: a string, integer, real, Boolean, date, data or UID, never an array
    /// or a dictionary (``PlistEventWriter`` refuses one here; write a container as its
    /// events, or whole with ``PlistEventWriter/write(_:)-(Plist)``).
    case scalar(Plist)
}

extension PlistEvent: Hashable {
    /// Equal when both are the same structural event (counts included), the same key (by
    /// exact Unicode scalars, as ``PlistKey``), or carry equal scalars by ``Plist``'s `==`.
    public static func == (lhs: PlistEvent, rhs: PlistEvent) -> Bool {
        switch (lhs, rhs) {
        case (.startDictionary(let a), .startDictionary(let b)), (.startArray(let a), .startArray(let b)): a == b
        case (.endDictionary, .endDictionary), (.endArray, .endArray): true
        case (.key(let a), .key(let b)): PlistKey(a) == PlistKey(b)
        case (.scalar(let a), .scalar(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .startDictionary(let count): hasher.combine(0); hasher.combine(count)
        case .endDictionary: hasher.combine(1)
        case .startArray(let count): hasher.combine(2); hasher.combine(count)
        case .endArray: hasher.combine(3)
        case .key(let key): hasher.combine(4); hasher.combine(PlistKey(key))
        case .scalar(let value): hasher.combine(5); hasher.combine(value)
        }
    }
}
