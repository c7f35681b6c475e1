// swift-tools-version:6.1
import PackageDescription
import struct Foundation.URL

// The library under test is the enclosing package. A path dependency is named by its
// folder, which is whatever the clone (or worktree) is called.
let rootURL = URL(fileURLWithPath: "../", relativeTo: URL(fileURLWithPath: #filePath).deletingLastPathComponent())
    .standardizedFileURL
let root = rootURL.lastPathComponent

// FuzzMacroDecoder's `@PlistCodable` is expanded by the library's compiler plugin as
// `build.sh` first builds it in the enclosing package: debug, uninstrumented. Depending on
// the `PlistKitMacros` product instead would make SwiftPM build swift-syntax and the plugin
// for the host here, and it hands this package's sanitizer flags to host tools as well.
let macroPlugin = rootURL.appendingPathComponent(".build/debug/PlistKitMacrosPlugin-tool").path

// PlistKit's fuzz targets: a package of their own (like Benchmarks/), so the library's users
// never build them. One libFuzzer executable per entry point; README.md here says how to
// build and run them. Build with `./build.sh` (the sanitizer flags must reach swiftc as one).
let package = Package(
    name: "PlistKitFuzz",
    dependencies: [
        .package(path: "../"),
    ],
    targets: [
        // The oracles every target shares: round trips through every format, hashing, and
        // the entry-point helper.
        .target(
            name: "FuzzCommon",
            dependencies: [
                .product(name: "PlistKit", package: root),
                .product(name: "KeyedArchive", package: root),
            ]
        ),
        .executableTarget(name: "FuzzBinary", dependencies: ["FuzzCommon", .product(name: "PlistKit", package: root)]),
        .executableTarget(name: "FuzzXML", dependencies: ["FuzzCommon", .product(name: "PlistKit", package: root)]),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzCommon", .product(name: "PlistKit", package: root)]),
        .executableTarget(name: "FuzzOpenStep", dependencies: ["FuzzCommon", .product(name: "PlistKit", package: root)]),
        .executableTarget(name: "FuzzDetect", dependencies: ["FuzzCommon", .product(name: "PlistKit", package: root)]),
        .executableTarget(name: "FuzzDecoder", dependencies: ["FuzzCommon", .product(name: "PlistKit", package: root)]),
        .executableTarget(name: "FuzzEncoder", dependencies: ["FuzzCommon", .product(name: "PlistKit", package: root)]),
        .executableTarget(name: "FuzzBinaryView", dependencies: ["FuzzCommon", .product(name: "PlistKit", package: root)]),
        .executableTarget(name: "FuzzEvents", dependencies: ["FuzzCommon", .product(name: "PlistKit", package: root)]),
        .executableTarget(
            name: "FuzzUnarchiver",
            dependencies: [
                "FuzzCommon",
                .product(name: "PlistKit", package: root),
                .product(name: "KeyedArchive", package: root),
            ]
        ),
        // The `@PlistCodable` path against its `Codable` twin; declares the macro it uses
        // itself (`Macros.swift`) and loads its plugin from `macroPlugin`.
        .executableTarget(
            name: "FuzzMacroDecoder",
            dependencies: ["FuzzCommon", .product(name: "PlistKit", package: root)],
            swiftSettings: [.unsafeFlags(["-load-plugin-executable", "\(macroPlugin)#PlistKitMacrosPlugin"])]
        ),
    ]
)
