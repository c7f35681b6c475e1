import Foundation
import FuzzCommon
import PlistKit

/// Fuzzes `BinaryPlistView`: lookups never trap, and wherever the full binary reader and the
/// view both answer, they agree (the root's `plist()` is the reader's value; every node
/// visited decodes to the value at the same place in it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = FuzzInput.data(start, count)
    guard let view = try? BinaryPlistView(bytes) else { return 0 }
    let full = try? Plist(decoding: bytes, format: .binary)
    let viewed = try? view.root.plist()
    guard (full == nil) == (viewed == nil) else {
        fuzzFailure("the binary reader \(full == nil ? "refused" : "read") the file, the view's plist() \(viewed == nil ? "refused" : "read") it")
    }
    var budget = 300
    ViewWalk.visit(view.root, expected: full, budget: &budget)
    return 0
}
