// read_file / read_string: load, detect, dispatch to the format's reader.
#include <cstring>
#include <filesystem>

#include "io/dagman.hpp"
#include "io/detail.hpp"

namespace ics::io {

ReadResult read_string(std::string_view content, Format format, std::string_view source_name,
                       const std::string& base_dir) {
    const std::string_view as_read = content;
    if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);  // UTF-8 byte-order mark
    if (format == Format::automatic) format = detect_format(content, source_name);
    // Blank input is "no nodes" in every format (JSON and XML would call it a syntax error).
    if (detail::trim(content).empty()) detail::fail_at(Errc::empty_graph, source_name, detail::kNoLine, "no nodes");

    // Text formats refuse binary data up front (JSON has its own checks;
    // DAGMan checks each file it reads).
    if (format == Format::edges || format == Format::dot || format == Format::dax || format == Format::stg)
        detail::check_text(content, source_name);

    ReadResult r;
    r.format = format;
    switch (format) {
        case Format::edges: r.dag = detail::read_edges(content, source_name); break;
        case Format::dot: r.dag = detail::read_dot(content, source_name); break;
        case Format::dagman: return detail::read_dagman(content, source_name, base_dir);
        case Format::wfformat: r.dag = detail::read_wfformat(content, source_name); break;
        case Format::dax: r.dag = detail::read_dax(content, source_name); break;
        case Format::stg: r.dag = detail::read_stg(content, source_name); break;
        case Format::adjacency_json: r.dag = detail::read_adjacency_json(content, source_name); break;
        default: fail(Errc::invalid_argument, "unknown format " + std::to_string(static_cast<int>(format)));
    }
    if (format == Format::dax || format == Format::wfformat)
        r.source = std::make_shared<const SourceText>(SourceText{std::string(source_name), std::string(as_read)});
    return r;
}

ReadResult read_file(const std::string& path, Format format) {
    detail::FileText content;
    if (const int err = detail::load_file(path, content); err != 0)
        fail(Errc::io, path + ": cannot read: " + std::strerror(err));
    return read_string(content.view(), format, path, std::filesystem::path(path).parent_path().string());
}

}  // namespace ics::io
