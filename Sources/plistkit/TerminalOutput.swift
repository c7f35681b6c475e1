import Foundation

/// Binary plist data is not written to a terminal, where it garbles the screen (gzip refuses
/// to write compressed data there for the same reason); `-f` writes it anyway. Pipes and
/// files are not terminals, so redirected output is never refused.
extension Tool {
    static let terminalRefusal = "refusing to write binary plist data to a terminal; use -o FILE, redirect standard output, or -f to force"

    /// Before any file is read: true, after saying why on standard error, when output in
    /// `format` for one of the files (`destinations` says where each goes, `-` for standard
    /// output) would be binary plist data on a terminal.
    func refusesBinaryOnTerminal(_ format: OutputFormat, destinations: [String], _ options: CommonOptions) -> Bool {
        guard format.isBinaryPlist, !options.force, destinations.contains("-"), standardOutputIsTerminal else { return false }
        standardError.write(Data("plistkit: \(Tool.terminalRefusal)\n".utf8))
        return true
    }

    /// Before output in `format` goes to standard output: throws when it is binary plist
    /// data and standard output is a terminal. The error is reported for the file.
    func checkStandardOutput(for format: OutputFormat, _ options: CommonOptions) throws {
        guard format.isBinaryPlist, !options.force, standardOutputIsTerminal else { return }
        throw UsageError(Tool.terminalRefusal)
    }
}
