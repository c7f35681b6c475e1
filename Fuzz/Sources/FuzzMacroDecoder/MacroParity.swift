import Foundation
import FuzzCommon
import PlistKit

/// The oracle for a model both paths decoded: in binary and XML, the macro's encoding is the
/// `Codable` twin's byte for byte (or both refuse: XML cannot hold every date), and it decodes
/// back through the macro to the same bytes again. Bytes rather than values keep NaN honest.
enum MacroParity {
    static func check(_ macro: MacroModel, _ codable: CodableModel) {
        for format in [PlistFormat.binary, .xml] {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            let viaMacro = try? encoder.encode(macro)
            let viaCodable = try? encoder.encode(codable)
            guard viaMacro == viaCodable else {
                fuzzFailure("\(format): the macro's encoding differs from Codable's (or only one refused)")
            }
            guard let viaMacro else { continue }
            do {
                let again = try encoder.encode(PlistDecoder().decode(MacroModel.self, from: viaMacro))
                guard again == viaMacro else { fuzzFailure("\(format) macro round trip changed the bytes") }
            } catch {
                fuzzFailure("the macro's path refused what it wrote (\(format)): \(error)")
            }
        }
    }
}
