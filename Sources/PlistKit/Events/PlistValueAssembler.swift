/// Builds one ``Plist`` from a checked sequence of ``PlistEvent``s, as `Plist(decoding:)`
/// would build it (a repeated dictionary key keeps its first position and its last value):
/// what ``PlistEventReader/readValue()`` and ``TreeEventEmitter`` share.
struct PlistValueAssembler {
    /// The open containers, outermost first, each with the key awaiting its value.
    private var stack: [(entries: PlistDictionary?, elements: [Plist], key: PlistKey?)] = []

    /// Takes the next event; returns the value once `event` completes it.
    mutating func take(_ event: PlistEvent) -> Plist? {
        let finished: Plist
        switch event {
        case .startDictionary:
            stack.append((PlistDictionary(), [], nil))
            return nil
        case .startArray:
            stack.append((nil, [], nil))
            return nil
        case .key(let key):
            stack[stack.count - 1].key = PlistKey(key)
            return nil
        case .endDictionary, .endArray:
            let top = stack.removeLast()
            finished = top.entries.map { .dictionary($0) } ?? .array(top.elements)
        case .scalar(let value):
            finished = value
        }
        guard !stack.isEmpty else { return finished }
        if stack[stack.count - 1].entries != nil, let key = stack[stack.count - 1].key {
            stack[stack.count - 1].entries![key] = finished
        } else {
            stack[stack.count - 1].elements.append(finished)
        }
        return nil
    }
}
