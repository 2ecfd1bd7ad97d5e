/* ics — buffered standard output, JSON output and one-line error messages. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ stdout */

enum { OUT_CAPACITY = 1 << 16 };
static char out_buf[OUT_CAPACITY];
static size_t out_len;
static int out_failed; /* errno of the first write error, or 0 */

static void out_flush(void) {
    if (out_len && !out_failed && fwrite(out_buf, 1, out_len, stdout) != out_len) out_failed = errno ? errno : EIO;
    out_len = 0;
}

void out_mem(const char* data, size_t len) {
    if (len > OUT_CAPACITY - out_len) {
        out_flush();
        if (len >= OUT_CAPACITY) {
            if (!out_failed && fwrite(data, 1, len, stdout) != len) out_failed = errno ? errno : EIO;
            return;
        }
    }
    memcpy(out_buf + out_len, data, len);
    out_len += len;
}

void out_str(const char* s) { out_mem(s, strlen(s)); }

void out_char(char c) {
    if (out_len == OUT_CAPACITY) out_flush();
    out_buf[out_len++] = c;
}

void out_u64(uint64_t v) {
    char digits[20];
    size_t n = 0;
    do {
        digits[sizeof digits - 1 - n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    out_mem(digits + sizeof digits - n, n);
}

void out_u32_list(const uint32_t* v, size_t n, const char* sep) {
    for (size_t k = 0; k < n; ++k) {
        if (k) out_str(sep);
        out_u64(v[k]);
    }
}

void out_json_u32_array(const uint32_t* v, size_t n) {
    out_char('[');
    out_u32_list(v, n, ", ");
    out_char(']');
}

void out_label(const char* label) {
    enum { COLUMN = 16 };
    size_t len = strlen(label);
    out_mem(label, len);
    out_char(':');
    do out_char(' ');
    while (++len < COLUMN);
}

void out_row(const char* label, const char* text) {
    out_label(label);
    out_str(text);
    out_char('\n');
}

void out_cut(size_t hidden) {
    out_str(" ... (");
    out_u64(hidden);
    out_str(" more; --full prints all)");
}

int out_finish(int status) {
    out_flush();
    if (fflush(stdout) != 0 && !out_failed) out_failed = errno ? errno : EIO;
    if (out_failed) {
        int rc = cli_fail("cannot write to standard output: %s", strerror(out_failed));
        return status ? status : rc;
    }
    return status;
}

/* ------------------------------------------------------------ JSON */

/* Length of the valid UTF-8 sequence starting at s (1..4), or 0 if invalid. */
static size_t utf8_sequence(const unsigned char* s) {
    unsigned char c = s[0];
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;      /* no overlong forms */
        else if (c == 0xED) hi = 0x9F; /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        else if (c == 0xF4) hi = 0x8F; /* at most U+10FFFF */
    } else
        return 0;
    if (s[1] < lo || s[1] > hi) return 0; /* also stops at the NUL */
    for (size_t k = 2; k < len; ++k)
        if (s[k] < 0x80 || s[k] > 0xBF) return 0;
    return len;
}

void out_json_string(const char* text) {
    static const char hex[] = "0123456789abcdef";
    const unsigned char* s = (const unsigned char*)text;
    const unsigned char* run = s; /* start of bytes to copy as they are */
    out_char('"');
    while (*s) {
        unsigned char c = *s;
        size_t len = 1;
        const char* escape = NULL;
        char uescape[7];
        if (c >= 0x80) {
            len = utf8_sequence(s);
            if (len) { s += len; continue; }
            escape = "\\ufffd";
        } else if (c == '"') escape = "\\\"";
        else if (c == '\\') escape = "\\\\";
        else if (c == '\n') escape = "\\n";
        else if (c == '\r') escape = "\\r";
        else if (c == '\t') escape = "\\t";
        else if (c < 0x20) {
            memcpy(uescape, "\\u00", 4);
            uescape[4] = hex[c >> 4];
            uescape[5] = hex[c & 15];
            uescape[6] = '\0';
            escape = uescape;
        } else { ++s; continue; }
        out_mem((const char*)run, (size_t)(s - run));
        out_str(escape);
        s += 1;
        run = s;
    }
    out_mem((const char*)run, (size_t)(s - run));
    out_char('"');
}

void json_begin(json_object* obj) {
    obj->members = 0;
    out_char('{');
}

void json_key(json_object* obj, const char* key) {
    if (obj->members++) out_str(", ");
    out_json_string(key);
    out_str(": ");
}

void json_u64(json_object* obj, const char* key, uint64_t value) {
    json_key(obj, key);
    out_u64(value);
}

void json_string(json_object* obj, const char* key, const char* value) {
    json_key(obj, key);
    out_json_string(value);
}

void json_bool(json_object* obj, const char* key, int value) {
    json_key(obj, key);
    out_str(value ? "true" : "false");
}

void json_end(json_object* obj) {
    (void)obj;
    out_str("}\n");
}

void json_close(json_object* obj) {
    (void)obj;
    out_char('}');
}

/* ------------------------------------------------------------ errors */

/* Prints "ics: PREFIX<message>SUFFIX" as one line on stderr. */
static void error_line(const char* prefix, const char* fmt, va_list ap, const char* suffix) {
    char small[512];
    char* heap = NULL;
    char* msg = small;
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(small, sizeof small, fmt, copy);
    va_end(copy);
    if (n < 0) {
        n = 0;
    } else if ((size_t)n >= sizeof small) {
        heap = malloc((size_t)n + 1);
        if (heap) {
            vsnprintf(heap, (size_t)n + 1, fmt, ap);
            msg = heap;
        } else {
            n = (int)sizeof small - 1; /* truncated */
        }
    }
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == '\r' || msg[n - 1] == ' ')) --n;
    for (int k = 0; k < n; ++k)
        if (msg[k] == '\n' || msg[k] == '\r') msg[k] = ' ';
    fprintf(stderr, "ics: %s%.*s%s\n", prefix, n, msg, suffix);
    free(heap);
}

int cli_usage_error(const cli_command* cmd, const char* fmt, ...) {
    char prefix[64] = "", suffix[80] = "";
    if (cmd) {
        snprintf(prefix, sizeof prefix, "%s: ", cmd->name);
        snprintf(suffix, sizeof suffix, " (see 'ics %s --help')", cmd->name);
    } else
        snprintf(suffix, sizeof suffix, " (see 'ics help')");
    va_list ap;
    va_start(ap, fmt);
    error_line(prefix, fmt, ap, suffix);
    va_end(ap);
    return CLI_EXIT_USAGE;
}

int cli_fail(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    error_line("", fmt, ap, "");
    va_end(ap);
    return CLI_EXIT_FAIL;
}

int cli_fail_status(ics_status status, const char* context) {
    const char* msg = ics_last_error_message();
    /* ICS_ERR_NOMEM may come from the tool itself (cli_u32s_reserve): the
     * library's last message would then be an older one. */
    if (!msg || !*msg || status == ICS_ERR_NOMEM) msg = ics_status_string(status);
    if (context) return cli_fail("%s: %s", context, msg);
    return cli_fail("%s", msg);
}
