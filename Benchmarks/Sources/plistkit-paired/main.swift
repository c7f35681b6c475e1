import BenchmarkWorkloads
import Foundation
import PlistKit

// Times two bodies in alternation, for the model-object rows of issue #13:
//
//   plistkit-paired [PAIRS] [ROW...]          PlistKit against Foundation
//   plistkit-paired growth [PAIRS] [ROW...]   PlistKit at n against PlistKit at 2n
//   plistkit-paired --list | --list-growth    the rows measured when none is named
//
// ROW is workload/format/operation, as in compare.sh's table (records/binary/codable-decode).
// Each row's inputs are made first, then each body runs once unmeasured, then PAIRS pairs
// (default 7): one run of each body, back to back, the body that goes first alternating from
// pair to pair. A pair's two runs see the same state of the machine, so the ratio of each
// pair stays steady while the machine's speed drifts, which it does by up to 2× between the
// benchmark suite's separate processes minutes apart. A row whose second body takes longer
// than 10 s gets fewer pairs (at least 3), so that such a row stays near a minute. One line a
// row on standard output:
//
//   records binary codable-decode pairs=7 first_ms=… second_ms=… ratio=… pair_ratio=… pair_ratio_min=… pair_ratio_max=…
//
// first_ms is PlistKit's median (at n, for growth), second_ms Foundation's (PlistKit's at 2n),
// ratio second over first, pair_ratio the median of the pairs' ratios (second over first),
// and the last two the pairs' extremes. Benchmarks/compare.sh runs both modes.

var arguments = Array(CommandLine.arguments.dropFirst())
switch arguments {
case ["--list"]:
    print(ModelRow.paired.map(\.description).joined(separator: "\n"))
    exit(0)
case ["--list-growth"]:
    print(ModelRow.growth.map(\.description).joined(separator: "\n"))
    exit(0)
default:
    break
}
let growth = arguments.first == "growth"
if growth { arguments.removeFirst() }
let requestedPairs = arguments.first.flatMap(Int.init) ?? 7
if arguments.first.flatMap(Int.init) != nil { arguments.removeFirst() }
let rows: [ModelRow] = arguments.isEmpty ? (growth ? ModelRow.growth : ModelRow.paired) : arguments.map { argument in
    let parts = argument.split(separator: "/").map(String.init)
    guard parts.count == 3, let workload = Workload(rawValue: parts[0]), let format = PlistFormat(rawValue: parts[1]),
          let operation = ModelRow.Operation(rawValue: parts[2]), !growth || ModelRow(workload, format, operation).twice != nil else {
        FileHandle.standardError.write(Data("usage: plistkit-paired [growth] [PAIRS] [workload/format/operation ...]\n".utf8))
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
    let first = try row.plistKit()
    let second = try growth ? row.twice!.plistKit() : row.foundation()
    try first()
    let warmSecond = try milliseconds(second)
    let pairs = warmSecond > 10_000 ? max(3, min(requestedPairs, Int(60_000 / warmSecond))) : requestedPairs
    var firstTimes: [Double] = []
    var secondTimes: [Double] = []
    for pair in 0..<pairs {
        if pair % 2 == 0 {
            firstTimes.append(try milliseconds(first))
            secondTimes.append(try milliseconds(second))
        } else {
            secondTimes.append(try milliseconds(second))
            firstTimes.append(try milliseconds(first))
        }
    }
    let pairRatios = zip(secondTimes, firstTimes).map { $0 / $1 }
    let firstMedian = median(firstTimes), secondMedian = median(secondTimes)
    let line = [
        "\(row.workload.rawValue) \(row.format.rawValue) \(row.operation.rawValue)",
        "pairs=\(pairs)",
        "first_ms=\(formatted(firstMedian))",
        "second_ms=\(formatted(secondMedian))",
        "ratio=\(formatted(secondMedian / firstMedian))",
        "pair_ratio=\(formatted(median(pairRatios)))",
        "pair_ratio_min=\(formatted(pairRatios.min()!))",
        "pair_ratio_max=\(formatted(pairRatios.max()!))",
    ].joined(separator: " ")
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
