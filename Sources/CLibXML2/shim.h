#ifndef PLISTKIT_CLIBXML2_SHIM_H
#define PLISTKIT_CLIBXML2_SHIM_H

// Only includes: the Swift side (Sources/PlistKit/XML/XMLParser+LibXML2.swift) is the one
// file that calls libxml2.
//
// Debian's libxml2 is built with ICU, so <libxml/encoding.h> pulls in the system's
// <unicode/ucnv.h>, whose declarations clash with the ICU copy inside Foundation
// (_FoundationICU) in any Swift module that imports both. We use nothing of libxml2's ICU
// converter structs (only pointers to them ever cross our code), so hide them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

#endif
