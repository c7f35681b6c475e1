import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin: the list of every macro `PlistKitMacros` declares.
@main
struct PlistKitMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [
        PlistCodableMacro.self,
        PlistPropertyMarkerMacro.self,
        ArchivableMacro.self,
        ArchiveFieldMarkerMacro.self,
    ]
}
