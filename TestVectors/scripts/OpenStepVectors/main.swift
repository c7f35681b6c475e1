// Reads each file named on the command line with Foundation's PropertyListSerialization
// (CF's old-style parser, for OpenStep text) and prints one line per file: the canonical
// dump of what Foundation read (see ../canonical.py for the format; dictionary keys sorted,
// since Foundation's dictionaries have no order), or {"error": "..."} when it refuses the
// file. Used by make_openstep_vectors.py as the oracle for TestVectors/openstep/.
import Foundation

func jsonString(_ text: String) -> String {
    var out = "\""
    for unit in text.utf16 {
        switch unit {
        case 0x22: out += "\\\""
        case 0x5C: out += "\\\\"
        case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
        default: out += String(format: "\\u%04x", unit)
        }
    }
    return out + "\""
}

func canonical(_ object: Any) throws -> String {
    switch object {
    case let string as String:
        return "{\"string\":\(jsonString(string))}"
    case let data as Data:
        return "{\"data\":\"\(data.base64EncodedString())\"}"
    case let array as [Any]:
        return "{\"array\":[" + (try array.map(canonical).joined(separator: ",")) + "]}"
    case let dictionary as [String: Any]:
        let pairs = try dictionary.keys.sorted().map { "[\(jsonString($0)),\(try canonical(dictionary[$0]!))]" }
        return "{\"dict\":[" + pairs.joined(separator: ",") + "]}"
    default:
        struct Unexpected: Error {}
        throw Unexpected()
    }
}

for path in CommandLine.arguments.dropFirst() {
    do {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var format = PropertyListSerialization.PropertyListFormat.binary
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        guard format == .openStep else {
            print("{\"error\":\"read as format \(format.rawValue), not OpenStep\"}")
            continue
        }
        print(try canonical(object))
    } catch {
        let message = ((error as NSError).userInfo["kCFPropertyListOldStyleParsingError"] as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
        print("{\"error\":\(jsonString(message ?? "\(error)"))}")
    }
}
