import Foundation
import FuzzCommon
import KeyedArchive
import PlistKit

/// Fuzzes `KeyedUnarchiver` twice over: the generic tree (`KeyedUnarchiver.plist(fromArchive:)`,
/// whose result must round-trip like any value) and typed, secure decoding of a cyclic
/// object graph (``FuzzNode`` and ``FuzzPerson`` only). Refusals are `KeyedArchiveError`s by
/// the typed `throws`, never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = FuzzInput.data(start, count)
    if let tree = try? KeyedUnarchiver.plist(fromArchive: bytes) {
        RoundTrip.check(tree)
    }
    _ = try? KeyedUnarchiver.unarchivedObject(ofType: FuzzNode.self, from: bytes,
                                              allowedClasses: [FuzzNode.self, FuzzPerson.self])
    _ = try? KeyedUnarchiver.unarchivedObject(ofType: FuzzPerson.self, from: bytes,
                                              allowedClasses: [FuzzNode.self, FuzzPerson.self])
    return 0
}
