#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// An encoding a property list can be stored in: one ``PlistFormatCodec``, registered under
/// its name.
///
/// Like `PropertyListSerialization.PropertyListFormat`, plus JSON as plutil writes it. The
/// four formats PlistKit reads and writes are ``binary``, ``xml``, ``json`` and ``openStep``;
/// a program adds its own with ``register(_:)``, and every API that takes a format (reading,
/// writing, event streams, the coders) then takes it too. Two formats are equal when their
/// names are.
public struct PlistFormat: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The format's name, such as `"binary"`.
    public var rawValue: String { codec.name }
    /// Everything the library needs of the format.
    public let codec: any PlistFormatCodec
    /// The codec's own paths for event streams and the coders, when it is one of PlistKit's.
    let native: (any NativePlistFormat)?

    init(_ codec: any PlistFormatCodec) {
        self.codec = codec
        native = codec as? any NativePlistFormat
    }

    /// The registered format with this name, if there is one.
    public init?(rawValue: String) {
        guard let format = Self.registered.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = format
    }

    /// Apple's binary format, `bplist00`.
    public static let binary = PlistFormat(BinaryFormat())
    /// Apple's XML format (the PropertyList-1.0 DTD).
    public static let xml = PlistFormat(XMLFormat())
    /// JSON, in the dialect `plutil -convert json` writes.
    public static let json = PlistFormat(JSONFormat())
    /// The old NeXTSTEP/OpenStep text format (`.strings` files included).
    public static let openStep = PlistFormat(OpenStepFormat())

    /// PlistKit's own formats: binary, XML, JSON and OpenStep.
    public static let allCases: [PlistFormat] = [.binary, .xml, .json, .openStep]

    /// Every format detection considers, in the order it asks them: PlistKit's own, then
    /// those added with ``register(_:)``.
    public static var registered: [PlistFormat] { registry.withLock { $0 } }

    private static let registry = Mutex(allCases)

    /// Adds a format: from now on ``detect(_:)`` considers it (after the built-in formats
    /// that are certain of their input, before OpenStep's catch-all), and it can be named by
    /// ``init(rawValue:)``. Registering a codec under a name already registered replaces
    /// that format.
    ///
    /// - Returns: The format, to pass wherever a ``PlistFormat`` is taken.
    @discardableResult
    public static func register(_ codec: some PlistFormatCodec) -> PlistFormat {
        let format = PlistFormat(codec)
        registry.withLock { formats in
            if let index = formats.firstIndex(of: format) {
                formats[index] = format
                if index < allCases.count { builtInReplaced.store(true, ordering: .releasing) }
            } else {
                formats.append(format)
            }
        }
        return format
    }

    /// Set for good once a codec replaces one of PlistKit's own formats (see ``opening(_:)``).
    private static let builtInReplaced = Atomic(false)

    /// The format's name.
    public var description: String { rawValue }

    public static func == (lhs: PlistFormat, rhs: PlistFormat) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Guesses the format of `bytes` from their first bytes, without validating the rest.
    ///
    /// Each registered format looks at the first 512 bytes (``PlistFormatCodec/detect(_:isComplete:)``);
    /// the first that is ``PlistFormatMatch/certain`` wins, otherwise the first that offers a
    /// ``PlistFormatMatch/fallback``. For PlistKit's formats: `bplist0` means binary;
    /// `<?xml`, `<!DOCTYPE`, `<plist` or `<!--` (after an optional byte-order mark and white
    /// space, UTF-8 or UTF-16) means XML. Input that is all a prefix of one of those openings
    /// (`bp` or more of `bplist0`, a few characters of `<?xml`) is a file cut short, and gets
    /// that format too, so that its reader says so. `[`, and `{` followed by a quoted key and
    /// `:` (or by `}`), mean JSON. Every other opening that OpenStep text can have falls back
    /// to OpenStep: `{`, `(`, `<`, a quoted or unquoted string (a bare `42` or `true` is the
    /// string plutil reads, not a JSON scalar), a comment, or white space alone (an empty
    /// dictionary, as CF reads it). Returns nil for empty input or input that looks like none
    /// of them.
    public static func detect(_ bytes: some Collection<UInt8>) -> PlistFormat? {
        if let found = bytes.withContiguousStorageIfAvailable({ detect(FormatHead($0, isComplete: true), bytes: $0) }) {
            return found
        }
        // One byte more than detection reads says whether the rest is all.
        let copy = Array(bytes.prefix(FormatHead.length + 1))
        return detect(FormatHead(copy, isComplete: true), bytes: copy)
    }

    /// The format of the input whose head is `head`: native formats look at `head`, a
    /// registered one at a copy of the first bytes of `bytes`, made once.
    private static func detect(_ head: FormatHead, bytes: some Collection<UInt8>) -> PlistFormat? {
        var fallback: PlistFormat?
        var copied: [UInt8]?
        for format in registered {
            let match: PlistFormatMatch?
            if let native = format.native {
                match = native.detect(head)
            } else {
                if copied == nil { copied = Array(bytes.prefix(head.count)) }
                match = format.codec.detect(copied!, isComplete: head.isComplete)
            }
            switch match {
            case .certain: return format
            case .fallback: if fallback == nil { fallback = format }
            case nil: break
            }
        }
        return fallback
    }
}

extension PlistFormat {
    /// The two openings whose first bytes settle the format, as ``detect(_:)`` would: the
    /// magic of a binary property list (`bplist0`) and an XML declaration (`<?xml `).
    /// `Plist(decoding:)` hands such input to the format's reader itself, without asking each
    /// registered format and without copying a ``PlistFormat``.
    enum Opening {
        case binary, xml
    }

    /// The ``Opening`` of `bytes`; nil for every other opening, and for every input once a
    /// registered codec has replaced a built-in format.
    @inline(__always)
    static func opening(_ bytes: ByteView) -> Opening? {
        guard bytes.count >= 8 else { return nil }
        // The first six or seven bytes, as a little-endian word masks them.
        let word = UInt64(littleEndian: bytes.word(at: 0))
        let opening: Opening
        if word & 0x00FF_FFFF_FFFF_FFFF == 0x0030_7473_696C_7062 {  // "bplist0"
            opening = .binary
        } else if word & 0x0000_FFFF_FFFF_FFFF == 0x0000_206C_6D78_3F3C {  // "<?xml "
            opening = .xml
        } else {
            return nil
        }
        return builtInReplaced.load(ordering: .acquiring) ? nil : opening
    }

    /// Reads a whole value; a native format's binary data values may share `storage`, the
    /// `Data` that `bytes` belong to.
    func read(_ bytes: ByteView, storage: Data?, options: PlistReadingOptions) throws(PlistError) -> Plist {
        if let native { return try native.read(bytes, storage: storage, options: options) }
        return try codec.read(bytes, options: options)
    }
}
