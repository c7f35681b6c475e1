/* libxml2's bare SAX2 parse, for plistkit-paired's XML decode floor. */
#ifndef SAX_FLOOR_H
#define SAX_FLOOR_H
#include <stddef.h>

/* Parses `length` bytes as Harness/floor.c's `floor xml` does (a fresh memory parser context,
   the empty SAX2 handler of Harness/empty_sax.h, XML_PARSE_NONET | XML_PARSE_HUGE), so the
   floor timed beside a model decode is the same one the C harness times. Returns 1 when the
   document is well-formed, 0 otherwise. */
int plistkit_bare_sax2_parse(const char *bytes, size_t length);

#endif
