#include "families/detail.hpp"

#include <charconv>
#include <limits>

namespace ics::families::detail {

namespace {
constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();
}  // namespace

std::uint64_t sat_add(std::uint64_t a, std::uint64_t b) noexcept { return a > kSaturated - b ? kSaturated : a + b; }

std::uint64_t sat_mul(std::uint64_t a, std::uint64_t b) noexcept {
    return a != 0 && b > kSaturated / a ? kSaturated : a * b;
}

std::uint64_t sat_pow2(std::uint64_t e) noexcept { return e >= 64 ? kSaturated : std::uint64_t{1} << e; }

void check_size(std::string_view what, std::uint64_t nodes, std::uint64_t arcs) {
    // Values this large only come from saturated arithmetic.
    const auto count = [](std::uint64_t v) { return v >> 63 != 0 ? std::string("over 2^63") : std::to_string(v); };
    if (nodes > kMaxNodes)
        fail(Errc::too_large, std::string(what) + " would have " + count(nodes) + " nodes (limit " +
                                  std::to_string(kMaxNodes) + ")");
    if (arcs > kMaxArcs)
        fail(Errc::too_large, std::string(what) + " would have " + count(arcs) + " arcs (limit " +
                                  std::to_string(kMaxArcs) + ")");
}

void invalid(std::string_view what, std::string_view message) {
    fail(Errc::invalid_argument, std::string(what) + ": " + std::string(message));
}

std::string checked_call(std::string_view function, std::initializer_list<Param> params) {
    std::string what(function);
    what += '(';
    for (const Param& p : params) {
        if (&p != params.begin()) what += ", ";
        what.append(p.name).append("=").append(std::to_string(p.value));
    }
    what += ')';
    for (const Param& p : params)
        if (p.value < p.min)
            invalid(what, std::string(p.name) + " must be at least " + std::to_string(p.min) + " (got " +
                              std::to_string(p.value) + ")");
    return what;
}

Name& Name::add(std::uint64_t value) {
    char buf[24];
    const auto res = std::to_chars(buf, buf + sizeof buf, value);
    text_.append(buf, res.ptr);
    return *this;
}

Name& Name::add_bits(std::uint64_t value, unsigned length) {
    for (unsigned i = length; i-- > 0;) text_.push_back(((value >> i) & 1u) != 0 ? '1' : '0');
    return *this;
}

NodeId add_bit_strings(DagBuilder& b, Name& name, std::string_view prefix, unsigned length) {
    const NodeId first = b.node_count();
    const std::uint64_t count = std::uint64_t{1} << length;
    for (std::uint64_t i = 0; i < count; ++i) b.add_node(name.reset(prefix).add_bits(i, length).view());
    return first;
}

}  // namespace ics::families::detail
