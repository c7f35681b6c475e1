#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Writes XML property lists byte for byte as the toolchain's `plutil -convert xml1` does:
/// the Apple header and DOCTYPE, tab indentation, `%.17g` reals, `nan`/`+infinity`/`-infinity`,
/// `0.0` for either zero, dates rounded down to the second, base64 lines whose width shrinks
/// with depth, and only `<`, `>` and `&` escaped.
///
/// Where plutil refuses, this writes what macOS writes: UIDs become
/// `<dict><key>CF$UID</key><integer>N</integer></dict>`.
struct XMLWriter: ~Copyable {
    static let header: StaticString = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """
    static let footer: StaticString = "</plist>\n"

    private var out = ByteBuffer(capacity: 4096)
    private let sortedKeys: Bool
    private let maximumDepth: Int
    /// By depth, the key lines of the last dictionary written there.
    private var keyLines: [KeyLines] = []

    private init(options: PlistWritingOptions) {
        sortedKeys = options.sortedKeys
        maximumDepth = options.maximumDepth
    }

    static func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data {
        var writer = XMLWriter(options: options)
        writer.out.append(header)
        try withUnsafePointer(to: value) { (value) throws(PlistError) in
            try writer.append(value, depth: 0)
        }
        writer.out.append(footer)
        return writer.finish()
    }

    /// The elements of `value` at `depth`, without the document's header and footer: a value
    /// that the `PlistEncodable` encoder, which writes the document around it, encoded
    /// through `Encodable`.
    static func fragment(_ value: Plist, depth: Int, options: PlistWritingOptions) throws(PlistError) -> Data {
        var writer = XMLWriter(options: options)
        try withUnsafePointer(to: value) { (value) throws(PlistError) in
            try writer.append(value, depth: depth)
        }
        return writer.finish()
    }

    /// The document written, handed over without a copy.
    private consuming func finish() -> Data {
        out.data()
    }

    /// Appends the value at `value`. Walking the tree through pointers into the containers'
    /// storage spares a copy (a retain and a release) of every value.
    private mutating func append(_ value: UnsafePointer<Plist>, depth: Int) throws(PlistError) {
        guard try !out.appendXMLScalar(value, depth: depth) else { return }
        switch value.pointee {
        case .dictionary(let entries):
            guard !entries.isEmpty else { out.appendXMLEmpty(dictionary: true, depth: depth); return }
            try out.appendXMLOpen(dictionary: true, depth: depth, maximumDepth: maximumDepth)
            try appendEntries(keys: entries.keys.elements, values: entries.values.elements, depth: depth + 1)
            out.appendXMLClose(dictionary: true, depth: depth)
        case .array(let elements):
            guard !elements.isEmpty else { out.appendXMLEmpty(dictionary: false, depth: depth); return }
            try out.appendXMLOpen(dictionary: false, depth: depth, maximumDepth: maximumDepth)
            try elements.withUnsafeBufferPointer { (elements) throws(PlistError) in
                let first = elements.baseAddress!
                for index in 0..<elements.count { try append(first + index, depth: depth + 1) }
            }
            out.appendXMLClose(dictionary: false, depth: depth)
        default:
            return
        }
    }

    /// Appends a dictionary's keys and values at `depth`, in sorted order if asked.
    ///
    /// When the previous dictionary at this depth had the same key storage (the records a
    /// binary plist decodes into share theirs), its key lines, and its order, are reused:
    /// each line is copied from where it was written, not escaped again.
    private mutating func appendEntries(keys: [PlistKey], values: [Plist], depth: Int) throws(PlistError) {
        while keyLines.count <= depth { keyLines.append(KeyLines()) }
        try keys.withUnsafeBufferPointer { (keyBuffer) throws(PlistError) in
            try values.withUnsafeBufferPointer { (valueBuffer) throws(PlistError) in
                let keyPointer = keyBuffer.baseAddress!, values = valueBuffer.baseAddress!, count = keyBuffer.count
                if keyLines[depth].storage == keyPointer {
                    let lines = keyLines[depth].lines
                    let order = sortedKeys ? keyLines[depth].order : []
                    for position in 0..<count {
                        out.appendCopy(of: lines[position])
                        try append(values + (sortedKeys ? order[position] : position), depth: depth)
                    }
                    return
                }
                // Take the arrays out (keeping their capacity) while deeper levels use theirs.
                var entry = KeyLines()
                swap(&entry, &keyLines[depth])
                entry.keys = keys
                entry.storage = keyPointer
                entry.lines.removeAll(keepingCapacity: true)
                entry.lines.reserveCapacity(count)
                if sortedKeys {
                    entry.order = (0..<count).sorted { PlistKeyOrder.utf16Precedes(keyPointer[$0].string, keyPointer[$1].string) }
                }
                for position in 0..<count {
                    let index = sortedKeys ? entry.order[position] : position
                    let start = out.count
                    out.appendXMLKey(keyPointer[index].string, depth: depth)
                    entry.lines.append(start..<out.count)
                    try append(values + index, depth: depth)
                }
                keyLines[depth] = entry
            }
        }
    }

    /// Where the `<key>` lines of one dictionary were written.
    private struct KeyLines {
        /// The dictionary's keys, held so that their storage, which identifies them, cannot
        /// be freed and reused by other keys during the write.
        var keys: [PlistKey] = []
        /// The address of that storage.
        var storage: UnsafePointer<PlistKey>?
        /// Each key's line in the output, in the order written.
        var lines: [Range<Int>] = []
        /// With sorted keys, the index of each key written, in the order written.
        var order: [Int] = []
    }
}
