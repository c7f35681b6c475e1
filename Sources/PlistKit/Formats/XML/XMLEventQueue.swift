#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``XMLScannerOutput`` behind ``XMLEventSource``: turns the scanner's checked events into
/// ``PlistEvent``s in a queue that the source drains.
///
/// A keyed archive's `<dict><key>CF$UID</key><integer>N</integer></dict>` is one UID, as
/// ``XMLTreeBuilder`` reads it, so a dictionary's first events are held back while they may
/// still be such a UID (at most three events), and released once it is clear they are not.
final class XMLEventQueue: XMLScannerOutput {
    /// Events ready for ``XMLEventSource``, oldest first from `head`.
    private(set) var queue: [PlistEvent] = []
    private var head = 0
    /// The events of a dictionary that may still turn out to be a UID.
    private var held: [PlistEvent] = []
    private var heldValue: UInt64 = 0

    var recordsPositions: Bool { false }

    /// The next queued event, if any.
    func dequeue() -> PlistEvent? {
        guard head < queue.count else { return nil }
        let event = queue[head]
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return event
    }

    private func emit(_ event: PlistEvent) {
        if !held.isEmpty {
            queue.append(contentsOf: held)
            held.removeAll(keepingCapacity: true)
        }
        queue.append(event)
    }

    func beginArray(at position: XMLPosition) {
        emit(.startArray(count: nil))
    }

    func beginDictionary(at position: XMLPosition) {
        emit(.startDictionary(count: nil))
        // Held back from the queue while it may be a UID.
        held.append(queue.removeLast())
    }

    func endArray() {
        emit(.endArray)
    }

    func endDictionary() {
        if held.count == 3 {
            held.removeAll(keepingCapacity: true)
            queue.append(.scalar(.uid(heldValue)))
        } else {
            emit(.endDictionary)
        }
    }

    func key(_ text: UnsafeBufferPointer<UInt8>, at position: XMLPosition) {
        if held.count == 1, XMLUID.isKey(text) {
            held.append(.key(XMLUID.key))
        } else {
            emit(.key(String(decoding: text, as: UTF8.self)))
        }
    }

    func string(_ text: UnsafeBufferPointer<UInt8>, at position: XMLPosition) {
        emit(.scalar(.string(String(decoding: text, as: UTF8.self))))
    }

    func integer(_ value: PlistInteger, at position: XMLPosition) {
        if held.count == 2, let uid = value.uint64Value {
            held.append(.scalar(.integer(value)))
            heldValue = uid
        } else {
            emit(.scalar(.integer(value)))
        }
    }

    func real(_ value: Double, at position: XMLPosition) {
        emit(.scalar(.real(value)))
    }

    func bool(_ value: Bool, at position: XMLPosition) {
        emit(.scalar(.bool(value)))
    }

    func date(_ value: Date, at position: XMLPosition) {
        emit(.scalar(.date(value)))
    }

    func data(_ bytes: [UInt8], at position: XMLPosition) {
        emit(.scalar(.data(Data(bytes))))
    }

    /// Events have no place for a malformed value: the document fails.
    func invalidScalar(_ error: PlistError, at position: XMLPosition) -> Bool { false }
}
