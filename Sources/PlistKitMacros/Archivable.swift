/// Makes a class ``KeyedCodable`` (a struct ``KeyedValueCodable``) by writing the
/// conformance's members from the type's stored properties.
///
/// Every stored property is archived under its own name, in declaration order, exactly as a
/// hand-written `encode(with:)` calling `archiver.encode(_:forKey:)` for each would:
///
/// ```swift
/// import PlistKitMacros
///
/// @Archivable
/// final class Contact {
///     var name = ""
///     var emails: [String] = []
///     weak var manager: Contact?          // nil is written as $null, as NSCoder does
///     @ArchiveKey("NS.note") var note = ""
///     @ArchiveIgnored var cachedWidth = 0.0
/// }
///
/// let ada = Contact()
/// ada.name = "Ada"
/// let data = try KeyedArchiver.archivedData(withRootObject: ada)
/// let back = try KeyedUnarchiver.unarchivedObject(ofType: Contact.self, from: data)
/// print(back.name)                         // Ada
/// ```
///
/// - Optionals are read with `decodeIfPresent`: an absent key or `$null` gives nil.
/// - A property with an initial value keeps it when an older archive lacks its key
///   (``KeyedUnarchiver/decode(_:forKey:default:)``); one without throws `missingKey`.
/// - A class gets `init()` (unless it declares one); decoding is two-phase, so its
///   properties need initial values and must be `var`s. A struct gets `init(from:)` in an
///   extension, which keeps its memberwise initializer.
/// - A class whose superclass is also `@Archivable` (or conforms to ``KeyedCodable``)
///   overrides `encode(with:)` and `decode(from:)`, calling `super` first, and writes
///   `$classes` as its name followed by its superclass's chain, up to `NSObject`.
///
/// - Enums are not annotated: one with raw values states ``KeyedRawValueArchivable``, one
///   with associated values conforms to ``KeyedInlineCodable`` or ``KeyedValueCodable`` by
///   hand, and the annotated types hold them like any other property.
/// - A generic class's default name includes its arguments (`Box<Int>`), as
///   `String(describing:)` gives it, so that specializations are told apart.
///
/// Declaring a member the macro would write (`archivedClassName`, `encode(with:)`, …) is an
/// error: write the whole conformance by hand for custom cases.
/// - Parameter className: the name written as `$classname`: the bare type name (the
///   default), ``ArchivedClassName/moduleQualified`` (as Foundation's `NSKeyedArchiver`
///   on Linux names Swift classes) or a string.
@attached(
    member, conformances: KeyedCodable,
    names: named(archivedClassName), named(archivedClassHierarchy), named(init),
    named(encode(with:)), named(decode(from:)), named(archivableSuperclassCheck)
)
@attached(extension, conformances: KeyedCodable,
          names: named(archivedClassName), named(init(from:)), named(encode(with:)))
public macro Archivable(className: ArchivedClassName = .typeName) =
    #externalMacro(module: "PlistKitMacrosPlugin", type: "ArchivableMacro")

/// Archives the property under `key` instead of its name (in an `@Archivable` type), like
/// the keys Foundation's own classes use (`NS.string`, `NS.objects`).
@attached(peer)
public macro ArchiveKey(_ key: String) =
    #externalMacro(module: "PlistKitMacrosPlugin", type: "ArchiveFieldMarkerMacro")

/// Leaves the property out of the archive (in an `@Archivable` type): it is not written,
/// and decoding leaves it at its initial value, which it therefore needs.
@attached(peer)
public macro ArchiveIgnored() =
    #externalMacro(module: "PlistKitMacrosPlugin", type: "ArchiveFieldMarkerMacro")
