// Archives or unarchives a workload's object graph through the hand-written conformance or
// the `@Archivable` one, once, for `valgrind --tool=callgrind --toggle-collect='*measured*'`:
//
//     macro-cost archive|unarchive hand|macro [count]     the `archive` workload: 100,000
//                                                        students sharing 20 teachers
//     macro-cost app-state archive|unarchive hand|macro   the `app-state` graph: Benchmarks'
//                                                        `ArchivedAppState` and its twin
//
// Before measuring, it checks that both forms write the same bytes, and (app-state) that the
// macro's graph read from them writes those bytes again.

import BenchmarkWorkloads
import Foundation
import KeyedArchive

var arguments = Array(CommandLine.arguments.dropFirst())
let isAppState = arguments.first == "app-state"
if isAppState { arguments.removeFirst() }
guard arguments.count >= 2, ["archive", "unarchive"].contains(arguments[0]), ["hand", "macro"].contains(arguments[1]) else {
    print("usage: macro-cost [app-state] archive|unarchive hand|macro [count]")
    exit(2)
}
let archiving = arguments[0] == "archive", byHand = arguments[1] == "hand"

/// The measured operation, chosen before measuring.
let operation: () throws -> Int
if isAppState {
    let state = AppState.generate()
    let hand = AppStateArchive.plistKitGraph(state), macro = macroGraph(state)
    let handBytes = try KeyedArchiver.archivedData(withRootObject: hand)
    guard try KeyedArchiver.archivedData(withRootObject: macro) == handBytes,
          try KeyedArchiver.archivedData(withRootObject: KeyedUnarchiver.unarchivedObject(ofType: MacroAppState.self, from: handBytes)) == handBytes
    else {
        print("the two forms archive different bytes")
        exit(1)
    }
    operation = switch (archiving, byHand) {
    case (true, true): { try KeyedArchiver.archivedData(withRootObject: hand).count }
    case (true, false): { try KeyedArchiver.archivedData(withRootObject: macro).count }
    case (false, true): { try KeyedUnarchiver.unarchivedObject(ofType: ArchivedAppState.self, from: handBytes).users.count }
    case (false, false): { try KeyedUnarchiver.unarchivedObject(ofType: MacroAppState.self, from: handBytes).users.count }
    }
} else {
    let count = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
    let records = fields(count)
    let hand = handStudents(records), macro = macroStudents(records)
    let handBytes = try KeyedArchiver.archivedData(withRootObject: hand)
    guard try KeyedArchiver.archivedData(withRootObject: macro) == handBytes else {
        print("the two forms archive different bytes")
        exit(1)
    }
    operation = switch (archiving, byHand) {
    case (true, true): { try KeyedArchiver.archivedData(withRootObject: hand).count }
    case (true, false): { try KeyedArchiver.archivedData(withRootObject: macro).count }
    case (false, true): { try KeyedUnarchiver.unarchivedObject(ofType: [HandStudent].self, from: handBytes).count }
    case (false, false): { try KeyedUnarchiver.unarchivedObject(ofType: [MacroStudent].self, from: handBytes).count }
    }
}

// The measured call: callgrind's --toggle-collect names this function.
@inline(never)
func measured() throws -> Int {
    try operation()
}
print(isAppState ? "app-state" : "archive", arguments[0], arguments[1], try measured())
