import Foundation
import FuzzCommon
import PlistKit

/// Fuzzes the OpenStep text and `.strings` reader: whatever it accepts must round-trip
/// through every format (`RoundTrip.check`) and through OpenStep in its own form (the
/// writing options `decodedOpenStep` returns: `.strings` or not, GNUstep typed values or
/// not). Refusals are `PlistError`s by the typed `throws`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = FuzzInput.data(start, count)
    guard let (value, form) = try? Plist.decodedOpenStep(bytes) else { return 0 }
    RoundTrip.check(value)
    RoundTrip.checkOpenStep(value, form: form)
    return 0
}
