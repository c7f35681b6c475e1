/* SAX2 callbacks that do nothing: the bare parse that floor.c and files_floor.c both time as
   libxml2's floor, so the two floors measure the same handler. */
#ifndef EMPTY_SAX_H
#define EMPTY_SAX_H
#include <libxml/parser.h>

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

#endif
