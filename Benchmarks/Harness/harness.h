/* Shared by the C harnesses: read a file, time a function over N runs, print the median.
 *
 * Output, one line on stdout: `median_ms=<ms> min_ms=<ms> runs=<n> peak_kb=<max RSS>`.
 */
#ifndef PLISTKIT_HARNESS_H
#define PLISTKIT_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

static char *harness_read(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(2); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *buffer = malloc((size_t)size + 1);
    if (!buffer || fread(buffer, 1, (size_t)size, file) != (size_t)size) { perror(path); exit(2); }
    buffer[size] = 0;
    fclose(file);
    *length = (size_t)size;
    return buffer;
}

static double harness_now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec * 1e3 + (double)now.tv_nsec / 1e6;
}

static int harness_compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs `body(context)` once to warm up (unless only one run is asked for), then `runs`
 * times, and prints the median. */
static void harness_time(int runs, void (*body)(void *), void *context) {
    double *times = calloc((size_t)runs, sizeof(double));
    if (runs > 1) body(context);
    for (int i = 0; i < runs; i++) {
        double start = harness_now_ms();
        body(context);
        times[i] = harness_now_ms() - start;
    }
    qsort(times, (size_t)runs, sizeof(double), harness_compare);
    double median = runs % 2 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    printf("median_ms=%.3f min_ms=%.3f runs=%d peak_kb=%ld\n", median, times[0], runs, usage.ru_maxrss);
    free(times);
}

#endif
