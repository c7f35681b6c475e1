import BenchmarkWorkloads
import Foundation
import PlistKit

// Times two bodies in alternation, for the model-object rows of issue #13:
//
//   plistkit-paired [PAIRS] [ROW...]          PlistKit against Foundation
//   plistkit-paired growth [PAIRS] [ROW...]   PlistKit at n against PlistKit at 2n
//   plistkit-paired --list | --list-growth    the rows measured when none is named
//
// ROW is workload/format/operation, as in compare.sh's table (records/binary/codable-decode),
// or `models`: the eight `model-*` rows of issue #34 (records and app-state, binary and XML,
// decode and encode). Each row's inputs are made first, then each body runs once unmeasured,
// then PAIRS pairs (default 7): one run of each body, back to back, the body that goes first
// alternating from pair to pair. A pair's two runs see the same state of the machine, so the
// ratio of each pair stays steady while the machine's speed drifts, which it does by up to 2×
// between the benchmark suite's separate processes minutes apart. A row whose second body
// takes longer than 10 s gets fewer pairs (at least 3), so that such a row stays near a
// minute. One line a row on standard output:
//
//   records binary codable-decode pairs=7 first_ms=… second_ms=… ratio=… pair_ratio=… pair_ratio_min=… pair_ratio_max=…
//
// first_ms is PlistKit's median (at n, for growth), second_ms Foundation's (PlistKit's at 2n),
// ratio second over first, pair_ratio the median of the pairs' ratios (second over first),
// and the last two the pairs' extremes. Benchmarks/compare.sh runs both modes.
//
// A `model-*` row against Foundation also times its floor (`Floor`) in the same alternation:
// each round runs the three bodies in one of their six orders, in turn, and the line goes on
//
//   … floor=sax2 floor_ms=… floor_ratio=… floor_ratio_min=… floor_ratio_max=… floor_allows=… floor_allows_min=… floor_allows_max=…
//
// floor_ratio is the median of the rounds' model ÷ floor (XML decode's goal: ≤ 1.3 over
// `sax2`; binary: < 1 over `plain-decode`/`plain-encode`), floor_allows that of Foundation ÷
// floor: the ratio over Foundation a model path running at its floor would reach. An
// `app-state` `model-decode` row times a fourth body too, its model values built with no format
// (`Floor.model`), and goes on with `model_floor_ms=… model_floor_ratio=… model_floor_allows=…`
// (each with `_min` and `_max`), read as the `floor_` fields are.

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
let modelRows = [Workload.records, .appState].flatMap { workload in
    [PlistFormat.binary, .xml].flatMap { format in
        [ModelRow.Operation.modelDecode, .modelEncode].map { ModelRow(workload, format, $0) }
    }
}
let rows: [ModelRow] = arguments.isEmpty ? (growth ? ModelRow.growth : ModelRow.paired) : arguments.flatMap { argument in
    if argument == "models" { return modelRows }
    let parts = argument.split(separator: "/").map(String.init)
    guard parts.count == 3, let workload = Workload(rawValue: parts[0]), let format = PlistFormat(rawValue: parts[1]),
          let operation = ModelRow.Operation(rawValue: parts[2]), !growth || ModelRow(workload, format, operation).twice != nil else {
        FileHandle.standardError.write(Data("usage: plistkit-paired [growth] [PAIRS] [workload/format/operation ...]\n".utf8))
        exit(2)
    }
    return [ModelRow(workload, format, operation)]
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

/// Runs `bodies` once each per round, `rounds` times, in each of their orders in turn (two
/// bodies: alternating), and returns each body's times.
func alternate(_ bodies: [() throws -> Void], rounds: Int) throws -> [[Double]] {
    var orders: [[Int]] = [[]]
    for body in bodies.indices {
        orders = orders.flatMap { order in (0...order.count).map { var next = order; next.insert(body, at: $0); return next } }
    }
    orders.sort { $0.lexicographicallyPrecedes($1) }
    var times = Array(repeating: [Double](), count: bodies.count)
    for round in 0..<rounds {
        for body in orders[round % orders.count] { times[body].append(try milliseconds(bodies[body])) }
    }
    return times
}

/// `name=…`, `name_min=…`, `name_max=…` of the rounds' ratios `numerators[i] / denominators[i]`.
func ratioFields(_ name: String, _ numerators: [Double], _ denominators: [Double]) -> [String] {
    let ratios = zip(numerators, denominators).map { $0 / $1 }
    return ["\(name)=\(formatted(median(ratios)))", "\(name)_min=\(formatted(ratios.min()!))", "\(name)_max=\(formatted(ratios.max()!))"]
}

for row in rows {
    let first = try row.plistKit()
    let second = try growth ? row.twice!.plistKit() : row.foundation()
    let floor = growth ? nil : try Floor(row)
    let modelFloor = growth ? nil : Floor.model(row)
    try first()
    let warmSecond = try milliseconds(second)
    try floor?.body()
    try modelFloor?.body()
    let pairs = warmSecond > 10_000 ? max(3, min(requestedPairs, Int(60_000 / warmSecond))) : requestedPairs
    let floors = [floor, modelFloor].compactMap { $0 }
    let times = try alternate([first, second] + floors.map(\.body), rounds: pairs)
    let firstTimes = times[0], secondTimes = times[1]
    let pairRatios = zip(secondTimes, firstTimes).map { $0 / $1 }
    let firstMedian = median(firstTimes), secondMedian = median(secondTimes)
    var fields = [
        "\(row.workload.rawValue) \(row.format.rawValue) \(row.operation.rawValue)",
        "pairs=\(pairs)",
        "first_ms=\(formatted(firstMedian))",
        "second_ms=\(formatted(secondMedian))",
        "ratio=\(formatted(secondMedian / firstMedian))",
        "pair_ratio=\(formatted(median(pairRatios)))",
        "pair_ratio_min=\(formatted(pairRatios.min()!))",
        "pair_ratio_max=\(formatted(pairRatios.max()!))",
    ]
    if let floor {
        let floorTimes = times[2]
        fields += ["floor=\(floor.name)", "floor_ms=\(formatted(median(floorTimes)))"]
        fields += ratioFields("floor_ratio", firstTimes, floorTimes)
        fields += ratioFields("floor_allows", secondTimes, floorTimes)
    }
    if let modelFloorTimes = modelFloor.map({ _ in times[times.count - 1] }) {
        fields += ["model_floor_ms=\(formatted(median(modelFloorTimes)))"]
        fields += ratioFields("model_floor_ratio", firstTimes, modelFloorTimes)
        fields += ratioFields("model_floor_allows", secondTimes, modelFloorTimes)
    }
    FileHandle.standardOutput.write(Data((fields.joined(separator: " ") + "\n").utf8))
}
