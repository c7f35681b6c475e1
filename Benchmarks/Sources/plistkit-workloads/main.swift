import BenchmarkWorkloads
import Foundation
import PlistKit

// Writes every workload (or those named on the command line) as `NAME.xml` and
// `NAME.bplist` into the workload folder ($PLISTKIT_WORKLOADS, default Benchmarks/.workloads).
// Files already present with the expected content are rewritten anyway: generation is
// deterministic, so the bytes are the same.
//
//   plistkit-workloads --no-archive app-state-2x
//
// writes an app-state workload's plists without its NSKeyedArchiver file: the `model-*` and
// `codable-*` rows read only the plists, and Linux's NSKeyedArchiver takes most of an hour for
// `app-state-2x` (see Benchmarks/README, "The app-state workload").

var names = CommandLine.arguments.dropFirst()
let writesArchives = names.first != "--no-archive"
if !writesArchives { names = names.dropFirst() }

/// The workloads named on the command line, or all of them.
func workloads(_ names: ArraySlice<String>) -> [Workload] {
    names.isEmpty ? Workload.allCases : names.map { name in
        guard let workload = Workload(rawValue: name) else {
            FileHandle.standardError.write(Data("unknown workload \(name); known: \(Workload.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        return workload
    }
}

if names.first == "--verify" {
    // Reads every file (or those of the workloads named after --verify) back with PlistKit
    // and with Foundation, and reports what fails; for the models, also whether Foundation's
    // PropertyListEncoder writes the same bytes (ModelCheck.swift).
    var failures = 0
    for workload in workloads(names.dropFirst()) {
        if workload.isAppState {
            failures += AppStateCheck.verify(workload)
            failures += ModelCheck.verify(workload, as: AppState.self)
            continue
        }
        if workload.isPack {
            failures += verifyPack(workload)
            continue
        }
        let formats: [PlistFormat] = workload == .archive ? [.binary] : [.binary, .xml]
        for format in formats {
            let bytes = WorkloadFiles.load(workload, format)
            do {
                if workload == .archive {
                    let students = try ArchiveWorkload.plistKitUnarchive(bytes)
                    print("archive: PlistKit unarchived \(students.count) students")
                } else {
                    _ = try Plist(decoding: bytes)
                    _ = try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
                    print("\(workload.rawValue) \(format.rawValue): read by PlistKit and Foundation")
                }
            } catch {
                failures += 1
                print("\(workload.rawValue) \(format.rawValue): \(error)")
            }
        }
        if workload == .records || workload == .records2x { failures += ModelCheck.verify(workload, as: [Student].self) }
    }
    exit(failures == 0 ? 0 : 1)
}
let selected = workloads(names)

let directory = WorkloadFiles.directory
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
for workload in selected {
    let mb = { (n: Int) in String(format: "%.1f MB", Double(n) / 1_000_000) }
    if workload == .archive {
        let archive = ArchiveWorkload.foundationArchive(ArchiveWorkload.foundationStudents(workload.generate()))
        try archive.write(to: WorkloadFiles.url(workload, .binary))
        print("archive: binary \(mb(archive.count)) (NSKeyedArchiver)")
        continue
    }
    if workload.isAppState {
        // The Codable model as Foundation writes it, and its object graph by NSKeyedArchiver.
        let model = AppState.model(for: workload)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let xml = try encoder.encode(model)
        encoder.outputFormat = .binary
        let binary = try encoder.encode(model)
        try xml.write(to: WorkloadFiles.url(workload, .xml))
        try binary.write(to: WorkloadFiles.url(workload, .binary))
        print("\(workload.rawValue): \(model.objectCount) model values (\(model.taskCount) tasks); xml \(mb(xml.count)), binary \(mb(binary.count)) (PropertyListEncoder)")
        // NSKeyedArchiver takes minutes on Linux (see README): the plists are written first.
        guard writesArchives else { continue }
        let start = ContinuousClock.now
        let archive = AppStateArchive.foundationArchive(AppStateArchive.foundationGraph(model))
        try archive.write(to: WorkloadFiles.archiveURL(workload))
        print("\(workload.rawValue): archive \(mb(archive.count)) (NSKeyedArchiver, \(ContinuousClock.now - start))")
        continue
    }
    if workload.isPack {
        // One document per entry: written by the reference XML writer and PlistKit's binary writer.
        let documents = SmallDocs.documents()
        let xml = documents.map { ReferenceXMLWriter.write($0) }
        let binary = try documents.map { try $0.encoded(as: .binary) }
        try SmallDocs.pack(xml).write(to: WorkloadFiles.packURL(workload, .xml))
        try SmallDocs.pack(binary).write(to: WorkloadFiles.packURL(workload, .binary))
        let sizes = xml.map(\.count)
        print("\(workload.rawValue): \(documents.count) documents; xml \(mb(sizes.reduce(0, +))) (\(sizes.min()!)–\(sizes.max()!) bytes each), binary \(mb(binary.map(\.count).reduce(0, +)))")
        continue
    }
    let value = workload.generate()
    let xml = ReferenceXMLWriter.write(value)
    let binary = try value.encoded(as: .binary)
    try xml.write(to: WorkloadFiles.url(workload, .xml))
    try binary.write(to: WorkloadFiles.url(workload, .binary))
    print("\(workload.rawValue): xml \(mb(xml.count)), binary \(mb(binary.count))")
}
print("wrote \(directory.path)")

/// Reads every document of a pack workload back with PlistKit and Foundation, in both
/// formats, and checks that the two formats hold the same values.
func verifyPack(_ workload: Workload) -> Int {
    var failures = 0
    var decoded: [PlistFormat: [Plist]] = [:]
    for format in [PlistFormat.binary, .xml] {
        let documents = SmallDocs.unpack(WorkloadFiles.loadPack(workload, format))
        do {
            decoded[format] = try documents.map { try Plist(decoding: $0) }
            for document in documents { _ = try PropertyListSerialization.propertyList(from: document, options: [], format: nil) }
            print("\(workload.rawValue) \(format.rawValue): \(documents.count) documents read by PlistKit and Foundation")
        } catch {
            failures += 1
            print("\(workload.rawValue) \(format.rawValue): \(error)")
        }
    }
    if let binary = decoded[.binary], let xml = decoded[.xml], binary != xml {
        failures += 1
        print("\(workload.rawValue): the binary and XML documents differ")
    }
    return failures
}
