#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

extension BinaryWriter {
    /// The tables that make equal objects share one index, as CF's writer does for strings,
    /// numbers, dates and data. Containers are shared too, keyed by their child references.
    struct Uniquing {
        /// A scalar's identity: its type and exact value (reals and dates by bit pattern, so
        /// `0.0` and `-0.0` stay distinct).
        enum ScalarKey: Hashable {
            case string(ExactString)
            case integer(PlistInteger)
            case real(UInt64)
            case bool(Bool)
            case date(UInt64)
            case data(Data)
            case uid(UInt64)
        }

        var scalars: [ScalarKey: Int] = [:]

        /// A string compared by its exact Unicode scalars (UTF-8 bytes), not by Swift's
        /// canonical equivalence: `"\u{E9}"` and `"e\u{301}"` are different objects.
        struct ExactString: Hashable {
            let string: String

            static func == (lhs: ExactString, rhs: ExactString) -> Bool {
                lhs.string.utf8.elementsEqual(rhs.string.utf8)
            }

            func hash(into hasher: inout Hasher) {
                var string = string
                string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
        }
        /// Container hash (marker, count, child refs) → index of the first such container.
        var containers: [Int: Int] = [:]
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
