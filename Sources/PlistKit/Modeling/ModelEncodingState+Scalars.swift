#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ModelEncodingState {
    /// Writes `value` at `depth` as its `encode(plist:)` would when `T` is one of the scalars
    /// the state writes itself (`String`, `Int`, `Double`, `Bool`, `Date`, `UUID`), and returns
    /// true; returns false for any other type. Specialized for one `T` in the caller's module, the
    /// type tests fold away, so a scalar field or element is written with no nested encoder
    /// made (and no reference to the state taken) to pass to its `encode(plist:)`.
    @inlinable @inline(__always)
    func writeScalar<T>(_ value: T, mark: Int, depth: Int) -> Bool {
        if T.self == String.self {
            write(string: sameTypeCast(value, to: String.self), mark: mark, depth: depth)
        } else if T.self == Int.self {
            write(integer: Int64(sameTypeCast(value, to: Int.self)), mark: mark, depth: depth)
        } else if T.self == Double.self {
            write(real: sameTypeCast(value, to: Double.self), mark: mark, depth: depth)
        } else if T.self == Bool.self {
            write(bool: sameTypeCast(value, to: Bool.self), mark: mark, depth: depth)
        } else if T.self == Date.self {
            write(date: sameTypeCast(value, to: Date.self), mark: mark, depth: depth)
        } else if T.self == UUID.self {
            write(uuid: sameTypeCast(value, to: UUID.self), mark: mark, depth: depth)
        } else {
            return false
        }
        return true
    }
}
