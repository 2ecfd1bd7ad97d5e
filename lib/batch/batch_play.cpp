// A play of the Batched IC Pebble Game (batch-scheduling.txt §2.2): at step t
// the Server receives r_t requests and executes min(e_t, r_t) ELIGIBLE tasks,
// chosen by batch::select (so each step is as good as select can prove).
#include "batch/batch.hpp"

namespace ics::batch {

Play play(const Dag& g, std::span<const NodeId> start, std::span<const std::uint64_t> requests,
          const Options& options) {
    for (std::size_t t = 0; t < requests.size(); ++t)
        if (requests[t] == 0)
            fail(Errc::invalid_argument, "request " + std::to_string(t + 1) + " asks for 0 tasks (r_t >= 1)");
    Play p;
    std::vector<NodeId> executed(start.begin(), start.end());
    for (std::uint64_t r : requests) {
        const std::uint64_t e = eligible_count(g, executed);  // also validates the start set
        if (e == 0) {  // everything has been executed
            Selection empty;
            empty.method = Method::exact;
            empty.optimal = true;
            empty.guarantee = "nothing is ELIGIBLE: every task has been executed";
            p.batches.push_back(std::move(empty));
            continue;
        }
        Selection s = select(g, executed, std::min(e, r), options);
        executed.insert(executed.end(), s.selected.begin(), s.selected.end());
        p.batches.push_back(std::move(s));
    }
    return p;
}

}  // namespace ics::batch
