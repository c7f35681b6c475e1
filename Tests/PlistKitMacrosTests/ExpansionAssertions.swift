import PlistKitMacrosPlugin
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros as the compiler sees them in a file that imports PlistKitMacros.
let plistMacros: [String: MacroSpec] = [
    "PlistCodable": MacroSpec(type: PlistCodableMacro.self, conformances: ["PlistDecodable", "PlistEncodable"]),
    "PlistKey": MacroSpec(type: PlistPropertyMarkerMacro.self),
    "PlistIgnored": MacroSpec(type: PlistPropertyMarkerMacro.self),
]

/// swift-syntax's expansion check, its failures recorded as Swift Testing issues at the
/// caller's line.
func assertExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    applyFixIts: [String]? = nil,
    fixedSource: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: plistMacros,
        applyFixIts: applyFixIts,
        fixedSource: fixedSource,
        failureHandler: { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.location.fileID, filePath: failure.location.filePath,
                    line: failure.location.line, column: failure.location.column
                )
            )
        },
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
    )
}
