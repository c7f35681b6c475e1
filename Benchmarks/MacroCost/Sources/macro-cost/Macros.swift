import KeyedArchive

// The declaration of the macro the models use, as `Sources/PlistKitMacros/Archivable.swift`
// has it (the class name as a string only: the plugin reads the argument's text). This target
// gets the plugin from `Package.swift` (`-load-plugin-executable`), not through the
// `PlistKitMacros` product.

/// Makes a class `KeyedCodable` (a struct `KeyedValueCodable`) from its stored properties.
@attached(
    member, conformances: KeyedCodable,
    names: named(archivedClassName), named(archivedClassHierarchy), named(init),
    named(encode(with:)), named(decode(from:)), named(archivableSuperclassCheck)
)
@attached(extension, conformances: KeyedCodable,
          names: named(archivedClassName), named(init(from:)), named(encode(with:)))
macro Archivable(className: String) =
    #externalMacro(module: "PlistKitMacrosPlugin", type: "ArchivableMacro")
