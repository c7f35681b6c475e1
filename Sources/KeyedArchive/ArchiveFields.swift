#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistKit

/// The fields of one archived object (or of `$top`): its dictionary in `$objects`.
///
/// An archive parsed into a ``Plist`` holds them as a `PlistDictionary`; a binary archive read
/// in place (``BinaryArchive``) as the dictionary object in the file, so that a field is found
/// by comparing key bytes in place, without hashing, and only the values asked for are decoded.
@usableFromInline
struct ArchiveFields: Sequence {
    private enum Storage {
        case tree(PlistDictionary)
        case binary(BinaryArchive, object: BinaryObject, keyList: UInt16)
    }

    private let storage: Storage

    /// Fields held in a dictionary.
    init(_ dictionary: PlistDictionary) {
        storage = .tree(dictionary)
    }

    /// The fields of the dictionary `object` of `archive`, whose key list is `keyList` (see
    /// ``KeyLayouts``).
    init(_ archive: BinaryArchive, object: BinaryObject, keyList: UInt16) {
        storage = .binary(archive, object: object, keyList: keyList)
    }

    /// The value stored under `key`, or nil.
    subscript(key: PlistKey) -> Plist? {
        switch storage {
        case .tree(let dictionary):
            return dictionary[key]
        case .binary(let archive, let object, let keyList):
            guard archive.isBorrowed else { return archive.fieldBorrowing(key, in: object, keyList: keyList) }
            guard let entry = archive.entry(of: key, in: object, keyList: keyList) else { return nil }
            return archive.value(ofEntry: entry, in: object)
        }
    }

    /// True when there is a value under `key`. Unlike testing ``subscript(_:)`` for nil, this
    /// does not build the value (an `NS.objects` array, say).
    func contains(_ key: PlistKey) -> Bool {
        switch storage {
        case .tree(let dictionary):
            return dictionary[key] != nil
        case .binary(let archive, let object, let keyList):
            guard archive.isBorrowed else { return archive.reading { contains(key) } }
            return archive.entry(of: key, in: object, keyList: keyList) != nil
        }
    }

    /// The value under `key` when it is data of exactly `T`'s size in place, loaded as a `T`;
    /// nil otherwise (absent, not data, another size, or a reference to a data object, which
    /// the caller reads through ``subscript(_:)``). A binary archive's bytes are read where
    /// they are, without making a `Data`.
    func load<T: BitwiseCopyable>(fromData key: PlistKey, as type: T.Type) -> T? {
        switch storage {
        case .tree(let dictionary):
            guard case .data(let data) = dictionary[key], data.count == MemoryLayout<T>.size else { return nil }
            return data.loaded(as: T.self)
        case .binary(let archive, let object, let keyList):
            guard archive.isBorrowed else { return archive.reading { load(fromData: key, as: T.self) } }
            guard let entry = archive.entry(of: key, in: object, keyList: keyList),
                  let bytes = archive.dataBytes(ofEntry: entry, in: object), bytes.count == MemoryLayout<T>.size
            else { return nil }
            return bytes.loadUnaligned(as: T.self)
        }
    }

    /// The number of fields.
    var count: Int {
        switch storage {
        case .tree(let dictionary): dictionary.count
        case .binary(_, let object, _): object.count
        }
    }

    /// The keys, in archive order.
    var keys: [PlistKey] {
        switch storage {
        case .tree(let dictionary): dictionary.keys.elements
        case .binary(let archive, let object, _): archive.keys(of: object)
        }
    }

    /// The fields as a dictionary.
    var dictionary: PlistDictionary {
        switch storage {
        case .tree(let dictionary): dictionary
        case .binary(let archive, let object, _): archive.dictionary(object)
        }
    }

    @usableFromInline
    func makeIterator() -> IndexingIterator<[(key: PlistKey, value: Plist)]> {
        dictionary.elements.map { (key: $0.key, value: $0.value) }.makeIterator()
    }
}
