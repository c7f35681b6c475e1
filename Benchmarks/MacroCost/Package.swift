// swift-tools-version:6.1
import PackageDescription
import struct Foundation.URL

// A path dependency is named by its folder, which is whatever the clone is called.
let root = URL(fileURLWithPath: "../..", relativeTo: URL(fileURLWithPath: #filePath).deletingLastPathComponent())
    .standardizedFileURL.lastPathComponent

// What `@Archivable` costs against the hand-written conformance it replaces: the `archive`
// workload's classes in both forms, archived and unarchived by one executable for callgrind.
// A package of its own, so that the benchmarks' package does not build swift-syntax.
let package = Package(
    name: "MacroCost",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "macro-cost",
            dependencies: [.product(name: "PlistKitMacros", package: root)]
        ),
    ]
)
