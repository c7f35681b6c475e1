/// JSON's half of ``PlistEventWriter``, compact or `humanReadable`, through the pieces
/// `JSONWriter` uses (`JSONEmitting.swift`).
final class JSONEventEmitter: PlistEventEmitter {
    func open(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError) {
        try writer.output.buffer.appendJSONOpen(dictionary: level.isDictionary, isEmpty: false, depth: writer.levels.count - 1, maximumDepth: writer.options.maximumDepth, pretty: writer.options.humanReadable)
    }

    func end(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError) {
        let depth = writer.levels.count - 1
        let pretty = writer.options.humanReadable
        if level.isOpen {
            writer.output.buffer.appendJSONClose(dictionary: level.isDictionary, depth: depth, pretty: pretty)
        } else {
            try writer.output.buffer.appendJSONOpen(dictionary: level.isDictionary, isEmpty: true, depth: depth, maximumDepth: writer.options.maximumDepth, pretty: pretty)
        }
    }

    func key(_ key: String, in writer: PlistEventWriter) throws(PlistError) {
        let depth = writer.levels.count
        let pretty = writer.options.humanReadable
        writer.output.buffer.appendJSONSeparator(position: writer.levels[depth - 1].count - 1, depth: depth - 1, pretty: pretty)
        writer.output.buffer.appendJSONKey(key, pretty: pretty)
    }

    func elementPrefix(position: Int, in writer: PlistEventWriter) throws(PlistError) {
        writer.output.buffer.appendJSONSeparator(position: position, depth: writer.levels.count - 1, pretty: writer.options.humanReadable)
    }

    func scalar(_ value: Plist, in writer: PlistEventWriter) throws(PlistError) {
        guard !writer.levels.isEmpty else { throw JSONWriteFailure(reason: .rootNotContainer(value)).plistError }
        do {
            try writer.output.buffer.appendJSONScalar(value)
        } catch {
            var failure = error
            failure.path = writer.keyPath.reversed()
            throw failure.plistError
        }
    }
}
