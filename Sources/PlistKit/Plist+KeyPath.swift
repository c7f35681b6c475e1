extension Plist {
    /// Splits a plutil-style key path (`a.b.0.c`) into its components.
    ///
    /// A dot separates components and `\.` stands for a dot inside a key, as in plutil; any
    /// other backslash is kept as it is.
    public static func keyPathComponents(_ keyPath: String) -> [String] {
        var components: [String] = []
        var current = ""
        var pendingBackslash = false
        for character in keyPath {
            if pendingBackslash {
                pendingBackslash = false
                if character == "." {
                    current.append(".")
                    continue
                }
                current.append("\\")
            }
            switch character {
            case "\\": pendingBackslash = true
            case ".":
                components.append(current)
                current = ""
            default: current.append(character)
            }
        }
        if pendingBackslash { current.append("\\") }
        components.append(current)
        return components
    }

    /// The inverse of ``keyPathComponents(_:)``: components joined with dots, dots in keys
    /// escaped.
    public static func keyPath(_ components: [String]) -> String {
        components.map { $0.replacingDots() }.joined(separator: ".")
    }

    /// The value at a plutil-style key path, or nil when any component is missing.
    ///
    /// Each component names a dictionary key, or, applied to an array, a decimal index.
    /// `value[keyPath: "a.b.0.c"]` is `value["a"]?["b"]?[0]?["c"]`.
    public subscript(keyPath keyPath: String) -> Plist? {
        var current = self
        for component in Plist.keyPathComponents(keyPath) {
            guard !component.isEmpty else { return nil }
            switch current {
            case .dictionary(let entries):
                guard let next = entries[PlistKey(component)] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(component), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}

extension String {
    fileprivate func replacingDots() -> String {
        var result = ""
        for character in self {
            if character == "." { result += "\\." } else { result.append(character) }
        }
        return result
    }
}
