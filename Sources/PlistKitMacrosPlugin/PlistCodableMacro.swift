import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@PlistCodable`: conformances to `PlistDecodable` and `PlistEncodable` that write what
/// Swift's synthesized `Codable` conformance writes, read through the format's decoder
/// directly.
///
/// The extension holds everything except a class's initializer, which Swift allows only in
/// the class's body (the member role puts it there).
public struct PlistCodableMacro: ExtensionMacro, MemberMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let shape = PlistCodableShape(declaration, in: context) else { return [] }
        let access = accessPrefix(of: declaration)
        let typeName = type.trimmedDescription
        let conformances = protocols.map(\.trimmedDescription)
        let isGeneric = shape.genericParameters != nil

        switch shape.kind {
        case .rawValueEnum:
            return [try extensionDecl(typeName, conformances, where: nil, body: [])]
        case .fields(let fields, let isClass):
            let table = tableDecl("plistFields", fields.map(\.key), computed: isGeneric)
            let decode = isClass ? nil : PlistCodableSource.initializer(fields: fields, access: access)
            let encode = PlistCodableSource.encodeMethod(fields: fields, access: access)
            return try splitExtensions(typeName, conformances, shape.genericParameters, table: [table], decode: decode, encode: encode)
        case .cases(let cases):
            var tables = [tableDecl("plistFields", cases.map(\.key), computed: isGeneric)]
            let payloads = cases.filter { !$0.values.isEmpty }.map { enumCase in
                tableDecl(enumCase.name, enumCase.values.map(\.key), computed: isGeneric)
            }
            if !payloads.isEmpty {
                tables.append("enum PlistCaseFields {\n\(payloads.joined(separator: "\n"))\n}")
            }
            let decode = PlistCodableSource.initializer(cases: cases, access: access)
            let encode = PlistCodableSource.encodeMethod(cases: cases, access: access)
            return try splitExtensions(typeName, conformances, shape.genericParameters, table: tables, decode: decode, encode: encode)
        }
    }

    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        // The extension role reports the declaration's problems; this role stays silent so
        // that each is said once.
        guard let shape = PlistCodableShape(declaration, in: SilentContext(context)),
            case .fields(let fields, let isClass) = shape.kind
        else { return [] }
        var members: [DeclSyntax] = []
        if let codingKeys = codingKeys(for: fields, in: declaration.memberBlock.members) {
            members.append(codingKeys)
        }
        if isClass {
            members.append(DeclSyntax(stringLiteral: PlistCodableSource.initializer(fields: fields, access: accessPrefix(of: declaration))))
        }
        return members
    }

    /// A `CodingKeys` enum naming the macro's keys, for a type that renames or ignores a
    /// property and declares no `CodingKeys` itself: a `Codable` conformance then codes the
    /// same keys as the macro (without it, Swift's synthesis would use every property under
    /// its own name).
    private static func codingKeys(for fields: [PlistField], in members: MemberBlockItemListSyntax) -> DeclSyntax? {
        guard CodingKeysTable.read(named: "CodingKeys", in: members) == nil else { return nil }
        let (properties, _) = StoredProperties.analyse(members)
        let marked = properties.contains { $0.attribute(named: "PlistKey") != nil || $0.attribute(named: "PlistIgnored") != nil }
        guard marked else { return nil }
        let cases = fields.map { field in
            field.key == field.property.bareName ? "case \(field.property.name)" : "case \(field.property.name) = \(quoted(field.key))"
        }
        return DeclSyntax(stringLiteral: "enum CodingKeys: String, CodingKey {\n" + cases.joined(separator: "\n") + "\n}")
    }

    /// The extensions: one holding the tables and both requirements, or, for a generic type,
    /// the tables unconstrained and each conformance constrained to generic arguments that
    /// have it (as one writes `extension Box: Codable where T: Codable`).
    private static func splitExtensions(
        _ typeName: String, _ conformances: [String], _ generics: [String]?,
        table: [String], decode: String?, encode: String
    ) throws -> [ExtensionDeclSyntax] {
        guard let generics else {
            return [try extensionDecl(typeName, conformances, where: nil, body: table + [decode, encode].compactMap { $0 })]
        }
        var extensions = [try extensionDecl(typeName, [], where: nil, body: table)]
        for (conformance, member) in [("PlistDecodable", decode), ("PlistEncodable", encode)] {
            let constraint = generics.map { "\($0): \(conformance)" }.joined(separator: ", ")
            let adopted = conformances.contains(conformance) ? [conformance] : []
            extensions.append(try extensionDecl(typeName, adopted, where: constraint, body: [member].compactMap { $0 }))
        }
        return extensions
    }

    private static func extensionDecl(
        _ typeName: String, _ conformances: [String], where constraint: String?, body: [String]
    ) throws -> ExtensionDeclSyntax {
        let inheritance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
        let whereClause = constraint.map { " where \($0)" } ?? ""
        let members = body.isEmpty ? "" : body.joined(separator: "\n\n") + "\n"
        return try ExtensionDeclSyntax("extension \(raw: typeName)\(raw: inheritance)\(raw: whereClause) {\n\(raw: members)}")
    }

    /// A table of keys, internal whatever the type's access (it is no API of the type): stored,
    /// or computed in a generic type, which cannot have static stored properties.
    private static func tableDecl(_ name: String, _ keys: [String], computed: Bool) -> String {
        let list = "PlistFields([\(keys.map(quoted).joined(separator: ", "))])"
        return computed ? "static var \(name): PlistFields { \(list) }" : "static let \(name) = \(list)"
    }

    /// `public `, `package ` or nothing: the generated members are as visible as the type (an
    /// `open` class's are `public`).
    static func accessPrefix(of declaration: some DeclGroupSyntax) -> String {
        for modifier in declaration.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    static func quoted(_ key: String) -> String {
        var out = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// What kind of conformance a declaration gets, decided once for both macro roles.
struct PlistCodableShape {
    enum Kind {
        /// Stored properties in a dictionary: a struct or a final class.
        case fields([PlistField], isClass: Bool)
        /// An enum whose cases are dictionaries of their associated values.
        case cases([PlistEnumCase])
        /// An enum with raw values: the library's `RawRepresentable` conformance does the work.
        case rawValueEnum
    }

    let kind: Kind
    /// The names of the type's generic parameters, `nil` for a non-generic type.
    let genericParameters: [String]?

    /// The raw-value types Swift's `Codable` synthesis for enums accepts.
    private static let rawValueTypes: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Float", "Double", "Bool", "Character",
    ]

    init?(_ declaration: some DeclGroupSyntax, in context: some MacroExpansionContext) {
        if let structDecl = declaration.as(StructDeclSyntax.self) {
            guard let fields = PlistFieldAnalysis.fields(of: structDecl.memberBlock.members, in: context) else { return nil }
            kind = .fields(fields, isClass: false)
            genericParameters = structDecl.genericParameterClause.map { $0.parameters.map(\.name.text) }
        } else if let classDecl = declaration.as(ClassDeclSyntax.self) {
            guard classDecl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) else {
                // One token spelled `final class` keeps the keyword's trivia where it was.
                let keyword = classDecl.classKeyword
                let finalClass = TokenSyntax(
                    .identifier("final class"), leadingTrivia: keyword.leadingTrivia,
                    trailingTrivia: keyword.trailingTrivia, presence: .present
                )
                let fixIt = FixIt(
                    message: PlistCodableFixIt.makeFinal,
                    changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(finalClass))]
                )
                context.diagnose(Diagnostic(
                    node: keyword, message: PlistCodableDiagnostic.nonFinalClass(name: classDecl.name.text), fixIts: [fixIt]
                ))
                return nil
            }
            guard classDecl.genericParameterClause == nil else {
                context.diagnose(Diagnostic(node: classDecl.name, message: PlistCodableDiagnostic.genericClass(name: classDecl.name.text)))
                return nil
            }
            guard let fields = PlistFieldAnalysis.fields(of: classDecl.memberBlock.members, in: context) else { return nil }
            kind = .fields(fields, isClass: true)
            genericParameters = nil
        } else if let enumDecl = declaration.as(EnumDeclSyntax.self) {
            genericParameters = enumDecl.genericParameterClause.map { $0.parameters.map(\.name.text) }
            let firstInherited = enumDecl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
            let hasRawValues = enumDecl.memberBlock.members.contains { member in
                member.decl.as(EnumCaseDeclSyntax.self)?.elements.contains { $0.rawValue != nil } ?? false
            }
            if hasRawValues || firstInherited.map({ Self.rawValueTypes.contains($0.replacingSwiftPrefix) }) == true {
                kind = .rawValueEnum
            } else {
                guard let cases = PlistFieldAnalysis.cases(of: enumDecl, in: context) else { return nil }
                kind = .cases(cases)
            }
        } else {
            let kind: String =
                if declaration.is(ActorDeclSyntax.self) { "an actor" }
                else if declaration.is(ProtocolDeclSyntax.self) { "a protocol" }
                else if declaration.is(ExtensionDeclSyntax.self) { "an extension" }
                else { "this declaration" }
            context.diagnose(Diagnostic(node: declaration.introducer, message: PlistCodableDiagnostic.unsupportedDeclaration(kind: kind)))
            return nil
        }
    }
}

extension String {
    /// `Swift.Int` as `Int`.
    fileprivate var replacingSwiftPrefix: String { hasPrefix("Swift.") ? String(dropFirst(6)) : self }
}

/// A context that passes everything but diagnostics through, for the role that would repeat
/// the other role's.
private final class SilentContext<Base: MacroExpansionContext>: MacroExpansionContext {
    let base: Base
    init(_ base: Base) { self.base = base }
    var lexicalContext: [Syntax] { base.lexicalContext }
    func makeUniqueName(_ name: String) -> TokenSyntax { base.makeUniqueName(name) }
    func diagnose(_ diagnostic: Diagnostic) {}
    func location(
        of node: some SyntaxProtocol, at position: PositionInSyntaxNode, filePathMode: SourceLocationFilePathMode
    ) -> AbstractSourceLocation? {
        base.location(of: node, at: position, filePathMode: filePathMode)
    }
}
