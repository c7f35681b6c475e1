#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The event writer's half for a format registered by a program: the events are assembled
/// into one ``Plist``, which the format's codec writes whole at the end. Memory holds the
/// whole value, as the codec's own writer needs it.
final class TreeEventEmitter: PlistEventEmitter {
    private let codec: any PlistFormatCodec
    /// The open containers, outermost first, each with the key awaiting its value.
    private var stack: [(entries: PlistDictionary?, elements: [Plist], key: PlistKey?)] = []
    /// The root value, once it is complete.
    private var root: Plist?

    init(codec: any PlistFormatCodec) {
        self.codec = codec
    }

    /// The whole value is at hand, so the codec can sort keys itself.
    var acceptsSortedKeys: Bool { true }

    func start(dictionary: Bool, in writer: PlistEventWriter) throws(PlistError) {
        stack.append((dictionary ? PlistDictionary() : nil, [], nil))
    }

    func end(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError) {
        let top = stack.removeLast()
        add(top.entries.map { .dictionary($0) } ?? .array(top.elements))
    }

    func key(_ key: String, in writer: PlistEventWriter) throws(PlistError) {
        stack[stack.count - 1].key = PlistKey(key)
    }

    func scalar(_ value: Plist, in writer: PlistEventWriter) throws(PlistError) {
        add(value)
    }

    func finish(in writer: PlistEventWriter) throws(PlistError) {
        guard let root else { return }
        let bytes = try codec.write(root, options: writer.options)
        try Plist.withContiguousBytes(bytes) { (bytes) throws(PlistError) in try writer.output.append(bytes) }
    }

    private func add(_ value: Plist) {
        guard !stack.isEmpty else {
            root = value
            return
        }
        if stack[stack.count - 1].entries != nil, let key = stack[stack.count - 1].key {
            stack[stack.count - 1].entries![key] = value
        } else {
            stack[stack.count - 1].elements.append(value)
        }
    }
}
