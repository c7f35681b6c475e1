import Foundation
import FuzzCommon
import PlistKit

/// Fuzzes the `@PlistCodable` path of `PlistDecoder` (every input format) into
/// ``MacroModel``. A refusal must be a `DecodingError`; the macro's path accepts
/// exactly what the `Codable` path accepts for ``CodableModel``, the same shapes, and what it
/// decodes encodes (binary and XML) to the `Codable` twin's bytes and decodes back to them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = FuzzInput.data(start, count)
    let macro: MacroModel?
    do {
        macro = try PlistDecoder().decode(MacroModel.self, from: bytes)
    } catch is DecodingError {
        macro = nil
    } catch {
        fuzzFailure("PlistDecoder threw \(type(of: error)), not a DecodingError: \(error)")
    }
    let codable = try? PlistDecoder().decode(CodableModel.self, from: bytes)
    switch (macro, codable) {
    case (nil, nil):
        return 0
    case (nil, .some):
        fuzzFailure("the Codable path decoded what the macro's path refused")
    case (.some, nil):
        fuzzFailure("the macro's path decoded what the Codable path refused")
    case (.some(let macro), .some(let codable)):
        MacroParity.check(macro, codable)
    }
    return 0
}
