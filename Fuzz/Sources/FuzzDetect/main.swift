import Foundation
import FuzzCommon
import PlistKit

/// Fuzzes format detection (`Plist(decoding:)`): what it accepts, it accepts in the format
/// `PlistFormat.detect` names, with the value that format's reader gives; the value must
/// round-trip through every format.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = FuzzInput.data(start, count)
    guard let (value, format) = try? Plist.decodedWithFormat(bytes) else { return 0 }
    guard PlistFormat.detect(bytes) == format else {
        fuzzFailure("decodedWithFormat read \(format), detect says \(String(describing: PlistFormat.detect(bytes)))")
    }
    let direct: Plist
    do {
        direct = try Plist(decoding: bytes, format: format)
    } catch {
        fuzzFailure("the \(format) reader refused what detection read: \(error)")
    }
    guard direct == value else { fuzzFailure("detection and the \(format) reader disagree") }
    RoundTrip.check(value)
    return 0
}
