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
///
/// The queue is a block of events that are moved in and moved out, never copied, and
/// emptied whenever it has been drained; documents repeat their keys, so the text of the
/// last keys seen is kept with their `String`s (see ``RecentKeys``). Only the scanner's
/// callbacks and the source touch it, one at a time: its state skips dynamic exclusivity
/// checks.
final class XMLEventQueue: XMLScannerOutput {
    /// Events ready for ``XMLEventSource``: `events[head..<tail]`, oldest first.
    @exclusivity(unchecked) private var events: UnsafeMutablePointer<PlistEvent>
    @exclusivity(unchecked) private var capacity = 256
    @exclusivity(unchecked) private var head = 0
    @exclusivity(unchecked) private var tail = 0
    /// The events of a dictionary that may still turn out to be a UID.
    @exclusivity(unchecked) private var held: [PlistEvent] = []
    @exclusivity(unchecked) private var heldValue: UInt64 = 0
    @exclusivity(unchecked) private var keys = RecentKeys()

    init() {
        events = .allocate(capacity: capacity)
        held.reserveCapacity(3)
    }

    deinit {
        (events + head).deinitialize(count: tail - head)
        events.deallocate()
    }

    var recordsPositions: Bool { false }

    /// The next queued event, if any.
    @inline(__always)
    func dequeue() -> PlistEvent? {
        guard head < tail else { return nil }
        let event = (events + head).move()
        head += 1
        if head == tail {
            head = 0
            tail = 0
        }
        return event
    }

    @inline(__always)
    private func append(_ event: consuming PlistEvent) {
        if tail == capacity { grow() }
        (events + tail).initialize(to: event)
        tail += 1
    }

    @inline(never)
    private func grow() {
        let larger = UnsafeMutablePointer<PlistEvent>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: events + head, count: tail - head)
        events.deallocate()
        events = larger
        tail -= head
        head = 0
        capacity *= 2
    }

    @inline(__always)
    private func emit(_ event: consuming PlistEvent) {
        if !held.isEmpty { releaseHeld() }
        append(event)
    }

    @inline(never)
    private func releaseHeld() {
        for event in held { append(event) }
        held.removeAll(keepingCapacity: true)
    }

    func beginArray(at position: XMLPosition) {
        emit(.startArray(count: nil))
    }

    func beginDictionary(at position: XMLPosition) {
        if !held.isEmpty { releaseHeld() }
        // Held back from the queue while it may be a UID.
        held.append(.startDictionary(count: nil))
    }

    func endArray() {
        emit(.endArray)
    }

    func endDictionary() {
        if held.count == 3 {
            held.removeAll(keepingCapacity: true)
            append(.scalar(.uid(heldValue)))
        } else {
            emit(.endDictionary)
        }
    }

    func key(_ text: ByteView, at position: XMLPosition) {
        if held.count == 1, XMLUID.isKey(text) {
            held.append(.key(XMLUID.key))
        } else {
            emit(.key(keys.string(text)))
        }
    }

    func string(_ text: ByteView, at position: XMLPosition) {
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

    func data(_ bytes: ByteView, at position: XMLPosition) {
        emit(.scalar(.data(bytes.data(at: 0, count: bytes.count))))
    }

    /// Events have no place for a malformed value: the document fails.
    func invalidScalar(_ error: PlistError, at position: XMLPosition) -> Bool { false }
}

/// The `String`s of recently read keys, by their UTF-8 text: a key met again is handed out
/// as the `String` made the first time, without decoding and validating its text again.
///
/// A small table indexed by the key's length and last byte, one key per slot, each slot
/// replaced by the next key that maps to it; keys longer than ``maximumLength`` bytes are
/// not kept.
struct RecentKeys {
    private static let slotCount = 64
    private static let maximumLength = 32
    private var strings = [String](repeating: "", count: RecentKeys.slotCount)
    private var lengths = [Int](repeating: -1, count: RecentKeys.slotCount)
    private var text = [UInt8](repeating: 0, count: RecentKeys.slotCount * RecentKeys.maximumLength)

    /// The key whose UTF-8 is `bytes`, as `String(decoding:as:)` makes it.
    mutating func string(_ bytes: ByteView) -> String {
        let count = bytes.count
        guard count > 0, count <= Self.maximumLength else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let slot = (count &* 31 &+ Int(bytes[count &- 1]) &+ Int(bytes[0]) &* 7) & (Self.slotCount - 1)
        let matches = lengths[slot] == count && ByteView.with(text) { $0.bytesEqual(at: slot &* Self.maximumLength, bytes) }
        if matches { return strings[slot] }
        let string = String(decoding: bytes, as: UTF8.self)
        strings[slot] = string
        lengths[slot] = count
        bytes.copy(to: &text, at: slot &* Self.maximumLength)
        return string
    }
}
