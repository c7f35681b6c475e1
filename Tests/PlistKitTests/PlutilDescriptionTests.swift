import Foundation
import Testing
import PlistKit

/// `Plist.plutilDescription`, the `plutil -p` layout as library API. The CLI parity suites
/// compare it with plutil itself byte for byte; these pin the documented shape.
@Suite struct PlutilDescriptionTests {
    /// The example in the property's documentation.
    @Test func documentedExample() {
        let value: Plist = ["tags": ["a", "b"], "name": "Ada"]
        #expect(value.plutilDescription == """
            {
              "name" => "Ada"
              "tags" => [
                0 => "a"
                1 => "b"
              ]
            }

            """)
    }

    /// Scalars at the top level, each followed by a newline.
    @Test func scalars() {
        #expect(Plist.integer(-7).plutilDescription == "-7\n")
        #expect(Plist.bool(true).plutilDescription == "true\n")
        #expect(Plist.real(.nan).plutilDescription == "nan\n")
        #expect(Plist.uid(7).plutilDescription == "<CFKeyedArchiverUID>{value = 7}\n")
        #expect(Plist.date(Date(timeIntervalSinceReferenceDate: 0)).plutilDescription == "2001-01-01 00:00:00 +0000\n")
        #expect(Plist.data(Data([1, 2, 3])).plutilDescription == "{length = 3, bytes = 0x010203}\n")
    }

    /// Past 24 bytes, the first 16 and the last 8, as macOS prints them.
    @Test func longData() {
        let bytes = Data((0..<30).map { UInt8($0) })
        #expect(Plist.data(bytes).plutilDescription
            == "{length = 30, bytes = 0x000102030405060708090a0b0c0d0e0f... 161718191a1b1c1d}\n")
    }

    /// Keys in plutil's order, not the dictionary's: digits by value, case last.
    @Test func keyOrder() {
        let value: Plist = ["b": 1, "a10": 2, "A": 3, "a9": 4, "a": 5]
        #expect(value.plutilDescription == """
            {
              "a" => 5
              "A" => 3
              "a9" => 4
              "a10" => 2
              "b" => 1
            }

            """)
    }
}
