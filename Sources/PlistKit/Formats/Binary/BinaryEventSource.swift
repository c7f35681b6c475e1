#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Binary property lists as events: a walk over the object table from the top object,
/// through ``BinaryObjectTable``'s validated accessors, keeping only the stack of open
/// containers.
///
/// Containers carry their counts; sets read as arrays. An object referred to from several
/// places is read again at each, so its events repeat: a file that shares containers
/// exponentially yields exponentially many events, in memory bounded by the nesting depth.
/// A container met again while it is open is a cycle, the error ``BinaryReader`` gives.
///
/// A file is read through a ``SparseFileImage``: each event reads in the pages it needs (a
/// reference, an offset table entry, an object) before reading them, and at most
/// ``defaultPageBudget`` pages are held at once, so that memory stays bounded whatever the
/// file's size or the way its objects are shared.
final class BinaryEventSource: PlistEventSource {
    /// Where the bytes are: a `Data` the reader keeps, or pages of a file read as needed.
    enum Storage {
        case data(Data)
        case file(SparseFileImage)
    }

    /// The pages of a file held at once, 4 MiB of them: enough for the shared objects a walk
    /// returns to (keys, repeated values) to stay in between discards.
    static let defaultPageBudget = max(1, (4 << 20) / Syscalls.pageSize)

    /// An open container (object `index`) and how far the walk has come through it: the
    /// element or entry to read next and, in a dictionary, whether its key was delivered.
    private struct Frame {
        let index: Int, object: BinaryObject
        var element = 0, keyDelivered = false
    }

    let storage: Storage
    private let trailer: BinaryTrailer
    private let maximumDepth: Int
    /// ``PlistReadingOptions/sharesLargeData``, for `Data` input (a mapping is copied from).
    private let sharesLargeData: Bool
    // Used by one event reader or writer, from one thread at a time and never re-entrantly:
    // the state below skips Swift's dynamic exclusivity checks, which cost more than an event.
    @exclusivity(unchecked) private var stack: [Frame] = []
    @exclusivity(unchecked) private var started = false
    /// A file's image and its table, kept apart from ``storage`` so that an event reads them
    /// without taking the enum apart; nil for `Data` input.
    private let image: SparseFileImage?
    private let fileTable: BinaryObjectTable
    /// The scalars of recently read objects: uniqued keys and values are referred to again
    /// and again, and are decoded (and their pages read in) once while they stay here.
    @exclusivity(unchecked) private var scalars = RecentScalars()

    /// The scalar values of objects by object index, one per slot of a small table, each
    /// replaced by the next object that maps to it. Data and strings longer than
    /// ``longestKept`` bytes are not kept, so the table holds a few hundred kilobytes at most.
    private struct RecentScalars {
        private static let slotCount = 512
        /// The longest string payload kept, in bytes (or UTF-16 units).
        static let longestKept = 512
        private var indices = [Int](repeating: -1, count: RecentScalars.slotCount)
        private var values = [Plist](repeating: .bool(false), count: RecentScalars.slotCount)

        /// The value of object `index`, if it is here.
        @inline(__always)
        func value(of index: Int) -> Plist? {
            let slot = index & (Self.slotCount &- 1)
            return indices[slot] == index ? values[slot] : nil
        }

        @inline(__always)
        mutating func remember(_ value: Plist, of index: Int) {
            let slot = index & (Self.slotCount &- 1)
            indices[slot] = index
            values[slot] = value
        }
    }

    init(bytes: Data, options: PlistReadingOptions) throws(PlistError) {
        storage = .data(bytes)
        image = nil
        maximumDepth = options.maximumDepth
        sharesLargeData = options.sharesLargeData
        trailer = try ByteView.with(bytes) { (view) throws(PlistError) in try BinaryObjectTable(view).trailer }
        fileTable = BinaryObjectTable(checked: .empty, trailer: trailer)
    }

    /// Reads the regular file behind `descriptor` from the offset `found` (where the
    /// descriptor was before the format was detected) to its end, holding at most
    /// `pageBudget` of its pages at once.
    init(fileDescriptor: Int32, extent found: Syscalls.Result<(offset: Int, size: Int)>, options: PlistReadingOptions, pageBudget: Int = BinaryEventSource.defaultPageBudget) throws(PlistError) {
        maximumDepth = options.maximumDepth
        sharesLargeData = false
        let extent: (offset: Int, size: Int)
        switch found {
        case .success(let value): extent = value
        case .failure(let errno):
            throw PlistError(.io, "a binary property list is read with random access, which needs a regular file: \(errno.description)")
        }
        guard extent.size > extent.offset else {
            throw PlistError.emptyInput(.truncated)
        }
        let count = extent.size - extent.offset
        let image = try SparseFileImage(descriptor: fileDescriptor, offset: extent.offset, count: count, pageBudget: pageBudget)
        storage = .file(image)
        self.image = image
        // The header and the trailer, which is all the checks of the trailer read.
        try image.load(0, BinaryMarker.headerSize)
        try image.load(max(0, count - BinaryMarker.trailerSize), count)
        trailer = try BinaryObjectTable(ByteView(image.bytes)).trailer
        fileTable = BinaryObjectTable(checked: ByteView(image.bytes), trailer: trailer)
    }

    func next() throws(PlistError) -> PlistEvent? {
        if let image { return try step(fileTable, image: image) }
        switch storage {
        case .data(let data):
            return try ByteView.with(data) { (bytes) throws(PlistError) in
                var table = BinaryObjectTable(checked: bytes, trailer: trailer)
                // Large data values share the input's storage, as BinaryReader's do.
                table.storage = sharesLargeData ? data : nil
                return try step(table)
            }
        case .file(let image):
            return try step(fileTable, image: image)
        }
    }

    /// The next event of the walk over `table`, whose bytes are read in from `image` as the
    /// walk comes to them when there is one.
    private func step(_ table: BinaryObjectTable, image: SparseFileImage? = nil) throws(PlistError) -> PlistEvent? {
        guard started else {
            started = true
            return try value(table, image: image, index: trailer.topObject, referencedFrom: table.topReferrer)
        }
        guard var frame = stack.last else { return nil }
        let top = stack.count - 1
        let refSize = table.refSize
        guard frame.element < frame.object.count else {
            stack.removeLast()
            return frame.object.kind == .dictionary ? .endDictionary : .endArray
        }
        if frame.object.kind == .dictionary, !frame.keyDelivered {
            let position = frame.object.start + frame.element * refSize
            stack[top].keyDelivered = true
            try image?.load(position, position + Self.widestRead)
            return .key(try key(table, image: image, index: table.ref(at: position), referencedFrom: position))
        }
        let position = frame.object.kind == .dictionary
            ? frame.object.start + (frame.object.count + frame.element) * refSize
            : frame.object.start + frame.element * refSize
        frame.element += 1
        frame.keyDelivered = false
        stack[top] = frame
        try image?.load(position, position + Self.widestRead)
        return try value(table, image: image, index: table.ref(at: position), referencedFrom: position)
    }

    /// The most bytes read at once from a reference's, an offset's or a payload's position:
    /// ``BinaryObjectTable`` reads numbers eight bytes at a time, and short strings sixteen.
    private static let widestRead = 16
    /// The most bytes of an object's marker and what follows it that sizing it reads: a
    /// marker, and a count (a marker and 8 bytes) or a 16-byte integer.
    private static let headerRead = 17

    /// Object `index`, located and checked as ``BinaryReader`` checks it: in range, not a
    /// container that is open.
    private func located(_ table: BinaryObjectTable, image: SparseFileImage?, index: Int, referencedFrom referrer: Int) throws(PlistError) -> BinaryObject {
        guard index >= 0, index < table.objectCount else {
            throw table.refOutOfRange(index, referencedFrom: referrer)
        }
        guard let image else { return try checkedAcyclic(table.object(index: index), index: index, referencedFrom: referrer) }
        let entry = trailer.offsetTableOffset + index * trailer.offsetIntSize
        try image.load(entry, entry + Self.widestRead)
        let offset = try table.offset(ofObject: index)
        try image.load(offset, offset + Self.headerRead + Self.widestRead)
        let object = try table.object(at: offset)
        switch object.kind {
        case .array, .set, .dictionary:
            // Its references are read in one at a time, as the walk comes to them.
            return try checkedAcyclic(object, index: index, referencedFrom: referrer)
        default:
            let end = object.start + object.count * (object.kind == .utf16String ? 2 : 1)
            try image.load(object.start, end + Self.widestRead)
            return object
        }
    }

    /// `object` (number `index`), unless it is a container that is open: a cycle. Only
    /// containers are open, so a scalar needs no look at the stack.
    @inline(__always)
    private func checkedAcyclic(_ object: BinaryObject, index: Int, referencedFrom referrer: Int) throws(PlistError) -> BinaryObject {
        switch object.kind {
        case .array, .set, .dictionary:
            guard !stack.contains(where: { $0.index == index }) else {
                throw PlistError(.cyclicReference, "object \(index) contains itself", offset: referrer)
            }
        default:
            break
        }
        return object
    }

    /// The event of object `index`: a scalar, or the start of a container, which opens.
    private func value(_ table: BinaryObjectTable, image: SparseFileImage?, index: Int, referencedFrom referrer: Int) throws(PlistError) -> PlistEvent {
        if let scalar = scalars.value(of: index) { return .scalar(scalar) }
        let object = try located(table, image: image, index: index, referencedFrom: referrer)
        if let scalar = try table.scalarValue(object) {
            if object.kind != .data, object.count <= RecentScalars.longestKept { scalars.remember(scalar, of: index) }
            return .scalar(scalar)
        }
        guard stack.count < maximumDepth else {
            throw PlistError(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels", offset: object.offset)
        }
        stack.append(Frame(index: index, object: object))
        return object.kind == .dictionary ? .startDictionary(count: object.count) : .startArray(count: object.count)
    }

    /// The text of the key object `index`, which must be a string.
    private func key(_ table: BinaryObjectTable, image: SparseFileImage?, index: Int, referencedFrom referrer: Int) throws(PlistError) -> String {
        if case .string(let string) = scalars.value(of: index) { return string }
        let object = try located(table, image: image, index: index, referencedFrom: referrer)
        if object.isString {
            let string = try table.string(object)
            if object.count <= RecentScalars.longestKept { scalars.remember(.string(string), of: index) }
            return string
        }
        _ = try table.scalarValue(object)  // a malformed scalar is that error, as in BinaryReader
        throw PlistError(.nonStringKey, "dictionary key is \(object.kind.plistKind.words), not a string", offset: referrer)
    }
}
