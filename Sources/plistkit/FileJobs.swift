import Foundation
import Synchronization

/// Where a verb's messages and results go: the process's standard output or error, or one
/// file's recording of them.
protocol OutputSink: Sendable {
    func write(_ data: Data)
}

extension FileHandle: OutputSink {}

/// The two streams a verb writes to.
enum StandardStream: Sendable {
    case output, error
}

/// What a verb wrote while working on a run of files, in the order it wrote it: kept until
/// every file before them has been written out, so that concurrent files print in argument
/// order.
///
/// Each recording belongs to one run's task; the lock makes that ownership checkable by the
/// compiler rather than promised (it is never contended).
final class FileOutputRecording: Sendable {
    private let runs = Mutex<[(StandardStream, Data)]>([])

    func append(_ data: Data, to stream: StandardStream) {
        runs.withLock { runs in
            if let last = runs.indices.last, runs[last].0 == stream {
                runs[last].1.append(data)
            } else {
                runs.append((stream, data))
            }
        }
    }

    /// The bytes written, as runs of one stream each, in order.
    func take() -> [(StandardStream, Data)] {
        runs.withLock { runs in
            defer { runs = [] }
            return runs
        }
    }
}

/// One stream of a ``FileOutputRecording``.
struct RecordingSink: OutputSink {
    let recording: FileOutputRecording
    let stream: StandardStream

    func write(_ data: Data) { recording.append(data, to: stream) }
}

extension Tool {
    /// How many files are worked on at once: `-j`, or one per core.
    static func jobCount(_ options: CommonOptions) -> Int {
        options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// Runs `body` for each file's path, with the tool that writes that file's output, and
    /// reports `PATH: reason` on standard error for each file whose `body` throws; true when
    /// every file succeeded. Every file is tried, whatever failed before it, as plutil does.
    ///
    /// Files are worked on concurrently (``jobCount(_:)`` at a time) unless that could change
    /// the result: with one job, when `concurrently` is false, or when files touch each other
    /// (``filesAreIndependent(_:writes:)``, given the paths `writes` says a file's job writes).
    /// Each concurrent file's output is recorded and written out in argument order, so what
    /// the process prints, writes and returns is byte for byte what one job would.
    func forEachPath(_ options: CommonOptions, concurrently: Bool = true, writes: (String) -> [String] = { _ in [] },
                     _ body: @escaping @Sendable (Tool, String) throws -> Void) async -> Bool {
        let paths = options.paths
        let jobs = min(Tool.jobCount(options), paths.count)
        guard jobs > 1, concurrently, Tool.filesAreIndependent(paths, writes: writes) else {
            var allSucceeded = true
            for path in paths where !runFile(path, body) { allSucceeded = false }
            return allSucceeded
        }
        return await withTaskGroup(of: (Int, Bool, [(StandardStream, Data)]).self) { group in
            // A task works on a run of consecutive files and records their output together,
            // so that starting a task and waking this loop are paid once a run, not once a file.
            let run = Tool.runLength(files: paths.count, jobs: jobs)
            let runs = (paths.count + run - 1) / run
            // Finished runs wait here for the ones before them; the window bounds how many
            // (and so the memory their output holds) while a slow file holds up the rest.
            let window = max(jobs * 2, jobs * 64 / run)
            var next = 0, running = 0, written = 0
            var finished: [Int: (Bool, [(StandardStream, Data)])] = [:]
            var allSucceeded = true
            var writer = OrderedWriter(tool: self)
            func startRuns() {
                while running < jobs, next < runs, next < written + window {
                    let index = next, files = paths[index * run..<min(index * run + run, paths.count)]
                    group.addTask {
                        let recording = FileOutputRecording()
                        let tool = recording.tool(like: self)
                        var succeeded = true
                        for path in files where !tool.runFile(path, body) { succeeded = false }
                        return (index, succeeded, recording.take())
                    }
                    next += 1
                    running += 1
                }
            }
            startRuns()
            while let (index, succeeded, output) = await group.next() {
                running -= 1
                finished[index] = (succeeded, output)
                while let (succeeded, output) = finished.removeValue(forKey: written) {
                    if !succeeded { allSucceeded = false }
                    for (stream, data) in output { writer.write(data, to: stream) }
                    written += 1
                }
                writer.flush()
                startRuns()
            }
            return allSucceeded
        }
    }

    /// How many consecutive files one task works on: up to 32, fewer when there are not
    /// enough files for every job to get sixteen runs (so the last runs still spread).
    static func runLength(files: Int, jobs: Int) -> Int {
        max(1, min(32, files / (jobs * 16)))
    }

    /// Runs `body` for one file, reporting its error; true when it succeeded.
    private func runFile(_ path: String, _ body: (Tool, String) throws -> Void) -> Bool {
        do {
            try body(self, path)
            return true
        } catch {
            report(error, for: path)
            return false
        }
    }

    /// Whether the files' jobs can run in any order with the same result: no file writes a
    /// path another file reads or writes, and standard input is read at most once. Paths are
    /// compared after resolving `.`, `..` and symbolic links (two hard links to one file are
    /// two paths).
    static func filesAreIndependent(_ paths: [String], writes: (String) -> [String]) -> Bool {
        let written = paths.map { writes($0).filter { $0 != "-" } }
        if written.allSatisfy(\.isEmpty) { return paths.filter { $0 == "-" }.count <= 1 }
        func resolved(_ path: String) -> String {
            path == "-" ? path : URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        }
        var reader: [String: Int] = [:]
        var readByMany: Set<String> = []
        for (index, path) in paths.enumerated() {
            let path = resolved(path)
            if let other = reader[path], other != index { readByMany.insert(path) } else { reader[path] = index }
        }
        if readByMany.contains("-") { return false }
        var writer: [String: Int] = [:]
        for (index, paths) in written.enumerated() {
            for path in Set(paths.map(resolved)) {
                if writer[path] != nil || readByMany.contains(path) { return false }
                if let other = reader[path], other != index { return false }
                writer[path] = index
            }
        }
        return true
    }
}

extension FileOutputRecording {
    /// A tool like `tool` whose output is recorded here.
    fileprivate func tool(like tool: Tool) -> Tool {
        Tool(standardOutput: RecordingSink(recording: self, stream: .output),
             standardError: RecordingSink(recording: self, stream: .error),
             standardOutputIsTerminal: tool.standardOutputIsTerminal)
    }
}

/// Writes recorded runs to the tool's streams, joining consecutive runs of one stream into
/// one write.
private struct OrderedWriter {
    let tool: Tool
    var pending: (StandardStream, Data)?

    init(tool: Tool) { self.tool = tool }

    mutating func write(_ data: Data, to stream: StandardStream) {
        if pending?.0 == stream {
            pending!.1.append(data)
        } else {
            flush()
            pending = (stream, data)
        }
    }

    mutating func flush() {
        guard let (stream, data) = pending else { return }
        (stream == .output ? tool.standardOutput : tool.standardError).write(data)
        pending = nil
    }
}
