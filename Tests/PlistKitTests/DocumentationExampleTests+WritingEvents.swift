import Foundation
import PlistKit
import Testing

extension DocumentationExampleTests {
    /// StreamingEvents.md, "Writing events": a root array written one record at a time.
    @Test func writingEvents() throws {
        let records: [Plist] = [["name": "Ada", "age": 36], ["name": "Grace", "age": 85]]
        var output = Data()

        let writer = try PlistEventWriter(format: .json, options: PlistWritingOptions(humanReadable: true)) { bytes in
            output.append(contentsOf: bytes)
        }
        try writer.write(.startArray(count: nil))
        for record in records {
            try writer.write(record)
        }
        try writer.write(.endArray)
        try writer.finish()

        #expect(output == (try Plist.array(records).encoded(as: .json, options: PlistWritingOptions(humanReadable: true))))
    }
}
