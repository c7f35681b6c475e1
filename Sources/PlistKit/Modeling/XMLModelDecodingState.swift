#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one `PlistDecodable` decode of an XML property list shares: the node table's
/// source, called directly (no existential), and the format-independent state (options,
/// open containers, errors). Reads go through the same ``XMLDecodingSource`` methods as the
/// Codable path's, so they make the same checks and throw the same errors; only
/// dictionaries are read differently (``XMLModelFieldsDecoder``).
@usableFromInline
final class XMLModelDecodingState {
    let common: ModelDecodingState
    let source: XMLDecodingSource

    init(common: ModelDecodingState, source: XMLDecodingSource) {
        self.common = common
        self.source = source
    }

    // MARK: Scalars

    @usableFromInline
    func string(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> String {
        try common.string(source, value, depth, step)
    }

    @usableFromInline
    func integer<T: FixedWidthInteger>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try common.integer(source, value, type, depth, step)
    }

    @usableFromInline
    func float<T: BinaryFloatingPoint>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try common.float(source, value, type, depth, step)
    }

    @usableFromInline
    func bool(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        try common.bool(source, value, depth, step)
    }

    @usableFromInline
    func date(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Date {
        try common.date(source, value, depth, step)
    }

    @usableFromInline
    func data(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Data {
        try common.data(source, value, depth, step)
    }

    @usableFromInline
    func isNull(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        try common.isNull(source, value, depth, step)
    }
}
