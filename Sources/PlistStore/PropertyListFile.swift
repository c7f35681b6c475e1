#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistKit

/// Reading and atomically writing property-list files.
///
/// Like `-[NSDictionary writeToFile:atomically:YES]` and `dictionaryWithContentsOfFile:`,
/// for any `Plist` value.
public enum PropertyListFile {
    /// Encodes `value` in `format` and replaces the file at `path` atomically: a reader or a
    /// crash sees the complete old file or the complete new one, never a mixture.
    ///
    /// Like `writeToFile:atomically:YES`. An existing file keeps its permissions; a new one
    /// gets `permissions` less the umask.
    /// `options` lay the text formats out (sorted keys; for OpenStep text, the `.strings`
    /// form or GNUstep's typed values).
    /// - Throws: a ``PlistStoreError`` coded `.coding` when the value
    ///   cannot be written in `format`, `.io` when the file cannot be replaced.
    public static func write(_ value: Plist, to path: String, format: PlistFormat = .binary, options: PlistWritingOptions = .default, permissions: UInt32 = 0o644) throws(PlistStoreError) {
        try FileReplacement.write(to: path, permissions: permissions, failure: "cannot encode a property list for \(path)") {
            try value.encoded(as: format, options: options)
        }
    }

    /// Reads the property list at `path`, in whichever format it is (binary, XML, JSON,
    /// OpenStep text or a `.strings` file).
    ///
    /// Like `dictionaryWithContentsOfFile:`, but throwing the reason instead of returning nil.
    /// - Throws: a ``PlistStoreError`` coded `.notFound` when there is no file,
    ///   `.coding` (with PlistKit's `PlistError` as ``PlistStoreError/underlying``)
    ///   when it is not a property list.
    public static func read(from path: String) throws(PlistStoreError) -> Plist {
        try FileReplacement.read(from: path, failure: "\(path) is not a property list") { bytes in
            try Plist(decoding: bytes)
        }
    }

    static func readBytes(_ path: String) throws(PlistStoreError) -> [UInt8] {
        switch Syscalls.readFile(path) {
        case .success(let file): return file.bytes
        case .failure(let error): throw .system("cannot read \(path)", path: path, errno: error.rawValue)
        }
    }
}
