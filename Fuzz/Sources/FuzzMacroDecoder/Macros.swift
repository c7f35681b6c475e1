import PlistKit

// The declarations of the macros the models use, as `Sources/PlistKitMacros/PlistCodable.swift`
// has them: this target gets their plugin from `Package.swift` (`-load-plugin-executable`),
// not through the `PlistKitMacros` product, so that the host never builds swift-syntax under
// the fuzzer's sanitizers.

/// Synthesizes `PlistDecodable` and `PlistEncodable` for a struct or enum.
@attached(
    extension, conformances: PlistDecodable, PlistEncodable,
    names: named(init(plist:)), named(encode(plist:)), named(plistFields), named(PlistCaseFields)
)
@attached(member, names: named(init(plist:)), named(CodingKeys))
macro PlistCodable() = #externalMacro(module: "PlistKitMacrosPlugin", type: "PlistCodableMacro")
