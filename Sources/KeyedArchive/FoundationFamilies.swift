/// Families of Foundation classes that a Swift type reads from a keyed archive: a class is in
/// a family when its name or a superclass's is one of the family's (an `NSMutableArray` is
/// read as an `Array`, so is any subclass of `NSArray`).
///
/// Worked out once per class description (``ArchivedClass/families``), so that reading a
/// value through a type, or a collection through `decodeObject(forKey:)` or the generic plist
/// form, tests a bit. (Those two take strings, data, dates, UUIDs and URLs by their exact
/// class names, as Foundation's `decodeObject` does.) Testing the class names at each value,
/// a `Set<String>` hashed the name with SipHash and an array literal of names looked up its
/// metadata at run time: a fifth of the cost of unarchiving a `UUID`.
@usableFromInline
struct FoundationFamilies: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt16

    /// NSString, NSMutableString.
    static let string = Self(rawValue: 1 << 0)
    /// NSData, NSMutableData.
    static let data = Self(rawValue: 1 << 1)
    /// NSDate.
    static let date = Self(rawValue: 1 << 2)
    /// NSUUID.
    static let uuid = Self(rawValue: 1 << 3)
    /// NSURL.
    static let url = Self(rawValue: 1 << 4)
    /// NSArray, NSMutableArray, NSOrderedSet, NSMutableOrderedSet.
    static let ordered = Self(rawValue: 1 << 5)
    /// NSSet, NSMutableSet, NSCountedSet.
    static let unordered = Self(rawValue: 1 << 6)
    /// NSDictionary, NSMutableDictionary.
    @usableFromInline static let dictionary = Self(rawValue: 1 << 7)
    /// What an `Array` (or a counted set) reads: arrays, ordered sets and sets.
    @usableFromInline static let collection: Self = [.ordered, .unordered]

    @usableFromInline
    init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// The families of a class whose hierarchy (the class first) is `hierarchy`.
    init(hierarchy: [String]) {
        self = hierarchy.reduce(into: []) { families, name in families.formUnion(Self.byName[name] ?? []) }
    }

    private static let byName: [String: FoundationFamilies] = [
        "NSString": .string, "NSMutableString": .string, "NSData": .data, "NSMutableData": .data,
        "NSDate": .date, "NSUUID": .uuid, "NSURL": .url,
        "NSArray": .ordered, "NSMutableArray": .ordered, "NSOrderedSet": .ordered, "NSMutableOrderedSet": .ordered,
        "NSSet": .unordered, "NSMutableSet": .unordered, "NSCountedSet": .unordered,
        "NSDictionary": .dictionary, "NSMutableDictionary": .dictionary,
    ]
}
