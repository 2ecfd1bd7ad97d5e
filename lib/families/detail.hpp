// Internal helpers shared by the family generators (lib/families/): size
// limits, parameter checks, node-name formatting and the bipartite builder
// used by the building-block dags. Not part of the public interface.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "dag/dag.hpp"

namespace ics::families::detail {

// Largest arc count a generator accepts (the builder holds 8 bytes an arc).
inline constexpr std::uint64_t kMaxArcs = std::uint64_t{1} << 32;

// Saturating arithmetic, so sizes can be computed before any check.
std::uint64_t sat_add(std::uint64_t a, std::uint64_t b) noexcept;
std::uint64_t sat_mul(std::uint64_t a, std::uint64_t b) noexcept;
std::uint64_t sat_pow2(std::uint64_t e) noexcept;

// Throws Errc::too_large when `what` would exceed kMaxNodes nodes or kMaxArcs arcs.
void check_size(std::string_view what, std::uint64_t nodes, std::uint64_t arcs);
// Throws Errc::invalid_argument "<what>: <message>".
[[noreturn]] void invalid(std::string_view what, std::string_view message);

struct Param {
    std::string_view name;
    std::uint64_t value;
    std::uint64_t min;
};
// Checks every parameter against its minimum (invalid_argument "fft(d=0): d
// must be at least 1 (got 0)") and returns how messages name the call, "fft(d=16)".
std::string checked_call(std::string_view function, std::initializer_list<Param> params);

// A reusable buffer composing one node name from a prefix, numbers and bits.
class Name {
public:
    Name& reset(std::string_view prefix) {
        text_.assign(prefix);
        return *this;
    }
    Name& add(std::string_view s) {
        text_.append(s);
        return *this;
    }
    Name& add(std::uint64_t value);                       // decimal
    Name& add_bits(std::uint64_t value, unsigned length);  // `length` bits, most significant first
    std::string_view view() const noexcept { return text_; }

private:
    std::string text_;
};

// Adds the 2^length nodes "<prefix><bits>", one for each bit string of that
// length in numeric order (the empty string when length is 0); returns the first id.
NodeId add_bit_strings(DagBuilder& b, Name& name, std::string_view prefix, unsigned length);

// A bipartite dag with `top` and `bottom` nodes whose arcs `emit(add)` lists
// as add(i, j): top node i -> bottom node j, both 1-based. Sources are named
// s1.. and sinks t1.., left to right; with `dual` every arc is reversed (the
// bottom nodes become the sources s1.., the top nodes the sinks t1..).
// Source ids come first, then sink ids.
template <class Emit>
Dag bipartite(std::string_view what, std::uint64_t top, std::uint64_t bottom, std::uint64_t arcs,
              bool dual, Emit&& emit) {
    check_size(what, top + bottom, arcs);
    const std::uint64_t sources = dual ? bottom : top;
    const std::uint64_t sinks = dual ? top : bottom;
    DagBuilder b;
    b.reserve(sources + sinks, arcs);
    Name name;
    for (std::uint64_t i = 1; i <= sources; ++i) b.add_node(name.reset("s").add(i).view());
    for (std::uint64_t j = 1; j <= sinks; ++j) b.add_node(name.reset("t").add(j).view());
    const auto top_id = [&](std::uint64_t i) { return static_cast<NodeId>(dual ? sources + i - 1 : i - 1); };
    const auto bottom_id = [&](std::uint64_t j) { return static_cast<NodeId>(dual ? j - 1 : sources + j - 1); };
    emit([&](std::uint64_t i, std::uint64_t j) {
        if (dual)
            b.add_arc(bottom_id(j), top_id(i));
        else
            b.add_arc(top_id(i), bottom_id(j));
    });
    return std::move(b).build();
}

// W_{s,d} named `family` in messages, or with `dual` its dual M_{s,d}.
// Defined in w_dag.cpp.
Dag w_or_m_dag(std::string_view family, std::uint32_t s, std::uint32_t d, bool dual);

// The l-level mesh of guidelines §2.1.1: the reduction-mesh, or with `dual`
// the evolving (out-)mesh. Defined in reduction_mesh.cpp.
Dag mesh(std::uint32_t levels, bool dual);

}  // namespace ics::families::detail
