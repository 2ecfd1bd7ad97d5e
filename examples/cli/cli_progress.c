/*
 * Progress of long library calls (ics_schedule) on stderr, and SIGINT as a
 * clean cancellation; see cli.h "progress". The library calls back at its
 * stage boundaries only (a few dozen times per dag), so every call redraws.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static int mode = -1; /* 1 --progress, 0 --no-progress, -1 auto (stderr is a terminal) */
static volatile sig_atomic_t interrupted = 0;

static struct {
    const char* label; /* what is being scheduled (a file name), or NULL */
    double start;      /* seconds, CLOCK_MONOTONIC */
    int drawing;       /* the display is on for this call */
    int drawn;         /* a line is on stderr and must be cleared */
    struct sigaction old_int;
} cur;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void on_sigint(int sig) {
    (void)sig;
    interrupted = 1; /* the next stage boundary cancels; a second ^C kills (SA_RESETHAND) */
}

int cli_take_progress_flags(int* argc, char** argv) {
    int n = 1;
    for (int i = 1; i < *argc; ++i) {
        if (strcmp(argv[i], "--") == 0) { /* the rest is positional: keep it all */
            while (i < *argc) argv[n++] = argv[i++];
            break;
        }
        if (strcmp(argv[i], "--progress") == 0)
            mode = 1;
        else if (strcmp(argv[i], "--no-progress") == 0)
            mode = 0;
        else
            argv[n++] = argv[i];
    }
    *argc = n;
    return -1;
}

/* The line: "ics: LABEL: STAGE DONE/TOTAL (P%) 3.2 s", the label's tail
 * kept when long, so that the line never wraps on an 80-column terminal
 * (a wrapped line cannot be cleared by "\r"). */
static void draw(const char* stage, uint64_t done, uint64_t total) {
    char count[64] = "";
    if (total > 0)
        snprintf(count, sizeof count, " %llu/%llu (%d%%)", (unsigned long long)done, (unsigned long long)total,
                 (int)(done >= total ? 100 : done * 100 / total));
    const char* label = cur.label ? cur.label : "";
    size_t len = strlen(label);
    if (len > 24) label += len - 24;
    fprintf(stderr, "\r\033[Kics: %s%s%s%s%s %.1f s", len > 24 ? "..." : "", label, cur.label ? ": " : "",
            stage, count, now_seconds() - cur.start);
    fflush(stderr);
    cur.drawn = 1;
}

static int callback(void* user, const char* stage, uint64_t done, uint64_t total) {
    (void)user;
    if (cur.drawing) draw(stage, done, total);
    return interrupted ? 1 : 0;
}

void cli_progress_begin(ics_schedule_options* options, const char* label) {
    cur.label = label;
    cur.start = now_seconds();
    cur.drawing = mode == 1 || (mode == -1 && isatty(STDERR_FILENO));
    cur.drawn = 0;
    options->progress = callback;
    options->progress_user = NULL;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, &cur.old_int);
}

ics_status cli_progress_end(ics_schedule_options* options, ics_status status) {
    if (cur.drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    cur.drawn = 0;
    sigaction(SIGINT, &cur.old_int, NULL);
    options->progress = NULL;
    /* A ^C after the last stage boundary still stops the command. */
    return interrupted && status == ICS_OK ? ICS_ERR_CANCELLED : status;
}

int cli_interrupted(void) { return interrupted != 0; }
