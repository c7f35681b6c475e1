import Foundation
import FuzzCommon
import KeyedArchive
import PlistKit

/// Fuzzes `KeyedUnarchiver` twice over: the generic tree (`KeyedUnarchiver.plist(fromArchive:)`,
/// whose result must round-trip like any value) and typed, secure decoding of a cyclic
/// object graph (``FuzzNode`` and ``FuzzPerson`` only). Refusals are `KeyedArchiveError`s by
/// the typed `throws`, never traps.
///
/// Oracle: a binary archive is read in place (its own scan, field lookups and scalar reads)
/// unless something in it is unusual; the typed decode must come out as it does from the
/// archive parsed into a `Plist` first: the same objects, or an error of the same code.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = FuzzInput.data(start, count)
    if let tree = try? KeyedUnarchiver.plist(fromArchive: bytes) {
        RoundTrip.check(tree)
    }
    let parsed = try? Plist(decoding: bytes)
    for decode in [decodeNode, decodePerson] {
        let inPlace = decode { () throws(KeyedArchiveError) in try KeyedUnarchiver(forReadingFrom: bytes) }
        guard let parsed else { continue }
        let fromTree = decode { () throws(KeyedArchiveError) in try KeyedUnarchiver(archive: parsed) }
        if inPlace != fromTree {
            fatalError("in place: \(inPlace)\nfrom the tree: \(fromTree)")
        }
    }
    return 0
}

/// The root decoded as a node, described, or the error's code.
private func decodeNode(_ make: () throws(KeyedArchiveError) -> KeyedUnarchiver) -> String {
    outcome(make) { try $0.decode(FuzzNode.self, forKey: KeyedArchiver.rootKey).fuzzDescription }
}

/// The root decoded as a person, described, or the error's code.
private func decodePerson(_ make: () throws(KeyedArchiveError) -> KeyedUnarchiver) -> String {
    outcome(make) { try $0.decode(FuzzPerson.self, forKey: KeyedArchiver.rootKey).fuzzDescription }
}

private func outcome(_ make: () throws(KeyedArchiveError) -> KeyedUnarchiver, _ body: (KeyedUnarchiver) throws -> String) -> String {
    do {
        let unarchiver = try make()
        unarchiver.allowedClassNames = [FuzzNode.archivedClassName, FuzzPerson.archivedClassName]
        return try body(unarchiver)
    } catch let error as KeyedArchiveError {
        return "error \(error.code)"
    } catch {
        return "error \(error)"
    }
}
