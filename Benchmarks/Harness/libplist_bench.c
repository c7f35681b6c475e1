/* libplist's side of the comparison.
 *
 *   libplist_bench decode xml|binary FILE RUNS   plist_from_xml / plist_from_bin, then plist_free
 *   libplist_bench encode xml|binary FILE RUNS   FILE (a binary plist) decoded once, then
 *                                                plist_to_xml / plist_to_bin timed, then freed
 *   libplist_bench decode-each xml|binary PACK RUNS   the same, one call per document of a
 *   libplist_bench encode-each xml|binary PACK RUNS   pack file (small-docs: a 4-byte big-endian
 *                                                     length, then the document; encode-each
 *                                                     reads the binary pack)
 *
 * Decode includes freeing the tree, as the Swift benchmarks include releasing the value.
 */
#include "harness.h"
#include <plist/plist.h>

struct job { const char *bytes; size_t length; int xml; plist_t value; };

static void decode(void *context) {
    struct job *job = context;
    plist_t value = NULL;
    if (job->xml) plist_from_xml(job->bytes, (uint32_t)job->length, &value);
    else plist_from_bin(job->bytes, (uint32_t)job->length, &value);
    if (!value) { fprintf(stderr, "libplist could not decode the file\n"); exit(1); }
    plist_free(value);
}

static void encode(void *context) {
    struct job *job = context;
    char *out = NULL;
    uint32_t length = 0;
    if (job->xml) plist_to_xml(job->value, &out, &length);
    else plist_to_bin(job->value, &out, &length);
    if (!out || length == 0) { fprintf(stderr, "libplist could not encode\n"); exit(1); }
    free(out);
}

/* A pack file's documents, each a job of its own. */
struct pack { struct job *jobs; size_t count; };

static struct pack unpack(const char *bytes, size_t length, int xml) {
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
            pack.jobs = realloc(pack.jobs, capacity * sizeof(struct job));
        }
        pack.jobs[pack.count++] = (struct job){ bytes + offset, size, xml, NULL };
        offset += size;
    }
    return pack;
}

static void decode_each(void *context) {
    struct pack *pack = context;
    for (size_t i = 0; i < pack->count; i++) decode(&pack->jobs[i]);
}

static void encode_each(void *context) {
    struct pack *pack = context;
    for (size_t i = 0; i < pack->count; i++) encode(&pack->jobs[i]);
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: libplist_bench decode|encode|decode-each|encode-each xml|binary FILE RUNS\n"); return 2; }
    struct job job = {0};
    job.bytes = harness_read(argv[3], &job.length);
    job.xml = strcmp(argv[2], "xml") == 0;
    int runs = atoi(argv[4]);
    if (strcmp(argv[1], "decode-each") == 0 || strcmp(argv[1], "encode-each") == 0) {
        struct pack pack = unpack(job.bytes, job.length, job.xml);
        if (argv[1][0] == 'd') {
            harness_time(runs, decode_each, &pack);
        } else {
            for (size_t i = 0; i < pack.count; i++) {
                plist_from_bin(pack.jobs[i].bytes, (uint32_t)pack.jobs[i].length, &pack.jobs[i].value);
                if (!pack.jobs[i].value) { fprintf(stderr, "libplist could not decode document %zu\n", i); return 1; }
            }
            harness_time(runs, encode_each, &pack);
        }
        return 0;
    }
    if (strcmp(argv[1], "decode") == 0) {
        harness_time(runs, decode, &job);
    } else {
        plist_from_bin(job.bytes, (uint32_t)job.length, &job.value);
        if (!job.value) { fprintf(stderr, "libplist could not decode %s\n", argv[3]); return 1; }
        harness_time(runs, encode, &job);
    }
    return 0;
}
