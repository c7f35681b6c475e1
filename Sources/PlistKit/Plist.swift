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
    /// Keys compare by exact Unicode scalars (``PlistKey``).
    case dictionary(PlistDictionary)
    /// An ordered list of values.
    case array([Plist])
    /// A Unicode string.
    case string(String)
    /// An integer in −2⁶³ … 2⁶⁴−1.
    case integer(PlistInteger)
    /// A floating-point number (8-byte binary reals, XML `<real>`, JSON numbers with a
    /// fraction or exponent).
    case real(Double)
    /// A 4-byte binary real, kept at its width so that it writes back as the same 4 bytes.
    ///
    /// It equals `.real(Double(value))` (see ``==(_:_:)``); ``real`` reads it as `Double`.
    case real32(Float)
    /// A Boolean.
    case bool(Bool)
    /// A point in time, stored as seconds since 2001-01-01T00:00:00Z.
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// A keyed-archive object reference (`CF$UID` in XML, marker `0x8` in binary).
    case uid(UInt64)
}
