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
/// reader's error says so). A value both read is then copied event by event into a
/// `PlistEventWriter` of every format: text comes out as the whole-value writer's bytes (or
/// the same refusal), binary reads back equal.
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
        if let value { checkWriter(copying: bytes, format, value) }
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

/// The events of `bytes` written by a `PlistEventWriter` in each format agree with the
/// whole-value writers' output for `value`. A document that repeats a key in a dictionary is
/// the exception: its events carry every occurrence, which the writer writes as given, so
/// there the output must only read back as the whole-value writer's output does (first
/// position, last value), and the writer may refuse an overwritten value the format cannot
/// hold.
private func checkWriter(copying bytes: Data, _ format: PlistFormat, _ value: Plist) {
    // Known before writing: a refusal may come before the repeated key.
    let repeatsKeys = repeatsKeys(bytes, format)
    for output in PlistFormat.allCases {
        let streamed = Result { () throws(PlistError) -> Data in
            var written = Data()
            let writer = try PlistEventWriter(format: output) { chunk in written.append(contentsOf: chunk) }
            let reader = try PlistEventReader(bytes, format: format)
            while let event = try reader.next() {
                try writer.write(event)
            }
            try writer.finish()
            return written
        }
        let whole = Result { () throws(PlistError) -> Data in try value.encoded(as: output) }
        switch (streamed, whole) {
        case (.success(let written), .success(let expected)):
            if output == .binary {
                guard (try? Plist(decoding: written, format: output)) == value else { fuzzFailure("\(output) events do not read back equal") }
            } else if repeatsKeys {
                // Compared with what the whole-value writer's bytes read back as, which has
                // the format's documented losses (XML dates to the second, say).
                guard let back = try? Plist(decoding: written, format: output), back == (try? Plist(decoding: expected, format: output)) else {
                    fuzzFailure("\(output) events do not read back as the whole-value writer's bytes do")
                }
            } else if written != expected {
                fuzzFailure("\(output) events give other bytes than the whole-value writer")
            }
        case (.failure(let error), .failure(let expected)):
            guard error.code == expected.code else { fuzzFailure("\(output) writers refuse with \(error.code) and \(expected.code)") }
        case (.failure(let error), .success):
            // A repeated key's earlier values are in the events but not in the value: one the
            // format cannot hold is refused by the event writer alone.
            guard repeatsKeys, error.code == .unrepresentable else {
                fuzzFailure("\(output) event writer refuses what the whole-value writer writes: \(error)")
            }
        case (.success, .failure(let error)):
            fuzzFailure("\(output) event writer writes what the whole-value writer refuses: \(error)")
        }
    }
}

/// True when a dictionary in the events of `bytes` (which read without error) repeats a key.
private func repeatsKeys(_ bytes: Data, _ format: PlistFormat) -> Bool {
    guard let reader = try? PlistEventReader(bytes, format: format) else { return false }
    var keys: [Set<String>] = []
    while let event = try? reader.next() {
        switch event {
        case .startDictionary: keys.append([])
        case .endDictionary: keys.removeLast()
        case .key(let key): if !keys[keys.count - 1].insert(key).inserted { return true }
        default: break
        }
    }
    return false
}
