import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// What `@Archivable` writes for one type: read from the declaration, checked, and then
/// turned into members (classes) or an extension (structs).
struct ArchivePlan {
    enum Kind {
        /// A class that roots its own chain: its superclass, if any, is not KeyedCodable.
        case rootClass(isFinal: Bool, superclass: TypeSyntax?)
        /// A class whose superclass is KeyedCodable: it extends the superclass's conformance.
        case subclass
        case structure
    }

    let kind: Kind
    let typeName: String
    /// The expression of the name written as `$classname`; nil for the protocol's default.
    let classNameExpression: String?
    /// The properties written to the archive, in declaration order.
    let archived: [ArchiveProperty]
    /// `public `, `open `… for the members, with the trailing space; empty for internal.
    let access: String
    /// True when the type declares `init()`, which the macro then leaves alone.
    let declaresEmptyInit: Bool
    /// True when the type declares any initializer (and so has no implicit `init()`).
    let declaresInitializer: Bool
    /// True for a class whose first inherited type is `NSObject`, whose `init()` it overrides.
    let inheritsNSObject: Bool

    /// Reads `declaration`; reports every problem to `context` when `diagnose` is set (the
    /// member role does, so each is reported once) and returns nil if there was one.
    init?(attribute: AttributeSyntax, declaration: some DeclGroupSyntax,
          missingConformances protocols: [TypeSyntax], context: some MacroExpansionContext, diagnose: Bool) {
        var errors: [Diagnostic] = []
        let name: TokenSyntax
        let isGeneric: Bool
        if let type = declaration.as(ClassDeclSyntax.self) {
            name = type.name
            isGeneric = type.genericParameterClause != nil
            let isFinal = type.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
            let inherited = type.inheritanceClause?.inheritedTypes.map { $0.type.trimmed } ?? []
            let writesConformance = inherited.contains { Self.names($0, "KeyedCodable") }
            let lacksConformance = protocols.contains { Self.names($0, "KeyedCodable") }
            if !inherited.isEmpty && !writesConformance && !lacksConformance {
                kind = .subclass
            } else {
                let first = inherited.first.flatMap { Self.mayBeSuperclass($0) ? $0 : nil }
                kind = .rootClass(isFinal: isFinal, superclass: first)
            }
        } else if let type = declaration.as(StructDeclSyntax.self) {
            name = type.name
            isGeneric = type.genericParameterClause != nil
            kind = .structure
            // A struct states the conformance itself. Were `KeyedValueCodable` among the
            // macro's conformances, every annotated class would declare it too, without
            // adding it, and the compiler (6.3) crashes on the subclasses of such a class.
            if type.inheritanceClause?.inheritedTypes.contains(where: { Self.names($0.type.trimmed, "KeyedValueCodable") }) != true {
                errors.append(Diagnostic(node: type.name, message: ArchiveDiagnostic.structNeedsConformance,
                                         fixIts: [ArchiveFixIt.addValueConformance(type)]))
            }
        } else {
            let message: ArchiveDiagnostic = declaration.is(EnumDeclSyntax.self) ? .enumConformsByHand : .notAClassOrStruct
            if diagnose { context.diagnose(Diagnostic(node: attribute, message: message)) }
            return nil
        }
        typeName = name.text
        inheritsNSObject = declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription == "NSObject"
            && declaration.is(ClassDeclSyntax.self)
        access = Self.accessPrefix(declaration.modifiers)

        // The class name.
        var classNameExpression: String? = nil
        var nameIsDefault = true
        if case .argumentList(let arguments) = attribute.arguments, let argument = arguments.first {
            switch Self.className(argument.expression, typeName: typeName) {
            case .some(let expression?):
                classNameExpression = expression
                nameIsDefault = false
            case .some(nil):
                break
            case nil:
                errors.append(Diagnostic(node: argument.expression, message: ArchiveDiagnostic.badClassName))
            }
        }
        if nameIsDefault {
            // The type name as a literal: the protocol's default, `String(describing: self)`,
            // gives the same string but makes it on every call (the unarchiver asks once per
            // object it builds). A generic class keeps the default, whose name includes its
            // arguments; an overridable one needs a member its subclasses override.
            switch kind {
            case .rootClass(isFinal: true, _) where isGeneric: classNameExpression = nil
            default: classNameExpression = isGeneric ? "String(describing: \(typeName).self)" : Self.literal(typeName)
            }
        }
        self.classNameExpression = classNameExpression

        // The properties.
        declaresInitializer = declaration.memberBlock.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
        declaresEmptyInit = declaration.memberBlock.members.contains {
            guard let initializer = $0.decl.as(InitializerDeclSyntax.self) else { return false }
            return initializer.signature.parameterClause.parameters.isEmpty
        }
        let isClass: Bool = if case .structure = kind { false } else { true }
        let (properties, tuplePatterns) = ArchiveProperty.storedProperties(of: declaration.memberBlock.members)
        var archived: [ArchiveProperty] = []
        var keys: [String: String] = [:]
        for binding in tuplePatterns {
            errors.append(Diagnostic(node: binding.pattern, message: ArchiveDiagnostic.tuplePattern))
        }
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !StoredProperties.isStatic(variable) else { continue }
            for case .attribute(let attribute) in variable.attributes
            where attribute.attributeName.trimmedDescription == "ArchiveKey" && ArchiveProperty.keyLiteral(of: attribute) == nil {
                let property = variable.bindings.first?.pattern.trimmedDescription ?? ""
                errors.append(Diagnostic(node: attribute, message: ArchiveDiagnostic.badKey(property: property)))
            }
        }
        for property in properties {
            let node = Syntax(property.binding.pattern)
            if property.isIgnored {
                if !property.hasInitialValue && !(isClass && declaresEmptyInit) {
                    errors.append(Self.missingValue(property, .ignoredNeedsInitialValue(property: property.name)))
                }
                continue
            }
            if let type = property.type, let part = ArchiveTypeRules.unarchivablePart(of: type) {
                errors.append(Diagnostic(
                    node: node, message: ArchiveDiagnostic.unarchivableType(property: property.name, type: part.trimmedDescription),
                    fixIts: [ArchiveFixIt.ignore(property.declaration)]))
                continue
            }
            if property.isLet && (isClass || property.initialValue != nil) {
                let message: ArchiveDiagnostic = isClass ? .letInClass(property: property.name) : .letWithInitialValue(property: property.name)
                var fixIts = [ArchiveFixIt.makeVar(property.declaration)]
                if property.initialValue != nil { fixIts.append(ArchiveFixIt.ignore(property.declaration)) }
                errors.append(Diagnostic(node: Syntax(property.declaration.bindingSpecifier), message: message, fixIts: fixIts))
                continue
            }
            if isClass && !property.hasInitialValue && !declaresEmptyInit {
                errors.append(Self.missingValue(property, .needsInitialValue(property: property.name)))
            }
            if let first = keys[property.key] {
                errors.append(Diagnostic(node: node, message: ArchiveDiagnostic.duplicateKey(key: property.key, first: first, second: property.name)))
            }
            keys[property.key] = property.name
            archived.append(property)
        }
        self.archived = archived
        if diagnose { errors.forEach(context.diagnose) }
        if !errors.isEmpty { return nil }
    }

    /// A missing-initial-value error, with the empty value of the type as a fix-it when
    /// there is an obvious one.
    private static func missingValue(_ property: ArchiveProperty, _ message: ArchiveDiagnostic) -> Diagnostic {
        let fixIts = property.type.flatMap(ArchiveTypeRules.emptyValue).map { [ArchiveFixIt.initialValue(property.binding, $0)] } ?? []
        return Diagnostic(node: property.binding.pattern, message: message, fixIts: fixIts)
    }

    /// True when `type` names `name`, bare or qualified by its module.
    static func names(_ type: TypeSyntax, _ name: String) -> Bool {
        let text = type.trimmedDescription
        return text == name || text == "KeyedArchive.\(name)" || text == "PlistKitMacros.\(name)"
    }

    /// The protocols a class commonly lists first; any other first inherited type may be a
    /// superclass that is not KeyedCodable, which the expansion then checks.
    private static func mayBeSuperclass(_ type: TypeSyntax) -> Bool {
        guard !type.is(AttributedTypeSyntax.self), !type.is(CompositionTypeSyntax.self) else { return false }
        let known: Set = [
            "AnyObject", "Sendable", "Equatable", "Hashable", "Comparable", "Identifiable",
            "CustomStringConvertible", "CustomDebugStringConvertible", "Codable", "Encodable",
            "Decodable", "KeyedArchivable", "KeyedValueCodable", "NSObject",
        ]
        return !known.contains(type.trimmedDescription)
    }

    /// The class-name argument as an expression: `.some(nil)` for `.typeName`, nil when it
    /// is not one of the accepted forms.
    private static func className(_ expression: ExprSyntax, typeName: String) -> String?? {
        if let literal = expression.as(StringLiteralExprSyntax.self), let text = plainText(literal) {
            return .some(Self.literal(text))
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedDescription == "ArchivedClassName" {
            switch member.declName.baseName.text {
            case "typeName": return .some(nil)
            case "moduleQualified": return .some("String(reflecting: \(typeName).self)")
            default: return nil
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
           call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "named",
           call.arguments.count == 1, let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
           let text = plainText(literal) {
            return .some(Self.literal(text))
        }
        return nil
    }

    private static func plainText(_ literal: StringLiteralExprSyntax) -> String? {
        var text = ""
        for segment in literal.segments {
            guard case .stringSegment(let part) = segment, !part.content.text.contains("\\") else { return nil }
            text += part.content.text
        }
        return text
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        StringLiteralExprSyntax(content: text).description
    }

    /// The access the members need to satisfy the protocol for users of the type.
    private static func accessPrefix(_ modifiers: DeclModifierListSyntax) -> String {
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.open): return "open "
            case .keyword(.public): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }
}
