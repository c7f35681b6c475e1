extension Plist {
    /// Splits a plutil-style key path (`a.b.0.c`) into its components.
    ///
    /// A dot separates components; `\.` stands for a dot inside a key and `\\` for a backslash.
    public static func keyPathComponents(_ keyPath: String) -> [String] {
        var components: [String] = []
        var current = ""
        var escaping = false
        for character in keyPath {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                components.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        components.append(current)
        return components
    }

    /// The value at a plutil-style key path, or nil when any component is missing.
    ///
    /// Each component names a dictionary key, or, applied to an array, a decimal index.
    /// `value[keyPath: "a.b.0.c"]` is `value["a"]?["b"]?[0]?["c"]`.
    public subscript(keyPath keyPath: String) -> Plist? {
        var current = self
        for component in Plist.keyPathComponents(keyPath) {
            switch current {
            case .dictionary(let entries):
                guard let next = entries[component] else { return nil }
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
