// Whether this CPU has the POPCNT instruction. The default x86-64 target
// has none, so std::popcount becomes a libgcc call there (issue 18: 9% of
// the linearizer, the whole gain of the Sidney networks' counts); hot loops
// keep a copy compiled with [[gnu::target("popcnt")]] and take it when this
// says so. Off x86-64 no such copy is compiled: true.
#pragma once

namespace ics {

inline bool cpu_has_popcnt() noexcept {
#if defined(__x86_64__) && defined(__GNUC__)
    static const bool hw = __builtin_cpu_supports("popcnt");
    return hw;
#else
    return true;
#endif
}

}  // namespace ics
