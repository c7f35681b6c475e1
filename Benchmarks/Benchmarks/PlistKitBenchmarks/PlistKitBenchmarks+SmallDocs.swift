import Benchmark
import BenchmarkWorkloads
import Foundation
import PlistKit

/// The `small-docs` workload: 10,000 Info.plist-sized documents, each decoded or encoded by a
/// call of its own, binary and XML, PlistKit beside `PropertyListSerialization`. One iteration
/// is all 10,000 calls; the documents are unpacked (and, for encoding, decoded) in `setup`.
///
/// The guard (`guard.sh`) holds PlistKit's rows to the committed malloc count within
/// `PLISTKIT_GUARD_PER_DOCUMENT` (default 1) allocations per document as well as the relative
/// tolerance every row has: a share of a total over 10,000 calls would let each call gain
/// ten or more allocations unnoticed.
func registerSmallDocs() {
    var guarded = Benchmark.defaultConfiguration
    let perDocument = Int(ProcessInfo.processInfo.environment["PLISTKIT_GUARD_PER_DOCUMENT"] ?? "") ?? 1
    for (metric, thresholds) in guarded.thresholds ?? [:] {
        guarded.thresholds?[metric] = .init(relative: thresholds.relative, absolute: [.p90: perDocument * SmallDocs.count])
    }
    for format in [PlistFormat.binary, .xml] {
        register(.smallDocs, format, "decode", "PlistKit", configuration: guarded, setup: { SmallDocs.load(format) }) { documents in
            for document in documents { blackHole(try Plist(decoding: document)) }
        }
        register(.smallDocs, format, "decode", "Foundation", setup: { SmallDocs.load(format) }) { documents in
            for document in documents { blackHole(try PropertyListSerialization.propertyList(from: document, options: [], format: nil)) }
        }
        register(.smallDocs, format, "encode", "PlistKit", configuration: guarded, setup: { try SmallDocs.load(.binary).map { try Plist(decoding: $0) } }) { values in
            for value in values { blackHole(try value.encoded(as: format)) }
        }
        register(.smallDocs, format, "encode", "Foundation", setup: {
            try SmallDocs.load(.binary).map { try PropertyListSerialization.propertyList(from: $0, options: [], format: nil) }
        }) { values in
            for value in values { blackHole(try PropertyListSerialization.data(fromPropertyList: value, format: format.foundation, options: 0)) }
        }
    }
}
