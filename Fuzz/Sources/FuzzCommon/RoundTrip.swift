import Foundation
import PlistKit

/// The oracle for a value a reader accepted: it is written in every format that can hold
/// it and read back equal; writing the read-back value again gives the same bytes; `==` is
/// reflexive and agrees with hashing.
public enum RoundTrip {
    /// Checks `value` against every format; traps (through ``fuzzFailure(_:file:line:)``)
    /// on the first broken promise.
    public static func check(_ value: Plist) {
        Hashing.check(value)
        for format in PlistFormat.allCases {
            check(value, through: format)
        }
    }

    /// Writes `value` as `format`, reads it back, and writes that again.
    static func check(_ value: Plist, through format: PlistFormat) {
        // The messages name the format by its name: a PlistFormat captured by the messages'
        // closures crashes Swift 6.3's optimizer (CopyPropagation) in this function.
        let name = format.rawValue
        let bytes: Data
        do {
            bytes = try value.encoded(as: format)
        } catch {
            guard Representability.mayRefuse(value, format: format) else {
                fuzzFailure("\(name) writer refused a value it can hold: \(error)")
            }
            return
        }
        let back: Plist
        do {
            back = try Plist(decoding: bytes, format: format)
        } catch {
            fuzzFailure("\(name) reader refused what its writer wrote: \(error)\n\(describe(bytes))")
        }
        guard Representability.equalAfterRoundTrip(value, back, format: format) else {
            fuzzFailure("\(name) round trip changed the value:\n\(value)\n→\n\(back)")
        }
        Hashing.check(back)
        let again: Data
        do {
            again = try back.encoded(as: format)
        } catch {
            fuzzFailure("\(name) writer refused its own reader's value: \(error)")
        }
        guard again == bytes else {
            fuzzFailure("\(name) writing the read-back value gave other bytes:\n\(describe(bytes))\n→\n\(describe(again))")
        }
    }

    /// Writes a value the OpenStep reader gave back in the form it was read in (`form`, from
    /// `Plist.decodedOpenStep`) and reads it back: the same value, the same `.strings` form,
    /// and the same bytes when written again. (The typed-values flag may drop: GNUstep's
    /// `<[base64]>` data is written as hex, which is not a typed value.)
    public static func checkOpenStep(_ value: Plist, form: PlistWritingOptions) {
        let bytes: Data
        do {
            bytes = try value.encoded(as: .openStep, options: form)
        } catch {
            fuzzFailure("OpenStep writer refused a value its reader gave, in its own form: \(error)")
        }
        guard let (back, backForm) = try? Plist.decodedOpenStep(bytes) else {
            fuzzFailure("OpenStep reader refused what its writer wrote in the value's own form:\n\(describe(bytes))")
        }
        guard back == value, backForm.stringsFile == form.stringsFile else {
            fuzzFailure("OpenStep round trip in the value's own form changed it:\n\(value)\n→\n\(back)")
        }
        guard (try? back.encoded(as: .openStep, options: backForm)) == bytes else {
            fuzzFailure("OpenStep writing the read-back value gave other bytes:\n\(describe(bytes))")
        }
    }

    /// Bytes as text where they are UTF-8, otherwise as hex, for failure messages.
    static func describe(_ bytes: Data) -> String {
        String(validating: bytes, as: UTF8.self) ?? bytes.map { String(format: "%02x", $0) }.joined()
    }
}
