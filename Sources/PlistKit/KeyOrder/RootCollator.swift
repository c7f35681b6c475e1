#if canImport(_FoundationICU)
internal import _FoundationICU
#endif

/// The collation step of plutil's key order: ICU's root collator, as CoreFoundation opens it
/// for the root locale (no normalisation at the first pass, punctuation not ignorable,
/// numeric collation on), in the three configurations CF's text comparison switches between.
///
/// Each configuration is its own collator, set up once and never changed afterwards, so one
/// shared instance serves every thread (ICU collators may compare concurrently once
/// configured). Without ICU, a code-point stand-in keeps the order total and deterministic.
final class RootCollator: @unchecked Sendable {
    static let shared = RootCollator()

    enum Strength {
        /// Base letters only (CF's first pass, without normalisation).
        case primary
        /// Base letters and accents, case ignored.
        case secondary
        /// Everything ICU sees: accents, case (as a level of its own) and variants.
        case tertiary
    }

    #if canImport(_FoundationICU)
    private let primary: OpaquePointer?
    private let secondary: OpaquePointer?
    private let tertiary: OpaquePointer?
    private let nfd: OpaquePointer?

    private init() {
        func open(normalized: Bool, strength: UColAttributeValue, caseLevel: Bool) -> OpaquePointer? {
            var status = U_ZERO_ERROR
            let collator = swift_ucol_open("", &status)
            guard status.rawValue <= U_ZERO_ERROR.rawValue, let collator else { return nil }
            swift_ucol_setAttribute(collator, UCOL_NORMALIZATION_MODE, normalized ? UCOL_ON : UCOL_OFF, &status)
            swift_ucol_setAttribute(collator, UCOL_ALTERNATE_HANDLING, UCOL_NON_IGNORABLE, &status)
            swift_ucol_setAttribute(collator, UCOL_STRENGTH, strength, &status)
            swift_ucol_setAttribute(collator, UCOL_CASE_LEVEL, caseLevel ? UCOL_ON : UCOL_OFF, &status)
            swift_ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_ON, &status)
            guard status.rawValue <= U_ZERO_ERROR.rawValue else {
                swift_ucol_close(collator)
                return nil
            }
            return collator
        }
        primary = open(normalized: false, strength: UCOL_PRIMARY, caseLevel: false)
        secondary = open(normalized: true, strength: UCOL_SECONDARY, caseLevel: false)
        tertiary = open(normalized: true, strength: UCOL_TERTIARY, caseLevel: true)
        var status = U_ZERO_ERROR
        nfd = swift_unorm2_getNFDInstance(&status)
    }

    /// -1, 0 or 1 as ICU orders `a` and `b` at `strength`.
    func compare(_ a: ArraySlice<UInt16>, _ b: ArraySlice<UInt16>, _ strength: Strength) -> Int {
        let collator: OpaquePointer?
        switch strength {
        case .primary: collator = primary
        case .secondary: collator = secondary
        case .tertiary: collator = tertiary
        }
        guard let collator else { return Self.fallbackCompare(a, b, strength) }
        let result = a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in swift_ucol_strcoll(collator, a.baseAddress, Int32(a.count), b.baseAddress, Int32(b.count)) }
        }
        return result == UCOL_LESS ? -1 : result == UCOL_GREATER ? 1 : 0
    }

    /// The full case folding of `scalar`, or nil when folding leaves it unchanged.
    func caseFolded(_ scalar: UInt32) -> [UInt32]? {
        guard let source = Unicode.Scalar(scalar) else { return nil }
        let units = Array(String(Character(source)).utf16)
        var folded = [UInt16](repeating: 0, count: 8)
        var status = U_ZERO_ERROR
        let count = swift_u_strFoldCase(&folded, 8, units, Int32(units.count), UInt32(U_FOLD_CASE_DEFAULT), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, count > 0, count <= 8 else { return nil }
        let scalars = String(decoding: folded[..<Int(count)], as: UTF16.self).unicodeScalars.map(\.value)
        return scalars == [scalar] ? nil : scalars
    }

    /// The full canonical decomposition of `scalar`, or nil when it has none.
    func canonicalDecomposition(_ scalar: UInt32) -> [UInt32]? {
        guard let nfd else { return nil }
        var units = [UInt16](repeating: 0, count: 32)
        var status = U_ZERO_ERROR
        let count = swift_unorm2_getDecomposition(nfd, Int32(bitPattern: scalar), &units, 32, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, count > 0, count <= 32 else { return nil }
        return String(decoding: units[..<Int(count)], as: UTF16.self).unicodeScalars.map(\.value)
    }
    #else
    private init() {}

    func compare(_ a: ArraySlice<UInt16>, _ b: ArraySlice<UInt16>, _ strength: Strength) -> Int {
        Self.fallbackCompare(a, b, strength)
    }

    func caseFolded(_ scalar: UInt32) -> [UInt32]? {
        guard let source = Unicode.Scalar(scalar) else { return nil }
        let lower = source.properties.lowercaseMapping.unicodeScalars.map(\.value)
        return lower == [scalar] ? nil : lower
    }

    func canonicalDecomposition(_ scalar: UInt32) -> [UInt32]? { nil }
    #endif

    /// Without ICU: scalars compared case-insensitively (primary, secondary), then with
    /// lowercase first (tertiary).
    private static func fallbackCompare(_ a: ArraySlice<UInt16>, _ b: ArraySlice<UInt16>, _ strength: Strength) -> Int {
        let x = String(decoding: a, as: UTF16.self).unicodeScalars
        let y = String(decoding: b, as: UTF16.self).unicodeScalars
        let lowerX = x.flatMap { $0.properties.lowercaseMapping.unicodeScalars }
        let lowerY = y.flatMap { $0.properties.lowercaseMapping.unicodeScalars }
        if !lowerX.elementsEqual(lowerY) {
            return lowerX.lexicographicallyPrecedes(lowerY) ? -1 : 1
        }
        guard strength == .tertiary, !x.elementsEqual(y) else { return 0 }
        // Lowercase before uppercase: the larger scalar (lowercase in ASCII and Latin-1) first.
        return x.lexicographicallyPrecedes(y) ? 1 : -1
    }
}
