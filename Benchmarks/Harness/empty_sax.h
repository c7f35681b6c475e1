/* SAX2 callbacks that do nothing, and the bare parse of a whole document with them: libxml2's
   floor, which floor.c, files_floor.c and the SAXFloor target all time with the same handler. */
#ifndef EMPTY_SAX_H
#define EMPTY_SAX_H
#include <string.h>
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>

static void on_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                     int nb_namespaces, const xmlChar **namespaces, int nb_attributes,
                     int nb_defaulted, const xmlChar **attributes) {
    (void)ctx; (void)localname; (void)prefix; (void)uri; (void)nb_namespaces; (void)namespaces;
    (void)nb_attributes; (void)nb_defaulted; (void)attributes;
}
static void on_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)ctx; (void)localname; (void)prefix; (void)uri;
}
static void on_characters(void *ctx, const xmlChar *text, int length) {
    (void)ctx; (void)text; (void)length;
}

/* Parses `length` bytes with the empty callbacks (no network, no size limits); 1 when the
   document is well-formed, 0 when it is not or no parser could be made. */
static inline int bare_sax2_parse(const char *bytes, size_t length) {
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

#endif
