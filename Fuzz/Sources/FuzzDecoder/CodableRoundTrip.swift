import Foundation
import FuzzCommon
import PlistKit

/// The oracle for a decoded model: encoding it (binary and XML), decoding that, and encoding
/// again gives the same bytes. Comparing bytes rather than values keeps NaN fields honest.
enum CodableRoundTrip {
    static func check(_ model: Model) {
        for format in [PlistFormat.binary, .xml] {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            let first: Data
            do {
                first = try encoder.encode(model)
            } catch {
                // XML cannot hold every date; binary holds everything.
                if format == .xml, error is EncodingError { continue }
                fuzzFailure("PlistEncoder (\(format)) refused a decoded model: \(error)")
            }
            let second: Data
            do {
                var read = format
                second = try encoder.encode(PlistDecoder().decode(Model.self, from: first, format: &read))
            } catch {
                fuzzFailure("PlistDecoder refused what PlistEncoder (\(format)) wrote: \(error)")
            }
            guard first == second else { fuzzFailure("\(format) Codable round trip changed the bytes") }
        }
    }
}
