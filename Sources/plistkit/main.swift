import Foundation

// plistkit: a plutil-compatible property-list tool. See `plistkit -help`.
let tool = Tool(standardOutput: FileHandle.standardOutput, standardError: FileHandle.standardError)
exit(await tool.run(Array(CommandLine.arguments.dropFirst())) ? 0 : 1)
