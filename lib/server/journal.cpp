// The server's journal file (see journal.hpp for the layout and guarantees).
#include "server/journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

#include "common/error.hpp"

namespace ics::server {

namespace {

constexpr char kMagic[8] = {'I', 'C', 'S', 'J', 'R', 'N', 'L', '1'};
constexpr std::uint32_t kFormatVersion = 1;
constexpr std::size_t kHeaderSize = 28;
constexpr std::uint32_t kMaxRecord = 1u << 31;

// Table of the reflected Castagnoli polynomial 0x82F63B78, 8 bytes at a time.
struct Crc32cTables {
    std::array<std::array<std::uint32_t, 256>, 8> t{};
    Crc32cTables() {
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0x82F63B78u & (0u - (c & 1u)));
            t[0][i] = c;
        }
        for (std::uint32_t i = 0; i < 256; ++i)
            for (int s = 1; s < 8; ++s) t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xFF];
    }
};
const Crc32cTables kCrc;

void put32(std::uint8_t* p, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
void put64(std::uint8_t* p, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
std::uint32_t get32(const std::uint8_t* p) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}
std::uint64_t get64(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

std::string sys_error(const std::string& what, const std::string& path) {
    return what + " " + quoted(path) + ": " + std::strerror(errno);
}

std::array<std::uint8_t, kHeaderSize> header(std::uint64_t fingerprint, std::uint32_t tasks) {
    std::array<std::uint8_t, kHeaderSize> h{};
    std::memcpy(h.data(), kMagic, 8);
    put32(h.data() + 8, kFormatVersion);
    put32(h.data() + 12, tasks);
    put64(h.data() + 16, fingerprint);
    put32(h.data() + 24, crc32c(h.data(), 24));
    return h;
}

// Frames a payload: length, checksum of (length, payload), payload.
void frame(std::vector<std::uint8_t>& out, std::span<const std::uint8_t> payload) {
    const std::size_t at = out.size();
    out.resize(at + 8 + payload.size());
    put32(out.data() + at, static_cast<std::uint32_t>(payload.size()));
    if (!payload.empty()) std::memcpy(out.data() + at + 8, payload.data(), payload.size());
    std::uint32_t crc = crc32c(out.data() + at, 4);
    crc = crc32c(payload.data(), payload.size(), crc);
    put32(out.data() + at + 4, crc);
}

void write_all(int fd, const std::uint8_t* p, std::size_t len, const std::string& path) {
    while (len > 0) {
        const ssize_t w = ::write(fd, p, len);
        if (w < 0) {
            if (errno == EINTR) continue;
            fail(Errc::io, sys_error("cannot write journal", path));
        }
        p += w;
        len -= static_cast<std::size_t>(w);
    }
}

void sync_dir(const std::string& path) {
    const auto slash = path.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    const int d = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (d >= 0) {
        ::fsync(d);
        ::close(d);
    }
}

// Writes header + optional record to path.tmp, fsyncs and renames it over path.
void write_atomically(const std::string& path, std::uint64_t fingerprint, std::uint32_t tasks,
                      std::span<const std::uint8_t> payload, bool with_record) {
    const std::string tmp = path + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) fail(Errc::io, sys_error("cannot create journal", tmp));
    try {
        std::vector<std::uint8_t> bytes;
        const auto h = header(fingerprint, tasks);
        bytes.assign(h.begin(), h.end());
        if (with_record) frame(bytes, payload);
        write_all(fd, bytes.data(), bytes.size(), tmp);
        if (::fsync(fd) != 0) fail(Errc::io, sys_error("cannot fsync journal", tmp));
    } catch (...) {
        ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    ::close(fd);
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string msg = sys_error("cannot rename journal to", path);
        ::unlink(tmp.c_str());
        fail(Errc::io, msg);
    }
    sync_dir(path);
}

int open_append(const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) fail(Errc::io, sys_error("cannot open journal", path));
    return fd;
}

}  // namespace

std::uint32_t crc32c(const void* data, std::size_t len, std::uint32_t crc) noexcept {
    const auto* p = static_cast<const std::uint8_t*>(data);
    const auto& t = kCrc.t;
    crc = ~crc;
    while (len >= 8) {
        const std::uint32_t lo = crc ^ get32(p);
        const std::uint32_t hi = get32(p + 4);
        crc = t[7][lo & 0xFF] ^ t[6][(lo >> 8) & 0xFF] ^ t[5][(lo >> 16) & 0xFF] ^ t[4][lo >> 24] ^
              t[3][hi & 0xFF] ^ t[2][(hi >> 8) & 0xFF] ^ t[1][(hi >> 16) & 0xFF] ^ t[0][hi >> 24];
        p += 8;
        len -= 8;
    }
    while (len-- > 0) crc = (crc >> 8) ^ t[0][(crc ^ *p++) & 0xFF];
    return ~crc;
}

void RecordWriter::u32(std::uint32_t v) {
    std::uint8_t b[4];
    put32(b, v);
    bytes_.insert(bytes_.end(), b, b + 4);
}
void RecordWriter::u64(std::uint64_t v) {
    std::uint8_t b[8];
    put64(b, v);
    bytes_.insert(bytes_.end(), b, b + 8);
}

std::uint8_t RecordReader::u8() {
    if (left() < 1) fail(Errc::parse, "record too short");
    return p_[pos_++];
}
std::uint32_t RecordReader::u32() {
    if (left() < 4) fail(Errc::parse, "record too short");
    const std::uint32_t v = get32(p_.data() + pos_);
    pos_ += 4;
    return v;
}
std::uint64_t RecordReader::u64() {
    if (left() < 8) fail(Errc::parse, "record too short");
    const std::uint64_t v = get64(p_.data() + pos_);
    pos_ += 8;
    return v;
}

Journal::Journal(std::string path, int fd, std::uint64_t size, std::uint64_t fingerprint, std::uint32_t tasks,
                 JournalPolicy policy)
    : path_(std::move(path)), fd_(fd), size_(size), fingerprint_(fingerprint), tasks_(tasks), policy_(policy) {}

Journal::~Journal() {
    if (fd_ >= 0) {
        if (unsynced_ > 0 && policy_.fsync != 2) ::fdatasync(fd_);
        ::close(fd_);
    }
}

std::unique_ptr<Journal> Journal::create(const std::string& path, std::uint64_t fingerprint, std::uint32_t tasks,
                                         JournalPolicy policy) {
    if (path.empty()) fail(Errc::invalid_argument, "journal path is empty");
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && st.st_size > 0)
        fail(Errc::invalid_argument, "journal " + quoted(path) + " already exists (open it to resume, or remove it)");
    write_atomically(path, fingerprint, tasks, {}, false);
    return std::unique_ptr<Journal>(new Journal(path, open_append(path), kHeaderSize, fingerprint, tasks, policy));
}

std::unique_ptr<Journal> Journal::open(const std::string& path, std::uint64_t fingerprint, std::uint32_t tasks,
                                       JournalPolicy policy,
                                       const std::function<std::string(std::span<const std::uint8_t>)>& apply,
                                       std::uint64_t* records, std::uint64_t* cut, std::string* message) {
    if (path.empty()) fail(Errc::invalid_argument, "journal path is empty");
    const int rfd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (rfd < 0) fail(Errc::io, sys_error("cannot open journal", path));
    std::vector<std::uint8_t> data;
    {
        struct stat st {};
        if (::fstat(rfd, &st) != 0) {
            ::close(rfd);
            fail(Errc::io, sys_error("cannot read journal", path));
        }
        data.resize(static_cast<std::size_t>(st.st_size));
        std::size_t got = 0;
        while (got < data.size()) {
            const ssize_t r = ::read(rfd, data.data() + got, data.size() - got);
            if (r < 0 && errno == EINTR) continue;
            if (r <= 0) break;
            got += static_cast<std::size_t>(r);
        }
        ::close(rfd);
        data.resize(got);
    }
    if (data.size() < kHeaderSize || std::memcmp(data.data(), kMagic, 8) != 0 ||
        get32(data.data() + 24) != crc32c(data.data(), 24))
        fail(Errc::parse, quoted(path) + " is not an icsched journal (bad header)");
    if (get32(data.data() + 8) != kFormatVersion)
        fail(Errc::unsupported, "journal " + quoted(path) + " has format version " +
                                    std::to_string(get32(data.data() + 8)) + " (this library reads 1)");
    if (get32(data.data() + 12) != tasks || get64(data.data() + 16) != fingerprint)
        fail(Errc::invalid_argument, "journal " + quoted(path) + " belongs to another dag (" +
                                         std::to_string(get32(data.data() + 12)) + " tasks, fingerprint " +
                                         std::to_string(get64(data.data() + 16)) + "; this dag: " +
                                         std::to_string(tasks) + " tasks, fingerprint " + std::to_string(fingerprint) +
                                         ")");
    std::size_t pos = kHeaderSize;
    *records = 0;
    *cut = 0;
    message->clear();
    while (pos < data.size()) {
        const std::size_t left = data.size() - pos;
        std::string why;
        std::uint32_t len = 0;
        if (left < 8) {
            why = "truncated record header";
        } else {
            len = get32(data.data() + pos);
            if (len >= kMaxRecord || len > left - 8) {
                why = "truncated record (" + std::to_string(len) + " bytes announced, " + std::to_string(left - 8) +
                      " there)";
            } else {
                std::uint32_t crc = crc32c(data.data() + pos, 4);
                crc = crc32c(data.data() + pos + 8, len, crc);
                if (crc != get32(data.data() + pos + 4))
                    why = "checksum mismatch";
                else
                    why = apply(std::span<const std::uint8_t>(data.data() + pos + 8, len));
            }
        }
        if (!why.empty()) {
            *cut = left;
            *message = "journal " + quoted(path) + ": record " + std::to_string(*records + 1) + " at byte " +
                       std::to_string(pos) + ": " + why + "; cut " + std::to_string(left) + " bytes";
            break;
        }
        pos += 8 + len;
        ++*records;
    }
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) fail(Errc::io, sys_error("cannot open journal for writing", path));
    if (*cut > 0) {
        if (::ftruncate(fd, static_cast<off_t>(pos)) != 0 || ::fsync(fd) != 0) {
            const std::string msg = sys_error("cannot cut the corrupt tail of journal", path);
            ::close(fd);
            fail(Errc::io, msg);
        }
    }
    return std::unique_ptr<Journal>(new Journal(path, fd, pos, fingerprint, tasks, policy));
}

void Journal::append(std::span<const std::uint8_t> payload) {
    buffer_.clear();
    frame(buffer_, payload);
    try {
        write_all(fd_, buffer_.data(), buffer_.size(), path_);
        ++unsynced_;
        if (policy_.fsync == 0 || (policy_.fsync == 1 && unsynced_ >= policy_.every)) {
            if (::fdatasync(fd_) != 0) fail(Errc::io, sys_error("cannot fsync journal", path_));
            unsynced_ = 0;
        }
    } catch (...) {
        // Never leave half a record behind a record that was acknowledged.
        if (::ftruncate(fd_, static_cast<off_t>(size_)) != 0) {
        }
        throw;
    }
    size_ += buffer_.size();
}

void Journal::rewrite(std::span<const std::uint8_t> payload) {
    write_atomically(path_, fingerprint_, tasks_, payload, true);
    const int fd = open_append(path_);
    ::close(fd_);
    fd_ = fd;
    std::vector<std::uint8_t> framed;
    frame(framed, payload);
    size_ = kHeaderSize + framed.size();
    unsynced_ = 0;
}

}  // namespace ics::server
