// ics_dag_generate_*: the dag families of the papers.
#include "families/families.hpp"
#include "handles.hpp"

using namespace ics;
using namespace ics::capi;

#define ICS_GENERATE(call)    \
    ICS_API_BEGIN             \
    require(out, "out");      \
    return emit(out, call);   \
    ICS_API_END

extern "C" {

ics_status ics_dag_generate_w(ics_dag** out, uint32_t s, uint32_t d) { ICS_GENERATE(families::w_dag(s, d)) }
ics_status ics_dag_generate_m(ics_dag** out, uint32_t s, uint32_t d) { ICS_GENERATE(families::m_dag(s, d)) }
ics_status ics_dag_generate_n(ics_dag** out, uint32_t s) { ICS_GENERATE(families::n_dag(s)) }
ics_status ics_dag_generate_cycle(ics_dag** out, uint32_t s) { ICS_GENERATE(families::cycle_dag(s)) }

ics_status ics_dag_generate_pbt(ics_dag** out, const char* delta) {
    ICS_API_BEGIN
    require(out, "out");
    require(delta, "delta");
    return emit(out, families::pbt(families::parse_zigzag(delta)));
    ICS_API_END
}

ics_status ics_dag_generate_reduction_mesh(ics_dag** out, uint32_t levels) {
    ICS_GENERATE(families::reduction_mesh(levels))
}
ics_status ics_dag_generate_out_mesh(ics_dag** out, uint32_t levels) { ICS_GENERATE(families::out_mesh(levels)) }
ics_status ics_dag_generate_reduction_tree(ics_dag** out, uint32_t height) {
    ICS_GENERATE(families::reduction_tree(height))
}

ics_status ics_dag_generate_reduction_tree_strings(ics_dag** out, const char* const* strings, size_t count) {
    ICS_API_BEGIN
    require(out, "out");
    if (strings == nullptr && count > 0) fail(Errc::invalid_argument, "strings is NULL");
    std::vector<std::string> set;
    set.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        if (strings[i] == nullptr) fail(Errc::invalid_argument, "strings[" + std::to_string(i) + "] is NULL");
        set.emplace_back(strings[i]);
    }
    return emit(out, families::reduction_tree(std::span<const std::string>(set)));
    ICS_API_END
}

ics_status ics_dag_generate_fft(ics_dag** out, uint32_t d) { ICS_GENERATE(families::fft(d)) }
ics_status ics_dag_generate_expansion_reduction(ics_dag** out, uint32_t depth) {
    ICS_GENERATE(families::expansion_reduction(depth))
}
ics_status ics_dag_generate_random_layered(ics_dag** out, uint32_t layers, uint32_t width, double p, uint64_t seed) {
    ICS_GENERATE(families::random_layered(layers, width, p, seed))
}
ics_status ics_dag_generate_random_er(ics_dag** out, uint32_t n, double p, uint64_t seed) {
    ICS_GENERATE(families::random_er(n, p, seed))
}

}  // extern "C"

// Familiar computations (issue 4; lib/families/*.cpp cite each construction).
extern "C" {

ics_status ics_dag_generate_matrix_multiplication(ics_dag** out, uint32_t levels) {
    ICS_GENERATE(families::matrix_multiplication(levels))
}
ics_status ics_dag_generate_laplace(ics_dag** out, uint32_t n) { ICS_GENERATE(families::laplace(n)) }
ics_status ics_dag_generate_divide_conquer(ics_dag** out, uint32_t branching, uint32_t depth) {
    ICS_GENERATE(families::divide_conquer(branching, depth))
}
ics_status ics_dag_generate_wavefront(ics_dag** out, uint32_t rows, uint32_t cols) {
    ICS_GENERATE(families::wavefront(rows, cols))
}
ics_status ics_dag_generate_parallel_prefix(ics_dag** out, uint32_t n) { ICS_GENERATE(families::parallel_prefix(n)) }
ics_status ics_dag_generate_fmri(ics_dag** out, uint32_t width) { ICS_GENERATE(families::fmri(width)) }

}  // extern "C"
