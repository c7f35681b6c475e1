/// OpenStep text as events, read incrementally and decoded by ``OpenStepTextDecoder``: the
/// events of ``OpenStepParser`` over an ``OpenStepStreamText``, the grammar and the scanner
/// the whole-value reader uses.
///
/// A `.strings` file (a document that is a string followed by more text) reads as a
/// dictionary, as in CF; text after its last entry that cannot start a key is ignored, but
/// still decoded to its end. CF drops an array element that fails where the failure leaves
/// the position just before the array's `)` (`(a, <0)` reads as `(a)`); so does this source
/// when the element is a scalar, but an element whose first events were delivered already
/// (`(a, { b )`) cannot be taken back, so its error is thrown, saying so.
final class OpenStepEventSource: PlistEventSource {
    private var parser: OpenStepParser<OpenStepStreamText>

    /// What the error message adds when CF would drop an array element whose events were
    /// delivered already.
    static let droppedElementNote = "CF drops the array element this error is in, but its first events were delivered already"

    init(_ input: EventInput, options: PlistReadingOptions) throws(PlistError) {
        input.countsScalars = true
        _ = try input.byte(at: 4)
        let count = input.buffered
        guard count > 0 else { throw PlistError.emptyInput(.truncated) }
        let (encoding, textStart) = try input.withBytes(min(count, 5)) { head in OpenStepInput.encoding(head: head, count: count) }
        try input.install(OpenStepTextDecoder(encoding, textStart: textStart))
        guard try input.byte(at: 0) != nil else {
            throw PlistError(.truncated, "OpenStep text is empty", at: .lineColumn(line: 1, column: 1))
        }
        parser = OpenStepParser(OpenStepStreamText(input, options: options), options: options)
    }

    func next() throws(PlistError) -> PlistEvent? {
        switch try parser.next() {
        case nil: return nil
        case .startDictionary?: return .startDictionary(count: nil)
        case .startArray?: return .startArray(count: nil)
        case .key(let key)?: return .key(key)
        case .scalar(let value)?: return .scalar(value)
        case .endDictionary?: return .endDictionary
        case .endArray?: return .endArray
        case .endArrayDroppingElement(let unfinished)?:
            guard unfinished == 0 else {
                let error = parser.droppedElementError!
                throw PlistError(error.code, "\(error.message) (\(Self.droppedElementNote))", at: error.location)
            }
            return .endArray
        }
    }
}
