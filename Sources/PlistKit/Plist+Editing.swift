extension Plist {
    /// How ``setting(_:atKeyPath:mode:)`` treats what is already at the key path.
    public enum EditMode: Sendable {
        /// Add the value; an existing dictionary entry is an error; an array index inserts
        /// before that element (an index equal to the count appends). Like `plutil -insert`.
        case insert
        /// Set the value, replacing any dictionary entry or array element there. Like
        /// `plutil -replace`.
        case replace
        /// Append the value to the array at the key path. Like `plutil -insert … -append`.
        case append
    }

    /// The value with `newValue` put at a plutil-style key path.
    ///
    /// Every component but the last must exist. Errors have code `.keyPath` and name the path.
    public func setting(_ newValue: Plist, atKeyPath keyPath: String, mode: EditMode) throws(PlistError) -> Plist {
        let components = Plist.keyPathComponents(keyPath)
        return try setting(newValue, path: components[...], fullPath: components, mode: mode)
    }

    /// The value without what is at a plutil-style key path. Like `plutil -remove`.
    public func removing(atKeyPath keyPath: String) throws(PlistError) -> Plist {
        let components = Plist.keyPathComponents(keyPath)
        return try removing(path: components[...], fullPath: components)
    }

    private func setting(_ newValue: Plist, path: ArraySlice<String>, fullPath: [String], mode: EditMode) throws(PlistError) -> Plist {
        guard let key = path.first else { throw Plist.keyPathError("Key path not found", fullPath) }
        let isLast = path.count == 1
        switch self {
        case .dictionary(var entries):
            let key = PlistKey(key)
            let existing = entries[key]
            if !isLast {
                guard let existing else { throw Plist.keyPathError("Key path not found", fullPath) }
                entries[key] = try existing.setting(newValue, path: path.dropFirst(), fullPath: fullPath, mode: mode)
                return .dictionary(entries)
            }
            switch (mode, existing) {
            case (.append, .array(var elements)?):
                elements.append(newValue)
                entries[key] = .array(elements)
            case (.append, _?):
                throw Plist.keyPathError("Appending to a non-array at key path", fullPath)
            case (.insert, _?):
                throw Plist.keyPathError("Value already exists at key path", fullPath)
            default:
                entries[key] = newValue
            }
            return .dictionary(entries)
        case .array(var elements):
            guard let index = Int(key) else { throw Plist.keyPathError("Unable to index into array with key path", fullPath) }
            let exists = elements.indices.contains(index)
            if !isLast {
                guard exists else { throw Plist.keyPathError("Index \(index) out of bounds in array at key path", fullPath) }
                elements[index] = try elements[index].setting(newValue, path: path.dropFirst(), fullPath: fullPath, mode: mode)
                return .array(elements)
            }
            switch mode {
            case .append:
                guard exists, case .array(var inner) = elements[index] else {
                    throw Plist.keyPathError("Attempt to append value to non-array at key path", fullPath)
                }
                inner.append(newValue)
                elements[index] = .array(inner)
            case .replace where exists:
                elements[index] = newValue
            case .insert where exists:
                elements.insert(newValue, at: index)
            case .insert, .replace:
                guard index == elements.count else {
                    throw Plist.keyPathError("Index \(index) out of bounds in array at key path", fullPath)
                }
                elements.append(newValue)
            }
            return .array(elements)
        default:
            throw Plist.keyPathError("Unable to insert value at key path", fullPath)
        }
    }

    private func removing(path: ArraySlice<String>, fullPath: [String]) throws(PlistError) -> Plist {
        guard let key = path.first, !key.isEmpty else { throw Plist.keyPathError("No value to remove at key path", fullPath) }
        let isLast = path.count == 1
        switch self {
        case .dictionary(var entries):
            let key = PlistKey(key)
            guard let existing = entries[key] else { throw Plist.keyPathError("No value to remove at key path", fullPath) }
            if isLast {
                entries.removeValue(forKey: key)
            } else {
                entries[key] = try existing.removing(path: path.dropFirst(), fullPath: fullPath)
            }
            return .dictionary(entries)
        case .array(var elements):
            guard let index = Int(key), elements.indices.contains(index) else {
                throw Plist.keyPathError("No value to remove at key path", fullPath)
            }
            if isLast {
                elements.remove(at: index)
            } else {
                elements[index] = try elements[index].removing(path: path.dropFirst(), fullPath: fullPath)
            }
            return .array(elements)
        default:
            throw Plist.keyPathError("No value to remove at key path", fullPath)
        }
    }

    private static func keyPathError(_ message: String, _ components: [String]) -> PlistError {
        PlistError(.keyPath, "\(message) \(keyPath(components))")
    }
}
