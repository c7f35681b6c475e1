@_exported import OrderedCollections

/// A dictionary key in a ``Plist``: a string that compares by its exact Unicode scalars.
///
/// Swift's `String` equality treats canonically equivalent strings as equal, so `"é"`
/// (U+00E9) and `"e\u{301}"` would be one key. CFString on macOS, plistlib, libplist and
/// rust-plist keep them apart, and so does `PlistKey`: two keys are equal exactly when
/// their UTF-8 bytes are, and hashing follows the same bytes.
///
/// String literals convert implicitly (`value["name"]`, `["name": "Ada"]`); otherwise wrap
/// with ``init(_:)`` and read back with ``string``.
public struct PlistKey: Sendable {
    /// The key's text.
    public let string: String

    /// A key holding `string`, exactly as given (no normalisation).
    @inlinable
    public init(_ string: String) { self.string = string }
}

extension PlistKey: Hashable {
    /// True when both keys have the same Unicode scalars (the same UTF-8 bytes).
    ///
    /// - Complexity: O(*n*) in the keys' UTF-8 length.
    public static func == (lhs: PlistKey, rhs: PlistKey) -> Bool {
        // The same storage, or the same small-string bytes: equal without reading the text.
        if StringBits(lhs.string) == StringBits(rhs.string) {
            return true
        }
        // Native strings know their UTF-8 length: keys of other lengths differ.
        guard lhs.string.utf8.count == rhs.string.utf8.count else { return false }
        // Read in place where the strings allow it (no copies, no retains), else through copies.
        let inPlace = lhs.string.utf8.withContiguousStorageIfAvailable { x in
            rhs.string.utf8.withContiguousStorageIfAvailable { y in x.bytesEqual(y) }
        }
        if let equal = inPlace ?? nil { return equal }
        var a = lhs.string, b = rhs.string
        return a.withUTF8 { x in
            b.withUTF8 { y in
                x.bytesEqual(y)
            }
        }
    }

    /// Hashes the key's UTF-8 bytes eight at a time, as words, and the last few with the count
    /// as one more word: a few steps of the hasher where `combine(bytes:)` takes many. The
    /// bytes are read in place (`withUTF8` would need a copy of the string, and a retain).
    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
            Self.hash(ByteView(utf8), into: &hasher)
        }
        guard hashed == nil else { return }
        var text = string
        ByteView.with(utf8: &text) { Self.hash($0, into: &hasher) }
    }

    @inline(__always)
    private static func hash(_ bytes: ByteView, into hasher: inout Hasher) {
        var offset = 0
        while offset &+ 8 <= bytes.count {
            hasher.combine(bytes.word(at: offset))
            offset &+= 8
        }
        // Fewer than eight bytes are left: the count's low byte fits above them.
        var last = UInt64(truncatingIfNeeded: bytes.count) &<< 56
        var shift: UInt64 = 0
        while offset < bytes.count {
            last |= UInt64(bytes[offset]) &<< shift
            shift &+= 8
            offset &+= 1
        }
        hasher.combine(last)
    }
}

extension PlistKey {
    /// A cheap summary of a key's text (its UTF-8 length and first and last bytes): keys
    /// with other fingerprints differ, so a search compares in full only the keys that share
    /// the fingerprint. Used where encoders gather a dictionary's keys one by one.
    @inline(__always)
    package static func fingerprint(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return 0 }
            return UInt64(bytes.count) << 16 | UInt64(first) << 8 | UInt64(last)
        }
    }
}

extension PlistKey: ExpressibleByStringLiteral {
    /// A key from a string literal, with the literal's exact Unicode scalars.
    @inlinable
    public init(stringLiteral value: String) { self.string = value }
}

extension PlistKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// The key's text.
    public var description: String { string }
    /// The key's text, quoted and escaped as a Swift string literal.
    public var debugDescription: String { string.debugDescription }
}

/// The entries of a ``Plist/dictionary(_:)``: insertion-ordered, keyed by exact scalars.
///
/// `OrderedDictionary` comes from swift-collections; PlistKit re-exports it, so a program
/// that imports PlistKit can use its API without a second import.
public typealias PlistDictionary = OrderedDictionary<PlistKey, Plist>
