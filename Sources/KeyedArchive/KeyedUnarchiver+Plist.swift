#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections
import PlistKit

extension KeyedUnarchiver {
    /// Turns any keyed archive, whatever its classes, into a plain `Plist` tree with the
    /// UIDs resolved: the generic unarchive `plistkit` uses to show archives.
    ///
    /// The result is the `$top` dictionary (`{"root": …}` for archives made by
    /// `archivedData(withRootObject:)`), each value resolved depth-first:
    /// - `$null` (UID 0) becomes the string `"$null"`.
    /// - Strings, numbers, Booleans, data and dates stay as they are; so do NSString /
    ///   NSMutableString (`NS.string`), NSData / NSMutableData (`NS.data`, `NS.bytes`) and NSDate
    ///   (`NS.time`), which become a string, data and a date. These are copied at each use.
    /// - NSArray, NSSet, NSOrderedSet (and the mutable ones) become arrays (an NSCountedSet keeps
    ///   the object form below, which shows each element's `NS.count`*i*); NSDictionary and
    ///   NSMutableDictionary become dictionaries (number keys as decimal text).
    /// - Any other object becomes a dictionary: `"$classname"` first, then its fields in archive
    ///   order (`$class` left out), each resolved the same way. NSUUID, NSURL and NSNull take
    ///   this form too (`{"$classname": "NSUUID", "NS.uuidbytes": <16 bytes>}`).
    /// - An object or collection referenced from more than one place is expanded once, where it
    ///   is first met, in the object form with `"$uid": N` after `"$classname"`, even when it is
    ///   a collection; every later reference to it, and every reference back to an object still
    ///   being expanded (a cycle), is `{"$ref": N}`. Empty collections are always expanded.
    ///   So shared objects and cycles are marked, and nothing is expanded twice or forever.
    ///
    /// - Parameters:
    ///   - data: the archive, in any property-list format.
    ///   - maximumDepth: the deepest nesting of objects and collections to expand (default
    ///     500).
    /// - Throws: ``KeyedArchiveError``: `notAPropertyList`, `notAnArchive`, `uidOutOfRange`,
    ///   `badClass` (also for a reference to a dictionary without `$class`);
    ///   `depthLimitExceeded` past `maximumDepth` levels of nesting.
    public static func plist(fromArchive data: some Collection<UInt8>, maximumDepth: Int = 500) throws(KeyedArchiveError) -> Plist {
        let unarchiver = try KeyedUnarchiver(forReadingFrom: data)
        unarchiver.maximumDepth = maximumDepth
        return try unarchiver.genericTop()
    }

    /// The generic unarchive of an archive already parsed into a `Plist`; see
    /// ``plist(fromArchive:maximumDepth:)-(Collection<UInt8>,_)``.
    public static func plist(fromArchive archive: Plist, maximumDepth: Int = 500) throws(KeyedArchiveError) -> Plist {
        let unarchiver = try KeyedUnarchiver(archive: archive)
        unarchiver.maximumDepth = maximumDepth
        return try unarchiver.genericTop()
    }

    /// The generic unarchive of this archive (see ``plist(fromArchive:maximumDepth:)-(Collection<UInt8>,_)``).
    public func plistTree() throws(KeyedArchiveError) -> Plist {
        try genericTop()
    }

    private func genericTop() throws(KeyedArchiveError) -> Plist {
        try table.reading { () throws(KeyedArchiveError) -> Plist in
            var state = GenericState(referenceCounts: referenceCounts())
            var result: PlistDictionary = [:]
            for (key, slot) in table.top {
                result[key] = try generic(slot, &state, depth: 1)
            }
            return .dictionary(result)
        }
    }

    private struct GenericState {
        let referenceCounts: [UInt64: Int]
        var expanded: Set<UInt64> = []
    }

    /// How many references each object reachable from `$top` has (`$class` references not
    /// counted), found breadth-first without recursion.
    private func referenceCounts() -> [UInt64: Int] {
        var counts: [UInt64: Int] = [:]
        var queue: [UInt64] = []
        func visit(_ value: Plist, skipClass: Bool) {
            switch value {
            case .uid(let uid):
                counts[uid, default: 0] += 1
                if counts[uid] == 1 { queue.append(uid) }
            case .array(let elements):
                for element in elements { visit(element, skipClass: false) }
            case .dictionary(let fields):
                for (key, element) in fields where !(skipClass && key == "$class") {
                    visit(element, skipClass: false)
                }
            default:
                break
            }
        }
        for value in table.top.values { visit(value, skipClass: false) }
        var next = 0
        while next < queue.count {
            let uid = queue[next]
            if let fields = table.fields(uid) {
                for (key, element) in fields where key != "$class" { visit(element, skipClass: false) }
            } else {
                visit(table.object(uid), skipClass: true)
            }
            next += 1
        }
        return counts
    }

    private func generic(_ slot: Plist, _ state: inout GenericState, depth: Int) throws(KeyedArchiveError) -> Plist {
        guard depth <= maximumDepth else {
            throw KeyedArchiveError(.depthLimitExceeded, "the archive nests deeper than \(maximumDepth) levels")
        }
        switch slot {
        case .uid(let uid):
            return try genericObject(uid, &state, depth: depth)
        case .array(let elements):
            var result: [Plist] = []
            result.reserveCapacity(elements.count)
            for element in elements { result.append(try generic(element, &state, depth: depth + 1)) }
            return .array(result)
        case .dictionary(let fields):
            var result: PlistDictionary = [:]
            for (key, value) in fields { result[key] = try generic(value, &state, depth: depth + 1) }
            return .dictionary(result)
        default:
            return slot
        }
    }

    private func genericObject(_ uid: UInt64, _ state: inout GenericState, depth: Int) throws(KeyedArchiveError) -> Plist {
        if uid == 0 { return .string("$null") }
        guard let fields = table.fields(uid) else {
            let value = table.object(uid)
            if case .array = value {
                if state.expanded.contains(uid) { return .dictionary(["$ref": .integer(PlistInteger(uid))]) }
                state.expanded.insert(uid)
                return try generic(value, &state, depth: depth)
            }
            return value
        }
        guard let archivedClass = table.archivedClass(of: uid) else {
            // Only `$class` may refer to a dictionary without one (a class description).
            throw KeyedArchiveError(.badClass, "object #\(uid) is a dictionary without $class: not an archived object")
        }
        switch archivedClass.name {
        case "NSString", "NSMutableString":
            if let string = try? String.unarchive(from: .uid(uid), in: self) { return .string(string) }
        case "NSData", "NSMutableData":
            if let data = try? Data.unarchive(from: .uid(uid), in: self) { return .data(data) }
        case "NSDate":
            if let date = try? Date.unarchive(from: .uid(uid), in: self) { return .date(date) }
        default:
            break
        }
        if state.expanded.contains(uid) {
            return .dictionary(["$ref": .integer(PlistInteger(uid))])
        }
        let shared = (state.referenceCounts[uid] ?? 0) > 1
        // A counted set keeps the object form, which shows each element's count.
        let isCounted = (try? countedSlots(fields)) != nil
        let isOrdered = !isCounted && !archivedClass.families.isDisjoint(with: .collection)
        let isDictionary = archivedClass.families.contains(.dictionary)

        if isOrdered || isDictionary, let elements = try? elementSlots(fields), elements.isEmpty,
           (try? elementSlots(fields, prefix: "NS.key", plural: "NS.keys"))?.isEmpty ?? true {
            return isOrdered ? .array([]) : .dictionary([:])
        }
        state.expanded.insert(uid)
        if !shared {
            if isOrdered, let elements = try? elementSlots(fields) {
                var result: [Plist] = []
                result.reserveCapacity(elements.count)
                for element in elements { result.append(try generic(element, &state, depth: depth + 1)) }
                return .array(result)
            }
            if isDictionary, let entries = try? entrySlots(fields) {
                var result: PlistDictionary = [:]
                var keysAreText = true
                for (key, _) in entries where keyText(key) == nil {
                    keysAreText = false
                    break
                }
                if keysAreText {
                    for (key, element) in entries {
                        result[PlistKey(keyText(key)!)] = try generic(element, &state, depth: depth + 1)
                    }
                    return .dictionary(result)
                }
            }
        }
        var result: PlistDictionary = ["$classname": .string(archivedClass.name)]
        if shared { result["$uid"] = .integer(PlistInteger(uid)) }
        for (key, field) in fields where key != "$class" {
            result[key] = try generic(field, &state, depth: depth + 1)
        }
        return .dictionary(result)
    }

    /// A dictionary key as text: strings as they are, numbers in decimal.
    private func keyText(_ slot: Plist) -> String? {
        switch resolve(slot).value {
        case .string(let string) where resolve(slot).uid != 0: string
        case .integer(let integer): integer.description
        case .real(let real): real.description
        case .real32(let real): real.description
        case .bool(let bool): bool.description
        default:
            if case .uid(let uid) = slot, ["NSString", "NSMutableString"].contains(className(of: uid) ?? "") {
                try? String.unarchive(from: slot, in: self)
            } else {
                nil
            }
        }
    }
}
