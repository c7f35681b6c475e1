#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Apple's binary format, `bplist00`: the unit ``PlistFormat/binary`` stands for.
///
/// Whole values through ``BinaryReader`` and ``BinaryWriter``; events from a mapped file
/// (``BinaryEventSource``) and to a streaming writer (``BinaryEventEncoder``); the decoder
/// reads the object table in place (``BinaryDecodingSource``) and the encoder writes into
/// the writer's table as it goes (``BinaryEncodingSink``).
struct BinaryFormat: NativePlistFormat {
    var name: String { "binary" }

    /// `bplist0`, or a whole input of two or more bytes that is the start of it (a file cut
    /// short, which the reader then reports as such).
    func detect(_ head: FormatHead) -> PlistFormatMatch? {
        let magic: StaticString = "bplist0"
        let compared = min(head.count, magic.utf8CodeUnitCount)
        guard compared == magic.utf8CodeUnitCount || (head.isComplete && compared >= 2) else { return nil }
        let matches = magic.withUTF8Buffer { magic in (0..<compared).allSatisfy { head.first[$0] == magic[$0] } }
        return matches ? .certain : nil
    }

    func read(_ bytes: ByteView, storage: Data?, options: PlistReadingOptions) throws(PlistError) -> Plist {
        try BinaryReader<DenseObjectMarks>.read(bytes, options: options, storage: storage)
    }

    func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data {
        try BinaryWriter.write(value, maximumDepth: options.maximumDepth)
    }

    func eventSource(bytes: Data, options: PlistReadingOptions) throws(PlistError) -> any PlistEventSource {
        try BinaryEventSource(bytes: bytes, options: options)
    }

    /// The file is read with random access: a binary property list needs its trailer first.
    func eventSource(descriptor: Int32, extent: Syscalls.Result<(offset: Int, size: Int)>, input: EventInput, options: PlistReadingOptions) throws(PlistError) -> any PlistEventSource {
        try BinaryEventSource(fileDescriptor: descriptor, extent: extent, options: options)
    }

    func eventEmitter(output: EventOutput) -> any PlistEventEmitter {
        BinaryEventEncoder(output: output)
    }

    /// The decoder reads the object table in place; large data values may share `storage`.
    func decode<T: Decodable>(_ type: T.Type, from bytes: ByteView, storage: Data, options: PlistReadingOptions, userInfo: [CodingUserInfoKey: any Sendable]) throws -> T {
        var table: BinaryObjectTable
        do {
            table = try BinaryObjectTable(bytes)
        } catch {
            throw PlistDecoder.corrupted(error)
        }
        table.storage = options.sharesLargeData ? storage : nil
        let source = BinaryDecodingSource(table)
        defer { source.invalidate() }
        return try PlistDecoderImpl.decodeTop(type, source: source, userInfo: userInfo, maximumDepth: options.maximumDepth)
    }

    /// The object table read in place, as for `decode`.
    func withDecodingSource<R>(_ bytes: ByteView, storage: Data, options: PlistReadingOptions, _ body: (any PlistDecodingSource) throws(DecodingError) -> R) throws(DecodingError) -> R {
        var table: BinaryObjectTable
        do {
            table = try BinaryObjectTable(bytes)
        } catch {
            throw PlistDecoder.corrupted(error)
        }
        table.storage = options.sharesLargeData ? storage : nil
        let source = BinaryDecodingSource(table)
        defer { source.invalidate() }
        return try body(source)
    }

    func encodingSink() -> BinaryEncodingSink? { BinaryEncodingSink() }
}
