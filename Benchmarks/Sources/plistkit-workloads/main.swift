import BenchmarkWorkloads
import Foundation
import PlistKit

// Writes every workload (or those named on the command line) as `NAME.xml` and
// `NAME.bplist` into the workload folder ($PLISTKIT_WORKLOADS, default Benchmarks/.workloads).
// Files already present with the expected content are rewritten anyway: generation is
// deterministic, so the bytes are the same.

let names = CommandLine.arguments.dropFirst()
let selected = names.isEmpty ? Workload.allCases : names.map { name in
    guard let workload = Workload(rawValue: name) else {
        FileHandle.standardError.write(Data("unknown workload \(name); known: \(Workload.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    return workload
}

let directory = WorkloadFiles.directory
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
for workload in selected {
    let value = workload.generate()
    let xml = ReferenceXMLWriter.write(value)
    let binary = try value.encoded(as: .binary)
    try xml.write(to: WorkloadFiles.url(workload, .xml))
    try binary.write(to: WorkloadFiles.url(workload, .binary))
    let mb = { (n: Int) in String(format: "%.1f MB", Double(n) / 1_000_000) }
    print("\(workload.rawValue): xml \(mb(xml.count)), binary \(mb(binary.count))")
}
print("wrote \(directory.path)")
