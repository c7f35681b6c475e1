#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one `PlistEncodable` encode shares: the options, the binary sink (when writing
/// binary), the containers being encoded (for coding paths), and the key arrays of each
/// field table's layouts.
@usableFromInline
final class ModelEncodingState {
    let userInfo: [CodingUserInfoKey: Any]
    let sortingKeys: Bool
    let sink: BinaryEncodingSink?
    /// The steps of the containers being encoded: the one at depth `d` is at `open[d]`.
    @exclusivity(unchecked) private var open: [ModelStep] = []
    /// Keys and sorted order of a table's dictionaries with some of its fields, by table and
    /// field bits: made once per layout, and shared by every dictionary with that layout.
    @exclusivity(unchecked) private var layouts: [Layout: (keys: [PlistKey], order: [Int])] = [:]
    /// The Codable path's assembler, for values encoded through `Encodable`.
    @exclusivity(unchecked) private var assembler: PlistAssembler?

    private struct Layout: Hashable {
        let table: ObjectIdentifier
        let fields: UInt64
    }

    init(userInfo: [CodingUserInfoKey: Any], sortingKeys: Bool, sink: BinaryEncodingSink?) {
        self.userInfo = userInfo
        self.sortingKeys = sortingKeys
        self.sink = sink
    }

    /// The coding path of a value at `depth` reached by `step`.
    func path(depth: Int, step: ModelStep) -> [any CodingKey] {
        guard depth > 0 else { return [] }
        var keys: [any CodingKey] = []
        for container in open[1..<min(depth, open.count)] {
            if let key = container.codingKey { keys.append(key) }
        }
        if let key = step.codingKey { keys.append(key) }
        return keys
    }

    /// Notes that a container at `depth` reached by `step` starts.
    func enter(depth: Int, step: ModelStep) {
        if open.count > depth { open.removeLast(open.count - depth) }
        while open.count < depth { open.append(.root) }
        open.append(step)
    }

    /// A value written and then replaced: the sink's table holds an object the file must leave out.
    func noteDropped() {
        sink?.valuesDropped = true
    }

    /// The empty dictionary a value that encoded nothing stands for.
    @usableFromInline
    func emptyDictionary(depth: Int) -> Plist {
        if let sink { return sink.dictionary(keys: [], sharedKeys: false, values: [], depth: depth) }
        return .dictionary([:])
    }

    /// The finished array: written to the sink, or a tree.
    func array(_ elements: [Plist], depth: Int) -> Plist {
        if let sink { return sink.array(elements, depth: depth) }
        return .array(elements)
    }

    /// The finished dictionary `fields` holds: written to the sink, or a tree.
    func dictionary(_ fields: PlistModelFieldsEncoder) -> Plist {
        // The keys as written (sorted when sorting) and, when sorting, the values' order.
        let keys: [PlistKey], order: [Int], shared: Bool
        if let own = fields.ownKeys {
            order = sortingKeys ? Self.sortedOrder(own) : []
            keys = sortingKeys ? order.map { own[$0] } : own
            shared = false
        } else if !sortingKeys, fields.values.count == fields.table.keys.count {
            (keys, order, shared) = (fields.table.keys, [], true)
        } else {
            let layout = Layout(table: ObjectIdentifier(fields.table), fields: fields.fieldBits)
            if let known = layouts[layout] {
                (keys, order) = known
            } else {
                let unsorted = fields.fieldKeys
                order = sortingKeys ? Self.sortedOrder(unsorted) : []
                keys = sortingKeys ? order.map { unsorted[$0] } : unsorted
                layouts[layout] = (keys, order)
            }
            shared = true
        }
        let values = sortingKeys ? order.map { fields.values[$0] } : fields.values
        if let sink { return sink.dictionary(keys: keys, sharedKeys: shared, values: values, depth: fields.depth) }
        return .dictionary(PlistDictionary(uncheckedUniqueKeys: keys, values: values))
    }

    /// The positions of `keys` in CF's order.
    private static func sortedOrder(_ keys: [PlistKey]) -> [Int] {
        keys.indices.sorted { PlistKeyOrder.utf16Precedes(keys[$0].string, keys[$1].string) }
    }

    /// `value` encoded through its `Encodable` conformance by the Codable path's encoder.
    func encodable<T: Encodable>(_ value: T, depth: Int, step: ModelStep) throws(EncodingError) -> Plist {
        if assembler == nil { assembler = PlistAssembler(sortingKeys: sortingKeys, sink: sink) }
        let parent = path(depth: depth, step: step).reduce(CodingPathNode.root) { $0.appending(PlistCodingKey($1)) }
        let impl = PlistEncoderImpl(userInfo: userInfo, assembler: assembler!, path: parent)
        do {
            let encoded = try impl.wrap(value, parent: parent, step: .none)
            return assembler!.plist(encoded, depth: depth)
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: parent.path, debugDescription: "\(T.self)'s encode(to:) failed: \(error)", underlyingError: error))
        }
    }
}
