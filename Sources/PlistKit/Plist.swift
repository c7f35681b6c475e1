#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// A property-list value: the one type every PlistKit reader produces and every writer consumes.
///
/// Like the object graphs `PropertyListSerialization` returns, but typed and lossless:
/// dictionaries keep their key order, integers span −2⁶³ … 2⁶⁴−1, and binary-plist UIDs
/// (the references inside keyed archives) are a case of their own.
///
/// Binary sets (marker `0xC`) have no case of their own: they decode as arrays.
public enum Plist: Sendable {
    /// A dictionary with string keys, in the order the file (or the program) gave them.
    case dictionary(OrderedDictionary<String, Plist>)
    /// An ordered list of values.
    case array([Plist])
    /// A Unicode string.
    case string(String)
    /// An integer in −2⁶³ … 2⁶⁴−1.
    case integer(PlistInteger)
    /// A floating-point number. Four-byte binary reals widen to `Double`.
    case real(Double)
    /// A Boolean.
    case bool(Bool)
    /// A point in time, stored as seconds since 2001-01-01T00:00:00Z.
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// A keyed-archive object reference (`CF$UID` in XML, marker `0x8` in binary).
    case uid(UInt64)
}
