import Benchmark
import BenchmarkWorkloads
import Foundation
import PlistKit

/// The `small-docs` workload: 10,000 Info.plist-sized documents, each decoded or encoded by a
/// call of its own, binary and XML, PlistKit beside `PropertyListSerialization`. One iteration
/// is all 10,000 calls; the documents are unpacked (and, for encoding, decoded) in `setup`.
func registerSmallDocs() {
    for format in [PlistFormat.binary, .xml] {
        register(.smallDocs, format, "decode", "PlistKit", setup: { SmallDocs.load(format) }) { documents in
            for document in documents { blackHole(try Plist(decoding: document)) }
        }
        register(.smallDocs, format, "decode", "Foundation", setup: { SmallDocs.load(format) }) { documents in
            for document in documents { blackHole(try PropertyListSerialization.propertyList(from: document, options: [], format: nil)) }
        }
        register(.smallDocs, format, "encode", "PlistKit", setup: { try SmallDocs.load(.binary).map { try Plist(decoding: $0) } }) { values in
            for value in values { blackHole(try value.encoded(as: format)) }
        }
        register(.smallDocs, format, "encode", "Foundation", setup: {
            try SmallDocs.load(.binary).map { try PropertyListSerialization.propertyList(from: $0, options: [], format: nil) }
        }) { values in
            for value in values { blackHole(try PropertyListSerialization.data(fromPropertyList: value, format: format.foundation, options: 0)) }
        }
    }
}
