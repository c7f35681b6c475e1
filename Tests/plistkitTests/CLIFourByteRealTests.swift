import Foundation
import Testing
import PlistKit
import TestSupport

/// 4-byte binary reals through the CLI: `-p` prints them with `Float` digits, as plutil does,
/// and `-convert xml1` writes the same text as plutil (but keeps the sign of `-0.0`).
@Suite struct CLIFourByteRealTests {
    /// A binary plist whose root is one 4-byte real (marker `0x22`) with these bits.
    static func real32File(_ bits: UInt32) -> Data {
        Data(BinaryBuilder([[0x22] + BinaryBuilder.bigEndian(UInt64(bits), size: 4)]).bytes)
    }

    @Test func plutilPrintsFourByteRealsWithFloatDigits() throws {
        guard let plutil = CLITests.plutilPath else { return }
        for real: Float in [0.1, 3.4028235e38, Float(bitPattern: 0x0001_16C2), 16_777_216, -0.0] {
            let directory = try CLITests.scratch(["r.plist": Self.real32File(real.bitPattern)])
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("r.plist").path
            let ours = try CLITests.run(CLITests.plistkitPath, ["-p", path])
            let theirs = try CLITests.run(plutil, ["-p", path])
            #expect(ours == theirs, "\(real)")
            let xmlOurs = try CLITests.run(CLITests.plistkitPath, ["-convert", "xml1", "-o", "-", path])
            let xmlTheirs = try CLITests.run(plutil, ["-convert", "xml1", "-o", "-", path])
            if real.sign == .plus {
                #expect(xmlOurs == xmlTheirs, "\(real)")
            } else {
                // plutil writes -0.0 as 0.0; we keep the sign.
                #expect(String(decoding: xmlOurs.stdout, as: UTF8.self).contains("<real>-0.0</real>"))
            }
        }
    }
}
