import Foundation
import PlistKit
import Testing

/// The OpenStep reader beyond the vectors: exact positions of errors, limits, linear time on
/// hostile input, GNUstep typed values on and off, and agreement with Foundation on
/// generated documents.
@Suite("OpenStep reader")
struct OpenStepReaderTests {
    private func read(_ text: String, options: PlistReadingOptions = .default) throws -> Plist {
        try Plist(decoding: Array(text.utf8), format: .openStep, options: options)
    }

    private func failure(_ text: String) -> PlistError? {
        #expect(throws: PlistError.self) { try read(text) }
    }

    @Test func scalarsAreStrings() throws {
        #expect(try read("{ n = 42; r = 1.5; b = YES; }") == ["n": "42", "r": "1.5", "b": "YES"])
        #expect(try read("(<00ff>, \"\")") == [.data(Data([0, 0xFF])), ""])
    }

    @Test func keyOrderIsKept() throws {
        let value = try read("{ z = 1; a = 2; m = 3; }")
        #expect(value.dictionary?.keys.map(\.string) == ["z", "a", "m"])
    }

    @Test func errorsNameLineAndColumn() {
        #expect(failure("{\n  a = b\n}")?.location == .lineColumn(line: 3, column: 1))
        #expect(failure("(a,\r\n b c)")?.location == .lineColumn(line: 2, column: 4))
        #expect(failure("(\"é\", ü)")?.location == .lineColumn(line: 1, column: 7))
        #expect(failure("{ a = \"never closed; }")?.location == .lineColumn(line: 1, column: 7))
        #expect(failure("(<0fb>)")?.code == .invalidData)
        #expect(failure("(a) b")?.code == .syntax)
        #expect(failure("(a")?.code == .truncated)
        let message = failure("{ a = b }")?.description ?? ""
        #expect(message.contains("expected ';'") && message.hasSuffix("at 1:9"), "\(message)")
    }

    /// CF's recovery in arrays: an element that fails just before the innermost array's `)`
    /// is dropped with the dictionaries it had started, and none of their entries turn up in
    /// the values read after it.
    @Test func droppedElementsLeaveNothingBehind() throws {
        #expect(try read("(a, <0)") == ["a"])
        #expect(try read("(a, { b )") == ["a"])
        #expect(try read("{ l = (a, (b, <0 ), { c ); }") == ["l": ["a", ["b"]]])
        #expect(try read("((x, { a = b; c = { d = e; f ), { g = h; })") == [["x"], ["g": "h"]])
    }

    @Test func typedValuesCanBeRefused() throws {
        let text = "(<*I5>, <*BY>)"
        #expect(try read(text) == [5, true])
        let error = #expect(throws: PlistError.self) {
            try read(text, options: PlistReadingOptions(gnustepTypedValues: false))
        }
        #expect(error?.code == .invalidData)
    }

    @Test func escapesAsCFReadsThem() throws {
        #expect(try read(#"("\101\U00e9\n\"\'\\\z")"#) == ["Aé\n\"'\\z"])
        // Octal escapes are NeXTSTEP Latin; \U pairs surrogates, a lone one is U+FFFD.
        #expect(try read(#"("\251\Ud83d\Ude00\Ud83d.\u0041")"#) == ["\u{2019}😀\u{FFFD}.u0041"])
        #expect(try read("(\"\\\u{E9}\")") == ["é"])
    }

    @Test func depthLimit() throws {
        let deep = String(repeating: "(", count: 512) + String(repeating: ")", count: 512)
        #expect(try read(deep).array != nil)
        let tooDeep = String(repeating: "{a=", count: 513) + "x;" + String(repeating: "};", count: 512) + "}"
        #expect(failure(tooDeep)?.code == .depthLimitExceeded)
        let limited = PlistReadingOptions(maximumDepth: 3)
        #expect(throws: PlistError.self) { try read("((((x))))", options: limited) }
        #expect(try read("(((x)))", options: limited) == [[["x"]]])
    }

    @Test func stringsFileForm() throws {
        let (value, writing) = try Plist.decodedOpenStep(Array("/* c */\n\"a\" = \"1\";\nb;\n".utf8))
        #expect(value == ["a": "1", "b": "b"])
        #expect(writing.stringsFile && !writing.gnustepTypedValues)
        let (braced, bracedWriting) = try Plist.decodedOpenStep(Array("{ a = <*I1>; }".utf8))
        #expect(braced == ["a": 1])
        #expect(!bracedWriting.stringsFile && bracedWriting.gnustepTypedValues)
    }

    /// A brace-less file whose values are not all strings (CF reads `list = (a, b);` there)
    /// cannot be written as `.strings`: its form is braces, which read back to the same value.
    /// Found by FuzzOpenStep (TestVectors/fuzz/FuzzOpenStep/).
    @Test func stringsFileFormNeedsStringValues() throws {
        for text in ["key = value; list = (a, b);", "a = <0001>;", "a = { b = c; };", "a = <*I1>;"] {
            let (value, writing) = try Plist.decodedOpenStep(Array(text.utf8))
            #expect(!writing.stringsFile, "\(text)")
            let written = try value.encoded(as: .openStep, options: writing)
            #expect(try Plist.decodedOpenStep(written).value == value, "\(text)")
        }
    }

    @Test func detection() {
        #expect(PlistFormat.detect(Array("/* comment */ { a = b; }".utf8)) == .openStep)
        #expect(PlistFormat.detect(Array("\"key\" = \"value\";".utf8)) == .openStep)
        #expect(PlistFormat.detect(Array("{ a:b = c; }".utf8)) == .openStep)
        #expect(PlistFormat.detect(Array("{ \"a:b\" = c; }".utf8)) == .openStep)
        #expect(PlistFormat.detect(Array("{ \"a\" : 1 }".utf8)) == .json)
        #expect(PlistFormat.detect(Array("{\"é\":1,\"e\u{301}\":2}".utf8)) == .json)
        #expect(PlistFormat.detect(Array("{ \"é\" = 1; }".utf8)) == .openStep)
        #expect(PlistFormat.detect(Array(" \u{0B}{}".utf8)) == .openStep)
        #expect(PlistFormat.detect(Array("42".utf8)) == .openStep)
        #expect(PlistFormat.detect(Array(" \n\t".utf8)) == .openStep)
        #expect(PlistFormat.detect([0xFF, 0xFE] + "(a)".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == .openStep)
    }

    // MARK: Linear time on hostile input

    /// The CPU time `body` takes on this thread, which other work on the machine does not
    /// stretch as it stretches wall time.
    private func timed(_ body: () throws -> Void) rethrows -> Duration {
        func now() -> Duration {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
        }
        let start = now()
        try body()
        return now() - start
    }

    @Test func longStringsAreLinear() throws {
        let plain = "(\"" + String(repeating: "abcdefgh", count: 2_000_000) + "\")"
        let escaped = "(\"" + String(repeating: "a\\n\\101\\U00e9", count: 400_000) + "\")"
        let unquoted = "(" + String(repeating: "abcdefgh", count: 2_000_000) + ")"
        for text in [plain, escaped, unquoted] {
            let elapsed = try timed { _ = try read(text) }
            #expect(elapsed < .seconds(10), "\(elapsed)")
        }
    }

    @Test func manyCommentsAndEntriesAreLinear() throws {
        let comments = "(" + String(repeating: "/* c */ // d\n", count: 300_000) + "x)"
        let entries = "{" + (0..<200_000).map { "k\($0) = v;" }.joined() + "}"
        let unclosedComment = "(x) /*" + String(repeating: "*", count: 5_000_000)
        for text in [comments, entries, unclosedComment] {
            let elapsed = try timed { _ = try read(text) }
            #expect(elapsed < .seconds(10), "\(elapsed)")
        }
    }

    @Test func hostileNestingFailsFast() {
        let text = String(repeating: "(", count: 1_000_000)
        let elapsed = timed { #expect(failure(text)?.code == .depthLimitExceeded) }
        #expect(elapsed < .seconds(5), "\(elapsed)")
        // An error at the end of a large document is located once, not per line.
        let late = String(repeating: "(a)\n", count: 0) + "(" + String(repeating: "a,\n", count: 500_000) + "<zz>)"
        let lateElapsed = timed { #expect(failure(late)?.location == .lineColumn(line: 500_001, column: 2)) }
        #expect(lateElapsed < .seconds(10), "\(lateElapsed)")
    }

    // MARK: Against Foundation on generated documents

    /// Vectors with one to three random edits (tokens inserted, bytes removed or replaced):
    /// Foundation and we accept the same documents, with the same values, CF's error
    /// recovery included. Invalid UTF-8 is left out: CF lets a few stray bytes through as
    /// U+FFFD, PlistKit refuses them all (docs/Formats.md).
    @Test(arguments: 0..<4)
    func mutatedVectorsMatchFoundation(_ seed: Int) throws {
        let root = Canonical.vectorsDirectory.appendingPathComponent("openstep")
        let seeds = OpenStepVectorTests.readByFoundation.filter { !$0.file.contains("deep") }
            .compactMap { try? [UInt8](Data(contentsOf: $0.url)) }.filter { !$0.isEmpty }
        #expect(seeds.count > 30, "\(root.path)")
        let tokens = ["{", "}", "(", ")", "<", ">", ";", "=", ",", "\"", "'", "\\", "/", "*", "//", "/*", "*/", " ", "\n",
                      "\r", "a", "0", "\\U", "\\0", "\\n", "\u{2028}", "é", "\t", "\u{0B}", "$", ":", ".", "-"].map { Array($0.utf8) }
        var random = RandomPlist(seed: UInt64(9000 + seed))
        var compared = 0
        for _ in 0..<750 {
            var bytes = random.pick(seeds)
            for _ in 0..<(1 + random.below(3)) {
                let at = random.below(bytes.count + 1)
                switch random.below(3) {
                case 0: bytes.insert(contentsOf: random.pick(tokens), at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: if at < bytes.count { bytes.replaceSubrange(at..<min(bytes.count, at + 1 + random.below(3)), with: random.pick(tokens)) }
                }
            }
            let data = Data(bytes)
            var format = PropertyListSerialization.PropertyListFormat.binary
            let foundation = try? PropertyListSerialization.propertyList(from: data, options: [], format: &format)
            if foundation != nil && format != .openStep { continue }
            let ours = Result { () throws(PlistError) in
                try Plist(decoding: data, format: .openStep, options: PlistReadingOptions(gnustepTypedValues: false))
            }
            if case .failure(let error) = ours, error.code == .invalidString { continue }
            compared += 1
            switch (ours, foundation) {
            case (.failure, nil):
                continue
            case (.success(let value), let object?):
                #expect(Canonical.identical(value, try FoundationBridge.plist(from: object)), "\(String(decoding: data, as: UTF8.self).debugDescription)")
            default:
                Issue.record("we \(ours), Foundation \(foundation.map { "\($0)" } ?? "refuses"): \(String(decoding: data, as: UTF8.self).debugDescription)")
            }
        }
        #expect(compared > 500)
    }

    /// Random documents in many spellings (quoting, escapes, comments, white space, .strings
    /// form), read by us and by Foundation.
    @Test(arguments: 0..<40)
    func generatedDocumentsMatchFoundation(_ seed: Int) throws {
        var generator = OpenStepTextGenerator(seed: UInt64(seed))
        let text = generator.document()
        let bytes = Data(text.utf8)
        let ours: Plist
        do { ours = try Plist(decoding: bytes) } catch {
            Issue.record("\(error) reading \(text.debugDescription)")
            return
        }
        let theirs = try FoundationBridge.read(bytes)
        #expect(Canonical.identical(ours, theirs), "\(text)")
    }
}

/// Writes random OpenStep documents by hand (not with our writer): every quoting style,
/// escape, comment and separator CF accepts.
struct OpenStepTextGenerator {
    private var random: RandomPlist

    init(seed: UInt64) { random = RandomPlist(seed: seed) }

    mutating func document() -> String {
        if random.below(4) == 0 {
            // A .strings file: entries without braces.
            return (0..<(1 + random.below(6))).map { _ in space() + quoted() + space() + "=" + space() + quoted() + space() + ";" }.joined() + space()
        }
        return space() + value(depth: 0) + space()
    }

    private mutating func value(depth: Int) -> String {
        switch random.below(depth < 4 ? 6 : 3) {
        case 0: return quoted()
        case 1: return unquoted()
        case 2: return "<" + (0..<random.below(6)).map { _ in String(format: "%02x", random.below(256)) + (random.below(3) == 0 ? " " : "") }.joined() + ">"
        case 3:
            let elements = (0..<random.below(5)).map { _ in space() + value(depth: depth + 1) + space() }
            return "(" + elements.joined(separator: ",") + (elements.isEmpty || random.below(3) > 0 ? "" : ",") + ")"
        default:
            var text = "{"
            for _ in 0..<random.below(5) {
                let key = random.below(2) == 0 ? quoted() : unquoted()
                text += space() + key + space()
                text += random.below(6) == 0 ? ";" : "=" + space() + value(depth: depth + 1) + space() + ";"
            }
            return text + space() + "}"
        }
    }

    private mutating func space() -> String {
        random.pick(["", " ", "\n", "\t", " /* c */ ", " // line\n", "\r\n", "\u{2028}", " \u{0B}\u{0C} "])
    }

    private mutating func unquoted() -> String {
        let characters = Array("abcXYZ019_$/:.-")
        var text = String(random.pick(Array("abcXYZ019_$:.-")))
        for _ in 0..<random.below(8) { text.append(random.pick(characters)) }
        // "//" or "/*" inside an unquoted string is part of it; after white space it would
        // open a comment, which the generator never puts there.
        return text
    }

    private mutating func quoted() -> String {
        let quote = random.below(4) == 0 ? "'" : "\""
        var text = quote
        for _ in 0..<random.below(10) {
            switch random.below(12) {
            case 0: text += random.pick(["\\n", "\\t", "\\r", "\\a", "\\b", "\\f", "\\v", "\\\\", "\\\"", "\\'"])
            case 1: text += "\\" + String(random.below(4)) + String(random.below(8)) + String(random.below(8))
            case 2: text += String(format: "\\U%04x", random.pick([0xE9, 0x20AC, 0x41, 0x3042]))
            case 3: text += random.pick(["é", "日本", "😀", " ", "=", ";", "(", "//", "/*"])
            case 4: text += quote == "'" ? "\"" : "'"
            default: text += String(random.pick(Array("abcdefghij0123456789 ")))
            }
        }
        return text + quote
    }
}
