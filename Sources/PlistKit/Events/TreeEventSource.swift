/// The events of a ``Plist`` already in memory: how ``PlistEventReader`` reads a format
/// registered by a program, whose codec reads whole values only.
final class TreeEventSource: PlistEventSource {
    /// What is left to deliver, innermost container last.
    private enum Pending {
        case value(Plist)
        case key(String)
        case endArray
        case endDictionary
    }

    private var pending: [Pending]

    init(_ value: Plist) {
        pending = [.value(value)]
    }

    func next() throws(PlistError) -> PlistEvent? {
        guard let step = pending.popLast() else { return nil }
        switch step {
        case .key(let key): return .key(key)
        case .endArray: return .endArray
        case .endDictionary: return .endDictionary
        case .value(.array(let elements)):
            pending.append(.endArray)
            pending.append(contentsOf: elements.reversed().map { .value($0) })
            return .startArray(count: elements.count)
        case .value(.dictionary(let entries)):
            pending.append(.endDictionary)
            for index in entries.keys.indices.reversed() {
                pending.append(.value(entries.values[index]))
                pending.append(.key(entries.keys[index].string))
            }
            return .startDictionary(count: entries.count)
        case .value(let scalar):
            return .scalar(scalar)
        }
    }
}
