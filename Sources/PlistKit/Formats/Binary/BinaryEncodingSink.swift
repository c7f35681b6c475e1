#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a `PlistEncoder` writing binary puts each container as it is finished: straight into
/// a ``BinaryWriter``'s object table (see `BinaryWriter+Staged.swift`), so that the encode
/// builds no ``Plist`` tree. In its parent's staging, a written container stands as a
/// ``StagedObject``, which no encoded value can be mistaken for.
///
/// The first error the writer throws (nesting past the depth limit, too many objects) is
/// kept, and the rest of the encode writes nothing; ``file(top:)`` throws it. So the caller
/// sees it where a tree's writer would have thrown it: after every `encode(to:)` has run.
final class BinaryEncodingSink {
    @exclusivity(unchecked) private var writer = BinaryWriter(maximumDepth: PlistWritingOptions.default.maximumDepth)
    @exclusivity(unchecked) private var failure: PlistError?
    /// Set when the encoder drops a value it had begun (see `PlistAssembler.noteDropped()`):
    /// the table may then hold objects the file does not reach.
    @exclusivity(unchecked) var valuesDropped = false

    /// The stand-in for an array of `elements` at `depth`, written to the table.
    func array(_ elements: [Plist], depth: Int) -> Plist {
        written { (writer) throws(PlistError) in
            try elements.withUnsafeBufferPointer { (elements) throws(PlistError) in
                try writer.stagedArray(elements, depth: depth)
            }
        }
    }

    /// The stand-in for a dictionary at `depth`, written to the table. `sharedKeys` says that
    /// `keys` is a key array many dictionaries share, whose references are worth caching.
    func dictionary(keys: [PlistKey], sharedKeys: Bool, values: [Plist], depth: Int) -> Plist {
        written { (writer) throws(PlistError) in
            try keys.withUnsafeBufferPointer { (keyBuffer) throws(PlistError) in
                try values.withUnsafeBufferPointer { (valueBuffer) throws(PlistError) in
                    try writer.stagedDictionary(keys: keyBuffer, lifetime: sharedKeys ? .held(keys) : .transient, values: valueBuffer, depth: depth)
                }
            }
        }
    }

    /// The stand-in for the container `write` adds to the table; once a write has failed,
    /// nothing more is written, and the stand-in names the first object (``file(top:)``
    /// throws the failure before it is read). The `PlistEncodable` encoder stages its
    /// containers through this too.
    func written(_ write: (inout BinaryWriter) throws(PlistError) -> UInt32) -> Plist {
        guard failure == nil else { return StagedObject(index: 0).standIn }
        do throws(PlistError) {
            return StagedObject(index: try write(&writer)).standIn
        } catch {
            failure = error
            return StagedObject(index: 0).standIn
        }
    }

    /// Whether `value` stands for a container written to the table.
    func isStandIn(_ value: Plist) -> Bool {
        StagedObject(standIn: value) != nil
    }

    /// The file whose root is `top`: a written container's stand-in, or a scalar.
    func file(top: Plist) throws(PlistError) -> Data {
        if let failure { throw failure }
        var index: UInt32
        if let written = StagedObject(standIn: top) {
            index = written.index
        } else {
            index = try writer.flatten(top, depth: 0)
        }
        // Values written and then dropped (a key encoded twice, a nested encode whose error
        // was caught) are in the table but not in the file.
        #if PLISTKIT_INTERNAL_CHECKS
        let removed = try writer.removeUnreachable(top: &index)
        precondition(valuesDropped || !removed, "the table holds unreachable objects, but no value was dropped")
        #else
        if valuesDropped { try writer.removeUnreachable(top: &index) }
        #endif
        return writer.file(top: index)
    }
}
