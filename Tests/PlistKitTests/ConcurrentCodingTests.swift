import Foundation
import PlistKit
import Testing

/// Decoders and encoders called from many tasks at once share nothing mutable: every result,
/// and every error, is the one the same call gives alone. (`plistkit` works on many files at
/// once this way; run under `--sanitize=thread` to have data races reported as well.)
@Suite struct ConcurrentCodingTests {
    /// Documents in every format, a few of them damaged, with what decoding each and
    /// encoding the result in every format gives when nothing else runs.
    static let documents: [Data] = {
        var documents: [Data] = []
        let formats: [PlistFormat] = [.binary, .xml, .json, .openStep]
        for seed in UInt64(1)...120 {
            var generator = RandomPlist(seed: seed, options: .init(uids: false))
            let value = generator.value()
            let format = formats[Int(seed) % formats.count]
            guard var bytes = (try? value.encoded(as: format)) ?? (try? value.encoded(as: .binary)) else { continue }
            if seed % 9 == 0 { bytes = bytes.prefix(bytes.count * 2 / 3) }
            documents.append(bytes)
        }
        return documents
    }()

    /// What decoding `bytes` and encoding the value in every format gives, errors included.
    static func outcome(_ bytes: Data) -> [String] {
        do {
            let (value, format) = try Plist.decodedWithFormat(bytes)
            return ["\(format)"] + [PlistFormat.binary, .xml, .json, .openStep].map { format in
                do {
                    return try value.encoded(as: format).base64EncodedString()
                } catch {
                    return "\(error)"
                }
            }
        } catch {
            return ["\(error)"]
        }
    }

    @Test func concurrentCallsGiveTheSerialResults() async {
        let documents = ConcurrentCodingTests.documents
        let serial = documents.map(ConcurrentCodingTests.outcome)
        #expect(serial.contains { $0.count == 1 }, "some documents are damaged")
        #expect(Set(serial.compactMap(\.first)).count > 4, "every format and some errors are read")
        // Each task starts at a different document, so different formats are decoded at once.
        let mismatches = await withTaskGroup(of: [Int].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches: [Int] = []
                    for round in 0..<documents.count * 3 {
                        let index = (task * 17 + round) % documents.count
                        if ConcurrentCodingTests.outcome(documents[index]) != serial[index] { mismatches.append(index) }
                    }
                    return mismatches
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(mismatches.isEmpty)
    }
}
