/// A value whose `encode(to:)` follows a script read from the fuzz input: which container to
/// ask for, which keys to write (and write again), nested values, nested containers, super
/// encoders, nested values abandoned by an error that the parent catches, and a container
/// asked for after another (which drops the first). Encoding it twice runs the same script,
/// so the two encodes must give the same value.
struct ScriptedRoot: Encodable {
    let bytes: [UInt8]

    func encode(to encoder: any Encoder) throws {
        try ScriptRunner(cursor: ScriptCursor(bytes), depth: 0).run(encoder)
    }
}

/// The script's position, shared by the nested values of one encode.
final class ScriptCursor {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next byte, or nil at the end (which ends every container).
    func next() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }
}

/// A nested value: the script's next steps, then, if `fails`, an error.
struct ScriptedValue: Encodable {
    struct Abandoned: Error {}
    let cursor: ScriptCursor
    let depth: Int
    let fails: Bool

    func encode(to encoder: any Encoder) throws {
        try ScriptRunner(cursor: cursor, depth: depth).run(encoder)
        if fails { throw Abandoned() }
    }
}

/// The script's keys, in two key types (`ScriptKey<First>`, `ScriptKey<Second>`), so that
/// dictionaries of one type follow a template the other's do not.
struct ScriptKey<Family>: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

enum First {}
enum Second {}

/// Runs the script on one encoder or container, to the end of the script or an end step.
struct ScriptRunner {
    let cursor: ScriptCursor
    let depth: Int

    /// Nesting deeper than this writes integers instead (the stack stays small).
    private static let maximumDepth = 40

    private var nested: ScriptRunner { ScriptRunner(cursor: cursor, depth: depth + 1) }
    private var canNest: Bool { depth < Self.maximumDepth }

    func run(_ encoder: any Encoder) throws {
        guard let choice = cursor.next() else { return }
        switch choice % 4 {
        case 0:
            var container = encoder.container(keyedBy: ScriptKey<First>.self)
            try keyed(&container, encoder: encoder)
        case 1:
            var container = encoder.container(keyedBy: ScriptKey<Second>.self)
            try keyed(&container, encoder: encoder)
        case 2:
            var container = encoder.unkeyedContainer()
            try unkeyed(&container)
        default:
            try single(encoder)
        }
    }

    private func key<Key: CodingKey>(_ byte: UInt8) -> Key {
        Key(stringValue: "k\(byte % 6)")!
    }

    private func keyed<Key: CodingKey>(_ container: inout KeyedEncodingContainer<Key>, encoder: (any Encoder)?) throws {
        while let step = cursor.next(), step % 11 != 0 {
            let key: Key = key(cursor.next() ?? 0)
            switch step % 11 {
            case 1: try container.encode(Int(cursor.next() ?? 0), forKey: key)
            case 2: try container.encode("s\(cursor.next() ?? 0)", forKey: key)
            case 3: try container.encodeNil(forKey: key)
            case 4 where canNest: try container.encode(ScriptedValue(cursor: cursor, depth: depth + 1, fails: false), forKey: key)
            case 5 where canNest: _ = try? container.encode(ScriptedValue(cursor: cursor, depth: depth + 1, fails: true), forKey: key)
            case 6 where canNest:
                var inner = container.nestedContainer(keyedBy: ScriptKey<First>.self, forKey: key)
                try nested.keyed(&inner, encoder: nil)
            case 7 where canNest:
                var inner = container.nestedUnkeyedContainer(forKey: key)
                try nested.unkeyed(&inner)
            case 8 where canNest: try nested.run(container.superEncoder(forKey: key))
            case 9 where canNest: try nested.run(container.superEncoder())
            case 10 where encoder != nil:
                // Another container for the same value: a keyed one continues this
                // dictionary, an unkeyed one replaces it (and this container writes on into
                // a dictionary nobody reaches).
                var other = encoder!.unkeyedContainer()
                try unkeyed(&other)
            default: try container.encode(depth, forKey: key)
            }
        }
    }

    private func unkeyed(_ container: inout any UnkeyedEncodingContainer) throws {
        while let step = cursor.next(), step % 8 != 0 {
            switch step % 8 {
            case 1: try container.encode(Int(cursor.next() ?? 0))
            case 2: try container.encode("s\(cursor.next() ?? 0)")
            case 3: try container.encodeNil()
            case 4 where canNest: try container.encode(ScriptedValue(cursor: cursor, depth: depth + 1, fails: false))
            case 5 where canNest: _ = try? container.encode(ScriptedValue(cursor: cursor, depth: depth + 1, fails: true))
            case 6 where canNest:
                var inner = container.nestedContainer(keyedBy: ScriptKey<Second>.self)
                try nested.keyed(&inner, encoder: nil)
            case 7 where canNest:
                var inner = container.nestedUnkeyedContainer()
                try nested.unkeyed(&inner)
            default: try container.encode(depth)
            }
        }
    }

    /// A single value, written once or more (each write replaces the last).
    private func single(_ encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        while let step = cursor.next(), step % 4 != 0 {
            switch step % 4 {
            case 1: try container.encode(Int(cursor.next() ?? 0))
            case 2 where canNest: try container.encode(ScriptedValue(cursor: cursor, depth: depth + 1, fails: false))
            default: try container.encode("s\(cursor.next() ?? 0)")
            }
        }
    }
}
