/// The encodings a property list can be stored in.
///
/// Like `PropertyListSerialization.PropertyListFormat`, plus JSON as plutil writes it.
public enum PlistFormat: String, Sendable, CaseIterable {
    /// Apple's binary format, `bplist00`.
    case binary
    /// Apple's XML format (the PropertyList-1.0 DTD).
    case xml
    /// JSON, in the dialect `plutil -convert json` writes.
    case json
    /// The old NeXTSTEP/OpenStep text format.
    case openStep

    /// Guesses the format of `bytes` from their first bytes, without validating the rest.
    ///
    /// `bplist0` means binary; `<?xml`, `<!DOCTYPE` or `<plist` (after an optional byte-order
    /// mark and white space, UTF-8 or UTF-16) means XML; `{` or `[` whose content looks like
    /// JSON means JSON; any other `{`, `(`, `"` or `<` opening means OpenStep text. Returns nil
    /// for empty input or input that looks like none of them.
    public static func detect(_ bytes: some Collection<UInt8>) -> PlistFormat? {
        let head = Array(bytes.prefix(512))
        if head.starts(with: Array("bplist0".utf8)) { return .binary }
        let text = FormatSniffer.leadingASCII(head)
        if text.hasPrefix("<?xml") || text.hasPrefix("<!DOCTYPE") || text.hasPrefix("<plist") || text.hasPrefix("<!--") {
            return .xml
        }
        guard let first = text.first else { return nil }
        switch first {
        case "[", "{":
            return FormatSniffer.looksLikeJSON(text) ? .json : .openStep
        case "\"", "-", "0"..."9", "t", "f", "n":
            return FormatSniffer.looksLikeJSON(text) ? .json : .openStep
        case "(", "<":
            return .openStep
        default:
            return first.isLetter ? .openStep : nil
        }
    }
}

/// Helpers for `PlistFormat.detect`: a peek at the start of the input as text.
enum FormatSniffer {
    /// The first characters of `head` as text, after any byte-order mark and leading white
    /// space. UTF-16 input (with a BOM, or ASCII with zero bytes between) is narrowed.
    static func leadingASCII(_ head: [UInt8]) -> String {
        var bytes = head[...]
        var stride = 1
        var offset = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = bytes.dropFirst(3)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            bytes = bytes.dropFirst(2); stride = 2; offset = 1
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            bytes = bytes.dropFirst(2); stride = 2
        } else if bytes.count >= 2, bytes[bytes.startIndex] == 0, bytes[bytes.startIndex + 1] != 0 {
            stride = 2; offset = 1
        } else if bytes.count >= 2, bytes[bytes.startIndex] != 0, bytes[bytes.startIndex + 1] == 0 {
            stride = 2
        }
        var scalars = String.UnicodeScalarView()
        var index = bytes.startIndex + offset
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte >= 0x80 { break }
            scalars.append(Unicode.Scalar(byte))
            index += stride
        }
        let text = String(scalars)
        return String(text.drop(while: { $0.isWhitespace }))
    }

    /// True when the opening of `text` is consistent with JSON rather than OpenStep:
    /// OpenStep dictionaries use `=` and `;`, JSON uses `:` and `,`.
    static func looksLikeJSON(_ text: String) -> Bool {
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case ":": return true
            case "=", ";", "(", "<": return false
            default: continue
            }
        }
        // No separator seen: a bare scalar or an array of scalars; both read as JSON.
        let first = text.first
        return first == "[" || first == "\"" || first == "-" || (first?.isNumber ?? false) || text.hasPrefix("true") || text.hasPrefix("false") || text.hasPrefix("null") || first == "{"
    }
}
