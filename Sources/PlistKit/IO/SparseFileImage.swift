/// Part of a file, its bytes at their own offsets in a private anonymous mapping of its size,
/// of which only the pages asked for are read in (`pread`), at most ``pageBudget`` at a
/// time: random access to a file of any size in memory bounded whatever the kernel does.
/// (A file mapping's pages come in as the page cache holds them, in folios of up to
/// megabytes a fault, so its memory is the kernel's to decide.)
///
/// Bytes that ``load(_:_:)`` has not read in read as zeros: a caller loads each range
/// before reading it, and reads it before the next load, which may discard every page
/// (once ``pageBudget`` pages are in, all of them go before more are read). One range
/// longer than the budget is read in whole, and discarded at the next load.
final class SparseFileImage {
    /// The bytes, at their offsets from ``init(descriptor:offset:count:pageBudget:)``'s `offset`.
    let bytes: UnsafeRawBufferPointer
    /// The most pages held at once (but see the type's note on longer ranges).
    let pageBudget: Int
    /// The smallest budget: a binary property list's header and trailer (which may span two
    /// pages) are read together.
    static let minimumPageBudget = 3
    private let descriptor: Int32
    private let fileOffset: Int
    private let region: UnsafeMutableRawPointer
    private let regionSize: Int
    private let pageShift: Int
    // Used by one event source, from one thread at a time and never re-entrantly: the
    // state below skips Swift's dynamic exclusivity checks, which cost more than a load.
    /// The numbers of the pages read in: an open-addressing set at most half full, -1 free.
    @exclusivity(unchecked) private var resident: [Int]
    /// How many pages are in, counting those of a range longer than the budget (which
    /// stay out of ``resident``) as the whole budget.
    @exclusivity(unchecked) private var residentCount = 0

    /// An image of `count` bytes of the file behind `descriptor`, from `offset`.
    init(descriptor: Int32, offset: Int, count: Int, pageBudget: Int) throws(PlistError) {
        let pageSize = Syscalls.pageSize
        regionSize = (count + pageSize - 1) & ~(pageSize - 1)
        guard let region = Syscalls.reserveAddressSpace(regionSize), Syscalls.makeWritable(region, regionSize) else {
            throw PlistError(.io, "reserving \(count) bytes of address space for the file failed")
        }
        // Huge pages would make each page read in cost megabytes.
        Syscalls.adviseNoHugePages(region, regionSize)
        self.region = region
        self.descriptor = descriptor
        fileOffset = offset
        bytes = UnsafeRawBufferPointer(start: region, count: count)
        pageShift = pageSize.trailingZeroBitCount
        self.pageBudget = max(Self.minimumPageBudget, pageBudget)
        var capacity = 2
        while capacity < 2 * self.pageBudget { capacity <<= 1 }
        resident = [Int](repeating: -1, count: capacity)
    }

    deinit {
        Syscalls.unmap(region, regionSize)
    }

    /// Makes `bytes[lower..<upper]` (clamped to the image) readable, reading in the pages
    /// that are not in yet.
    @inline(__always)
    func load(_ lower: Int, _ upper: Int) throws(PlistError) {
        let first = lower &>> pageShift
        if (upper &- 1) &>> pageShift == first, upper <= bytes.count, isResident(first) { return }
        try loadPages(lower, min(upper, bytes.count))
    }

    @inline(__always)
    private func isResident(_ page: Int) -> Bool {
        resident.withUnsafeBufferPointer { slots in
            let mask = slots.count &- 1
            var slot = page & mask
            while true {
                let held = slots[slot]
                if held == page { return true }
                if held < 0 { return false }
                slot = (slot &+ 1) & mask
            }
        }
    }

    private func loadPages(_ lower: Int, _ upper: Int) throws(PlistError) {
        guard lower < upper else { return }
        let first = lower >> pageShift, last = (upper - 1) >> pageShift
        var missing = (first...last).reduce(0) { $0 + (isResident($1) ? 0 : 1) }
        guard missing > 0 else { return }
        if residentCount + missing > pageBudget {
            discardAll()
            missing = last - first + 1
        }
        let isOversized = last - first + 1 > pageBudget
        var runStart: Int?
        for page in first...(last + 1) {
            if page <= last, !isResident(page) {
                if runStart == nil { runStart = page }
                if !isOversized { insert(page) }
                continue
            }
            if let start = runStart {
                try read(pages: start..<page)
                runStart = nil
            }
        }
        residentCount = isOversized ? pageBudget : residentCount + missing
    }

    private func insert(_ page: Int) {
        resident.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var slot = page & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = page
        }
    }

    /// Reads the file's bytes of `pages` into their place.
    private func read(pages: Range<Int>) throws(PlistError) {
        let start = pages.lowerBound << pageShift
        let end = min(pages.upperBound << pageShift, bytes.count)
        let target = UnsafeMutableRawBufferPointer(start: region + start, count: end - start)
        if case .failure(let errno) = Syscalls.readAll(descriptor, into: target, at: fileOffset + start) {
            throw PlistError(.io, "reading the file failed: \(errno.description)")
        }
    }

    /// Gives every page back to the kernel; they read as zeros until read in again.
    private func discardAll() {
        Syscalls.discardPages(region, regionSize)
        resident.withUnsafeMutableBufferPointer { slots in
            for slot in slots.indices { slots[slot] = -1 }
        }
        residentCount = 0
    }
}
