import Foundation
import FuzzCommon
import PlistKit

/// Fuzzes `PlistDecoder` (every input format) into ``Model``, a set of nested `Decodable`
/// types. A refusal must be a `DecodingError`; a value decoded must encode, decode and
/// encode again to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = FuzzInput.data(start, count)
    var format = PlistFormat.binary
    let model: Model
    do {
        model = try PlistDecoder().decode(Model.self, from: bytes, format: &format)
    } catch is DecodingError {
        return 0
    } catch {
        fuzzFailure("PlistDecoder threw \(type(of: error)), not a DecodingError: \(error)")
    }
    CodableRoundTrip.check(model)
    return 0
}
