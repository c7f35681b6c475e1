#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BinaryWriter {
    /// The tables that make equal objects share one index, as CF's writer does for strings,
    /// numbers, dates and data. Containers are shared too, keyed by their child references.
    struct Uniquing {
        /// A scalar's identity: its type and exact value (reals and dates by bit pattern, so
        /// `0.0` and `-0.0` stay distinct).
        enum ScalarKey: Hashable {
            case string(String)
            case integer(PlistInteger)
            case real(UInt64)
            case bool(Bool)
            case date(UInt64)
            case data(Data)
            case uid(UInt64)
        }

        var scalars: [ScalarKey: Int] = [:]
        /// Container hash (marker, count, child refs) → index of the first such container.
        var containers: [Int: Int] = [:]
    }
}
