import Foundation
import FuzzCommon
import PlistKit

/// Fuzzes `PlistEncoder`'s binary output, which is written as the encode goes (no `Plist`
/// tree), against the tree the same encode makes (`encodeToPlist(_:)`) written by the binary
/// writer: both refuse, or the file reads back as the tree and has the same objects (as many,
/// and as many bytes; only their order may differ). The value encoded is a script read from
/// the input (`Script.swift`); the first byte's low bit asks for sorted keys.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let encoder = PlistEncoder()
    if first & 1 == 1 { encoder.outputFormatting = .sortedKeys }
    let value = ScriptedRoot(bytes: Array(bytes.dropFirst()))

    let staged = Result { try encoder.encode(value) }
    let fromTree = Result { () throws -> (tree: Plist, file: Data) in
        let tree = try encoder.encodeToPlist(value)
        switch tree {
        case .dictionary, .array, .data: return (tree, try tree.encoded(as: .binary))
        default: throw EncodingError.invalidValue(tree, .init(codingPath: [], debugDescription: "a scalar at the top"))
        }
    }
    switch (staged, fromTree) {
    case (.failure, .failure):
        return 0
    case (.success, .failure(let error)):
        fuzzFailure("the encoder wrote binary, but its tree is refused: \(error)")
    case (.failure(let error), .success):
        fuzzFailure("the encoder refused binary, but its tree is written: \(error)")
    case (.success(let file), .success(let expected)):
        let read: Plist
        do {
            read = try Plist(decoding: file, format: .binary)
        } catch {
            fuzzFailure("the encoder's binary does not read back: \(error)")
        }
        guard read == expected.tree else { fuzzFailure("the encoder's binary reads back as another value than its tree") }
        guard file.count == expected.file.count, objectCount(file) == objectCount(expected.file) else {
            fuzzFailure("the encoder's binary has \(objectCount(file)) objects in \(file.count) bytes; the tree's, \(objectCount(expected.file)) in \(expected.file.count)")
        }
    }
    return 0
}

/// The object count in a `bplist00` trailer.
private func objectCount(_ file: Data) -> UInt64 {
    file.suffix(24).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
}
