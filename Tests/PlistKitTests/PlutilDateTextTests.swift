import Foundation
import Testing
import PlistKit

/// Dates as `plutil -p` and `plutil -extract … raw` print them, computed natively.
@Suite struct PlutilDateTextTests {
    static let finiteIntervals: [Double] = [
        0, 0.5, -0.5, -1, 1, 59.999, 86_399, 86_400, 728_395_205, -978_307_200, -978_307_201,
        951_782_400 - 978_307_200, 1e9, -1e9, 3e9, -1.3e10, -1.2e10, -13_197_600_000, -13_197_600_001,
        -63_114_076_800, -63_114_076_799.5, 63_113_904_000, 63_113_903_999.9,
    ]

    /// Within `distantPast...distantFuture`, exactly Foundation's `Date.description`.
    @Test(arguments: finiteIntervals)
    func descriptionMatchesFoundation(interval: Double) {
        let date = Date(timeIntervalSinceReferenceDate: interval)
        #expect(PlutilDateText.description(date) == date.description)
    }

    /// Outside that range plutil prints `<description unavailable>`; NaN, where plutil
    /// crashes, prints the same.
    @Test(arguments: [-63_114_076_800.5, 63_113_904_000.5, 1e300, -1e300, .infinity, -.infinity, .nan, -Double.nan])
    func descriptionUnavailable(interval: Double) {
        #expect(PlutilDateText.description(Date(timeIntervalSinceReferenceDate: interval)) == "<description unavailable>")
    }

    /// Foundation's ISO 8601 style, which plutil's raw output uses (Julian before 1582).
    @Test(arguments: finiteIntervals + [-1e11, -2e11, 1e12, -1.5e11])
    func iso8601MatchesFoundation(interval: Double) {
        let date = Date(timeIntervalSinceReferenceDate: interval)
        #expect(PlutilDateText.iso8601(date) == date.formatted(.iso8601))
    }

    @Test(arguments: [1e300, -1e300, .infinity, -.infinity, .nan, 1.1e15])
    func iso8601RefusesWhatItCannotWrite(interval: Double) {
        #expect(PlutilDateText.iso8601(Date(timeIntervalSinceReferenceDate: interval)) == nil)
    }
}
