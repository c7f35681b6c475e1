import SwiftSyntax
import SwiftSyntaxMacros

/// `@PlistKey("name")` and `@PlistIgnored`: marks `@PlistCodable` reads from the properties
/// they are written on. They generate nothing themselves.
public struct PlistPropertyMarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
