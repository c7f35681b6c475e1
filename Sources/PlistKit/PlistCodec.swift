#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every format's reader, writer and Codable route, registered in one place: reading and
/// writing a ``Plist`` and `PlistDecoder`'s choice of source look a format up here, so a new
/// format is one entry.
struct PlistCodec: Sendable {
    /// How `PlistDecoder` reads the format: straight from the bytes where a source exists
    /// for it, otherwise by decoding a ``Plist`` first and walking that.
    enum DecodingRoute: Sendable {
        /// `BinaryDecodingSource`, over the object table.
        case binaryObjectTable
        /// `XMLDecodingSource`, over a flat node table the XML scanner fills.
        case xmlNodeTable
        /// `TreeDecodingSource`, over the value `read` returns.
        case tree
    }

    /// Reads a value from the bytes; the `Data` they are the storage of, when given, is
    /// what binary data values may share (``PlistReadingOptions/sharesLargeData``).
    let read: @Sendable (UnsafeRawBufferPointer, PlistReadingOptions, Data?) throws(PlistError) -> Plist
    let write: @Sendable (Plist, PlistWritingOptions) throws(PlistError) -> Data
    let decodingRoute: DecodingRoute

    static let binary = PlistCodec(
        read: { (bytes, options, storage) throws(PlistError) in try BinaryReader<DenseObjectMarks>.read(bytes, options: options, storage: storage) },
        write: { (value, options) throws(PlistError) in try BinaryWriter.write(value, maximumDepth: options.maximumDepth) },
        decodingRoute: .binaryObjectTable)

    static let xml = PlistCodec(
        read: { (bytes, options, _) throws(PlistError) in try XMLReader.read(bytes, options: options) },
        write: { (value, options) throws(PlistError) in try XMLWriter.write(value, options: options) },
        decodingRoute: .xmlNodeTable)

    static let json = PlistCodec(
        read: { (bytes, options, _) throws(PlistError) in try JSONReader.read(bytes, options: options) },
        write: { (value, options) throws(PlistError) in try JSONWriter.write(value, options: options) },
        decodingRoute: .tree)

    /// OpenStep text: its scalars are strings, so a number decoded from one is a type
    /// mismatch, as in Foundation's decoder.
    static let openStep = PlistCodec(
        read: { (bytes, options, _) throws(PlistError) in try OpenStepReader.read(bytes, options: options) },
        write: { (value, options) throws(PlistError) in try OpenStepWriter.write(value, options: options) },
        decodingRoute: .tree)
}

extension PlistFormat {
    /// The format's entry in the codec table.
    var codec: PlistCodec {
        switch self {
        case .binary: .binary
        case .xml: .xml
        case .json: .json
        case .openStep: .openStep
        }
    }
}
