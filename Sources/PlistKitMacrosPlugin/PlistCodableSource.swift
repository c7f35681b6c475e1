import SwiftSyntax

/// The source text of the members `@PlistCodable` generates, in the shapes
/// `PlistDecodable`/`PlistEncodable` define: fields numbered by their place in the type's
/// `PlistFields` table, optionals written only when present (Codable's `encodeIfPresent`) and
/// read as `nil` when absent, and a non-optional property's initial value taken when its key
/// is absent.
enum PlistCodableSource {
    static let decodeSignature = "init(plist decoder: inout some PlistValueDecoder) throws(DecodingError)"
    static let encodeSignature = "func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError)"

    // MARK: Structs and classes

    static func initializer(fields: [PlistField], access: String) -> String {
        // With nothing to read, the fields are still opened: the value must be a dictionary.
        guard fields.contains(where: \.isDecoded) else {
            return function(access + decodeSignature, ["_ = try decoder.decodeFields(Self.plistFields)"])
        }
        // Every value is read into a local first and the properties are set after the last
        // read: no read can throw with the value partly initialized, so it is built in place
        // rather than built aside, copied and destroyed.
        var lines = ["var fields = try decoder.decodeFields(Self.plistFields)"]
        var assignments: [String] = []
        for (index, field) in fields.enumerated() where field.isDecoded {
            let property = field.property
            let local = "_\(index)"
            if let wrapped = property.wrappedType {
                // An absent key is `nil`, whatever the initial value: `nil` is written as an
                // absent key, and must read back as `nil`.
                lines.append("let \(local) = try fields.decodeIfPresent(\(metatype(wrapped)), field: \(index))")
            } else if let initial = property.initializer, let type = property.type {
                lines.append("let \(local) = try fields.decodeIfPresent(\(metatype(type)), field: \(index)) ?? \(initial.trimmedDescription)")
            } else if let type = property.type {
                lines.append("let \(local) = try fields.decode(\(metatype(type)), field: \(index))")
            } else {
                continue
            }
            assignments.append("self.\(property.name) = \(local)")
        }
        lines += assignments
        return function(access + decodeSignature, lines)
    }

    static func encodeMethod(fields: [PlistField], access: String) -> String {
        var lines = ["\(fields.isEmpty ? "let" : "var") fields = encoder.encodeFields(Self.plistFields)"]
        for (index, field) in fields.enumerated() {
            let method = field.property.isOptional ? "encodeIfPresent" : "encode"
            lines.append("try fields.\(method)(self.\(field.property.name), field: \(index))")
        }
        lines.append("encoder.end(fields)")
        return function(access + encodeSignature, lines)
    }

    // MARK: Enums with associated values

    /// The expression naming a case's table of payload keys: a static property of the nested
    /// enum `PlistCaseFields` named for the case (so that the macro declares one name, not one
    /// per case).
    static func payloadTable(_ enumCase: PlistEnumCase) -> String {
        "PlistCaseFields.\(enumCase.name)"
    }

    static func initializer(cases: [PlistEnumCase], access: String) -> String {
        var lines = ["var fields = try decoder.decodeFields(Self.plistFields)", "switch try fields.decodeCaseField(of: Self.self) {"]
        for (index, enumCase) in cases.enumerated() {
            // decodeCaseField returns a position in the table, so the last case is `default`.
            lines.append(index == cases.count - 1 ? "default:" : "case \(index):")
            if enumCase.values.isEmpty {
                lines.append("    _ = try fields.decodeNestedFields(PlistFields.none, field: \(index))")
                lines.append("    self = .\(enumCase.name)")
                continue
            }
            lines.append("    var payload = try fields.decodeNestedFields(Self.\(payloadTable(enumCase)), field: \(index))")
            let arguments = enumCase.values.enumerated().map { position, value in
                let label = value.label.map { "\($0): " } ?? ""
                let read =
                    if let wrapped = StoredProperty.optionalWrapped(value.type) {
                        "try payload.decodeIfPresent(\(metatype(wrapped)), field: \(position))"
                    } else {
                        "try payload.decode(\(metatype(value.type)), field: \(position))"
                    }
                return label + read
            }
            lines.append("    self = .\(enumCase.name)(\(arguments.joined(separator: ", ")))")
        }
        lines.append("}")
        return function(access + decodeSignature, lines)
    }

    static func encodeMethod(cases: [PlistEnumCase], access: String) -> String {
        var lines = ["var fields = encoder.encodeFields(Self.plistFields)", "switch self {"]
        for (index, enumCase) in cases.enumerated() {
            if enumCase.values.isEmpty {
                lines.append("case .\(enumCase.name):")
                lines.append("    let payload = fields.encodeNestedFields(PlistFields.none, field: \(index))")
                lines.append("    fields.end(payload, field: \(index))")
                continue
            }
            let bindings = enumCase.values.indices.map { "let v\($0)" }.joined(separator: ", ")
            lines.append("case .\(enumCase.name)(\(bindings)):")
            lines.append("    var payload = fields.encodeNestedFields(Self.\(payloadTable(enumCase)), field: \(index))")
            for (position, value) in enumCase.values.enumerated() {
                let method = value.isOptional ? "encodeIfPresent" : "encode"
                lines.append("    try payload.\(method)(v\(position), field: \(position))")
            }
            lines.append("    fields.end(payload, field: \(index))")
        }
        lines.append("}")
        lines.append("encoder.end(fields)")
        return function(access + encodeSignature, lines)
    }

    // MARK: Helpers

    /// `T.self`, parenthesized where the type's spelling would not parse before `.self`
    /// (`(any P).self`, `(some P).self`, `(() -> Void).self`).
    static func metatype(_ type: TypeSyntax) -> String {
        let text = type.trimmedDescription
        let simple =
            type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) || type.is(ArrayTypeSyntax.self)
            || type.is(DictionaryTypeSyntax.self) || type.is(OptionalTypeSyntax.self)
            || type.is(TupleTypeSyntax.self)
        return simple ? "\(text).self" : "(\(text)).self"
    }

    private static func function(_ signature: String, _ lines: [String]) -> String {
        "\(signature) {\n" + lines.map { "    " + $0 }.joined(separator: "\n") + "\n}"
    }
}
