// read_file / read_string: load, detect, dispatch to the format's reader,
// and hold every read to its ReadLimits (README, "Security and limits").
#include <algorithm>
#include <cstring>
#include <filesystem>

#include "io/dagman.hpp"
#include "io/detail.hpp"
#include "io/xml_stream.hpp"

namespace ics::io {

namespace {

namespace fs = std::filesystem;

// The tree same_directory_tree allows: `dir` with symbolic links resolved
// ("" when there is none, which allows no file).
std::string policy_root(const ReadLimits& limits, const std::string& dir) {
    if (limits.include_policy != IncludePolicy::same_directory_tree) return {};
    std::error_code ec;
    const fs::path root = fs::weakly_canonical(fs::absolute(dir.empty() ? fs::path(".") : fs::path(dir), ec), ec);
    return ec ? std::string() : root.string();
}

// The formats other than DAGMan write each node and arc out (at least a byte
// each): max_bytes bounds them while reading, these checks after.
void check_counts(const Dag& dag, std::string_view source_name, const ReadLimits& limits) {
    if (dag.node_count() > limits.max_nodes)
        detail::limit_exceeded(source_name, detail::kNoLine, "max_nodes", limits.max_nodes,
                               std::to_string(dag.node_count()) + " nodes");
    if (dag.arc_count() + dag.duplicate_arcs() > limits.max_arcs)
        detail::limit_exceeded(source_name, detail::kNoLine, "max_arcs", limits.max_arcs,
                               std::to_string(dag.arc_count() + dag.duplicate_arcs()) + " arcs");
}

// `spent`: the loaded file holding `content` (null for a string): readers
// whose result needs no part of it free it before building the dag.
ReadResult read_limited(std::string_view content, Format format, std::string_view source_name,
                        const std::string& base_dir, const ReadLimits& limits, const std::string& root,
                        detail::FileText* spent = nullptr) {
    if (content.size() > limits.max_bytes)
        detail::limit_exceeded(source_name, detail::kNoLine, "max_bytes", limits.max_bytes,
                               std::to_string(content.size()) + " bytes");
    const std::string_view as_read = content;
    if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);  // UTF-8 byte-order mark
    if (format == Format::automatic) format = detect_format(content, source_name);
    // Blank input is "no nodes" in every format (JSON and XML would call it a syntax error).
    if (detail::trim(content).empty()) detail::fail_at(Errc::empty_graph, source_name, detail::kNoLine, "no nodes");

    // Text formats refuse binary data up front (JSON has its own checks;
    // DAGMan checks each file it reads).
    if (format == Format::edges || format == Format::dot || format == Format::dax || format == Format::stg)
        detail::check_text(content, source_name);
    // A mapped file: the pages those passes read leave memory again (the
    // reader reads them in order, giving each back once passed).
    if (spent != nullptr) spent->evict();

    ReadResult r;
    r.format = format;
    // The file's text is needed after the read only to write priorities back into it.
    detail::FileText* const unkept = limits.keep_source ? nullptr : spent;
    switch (format) {
        case Format::edges: r.dag = detail::read_edges(content, source_name, spent); break;
        case Format::dot: r.dag = detail::read_dot(content, source_name, limits, spent); break;
        case Format::dagman: r = detail::read_dagman(content, source_name, base_dir, limits, root, unkept); break;
        case Format::wfformat: r.dag = detail::read_wfformat(content, source_name, unkept); break;
        case Format::dax: r.dag = detail::read_dax(content, source_name); break;
        case Format::stg: r.dag = detail::read_stg(content, source_name, spent); break;
        case Format::adjacency_json: r.dag = detail::read_adjacency_json(content, source_name, spent); break;
        default: fail(Errc::invalid_argument, "unknown format " + std::to_string(static_cast<int>(format)));
    }
    check_counts(r.dag, source_name, limits);
    if ((format == Format::dax || format == Format::wfformat) && !limits.keep_source) r.source_dropped = true;
    if (r.source_dropped) r.dropped_name = std::string(source_name);
    if ((format == Format::dax || format == Format::wfformat) && limits.keep_source) {
        // The loaded file's buffer becomes the source when it holds `as_read` (no copy).
        auto src = std::make_shared<SourceText>();
        src->name = std::string(source_name);
        if (spent != nullptr && spent->view().data() == as_read.data() && spent->view().size() == as_read.size()) {
            src->owned = spent->release();
        } else {
            src->owned = std::make_unique_for_overwrite<char[]>(as_read.size());
            std::copy(as_read.begin(), as_read.end(), src->owned.get());
        }
        src->text = std::string_view(src->owned.get(), as_read.size());
        r.source = std::move(src);
    }
    return r;
}

}  // namespace

ReadLimits ReadLimits::unlimited() {
    ReadLimits l;
    l.max_bytes = l.max_includes = l.max_splices = l.max_nodes = l.max_arcs = UINT64_MAX;
    l.include_policy = IncludePolicy::allow;
    return l;
}

ReadResult read_string(std::string_view content, Format format, std::string_view source_name,
                       const std::string& base_dir) {
    return read_limited(content, format, source_name, base_dir, ReadLimits::unlimited(), {});
}

ReadResult read_string(std::string_view content, Format format, std::string_view source_name,
                       const ReadLimits& limits) {
    // No base directory: nothing to allow (not the current directory).
    const std::string root = limits.base_dir.empty() ? std::string() : policy_root(limits, limits.base_dir);
    return read_limited(content, format, source_name, limits.base_dir, limits, root);
}

ReadResult read_file(const std::string& path, Format format, const ReadLimits& limits) {
    // A DAX file whose text is not kept is read in 1 MiB pieces, never whole
    // (issue 18: no mapping, so nothing another process does to the file
    // can end this one).
    const auto dax_name = [&] {
        const std::size_t dot = path.rfind('.');
        const std::string_view ext = dot == std::string::npos ? std::string_view() : std::string_view(path).substr(dot + 1);
        return detail::iequals(ext, "xml") || detail::iequals(ext, "dax");
    };
    if (!limits.keep_source && (format == Format::dax || (format == Format::automatic && dax_name()))) {
        ReadResult r;
        r.format = Format::dax;
        r.dag = detail::read_dax_file(path, limits.max_bytes);
        check_counts(r.dag, path, limits);
        r.source_dropped = true;
        r.dropped_name = path;
        return r;
    }
    detail::FileText content;
    // Without the source kept, a regular file is mapped so that the readers
    // can give back the pages they have passed (issue 18); the source kept
    // is a buffer of its own, so loaded; so are files below one drop step.
    int err = detail::kNotMappable;
    if (!limits.keep_source) err = detail::map_file(path, content, limits.max_bytes, detail::FileText::kDropStep);
    if (err == detail::kNotMappable) err = detail::load_file(path, content, limits.max_bytes);
    if (err == detail::kTooLarge)
        detail::limit_exceeded(path, detail::kNoLine, "max_bytes", limits.max_bytes, "the file is larger");
    if (err != 0) fail(Errc::io, path + ": cannot read: " + std::strerror(err));
    const std::string dir = fs::path(path).parent_path().string();
    return read_limited(content.view(), format, path, dir, limits,
                        policy_root(limits, limits.base_dir.empty() ? dir : limits.base_dir), &content);
}

ReadResult read_file(const std::string& path, Format format) {
    return read_file(path, format, ReadLimits::unlimited());
}

}  // namespace ics::io
