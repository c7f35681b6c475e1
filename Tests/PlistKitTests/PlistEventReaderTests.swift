import Foundation
import PlistKit
import Testing
import TestSupport

/// What reading a document as events gave: every event delivered, then the end or the code of
/// the error that stopped it.
private struct EventRun: Equatable, CustomStringConvertible {
    var events: [PlistEvent] = []
    var error: PlistError.Code?

    var description: String { "\(events.count) events, then \(error?.name ?? "the end")" }

    /// Every event `makeReader` gives until nil or an error (an error from the initializer
    /// counts as an error before any event).
    init(_ makeReader: () throws(PlistError) -> PlistEventReader) {
        do throws(PlistError) {
            let reader = try makeReader()
            while let event = try reader.next() { events.append(event) }
        } catch {
            self.error = error.code
        }
    }
}

/// One file of `TestVectors/` read by the event reader and by the whole-value reader.
struct EventVector: Sendable, CustomTestStringConvertible {
    /// The path below `TestVectors/`.
    let path: String
    var testDescription: String { path }
    var url: URL { TestVectorFiles.directory.appendingPathComponent(path) }

    /// Every vector file of every format (manifests, scripts and the examples aside).
    static let all: [EventVector] = {
        var vectors: [EventVector] = []
        for folder in ["binary", "xml", "json", "openstep", "archives", "fuzz"] {
            let directory = TestVectorFiles.directory.appendingPathComponent(folder)
            let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
            while let url = enumerator?.nextObject() as? URL {
                guard url.lastPathComponent != "MANIFEST.json",
                      (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                vectors.append(EventVector(path: folder + "/" + String(url.path.dropFirst(directory.path.count + 1))))
            }
        }
        return vectors.sorted { $0.path < $1.path }
    }()
}

/// Runs `body` with a descriptor open on `url`, closed afterwards.
private func withDescriptor<R>(_ url: URL, _ body: (Int32) throws -> R) throws -> R {
    let descriptor = open(url.path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    return try body(descriptor)
}

/// `PlistEventReader` over every test vector, against `Plist(decoding:)`.
@Suite struct PlistEventReaderTests {
    @Test func vectorsAreFound() {
        for folder in ["binary/", "xml/", "json/", "openstep/"] {
            #expect(EventVector.all.filter { $0.path.hasPrefix(folder) }.count >= 20, "\(folder)")
        }
    }

    /// The vectors whose events cannot give what the whole-value reader gives, each with the
    /// code the events fail with, and why.
    static let knownDifferences: [String: PlistError.Code] = [
        // `{ list = (a, { b ); more = (c, <0); }`: CF drops an array element that fails just
        // before the array's `)`, and so does the whole-value reader. The event reader does
        // so for `<0` (a scalar: nothing of it was delivered), but the dictionary `{ b` had
        // delivered `startDictionary` and `key("b")` before failing, and events cannot be
        // taken back (holding each element's events until it ends would cost memory in
        // proportion to the element). So the events fail with the element's own error, whose
        // message says so.
        "openstep/hand/cf_drops_failed_array_element.plist": .syntax,
    ]

    /// `readValue()` over the events equals the whole-value reader's value, and the rest of
    /// the document is checked (`next()` then gives nil); a document the whole-value reader
    /// refuses fails with the same code.
    @Test(arguments: EventVector.all)
    func readValueMatchesWholeReader(_ vector: EventVector) throws {
        let bytes = try Data(contentsOf: vector.url)
        let whole = Result { () throws(PlistError) -> Plist in try Plist(decoding: bytes) }
        let streamed = Result { () throws(PlistError) -> Plist? in
            let reader = try PlistEventReader(bytes)
            let value = try reader.readValue()
            guard try reader.next() == nil else { throw PlistError(.structure, "events after the value") }
            return value
        }
        if let code = Self.knownDifferences[vector.path] {
            #expect(throws: Never.self) { try whole.get() }
            #expect(throws: PlistError.self) { try streamed.get() }
            if case .failure(let error) = streamed {
                #expect(error.code == code)
                #expect(error.message.contains("CF drops the array element"))
            }
            return
        }
        switch (whole, streamed) {
        case (.success(let expected), .success(let value)):
            // A Bool, not the values: Foundation's Date.description traps on some dates
            // the vectors hold (NaN, ±inf), and the expectation would print them.
            let equal = value == expected
            #expect(equal, "events give a different value")
        case (.failure(let expected), .failure(let error)):
            #expect(error.code == expected.code, "whole-value reader: \(expected); events: \(error)")
        case (.success, .failure(let error)):
            Issue.record("the whole-value reader reads it; the events fail with \(error)")
        case (.failure(let expected), .success):
            Issue.record("the whole-value reader fails with \(expected); the events read it")
        }
    }

    /// Read from a file descriptor in chunks of 1, 7 and 4096 bytes, a document gives the
    /// events (and the error) that reading it from memory gives.
    @Test(arguments: EventVector.all)
    func descriptorGivesTheSameEvents(_ vector: EventVector) throws {
        let bytes = try Data(contentsOf: vector.url)
        let inMemory = EventRun { () throws(PlistError) in try PlistEventReader(bytes) }
        // A byte at a time only for files up to 64 KiB in the full run (4 KiB by default: 343
        // of the 384 files, a quarter of the bytes), to keep the run short; 7 bytes at a time
        // for every file in the full run, for files up to 64 KiB by default.
        var chunkSizes = [4096]
        if bytes.count <= TestTools.scaled(4, full: 64) * 1024 { chunkSizes.append(1) }
        if TestTools.fullRun || bytes.count <= 64 * 1024 { chunkSizes.append(7) }
        for chunkSize in chunkSizes {
            let fromFile = try withDescriptor(vector.url) { descriptor in
                EventRun { () throws(PlistError) in try PlistEventReader(fileDescriptor: descriptor, chunkSize: chunkSize) }
            }
            let same = fromFile == inMemory
            #expect(same, "chunks of \(chunkSize): \(fromFile) against \(inMemory)")
        }
    }

    @Test func containersCarryCountsInBinaryOnly() throws {
        let value: Plist = ["a": ["1", "2", "3"], "b": ["c": "x"]]
        for format in PlistFormat.allCases {
            let reader = try PlistEventReader(try value.encoded(as: format))
            var starts: [PlistEvent] = []
            while let event = try reader.next() {
                if case .startArray = event { starts.append(event) }
                if case .startDictionary = event { starts.append(event) }
            }
            let expected: [PlistEvent] = format == .binary
                ? [.startDictionary(count: 2), .startArray(count: 3), .startDictionary(count: 1)]
                : [.startDictionary(count: nil), .startArray(count: nil), .startDictionary(count: nil)]
            #expect(starts == expected, "\(format)")
        }
    }

    @Test func eventsInDocumentOrder() throws {
        let value: Plist = ["k": ["x", 2, 2.5, false], "u": .uid(7), "d": .data(Data([1, 2])), "t": .date(Date(timeIntervalSinceReferenceDate: 10))]
        let reader = try PlistEventReader(try value.encoded(as: .xml), format: .xml)
        #expect(reader.format == .xml)
        var events: [PlistEvent] = []
        while let event = try reader.next() { events.append(event) }
        #expect(events == [
            .startDictionary(count: nil),
            .key("k"), .startArray(count: nil), .scalar("x"), .scalar(2), .scalar(2.5), .scalar(false), .endArray,
            .key("u"), .scalar(.uid(7)),
            .key("d"), .scalar(.data(Data([1, 2]))),
            .key("t"), .scalar(.date(Date(timeIntervalSinceReferenceDate: 10))),
            .endDictionary,
        ])
    }

    /// A root array's elements one at a time, and skipping values.
    @Test func readsAndSkipsElementsOneAtATime() throws {
        let value: Plist = [["name": "a"], ["name": "b"], ["name": "c"], 4]
        for format in PlistFormat.allCases where format != .openStep {
            let reader = try PlistEventReader(try value.encoded(as: format))
            #expect(try reader.next() == .startArray(count: format == .binary ? 4 : nil))
            #expect(try reader.readValue() == ["name": "a"])
            try reader.skipValue()
            #expect(try reader.readValue() == ["name": "c"])
            #expect(try reader.readValue() == 4)
            #expect(try reader.readValue() == nil)
            try reader.skipValue()
            #expect(try reader.next() == .endArray)
            #expect(try reader.next() == nil)
            #expect(try reader.readValue() == nil)
        }
    }

    /// A valid prefix of a document delivers its events, then the truncation is an error,
    /// not a quiet end.
    @Test(arguments: PlistFormat.allCases)
    func truncatedDocumentFailsAfterEvents(_ format: PlistFormat) throws {
        let value: Plist = ["first": "one", "second": ["a", "b", "c", "d"], "third": "three"]
        let bytes = try value.encoded(as: format)
        let cut = format == .binary ? bytes.count - 1 : bytes.count * 2 / 3
        let run = EventRun { () throws(PlistError) in try PlistEventReader(bytes.prefix(cut), format: format) }
        if format == .binary {
            // Without its last byte the trailer is misread: nothing is delivered.
            #expect(run.events.isEmpty)
            #expect(run.error != nil)
        } else {
            #expect(run.events.count >= 3, "\(run)")
            #expect(run.events.prefix(3) == [.startDictionary(count: nil), .key("first"), .scalar("one")])
            #expect(run.error == .truncated || run.error == .syntax, "\(run)")
        }
    }

    @Test(arguments: [PlistFormat.xml, .json, .openStep])
    func garbageAfterTheValueIsTheWholeReadersError(_ format: PlistFormat) throws {
        var bytes = try Plist.array(["a", "b"]).encoded(as: format)
        bytes.append(contentsOf: Array(" ] ] ".utf8))
        let expected = Result { () throws(PlistError) -> Plist in try Plist(decoding: bytes, format: format) }
        let run = EventRun { () throws(PlistError) in try PlistEventReader(bytes, format: format) }
        guard case .failure(let error) = expected else { Issue.record("the whole-value reader read it"); return }
        #expect(run.error == error.code)
        #expect(run.events.count == 4)
    }

    @Test func stringsFileReadsAsADictionary() throws {
        let bytes = Data("/* comment */\n\"greeting\" = \"Hello\";\nfarewell = bye;\nalone;\n".utf8)
        let reader = try PlistEventReader(bytes)
        #expect(reader.format == .openStep)
        #expect(try reader.readValue() == ["greeting": "Hello", "farewell": "bye", "alone": "alone"])
        #expect(try reader.next() == nil)
    }

    /// CF's recovery from a failed array element: a scalar element is dropped as CF drops
    /// it; a container element that delivered events fails (see `knownDifferences`).
    @Test func failedArrayElements() throws {
        let scalar = Data("{ a = (x, <0); b = y; }".utf8)
        #expect(try Plist(decoding: scalar) == ["a": ["x"], "b": "y"])
        #expect(try PlistEventReader(scalar).readValue() == ["a": ["x"], "b": "y"])
        let container = Data("(x, { b )".utf8)
        #expect(try Plist(decoding: container) == ["x"])
        let run = EventRun { () throws(PlistError) in try PlistEventReader(container) }
        #expect(run.events == [.startArray(count: nil), .scalar("x"), .startDictionary(count: nil), .key("b")])
        #expect(run.error == .syntax)
    }

    @Test func gnustepTypedValuesFollowTheOptions() throws {
        let bytes = Data("{ a = <*I12>; }".utf8)
        #expect(try PlistEventReader(bytes).readValue() == ["a": 12])
        let refusing = try PlistEventReader(bytes, options: PlistReadingOptions(gnustepTypedValues: false))
        #expect(throws: PlistError.self) { try refusing.readValue() }
    }

    @Test(arguments: PlistFormat.allCases)
    func depthLimitIsTheWholeReaders(_ format: PlistFormat) throws {
        var value: Plist = "leaf"
        for _ in 0..<20 { value = [value] }
        let bytes = try value.encoded(as: format)
        let options = PlistReadingOptions(maximumDepth: 19)
        let expected = Result { () throws(PlistError) -> Plist in try Plist(decoding: bytes, format: format, options: options) }
        let run = EventRun { () throws(PlistError) in try PlistEventReader(bytes, format: format, options: options) }
        #expect(run.error == .depthLimitExceeded)
        guard case .failure(let error) = expected else { Issue.record("the whole-value reader read it"); return }
        #expect(run.error == error.code)
        #expect(try PlistEventReader(bytes, format: format, options: PlistReadingOptions(maximumDepth: 20)).readValue() == value)
    }

    /// Shared objects appear wherever they are referenced; a cycle is an error.
    @Test func binarySharingAndCycles() throws {
        let shared: Plist = ["x", "y"]
        let bytes = try Plist.array([shared, shared, ["k": shared]]).encoded(as: .binary)
        let reader = try PlistEventReader(bytes)
        #expect(try reader.readValue() == [shared, shared, ["k": shared]])
        // An array whose one element is itself: header, the array (object 0, 0xA1 with a
        // reference to object 0), offset table, trailer.
        var cyclic = Array("bplist00".utf8) + [0xA1, 0x00, 0x08]
        cyclic += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 10]
        let expected = Result { () throws(PlistError) -> Plist in try Plist(decoding: cyclic) }
        let run = EventRun { () throws(PlistError) in try PlistEventReader(Data(cyclic)) }
        #expect(run.error == .cyclicReference)
        #expect(run.events == [.startArray(count: 1)])
        guard case .failure(let error) = expected else { Issue.record("the whole-value reader read it"); return }
        #expect(error.code == .cyclicReference)
    }

    @Test func readsAFileByPath() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).plist")
        defer { try? FileManager.default.removeItem(at: url) }
        let value: Plist = ["records": .array((0..<500).map { ["id": .integer(PlistInteger($0)), "name": .string("n\($0)")] })]
        for format in PlistFormat.allCases where format != .openStep {
            try value.encoded(as: format).write(to: url)
            let reader = try PlistEventReader(contentsOfFile: url.path, chunkSize: 100)
            #expect(reader.format == format)
            #expect(try reader.readValue() == value)
            #expect(try reader.next() == nil)
        }
        #expect(throws: PlistError.self) { try PlistEventReader(contentsOfFile: url.path + ".missing") }
    }

    @Test func binaryNeedsARegularFile() throws {
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]) }
        let bytes = try Plist.array(["a"]).encoded(as: .binary)
        _ = bytes.withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, $0.count) }
        close(pipeEnds[1])
        do {
            _ = try PlistEventReader(fileDescriptor: pipeEnds[0])
            Issue.record("a binary plist read from a pipe")
        } catch {
            #expect(error.code == .io)
        }
    }
}
