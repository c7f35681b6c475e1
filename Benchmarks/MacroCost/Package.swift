// swift-tools-version:6.1
import PackageDescription
import struct Foundation.URL

// A path dependency is named by its folder, which is whatever the clone is called.
let rootURL = URL(fileURLWithPath: "../..", relativeTo: URL(fileURLWithPath: #filePath).deletingLastPathComponent())
    .standardizedFileURL
let root = rootURL.lastPathComponent

// `@Archivable` is expanded by the library's compiler plugin as the enclosing package builds
// it (`swift build --package-path ../.. --product PlistKitMacrosPlugin`: debug), loaded with
// `-load-plugin-executable`, as Fuzz/ does. Depending on the `PlistKitMacros` product instead
// would build swift-syntax optimized for this release build: most of an hour on the shared
// two-core machine, for a plugin whose speed is not measured. The expansion is the same.
let macroPlugin = rootURL.appendingPathComponent(".build/debug/PlistKitMacrosPlugin-tool").path

// What `@Archivable` costs against the hand-written conformance it replaces: the `archive`
// workload's classes and the `app-state` graph (Benchmarks' hand-written twin, from its
// BenchmarkWorkloads library) in both forms, archived and unarchived by one executable for
// callgrind.
let package = Package(
    name: "MacroCost",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../.."), .package(path: "..")],
    targets: [
        .executableTarget(
            name: "macro-cost",
            dependencies: [
                .product(name: "KeyedArchive", package: root),
                .product(name: "BenchmarkWorkloads", package: "Benchmarks"),
            ],
            swiftSettings: [.unsafeFlags(["-load-plugin-executable", "\(macroPlugin)#PlistKitMacrosPlugin"])]
        ),
    ]
)
