extension Plist {
    /// The real that `text` spells, as an XML plist's `<real>` element spells it: decimal
    /// with an optional sign, fraction and exponent (`-1.5e3`), or `nan`, `inf`, `infinity`
    /// with an optional sign, in any case. No white space, no hexadecimal.
    ///
    /// Decimal text rounds to the nearest `Double` (so `1e-400` is 0), but a decimal beyond
    /// `Double.greatestFiniteMagnitude` is an error rather than an infinity: only the words
    /// give one (`plutil -insert KEY -float 1e400` stores an infinity, and `inf` as 0).
    /// - Returns: The value, or nil when `text` is not real text.
    /// - Throws: ``PlistError`` with code `.invalidReal` when `text` is a decimal that does
    ///   not fit a 64-bit real.
    public static func real(fromText text: some StringProtocol) throws(PlistError) -> Double? {
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty else { return nil }
        let value = ByteView.with(utf8) { text in DecimalReal.parse(text) ?? XMLScalars.realThroughString(text) }
        guard let value else { return nil }
        if value.isInfinite, utf8.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            throw PlistError(.invalidReal, "'\(text)' does not fit a 64-bit real (magnitude at most \(Double.greatestFiniteMagnitude))")
        }
        return value
    }
}
