import Foundation
@testable import PlistKit
import Testing
import TestSupport

/// The binary event source over a file holds at most its page budget of the file, and a
/// budget that makes it discard pages at almost every read changes no event.
@Suite struct BinaryEventSourceMemoryTests {
    /// Records like the streaming benchmark's: each has unique strings and strings shared
    /// with records far back in the file (a value repeated every 997 records, 5 teachers),
    /// so that the walk reads pages all over the file.
    static func records(_ count: Int) -> Plist {
        let teachers = ["Ms. Alvarez", "Mr. Brown", "Dr. Chen", "Mrs. Davis", "Mr. Evans"]
        return .array((0..<count).map { index in
            [
                "name": .string("student number \(index) of the class"),
                "number": .string("SA1\(index % 997)"),
                "age": .integer(PlistInteger(18 + index % 50)),
                "score": .real(Double(index) / 7),
                "teacher": .string(teachers[index % teachers.count]),
                "photo": .data(Data(repeating: UInt8(index & 0xFF), count: index % 300 == 0 ? 9000 : 24)),
                "active": .bool(index % 4 != 0),
            ]
        })
    }

    /// Writes `bytes` to a temporary file and runs `body` with a descriptor open on it.
    private func withFile<R>(_ bytes: Data, _ body: (Int32) throws -> R) throws -> R {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("binary-events-\(UUID().uuidString).plist")
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        return try body(descriptor)
    }

    #if os(Linux)
    /// The resident bytes of `bytes`' pages (`mincore`). Only those pages: the kernel may merge
    /// the image's mapping with an adjacent one of the same kind (another test's image, made
    /// at the same time), so the mapping's resident size in `/proc/self/smaps` can count
    /// pages that are not the image's.
    private func residentBytes(of bytes: UnsafeRawBufferPointer) throws -> Int {
        let pageSize = Syscalls.pageSize
        let pages = (bytes.count + pageSize - 1) / pageSize
        guard let base = bytes.baseAddress else { return 0 }
        var vector = [UInt8](repeating: 0, count: pages)
        let result = mincore(UnsafeMutableRawPointer(mutating: base), pages * pageSize, &vector)
        try #require(result == 0, "mincore failed: errno \(errno)")
        return vector.reduce(0) { $0 + Int($1 & 1) } * pageSize
    }

    /// Converts the file to XML through the source's events with a page budget, sampling
    /// the resident size of the file's pages every 2,000 events: the XML and the largest
    /// sample.
    private func streamedXML(_ descriptor: Int32, pageBudget: Int) throws -> (xml: Data, peak: Int) {
        _ = lseek(descriptor, 0, SEEK_SET)
        let source = try BinaryEventSource(fileDescriptor: descriptor, extent: Syscalls.seekableExtent(descriptor), options: .default, pageBudget: pageBudget)
        guard case .file(let image) = source.storage else {
            Issue.record("the source does not read the file through pages")
            return (Data(), 0)
        }
        var xml = Data()
        let writer = try PlistEventWriter(format: .xml) { bytes in xml.append(contentsOf: bytes) }
        var peak = 0, events = 0
        while let event = try source.next() {
            try writer.write(event)
            events += 1
            if events % 2000 == 0 { peak = max(peak, try residentBytes(of: image.bytes)) }
        }
        try writer.finish()
        peak = max(peak, try residentBytes(of: image.bytes))
        return (xml, peak)
    }

    /// A file of a few megabytes, with objects shared from all over it, streams to the XML
    /// the whole-value conversion writes while holding at most 16 pages of it; without a
    /// budget it comes to hold most of itself (which shows that the samples see the pages).
    @Test func pageBudgetBoundsTheFilesMemory() throws {
        let bytes = try Self.records(TestTools.scaled(30_000, full: 200_000)).encoded(as: .binary)
        let expected = try Plist(decoding: bytes).encoded(as: .xml)
        let budget = 16
        try withFile(bytes) { descriptor in
            let bounded = try streamedXML(descriptor, pageBudget: budget)
            #expect(bounded.xml == expected)
            #expect(bounded.peak > 0)
            #expect(bounded.peak <= budget * Syscalls.pageSize, "\(bounded.peak) bytes resident")
            let unbounded = try streamedXML(descriptor, pageBudget: 1 << 20)
            #expect(unbounded.xml == expected)
            #expect(unbounded.peak >= bytes.count / 2, "\(unbounded.peak) of \(bytes.count) bytes resident")
            #expect(bytes.count >= 50 * budget * Syscalls.pageSize)
        }
    }
    #endif

    /// With the fewest pages held at a time, every binary test vector read from a file gives the
    /// events and the error that reading it from memory gives: nothing is read before it is
    /// read in.
    @Test func everyReadIsReadInFirst() throws {
        var checked = 0
        for vector in EventVector.all {
            let bytes = try Data(contentsOf: vector.url)
            guard bytes.starts(with: Array("bplist".utf8)) else { continue }
            for budget in [SparseFileImage.minimumPageBudget, SparseFileImage.minimumPageBudget + 1] {
                let fromMemory = Self.events { () throws(PlistError) in try BinaryEventSource(bytes: bytes, options: .default) }
                let fromFile = try withFile(bytes) { descriptor in
                    Self.events { () throws(PlistError) in
                        try BinaryEventSource(fileDescriptor: descriptor, extent: Syscalls.seekableExtent(descriptor), options: .default, pageBudget: budget)
                    }
                }
                // A Bool, not the events: Foundation's Date.description traps on some dates
                // the vectors hold (NaN, ±inf), and the expectation would print them.
                let same = fromFile.events == fromMemory.events
                #expect(same, "\(vector.path), budget \(budget)")
                #expect(fromFile.error == fromMemory.error, "\(vector.path), budget \(budget)")
            }
            checked += 1
        }
        #expect(checked >= 40)
        // The records above, which span many pages, with the fewest pages at a time and
        // with budgets that discard less often.
        let bytes = try Self.records(3000).encoded(as: .binary)
        let value = try PlistEventReader(bytes).readValue()
        #expect(value == Self.records(3000))
        let fromMemory = Self.events { () throws(PlistError) in try BinaryEventSource(bytes: bytes, options: .default) }
        for budget in [SparseFileImage.minimumPageBudget, 8, 16, 64] {
            let fromFile = try withFile(bytes) { descriptor in
                Self.events { () throws(PlistError) in
                    try BinaryEventSource(fileDescriptor: descriptor, extent: Syscalls.seekableExtent(descriptor), options: .default, pageBudget: budget)
                }
            }
            #expect(fromFile.error == nil, "budget \(budget)")
            #expect(fromFile.events == fromMemory.events, "budget \(budget)")
        }
    }

    /// Values that repeat from anywhere earlier, thousands of distinct ones: each repeat is
    /// a reference to an object far back, and most of the objects the source remembers
    /// are replaced before they are met again. Strings (some also keys, some longer than
    /// the source keeps), numbers, dates, Booleans and data.
    static func sharedScalars(_ count: Int) -> Plist {
        var generator = SplitMix64(seed: 0x5EED)
        let pool: [Plist] = (0..<1500).map { index in
            switch index % 6 {
            case 0: .string("value \(index)")
            case 1: .string(String(repeating: "long \(index) ", count: 80))
            case 2: .integer(PlistInteger(index * 1_000_003))
            case 3: .real(Double(index) / 3)
            case 4: .date(Date(timeIntervalSinceReferenceDate: Double(index) * 86_400))
            default: .data(Data(repeating: UInt8(index & 0xFF), count: 40))
            }
        }
        return .array((0..<count).map { index in
            let first = pool[Int(generator.next() % UInt64(pool.count))]
            let second = pool[Int(generator.next() % UInt64(pool.count))]
            return [
                "value \(Int(generator.next() % 1500) / 6 * 6)": first,
                "other": second,
                "flag": .bool(index % 3 == 0),
            ]
        })
    }

    /// Values met again long after the source last read them, read through every budget
    /// from the fewest pages to the whole file, give the events the source gives from
    /// memory, and those assemble to the value written.
    @Test func valuesMetAgainGiveTheSameEvents() throws {
        let value = Self.sharedScalars(4000)
        let bytes = try value.encoded(as: .binary)
        let fromMemory = Self.events { () throws(PlistError) in try BinaryEventSource(bytes: bytes, options: .default) }
        #expect(fromMemory.error == nil)
        #expect(try PlistEventReader(bytes).readValue() == value)
        for budget in [SparseFileImage.minimumPageBudget, 8, 16, 64, 1 << 20] {
            let fromFile = try withFile(bytes) { descriptor in
                Self.events { () throws(PlistError) in
                    try BinaryEventSource(fileDescriptor: descriptor, extent: Syscalls.seekableExtent(descriptor), options: .default, pageBudget: budget)
                }
            }
            #expect(fromFile.error == nil, "budget \(budget)")
            #expect(fromFile.events == fromMemory.events, "budget \(budget)")
        }
    }

    /// Every event of the source `make` gives, then the code of the error that stopped it.
    private static func events(_ make: () throws(PlistError) -> BinaryEventSource) -> (events: [PlistEvent], error: PlistError.Code?) {
        var events: [PlistEvent] = []
        do throws(PlistError) {
            let source = try make()
            while let event = try source.next() { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error.code)
        }
    }
}
