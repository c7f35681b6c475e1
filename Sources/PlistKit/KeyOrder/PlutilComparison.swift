/// plutil's key comparison, worked out on UTF-16 code units: CoreFoundation's
/// `CFStringCompareWithOptionsAndLocale` with case-insensitive, non-literal, numeric and
/// forced-ordering options in the root locale (what `compare(_:options:range:locale:)` with
/// `[.numeric, .caseInsensitive, .forcedOrdering]` asks of it on Linux).
///
/// CF walks both strings itself while they agree: runs of ASCII digits compare by value,
/// ASCII letters and whole clusters fold case (the first difference is remembered, so that
/// strings equal but for case still come out in a fixed order). At the first real difference
/// it hands the rest to ICU (``PlutilCollation``). This is a re-implementation of that walk,
/// not of CF's code: its buffers overflowed on long keys, which killed the process.
struct PlutilComparison {
    let a: [UInt16]
    let b: [UInt16]
    let collator: RootCollator

    /// A case-folded, decomposed cluster being matched one scalar at a time.
    private struct Folding {
        var scalars: [UInt32] = []
        var next = 0
        var isActive: Bool { !scalars.isEmpty }

        mutating func take() -> UInt32 {
            defer { next += 1 }
            return scalars[next]
        }

        /// Starts matching `folded`, when the scalar folds to anything: its first scalar
        /// replaces `scalar`, and `used` becomes the code units the fold consumed.
        mutating func start(_ folded: (scalars: [UInt32], consumed: Int, overflowed: Bool), scalar: inout UInt32, used: inout Int) {
            guard !folded.scalars.isEmpty else { return }
            scalars = folded.scalars
            next = 1
            scalar = folded.scalars[0]
            used = folded.consumed
        }

        mutating func finishIfDone() {
            if isActive, next == scalars.count { scalars = []; next = 0 }
        }
    }

    /// The next scalar of a fold in progress, or else the code unit at `index` of `text`
    /// (ASCII lowercased once the comparison is down to case), with `used` set to 1.
    @inline(__always)
    private static func nextUnit(_ folding: inout Folding, _ text: [UInt16], _ index: Int, lowercased: Bool, used: inout Int) -> UInt32 {
        if folding.isActive { return folding.take() }
        used = 1
        let unit = UInt32(text[index])
        return lowercased && isUpperASCII(unit) ? unit + 0x20 : unit
    }

    /// -1, 0 or 1.
    func compare() -> Int {
        var i = 0, j = 0
        var usedA = 1, usedB = 1
        var foldA = Folding(), foldB = Folding()
        var anchorA = 0, anchorB = 0
        var forcedA = 0, forcedB = 0
        var result = 0
        var numericTie = false
        var holdFoldA = 0, holdFoldB = 0

        while i < a.count, j < b.count {
            var x = Self.nextUnit(&foldA, a, i, lowercased: result != 0, used: &usedA)
            var y = Self.nextUnit(&foldB, b, j, lowercased: result != 0, used: &usedB)

            if !foldA.isActive, !foldB.isActive, Self.isDigit(x), Self.isDigit(y) {
                let startA = i, startB = j
                var valueA: UInt64 = 0, valueB: UInt64 = 0
                repeat {
                    valueA = valueA &* 10 &+ UInt64(x - 0x30)
                    i += 1
                    x = Self.unit(a, i)
                } while Self.isDigit(x)
                repeat {
                    valueB = valueB &* 10 &+ UInt64(y - 0x30)
                    j += 1
                    y = Self.unit(b, j)
                } while Self.isDigit(y)
                if valueA != valueB { return valueA < valueB ? -1 : 1 }
                if result == 0, i - startA != j - startB {
                    // Equal values, more leading zeros later: "1" before "01".
                    result = i - startA < j - startB ? -1 : 1
                    numericTie = true
                    forcedA = startA
                    forcedB = startB
                }
                continue
            }

            if x != y {
                if result == 0 {
                    result = x < y ? -1 : 1
                    forcedA = anchorA
                    forcedB = anchorB
                }
                if x < 0x80, y < 0x80 { return collation(i, j) }
                if Self.isHighSurrogate(x), Self.isLowSurrogate(Self.unit(a, i + 1)) {
                    x = Self.scalar(x, Self.unit(a, i + 1))
                    usedA = 2
                }
                if Self.isHighSurrogate(y), Self.isLowSurrogate(Self.unit(b, j + 1)) {
                    y = Self.scalar(y, Self.unit(b, j + 1))
                    usedB = 2
                }
                if x != y {
                    if !foldA.isActive, holdFoldA == 0 || holdFoldA == i {
                        holdFoldA = 0
                        let folded = fold(x, in: a, at: i)
                        foldA.start(folded, scalar: &x, used: &usedA)
                        if folded.overflowed { holdFoldA = Self.clusterEnd(a, from: i) }
                    }
                    if !foldA.isActive, foldB.isActive { return collation(anchorA, anchorB) }
                    if !foldB.isActive, !foldA.isActive || x != y, holdFoldB == 0 || holdFoldB == j {
                        holdFoldB = 0
                        let folded = fold(y, in: b, at: j)
                        foldB.start(folded, scalar: &y, used: &usedB)
                        if !foldB.isActive || x != y { return collation(anchorA, anchorB) }
                        if folded.overflowed { holdFoldB = Self.clusterEnd(b, from: j) }
                    }
                }
                if foldA.isActive, foldB.isActive {
                    while foldA.next < foldA.scalars.count, foldB.next < foldB.scalars.count,
                          foldA.scalars[foldA.next] == foldB.scalars[foldB.next] {
                        foldA.next += 1
                        foldB.next += 1
                    }
                    if foldA.next < foldA.scalars.count, foldB.next < foldB.scalars.count {
                        return collation(anchorA, anchorB)
                    }
                }
            }

            foldA.finishIfDone()
            foldB.finishIfDone()
            if !foldA.isActive { i += usedA }
            if !foldB.isActive { j += usedB }
            if !foldA.isActive, !foldB.isActive {
                anchorA = i
                anchorB = j
            }
        }

        if !numericTie, result != 0, i == a.count, j == b.count {
            result = collation(forcedA, forcedB)
        }
        return i < a.count ? 1 : j < b.count ? -1 : result
    }

    private func collation(_ i: Int, _ j: Int) -> Int {
        PlutilCollation(a: a, b: b, collator: collator).compare(from: i, j)
    }

    // MARK: Folding one cluster

    /// The most scalars CF folds a cluster into; a longer cluster is left unfolded.
    private static let foldCapacity = 64

    /// `scalar` (at `index`, taking one or two units) with case folded, canonically
    /// decomposed and its following combining marks (decomposed, in canonical order)
    /// appended; empty when that changes nothing.
    private func fold(_ scalar: UInt32, in text: [UInt16], at index: Int) -> (scalars: [UInt32], consumed: Int, overflowed: Bool) {
        guard scalar != 0 else { return ([], 0, false) }
        var out: [UInt32] = []
        var next = index + (scalar > 0xFFFF ? 2 : 1)
        var base = scalar
        if base < 0x80 {
            if Self.isUpperASCII(base) { out = [base + 0x20] }
        } else {
            if Self.isHighSurrogate(base), Self.isLowSurrogate(Self.unit(text, next)) {
                base = Self.scalar(base, Self.unit(text, next))
                next += 1
            }
            if let decomposition = collator.canonicalDecomposition(base) {
                out = decomposition
                base = decomposition[0]
            }
            if let folded = collator.caseFolded(base) {
                out = folded + out.dropFirst()
            }
        }
        var overflowed = false
        var ended = false
        if out.isEmpty {
            let (mark, width) = Self.scalarAt(text, next)
            if Self.isGraphemeExtend(mark) {
                out = [base] + (collator.canonicalDecomposition(mark) ?? [mark])
                next += width
            } else {
                ended = true
            }
        }
        if !ended {
            while out.count < Self.foldCapacity {
                let (mark, width) = Self.scalarAt(text, next)
                guard Self.isGraphemeExtend(mark) else { ended = true; break }
                let pieces = collator.canonicalDecomposition(mark) ?? [mark]
                if out.count + pieces.count > Self.foldCapacity { break }
                out += pieces
                next += width
            }
            overflowed = !ended
        }
        if out.count > 1 { Self.orderMarks(&out) }
        return (out, next - index, overflowed)
    }

    /// CF's "priority sort": the trailing run of marks, after its leading class-0
    /// scalars, bubble-sorted by canonical combining class.
    private static func orderMarks(_ scalars: inout [UInt32]) {
        var start = scalars.count - 1
        while start > 0, isGraphemeExtend(scalars[start]) { start -= 1 }
        guard scalars.count - start > 1 else { return }
        while start < scalars.count, combiningClass(scalars[start]) == 0 { start += 1 }
        guard scalars.count - start > 1 else { return }
        var changed = true
        while changed {
            changed = false
            for k in start..<(scalars.count - 1) where combiningClass(scalars[k]) > combiningClass(scalars[k + 1]) {
                scalars.swapAt(k, k + 1)
                changed = true
            }
        }
    }

    /// The end of the grapheme cluster starting at `index` (a base and its marks).
    private static func clusterEnd(_ text: [UInt16], from index: Int) -> Int {
        var next = index + scalarAt(text, index).width
        while next < text.count {
            let (mark, width) = scalarAt(text, next)
            guard isGraphemeExtend(mark) else { break }
            next += width
        }
        return next
    }

    // MARK: Code units

    @inline(__always) static func unit(_ text: [UInt16], _ index: Int) -> UInt32 {
        index < text.count ? UInt32(text[index]) : 0
    }

    /// The scalar at `index` (a lone surrogate stands for itself) and its width in units.
    static func scalarAt(_ text: [UInt16], _ index: Int) -> (scalar: UInt32, width: Int) {
        let first = unit(text, index)
        if isHighSurrogate(first), isLowSurrogate(unit(text, index + 1)) {
            return (scalar(first, unit(text, index + 1)), 2)
        }
        return (first, 1)
    }

    @inline(__always) static func isUpperASCII(_ unit: UInt32) -> Bool { unit >= 0x41 && unit <= 0x5A }
    @inline(__always) static func isDigit(_ unit: UInt32) -> Bool { unit >= 0x30 && unit <= 0x39 }
    @inline(__always) static func isHighSurrogate(_ unit: UInt32) -> Bool { unit & 0xFC00 == 0xD800 }
    @inline(__always) static func isLowSurrogate(_ unit: UInt32) -> Bool { unit & 0xFC00 == 0xDC00 }
    @inline(__always) static func scalar(_ high: UInt32, _ low: UInt32) -> UInt32 {
        0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }

    static func isGraphemeExtend(_ scalar: UInt32) -> Bool {
        guard scalar >= 0x300, let value = Unicode.Scalar(scalar) else { return false }
        return value.properties.isGraphemeExtend
    }

    static func combiningClass(_ scalar: UInt32) -> UInt8 {
        guard scalar >= 0x300, let value = Unicode.Scalar(scalar) else { return 0 }
        return value.properties.canonicalCombiningClass.rawValue
    }
}
