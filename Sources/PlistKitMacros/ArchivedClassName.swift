/// The class name `@Archivable` writes as `$classname` (and first in `$classes`).
///
/// Only read by the macro, from the attribute's text: `.typeName`, `.moduleQualified`,
/// `.named("…")` or a string literal.
public enum ArchivedClassName: ExpressibleByStringLiteral, Sendable {
    /// The bare type name (`Person`), as ``KeyedCodable/archivedClassName`` defaults to.
    case typeName
    /// The module-qualified name (`MyApp.Person`, Swift's `String(reflecting:)`), which
    /// Foundation's `NSKeyedArchiver` on Linux writes for Swift classes.
    case moduleQualified
    /// An explicit name, such as the one an Objective-C class had.
    case named(String)

    /// An explicit name: `@Archivable(className: "MYPerson")`.
    public init(stringLiteral name: String) {
        self = .named(name)
    }
}

/// The check `@Archivable` expands to in a class whose superclass is not ``KeyedCodable``:
/// a warning when that first inherited type is a class, whose fields the archive would lack.
/// (Protocols and ``KeyedCodable`` classes pick the overloads without the warning.)
public enum ArchivableSuperclassCheck {
    /// A class that is not ``KeyedCodable``: its fields are not archived.
    @available(*, deprecated, message: "the superclass is not @Archivable (nor KeyedCodable): its stored properties are not archived; annotate it, or write the conformance by hand")
    public static func check<T: AnyObject>(_ type: T.Type) {}

    /// A ``KeyedCodable`` class (only reached when the conformance is not visible).
    public static func check<T: KeyedCodable>(_ type: T.Type) {}

    /// A protocol or any other type: nothing to check. (Generic, as the others are: a
    /// non-generic overload would win over them.)
    public static func check<T>(_ type: T.Type) {}
}
