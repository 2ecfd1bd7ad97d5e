// libFuzzer target: one reader (ICS_FUZZ_FORMAT, an ics::io::Format value) on
// arbitrary bytes. Every input must either read into a valid dag or fail with
// an ics::Error; anything else (a crash, a sanitizer report, another
// exception, a read past the limits) is a finding. The limits are small so
// that an amplifying input fails fast instead of timing out the fuzzer, and
// no file may be opened (IncludePolicy::deny): the input is all there is.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "common/error.hpp"
#include "io/io.hpp"

#ifndef ICS_FUZZ_FORMAT
#error "compile with -DICS_FUZZ_FORMAT=<ics::io::Format value>"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ics::io::ReadLimits limits;
    limits.include_policy = ics::io::IncludePolicy::deny;
    limits.max_nodes = 100'000;
    limits.max_arcs = 1'000'000;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const ics::io::ReadResult r =
            ics::io::read_string(text, static_cast<ics::io::Format>(ICS_FUZZ_FORMAT), "fuzz", limits);
        // What a read promises: a non-empty acyclic dag within the limits,
        // its topological order covering every node with parents first.
        const ics::Dag& g = r.dag;
        if (g.node_count() == 0 || g.node_count() > limits.max_nodes || g.arc_count() > limits.max_arcs) std::abort();
        if (g.topological_order().size() != g.node_count()) std::abort();
        for (ics::NodeId v = 0; v < g.node_count(); ++v)
            for (ics::NodeId c : g.children(v))
                if (g.levels()[c] <= g.levels()[v]) std::abort();
    } catch (const ics::Error&) {
        // A clear refusal: the expected answer to most inputs.
    }
    return 0;
}
