import Foundation
import PlistKit

/// The floor under a decode of many small documents into `Plist`: the same trees allocated and
/// freed again, from values decoded before, with no input read. Every array, dictionary (its
/// keys' table and its values), string value over the 15 bytes Swift keeps inline and data value
/// is made anew, and the keys are the decoded tree's own (retained, not copied), so this makes
/// fewer allocations than any decoder into `Plist` must: a decoder of the same bytes cannot build
/// and release the same trees in less time.
enum TreeFloor {
    /// A tree equal to `value` in new storage, but for the keys.
    static func rebuilt(_ value: Plist) -> Plist {
        switch value {
        case .dictionary(let entries):
            var values = ContiguousArray<Plist>()
            values.reserveCapacity(entries.count)
            for element in entries.values { values.append(rebuilt(element)) }
            return .dictionary(PlistDictionary(uncheckedUniqueKeys: entries.keys.elements, values: values))
        case .array(let elements):
            return .array(elements.map(rebuilt))
        case .string(let text):
            return .string(copy(text))
        case .data(let bytes):
            return .data(Data(bytes))
        default:
            return value
        }
    }

    /// `text` in storage of its own (small strings are stored inline, as a decoder's are).
    private static func copy(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            String(unsafeUninitializedCapacity: utf8.count) { buffer in
                _ = buffer.initialize(from: utf8)
                return utf8.count
            }
        }
    }

    /// Times rebuilding and releasing every document's tree `runs` times (after one warm-up
    /// unless `runs` is 1) and prints the median as the C harnesses do (Harness/harness.h).
    static func time(_ values: [Plist], runs: Int) {
        let clock = ContinuousClock()
        func once() -> Double {
            let elapsed = clock.measure {
                for value in values { _ = rebuilt(value) }
            }
            return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        }
        if runs > 1 { _ = once() }
        let times = (0..<runs).map { _ in once() }.sorted()
        let median = runs % 2 == 1 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        print(String(format: "median_ms=%.3f min_ms=%.3f runs=%d peak_kb=%ld", median, times[0], runs, usage.ru_maxrss))
    }
}
