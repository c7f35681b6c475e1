import Foundation
@testable import PlistKit
import Testing
import TestSupport

/// `DecimalReal` must read every text it accepts to exactly the double `Double(String)` (the C
/// library's `strtod`) reads, and the readers that use it must read what they read before.
struct DecimalRealTests {
    /// What comparing texts found: how many `DecimalReal` read itself, and the first few
    /// texts it read differently from `Double(String)`.
    struct Tally {
        var texts = 0
        var read = 0
        var failures: [String] = []

        /// Compares `DecimalReal` with `Double(String)` on `text`; a nil from `DecimalReal`
        /// (the caller's slow path) always agrees.
        mutating func check(_ text: String) {
            texts += 1
            var text = text
            guard let fast = ByteView.with(utf8: &text, { DecimalReal.parse($0) }) else { return }
            read += 1
            let slow = Double(text)
            if !DecimalRealTests.same(fast, slow), failures.count < 20 {
                failures.append("\(text): \(fast.bitPattern.hex), Double(String) \(slow.map { $0.bitPattern.hex } ?? "nil")")
            }
        }
    }

    /// Bit for bit, but any NaN equals any NaN.
    static func same(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern
        default: false
        }
    }

    /// C's `%.17g`, without Foundation's slower `String(format:)`.
    static func seventeenDigits(_ value: Double) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
            let count = withVaList([value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.17g", $0) }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(count)), as: UTF8.self)
        }
    }

    @Test func edgeCases() {
        let texts = [
            "0", "-0", "+0", "0.0", "-0.0", "0e0", "-0e-999999999999", "000", "0.", ".0",
            "1", "-1", "+1", "1.", ".5", "-.5", "1.e5", "00000.000001", "0.1", "0.2", "0.3", "123.456",
            "1e22", "1e23", "-1e23", "1e-22", "1e-23", "8.5e22", "9007199254740992", "9007199254740993",
            "9007199254740991", "9007199254740994", "9007199254740995", "18014398509481985",
            "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1.8e308",
            "-1.8e308", "1e308", "1e309", "4.9e-324", "5e-324", "2.4703282292062328e-324",
            "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308",
            "2.225073858507201e-308", "1e-307", "1e-308", "1e-323", "1e-342", "1e-343", "1e-400", "1e-99999",
            "2.0000000000000002220446049250313080847263336181640625", "2.0000000000000002", "2.0000000000000004",
            "1.00000000000000011102230246251565404236316680908203125", "1.0000000000000001",
            "1234567890123456789", "12345678901234567890", "9999999999999999999", "99999999999999999999",
            "1844674407370955161.5", "0.1234567890123456789", "0.12345678901234567891",
            "1000000000000000000", "10000000000000000000", "100000000000000000000000000000",
            "0.000000000000000000000000000001", "0000000000000000000000000000001.5",
            "1e0000000000000000000000000001", "1.5e+10", "1.5E-10", "7.2057594037927933e16",
            "3.14159265358979323846", "2.718281828459045", "6.02214076e23", "6.62607015e-34",
            "4503599627370496.5", "4503599627370497.5", "9223372036854775807", "9223372036854775808",
            "18446744073709551615", "1e", "1e+", "e5", ".", "-", "+", "", "1..2", "1.2.3", "1e5.5",
            "--1", "+-1", "1e--5", " 1", "1 ", "0x10", "nan", "inf", "-infinity", "1f", "1,5",
        ]
        var tally = Tally()
        for text in texts { tally.check(text) }
        #expect(tally.failures.isEmpty, "\(tally.failures)")
        // Runs of zeros on either side of the point and in the exponent.
        for zeros in [1, 18, 19, 20, 21, 22, 23, 40, 330, 400] {
            let run = String(repeating: "0", count: zeros)
            for text in ["1\(run)", "0.\(run)1", "\(run)1", "1.\(run)", "1\(run)1", "5\(run)e-\(zeros)", "1e\(run)5"] {
                tally.check(text)
                tally.check("-" + text)
            }
        }
        #expect(tally.failures.isEmpty, "\(tally.failures)")
        // Every power of ten and two either side of the exact-power and table ranges.
        for power in -360 ... 330 {
            for mantissa in ["1", "9", "5", "4.9406564584124654", "2.2250738585072014", "1.7976931348623157", "9007199254740993"] {
                tally.check("\(mantissa)e\(power)")
            }
        }
        #expect(tally.failures.isEmpty, "\(tally.failures)")
        // What the slow path must keep: exact ties (1e23, 2⁵³ + 1), the subnormals, overflow.
        for text in ["1e23", "9007199254740993", "4.9e-324", "1e-310", "1.8e308", "12345678901234567890"] {
            var text = text
            #expect(ByteView.with(utf8: &text) { DecimalReal.parse($0) } == nil, "\(text)")
        }
    }

    /// The texts the writers produce: Swift's shortest round trip and C's `%.17g`.
    @Test func writtenRandomDoubles() {
        var rng = SplitMix64(seed: 0x5EED_0004)
        var tally = Tally()
        var doubles = 0
        // A million in the full run (`TestTools.fullRun`), 250,000 by default.
        while doubles < TestTools.scaled(250_000, full: 1_000_000) {
            let value = Double(bitPattern: rng.next())
            guard value.isFinite else { continue }
            doubles += 1
            tally.check("\(value)")
            tally.check(Self.seventeenDigits(value))
        }
        #expect(tally.failures.isEmpty, "\(tally.failures)")
        // All but the subnormals, the ties and the undecided products take the fast path.
        #expect(tally.read > tally.texts * 99 / 100, "read \(tally.read) of \(tally.texts)")
    }

    /// Random digits (1 to 22 of them, a point anywhere or nowhere) with exponents −350 … 350.
    @Test func randomDigitStrings() {
        var rng = SplitMix64(seed: 0x5EED_0005)
        var tally = Tally()
        for _ in 0 ..< TestTools.scaled(250_000, full: 1_000_000) {
            let count = Int.random(in: 1 ... 22, using: &rng)
            var text = rng.next() & 1 == 0 ? "" : "-"
            let point = Int.random(in: 0 ... count + 3, using: &rng)
            for index in 0 ..< count {
                if index == point { text += "." }
                text += String(UInt8.random(in: 0 ... 9, using: &rng))
            }
            text += "e\(Int.random(in: -350 ... 350, using: &rng))"
            tally.check(text)
        }
        #expect(tally.failures.isEmpty, "\(tally.failures)")
        #expect(tally.read > tally.texts / 2, "read \(tally.read) of \(tally.texts)")
    }

    static let readerTexts = [
        "0", "-0.0", "1", "2.5", "0.1", "-123.456e-7", "1e22", "1e23", "9007199254740993",
        "1.7976931348623157e308", "2.2250738585072014e-308", "4.9e-324", "1e-400",
        "12345678901234567890.5", "0.10000000000000001", "1e+17", "1.",
    ]

    /// XML `<real>` reads what `Double(String)` reads, through the tree, the Codable node table
    /// and the event reader; the special words and the length limit are unchanged.
    @Test func xmlReadsAsBefore() throws {
        let texts = Self.readerTexts + ["nan", "-infinity", "+inf", ".5", "+.5"]
        let body = texts.map { "<real>\($0)</real>" }.joined()
        let xml = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array>\#(body)</array></plist>"#.utf8)
        let expected = texts.map { text -> Double in
            switch text {
            case "nan": .nan
            case "-infinity": -.infinity
            case "+inf": .infinity
            default: Double(text)!
            }
        }
        let tree = try #require(try Plist(decoding: xml).array).map(\.real)
        let codable = try PlistDecoder().decode([Double].self, from: xml)
        let reader = try PlistEventReader(xml)
        var events: [Double?] = []
        while let event = try reader.next() {
            if case .scalar(let value) = event { events.append(value.real) }
        }
        for (index, want) in expected.enumerated() {
            #expect(Self.same(tree[index], want), "\(texts[index])")
            #expect(Self.same(codable[index], want), "\(texts[index])")
            #expect(Self.same(events[index], want), "\(texts[index])")
        }
        // Still refused: 400 bytes or more, white space, hexadecimal.
        for text in ["0." + String(repeating: "0", count: 398) + "1", " 1", "0x1p3", "1e", "."] {
            let refused = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><real>\#(text)</real></plist>"#.utf8)
            #expect(throws: PlistError.self, "\(text)") { try Plist(decoding: refused) }
        }
    }

    /// JSON numbers: reals as `Double(String)` reads them, "-0" the integer 0, overflow an error.
    @Test func jsonReadsAsBefore() throws {
        let texts = Self.readerTexts.filter { !$0.hasSuffix(".") } + ["0." + String(repeating: "0", count: 500) + "1"]
        for text in texts {
            let value = try Plist(decoding: Data("[\(text)]".utf8), format: .json)
            let element = try #require(value.array?.first)
            if let integer = element.integer {
                #expect(Double(text) == integer.doubleValue && !text.contains(where: { ".eE".contains($0) }), "\(text)")
            } else {
                #expect(Self.same(element.real, Double(text)), "\(text)")
            }
        }
        #expect(try Plist(decoding: Data("[-0]".utf8), format: .json) == .array([.integer(0)]))
        #expect(try Plist(decoding: Data("[-0]".utf8), format: .json).array?.first?.integer != nil)
        for text in ["1e400", "-1.8e308"] {
            #expect(throws: PlistError.self) { try Plist(decoding: Data("[\(text)]".utf8), format: .json) }
        }
    }

    /// GNUstep's `<*R…>` reals in OpenStep text read as `Double(String)` reads them (this
    /// reader does not go through `DecimalReal`; the texts are the same as above).
    @Test func openStepTypedRealsReadAsBefore() throws {
        let texts = Self.readerTexts + ["nan", "-inf", "0x1p-3"]
        let text = "(" + texts.map { "<*R\($0)>" }.joined(separator: ", ") + ")"
        let values = try #require(try Plist(decoding: Data(text.utf8), format: .openStep).array)
        for (index, value) in values.enumerated() {
            #expect(Self.same(value.real, Double(texts[index])), "\(texts[index])")
        }
    }
}

extension UInt64 {
    fileprivate var hex: String { "0x" + String(self, radix: 16) }
}
