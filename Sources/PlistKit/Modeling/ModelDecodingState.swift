#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a value was reached from its container: the last step of its coding path.
@usableFromInline
enum ModelStep {
    case root
    /// A field of a table that outlives the value (its dictionary's decoder holds it),
    /// passed down without retaining the table per value.
    case tableField(Unmanaged<PlistFields>, Int)
    case key(String)
    case index(Int)

    /// The step as Codable shows it in a coding path.
    var codingKey: (any CodingKey)? {
        switch self {
        case .root: nil
        case .tableField(let fields, let position): PlistCodingKey(stringValue: fields.takeUnretainedValue().names[position])
        case .key(let key): PlistDictionaryCodingKey(key)
        case .index(let index): PlistCodingKey(index: index)
        }
    }
}

/// What one `PlistDecodable` decode shares: the format's source (a binary object table, an
/// XML node table or a ``Plist`` tree, the very sources the Codable path reads), the options,
/// and the containers being decoded, root first.
///
/// The decoders themselves are small values that say where they are (value, step, depth);
/// the coding path of a value is its open ancestors' steps plus its own, built only for an
/// error. Decoding is strictly nested, so a container opened at depth `d` takes the place of
/// whatever a finished sibling left there, and deeper entries are stale until replaced.
@usableFromInline
final class ModelDecodingState {
    let source: any PlistDecodingSource
    let userInfo: [CodingUserInfoKey: Any]
    let maximumDepth: Int
    /// The containers being decoded: the one at depth `d` is at `open[d]`.
    @exclusivity(unchecked) private var open: [(value: Int, step: ModelStep)] = []

    init(source: any PlistDecodingSource, userInfo: [CodingUserInfoKey: Any], maximumDepth: Int) {
        self.source = source
        self.userInfo = userInfo
        self.maximumDepth = maximumDepth
    }

    /// The coding path of a value at `depth` reached by `step`.
    func path(depth: Int, step: ModelStep) -> [any CodingKey] {
        guard depth > 0 else { return [] }
        var keys: [any CodingKey] = []
        keys.reserveCapacity(depth)
        for container in open[1..<min(depth, open.count)] {
            if let key = container.step.codingKey { keys.append(key) }
        }
        if let key = step.codingKey { keys.append(key) }
        return keys
    }

    /// The same path as the Codable decoder's linked list.
    func pathNode(depth: Int, step: ModelStep) -> CodingPathNode {
        path(depth: depth, step: step).reduce(CodingPathNode.root) { $0.appending(PlistCodingKey($1)) }
    }

    /// Notes that container `value` at `depth` starts being decoded: checks the depth limit
    /// and that `value` is not one of its own ancestors (a binary file's cycle), as the Codable
    /// path does.
    func enter(_ value: Int, depth: Int, step: ModelStep) throws(DecodingError) {
        guard depth < maximumDepth else {
            throw corrupted(PlistError(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels", at: source.location(value)), depth, step)
        }
        // As the Codable path's `PlistDecodingSource.enter`: a container is marked as being
        // decoded unless it is the root or the same value as its parent, and a container that
        // is the same value as its parent is not checked; so both report a cycle at the same path.
        if depth > 0, open[depth - 1].value != value {
            for ancestor in 1..<depth where open[ancestor].value == value && open[ancestor - 1].value != value {
                let offset: Int
                if case .offset(let parent)? = source.location(open[depth - 1].value) { offset = parent } else { offset = 0 }
                throw corrupted(PlistError(.cyclicReference, "object \(value) contains itself", offset: offset), depth, step)
            }
        }
        if open.count > depth {
            open[depth] = (value, step)
        } else {
            open.append((value, step))
        }
    }

    // MARK: Errors

    /// " (at offset 123)" or " (at 4:17)", or nothing when the source has no positions.
    func position(_ value: Int) -> String {
        source.location(value).map { " (at \($0))" } ?? ""
    }

    func corrupted(_ error: PlistError, _ depth: Int, _ step: ModelStep) -> DecodingError {
        PlistDecoder.corrupted(error, at: path(depth: depth, step: step))
    }

    /// A type mismatch, or `valueNotFound` when the value is Foundation's `nil` marker.
    func mismatch(_ type: Any.Type, _ value: Int, _ depth: Int, _ step: ModelStep) -> DecodingError {
        if (try? source.isNull(value)) == true {
            return null(type, value, depth, step)
        }
        return .typeMismatch(type, DecodingError.Context(codingPath: path(depth: depth, step: step), debugDescription: "Expected to decode \(type) but found \(source.typeDescription(value)) instead.\(position(value))"))
    }

    func null(_ type: Any.Type, _ value: Int, _ depth: Int, _ step: ModelStep) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(codingPath: path(depth: depth, step: step), debugDescription: "Cannot get value of \(type) -- found null value instead.\(position(value))"))
    }

    /// What `UUID`'s `init(from:)` reports for text that is no UUID.
    @usableFromInline
    func uuidCorrupted(_ depth: Int, _ step: ModelStep) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path(depth: depth, step: step), debugDescription: UUIDText.invalidText))
    }

    func doesNotFit(_ number: String, _ type: Any.Type, _ value: Int, _ depth: Int, _ step: ModelStep) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path(depth: depth, step: step), debugDescription: "Parsed property list number <\(number)> does not fit in \(type).\(position(value))"))
    }

    // MARK: Scalars

    /// The scalar `read` finds at `value`, to become a `type`.
    @inline(__always)
    func scalar<T>(_ value: Int, _ type: Any.Type, _ depth: Int, _ step: ModelStep, _ read: (Int) throws(PlistError) -> T?) throws(DecodingError) -> T {
        let scalar: T?
        do { scalar = try read(value) } catch { throw corrupted(error, depth, step) }
        guard let scalar else { throw mismatch(type, value, depth, step) }
        return scalar
    }

    func isNull(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        do { return try source.isNull(value) } catch { throw corrupted(error, depth, step) }
    }

    func string(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> String {
        try checkedString(scalar(value, String.self, depth, step) { (value) throws(PlistError) in try source.string(value) }, value, depth, step)
    }

    /// `string`, read from `value`, unless it is Foundation's nil marker (`valueNotFound`).
    @inline(__always)
    func checkedString(_ string: String, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> String {
        // The length first: most strings are not five bytes long, and it costs no comparison.
        if string.utf8.count == 5, string == PlistNull.marker {
            throw null(String.self, value, depth, step)
        }
        return string
    }

    func integer<T: FixedWidthInteger>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try integer(scalar(value, T.self, depth, step, { (value) throws(PlistError) in try source.number(value) }), value, depth, step)
    }

    /// `number`, read from `value`, as a `T`.
    func integer<T: FixedWidthInteger>(_ number: PlistNumber, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        switch number {
        case .integer(let integer):
            if let result = integer.exactly(T.self) { return result }
            throw doesNotFit("\(integer)", T.self, value, depth, step)
        case .real(let real):
            if let result = T(exactly: real) { return result }
            throw doesNotFit("\(real)", T.self, value, depth, step)
        }
    }

    func float<T: BinaryFloatingPoint>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try float(scalar(value, T.self, depth, step, { (value) throws(PlistError) in try source.number(value) }), value, depth, step)
    }

    /// `number`, read from `value`, as a `T`. Reals narrow to `Float` as Foundation does (a
    /// finite real beyond its range is `dataCorrupted`); integers convert to the nearest value.
    func float<T: BinaryFloatingPoint>(_ number: PlistNumber, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        switch number {
        case .real(let real):
            let narrowed = T(real)
            if real.isFinite && !narrowed.isFinite {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path(depth: depth, step: step), debugDescription: "Property list number <\(real)> does not fit in \(T.self).\(position(value))"))
            }
            return narrowed
        case .integer(let integer):
            if let signed = integer.int64Value { return T(signed) }
            return T(integer.uint64Value!)
        }
    }

    // MARK: Codable

    /// Decodes `value` through `T`'s `Decodable` conformance with the Codable path's decoder.
    @usableFromInline
    func decodable<T: Decodable>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        let path = pathNode(depth: depth, step: step)
        let impl = PlistDecoderImpl(source: source, site: DecodingSite(value: value, path: path, depth: depth), userInfo: userInfo, maximumDepth: maximumDepth)
        do {
            return try impl.unwrap(value, as: type, path: path, step: .none, depth: depth)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path.path, debugDescription: "\(T.self)'s init(from:) failed: \(error)", underlyingError: error))
        }
    }
}
