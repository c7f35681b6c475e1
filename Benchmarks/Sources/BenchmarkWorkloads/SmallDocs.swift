import Foundation
import PlistKit

/// The `small-docs` workload: 10,000 separate Info.plist-sized documents (1–4 KB each as XML),
/// decoded and encoded one call per document, so that per-call costs (setup, header and
/// trailer, buffers, the first allocation) count as they do when an app reads many small
/// files.
///
/// The documents are stored in two pack files, one per format (``WorkloadFiles/packURL(_:_:)``):
/// each document as a 4-byte big-endian length followed by its bytes, one after another.
public enum SmallDocs {
    /// The number of documents.
    public static let count = 10_000

    static let vendors = ["example", "acme", "northwind", "contoso", "fabrikam", "initech", "globex", "umbrella"]
    static let apps = ["Notes", "Reader", "Tracker", "Studio", "Mail", "Photos", "Ledger", "Planner", "Atlas", "Relay"]
    static let documentKinds = [
        ("Plain Text", "public.plain-text", "txt"), ("Rich Text", "public.rtf", "rtf"),
        ("PDF Document", "com.adobe.pdf", "pdf"), ("PNG Image", "public.png", "png"),
        ("JPEG Image", "public.jpeg", "jpg"), ("Markdown", "net.daringfireball.markdown", "md"),
        ("Property List", "com.apple.property-list", "plist"), ("JSON", "public.json", "json"),
        ("Archive", "public.zip-archive", "zip"), ("Movie", "public.movie", "mov"),
    ]
    static let capabilities = ["armv7", "arm64", "metal", "wifi", "gps", "camera-flash", "microphone", "nfc"]
    static let orientations = [
        "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
        "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
    ]
    static let usageKeys = [
        "NSCameraUsageDescription", "NSMicrophoneUsageDescription", "NSPhotoLibraryUsageDescription",
        "NSLocationWhenInUseUsageDescription", "NSContactsUsageDescription",
    ]

    /// The 10,000 documents, generated from one SplitMix64 seed.
    public static func documents() -> [Plist] {
        var rng = SplitMix64(seed: 0x5EED_0006)
        return (0..<count).map { document(index: $0, &rng) }
    }

    /// One Info.plist: bundle keys and versions, document and URL types, App Transport
    /// Security exceptions, device capabilities, usage descriptions, feature flags, a build
    /// date, build numbers and a signing hash.
    static func document(index: Int, _ rng: inout SplitMix64) -> Plist {
        func pick<T>(_ items: [T]) -> T { items[rng.below(items.count)] }
        func words(_ count: Int) -> String {
            (0..<count).map { _ in Workload.words[rng.below(Workload.words.count)] }.joined(separator: " ")
        }
        func bytes(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }) }

        let vendor = pick(vendors), app = pick(apps) + String(index)
        let identifier = "com.\(vendor).\(app.lowercased())"
        let version = "\(1 + rng.below(9)).\(rng.below(20)).\(rng.below(10))"
        var info: PlistDictionary = [
            "CFBundleDevelopmentRegion": "en",
            "CFBundleExecutable": .string(app),
            "CFBundleIdentifier": .string(identifier),
            "CFBundleInfoDictionaryVersion": "6.0",
            "CFBundleName": .string(app),
            "CFBundlePackageType": "APPL",
            "CFBundleShortVersionString": .string(version),
            "CFBundleVersion": .string(String(1000 + rng.below(90_000))),
            "LSMinimumSystemVersion": .string("1\(1 + rng.below(4)).\(rng.below(6))"),
            "BuildDate": .date(Date(timeIntervalSinceReferenceDate: Double(700_000_000 + rng.below(100_000_000)))),
            "BuildNumber": .integer(PlistInteger(rng.below(1_000_000))),
            "SigningCertificateHash": .data(bytes(20)),
        ]
        // Optional keys: each document has about half of them.
        if rng.below(2) == 0 { info["CFBundleDisplayName"] = .string(app) }
        if rng.below(2) == 0 { info["CFBundleSupportedPlatforms"] = .array(rng.below(2) == 0 ? ["iPhoneOS"] : ["MacOSX", "iPhoneOS"]) }
        if rng.below(2) == 0 { info["LSRequiresIPhoneOS"] = .bool(rng.below(2) == 0) }
        if rng.below(2) == 0 { info["NSHighResolutionCapable"] = true }
        if rng.below(2) == 0 { info["DTXcodeBuild"] = .string("16C\(rng.below(9999))") }
        info["CFBundleDocumentTypes"] = .array((0..<rng.below(3)).map { _ in
            let kind = pick(documentKinds)
            return .dictionary([
                "CFBundleTypeName": .string(kind.0),
                "CFBundleTypeRole": .string(rng.below(3) == 0 ? "Viewer" : "Editor"),
                "LSHandlerRank": .string(pick(["Owner", "Default", "Alternate"])),
                "LSItemContentTypes": .array([.string(kind.1)]),
                "CFBundleTypeExtensions": .array([.string(kind.2), .string(kind.2.uppercased())]),
                "CFBundleTypeIconFile": .string("Document-\(kind.2).icns"),
            ])
        })
        info["CFBundleURLTypes"] = .array((0..<rng.below(3)).map { n in
            .dictionary([
                "CFBundleURLName": .string("\(identifier).url\(n)"),
                "CFBundleURLSchemes": .array([.string(app.lowercased() + (n == 0 ? "" : "-\(n)"))]),
            ])
        })
        var exceptions = PlistDictionary()
        for _ in 0..<rng.below(2) {
            exceptions[PlistKey("\(pick(Workload.words)).\(vendor).com")] = .dictionary([
                "NSIncludesSubdomains": .bool(rng.below(2) == 0),
                "NSExceptionMinimumTLSVersion": "TLSv1.2",
                "NSExceptionAllowsInsecureHTTPLoads": .bool(rng.below(4) == 0),
            ])
        }
        info["NSAppTransportSecurity"] = .dictionary([
            "NSAllowsArbitraryLoads": false,
            "NSExceptionDomains": .dictionary(exceptions),
        ])
        info["UIRequiredDeviceCapabilities"] = .array((0..<(1 + rng.below(3))).map { _ in .string(pick(capabilities)) })
        if rng.below(2) == 0 { info["UISupportedInterfaceOrientations"] = .array(orientations.prefix(1 + rng.below(4)).map { .string($0) }) }
        for key in usageKeys.prefix(rng.below(3)) {
            info[PlistKey(key)] = .string("\(app) uses this to " + words(4 + rng.below(8)) + ".")
        }
        var flags = PlistDictionary()
        for n in 0..<(1 + rng.below(4)) {
            flags[PlistKey("Enable\(pick(Workload.words).capitalized)\(n)")] = .bool(rng.below(2) == 0)
        }
        flags["RolloutPercent"] = .integer(PlistInteger(rng.below(101)))
        flags["SampleRate"] = .real(Double(rng.below(1000)) / 1000)
        info["FeatureFlags"] = .dictionary(flags)
        if rng.below(3) == 0 {
            info["EmbeddedProfileDigest"] = .data(bytes(32 + rng.below(64)))
        }
        return .dictionary(info)
    }

    /// Packs documents as the pack files store them: a 4-byte big-endian length, then the bytes.
    public static func pack(_ documents: [Data]) -> Data {
        var out = Data()
        for document in documents {
            let length = UInt32(document.count)
            out.append(contentsOf: [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)])
            out.append(document)
        }
        return out
    }

    /// The documents of a pack file, each its own `Data`.
    public static func unpack(_ pack: Data) -> [Data] {
        var documents: [Data] = []
        var offset = pack.startIndex
        while offset < pack.endIndex {
            precondition(pack.endIndex - offset >= 4, "truncated pack file")
            let length = pack[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            offset += 4
            precondition(pack.endIndex - offset >= length, "truncated pack file")
            documents.append(Data(pack[offset..<offset + length]))
            offset += length
        }
        return documents
    }

    /// The documents of the workload's pack file in `format` (see ``WorkloadFiles/packURL(_:_:)``).
    public static func load(_ format: PlistFormat) -> [Data] {
        unpack(WorkloadFiles.loadPack(.smallDocs, format))
    }
}
