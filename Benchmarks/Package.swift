// swift-tools-version:6.1
import PackageDescription
import class Foundation.ProcessInfo
import struct Foundation.URL

// The library under test: the enclosing package, or another copy of it named by
// $PLISTKIT_ROOT (a snapshot of one commit, say, while the working tree is being edited).
// A path dependency is named by its folder, which is whatever the clone is called.
let rootPath = ProcessInfo.processInfo.environment["PLISTKIT_ROOT"].flatMap { $0.isEmpty ? nil : $0 } ?? "../"
let rootURL = URL(fileURLWithPath: rootPath, relativeTo: URL(fileURLWithPath: #filePath).deletingLastPathComponent())
    .standardizedFileURL
let root = rootURL.lastPathComponent

// The models' `@PlistCodable` is expanded by that library's compiler plugin, built in its own
// package first (debug: `build.sh` does it), and loaded with `-load-plugin-executable`, as
// Fuzz/ and MacroCost/ do. Depending on the `PlistKitMacros` product instead would build
// swift-syntax optimized for this release build: most of an hour on a two-core machine, for
// a plugin whose speed is not measured. The expansion is the same.
let macroPlugin = rootURL.appendingPathComponent(".build/debug/PlistKitMacrosPlugin-tool").path

// PlistKit's benchmarks: a package of their own, so that the library's users never build
// the benchmark tooling. README.md here describes the workloads and how to run them.
let package = Package(
    name: "PlistKitBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        // For MacroCost/, which measures the macros against these models' hand-written twins.
        .library(name: "BenchmarkWorkloads", targets: ["BenchmarkWorkloads"]),
    ],
    dependencies: [
        .package(path: rootPath),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // The deterministic workload generator, shared by the generator tool and the benchmarks.
        .target(
            name: "BenchmarkWorkloads",
            dependencies: [
                .product(name: "PlistKit", package: root),
                .product(name: "KeyedArchive", package: root),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: [.unsafeFlags(["-load-plugin-executable", "\(macroPlugin)#PlistKitMacrosPlugin"])]
        ),
        // Writes every workload as XML and binary files, for the benchmarks and for external tools.
        .executableTarget(
            name: "plistkit-workloads",
            dependencies: ["BenchmarkWorkloads"]
        ),
        // Runs one operation on one workload, for valgrind/perf.
        .executableTarget(
            name: "plistkit-profile",
            dependencies: [
                "BenchmarkWorkloads",
                .product(name: "PlistKit", package: root),
                .product(name: "KeyedArchive", package: root),
            ]
        ),
        // libxml2's bare SAX2 parse (Harness/floor.c's, sharing Harness/empty_sax.h), the XML
        // decode floor plistkit-paired times beside the model rows. Its header declares no
        // libxml2 type, so no second module map of libxml2's headers meets PlistKit's.
        .target(
            name: "SAXFloor",
            cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])],
            linkerSettings: [.linkedLibrary("xml2")]
        ),
        // PlistKit and Foundation in alternation on the model-object rows, for steady ratios,
        // with each model row's floor in the same alternation.
        .executableTarget(
            name: "plistkit-paired",
            dependencies: ["BenchmarkWorkloads", "SAXFloor", .product(name: "PlistKit", package: root)]
        ),
        .executableTarget(
            name: "PlistKitBenchmarks",
            dependencies: [
                "BenchmarkWorkloads",
                .product(name: "PlistKit", package: root),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            path: "Benchmarks/PlistKitBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
