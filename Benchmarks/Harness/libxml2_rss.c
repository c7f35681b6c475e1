/* What libxml2 itself adds to a process's resident memory: RSS before and after
 * xmlInitParser, and after 10,000 SAX2 parses of an Info.plist-sized document (the
 * small-docs shape), each in a fresh push-parser context with empty callbacks.
 *
 *   cc -O2 Harness/libxml2_rss.c -o libxml2_rss $(pkg-config --cflags --libs libxml-2.0)
 *   ./libxml2_rss
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/parser.h>

/* The value of a "Name:  123 kB" line of /proc/self/status. */
static long status_kb(const char *name) {
    FILE *file = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    size_t length = strlen(name);
    while (file && fgets(line, sizeof line, file))
        if (!strncmp(line, name, length)) kb = atol(line + length);
    if (file) fclose(file);
    return kb;
}

int main(void) {
    static const char document[] =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        "<plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>"
        "<key>CFBundleVersion</key><string>1.0</string><key>LSRequiresIPhoneOS</key><true/></dict></plist>\n";
    long start = status_kb("VmRSS:");
    xmlInitParser();
    long initialised = status_kb("VmRSS:");
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    for (int i = 0; i < 10000; i++) {
        xmlParserCtxtPtr context = xmlCreatePushParserCtxt(&sax, NULL, NULL, 0, NULL);
        xmlParseChunk(context, document, (int)(sizeof document - 1), 1);
        xmlFreeParserCtxt(context);
    }
    long parsed = status_kb("VmRSS:");
    printf("rss_start_kb=%ld init_adds_kb=%ld parses_add_kb=%ld peak_kb=%ld\n",
           start, initialised - start, parsed - initialised, status_kb("VmHWM:"));
    return 0;
}
