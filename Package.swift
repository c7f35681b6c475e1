// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "PlistKit",
    // The coders' options and the preferences store are guarded by `Synchronization.Mutex`,
    // which these releases introduced; Linux takes no platform minimum.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "PlistKit", targets: ["PlistKit"]),
        .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
        .library(name: "PlistStore", targets: ["PlistStore"]),
        .executable(name: "plistkit", targets: ["plistkit"]),
        // The macros are a product of their own: only a package that names it builds
        // swift-syntax.
        .library(name: "PlistKitMacros", targets: ["PlistKitMacros"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // `swift package generate-documentation`; a command plugin, so it adds nothing to
        // what depending packages build.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "PlistKit",
            dependencies: [
                "CLibXML2",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            // plutil's key order collates with the ICU that Foundation ships on Linux.
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
        ),
        .target(
            name: "KeyedArchive",
            dependencies: [
                "PlistKit",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .target(
            name: "PlistStore",
            dependencies: [
                "PlistKit",
                "KeyedArchive",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // The macro declarations users import, and the compiler plugin that expands them.
        .target(
            name: "PlistKitMacros",
            dependencies: ["PlistKit", "KeyedArchive", "PlistKitMacrosPlugin"]
        ),
        .macro(
            name: "PlistKitMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "plistkit",
            dependencies: ["PlistKit", "KeyedArchive"]
        ),
        // What the test targets share: the seeded generator, the process runner, the
        // location of TestVectors/, plutil's known differences, a binary-plist builder.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "PlistKitTests",
            dependencies: [
                "PlistKit",
                "TestSupport",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // The CLI's tests: they run the built `plistkit` (beside `plutil`) and use only
        // PlistKit's public API, no `@testable import`.
        .testTarget(
            name: "plistkitTests",
            dependencies: ["plistkit", "PlistKit", "TestSupport"]
        ),
        .testTarget(
            name: "KeyedArchiveTests",
            dependencies: ["KeyedArchive", "PlistKit", "TestSupport"]
        ),
        // The macros' tests: expansions and diagnostics checked against the plugin's source,
        // and `@PlistCodable` types coded end to end beside their `Codable` twins.
        .testTarget(
            name: "PlistKitMacrosTests",
            dependencies: [
                "PlistKitMacros",
                "PlistKitMacrosPlugin",
                "TestSupport",
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
        // The macros: their expansions (the plugin's types, run without the compiler), and
        // archives of annotated types against hand-written conformances and Foundation.
        .testTarget(
            name: "KeyedArchiveMacrosTests",
            dependencies: [
                "PlistKitMacros",
                "PlistKitMacrosPlugin",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "PlistStoreTests",
            dependencies: ["PlistStore", "KeyedArchive", "PlistKit", "TestSupport"]
        ),
    ]
)
