#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistKit

extension ArchiveFile {
    /// Encodes `value` with PlistKit's `PlistEncoder` and replaces the file at `path` atomically.
    ///
    /// Like `try PropertyListEncoder().encode(value).write(to: url, options: .atomic)`: the
    /// Codable counterpart of ``archiveRootObject(_:toFile:format:permissions:)``.
    /// - Parameters:
    ///   - value: the root to encode: a type that encodes as a dictionary or an array.
    ///   - path: the file to replace or create.
    ///   - format: `.binary` (the default) or `.xml`.
    ///   - permissions: the mode of a new file, less the umask; an existing file keeps its
    ///     own.
    /// - Throws: a ``PlistStoreError`` coded `.coding` with the `EncodingError` as
    ///   ``PlistStoreError/underlying`` (a root that is not a dictionary or an array, say);
    ///   `.io` when the file cannot be replaced.
    public static func save(_ value: some Encodable, toFile path: String, format: PlistFormat = .binary, permissions: UInt32 = 0o644) throws(PlistStoreError) {
        try FileReplacement.write(to: path, permissions: permissions, failure: "cannot encode the value for \(path)") {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            return try encoder.encode(value)
        }
    }

    /// Reads the property list at `path` (any format) and decodes a `T` from it with
    /// PlistKit's `PlistDecoder`.
    ///
    /// Like `try PropertyListDecoder().decode(T.self, from: Data(contentsOf: url))`.
    /// - Throws: a ``PlistStoreError`` coded `.notFound` when there is no file;
    ///   `.coding` with the `DecodingError` as ``PlistStoreError/underlying``.
    public static func load<T: Decodable>(_ type: T.Type, fromFile path: String) throws(PlistStoreError) -> T {
        try FileReplacement.read(from: path, failure: "cannot decode a \(T.self) from \(path)") { bytes in
            try PlistDecoder().decode(type, from: Data(bytes))
        }
    }
}

extension AppContainer {
    /// Encodes `value` to the file `name` in `directory` (created if needed), atomically.
    /// - Returns: the path written.
    @discardableResult
    public func save(_ value: some Encodable, named name: String, in directory: ContainerDirectory = .documents, format: PlistFormat = .binary) throws(PlistStoreError) -> String {
        try writeFile(named: name, in: directory) { (path) throws(PlistStoreError) in
            try ArchiveFile.save(value, toFile: path, format: format)
        }
    }

    /// Decodes a `T` from the file `name` in `directory`.
    public func load<T: Decodable>(_ type: T.Type, named name: String, in directory: ContainerDirectory = .documents) throws(PlistStoreError) -> T {
        try ArchiveFile.load(type, fromFile: path(forFile: name, in: directory))
    }
}
