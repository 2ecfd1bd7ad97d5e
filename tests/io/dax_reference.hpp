// The DAX reader of icsched before the streaming one (lib/io/dax.cpp up to
// 2026-11): pugixml's document tree, jobs first, then <child>/<parent>.
// Kept as the reference the streaming reader is compared with
// (dax_stream_test.cpp); it takes text that read_string has checked.
#pragma once

#include <pugixml.hpp>

#include <string>
#include <string_view>

#include "common/error.hpp"
#include "dag/dag.hpp"
#include "io/detail.hpp"

namespace daxref {

namespace detail = ics::io::detail;
using ics::Dag;
using ics::Errc;
using ics::NodeId;

inline std::string_view ref_local_name(const pugi::xml_node& n) {
    const std::string_view name = n.name();
    const std::size_t colon = name.find(':');
    return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

class ReferenceReader {
public:
    ReferenceReader(std::string_view text, std::string_view source) : text_(text), source_(source) {}

    Dag read() {
        refuse_nul_references();
        pugi::xml_document doc;
        const pugi::xml_parse_result r =
            doc.load_buffer(text_.data(), text_.size(), pugi::parse_default, pugi::encoding_utf8);
        if (!r) {
            const auto [line, col] = detail::line_col(text_, static_cast<std::size_t>(r.offset));
            detail::fail_at(Errc::parse, source_, line,
                            "column " + std::to_string(col) + ": XML error: " + r.description());
        }
        const pugi::xml_node root = doc.document_element();
        if (ref_local_name(root) != "adag")
            fail(root, "root element is <" + std::string(root.name()) + ">, expected <adag> (Pegasus DAX)");
        for (const pugi::xml_node& n : root.children()) {
            const std::string_view kind = ref_local_name(n);
            if (kind != "job" && kind != "dag" && kind != "dax") continue;
            const std::string_view id = required_ref(n, "id");
            try {
                b_.add_node(id);
            } catch (const ics::Error& e) {
                detail::rethrow_at(e, source_, line_of(n));
            }
        }
        for (const pugi::xml_node& child : root.children()) {
            if (ref_local_name(child) != "child") continue;
            const NodeId c = known(child, required_ref(child, "ref"));
            for (const pugi::xml_node& parent : child.children()) {
                if (ref_local_name(parent) != "parent") continue;
                const NodeId p = known(parent, required_ref(parent, "ref"));
                try {
                    b_.add_arc(p, c);
                } catch (const ics::Error& e) {
                    detail::rethrow_at(e, source_, line_of(parent));
                }
            }
        }
        return detail::finish(std::move(b_), source_);
    }

private:
    void refuse_nul_references() const {
        for (std::size_t at = text_.find("&#"); at != std::string_view::npos; at = text_.find("&#", at + 2)) {
            std::size_t i = at + 2;
            const bool hex = i < text_.size() && (text_[i] == 'x' || text_[i] == 'X');
            if (hex) ++i;
            const std::size_t digits = i;
            while (i < text_.size() && text_[i] == '0') ++i;
            if (i > digits && i < text_.size() && text_[i] == ';')
                detail::fail_at(Errc::parse, source_, detail::line_col(text_, at).first,
                                "character reference " + std::string(text_.substr(at, i + 1 - at)) +
                                    " is NUL, which no name may contain");
        }
    }
    std::size_t line_of(const pugi::xml_node& n) const {
        const std::ptrdiff_t off = n.offset_debug();
        return off < 0 ? detail::kNoLine : detail::line_col(text_, static_cast<std::size_t>(off)).first;
    }
    [[noreturn]] void fail(const pugi::xml_node& n, const std::string& cause, Errc code = Errc::parse) const {
        detail::fail_at(code, source_, line_of(n), cause);
    }
    std::string_view required_ref(const pugi::xml_node& n, const char* attr) const {
        const std::string_view v = n.attribute(attr).value();
        if (v.empty()) fail(n, "<" + std::string(n.name()) + "> without a " + attr + "=\"...\" attribute");
        return v;
    }
    NodeId known(const pugi::xml_node& n, std::string_view ref) const {
        const NodeId v = b_.find(ref);
        if (v == ics::kNoNode)
            fail(n, "<" + std::string(n.name()) + " ref=" + detail::quote(ref) + "> names no job", Errc::unknown_node);
        return v;
    }

    std::string_view text_;
    std::string_view source_;
    ics::DagBuilder b_;
};

}  // namespace daxref
