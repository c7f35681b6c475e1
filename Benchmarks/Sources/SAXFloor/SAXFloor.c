/* The bare SAX2 parse of Harness/floor.c, callable from Swift: Harness/empty_sax.h holds the
   parse and its handler for both C floors, so all three time the same parse. */
#include "SAXFloor.h"
#include "../../Harness/empty_sax.h"

int plistkit_bare_sax2_parse(const char *bytes, size_t length) {
    return bare_sax2_parse(bytes, length);
}
