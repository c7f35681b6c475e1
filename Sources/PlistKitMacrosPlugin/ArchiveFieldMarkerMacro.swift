import SwiftSyntax
import SwiftSyntaxMacros

/// `@ArchiveKey` and `@ArchiveIgnored`: markers `@Archivable` reads from the properties.
/// They expand to nothing.
public struct ArchiveFieldMarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
