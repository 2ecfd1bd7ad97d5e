// Shared helpers of the readers: locations in messages, the plain-text check
// that turns binary junk into a clean parse error, lines and tokens.
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/detail.hpp"

namespace ics::io::detail {

std::string location(std::string_view source, std::size_t line) {
    std::string out(source);
    if (line != kNoLine) {
        out += ':';
        out += std::to_string(line);
    }
    out += ": ";
    return out;
}

void fail_at(Errc code, std::string_view source, std::size_t line, std::string_view cause) {
    std::string msg = location(source, line);
    msg.append(cause);
    throw Error(code, msg);
}

void rethrow_with(const Error& e, std::string_view where) {
    std::string msg(where);
    msg += e.what();
    throw Error(e.code(), msg);
}

void rethrow_at(const Error& e, std::string_view source, std::size_t line) {
    rethrow_with(e, location(source, line));
}

std::string quote(std::string_view s) {
    constexpr std::size_t kMax = 200;
    std::string out = "'";
    if (s.size() <= kMax) {
        out.append(s);
    } else {
        out.append(s.substr(0, kMax));
        out += "...";
    }
    out += '\'';
    return out;
}

std::size_t find_non_text(std::string_view s, bool allow_controls) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const std::size_t n = s.size();
    std::size_t i = 0;
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
    while (i < n) {
        // Eight plain printable ASCII bytes at a time (the common case of a
        // big workflow file): no high bit, no byte below 0x20, no 0x7F.
        if (i + 8 <= n) {
            std::uint64_t w;
            std::memcpy(&w, p + i, 8);
            const std::uint64_t below_space = (w - 0x20 * kOnes) & ~w;
            const std::uint64_t x7f = w ^ (0x7F * kOnes);
            const std::uint64_t is_7f = (x7f - kOnes) & ~x7f;
            if (((w | below_space | is_7f) & kHighs) == 0) {
                i += 8;
                continue;
            }
        }
        const unsigned char c = p[i];
        if (c < 0x80) {
            if (!allow_controls &&
                ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f') || c == 0x7F))
                return i;
            ++i;
            continue;
        }
        // UTF-8 (RFC 3629): no overlong forms, no surrogates, at most U+10FFFF.
        std::size_t len;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else {
            return i;
        }
        if (i + len > n) return i;
        if (p[i + 1] < lo || p[i + 1] > hi) return i;
        for (std::size_t k = 2; k < len; ++k)
            if (p[i + k] < 0x80 || p[i + k] > 0xBF) return i;
        i += len;
    }
    return std::string_view::npos;
}

void fail_non_text(std::string_view source, std::size_t line, std::size_t col, unsigned char c) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", c);
    fail_at(Errc::parse, source, line,
            std::string(c == 0     ? "binary data (NUL byte"
                        : c < 0x80 ? "binary data (control byte "
                                   : "invalid UTF-8 (byte ") +
                (c == 0 ? "" : hex) + " at column " + std::to_string(col) + ")");
}

void check_text(std::string_view text, std::string_view source) {
    const std::size_t bad = find_non_text(text);
    if (bad == std::string_view::npos) return;
    const auto [line, col] = line_col(text, bad);
    fail_non_text(source, line, col, static_cast<unsigned char>(text[bad]));
}

void check_text(std::string_view text, std::string_view source, FileText* file) {
    if (file == nullptr || !file->mapped()) return check_text(text, source);
    // Pieces end after a '\n', which no UTF-8 sequence holds: each piece is
    // judged as within the whole text.
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = std::min(text.size(), at + file->drop_step());
        if (end < text.size()) {
            const std::size_t nl = text.find('\n', end - 1);
            end = nl == std::string_view::npos ? text.size() : nl + 1;
        }
        if (find_non_text(text.substr(at, end - at)) != std::string_view::npos) return check_text(text, source);
        file->evict(text.data() + at, text.data() + end);
        at = end;
    }
}

std::pair<std::size_t, std::size_t> line_col(std::string_view text, std::size_t offset) noexcept {
    offset = std::min(offset, text.size());
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + offset, '\n'));
    const std::size_t nl = offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
    const std::size_t col = nl == std::string_view::npos ? offset + 1 : offset - nl;
    return {line, col};
}

std::pair<std::size_t, std::size_t> line_col(std::string_view text, std::size_t offset,
                                             const FileText* spent) noexcept {
    if (spent == nullptr || !spent->mapped() || spent->kept() <= text.data()) return line_col(text, offset);
    // The consumed bytes' lines were counted as they were given back.
    offset = std::min(offset, text.size());
    const char* at = text.data() + offset;
    const char* from = std::min(spent->kept(), at);
    const std::size_t line = 1 + spent->newlines_dropped() + static_cast<std::size_t>(std::count(from, at, '\n'));
    const char* nl = at;
    while (nl > from && nl[-1] != '\n') --nl;
    const char* const last = nl > from ? nl - 1 : spent->last_newline_dropped();
    const std::size_t col = last != nullptr && last >= text.data() ? static_cast<std::size_t>(at - last) : offset + 1;
    return {line, col};
}

std::string_view trim(std::string_view s) noexcept {
    std::size_t b = 0, e = s.size();
    while (b < e && is_space(s[b])) ++b;
    while (e > b && is_space(s[e - 1])) --e;
    return s.substr(b, e - b);
}

bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'a' && x <= 'z') x = static_cast<char>(x - 'a' + 'A');
        if (y >= 'a' && y <= 'z') y = static_cast<char>(y - 'a' + 'A');
        if (x != y) return false;
    }
    return true;
}

bool parse_uint(std::string_view s, std::uint64_t& out) noexcept {
    if (s.empty()) return false;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size();
}

bool Lines::next(std::string_view& line) noexcept {
    if (pos_ >= text_.size()) return false;
    start_ = pos_;
    const std::size_t nl = text_.find('\n', pos_);
    std::size_t end = nl == std::string_view::npos ? text_.size() : nl;
    pos_ = nl == std::string_view::npos ? text_.size() : nl + 1;
    if (end > start_ && text_[end - 1] == '\r') --end;
    line = text_.substr(start_, end - start_);
    ++number_;
    return true;
}

void split(std::string_view line, std::vector<std::string_view>& out) {
    out.clear();
    std::size_t i = 0;
    const std::size_t n = line.size();
    while (i < n) {
        while (i < n && is_space(line[i])) ++i;
        if (i == n) break;
        const std::size_t b = i;
        while (i < n && !is_space(line[i])) ++i;
        out.push_back(line.substr(b, i - b));
    }
}

Dag finish(DagBuilder&& builder, std::string_view source, FileText* spent) {
    if (builder.node_count() == 0) fail_at(Errc::empty_graph, source, kNoLine, "no nodes");
    if (spent) spent->clear();
    try {
        return std::move(builder).build();
    } catch (const Error& e) {
        rethrow_at(e, source, kNoLine);
    }
}

void FileText::clear() noexcept {
    if (map_) ::munmap(map_, size_);
    map_ = nullptr;
    data_.reset();
    size_ = capacity_ = dropped_ = newlines_dropped_ = 0;
    next_drop_ = UINTPTR_MAX;
    last_newline_ = nullptr;
}

std::unique_ptr<char[]> FileText::release() {
    if (map_) {
        data_ = std::make_unique_for_overwrite<char[]>(size_);
        std::memcpy(data_.get(), map_, size_);
        ::munmap(map_, size_);
        map_ = nullptr;
    }
    std::unique_ptr<char[]> out = std::move(data_);
    clear();
    return out;
}

namespace {

// '\n' bytes in [b, e), eight at a time (std::count goes byte by byte at
// -O2: it was 4% of reading a 122 MB WfFormat file).
std::size_t count_newlines(const char* b, const char* e) noexcept {
    constexpr std::uint64_t kNl = 0x0A0A0A0A0A0A0A0Aull, kLow = 0x7F7F7F7F7F7F7F7Full;
    std::size_t n = 0;
    for (; e - b >= 8; b += 8) {
        std::uint64_t w;
        std::memcpy(&w, b, 8);
        const std::uint64_t x = w ^ kNl;                          // 0 where a '\n' was
        const std::uint64_t nonzero = (((x & kLow) + kLow) | x) & ~kLow;  // high bit of each nonzero byte
        n += 8 - static_cast<std::size_t>(__builtin_popcountll(nonzero));
    }
    return n + static_cast<std::size_t>(std::count(b, e, '\n'));
}

std::size_t page_size() noexcept {
    static const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    return page;
}

}  // namespace

void FileText::set_drop_step(std::size_t step, bool strict) noexcept {
    drop_step_ = std::max(page_size(), step / page_size() * page_size());
    strict_ = strict;
    if (map_) next_drop_ = reinterpret_cast<std::uintptr_t>(map_ + dropped_ + drop_step_);
}

void FileText::drop_before(const char* p) noexcept {
    if (!map_) return;
    // Whole pages below the one `p` is in; with the page before it kept too
    // (an error message may look a little behind the reader).
    const std::size_t page = page_size();
    std::size_t upto = static_cast<std::size_t>(p - map_);
    upto = upto / page * page;
    upto = upto >= page ? upto - page : 0;
    if (p >= map_ + size_) upto = size_;  // all read: nothing to look back at
    if (upto > dropped_) {
        const char* b = map_ + dropped_;
        const char* e = map_ + upto;
        newlines_dropped_ += count_newlines(b, e);
        for (const char* q = e; q > b; --q)
            if (q[-1] == '\n') {
                last_newline_ = q - 1;
                break;
            }
        // A private read-only mapping: the pages leave this process (the
        // kernel may keep them cached) and would be read again if touched.
        const std::size_t len = (upto - dropped_ + page - 1) / page * page;
        if (strict_)
            ::mprotect(map_ + dropped_, len, PROT_NONE);
        ::madvise(map_ + dropped_, len, MADV_DONTNEED);
        dropped_ = upto;
    }
    next_drop_ = reinterpret_cast<std::uintptr_t>(map_ + std::min(size_, dropped_ + drop_step_));
    if (dropped_ >= size_) next_drop_ = UINTPTR_MAX;
}

void FileText::evict(const char* b, const char* e) noexcept {
    if (!map_) return;
    const std::size_t page = page_size();
    std::size_t from = static_cast<std::size_t>(std::max<const char*>(b, map_ + dropped_) - map_);
    std::size_t to = static_cast<std::size_t>(std::min<const char*>(e, map_ + size_) - map_);
    from = (from + page - 1) / page * page;  // pages wholly inside
    if (to < size_) to = to / page * page;
    else to = (size_ + page - 1) / page * page;
    if (to > from) ::madvise(map_ + from, to - from, MADV_DONTNEED);
}

int map_file(const std::string& path, FileText& out, std::uint64_t max_bytes, std::uint64_t min_bytes) {
    out.clear();
    // Only a regular file is opened here: opening a FIFO, even without
    // blocking, would let its writer start and then see its reader go.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return errno;
    if (S_ISDIR(st.st_mode)) return EISDIR;
    if (!S_ISREG(st.st_mode)) return kNotMappable;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return errno;
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        return err;
    }
    int result = kNotMappable;
    if (S_ISDIR(st.st_mode)) {
        result = EISDIR;
    } else if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > max_bytes) {
        result = kTooLarge;
    } else if (S_ISREG(st.st_mode) && st.st_size > 0 && static_cast<std::uint64_t>(st.st_size) >= min_bytes) {
        const auto size = static_cast<std::size_t>(st.st_size);
        void* m = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (m != MAP_FAILED) {
            // Read ahead of the reader, which goes forward.
            ::madvise(m, size, MADV_SEQUENTIAL);
            out.map_ = static_cast<char*>(m);
            out.size_ = size;
            out.next_drop_ = reinterpret_cast<std::uintptr_t>(out.map_ + std::min(size, out.drop_step_));
            result = 0;
        }
    }
    ::close(fd);
    return result;
}

int load_file(const std::string& path, FileText& out, std::uint64_t max_bytes, bool regular_only) {
    out.clear();
    // O_NONBLOCK when only regular files will do: opening a FIFO without a
    // writer would otherwise block forever (fstat refuses it just after).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | (regular_only ? O_NONBLOCK : 0));
    if (fd < 0) return errno;
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        return err;
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        return EISDIR;
    }
    if (regular_only && !S_ISREG(st.st_mode)) {
        ::close(fd);
        return kNotRegular;
    }
    if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > max_bytes) {
        ::close(fd);
        return kTooLarge;
    }
    // Read straight into the buffer: a regular file's size is known, with
    // room for a last empty read; pipes (and a file that grows meanwhile)
    // grow it geometrically, up to one byte past max_bytes.
    constexpr std::size_t kChunk = 1 << 16;
    const std::size_t size = S_ISREG(st.st_mode) && st.st_size > 0 ? static_cast<std::size_t>(st.st_size) : 0;
    out.capacity_ = size + kChunk;
    out.data_.reset(new char[out.capacity_]);  // uninitialised on purpose
    for (;;) {
        if (out.size_ > max_bytes) {
            ::close(fd);
            out.clear();
            return kTooLarge;
        }
        if (out.size_ == out.capacity_) {
            const std::size_t cap = out.capacity_ * 2;
            std::unique_ptr<char[]> bigger(new char[cap]);
            std::memcpy(bigger.get(), out.data_.get(), out.size_);
            out.data_ = std::move(bigger);
            out.capacity_ = cap;
        }
        const ssize_t got = ::read(fd, out.data_.get() + out.size_, out.capacity_ - out.size_);
        if (got == 0) break;
        if (got < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            ::close(fd);
            out.clear();
            return err;
        }
        out.size_ += static_cast<std::size_t>(got);
    }
    ::close(fd);
    return 0;
}

void limit_exceeded(std::string_view source, std::size_t line, const char* limit, std::uint64_t value,
                    std::string_view what) {
    fail_at(Errc::too_large, source, line,
            std::string(what) + ": over the read limit " + limit + " = " + std::to_string(value) +
                " (raise it with ics_read_options." + limit + " or the ics flag --" +
                [&] {
                    std::string flag(limit);
                    std::replace(flag.begin(), flag.end(), '_', '-');
                    return flag;
                }() +
                ")");
}

}  // namespace ics::io::detail
