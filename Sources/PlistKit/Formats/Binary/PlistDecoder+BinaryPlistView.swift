#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PlistDecoder {
    /// Decodes a value of `type` from one node of a binary plist, decoding that node's
    /// subtree and nothing else: one record out of a large file without decoding the rest.
    ///
    /// - Throws: `DecodingError` as ``decode(_:from:)-3d3ir`` does; a malformed subtree
    ///   is `DecodingError.dataCorrupted` with the ``PlistError`` (and its offset) as the
    ///   underlying error.
    /// - Complexity: O(size of the node's subtree).
    public func decode<T: Decodable>(_ type: T.Type, from node: BinaryPlistView.Node) throws -> T {
        let value: Plist
        do {
            value = try node.plist()
        } catch {
            throw Self.corrupted(error)
        }
        return try decode(type, from: value)
    }
}
