/// An integer in the range a property list can hold: −2⁶³ … 2⁶⁴−1.
///
/// Values that fit in `Int64` are stored signed; values above `Int64.max` are stored
/// as their `UInt64` magnitude. Binary plists write the latter as 16-byte integers,
/// XML as decimal text.
public struct PlistInteger: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The value's bits: two's complement when `isLarge` is false, unsigned otherwise.
    private let bits: UInt64
    /// True when the value is greater than `Int64.max`.
    private let isLarge: Bool

    /// The smallest value a plist integer can hold: `Int64.min`.
    public static let min = PlistInteger(Int64.min)
    /// The largest value a plist integer can hold: `UInt64.max`.
    public static let max = PlistInteger(UInt64.max)

    /// Creates an integer from a signed 64-bit value.
    public init(_ value: Int64) {
        bits = UInt64(bitPattern: value)
        isLarge = false
    }

    /// Creates an integer from an unsigned 64-bit value.
    public init(_ value: UInt64) {
        bits = value
        isLarge = value > UInt64(Int64.max)
    }

    /// Creates an integer from a platform `Int`.
    public init(_ value: Int) {
        self.init(Int64(value))
    }

    /// Creates an integer from any binary integer, or returns nil when the value is
    /// outside −2⁶³ … 2⁶⁴−1.
    public init?(exactly value: some BinaryInteger) {
        if let signed = Int64(exactly: value) {
            self.init(signed)
        } else if let unsigned = UInt64(exactly: value) {
            self.init(unsigned)
        } else {
            return nil
        }
    }

    /// Parses decimal text (an optional `+` or `-` sign, then digits), or returns nil when
    /// the text is not a number or is outside the range.
    public init?(decimal text: some StringProtocol) {
        if let signed = Int64(text) {
            self.init(signed)
        } else if text.first != "-", let unsigned = UInt64(text.first == "+" ? text.dropFirst() : text[...]) {
            self.init(unsigned)
        } else {
            return nil
        }
    }

    /// The value no initializer above makes, `isLarge` with bits that fit `Int64`: how
    /// ``StagedObject`` marks a container already written to a binary table, which no value
    /// a program encodes can then be mistaken for.
    init(stagedObject index: UInt32) {
        bits = UInt64(index)
        isLarge = true
    }

    /// The index ``init(stagedObject:)`` holds; nil for every integer.
    @inline(__always)
    var stagedObjectIndex: UInt32? {
        isLarge && bits <= UInt64(Int64.max) ? UInt32(truncatingIfNeeded: bits) : nil
    }

    /// The value as `Int64`, or nil when it is above `Int64.max`.
    public var int64Value: Int64? { isLarge ? nil : Int64(bitPattern: bits) }

    /// The value as `UInt64`, or nil when it is negative.
    public var uint64Value: UInt64? { isLarge || Int64(bitPattern: bits) >= 0 ? bits : nil }

    /// The value as `Int`, or nil when it does not fit.
    public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

    /// True when the value is below zero.
    public var isNegative: Bool { !isLarge && Int64(bitPattern: bits) < 0 }

    /// The value converted to `Double` (rounded where it has more than 53 significant bits).
    public var doubleValue: Double { isLarge ? Double(bits) : Double(Int64(bitPattern: bits)) }

    /// The value as the given integer type, or nil when it does not fit.
    public func exactly<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        isLarge ? T(exactly: bits) : T(exactly: Int64(bitPattern: bits))
    }

    /// Decimal text, as XML plists and `plutil -p` write it.
    public var description: String {
        isLarge ? String(bits) : String(Int64(bitPattern: bits))
    }

    /// Whether `lhs` is smaller, comparing the values as mathematical integers (every negative
    /// value is below every value above `Int64.max`).
    public static func < (lhs: PlistInteger, rhs: PlistInteger) -> Bool {
        switch (lhs.isLarge, rhs.isLarge) {
        case (false, false): Int64(bitPattern: lhs.bits) < Int64(bitPattern: rhs.bits)
        case (true, true): lhs.bits < rhs.bits
        case (false, true): true
        case (true, false): false
        }
    }
}

extension PlistInteger: ExpressibleByIntegerLiteral {
    /// An integer from an integer literal.
    public init(integerLiteral value: Int64) {
        self.init(value)
    }
}
