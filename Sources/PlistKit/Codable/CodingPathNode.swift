/// A coding path kept as a linked list, so that entering a key costs one small allocation
/// (or none, for the root) and the `[CodingKey]` array is built only when someone asks —
/// an error, or a type that reads `codingPath`.
indirect enum CodingPathNode: Sendable {
    case root
    case key(any CodingKey, CodingPathNode, depth: Int)
    case index(Int, CodingPathNode, depth: Int)

    /// Number of keys on the path.
    var depth: Int {
        switch self {
        case .root: 0
        case .key(_, _, let depth), .index(_, _, let depth): depth
        }
    }

    /// The path with `key` appended.
    func appending(_ key: some CodingKey) -> CodingPathNode {
        .key(key, self, depth: depth + 1)
    }

    /// The path with an array index appended.
    func appending(index: Int) -> CodingPathNode {
        .index(index, self, depth: depth + 1)
    }

    /// The path as Codable presents it, root first.
    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        keys.reserveCapacity(depth)
        var node = self
        while true {
            switch node {
            case .root:
                return keys.reversed()
            case .key(let key, let parent, _):
                keys.append(key)
                node = parent
            case .index(let index, let parent, _):
                keys.append(PlistCodingKey(index: index))
                node = parent
            }
        }
    }
}

/// The coding key PlistKit's coders put in coding paths: array positions (`Index 3`), the
/// `super` key, and copies of the caller's keys (so that paths are `Sendable`).
struct PlistCodingKey: CodingKey, Sendable, Hashable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }

    init(stringValue: String, intValue: Int?) {
        self.stringValue = stringValue
        self.intValue = intValue
    }

    /// The key for position `index` of an unkeyed container, as Foundation names it.
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    /// A copy of any coding key.
    init(_ key: some CodingKey) {
        if let key = key as? PlistCodingKey {
            self = key
        } else {
            self.init(stringValue: key.stringValue, intValue: key.intValue)
        }
    }

    /// The key that `superEncoder()` and `superDecoder()` use.
    static let `super` = PlistCodingKey(stringValue: "super")
}
