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
    private var assembler = PlistValueAssembler()
    /// The root value, once it is complete.
    private var root: Plist?

    init(codec: any PlistFormatCodec) {
        self.codec = codec
    }

    /// The whole value is at hand, so the codec can sort keys itself.
    var acceptsSortedKeys: Bool { true }

    func start(dictionary: Bool, in writer: PlistEventWriter) throws(PlistError) {
        take(dictionary ? .startDictionary(count: nil) : .startArray(count: nil))
    }

    func end(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError) {
        take(level.isDictionary ? .endDictionary : .endArray)
    }

    func key(_ key: String, in writer: PlistEventWriter) throws(PlistError) {
        take(.key(key))
    }

    func scalar(_ value: Plist, in writer: PlistEventWriter) throws(PlistError) {
        take(.scalar(value))
    }

    func finish(in writer: PlistEventWriter) throws(PlistError) {
        guard let root else { return }
        let bytes = try codec.write(root, options: writer.options)
        try Plist.withContiguousBytes(bytes) { (bytes) throws(PlistError) in try writer.output.append(bytes) }
    }

    private func take(_ event: PlistEvent) {
        if let value = assembler.take(event) { root = value }
    }
}
