/// What ``OpenStepParser`` reports as it reads, one call per event in document order.
///
/// The parser is generic over its handler, so each handler's calls are specialized into the
/// parse loop: ``OpenStepReader`` assembles a ``Plist`` with no event value in between, and
/// ``OpenStepParser/EventSlot`` keeps one ``OpenStepParser/Event`` for the readers that pull
/// events (``OpenStepEventSource``, ``OpenStepSpans``).
protocol OpenStepEventHandler {
    /// `{`, or the start of a `.strings` file or of a document of white space and comments.
    mutating func startDictionary()
    /// `(`.
    mutating func startArray()
    /// A dictionary key; its value follows.
    mutating func key(_ key: consuming String)
    /// A scalar value: an array element, a dictionary entry's value (for `key;`, the key
    /// itself) or the document's value.
    mutating func scalar(_ value: consuming Plist)
    /// The innermost open dictionary ends.
    mutating func endDictionary()
    /// The innermost open array ends.
    mutating func endArray()
    /// CF's recovery: the innermost open array ends without the element that failed (see
    /// ``OpenStepParser/Event/endArrayDroppingElement(openContainers:)``); the
    /// `openContainers` containers that element had started end with it, unfinished.
    mutating func endArrayDroppingElement(openContainers: Int)
}

extension OpenStepParser {
    /// Keeps the one event a ``OpenStepParser/read(into:)`` reports.
    struct EventSlot: OpenStepEventHandler {
        var event: Event?

        mutating func startDictionary() { event = .startDictionary }
        mutating func startArray() { event = .startArray }
        mutating func key(_ key: consuming String) { event = .key(key) }
        mutating func scalar(_ value: consuming Plist) { event = .scalar(value) }
        mutating func endDictionary() { event = .endDictionary }
        mutating func endArray() { event = .endArray }
        mutating func endArrayDroppingElement(openContainers: Int) { event = .endArrayDroppingElement(openContainers: openContainers) }
    }
}
