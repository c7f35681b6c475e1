/// What one format writes for each step of the event sequence that ``PlistEventWriter`` has
/// checked: the format's half of the event writer. PlistKit's formats write through the
/// same pieces as their whole-value writers, so the bytes are the same; a format registered
/// by a program gets ``TreeEventEmitter``, which collects the value and writes it whole.
///
/// A text container's opening waits until its first child or its end shows whether it is
/// empty (``open(_:in:)``). Every step has a default that writes nothing.
protocol PlistEventEmitter: AnyObject {
    /// Whether the format can honour `sortedKeys` (or ignores it): false for the text
    /// formats, which write keys in the order they come.
    var acceptsSortedKeys: Bool { get }
    /// The writer is made: what goes before the root value.
    func begin(in writer: PlistEventWriter) throws(PlistError)
    /// A container starts; `writer.levels` does not hold it yet.
    func start(dictionary: Bool, in writer: PlistEventWriter) throws(PlistError)
    /// The innermost container gets its first child.
    func open(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError)
    /// The innermost container, `level`, ends; `writer.levels` still holds it.
    func end(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError)
    /// A key of the innermost dictionary, whose count includes it.
    func key(_ key: String, in writer: PlistEventWriter) throws(PlistError)
    /// What goes before the element at `position` of the innermost array.
    func elementPrefix(position: Int, in writer: PlistEventWriter) throws(PlistError)
    /// What follows a value in the innermost dictionary.
    func entryEnd(in writer: PlistEventWriter)
    /// A scalar value.
    func scalar(_ value: Plist, in writer: PlistEventWriter) throws(PlistError)
    /// The root value has ended: what closes the document.
    func finish(in writer: PlistEventWriter) throws(PlistError)
}

extension PlistEventEmitter {
    var acceptsSortedKeys: Bool { false }
    func begin(in writer: PlistEventWriter) throws(PlistError) {}
    func start(dictionary: Bool, in writer: PlistEventWriter) throws(PlistError) {}
    func open(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError) {}
    func end(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError) {}
    func key(_ key: String, in writer: PlistEventWriter) throws(PlistError) {}
    func elementPrefix(position: Int, in writer: PlistEventWriter) throws(PlistError) {}
    func entryEnd(in writer: PlistEventWriter) {}
    func scalar(_ value: Plist, in writer: PlistEventWriter) throws(PlistError) {}
    func finish(in writer: PlistEventWriter) throws(PlistError) {}
}
