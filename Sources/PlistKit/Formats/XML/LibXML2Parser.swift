internal import CLibXML2

/// The one file that calls libxml2.
///
/// A parse runs on a parser context kept per thread between calls (see ``IdleContext``) and
/// reset for each document, driven through the SAX2 interface: libxml2 tokenises and
/// decodes (UTF-8, declared encodings, character references, CDATA; UTF-16 and UTF-32
/// documents reach it as UTF-8, see ``XMLTranscoder``), and every event goes straight to an
/// ``XMLSAXHandler``; no DOM is built.
///
/// Security: every parse uses `XML_PARSE_NONET` and never `XML_PARSE_DTDLOAD`,
/// `XML_PARSE_NOENT` or `XML_PARSE_DTDVALID`, so nothing is fetched and no entity is ever
/// substituted. On top of that the handler refuses every `<!ENTITY>` declaration, resolves
/// no external entity and reports any reference to a non-predefined entity, so XXE and
/// billion-laughs documents stop at their first declaration. `XML_PARSE_HUGE` lifts libxml2's
/// 10 MB text-node limit (our own depth limit still applies). `xmlCleanupParser()` is never
/// called: it would tear down global state other code in the process may be using.
enum LibXML2Parser {
    /// The options of every parse (see the type's notes on security).
    private static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue)

    /// Parses `bytes` as XML and feeds the events to `builder`. Errors, libxml2's or the
    /// builder's own, end up in `builder.error`.
    static func parse(_ bytes: ByteView, into builder: XMLSAXHandler) {
        let blanksProlog = StandardProlog.starts(bytes)
        bytes.withUnsafeBufferPointer { parse(UnsafeRawBufferPointer($0), blankingProlog: blanksProlog, into: builder) }
    }

    /// ``parse(_:into:)`` of the bytes in `buffer`, which start with the ``StandardProlog``
    /// when `blankingProlog` is set.
    private static func parse(_ buffer: UnsafeRawBufferPointer, blankingProlog: Bool, into builder: XMLSAXHandler) {
        guard buffer.count <= Int(Int32.max) else {
            builder.fail(.limitExceeded, "XML input is larger than 2 GiB", at: .offset(0))
            return
        }
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            let empty = PlistError.emptyInput(.truncated)
            builder.fail(empty.code, empty.message, at: empty.location)
            return
        }
        guard let idle = IdleContext.take() else {
            builder.fail(.limitExceeded, "libxml2 could not allocate a parser", at: .offset(0))
            return
        }
        let context = idle.context
        // libxml2 reads the document through a callback, a few kilobytes at a time, and
        // drops what it has parsed: its memory parser would copy the whole input first.
        var input = InputCursor(next: base, end: base + buffer.count, context: context)
        if blankingProlog { input.prolog = .toBlank }
        withUnsafeMutablePointer(to: &input) { cursor in
            context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
            builder.context = UnsafeMutableRawPointer(context)
            builder.awaitsRootElement = true
            // Resets the context, opens the input and parses; the document it returns is
            // libxml2's stand-in for a DOCTYPE's internal subset, built even in SAX mode.
            if let document = xmlCtxtReadIO(context, InputCursor.read, nil, cursor, nil, nil, options) {
                xmlFreeDoc(document)
            }
            if context.pointee.input == nil {
                builder.fail(.limitExceeded, "libxml2 could not allocate a parser", at: .offset(0))
            }
            finish(context, builder)
            // The input reads the caller's buffer, which is gone after this call.
            while let stream = inputPop(context) {
                xmlFreeInputStream(stream)
            }
        }
        IdleContext.put(idle)
    }

    /// The part of the caller's buffer libxml2 has not read yet.
    ///
    /// Once libxml2 has read the last byte, it asks for more at every lookahead check within
    /// 250 bytes of the end, each a trip through its buffer-growing code: for a document of
    /// a few kilobytes, about a hundred trips. So once the last byte is out, the read
    /// callback is taken off the input buffer, which tells libxml2 there is nothing more to
    /// read, as its static memory buffers do. Only a UTF-8 document loses it, and only once
    /// its root element has started: a declared encoding switches libxml2 to a decoder
    /// before that, and a decoder may convert text only as libxml2 asks for more (libxml2
    /// 2.9 converts all it has read at once; later versions need not).
    private struct InputCursor {
        var next: UnsafeRawPointer
        let end: UnsafeRawPointer
        /// The context whose input reads through this cursor.
        let context: xmlParserCtxtPtr
        /// The document's root element has started.
        var rootStarted = false
        /// Where the document's ``StandardProlog`` is, if it starts with one.
        var prolog = Prolog.none

        enum Prolog {
            /// The document does not start with the prolog, or libxml2 is past it.
            case none
            /// The prolog is still to be read, and blanked.
            case toBlank
            /// The first read blanked the prolog, which libxml2 has yet to skip.
            case blanked
        }

        /// The cursor libxml2 reads `builder`'s document through, and the input it reads into,
        /// while a parse through a cursor (not the push parser) has yet to start the root element.
        static func of(_ builder: XMLSAXHandler) -> (cursor: UnsafeMutablePointer<InputCursor>, input: xmlParserInputPtr)? {
            guard builder.awaitsRootElement,
                  let context = builder.context?.assumingMemoryBound(to: xmlParserCtxt.self),
                  let input = context.pointee.input, let buffer = input.pointee.buf, buffer.pointee.readcallback != nil,
                  let cursor = buffer.pointee.context?.assumingMemoryBound(to: InputCursor.self) else { return nil }
            return (cursor, input)
        }

        /// libxml2's read callback: copies up to `length` bytes into `destination`.
        static let read: xmlInputReadCallback = { context, destination, length in
            guard let cursor = context?.assumingMemoryBound(to: InputCursor.self), let destination else { return -1 }
            let count = min(Int(length), cursor.pointee.end - cursor.pointee.next)
            UnsafeMutableRawPointer(destination).copyMemory(from: cursor.pointee.next, byteCount: count)
            if cursor.pointee.prolog == .toBlank {
                cursor.pointee.prolog = .none
                if count >= StandardProlog.length {
                    StandardProlog.blank(UnsafeMutableRawPointer(destination))
                    cursor.pointee.prolog = .blanked
                }
            }
            cursor.pointee.next += count
            if cursor.pointee.rootStarted { cursor.pointee.endIfRead() }
            return Int32(count)
        }

        /// Takes the read callback off the input buffer once every byte is read, unless
        /// libxml2 decodes the document from another encoding (see the type's notes).
        func endIfRead() {
            guard next == end, let buffer = context.pointee.input?.pointee.buf, buffer.pointee.encoder == nil else { return }
            buffer.pointee.readcallback = nil
        }
    }

    /// Apple's XML declaration and DOCTYPE, with which nearly every XML property list starts
    /// (as ``XMLWriter/header`` does): `<?xml version="1.0" encoding="UTF-8"?>`, a line break,
    /// `<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">`,
    /// a line break and `<plist`.
    ///
    /// A document that starts with exactly these bytes reaches libxml2 with the declaration
    /// and the DOCTYPE turned to spaces. They say what libxml2 assumes without them (XML 1.0,
    /// UTF-8, no subset to read, as nothing is ever loaded), and the root element follows, so
    /// no other DOCTYPE can take the place of this one; lines and columns stay where they
    /// were. What it saves is libxml2's reading of the two identifiers character by
    /// character, for each document; ``skip(_:)`` then moves libxml2 past the white space in
    /// one step.
    private enum StandardProlog {
        /// The bytes compared: through `<plist`.
        static let length = 148
        /// Where the declaration and the DOCTYPE lie.
        static let declaration = 0..<38
        static let doctype = 39..<141

        /// True when `bytes` start with the prolog.
        static func starts(_ bytes: ByteView) -> Bool {
            let header = XMLWriter.header
            precondition(header.utf8CodeUnitCount > length)
            guard bytes.count > length else { return false }
            return bytes.bytesEqual(at: 0, ByteView(UnsafeBufferPointer(start: header.utf8Start, count: length)))
        }

        /// Turns the declaration and the DOCTYPE at `bytes` into spaces.
        static func blank(_ bytes: UnsafeMutableRawPointer) {
            (bytes + declaration.lowerBound).initializeMemory(as: UInt8.self, repeating: 0x20, count: declaration.count)
            (bytes + doctype.lowerBound).initializeMemory(as: UInt8.self, repeating: 0x20, count: doctype.count)
        }

        /// Where the blanked prolog's white space ends: `<plist`, after the DOCTYPE's line
        /// break, at line 3, column 1.
        static var rootOffset: Int { doctype.upperBound + 1 }

        /// Moves libxml2 past the blanked prolog at the start of the document, where it
        /// would skip it a character at a time: to the place, line and column its own
        /// skipping of that white space reaches. libxml2 calls `startDocument` when it has
        /// looked for an XML declaration and found none, before it skips white space.
        static func skip(_ builder: XMLSAXHandler) {
            guard let (cursor, input) = InputCursor.of(builder), cursor.pointee.prolog == .blanked else { return }
            cursor.pointee.prolog = .none
            guard let base = input.pointee.base, input.pointee.cur == base, let end = input.pointee.end,
                  end - base > rootOffset else { return }
            input.pointee.cur = base + rootOffset
            input.pointee.line = 3
            input.pointee.col = 1
        }
    }

    /// Called at the root element's start tag, when a parse through ``InputCursor`` has
    /// settled the document's encoding (see ``InputCursor``).
    private static func rootElementStarted(_ builder: XMLSAXHandler) {
        let reading = InputCursor.of(builder)
        builder.awaitsRootElement = false
        guard let (cursor, _) = reading else { return }
        cursor.pointee.rootStarted = true
        cursor.pointee.endIfRead()
    }

    /// A parser context a thread keeps between parses, which the next parse on that thread
    /// resets and uses instead of allocating one (its tables, name dictionary and SAX handler
    /// stay). A parse takes it out of the thread's slot, so a nested parse, or a thread's
    /// concurrent callers, never share one; the context is freed with this owner, when the
    /// slot does not keep it or the thread exits.
    private final class IdleContext {
        /// The most names a context's dictionary may hold and still be kept: libxml2 adds
        /// every element, attribute and entity name it reads and never removes one, so a
        /// thread reading documents full of different names would otherwise grow it forever.
        static let dictionaryLimit = 256

        /// Each thread's idle context.
        private static let slot = ThreadLocalSlot<IdleContext>()

        let context: xmlParserCtxtPtr

        private init(_ context: xmlParserCtxtPtr) {
            self.context = context
        }

        deinit {
            xmlFreeParserCtxt(context)
        }

        /// The thread's idle context, or a new one; nil when libxml2 cannot allocate one.
        static func take() -> IdleContext? {
            if let idle = slot.take() { return idle }
            xmlInitParser()  // idempotent; makes first use thread-safe
            guard let context = xmlNewParserCtxt() else { return nil }
            install(context)
            return IdleContext(context)
        }

        /// Keeps `idle` for the thread's next parse, or lets it be freed.
        static func put(_ idle: IdleContext) {
            if xmlDictSize(idle.context.pointee.dict) <= dictionaryLimit { slot.put(idle) }
        }
    }

    /// Gives `context` our SAX handler (in the handler structure it owns, which it frees
    /// with itself).
    private static func install(_ context: xmlParserCtxtPtr) {
        context.pointee.sax.pointee = makeHandler()
        context.pointee.userData = UnsafeMutableRawPointer(context)
    }

    /// Records a document libxml2 found not well-formed, and detaches `builder`.
    private static func finish(_ context: xmlParserCtxtPtr, _ builder: XMLSAXHandler) {
        if builder.error == nil, context.pointee.wellFormed == 0, !builder.endedAtNUL {
            builder.fail(.syntax, "the XML is not well-formed", at: builder.locate())
        }
        context.pointee.userData = UnsafeMutableRawPointer(context)
        builder.context = nil
        builder.awaitsRootElement = false
    }

    /// Where the parser behind `context` is now, as line and column.
    static func location(_ context: UnsafeMutableRawPointer) -> PlistError.Location {
        let context = context.assumingMemoryBound(to: xmlParserCtxt.self)
        return .lineColumn(line: Int(xmlSAX2GetLineNumber(context)), column: Int(xmlSAX2GetColumnNumber(context)))
    }

    /// libxml2's push parser over the same handler and options as ``parse(_:into:)``, on a
    /// context of its own: the document arrives in pieces through ``feed(_:)`` and ends with
    /// ``finish()``, and each piece's events reach the receiver before `feed` returns. Unlike
    /// `parse`, it has no limit on the document's size.
    final class Push {
        private let builder: XMLSAXHandler
        private var context: xmlParserCtxtPtr?

        init(into builder: XMLSAXHandler) {
            self.builder = builder
            xmlInitParser()
            guard let context = xmlCreatePushParserCtxt(nil, nil, nil, 0, nil) else {
                builder.fail(.limitExceeded, "libxml2 could not allocate a parser", at: .offset(0))
                return
            }
            LibXML2Parser.install(context)
            _ = xmlCtxtUseOptions(context, LibXML2Parser.options)
            context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
            builder.context = UnsafeMutableRawPointer(context)
            self.context = context
        }

        deinit {
            if let context { close(context) }
        }

        /// Parses the next piece of the document (at most 2 GiB).
        func feed(_ bytes: ByteView) {
            guard let context, builder.error == nil, bytes.count > 0 else { return }
            bytes.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { _ = xmlParseChunk(context, $0.baseAddress, Int32(bytes.count), 0) }
            }
        }

        /// True while libxml2 has found nothing wrong in the pieces fed so far, and the
        /// receiver nothing either.
        var isWellFormedSoFar: Bool {
            guard let context, builder.error == nil else { return false }
            return context.pointee.wellFormed != 0
        }

        /// Ends the document: libxml2 reports what is missing, then the context is freed.
        func finish() {
            guard let context else { return }
            if builder.error == nil {
                _ = xmlParseChunk(context, nil, 0, 1)
            }
            self.context = nil
            close(context)
        }

        private func close(_ context: xmlParserCtxtPtr) {
            LibXML2Parser.finish(context, builder)
            if let document = context.pointee.myDoc {
                xmlFreeDoc(document)
                context.pointee.myDoc = nil
            }
            xmlFreeParserCtxt(context)
        }
    }

    private static func builder(_ userData: UnsafeMutableRawPointer?) -> XMLSAXHandler {
        Unmanaged<XMLSAXHandler>.fromOpaque(userData!).takeUnretainedValue()
    }

    /// Runs `body` with the receiver behind `userData`, which `parse` keeps alive throughout,
    /// without retaining it: the hot events pay no reference counting.
    @inline(__always)
    private static func withReceiver(_ userData: UnsafeMutableRawPointer?, _ body: (XMLSAXHandler) -> Void) {
        Unmanaged<XMLSAXHandler>.fromOpaque(userData!)._withUnsafeGuaranteedRef(body)
    }

    /// Stops libxml2 as soon as the builder has recorded an error.
    private static func stopIfFailed(_ builder: XMLSAXHandler) {
        if builder.failed, let context = builder.context {
            xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self))
        }
    }

    /// True when the content libxml2 found after the root element starts with a NUL
    /// character. ``parse(_:into:)`` takes a NUL there for the end of its input and ignores
    /// the rest, as plutil does; the push parser reports it, and is told to agree.
    private static func endsAtNUL(_ builder: XMLSAXHandler) -> Bool {
        guard let context = builder.context?.assumingMemoryBound(to: xmlParserCtxt.self),
              context.pointee.instate == XML_PARSER_EPILOG,
              let input = context.pointee.input, let current = input.pointee.cur, let end = input.pointee.end,
              current < end else { return false }
        return current.pointee == 0
    }

    private static func makeHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { userData, localName, prefix, _, _, _, _, _, _ in
            LibXML2Parser.withReceiver(userData) { builder in
                guard !builder.failed, let localName else { return }
                if builder.awaitsRootElement { LibXML2Parser.rootElementStarted(builder) }
                var position = XMLPosition.unknown
                if builder.recordsPositions, let context = builder.context {
                    position = XMLPosition(line: Int(xmlSAX2GetLineNumber(context)), column: Int(xmlSAX2GetColumnNumber(context)))
                }
                builder.startElement(XMLElementName(localName), hasPrefix: prefix != nil, at: position)
                LibXML2Parser.stopIfFailed(builder)
            }
        }
        sax.endElementNs = { userData, _, _, _ in
            LibXML2Parser.withReceiver(userData) { builder in
                guard !builder.failed else { return }
                builder.endElement()
                LibXML2Parser.stopIfFailed(builder)
            }
        }
        let characters: charactersSAXFunc = { userData, bytes, length in
            LibXML2Parser.withReceiver(userData) { builder in
                guard !builder.failed, let bytes, length > 0 else { return }
                let text = ByteView(UnsafeBufferPointer(start: bytes, count: Int(length)))
                if builder.isBetweenElements, XMLReader.isWhitespace(text) { return }
                builder.characters(text)
                LibXML2Parser.stopIfFailed(builder)
            }
        }
        sax.startDocument = { userData in
            LibXML2Parser.withReceiver(userData) { StandardProlog.skip($0) }
        }
        sax.characters = characters
        sax.ignorableWhitespace = characters
        sax.cdataBlock = characters
        sax.entityDecl = { userData, name, _, _, _, _ in
            let builder = LibXML2Parser.builder(userData)
            let entity = name.map { String(cString: $0) } ?? ""
            builder.fail(.syntax, "entity declarations are not allowed (<!ENTITY \(entity)>)", at: builder.locate())
            LibXML2Parser.stopIfFailed(builder)
        }
        sax.unparsedEntityDecl = { userData, name, _, _, _ in
            let builder = LibXML2Parser.builder(userData)
            let entity = name.map { String(cString: $0) } ?? ""
            builder.fail(.syntax, "entity declarations are not allowed (<!ENTITY \(entity)>)", at: builder.locate())
            LibXML2Parser.stopIfFailed(builder)
        }
        sax.getEntity = { _, name in
            // Only the five predefined entities exist; libxml2 handles them itself, this is
            // a second line of defence.
            name.flatMap { xmlGetPredefinedEntity($0) }
        }
        sax.getParameterEntity = { _, _ in nil }
        sax.resolveEntity = { _, _, _ in nil }
        sax.reference = { userData, name in
            let builder = LibXML2Parser.builder(userData)
            let entity = name.map { String(cString: $0) } ?? ""
            builder.fail(.syntax, "reference to undefined entity &\(entity);", at: builder.locate())
            LibXML2Parser.stopIfFailed(builder)
        }
        sax.serror = { userData, error in
            guard let userData, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let builder = LibXML2Parser.builder(userData)
            guard builder.error == nil else { return }
            if error.pointee.code == Int32(XML_ERR_DOCUMENT_END.rawValue), LibXML2Parser.endsAtNUL(builder) {
                builder.endedAtNUL = true
                return
            }
            var message = error.pointee.message.map { String(cString: $0) } ?? "XML syntax error"
            while message.last?.isWhitespace == true { message.removeLast() }
            let code: PlistError.Code = error.pointee.code == Int32(XML_ERR_DOCUMENT_EMPTY.rawValue) ? .truncated : .syntax
            builder.fail(code, message, at: .lineColumn(line: Int(error.pointee.line), column: Int(error.pointee.int2)))
            LibXML2Parser.stopIfFailed(builder)
        }
        return sax
    }
}
