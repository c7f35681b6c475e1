import Foundation
import PlistKit
import PlistStore
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A process replacing a file is killed (SIGKILL) at random moments, many times; after each
/// kill the file must be the complete old contents or one complete new version.
@Suite struct InterruptedWriteTests {
    static let childTestName = "interruptedWriteChild"

    /// The exact file a writer with `seed` produces in `generation`: a binary plist whose
    /// size varies between 64 KiB and 2 MiB, so a torn or truncated file cannot
    /// pass for a whole one.
    static func version(seed: Int, generation: Int) throws -> Data {
        var generator = SplitMix64(seed: UInt64(seed &* 1_000_003 &+ generation))
        let count = 65_536 + Int(generator.next() % 2_000_000)
        // A 4 KiB random block, repeated: versions differ in every page, and building one
        // stays cheap in a debug build.
        var block = [UInt8]()
        block.reserveCapacity(4096)
        while block.count < 4096 {
            withUnsafeBytes(of: generator.next()) { block.append(contentsOf: $0) }
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(count + 4096)
        while bytes.count < count { bytes.append(contentsOf: block) }
        let payload = Data(bytes[0..<count])
        let value: Plist = ["seed": .integer(PlistInteger(seed)), "generation": .integer(PlistInteger(generation)), "payload": .data(payload)]
        return try value.encoded(as: .binary)
    }

    /// The child: replaces the target with generations 1, 2, …, 6, 1, 2, … until killed (or
    /// orphaned, or 60 s pass), creating the ready file after the first complete replacement.
    /// The versions are built up front so that nearly all its time is spent replacing the file.
    @Test(.enabled(if: ChildProcess.role == "atomicWriter"))
    func interruptedWriteChild() throws {
        let target = ChildProcess.argument("TARGET")
        let ready = ChildProcess.argument("READY")
        let seed = Int(ChildProcess.argument("SEED")) ?? 0
        let versions = try (1...6).map { try Plist(decoding: Self.version(seed: seed, generation: $0)) }
        let start = Date()
        var round = 0
        while !ChildProcess.parentIsGone && Date().timeIntervalSince(start) < 60 {
            try PropertyListFile.write(versions[round % versions.count], to: target)
            if round == 0 { _ = FileManager.default.createFile(atPath: ready, contents: nil) }
            round += 1
        }
    }

    @Test(.disabled(if: ChildProcess.role != nil), .timeLimit(.minutes(3)))
    func killedWriterLeavesOldOrNewFile() throws {
        try withTemporaryDirectory { directory in
            let target = directory + "/state.plist"
            let log = directory + "/child.log"
            try PropertyListFile.write(["generation": 0], to: target, permissions: 0o640)
            #expect(mode(of: target) == 0o640 & ~currentUmask())
            let expectedMode = mode(of: target)
            var random = SplitMix64(seed: UInt64(time(nil)))
            // 50 rounds in the full run (`TestTools.fullRun`), 20 by default.
            let rounds = TestTools.scaled(20, full: 50)
            var replaced = 0
            var interruptedMidWrite = 0
            for round in 1...rounds {
                let old = try #require(contents(of: target))
                let ready = directory + "/ready-\(round)"
                let pid = try ChildProcess.spawn(
                    testName: Self.childTestName, role: "atomicWriter",
                    environment: ["TARGET": target, "READY": ready, "SEED": String(round)],
                    logPath: log)
                var killed = false
                defer { if !killed { ChildProcess.killAndReap(pid) } }

                // Wait until the child is in its write loop, then kill it 0–30 ms later.
                let deadline = Date().addingTimeInterval(20)
                while !FileManager.default.fileExists(atPath: ready) {
                    var status: Int32 = 0
                    if waitpid(pid, &status, WNOHANG) == pid {
                        killed = true
                        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                        Issue.record("writer exited early (status \(status)): \(output.suffix(2000))")
                        return
                    }
                    try #require(Date() < deadline, "writer never became ready")
                    usleep(1_000)
                }
                usleep(UInt32(random.next() % 30_000))
                ChildProcess.killAndReap(pid)
                killed = true

                let now = try #require(contents(of: target), "target vanished in round \(round)")
                if now != old {
                    let value = try Plist(decoding: now)
                    let seed = try #require(value["seed"]?.int)
                    let generation = try #require(value["generation"]?.int)
                    #expect(seed == round)
                    #expect(Data(now) == (try Self.version(seed: seed, generation: generation)), "round \(round): torn file")
                    replaced += 1
                }
                #expect(mode(of: target) == expectedMode, "round \(round): permissions changed")

                // Temporary files left by a kill between create and rename: a kill mid-write.
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".state.plist.tmp-") }
                if !leftovers.isEmpty { interruptedMidWrite += 1 }
                for name in leftovers { try FileManager.default.removeItem(atPath: directory + "/" + name) }
            }
            // The kills must have hit writes in progress, or the test proves nothing.
            #expect(interruptedMidWrite > 0, "no kill landed during a write")
            #expect(replaced > 0)
        }
    }
}

func currentUmask() -> mode_t {
    let mask = umask(0)
    umask(mask)
    return mask
}
