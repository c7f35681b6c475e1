import PlistKit

// The declaration of the macro the models use, as `Sources/PlistKitMacros/PlistCodable.swift`
// has it: this target gets its plugin from `Package.swift` (`-load-plugin-executable`), not
// through the `PlistKitMacros` product, so that no release build of swift-syntax is needed.

/// Synthesizes `PlistDecodable` and `PlistEncodable` for a struct or enum.
@attached(
    extension, conformances: PlistDecodable, PlistEncodable,
    names: named(init(plist:)), named(encode(plist:)), named(plistFields), named(PlistCaseFields)
)
@attached(member, names: named(init(plist:)), named(CodingKeys))
macro PlistCodable() = #externalMacro(module: "PlistKitMacrosPlugin", type: "PlistCodableMacro")
