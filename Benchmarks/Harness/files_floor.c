/* The floor under a tool that checks many small files: what any process must do per file.
 *
 *   files_floor read FILE…   open, fstat, read and close each file: the system calls alone
 *   files_floor xml FILE…    the same, then libxml2's SAX2 parse of the bytes with empty
 *                            callbacks on one context reset for each file (xmlCtxtReadMemory,
 *                            libxml2's own per-document set-up; PlistKit's reader leaves
 *                            libxml2 less to do, see Benchmarks/README's XML decode table)
 *
 * One thread. Prints the process's CPU time (user + system, getrusage) over the files, as
 * `files=<n> cpu_us_per_file=<µs> wall_us_per_file=<µs>`; start-up is outside both.
 * Benchmarks/many-files.sh runs it over the same files as plistkit and plutil.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <libxml/parser.h>

#include "empty_sax.h"

static double cpu_us(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (double)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6
        + (double)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

static double wall_us(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec * 1e6 + (double)now.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    if (argc < 3 || (strcmp(argv[1], "read") != 0 && strcmp(argv[1], "xml") != 0)) {
        fprintf(stderr, "usage: files_floor read|xml FILE...\n");
        return 2;
    }
    int parse = strcmp(argv[1], "xml") == 0;
    xmlParserCtxtPtr parser = NULL;
    if (parse) {
        xmlInitParser();
        parser = xmlNewParserCtxt();
        if (!parser) { fprintf(stderr, "cannot create parser\n"); return 1; }
        memset(parser->sax, 0, sizeof *parser->sax);
        parser->sax->initialized = XML_SAX2_MAGIC;
        parser->sax->startElementNs = on_start;
        parser->sax->endElementNs = on_end;
        parser->sax->characters = on_characters;
    }
    size_t capacity = 1 << 16;
    char *buffer = malloc(capacity);
    double cpu = cpu_us(), wall = wall_us();
    for (int i = 2; i < argc; i++) {
        int descriptor = open(argv[i], O_RDONLY | O_CLOEXEC);
        struct stat info;
        if (descriptor < 0 || fstat(descriptor, &info) != 0) { perror(argv[i]); return 1; }
        if ((size_t)info.st_size + 1 > capacity) {
            capacity = (size_t)info.st_size + 1;
            buffer = realloc(buffer, capacity);
        }
        ssize_t length = 0, count;
        while ((count = read(descriptor, buffer + length, capacity - (size_t)length)) > 0) length += count;
        close(descriptor);
        if (count < 0) { perror(argv[i]); return 1; }
        if (parse) {
            xmlDocPtr document = xmlCtxtReadMemory(parser, buffer, (int)length, NULL, NULL, XML_PARSE_NONET | XML_PARSE_HUGE);
            if (document) xmlFreeDoc(document);
            if (!parser->wellFormed) { fprintf(stderr, "%s: not well-formed\n", argv[i]); return 1; }
        }
    }
    int files = argc - 2;
    printf("files=%d cpu_us_per_file=%.2f wall_us_per_file=%.2f\n", files, (cpu_us() - cpu) / files,
           (wall_us() - wall) / files);
    return 0;
}
