// Error model of the C++ core. Every failure is an ics::Error carrying a
// code that maps 1:1 onto the C API's ics_status (capi/include/ics/ics.h).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace ics {

// Values equal the C API's ics_status codes; only grow at the end.
enum class Errc : int {
    ok = 0,
    invalid_argument = -1,
    out_of_memory = -2,
    io = -3,
    parse = -4,
    cycle = -5,
    unknown_node = -6,
    duplicate_node = -7,
    self_loop = -8,
    empty_graph = -9,
    invalid_order = -10,
    misuse = -11,
    buffer_too_small = -12,
    too_large = -13,
    unsupported = -14,
    internal = -15,
    not_ic_optimal = -16,
    not_decomposable = -17,
    cancelled = -18,  // a progress callback asked to stop (schedule Options::progress)
};

class Error : public std::runtime_error {
public:
    Error(Errc code, const std::string& message) : std::runtime_error(message), code_(code) {}
    Errc code() const noexcept { return code_; }

private:
    Errc code_;
};

[[noreturn]] inline void fail(Errc code, const std::string& message) { throw Error(code, message); }

// A name as messages show it: 'name'.
inline std::string quoted(std::string_view s) {
    std::string out = "'";
    out.append(s);
    out += '\'';
    return out;
}

}  // namespace ics
