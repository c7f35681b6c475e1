import SwiftSyntax
import SwiftSyntaxMacros

/// `@Archivable`: a class's `KeyedCodable` members (member role) and conformance (extension
/// role); a struct's `KeyedValueCodable` conformance with its members (extension role, so
/// that the struct keeps its memberwise initializer).
public struct ArchivableMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let plan = ArchivePlan(attribute: node, declaration: declaration, missingConformances: protocols,
                                     context: context, diagnose: true)
        else { return [] }
        return plan.classMembers()
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // The conformance the class inherits is not in `protocols`, which the member role
        // reads to tell a subclass; here the class's own conformance is what is missing.
        guard let plan = ArchivePlan(attribute: node, declaration: declaration,
                                     missingConformances: declaration.is(ClassDeclSyntax.self) ? protocols : [],
                                     context: context, diagnose: false)
        else { return [] }
        return plan.extensions(of: TypeSyntax(type.trimmed), missingConformances: protocols)
    }
}

extension ArchivePlan {
    /// A class's members: the class name (and chain), `init()`, `encode(with:)`,
    /// `decode(from:)`.
    func classMembers() -> [DeclSyntax] {
        var members: [String] = []
        let isSubclass: Bool
        switch kind {
        case .structure:
            return []
        case .rootClass(let isFinal, let superclass):
            isSubclass = false
            if let name = classNameExpression {
                members.append("\(access)\(isFinal ? "static" : "class") var archivedClassName: String { \(name) }")
                if !isFinal {
                    members.append("\(access)class var archivedClassHierarchy: [String] { [\(name), \"NSObject\"] }")
                }
            }
            // A final class without initializers has (or inherits) `init()`, which then
            // satisfies the protocol; not writing one keeps the expansion valid when the first
            // inherited type is a class, so that its check below can warn.
            if !declaresEmptyInit && (!isFinal || declaresInitializer) {
                let inheritsInit = inheritsNSObject
                members.append("\(initAccess)\(isFinal ? "" : "required ")\(inheritsInit ? "override " : "")init() {\(inheritsInit ? " super.init() " : "")}")
            }
            if let superclass {
                // Warns (at compile time) when the first inherited type is a class whose
                // fields this conformance would leave out.
                members.append("""
                    private static func archivableSuperclassCheck() {
                        ArchivableSuperclassCheck.check(\(superclass).self)
                    }
                    """)
            }
        case .subclass:
            isSubclass = true
            let name = classNameExpression ?? Self.literal(typeName)
            members.append("\(access)override class var archivedClassName: String { \(name) }")
            members.append("\(access)override class var archivedClassHierarchy: [String] { [\(name)] + super.archivedClassHierarchy }")
            if !declaresEmptyInit {
                members.append("\(initAccess)required init() { super.init() }")
            }
        }
        let override = isSubclass ? "override " : ""
        members.append("""
            \(access)\(override)func encode(with archiver: KeyedArchiver) {
            \(Self.block((isSubclass ? ["super.encode(with: archiver)"] : []) + encodeStatements))
            }
            """)
        members.append("""
            \(access)\(override)func decode(from unarchiver: KeyedUnarchiver) throws {
            \(Self.block((isSubclass ? ["try super.decode(from: unarchiver)"] : []) + archived.map { decodeStatement($0, isClass: true) }))
            }
            """)
        return members.map { DeclSyntax(stringLiteral: $0) }
    }

    /// The conformance: empty for a class (its members are in the class), with the members
    /// for a struct.
    func extensions(of type: TypeSyntax, missingConformances protocols: [TypeSyntax]) -> [ExtensionDeclSyntax] {
        let conformance: String
        var body = ""
        switch kind {
        case .rootClass:
            guard protocols.contains(where: { Self.names($0, "KeyedCodable") }) else { return [] }
            conformance = ": KeyedCodable"
        case .subclass:
            return []
        case .structure:
            // The struct states `KeyedValueCodable` itself (see ArchivePlan.writesValueConformance).
            conformance = ""
            let name = classNameExpression ?? Self.literal(typeName)
            body = """
                \(access)static var archivedClassName: String { \(name) }
                \(access)func encode(with archiver: KeyedArchiver) {
                \(Self.block(encodeStatements))
                }
                \(access)init(from unarchiver: KeyedUnarchiver) throws {
                \(Self.block(archived.map { decodeStatement($0, isClass: false) }))
                }
                """
        }
        let declaration: DeclSyntax = "extension \(type)\(raw: conformance) {\n\(raw: body)\n}"
        return [declaration.cast(ExtensionDeclSyntax.self)]
    }

    /// Statements as the lines of a body, indented.
    private static func block(_ statements: [String]) -> String {
        statements.map { "    \($0)" }.joined(separator: "\n")
    }

    /// An initializer cannot be `open`.
    private var initAccess: String {
        access == "open " ? "public " : access
    }

    private var encodeStatements: [String] {
        archived.map { "archiver.encode(self.\($0.name), forKey: \(Self.literal($0.key)))" }
    }

    /// The statement that reads `property`: `decodeIfPresent` for an optional, the
    /// `default:` form when there is an initial value to keep, else plain `decode`.
    private func decodeStatement(_ property: ArchiveProperty, isClass: Bool) -> String {
        let target = "self.\(property.name)"
        let key = Self.literal(property.key)
        if let wrapped = property.optionalWrapped {
            let read = "unarchiver.decodeIfPresent(\(wrapped).self, forKey: \(key))"
            if property.startsAsNil { return "\(target) = try \(read)" }
            // A nil in the archive stays nil; only a missing key keeps the initial value.
            if isClass { return "if unarchiver.containsValue(forKey: \(key)) { \(target) = try \(read) }" }
            return "\(target) = try unarchiver.containsValue(forKey: \(key)) ? \(read) : \(property.initialValue!)"
        }
        let type = property.type.map { "\($0).self, " } ?? ""
        guard property.hasInitialValue else { return "\(target) = try unarchiver.decode(\(type)forKey: \(key))" }
        // A class already holds its initial value (init() made it); a struct's
        // initializer cannot read `self` yet, so it evaluates the initial value again.
        let fallback = isClass ? target : property.initialValue!.description
        return "\(target) = try unarchiver.decode(\(type)forKey: \(key), default: \(fallback))"
    }
}
