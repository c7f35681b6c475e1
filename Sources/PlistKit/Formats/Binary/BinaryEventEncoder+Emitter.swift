/// Binary's half of ``PlistEventWriter``: scalars when they arrive, containers when they end,
/// the offset table and trailer at the end.
extension BinaryEventEncoder: PlistEventEmitter {
    /// Binary ignores `sortedKeys`, as the whole-value writer does.
    var acceptsSortedKeys: Bool { true }

    func start(dictionary: Bool, in writer: PlistEventWriter) throws(PlistError) {
        let maximumDepth = writer.options.maximumDepth
        guard writer.levels.count < maximumDepth else { throw PlistError(.depthLimitExceeded, "value nests deeper than \(maximumDepth) levels") }
        startContainer()
    }

    func end(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError) {
        try endContainer(dictionary: level.isDictionary)
    }

    func key(_ key: String, in writer: PlistEventWriter) throws(PlistError) {
        try scalar(.string(key))
    }

    func scalar(_ value: Plist, in writer: PlistEventWriter) throws(PlistError) {
        try scalar(value)
    }

    func finish(in writer: PlistEventWriter) throws(PlistError) {
        try finish()
    }
}
