import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// One coded field of a struct or class: a stored property and the key it is written under.
struct PlistField {
    let property: StoredProperty
    /// The dictionary key: the `CodingKeys` raw value, the `@PlistKey` name or the property's
    /// name.
    let key: String
    /// Whether decoding assigns it (a `let` with an initial value keeps that value, as with
    /// Codable).
    let isDecoded: Bool
}

/// One case of an enum coded in Codable's shape for enums with associated values:
/// `{"case": {"label": value, "_1": value}}`.
struct PlistEnumCase {
    /// The case's name as written (backticks kept).
    let name: String
    /// The key of the outer dictionary.
    let key: String
    /// The associated values in order.
    let values: [Value]

    struct Value {
        /// The label, if the value has one.
        let label: String?
        /// The payload dictionary's key: the label, or `_` and the value's position.
        let key: String
        let type: TypeSyntax
        var isOptional: Bool { StoredProperty.optionalWrapped(type) != nil }
    }
}

/// Reads the keys a `CodingKeys` enum declares: case name (without backticks) → key.
enum CodingKeysTable {
    /// The nested enum named `name` among `members`, as case name → key (and the case's
    /// syntax, for diagnostics), in declaration order;
    /// `nil` when there is none.
    static func read(named name: String, in members: MemberBlockItemListSyntax) -> [(name: String, key: String, element: EnumCaseElementSyntax)]? {
        for member in members {
            guard let nested = member.decl.as(EnumDeclSyntax.self), nested.name.text == name else {
                continue
            }
            var keys: [(name: String, key: String, element: EnumCaseElementSyntax)] = []
            for caseMember in nested.memberBlock.members {
                guard let caseDecl = caseMember.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in caseDecl.elements {
                    let caseName = element.name.text.trimmingBackticks
                    let raw = element.rawValue.flatMap { stringLiteralValue($0.value) }
                    keys.append((caseName, raw ?? caseName, element))
                }
            }
            return keys
        }
        return nil
    }

    /// The text of a string literal without interpolation.
    static func stringLiteralValue(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self),
            literal.segments.count == 1,
            case .stringSegment(let segment) = literal.segments.first
        else { return nil }
        return segment.content.text
    }
}

/// The analysis `@PlistCodable` runs on a struct or final class: the coded fields in the order
/// Swift's synthesized `Codable` writes them (declaration order, or a declared `CodingKeys`
/// enum's order), with every problem reported to `context`.
enum PlistFieldAnalysis {
    /// The fields of `members`, or `nil` when an error was diagnosed.
    static func fields(
        of members: MemberBlockItemListSyntax, in context: some MacroExpansionContext
    ) -> [PlistField]? {
        let (properties, problems) = StoredProperties.analyse(members)
        var failed = false
        func report(_ node: some SyntaxProtocol, _ message: PlistCodableDiagnostic, fixIts: [FixIt] = []) {
            context.diagnose(Diagnostic(node: node, message: message, fixIts: fixIts))
            if message.severity == .error { failed = true }
        }
        for problem in problems {
            switch problem {
            case .destructuringPattern(let binding):
                report(binding.pattern, .destructuringPattern(pattern: binding.pattern.trimmedDescription))
            case .missingType(let property):
                if property.attribute(named: "PlistIgnored") == nil {
                    report(property.binding.pattern, .missingType(property: property.bareName))
                }
            }
        }
        let codingKeys = CodingKeysTable.read(named: "CodingKeys", in: members)
        if let codingKeys {
            for entry in codingKeys where !properties.contains(where: { $0.bareName == entry.name }) {
                report(entry.element, .codingKeyWithoutProperty(key: entry.name))
            }
        }
        var fields: [PlistField] = []
        for property in properties {
            let hasDefault = property.initializer != nil || (property.isOptional && !property.isLet)
            if property.attribute(named: "PlistIgnored") != nil {
                if !hasDefault {
                    report(property.binding.pattern, .ignoredWithoutDefault(property: property.bareName))
                }
                continue
            }
            if property.declaration.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) }) {
                report(property.binding.pattern, .lazyProperty(property: property.bareName))
                continue
            }
            var key = property.bareName
            if let codingKeys {
                guard let entry = codingKeys.first(where: { $0.name == property.bareName }) else {
                    if !hasDefault {
                        report(property.binding.pattern, .notInCodingKeysWithoutDefault(property: property.bareName))
                    }
                    continue
                }
                key = entry.key
            }
            if let attribute = property.attribute(named: "PlistKey") {
                if codingKeys != nil {
                    report(attribute, .keyWithCodingKeys(property: property.bareName))
                } else if let name = property.stringArgument(ofAttribute: "PlistKey") {
                    key = name
                } else {
                    report(attribute, .keyArgumentNotLiteral(property: property.bareName))
                }
            }
            if let other = fields.first(where: { $0.key == key }) {
                report(property.binding.pattern, .duplicateKey(key: key, first: other.property.bareName, second: property.bareName))
            }
            let isDecoded = !(property.isLet && property.initializer != nil)
            if !isDecoded {
                let specifier = property.declaration.bindingSpecifier
                let fixIt = FixIt(
                    message: PlistCodableFixIt.makeVar,
                    changes: [.replace(oldNode: Syntax(specifier), newNode: Syntax(specifier.with(\.tokenKind, .keyword(.var))))]
                )
                report(property.binding.pattern, .letWithInitialValue(property: property.bareName), fixIts: [fixIt])
            }
            fields.append(PlistField(property: property, key: key, isDecoded: isDecoded))
        }
        if let codingKeys {
            // Swift's synthesized `encode(to:)` walks a declared CodingKeys enum's cases, so
            // their order is the order the keys are written in.
            let order = Dictionary(codingKeys.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            fields.sort { order[$0.property.bareName, default: 0] < order[$1.property.bareName, default: 0] }
        }
        return failed ? nil : fields
    }

    /// The cases of an enum coded in the associated-values shape, or `nil` when an error was
    /// diagnosed.
    static func cases(
        of enumDecl: EnumDeclSyntax, in context: some MacroExpansionContext
    ) -> [PlistEnumCase]? {
        let members = enumDecl.memberBlock.members
        let caseKeys = CodingKeysTable.read(named: "CodingKeys", in: members)
        var cases: [PlistEnumCase] = []
        for member in members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                let name = element.name.text
                let bare = name.trimmingBackticks
                let key = caseKeys?.first(where: { $0.name == bare })?.key ?? bare
                let payloadKeys = CodingKeysTable.read(named: bare.prefix(1).uppercased() + bare.dropFirst() + "CodingKeys", in: members)
                var values: [PlistEnumCase.Value] = []
                for (index, parameter) in (element.parameterClause?.parameters ?? []).enumerated() {
                    let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
                    let defaultKey = label?.trimmingBackticks ?? "_\(index)"
                    let key = payloadKeys?.first(where: { $0.name == defaultKey })?.key ?? defaultKey
                    values.append(.init(label: label, key: key, type: parameter.type.trimmed))
                }
                cases.append(PlistEnumCase(name: name, key: key, values: values))
            }
        }
        if cases.isEmpty {
            context.diagnose(Diagnostic(node: enumDecl.name, message: PlistCodableDiagnostic.enumWithoutCases(name: enumDecl.name.text)))
            return nil
        }
        return cases
    }
}
