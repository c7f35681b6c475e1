/// The second half of plutil's key comparison: what CoreFoundation's
/// `_CFCompareStringsWithLocale` does with the rest of two keys once its own walk finds a
/// difference.
///
/// The comparison starts one base character before the difference (further back over
/// marks and punctuation). When both rests are short, ICU compares them whole: primary
/// strength, then secondary, then tertiary with case as a level, then code points. Longer
/// rests go forward in runs that end just after a character that is
/// neither alphanumeric, punctuation nor a control (a space or a symbol, for instance).
/// Each pair of runs is compared by ICU at primary strength, then secondary; a primary
/// difference decides at once, a secondary one lets the run grow, and runs that differ only
/// in case or code points remember the first such difference and move on. Like CF, when
/// one key runs out first its last run keeps standing in for it.
struct PlutilCollation {
    let a: [UInt16]
    let b: [UInt16]
    let collator: RootCollator

    /// The longest rests CF compares in one piece (the size of its inline character buffer).
    private static let wholeLimit = 64

    /// -1, 0 or 1, comparing `a[i...]` with `b[j...]` (both non-empty).
    func compare(from i: Int, _ j: Int) -> Int {
        var startA = i > 0 ? Self.extendBackward(a, from: i - 1) : i
        var startB = j > 0 ? Self.extendBackward(b, from: j - 1) : j
        if a.count - i <= Self.wholeLimit, b.count - j <= Self.wholeLimit {
            // Short rests: one comparison of everything from the starts to the ends.
            let order = compareText(a[startA...], b[startB...]).order
            return order < 0 ? -1 : 1
        }
        var endA = i, endB = j
        var runA = startA..<startA, runB = startB..<startB
        var result = 0
        var order = 0
        repeat {
            if endA < a.count {
                endA = Self.extendForward(a, from: endA)
                runA = startA..<endA
            }
            if endB < b.count {
                endB = Self.extendForward(b, from: endB)
                runB = startB..<endB
            }
            let (equivalent, difference) = compareText(a[runA], b[runB])
            if equivalent {
                if result == 0, difference != 0 { result = difference < 0 ? -1 : 1 }
                order = 0
            } else {
                order = difference
            }
            if order < -1 || order > 1 { break }
            if order == 0 {
                startA = endA
                startB = endB
            }
        } while endA < a.count || endB < b.count
        if order != 0 { result = order < 0 ? -1 : 1 }
        return result
    }

    /// ICU's verdict on two runs: ±2 for a primary difference, ±1 for a secondary one
    /// (`equivalent` false), or, when equivalent, ±1 for a case, variant or code-point
    /// difference and 0 for identical runs.
    private func compareText(_ x: ArraySlice<UInt16>, _ y: ArraySlice<UInt16>) -> (equivalent: Bool, order: Int) {
        let primary = collator.compare(x, y, .primary)
        if primary != 0 { return (false, 2 * primary) }
        let secondary = collator.compare(x, y, .secondary)
        if secondary != 0 { return (false, secondary) }
        let tertiary = collator.compare(x, y, .tertiary)
        if tertiary != 0 { return (true, tertiary) }
        return (true, x.lexicographicallyPrecedes(y) ? -1 : x.elementsEqual(y) ? 0 : 1)
    }

    // MARK: Runs

    /// Back from `index` over marks and punctuation, stopping at the first other character.
    private static func extendBackward(_ text: [UInt16], from index: Int) -> Int {
        var location = index
        while location > 0 {
            let unit = UInt32(text[location])
            if PlutilComparison.isLowSurrogate(unit), PlutilComparison.isHighSurrogate(UInt32(text[location - 1])) {
                let scalar = PlutilComparison.scalar(UInt32(text[location - 1]), unit)
                let category = generalCategory(scalar)
                if scalar >> 16 > 1 || !(isMark(category) || isPunctuation(category)) { break }
                location -= 2
            } else {
                let category = generalCategory(unit)
                if !(isMark(category) || isPunctuation(category)) || (unit >= 0x2E80 && unit < 0xAC00) { break }
                location -= 1
            }
        }
        return location
    }

    /// Forward from `index` to just after the first character that is not alphanumeric,
    /// punctuation or a control (or is CJK), or to the end.
    private static func extendForward(_ text: [UInt16], from index: Int) -> Int {
        var location = index
        repeat {
            let unit = PlutilComparison.unit(text, location)
            let next = PlutilComparison.unit(text, location + 1)
            if PlutilComparison.isHighSurrogate(unit), PlutilComparison.isLowSurrogate(next) {
                location += 2
                if !continuesRun(generalCategory(PlutilComparison.scalar(unit, next))) { break }
            } else {
                location += 1
                if !continuesRun(generalCategory(unit)) || (unit >= 0x2E80 && unit < 0xAC00) { break }
            }
        } while location < text.count
        return location
    }

    private static func generalCategory(_ scalar: UInt32) -> Unicode.GeneralCategory? {
        Unicode.Scalar(scalar)?.properties.generalCategory
    }

    private static func continuesRun(_ category: Unicode.GeneralCategory?) -> Bool {
        guard let category else { return false }
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber,
             .control, .format:
            return true
        default:
            return isPunctuation(category)
        }
    }

    private static func isMark(_ category: Unicode.GeneralCategory?) -> Bool {
        category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
    }

    private static func isPunctuation(_ category: Unicode.GeneralCategory?) -> Bool {
        switch category {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}
