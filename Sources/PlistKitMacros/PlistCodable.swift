/// Synthesizes `PlistDecodable` and `PlistEncodable` for a struct, a final class or an enum:
/// the coders then read and write the type straight from the format, with no `Codable`
/// containers in between, and write exactly the bytes Swift's synthesized `Codable`
/// conformance makes them write.
///
/// Keys are the properties' names in declaration order, or the raw values of a declared
/// `CodingKeys` enum in its order, or the name given by ``PlistKey(_:)``. Optionals are
/// written only when they hold a value, and read as `nil` when absent. A non-optional
/// property with an initial value takes that value when its key is absent (a `Codable`
/// conformance would fail with `keyNotFound`). ``PlistIgnored()``
/// leaves a property out. An enum with raw values is coded as its raw value; an enum with
/// associated values as Codable codes it, `{"case": {"label": value, "_1": value}}`.
///
/// A property whose type is only `Codable` (no `PlistDecodable`/`PlistEncodable`) is coded
/// through its `Codable` conformance, at any depth. A final subclass codes its own stored
/// properties and leaves the superclass's to its `init()`, as a synthesized `Codable`
/// conformance does.
///
/// A type that uses ``PlistKey(_:)`` or ``PlistIgnored()`` and declares no `CodingKeys`
/// gets a `CodingKeys` enum naming the same keys, so that a `Codable` conformance of the
/// same type writes what the macro's does.
///
/// ```swift
/// @PlistCodable
/// struct Person {
///     var name: String
///     var age: Int = 0
///     var email: String?
/// }
/// ```
@attached(
    extension, conformances: PlistDecodable, PlistEncodable,
    names: named(init(plist:)), named(encode(plist:)), named(plistFields), named(PlistCaseFields)
)
@attached(member, names: named(init(plist:)), named(CodingKeys))
public macro PlistCodable() = #externalMacro(module: "PlistKitMacrosPlugin", type: "PlistCodableMacro")

/// Codes the property under `name` instead of its own name (in a type without `CodingKeys`;
/// with them, the key's raw value says it).
@attached(peer)
public macro PlistKey(_ name: String) = #externalMacro(module: "PlistKitMacrosPlugin", type: "PlistPropertyMarkerMacro")

/// Leaves the property out of the plist: it is not written, and decoding leaves it at its
/// initial value, which it must have.
@attached(peer)
public macro PlistIgnored() = #externalMacro(module: "PlistKitMacrosPlugin", type: "PlistPropertyMarkerMacro")
