/// XML's half of ``PlistEventWriter``: the header, tab-indented elements and the footer,
/// through the pieces `XMLWriter` uses (`XMLEmitting.swift`).
final class XMLEventEmitter: PlistEventEmitter {
    func begin(in writer: PlistEventWriter) throws(PlistError) {
        writer.output.buffer.append(XMLWriter.header)
    }

    func open(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError) {
        try writer.output.buffer.appendXMLOpen(dictionary: level.isDictionary, depth: writer.levels.count - 1, maximumDepth: writer.options.maximumDepth)
    }

    func end(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError) {
        let depth = writer.levels.count - 1
        if level.isOpen {
            writer.output.buffer.appendXMLClose(dictionary: level.isDictionary, depth: depth)
        } else {
            writer.output.buffer.appendXMLEmpty(dictionary: level.isDictionary, depth: depth)
        }
    }

    func key(_ key: String, in writer: PlistEventWriter) throws(PlistError) {
        writer.output.buffer.appendXMLKey(key, depth: writer.levels.count)
    }

    func scalar(_ value: Plist, in writer: PlistEventWriter) throws(PlistError) {
        let depth = writer.levels.count
        _ = try withUnsafePointer(to: value) { (value) throws(PlistError) in try writer.output.buffer.appendXMLScalar(value, depth: depth) }
    }

    func finish(in writer: PlistEventWriter) throws(PlistError) {
        writer.output.buffer.append(XMLWriter.footer)
    }
}
