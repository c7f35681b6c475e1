/// JSON as events, read incrementally: ``JSONParser`` over the chunked ``EventInput``, so the
/// events and every error are those the whole-value reader builds its value from.
final class JSONEventSource: PlistEventSource {
    private var parser: JSONParser<JSONEventInput>

    init(_ input: EventInput, options: PlistReadingOptions) {
        parser = JSONParser(JSONEventInput(input), maximumDepth: options.maximumDepth)
    }

    func next() throws(PlistError) -> PlistEvent? {
        try parser.next()
    }
}
