/* libplist's side of the comparison.
 *
 *   libplist_bench decode xml|binary FILE RUNS   plist_from_xml / plist_from_bin, then plist_free
 *   libplist_bench encode xml|binary FILE RUNS   FILE (a binary plist) decoded once, then
 *                                                plist_to_xml / plist_to_bin timed, then freed
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

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: libplist_bench decode|encode xml|binary FILE RUNS\n"); return 2; }
    struct job job = {0};
    job.bytes = harness_read(argv[3], &job.length);
    job.xml = strcmp(argv[2], "xml") == 0;
    int runs = atoi(argv[4]);
    if (strcmp(argv[1], "decode") == 0) {
        harness_time(runs, decode, &job);
    } else {
        plist_from_bin(job.bytes, (uint32_t)job.length, &job.value);
        if (!job.value) { fprintf(stderr, "libplist could not decode %s\n", argv[3]); return 1; }
        harness_time(runs, encode, &job);
    }
    return 0;
}
