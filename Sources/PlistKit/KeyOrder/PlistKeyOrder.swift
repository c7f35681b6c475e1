/// Key orders the writers use when asked to sort.
enum PlistKeyOrder {
    /// Apple's XML writer (`CFStringCompare` with no options): UTF-16 code unit order.
    static func utf16Precedes(_ a: String, _ b: String) -> Bool {
        // UTF-8 byte order is code point order, which equals UTF-16 order unless the first
        // difference pits a supplementary character against one in U+E000…U+FFFF.
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let count = min(x.count, y.count)
                var index = 0
                while index < count, x[index] == y[index] { index += 1 }
                if index == count { return x.count < y.count }
                let (p, q) = (x[index], y[index])
                // Lead bytes: 0xEE/0xEF start U+E000…U+FFFF, 0xF0… start supplementary ones.
                if p >= 0xEE, q >= 0xEE, (p >= 0xF0) != (q >= 0xF0) {
                    return p >= 0xF0
                }
                return p < q
            }
        }
    }
}
