#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

extension BinaryWriter {
    /// The tables that make equal objects share one index, as CF's writer does for strings,
    /// numbers, dates and data. Containers are shared too, keyed by their child references.
    ///
    /// Neither table holds keys of its own. A scalar's encoding is canonical and starts with
    /// a marker that names its type, so two scalars are equal exactly when their encodings
    /// are: strings by their exact Unicode scalars (`"\u{E9}"` and `"e\u{301}"` stay
    /// distinct), reals and dates by bit pattern (`0.0` and `-0.0` stay distinct). The scalar
    /// table therefore compares a candidate's bytes with `scalarBytes`, and the container
    /// table compares marker and child references with `refs`.
    struct Uniquing {
        /// Scalars, by the hash of their encoding.
        var scalars = IndexTable()
        /// Containers, by the hash of their marker and child references.
        var containers = IndexTable()
        /// The storage of an array or a dictionary → its index. A value
        /// read from a file shares the storage of objects the file shares, and Swift's
        /// copy-on-write shares it in values a program builds; this table makes writing such a
        /// value cost its number of distinct containers, not its number of paths. The value
        /// being written is alive and immutable throughout, so addresses cannot be reused.
        var sharedStorage: [StorageIdentity: Int] = [:]

        /// Where a non-empty container's elements live: for an array, its buffer; for a
        /// dictionary, its keys' and values' buffers.
        struct StorageIdentity: Hashable {
            let first: UInt
            let second: UInt

            init?(_ elements: [Plist]) {
                guard !elements.isEmpty else { return nil }
                first = elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
                second = 0
            }

            init?(_ entries: OrderedDictionary<String, Plist>) {
                guard !entries.isEmpty else { return nil }
                first = entries.keys.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
                second = entries.values.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            }
        }
    }
}
