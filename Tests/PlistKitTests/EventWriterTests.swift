import Foundation
import PlistKit
import TestSupport
import Testing

/// A value from one of the `TestVectors` manifests, for the event writer's tests.
struct EventWriterVector: Sendable, CustomTestStringConvertible {
    let file: String
    let value: Plist
    var testDescription: String { file }

    /// Every value the binary, XML, JSON and OpenStep manifests give (the malformed files,
    /// which have none, left out).
    static let all: [EventWriterVector] = {
        let binary = BinaryVector.all.compactMap { vector in
            (try? vector.expected()).map { EventWriterVector(file: vector.file, value: $0) }
        }
        let text = (TextVector.xml + TextVector.json + OpenStepVectorTests.vectors).compactMap { vector in
            (try? vector.expected()).flatMap { $0 }.map { EventWriterVector(file: vector.file, value: $0) }
        }
        return binary + text
    }()
}

/// Writing through ``PlistEventWriter``.
enum EventWriting {
    /// The bytes a writer hands on while `body` writes to it and it finishes.
    static func bytes(_ format: PlistFormat, _ options: PlistWritingOptions = .default, _ body: (PlistEventWriter) throws -> Void) throws -> Data {
        var data = Data()
        let writer = try PlistEventWriter(format: format, options: options) { bytes in data.append(contentsOf: bytes) }
        try body(writer)
        try writer.finish()
        return data
    }

    /// `value`'s events in document order, with no counts in the starts.
    static func events(of value: Plist) -> [PlistEvent] {
        var events: [PlistEvent] = []
        func walk(_ value: Plist) {
            switch value {
            case .array(let elements):
                events.append(.startArray(count: nil))
                elements.forEach(walk)
                events.append(.endArray)
            case .dictionary(let entries):
                events.append(.startDictionary(count: nil))
                for (key, element) in entries {
                    events.append(.key(key.string))
                    walk(element)
                }
                events.append(.endDictionary)
            default:
                events.append(.scalar(value))
            }
        }
        walk(value)
        return events
    }

    /// The error `body` throws, as a ``PlistError``.
    static func error(_ body: () throws -> Void) -> PlistError? {
        do {
            try body()
            return nil
        } catch {
            return error as? PlistError
        }
    }
}

@Suite("Event writer")
struct EventWriterTests {
    /// The text layouts whose bytes must match the whole-value writers'.
    static let textLayouts: [(PlistFormat, PlistWritingOptions)] = [
        (.xml, .default),
        (.json, .default),
        (.json, PlistWritingOptions(humanReadable: true)),
        (.openStep, .default),
        (.openStep, PlistWritingOptions(gnustepTypedValues: true)),
        (.openStep, PlistWritingOptions(stringsFile: true)),
    ]

    @Test func vectorsAreLoaded() {
        #expect(EventWriterVector.all.count >= 150)
    }

    @Test(arguments: EventWriterVector.all)
    func textMatchesTheWholeValueWriters(_ vector: EventWriterVector) throws {
        let value = vector.value
        var written = 0
        for (format, options) in Self.textLayouts {
            let layout = "\(format) \(options)"
            let whole = Result { try value.encoded(as: format, options: options) }
            let asValue = Result { try EventWriting.bytes(format, options) { try $0.write(value) } }
            let asEvents = Result {
                try EventWriting.bytes(format, options) { writer in
                    for event in EventWriting.events(of: value) { try writer.write(event) }
                }
            }
            switch whole {
            case .success(let expected):
                written += 1
                #expect(try asValue.get() == expected, "\(layout): write(value) differs")
                #expect(try asEvents.get() == expected, "\(layout): events differ")
            case .failure(let error):
                let expected = try #require(error as? PlistError)
                for result in [asValue, asEvents] {
                    let actual = EventWriting.error { _ = try result.get() }
                    #expect(actual == expected, "\(layout): expected \(expected), got \(String(describing: actual))")
                }
            }
        }
        // XML holds every value.
        #expect(written >= 1)
    }

    @Test(arguments: EventWriterVector.all)
    func binaryReadsBackEqual(_ vector: EventWriterVector) throws {
        let value = vector.value
        let bytes = try EventWriting.bytes(.binary) { try $0.write(value) }
        let read = try Plist(decoding: bytes)
        #expect(Canonical.identical(read, value))
        #expect(sameKeyOrder(read, value))
        if FoundationBridge.canRead(value) {
            #expect(Canonical.identical(try FoundationBridge.read(bytes), value), "Foundation reads it differently")
        }
        let fromEvents = try EventWriting.bytes(.binary) { writer in
            for event in EventWriting.events(of: value) { try writer.write(event) }
        }
        #expect(fromEvents == bytes)
    }

    @Test(.enabled(if: TestTools.plutil != nil))
    func plutilLintsTheBinaryOutput() throws {
        var files: [String: Data] = [:]
        for (index, vector) in EventWriterVector.all.enumerated() where FoundationBridge.canRead(vector.value) {
            files["v\(index).plist"] = try EventWriting.bytes(.binary) { try $0.write(vector.value) }
        }
        let directory = try TestTools.scratch(files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Subprocess.run(TestTools.plutil!, ["-lint"] + files.keys.sorted(), in: directory, timeout: 300)
        #expect(result.status == 0, "\(String(decoding: result.stdout, as: UTF8.self))\(result.stderrText)")
    }

    @Test func binaryUniquesKeysAndShortScalars() throws {
        let record: Plist = ["name": "same", "id": 7]
        let bytes = try EventWriting.bytes(.binary) { try $0.write(.array([record, record, record])) }
        // Objects: "name", "same", "id", 7, three dictionaries, the array.
        let objectCount = bytes.suffix(24).prefix(8).reduce(0) { $0 << 8 | Int($1) }
        #expect(objectCount == 8)
        #expect(try Plist(decoding: bytes) == .array([record, record, record]))
    }

    @Test func randomValuesMatchTheWholeValueWriters() throws {
        for seed in 0..<200 as Range<UInt64> {
            var generator = RandomPlist(seed: seed)
            let value = generator.value()
            for (format, options) in Self.textLayouts {
                let whole = Result { try value.encoded(as: format, options: options) }
                let events = Result { try EventWriting.bytes(format, options) { try $0.write(value) } }
                switch whole {
                case .success(let expected):
                    #expect(try events.get() == expected, "seed \(seed), \(format) \(options)")
                case .failure(let error):
                    #expect(EventWriting.error { _ = try events.get() } == error as? PlistError, "seed \(seed), \(format) \(options)")
                }
            }
            let binary = try EventWriting.bytes(.binary) { try $0.write(value) }
            #expect(Canonical.identical(try Plist(decoding: binary), value), "seed \(seed)")
        }
    }

    @Test func outputFailuresAreIOErrors() throws {
        // A small document goes out at finish(), a large one as soon as a chunk fills.
        let small = try PlistEventWriter(format: .xml, fileDescriptor: -1)
        try small.write(.scalar("x"))
        let atFinish = EventWriting.error { try small.finish() }
        #expect(atFinish?.code == .io)
        #expect(atFinish?.message.hasPrefix("writing to file descriptor -1 failed: ") == true)
        let large = try PlistEventWriter(format: .xml, fileDescriptor: -1)
        let atWrite = EventWriting.error { try large.write(.scalar(.string(String(repeating: "x", count: 100_000)))) }
        #expect(atWrite?.code == .io)
        #expect(EventWriting.error { try large.finish() }?.code == .structure)
    }

    @Test func binaryLargeDataGoesStraightToTheOutput() throws {
        let blob = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let value: Plist = ["blob": .data(blob), "small": .data(Data([1, 2])), "again": .data(blob)]
        var chunks: [Int] = []
        var bytes = Data()
        let writer = try PlistEventWriter(format: .binary) { chunk in
            chunks.append(chunk.count)
            bytes.append(contentsOf: chunk)
        }
        try writer.write(value)
        try writer.finish()
        // Each occurrence is handed on whole, from the value's own storage.
        #expect(chunks.filter { $0 == blob.count }.count == 2)
        #expect(try Plist(decoding: bytes) == value)
        #expect(Canonical.identical(try FoundationBridge.read(bytes), value))
    }

    // MARK: Misuse

    /// The code and message `events` give, written in turn and then finished.
    private func failure(_ events: [PlistEvent], format: PlistFormat = .xml, options: PlistWritingOptions = .default) -> PlistError? {
        EventWriting.error {
            _ = try EventWriting.bytes(format, options) { writer in
                for event in events { try writer.write(event) }
            }
        }
    }

    @Test func keyOutsideADictionary() {
        let atRoot = failure([.key("a")])
        #expect(atRoot?.code == .structure)
        #expect(atRoot?.message == "event 1: a key, but expected the root value")
        let inArray = failure([.startArray(count: nil), .key("a")])
        #expect(inArray?.code == .structure)
        #expect(inArray?.message.contains("a key, but expected an element or the end of the array") == true)
    }

    @Test func keyAndValueMustAlternate() {
        let valueWithoutKey = failure([.startDictionary(count: nil), .scalar("v")])
        #expect(valueWithoutKey?.code == .structure)
        #expect(valueWithoutKey?.message.contains("a value, but expected a key or the end of the dictionary") == true)
        let twoKeys = failure([.startDictionary(count: nil), .key("a"), .key("b")])
        #expect(twoKeys?.message == "event 3 at key path 'a': a key, but expected the value of key 'a'")
        let endAfterKey = failure([.startDictionary(count: nil), .key("a"), .endDictionary])
        #expect(endAfterKey?.code == .structure)
    }

    @Test func unbalancedEnds() {
        #expect(failure([.endArray])?.code == .structure)
        let mismatched = failure([.startArray(count: nil), .endDictionary])
        #expect(mismatched?.message.contains("the end of a dictionary, but expected an element or the end of the array") == true)
        let wrongCount = failure([.startArray(count: 2), .scalar(1), .endArray])
        #expect(wrongCount?.message.contains("after 1 of the 2 elements its start announced") == true)
    }

    @Test func oneRootOnly() {
        let second = failure([.scalar("a"), .scalar("b")])
        #expect(second?.code == .structure)
        #expect(second?.message.contains("a second root value") == true)
    }

    @Test func aScalarEventHoldsNoContainer() {
        for container: Plist in [["x"], ["k": "v"]] {
            let refused = failure([.startArray(count: nil), .scalar(container)])
            #expect(refused?.code == .structure)
            #expect(refused?.message.contains("a container as a scalar event") == true)
        }
    }

    @Test func finishBeforeTheDocumentIsComplete() {
        for format in PlistFormat.allCases {
            #expect(failure([], format: format)?.message == "finish() before the root value: a document holds exactly one value")
            let open = failure([.startDictionary(count: nil), .key("k"), .startArray(count: nil)], format: format)
            #expect(open?.code == .structure)
            #expect(open?.message.contains("2 containers still open; expected an element or the end of the array") == true)
        }
    }

    @Test func aSpentWriterRefusesEverything() throws {
        let writer = try PlistEventWriter(format: .json) { _ in }
        #expect(throws: PlistError.self) { try writer.write(.scalar("scalar root")) }
        #expect(throws: PlistError.self) { try writer.write(.startArray(count: nil)) }
        #expect(throws: PlistError.self) { try writer.finish() }
    }

    @Test func depthLimit() {
        let options = PlistWritingOptions(maximumDepth: 3)
        let deep: Plist = [[[["x"]]]]
        for format in PlistFormat.allCases {
            let events = EventWriting.events(of: deep)
            #expect(failure(events, format: format, options: options)?.code == .depthLimitExceeded, "\(format)")
            #expect(failure(EventWriting.events(of: [[["x"]]]), format: format, options: options) == nil, "\(format)")
        }
    }

    @Test func sortedKeysIsRefusedForText() throws {
        for format in [PlistFormat.xml, .json, .openStep] {
            let error = EventWriting.error { _ = try PlistEventWriter(format: format, options: .plutil) { _ in } }
            #expect(error?.code == .unrepresentable)
        }
        let value: Plist = ["b": 1, "a": 2]
        let bytes = try EventWriting.bytes(.binary, .plutil) { try $0.write(value) }
        #expect(try Plist(decoding: bytes) == value)
    }

    @Test func jsonRefusesWhatJSONWriterRefuses() {
        for value: Plist in [.date(Date(timeIntervalSinceReferenceDate: 0)), .data(Data([1])), .uid(1), .real(.nan), .real(.infinity)] {
            let error = failure(EventWriting.events(of: ["k": value]), format: .json)
            // The same words as the whole-value writer's, key path included.
            let whole = EventWriting.error { _ = try (["k": value] as Plist).encoded(as: .json) }
            #expect(error?.code == .unrepresentable)
            #expect(error?.message.contains("at key path 'k' as JSON") == true, "\(String(describing: error))")
            #expect(error == whole)
        }
        #expect(failure([.scalar(1)], format: .json)?.code == .unrepresentable)
    }

    // MARK: Large documents

    /// A root array of `count` records, each a dictionary with a unique string, plus one
    /// chain nested 500 deep.
    private static func largeValue(count: Int) -> Plist {
        var deep: Plist = "bottom"
        for level in 0..<499 { deep = level % 2 == 0 ? [deep] : ["d": deep] }
        var records: [Plist] = [deep]
        records.reserveCapacity(count + 1)
        for index in 0..<count {
            records.append(["name": .string("record \(index)"), "index": .integer(PlistInteger(index)), "even": .bool(index % 2 == 0)])
        }
        return .array(records)
    }

    @Test func largeDeepDocumentThroughAFileDescriptor() throws {
        // In the full run (`TestTools.fullRun`), 300,000 distinct names: more offsets (128 Ki)
        // and root references (256 Ki) than the binary writer keeps in memory, so both go
        // through its temporary files. By default 70,000 (three new objects each): the
        // offsets still go through their file, the root references stay in memory.
        let value = Self.largeValue(count: TestTools.scaled(70_000, full: 300_000))
        guard case .array(let records) = value else { return }
        let directory = try TestTools.scratch([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let layouts: [(PlistFormat, PlistWritingOptions)] = [(.xml, .default), (.json, PlistWritingOptions(humanReadable: true)), (.binary, .default)]
        for (format, options) in layouts {
            let path = directory.appendingPathComponent("large.\(format)").path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            try #require(descriptor >= 0)
            let writer = try PlistEventWriter(format: format, options: options, fileDescriptor: descriptor)
            try writer.write(.startArray(count: nil))
            for record in records { try writer.write(record) }
            try writer.write(.endArray)
            try writer.finish()
            close(descriptor)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            if format == .binary {
                #expect(try Plist(decoding: bytes) == value)
                #expect(Canonical.identical(try FoundationBridge.read(bytes), value))
                if let plutil = TestTools.plutil {
                    #expect(try Subprocess.run(plutil, ["-lint", path], timeout: 300).status == 0)
                }
            } else {
                #expect(bytes == (try value.encoded(as: format, options: options)), "\(format)")
            }
        }
    }

    @Test func outputArrivesInBoundedChunks() throws {
        let value = Self.largeValue(count: 20_000)
        for format in PlistFormat.allCases where format != .openStep {
            var chunks: [Int] = []
            let writer = try PlistEventWriter(format: format) { bytes in chunks.append(bytes.count) }
            try writer.write(value)
            try writer.finish()
            #expect(chunks.count > 4, "\(format)")
            #expect(chunks.allSatisfy { $0 <= 128 * 1024 }, "\(format): \(chunks.max() ?? 0)")
        }
    }
}
