// The server's journal: an append-only file of events, so a server killed at
// any instant reopens in the state of its last acknowledged event.
//
// File layout (little-endian):
//   header  "ICSJRNL1" | u32 format version (1) | u32 task count |
//           u64 dag fingerprint | u32 CRC32C of the 24 bytes before
//   records u32 payload length | u32 CRC32C of (length, payload) | payload
// A record is written with one write(2) before the call that made it
// returns, so a kill -9 never loses an acknowledged event (the page cache
// survives the process); fsync (every record, every N, never) is what
// decides what survives a power cut. On open, the first record that is
// short, fails its checksum or does not apply to the state is the end: it
// and everything after it are cut, and the recovery message says so.
// Snapshots replace the file atomically: a new file with the header and one
// snapshot record is written beside it, fsynced and renamed over it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace ics::server {

// CRC32C (Castagnoli), the checksum of iSCSI and ext4 metadata.
std::uint32_t crc32c(const void* data, std::size_t len, std::uint32_t crc = 0) noexcept;

// Record types (first byte of a payload).
enum class RecordType : std::uint8_t {
    handout = 1,   // u32 worker, u64 now, u64 deadline, u32 count, u32 tasks[count]
    complete = 2,  // u32 task
    fail = 3,      // u32 task
    give_back = 4, // u64 now, u32 count, u32 tasks[count] (release, expire)
    replan = 5,    // nothing
    snapshot = 6,  // the whole state (Server::encode_snapshot)
    clock = 7,     // u64 now
    batch = 8,     // u64 now, u64 deadline, u32 count, (u32 task, u32 worker)[count]
};

// Little-endian payload writer and bounds-checked reader (throws parse).
class RecordWriter {
public:
    explicit RecordWriter(RecordType t) { bytes_.push_back(static_cast<std::uint8_t>(t)); }
    void u8(std::uint8_t v) { bytes_.push_back(v); }
    void u32(std::uint32_t v);
    void u64(std::uint64_t v);
    std::vector<std::uint8_t> take() { return std::move(bytes_); }

private:
    std::vector<std::uint8_t> bytes_;
};

class RecordReader {
public:
    explicit RecordReader(std::span<const std::uint8_t> p) : p_(p) {}
    std::uint8_t u8();
    std::uint32_t u32();
    std::uint64_t u64();
    bool done() const noexcept { return pos_ == p_.size(); }
    std::size_t left() const noexcept { return p_.size() - pos_; }

private:
    std::span<const std::uint8_t> p_;
    std::size_t pos_ = 0;
};

struct JournalPolicy {
    int fsync = 0;               // 0 every record, 1 every `every` records, 2 never (Fsync's values)
    std::uint32_t every = 1000;
};

class Journal {
public:
    // A new journal at `path` (io when it cannot be written, invalid_argument
    // when a non-empty file is there).
    static std::unique_ptr<Journal> create(const std::string& path, std::uint64_t fingerprint, std::uint32_t tasks,
                                           JournalPolicy policy);
    // Opens `path` and hands every whole record's payload to `apply`, which
    // returns "" when it applied it, else why not (the record is then the
    // corrupt tail). Throws io (unreadable), parse (not a journal),
    // invalid_argument (another dag). *records / *cut / *message: see Recovery.
    static std::unique_ptr<Journal> open(const std::string& path, std::uint64_t fingerprint, std::uint32_t tasks,
                                         JournalPolicy policy,
                                         const std::function<std::string(std::span<const std::uint8_t>)>& apply,
                                         std::uint64_t* records, std::uint64_t* cut, std::string* message);
    ~Journal();

    // Appends one record (one write, then fsync as the policy says). On
    // failure the file is cut back to its former length and io is thrown.
    void append(std::span<const std::uint8_t> payload);
    // Replaces the file by the header and one record (temp, fsync, rename).
    void rewrite(std::span<const std::uint8_t> payload);
    const std::string& path() const noexcept { return path_; }

private:
    Journal(std::string path, int fd, std::uint64_t size, std::uint64_t fingerprint, std::uint32_t tasks,
            JournalPolicy policy);
    std::string path_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
    std::uint64_t fingerprint_ = 0;
    std::uint32_t tasks_ = 0;
    JournalPolicy policy_;
    std::uint64_t unsynced_ = 0;
    std::vector<std::uint8_t> buffer_;
};

}  // namespace ics::server
