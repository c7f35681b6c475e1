import BenchmarkWorkloads
import Foundation
import PlistKit

// Times PlistKit and Foundation on the model-object rows of issue #13 in alternation:
//
//   plistkit-paired [PAIRS] [ROW...]      ROW: workload/format/operation, as in the table
//   plistkit-paired 7 records/binary/codable-decode
//   plistkit-paired --list                the rows measured when none is named
//
// Each row's input is made first, then each side runs once unmeasured, then PAIRS pairs: one
// run of each side, back to back, the side that goes first alternating from pair to pair. A
// pair's two runs see the same state of the machine, so the ratio of each pair (Foundation's
// time over PlistKit's) stays steady while the machine's speed drifts, which it does by up to
// 2× between the benchmark suite's separate processes minutes apart. A row whose Foundation
// run takes longer than 10 s gets fewer pairs (at least 3), so that such a row stays near a
// minute.
// One line a row on standard output:
//
//   records binary codable-decode pairs=7 plistkit_ms=… foundation_ms=… ratio=… pair_ratio=… pair_ratio_min=… pair_ratio_max=…
//
// `plistkit_ms` and `foundation_ms` are each side's median, `ratio` their quotient,
// `pair_ratio` the median of the pairs' ratios, and the last two the pairs' extremes.
// Benchmarks/compare.sh runs it and quotes it beside the suite's figures.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--list"] {
    print(ModelRow.paired.map(\.description).joined(separator: "\n"))
    exit(0)
}
let requestedPairs = arguments.first.flatMap(Int.init) ?? 7
let rowArguments = arguments.first.flatMap(Int.init) == nil ? arguments : Array(arguments.dropFirst())
let rows: [ModelRow] = rowArguments.isEmpty ? ModelRow.paired : rowArguments.map { argument in
    let parts = argument.split(separator: "/").map(String.init)
    guard parts.count == 3, let workload = Workload(rawValue: parts[0]), let format = PlistFormat(rawValue: parts[1]),
          let operation = ModelRow.Operation(rawValue: parts[2]) else {
        FileHandle.standardError.write(Data("usage: plistkit-paired [PAIRS] [workload/format/operation ...]\n".utf8))
        exit(2)
    }
    return ModelRow(workload, format, operation)
}

let clock = ContinuousClock()

/// The wall time of one run of `body`, in milliseconds.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let elapsed = try clock.measure(body)
    return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func formatted(_ value: Double) -> String { String(format: "%.3f", value) }

for row in rows {
    let (plistKit, foundation) = try row.prepare()
    try plistKit()
    let warmFoundation = try milliseconds(foundation)
    let pairs = warmFoundation > 10_000 ? max(3, min(requestedPairs, Int(60_000 / warmFoundation))) : requestedPairs
    var plistKitTimes: [Double] = []
    var foundationTimes: [Double] = []
    for pair in 0..<pairs {
        if pair % 2 == 0 {
            plistKitTimes.append(try milliseconds(plistKit))
            foundationTimes.append(try milliseconds(foundation))
        } else {
            foundationTimes.append(try milliseconds(foundation))
            plistKitTimes.append(try milliseconds(plistKit))
        }
    }
    let pairRatios = zip(foundationTimes, plistKitTimes).map { $0 / $1 }
    let plistKitMedian = median(plistKitTimes), foundationMedian = median(foundationTimes)
    let line = [
        "\(row.workload.rawValue) \(row.format.rawValue) \(row.operation.rawValue)",
        "pairs=\(pairs)",
        "plistkit_ms=\(formatted(plistKitMedian))",
        "foundation_ms=\(formatted(foundationMedian))",
        "ratio=\(formatted(foundationMedian / plistKitMedian))",
        "pair_ratio=\(formatted(median(pairRatios)))",
        "pair_ratio_min=\(formatted(pairRatios.min()!))",
        "pair_ratio_max=\(formatted(pairRatios.max()!))",
    ].joined(separator: " ")
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
