#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The scalar reads of the format-specialized decoders: generic over the source, so that
// each is specialized for its format's source class and calls it directly, with the checks
// and errors of the reads through `any PlistDecodingSource` in `ModelDecodingState`.

extension ModelDecodingState {
    @inline(__always)
    func scalar<S: PlistDecodingSource, T>(_ source: S, _ value: Int, _ type: Any.Type, _ depth: Int, _ step: ModelStep, _ read: (S, Int) throws(PlistError) -> T?) throws(DecodingError) -> T {
        let scalar: T?
        do { scalar = try read(source, value) } catch { throw corrupted(error, depth, step) }
        guard let scalar else { throw mismatch(type, value, depth, step) }
        return scalar
    }

    @inline(__always)
    func string(_ source: some PlistDecodingSource, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> String {
        try checkedString(scalar(source, value, String.self, depth, step) { (source, value) throws(PlistError) in try source.string(value) }, value, depth, step)
    }

    @inline(__always)
    func integer<T: FixedWidthInteger>(_ source: some PlistDecodingSource, _ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try integer(scalar(source, value, T.self, depth, step) { (source, value) throws(PlistError) in try source.number(value) }, value, depth, step)
    }

    @inline(__always)
    func float<T: BinaryFloatingPoint>(_ source: some PlistDecodingSource, _ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try float(scalar(source, value, T.self, depth, step) { (source, value) throws(PlistError) in try source.number(value) }, value, depth, step)
    }

    @inline(__always)
    func bool(_ source: some PlistDecodingSource, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        try scalar(source, value, Bool.self, depth, step) { (source, value) throws(PlistError) in try source.bool(value) }
    }

    @inline(__always)
    func date(_ source: some PlistDecodingSource, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Date {
        try scalar(source, value, Date.self, depth, step) { (source, value) throws(PlistError) in try source.date(value) }
    }

    @inline(__always)
    func data(_ source: some PlistDecodingSource, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Data {
        try scalar(source, value, Data.self, depth, step) { (source, value) throws(PlistError) in try source.data(value) }
    }

    @inline(__always)
    func isNull(_ source: some PlistDecodingSource, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        do { return try source.isNull(value) } catch { throw corrupted(error, depth, step) }
    }
}
