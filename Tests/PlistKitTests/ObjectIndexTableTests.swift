import Testing
@testable import PlistKit

/// `BinaryReader`'s table of shared objects and key sets, against a `Dictionary`.
@Suite struct ObjectIndexTableTests {
    @Test func matchesADictionaryThroughEveryGrowth() {
        var table = ObjectIndexTable<String>()
        var reference: [Int: String] = [:]
        #expect(table[0] == nil)
        // Dense, sparse and huge indices, some stored twice (the second value wins).
        var indices = Array(0..<300) + stride(from: 1_000, to: 1_000_000, by: 7_919).map { $0 }
        indices += [Int.max, Int(Int32.max), 1 << 40] + Array(0..<50)
        for (step, index) in indices.enumerated() {
            table.set("\(index)/\(step)", for: index)
            reference[index] = "\(index)/\(step)"
            if step % 37 == 0 {
                for (key, value) in reference { #expect(table[key] == value) }
            }
        }
        for (key, value) in reference { #expect(table[key] == value) }
        for absent in [-1, 300, 999, 1_000_001, Int.max - 1] { #expect(table[absent] == nil) }
    }

    /// Indices a multiple of a large power of two apart, which a hash taking low bits alone
    /// would put in one slot.
    @Test func spreadsStridedIndices() {
        var table = ObjectIndexTable<Int>()
        for step in 0..<2_000 { table.set(step, for: step << 20) }
        for step in 0..<2_000 { #expect(table[step << 20] == step) }
        #expect(table[1] == nil)
    }
}
