import SwiftSyntax

/// What the macro can tell about a property's type from its spelling alone. Whether a named
/// type conforms to `KeyedArchivable` only the compiler knows (and says, at the expansion);
/// these are the types no conformance can make archivable.
enum ArchiveTypeRules {
    /// The part of `type` a keyed archive cannot hold (a function, tuple, metatype,
    /// existential or opaque type, `Any`, `Character`…), or nil when there is none.
    static func unarchivablePart(of type: TypeSyntax) -> TypeSyntax? {
        if type.is(FunctionTypeSyntax.self) || type.is(MetatypeTypeSyntax.self)
            || type.is(SomeOrAnyTypeSyntax.self) || type.is(CompositionTypeSyntax.self)
            || type.is(ClassRestrictionTypeSyntax.self) {
            return type
        }
        if let tuple = type.as(TupleTypeSyntax.self) {
            // `(T)` is T in parentheses; anything else is a tuple (or Void).
            if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
                return unarchivablePart(of: only.type)
            }
            return type
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return unarchivablePart(of: attributed.baseType)
        }
        for child in childTypes(of: type) {
            if let part = unarchivablePart(of: child) { return part }
        }
        if let named = type.as(IdentifierTypeSyntax.self),
           ["Any", "AnyObject", "Character", "Substring", "Void", "Never"].contains(named.name.text) {
            return type
        }
        return nil
    }

    /// The types `type` is built from: elements, keys and values, generic arguments.
    private static func childTypes(of type: TypeSyntax) -> [TypeSyntax] {
        if let array = type.as(ArrayTypeSyntax.self) { return [array.element] }
        if let dictionary = type.as(DictionaryTypeSyntax.self) { return [dictionary.key, dictionary.value] }
        if let optional = type.as(OptionalTypeSyntax.self) { return [optional.wrappedType] }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return [unwrapped.wrappedType] }
        let arguments = type.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments
            ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause?.arguments
        return arguments?.compactMap { if case .type(let type) = $0.argument { type } else { nil } } ?? []
    }

    /// A value to offer as the initial value of a property of `type`, for the common types.
    static func emptyValue(of type: TypeSyntax) -> String? {
        if type.is(ArrayTypeSyntax.self) { return "[]" }
        if type.is(DictionaryTypeSyntax.self) { return "[:]" }
        guard let named = type.as(IdentifierTypeSyntax.self) else { return nil }
        switch named.name.text {
        case "String": return "\"\""
        case "Bool": return "false"
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
             "Double", "Float":
            return "0"
        case "Array", "Set", "KeyedOrderedSet", "KeyedCountedSet": return "[]"
        case "Dictionary": return "[:]"
        case "Data": return "Data()"
        default: return nil
        }
    }
}
