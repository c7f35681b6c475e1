// swift-tools-version:6.1
import PackageDescription
import struct Foundation.URL

// The library under test is the enclosing package. A path dependency is named by its
// folder, which is whatever the clone (or worktree) is called.
let root = URL(fileURLWithPath: "../", relativeTo: URL(fileURLWithPath: #filePath).deletingLastPathComponent())
    .standardizedFileURL.lastPathComponent

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
    ]
)

// FuzzMacroDecoder fuzzes the `@PlistCodable` path. It is declared only when
// PLISTKIT_FUZZ_MACROS is set, because naming the macro product makes SwiftPM build
// swift-syntax and the compiler plugin for the host, and SwiftPM 6.3 passes build.sh's
// sanitizer flags (`-Xswiftc`, `--sanitize`) to host tools as well (its llbuild manifest
// shows `-sanitize=fuzzer,address` on the plugin's modules, with or without
// `-Xbuild-tools-swiftc`): a release swift-syntax under ASan took over 40 minutes without
// finishing here, and whether a plugin linked with libFuzzer's runtime still serves the
// compiler was not established. README.md says where it stands.
if Context.environment["PLISTKIT_FUZZ_MACROS"] != nil {
    package.targets.append(
        .executableTarget(
            name: "FuzzMacroDecoder",
            dependencies: ["FuzzCommon", .product(name: "PlistKitMacros", package: root)]
        )
    )
}
