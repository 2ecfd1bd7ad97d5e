// The forced-join lemma: lets the ▷-linearization (linearize.cpp) pass a join
// block that lacks ▷-priority over the blocks it frees, when the super-dag
// leaves no choice. Statement and proof in forced_join.cpp; README "Forced
// joins" summarises them.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "blocks/schedule_table.hpp"
#include "decompose/decomposition.hpp"
#include "schedule/linearize.hpp"

namespace ics::schedule {

class ForcedJoin {
public:
    ForcedJoin(const decompose::Decomposition& dec, const blocks::ScheduleTable& blocks);

    // `b` is a source block of the remnant (the blocks not in `lin` yet),
    // `pending[c]` the unremoved super-dag parents of block c, `prio(a, c)`
    // whether a ▷ c. True when the lemma proves that emitting b next keeps
    // the linearization IC-optimal although b may lack ▷-priority over the
    // blocks it frees; the caller must then emit b as the next group (its
    // index is recorded here and lin.forced_joins is incremented). False
    // leaves everything as it was.
    bool admit(decompose::BlockId b, Linearization& lin, const std::uint32_t* pending,
               const std::function<bool(decompose::BlockId, decompose::BlockId)>& prio);

private:
    // Brings the sums over the emitted blocks up to date with lin.
    void catch_up(const Linearization& lin);

    const decompose::Decomposition& dec_;
    const blocks::ScheduleTable& blocks_;
    std::vector<char> open_source_;   // block has a source that is a source of the dag
    std::uint64_t open_total_ = 0;    // blocks with open_source_
    std::uint64_t open_emitted_ = 0;  // ... among the emitted ones
    std::int64_t arcs_out_ = 0;       // super-dag arcs from emitted to unemitted blocks
    std::size_t blocks_seen_ = 0;     // prefix of lin.blocks counted in the sums
    std::size_t groups_seen_ = 0;     // prefix of lin's groups scanned for last_ordinary_
    std::vector<std::uint32_t> forced_groups_;  // increasing
    std::int64_t last_ordinary_ = -1;           // last group emitted by §4.2 (a)/(c), -1 if none
    std::vector<decompose::BlockId> reps_;      // its members with distinct profiles
    std::int64_t reps_of_ = -1;                 // the group reps_ was taken from
};

}  // namespace ics::schedule
