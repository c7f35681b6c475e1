/* The bare SAX2 parse of Harness/floor.c, callable from Swift: the handler is the one
   Harness/empty_sax.h defines for both C floors, so all three time the same parse. */
#include "SAXFloor.h"
#include <string.h>
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>

#include "../../Harness/empty_sax.h"

int plistkit_bare_sax2_parse(const char *bytes, size_t length) {
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = on_start;
    handler.endElementNs = on_end;
    handler.characters = on_characters;
    xmlParserCtxtPtr parser = xmlCreateMemoryParserCtxt(bytes, (int)length);
    if (!parser) return 0;
    xmlSAXHandlerPtr saved = parser->sax;
    parser->sax = &handler;
    parser->userData = NULL;
    xmlCtxtUseOptions(parser, XML_PARSE_NONET | XML_PARSE_HUGE);
    xmlParseDocument(parser);
    int ok = parser->wellFormed;
    parser->sax = saved;
    xmlFreeParserCtxt(parser);
    return ok;
}
