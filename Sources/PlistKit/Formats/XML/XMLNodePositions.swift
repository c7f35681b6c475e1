/// Where each node of an ``XMLNodeTable`` starts (the line and column of its start tag's
/// `>`), packed: only errors read positions, and a document's nodes mostly sit a line or
/// a few columns after the one before.
///
/// Every 32nd node's position is stored whole, with where its successors' entries begin
/// in ``deltas``; each other node has one entry there, a LEB128 number whose low bit says
/// which form follows: 0, the same line, the rest being the column's step from the node
/// before; 1, the rest being the line's step, then a second number, the column. Steps wrap
/// in 32 bits, so positions that go back (none do) still round-trip. Reading a position
/// decodes at most 31 entries.
struct XMLNodePositions {
    private struct Checkpoint: BitwiseCopyable {
        var offset: UInt32
        var line: UInt32
        var column: UInt32
    }

    private static let stride = 32

    private let checkpoints: GrowableTable<Checkpoint>
    private let deltas: GrowableTable<UInt8>
    /// The position of the last node appended.
    private var last = XMLPosition.unknown

    init(expectedNodes: Int) {
        checkpoints = GrowableTable(capacity: expectedNodes / XMLNodePositions.stride + 1)
        deltas = GrowableTable(capacity: max(64, expectedNodes * 2))
    }

    /// Records `position` for node `node`, the next one.
    @inline(__always)
    mutating func append(_ position: XMLPosition, node: Int) {
        defer { last = position }
        if node % XMLNodePositions.stride == 0 {
            checkpoints.append(Checkpoint(offset: UInt32(truncatingIfNeeded: deltas.count), line: position.line, column: position.column))
        } else if position.line == last.line {
            write(UInt64(position.column &- last.column) << 1)
        } else {
            write(UInt64(position.line &- last.line) << 1 | 1)
            write(UInt64(position.column))
        }
    }

    @inline(__always)
    private func write(_ number: UInt64) {
        var number = number
        while number >= 0x80 {
            deltas.append(UInt8(truncatingIfNeeded: number) | 0x80)
            number >>= 7
        }
        deltas.append(UInt8(truncatingIfNeeded: number))
    }

    /// The position of node `node`.
    func position(_ node: Int) -> XMLPosition {
        decode(node).position
    }

    /// Drops the positions of the nodes from `count` on (`count` ≥ 1).
    mutating func truncate(to count: Int) {
        let (position, end) = decode(count - 1)
        checkpoints.removeLast(checkpoints.count - (count + XMLNodePositions.stride - 1) / XMLNodePositions.stride)
        deltas.removeLast(deltas.count - end)
        last = position
    }

    /// Node `node`'s position, and the offset just past its entry.
    private func decode(_ node: Int) -> (position: XMLPosition, end: Int) {
        let checkpoint = checkpoints[node / XMLNodePositions.stride]
        var position = XMLPosition(line: checkpoint.line, column: checkpoint.column)
        var offset = Int(checkpoint.offset)
        func read() -> UInt64 {
            var number: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = deltas[offset]
                offset += 1
                number |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return number }
                shift += 7
            }
        }
        for _ in 0..<node % XMLNodePositions.stride {
            let first = read()
            if first & 1 == 0 {
                position.column &+= UInt32(truncatingIfNeeded: first >> 1)
            } else {
                position.line &+= UInt32(truncatingIfNeeded: first >> 1)
                position.column = UInt32(truncatingIfNeeded: read())
            }
        }
        return (position, offset)
    }
}
