// Internals of lib/server shared by the state machine and the replay.
#pragma once

#include <cstdint>

#include "server/server.hpp"

namespace ics::server::detail {

// A task's state byte: TaskState in the low bits, bit 7 set while it is in
// doubt (running since before open() and not reported since).
inline constexpr std::uint8_t kStateMask = 0x7F;
inline constexpr std::uint8_t kInDoubt = 0x80;

inline std::uint8_t code(TaskState s) { return static_cast<std::uint8_t>(s); }

}  // namespace ics::server::detail
