/* CHECK / EXPECT_STATUS / OK for the C tests of the C API (one copy per
 * test program: the counters are static). main() ends with CHECK_REPORT(). */
#ifndef ICS_TESTS_C_CHECK_H
#define ICS_TESTS_C_CHECK_H

#include <ics/ics.h>

#include <stdio.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                              \
    do {                                                                         \
        ++checks;                                                                \
        if (!(cond)) {                                                           \
            ++failures;                                                          \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                        \
    } while (0)

/* Expects `call` to return `status` and the last message to contain `needle`. */
#define EXPECT_STATUS(call, status, needle)                                                          \
    do {                                                                                             \
        ics_status st_ = (call);                                                                     \
        ++checks;                                                                                    \
        if (st_ != (status)) {                                                                       \
            ++failures;                                                                              \
            fprintf(stderr, "%s:%d: %s returned %d (%s: %s), expected %d\n", __FILE__, __LINE__, #call, \
                    (int)st_, ics_status_string(st_), ics_last_error_message(), (int)(status));      \
        } else if ((status) != ICS_OK && strstr(ics_last_error_message(), (needle)) == NULL) {       \
            ++failures;                                                                              \
            fprintf(stderr, "%s:%d: message '%s' lacks '%s'\n", __FILE__, __LINE__,                   \
                    ics_last_error_message(), (needle));                                             \
        }                                                                                            \
    } while (0)

#define OK(call) EXPECT_STATUS(call, ICS_OK, "")

/* Prints the tally; the exit status of main. */
#define CHECK_REPORT() (printf("%d checks, %d failed\n", checks, failures), failures == 0 ? 0 : 1)

#endif
