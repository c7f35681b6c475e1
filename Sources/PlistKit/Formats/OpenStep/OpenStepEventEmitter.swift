/// OpenStep's half of ``PlistEventWriter``: text with four spaces a level, the `.strings`
/// form (`stringsFile`) and GNUstep's typed values, through the pieces `OpenStepWriter` uses
/// (`OpenStepEmitting.swift`); refusals name the key path as the whole-value writer does.
final class OpenStepEventEmitter: PlistEventEmitter {
    func start(dictionary: Bool, in writer: PlistEventWriter) throws(PlistError) {
        if writer.options.stringsFile {
            guard writer.levels.isEmpty, dictionary else { throw failure(.unrepresentable(OpenStepWriter.described(typeName: dictionary ? "dictionary" : "array")), in: writer) }
        } else if writer.levels.count >= writer.options.maximumDepth {
            throw failure(.tooDeep, in: writer)
        }
    }

    func open(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError) {
        if !writer.options.stringsFile { writer.output.buffer.append(level.isDictionary ? "{\n" : "(\n") }
    }

    func end(_ level: PlistEventWriter.Level, in writer: PlistEventWriter) throws(PlistError) {
        let output = writer.output
        if writer.options.stringsFile {
            // CF reads white space as an empty dictionary, but refuses an empty file.
            if level.count == 0 { output.buffer.append(0x0A) }
        } else if !level.isOpen {
            output.buffer.append(level.isDictionary ? "{}" : "()")
        } else {
            if !level.isDictionary { output.buffer.append(0x0A) }
            output.buffer.appendOpenStepIndent(writer.levels.count - 1)
            output.buffer.append(level.isDictionary ? UInt8(ascii: "}") : UInt8(ascii: ")"))
        }
    }

    func key(_ key: String, in writer: PlistEventWriter) throws(PlistError) {
        // A `.strings` line is written whole with its value.
        guard !writer.options.stringsFile else { return }
        let output = writer.output
        output.buffer.appendOpenStepIndent(writer.levels.count)
        output.buffer.appendOpenStepString(key)
        output.buffer.append(" = ")
    }

    func elementPrefix(position: Int, in writer: PlistEventWriter) throws(PlistError) {
        if position > 0 { writer.output.buffer.append(",\n") }
        writer.output.buffer.appendOpenStepIndent(writer.levels.count)
    }

    func entryEnd(in writer: PlistEventWriter) {
        if !writer.options.stringsFile { writer.output.buffer.append(";\n") }
    }

    func scalar(_ value: Plist, in writer: PlistEventWriter) throws(PlistError) {
        if writer.options.stringsFile {
            guard let level = writer.levels.last, case .string(let string) = value else {
                throw failure(.unrepresentable(OpenStepWriter.described(typeName: value.typeName)), in: writer)
            }
            writer.output.buffer.appendStringsFileEntry(key: level.key, value: string)
            return
        }
        do {
            try writer.output.buffer.appendOpenStepScalar(value, typedValues: writer.options.gnustepTypedValues)
        } catch {
            throw failure(error.reason, in: writer)
        }
    }

    func finish(in writer: PlistEventWriter) throws(PlistError) {
        if !writer.options.stringsFile { writer.output.buffer.append(0x0A) }
    }

    /// The OpenStep writer's error for the value at the writer's key path.
    private func failure(_ reason: OpenStepWriter.Failure.Reason, in writer: PlistEventWriter) -> PlistError {
        OpenStepWriter.Failure(reason: reason, path: writer.keyPath.reversed()).plistError(stringsFile: writer.options.stringsFile)
    }
}
