/* The floor under every decoder.
 *
 *   floor xml FILE RUNS     libxml2's SAX2 parse of FILE with empty callbacks: the XML is
 *                           tokenised and checked, no value is built.
 *   floor xml-each PACK RUNS
 *                           the same parse of every document of a pack file (small-docs: a
 *                           4-byte big-endian length, then the document), a context each.
 *   floor bytes FILE RUNS   one pass over FILE's bytes (a checksum), the least any binary
 *                           decoder must do.
 *   floor copy FILE RUNS    FILE's bytes copied once into a new buffer of their size, which
 *                           is then freed: the least an encoder that writes FILE must do.
 */
#include "harness.h"
#include <stdint.h>
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>

#include "empty_sax.h"

struct input { const char *bytes; size_t length; };

static void parse_xml(void *context) {
    struct input *input = context;
    if (!bare_sax2_parse(input->bytes, input->length)) { fprintf(stderr, "not well-formed\n"); exit(1); }
}

/* A pack file's documents. */
struct pack { struct input *documents; size_t count; };

static struct pack unpack(const char *bytes, size_t length) {
    struct pack pack = {0};
    size_t capacity = 0;
    for (size_t offset = 0; offset < length;) {
        if (length - offset < 4) { fprintf(stderr, "truncated pack file\n"); exit(2); }
        const unsigned char *p = (const unsigned char *)bytes + offset;
        size_t size = (size_t)p[0] << 24 | (size_t)p[1] << 16 | (size_t)p[2] << 8 | p[3];
        offset += 4;
        if (length - offset < size) { fprintf(stderr, "truncated pack file\n"); exit(2); }
        if (pack.count == capacity) {
            capacity = capacity ? 2 * capacity : 1024;
            pack.documents = realloc(pack.documents, capacity * sizeof(struct input));
        }
        pack.documents[pack.count++] = (struct input){ bytes + offset, size };
        offset += size;
    }
    return pack;
}

static void parse_xml_each(void *context) {
    struct pack *pack = context;
    for (size_t i = 0; i < pack->count; i++) parse_xml(&pack->documents[i]);
}

static volatile uint64_t sink;

static void scan_bytes(void *context) {
    struct input *input = context;
    uint64_t sum = 0;
    const unsigned char *bytes = (const unsigned char *)input->bytes;
    for (size_t i = 0; i < input->length; i++) sum += bytes[i];
    sink = sum;
}

static void copy_bytes(void *context) {
    struct input *input = context;
    char *output = malloc(input->length);
    if (!output) { fprintf(stderr, "out of memory\n"); exit(1); }
    memcpy(output, input->bytes, input->length);
    sink = (unsigned char)output[input->length / 2];
    free(output);
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: floor xml|xml-each|bytes|copy FILE RUNS\n"); return 2; }
    struct input input;
    input.bytes = harness_read(argv[2], &input.length);
    int runs = atoi(argv[3]);
    if (strcmp(argv[1], "xml") == 0) {
        xmlInitParser();
        harness_time(runs, parse_xml, &input);
    } else if (strcmp(argv[1], "xml-each") == 0) {
        struct pack pack = unpack(input.bytes, input.length);
        xmlInitParser();
        harness_time(runs, parse_xml_each, &pack);
    } else if (strcmp(argv[1], "bytes") == 0) {
        harness_time(runs, scan_bytes, &input);
    } else if (strcmp(argv[1], "copy") == 0) {
        harness_time(runs, copy_bytes, &input);
    } else {
        fprintf(stderr, "unknown mode %s\n", argv[1]);
        return 2;
    }
    return 0;
}
