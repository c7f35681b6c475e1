import Foundation
import FuzzCommon
import PlistKit

/// Fuzzes the binary `bplist00` reader: whatever it accepts must round-trip through every format
/// (`RoundTrip.check`); whatever it refuses must be refused with a `PlistError` (the
/// typed `throws` guarantees that), never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = FuzzInput.data(start, count)
    guard let value = try? Plist(decoding: bytes, format: .binary) else { return 0 }
    RoundTrip.check(value)
    return 0
}
