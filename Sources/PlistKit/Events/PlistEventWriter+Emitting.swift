/// What each format writes for each step of the event sequence that ``PlistEventWriter``
/// has checked. The text formats write through the same pieces as their whole-value
/// writers (`XMLEmitting.swift`, `JSONEmitting.swift`, `OpenStepEmitting.swift`), so the
/// bytes are the same; a container's opening waits until its first child or its end shows
/// whether it is empty.
extension PlistEventWriter {
    /// A container starts; `levels` does not hold it yet.
    func emitStart(dictionary: Bool) throws(PlistError) {
        let depth = levels.count
        switch format {
        case .xml, .json:
            return
        case .openStep:
            if options.stringsFile {
                guard depth == 0, dictionary else { throw openStepError(.unrepresentable(OpenStepWriter.described(typeName: dictionary ? "dictionary" : "array"))) }
            } else if depth >= options.maximumDepth {
                throw openStepError(.tooDeep)
            }
        case .binary:
            guard depth < options.maximumDepth else { throw PlistError(.depthLimitExceeded, "value nests deeper than \(options.maximumDepth) levels") }
            binary!.startContainer()
        }
    }

    /// The innermost container gets its first child.
    func emitOpen(_ level: Level) throws(PlistError) {
        let depth = levels.count - 1
        switch format {
        case .xml:
            try output.buffer.appendXMLOpen(dictionary: level.isDictionary, depth: depth, maximumDepth: options.maximumDepth)
        case .json:
            try output.buffer.appendJSONOpen(dictionary: level.isDictionary, isEmpty: false, depth: depth, maximumDepth: options.maximumDepth, pretty: options.humanReadable)
        case .openStep:
            if !options.stringsFile { output.buffer.append(level.isDictionary ? "{\n" : "(\n") }
        case .binary:
            return
        }
    }

    /// The innermost container, `level`, ends; `levels` still holds it.
    func emitEnd(_ level: Level) throws(PlistError) {
        let depth = levels.count - 1
        let dictionary = level.isDictionary
        switch format {
        case .xml:
            if level.isOpen {
                output.buffer.appendXMLClose(dictionary: dictionary, depth: depth)
            } else {
                output.buffer.appendXMLEmpty(dictionary: dictionary, depth: depth)
            }
        case .json:
            if level.isOpen {
                output.buffer.appendJSONClose(dictionary: dictionary, depth: depth, pretty: options.humanReadable)
            } else {
                try output.buffer.appendJSONOpen(dictionary: dictionary, isEmpty: true, depth: depth, maximumDepth: options.maximumDepth, pretty: options.humanReadable)
            }
        case .openStep:
            if options.stringsFile {
                // CF reads white space as an empty dictionary, but refuses an empty file.
                if level.count == 0 { output.buffer.append(0x0A) }
            } else if !level.isOpen {
                output.buffer.append(dictionary ? "{}" : "()")
            } else {
                if !dictionary { output.buffer.append(0x0A) }
                output.buffer.appendOpenStepIndent(depth)
                output.buffer.append(dictionary ? UInt8(ascii: "}") : UInt8(ascii: ")"))
            }
        case .binary:
            try binary!.endContainer(dictionary: dictionary)
        }
    }

    /// A key of the innermost dictionary, whose count includes it.
    func emitKey(_ key: String) throws(PlistError) {
        let depth = levels.count
        switch format {
        case .xml:
            output.buffer.appendXMLKey(key, depth: depth)
        case .json:
            output.buffer.appendJSONSeparator(position: levels[depth - 1].count - 1, depth: depth - 1, pretty: options.humanReadable)
            output.buffer.appendJSONKey(key, pretty: options.humanReadable)
        case .openStep:
            // A `.strings` line is written whole with its value.
            guard !options.stringsFile else { return }
            output.buffer.appendOpenStepIndent(depth)
            output.buffer.appendOpenStepString(key)
            output.buffer.append(" = ")
        case .binary:
            try binary!.scalar(.string(key))
        }
    }

    /// What goes before the element at `position` of the innermost array.
    func emitElementPrefix(position: Int) throws(PlistError) {
        switch format {
        case .xml, .binary:
            return
        case .json:
            output.buffer.appendJSONSeparator(position: position, depth: levels.count - 1, pretty: options.humanReadable)
        case .openStep:
            if position > 0 { output.buffer.append(",\n") }
            output.buffer.appendOpenStepIndent(levels.count)
        }
    }

    /// What follows a value in the innermost dictionary.
    func emitEntryEnd() {
        if format == .openStep && !options.stringsFile { output.buffer.append(";\n") }
    }

    /// A scalar value.
    func emitScalar(_ value: Plist) throws(PlistError) {
        switch format {
        case .xml:
            let depth = levels.count
            _ = try withUnsafePointer(to: value) { (value) throws(PlistError) in try output.buffer.appendXMLScalar(value, depth: depth) }
        case .json:
            guard !levels.isEmpty else { throw JSONWriteFailure(reason: .rootNotContainer(value)).plistError }
            do {
                try output.buffer.appendJSONScalar(value)
            } catch {
                var failure = error
                failure.path = keyPath.reversed()
                throw failure.plistError
            }
        case .openStep where options.stringsFile:
            guard let level = levels.last, case .string(let string) = value else {
                throw openStepError(.unrepresentable(OpenStepWriter.described(typeName: value.typeName)))
            }
            output.buffer.appendStringsFileEntry(key: level.key, value: string)
        case .openStep:
            do {
                try output.buffer.appendOpenStepScalar(value, typedValues: options.gnustepTypedValues)
            } catch {
                throw openStepError(error.reason)
            }
        case .binary:
            try binary!.scalar(value)
        }
    }

    /// The OpenStep writer's error for the value at the current key path.
    private func openStepError(_ reason: OpenStepWriter.Failure.Reason) -> PlistError {
        OpenStepWriter.Failure(reason: reason, path: keyPath.reversed()).plistError(stringsFile: options.stringsFile)
    }
}
