/// Why JSON could not be written: a value JSON cannot hold, with the key path to it, or
/// another error (the depth limit). The key path is collected innermost first as the writer
/// unwinds, as ``OpenStepWriter/Failure`` collects it.
struct JSONWriteFailure: Error {
    enum Reason {
        /// A date, data, a UID, NaN or an infinity inside a container.
        case unrepresentable(Plist)
        /// A scalar as the whole document: JSON's top level is a dictionary or an array.
        case rootNotContainer(Plist)
        /// An error that is not about the value's type.
        case other(PlistError)
    }

    var reason: Reason
    /// The key path to the value, innermost first.
    var path: [String] = []

    /// The failure with `component` (a key, or an array index) added outside the path so far.
    func inside(_ component: String) -> JSONWriteFailure {
        var failure = self
        failure.path.append(component)
        return failure
    }

    /// The public error, naming the value's type and key path and why JSON cannot hold it:
    /// `cannot write a date at key path 'a.b.2' as JSON: JSON has no dates`.
    var plistError: PlistError {
        switch reason {
        case .other(let error):
            return error
        case .rootNotContainer(let value):
            return PlistError(.unrepresentable, "cannot write \(Self.described(value)) as JSON: a JSON document holds a dictionary or an array")
        case .unrepresentable(let value):
            let place = path.isEmpty ? "" : " at key path '\(Plist.keyPath(path.reversed()))'"
            return PlistError(.unrepresentable, "cannot write \(Self.described(value))\(place) as JSON: \(Self.missing(value))")
        }
    }

    /// `a date`, `data`, `the real number nan`, … for messages.
    private static func described(_ value: Plist) -> String {
        switch value {
        case .real(let real): "the real number \(real)"
        case .real32(let real): "the real number \(real)"
        case .data: "data"
        case .uid: "a UID"
        default: OpenStepWriter.described(typeName: value.typeName)
        }
    }

    /// What JSON lacks that `value` needs.
    private static func missing(_ value: Plist) -> String {
        switch value {
        case .date: "JSON has no dates"
        case .data: "JSON has no data type"
        case .uid: "JSON has no UIDs"
        default: "JSON has no NaN or infinite numbers"
        }
    }
}
