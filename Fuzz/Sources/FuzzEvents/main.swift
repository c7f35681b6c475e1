import Foundation
import FuzzCommon
import PlistKit

/// The most events one input may give before the walk stops: a binary file that shares
/// containers yields their events at every reference, exponentially many for a few bytes.
private let eventLimit = 200_000

/// Fuzzes `PlistEventReader` over the format `PlistFormat.detect` names: the value
/// `readValue()` assembles from the events (after which `next()` ends the document) equals
/// what `Plist(decoding:format:)` reads, or both refuse. The one exception is CF's recovery
/// from an OpenStep array element whose events were delivered before it failed (the event
/// reader's error says so).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = FuzzInput.data(start, count)
    guard let format = PlistFormat.detect(bytes), eventsEnd(bytes, format) else { return 0 }
    let whole = Result { () throws(PlistError) -> Plist in try Plist(decoding: bytes, format: format) }
    let events = Result { () throws(PlistError) -> Plist? in
        let reader = try PlistEventReader(bytes, format: format)
        let value = try reader.readValue()
        guard try reader.next() == nil else { fuzzFailure("\(format): events after the document's value") }
        return value
    }
    switch (whole, events) {
    case (.success(let expected), .success(let value)):
        guard value == expected else { fuzzFailure("\(format): the events give another value") }
    case (.failure, .failure):
        break
    case (.success, .failure(let error)):
        guard format == .openStep, error.message.contains("CF drops the array element") else {
            fuzzFailure("\(format): the whole-value reader reads it, the events fail: \(error)")
        }
    case (.failure(let error), .success):
        fuzzFailure("\(format): the events read it, the whole-value reader fails: \(error)")
    }
    return 0
}

/// True when the events end (or fail) within ``eventLimit``.
private func eventsEnd(_ bytes: Data, _ format: PlistFormat) -> Bool {
    guard let reader = try? PlistEventReader(bytes, format: format) else { return true }
    for _ in 0..<eventLimit {
        guard let event = try? reader.next() else { return true }
        _ = event
    }
    return false
}
