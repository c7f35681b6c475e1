import PlistKit
import Foundation
let d = try! Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
let v = try Plist(decoding: d)
print(v)
let out = try v.encoded(as: .binary)
try out.write(to: URL(fileURLWithPath: "/tmp/out.bplist"))
print(try Plist(decoding: out) == v)
