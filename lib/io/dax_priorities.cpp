// Pegasus DAX with priorities: each <job> (and <dag>, <dax>) gets
// <profile namespace="condor" key="priority">p</profile>, which Pegasus
// passes to HTCondor as the job's priority (higher runs first). The file is
// edited as text, so every other byte stays: pugixml finds the jobs and the
// byte offsets of their names, and the profile goes on a line of its own
// before the job's first child that is neither <argument> nor <profile> (the
// order DAX 2.x/3.x schemas want), indented like that child; an existing
// condor priority profile has its value changed instead (or kept, in keep
// mode).
#include <cstring>
#include <optional>

#include <pugixml.hpp>

#include "io/detail.hpp"
#include "io/priorities.hpp"

namespace ics::io::detail {

namespace {

std::string_view local(std::string_view name) {
    const std::size_t colon = name.find(':');
    return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

bool is_job(std::string_view name) {
    const std::string_view l = local(name);
    return l == "job" || l == "dag" || l == "dax";
}

struct Edit {
    std::size_t at;      // byte offset in the original text
    std::size_t erase;   // bytes replaced there
    std::string insert;  // what goes in their place
};

class DaxPriorities {
public:
    DaxPriorities(std::string text, std::string_view source, const Dag& dag,
                  std::span<const std::int64_t> prio, const PriorityOptions& opts)
        : text_(std::move(text)), source_(source), dag_(dag), prio_(prio), opts_(opts) {
        const std::size_t nl = text_.find('\n');
        eol_ = nl != std::string::npos && nl > 0 && text_[nl - 1] == '\r' ? "\r\n" : "\n";
    }

    std::string run() {
        pugi::xml_document doc;
        const pugi::xml_parse_result r =
            doc.load_buffer(text_.data(), text_.size(), pugi::parse_default, pugi::encoding_utf8);
        if (!r) fail_at(Errc::parse, source_, kNoLine, std::string("XML error: ") + r.description());
        NodeId v = 0;
        for (const pugi::xml_node& job : doc.document_element().children()) {
            if (job.type() != pugi::node_element || !is_job(job.name())) continue;
            const std::string_view id = job.attribute("id").value();
            if (v >= dag_.node_count())
                fail(Errc::invalid_argument, std::string(source_) + ": the file has more jobs than the dag's " +
                                                 std::to_string(dag_.node_count()) + " nodes (job " + quote(id) + ")");
            if (dag_.name(v) != id)
                fail(Errc::invalid_argument, std::string(source_) + ": job " + std::to_string(v) + " is " + quote(id) +
                                                 " in the file but " + quote(dag_.name(v)) + " in the dag");
            job_edit(job, v);
            ++v;
        }
        if (v != dag_.node_count())
            fail(Errc::invalid_argument, std::string(source_) + ": the file has " + std::to_string(v) +
                                             " jobs, the dag " + std::to_string(dag_.node_count()) + " nodes");
        std::string out;
        out.reserve(text_.size() + edits_.size() * 64);
        std::size_t pos = 0;
        for (const Edit& e : edits_) {  // in document order
            out.append(text_, pos, e.at - pos);
            out += e.insert;
            pos = e.at + e.erase;
        }
        out.append(text_, pos, std::string::npos);
        return out;
    }

private:
    std::size_t offset(const pugi::xml_node& n) const {
        const std::ptrdiff_t off = n.offset_debug();
        if (off < 0 || static_cast<std::size_t>(off) > text_.size())
            fail(Errc::internal, std::string(source_) + ": no position for <" + n.name() + ">");
        return static_cast<std::size_t>(off);
    }

    // Offset just past the '>' of the start tag whose name begins at `name_at`.
    std::size_t start_tag_end(std::size_t name_at) const {
        char quote_char = 0;
        for (std::size_t i = name_at; i < text_.size(); ++i) {
            const char c = text_[i];
            if (quote_char) {
                if (c == quote_char) quote_char = 0;
            } else if (c == '"' || c == '\'') {
                quote_char = c;
            } else if (c == '>') {
                return i + 1;
            }
        }
        fail(Errc::parse, std::string(source_) + ": unterminated start tag");
    }

    // The white space before `at` when it is alone on its line, else nullopt.
    std::optional<std::string> indent_before(std::size_t at) const {
        const std::size_t ls = at == 0 ? 0 : text_.rfind('\n', at - 1);
        const std::size_t start = ls == std::string::npos ? 0 : ls + 1;
        for (std::size_t i = start; i < at; ++i)
            if (text_[i] != ' ' && text_[i] != '\t') return std::nullopt;
        return text_.substr(start, at - start);
    }

    std::string profile(std::string_view prefix, std::int64_t value) const {
        std::string p = "<";
        p.append(prefix);
        p += "profile namespace=\"condor\" key=\"priority\">" + std::to_string(value) + "</";
        p.append(prefix);
        p += "profile>";
        return p;
    }

    void job_edit(const pugi::xml_node& job, NodeId v) {
        const std::string_view qname = job.name();
        const std::string_view prefix = qname.substr(0, qname.size() - local(qname).size());
        const std::uint32_t n = dag_.node_count();

        // An existing condor priority profile (the last one counts).
        pugi::xml_node existing;
        for (const pugi::xml_node& c : job.children())
            if (c.type() == pugi::node_element && local(c.name()) == "profile" &&
                std::string_view(c.attribute("namespace").value()) == "condor" &&
                std::string_view(c.attribute("key").value()) == "priority")
                existing = c;
        if (existing) {
            if (opts_.mode == PriorityMode::keep) return;  // the user's own priority wins
            const pugi::xml_node text = existing.first_child();
            std::int64_t user = 0;
            const bool plain = text && text.type() == pugi::node_pcdata && !text.next_sibling();
            const std::string_view raw = plain ? std::string_view(text_).substr(offset(text), std::strlen(text.value()))
                                               : std::string_view();
            const bool integer = plain && raw == text.value() && parse_int(trim(raw), user);
            if (opts_.mode == PriorityMode::add && !integer)
                fail(Errc::parse, location(source_, line_col(text_, offset(existing)).first) +
                                      "the condor priority profile of job " + quote(dag_.name(v)) +
                                      " is not an integer, so it cannot be added to (use mode replace or keep)");
            const std::int64_t value = combine_priority(opts_.mode, user, prio_[v], n);
            if (plain && raw == text.value()) {
                edits_.push_back({offset(text), raw.size(), std::to_string(value)});
            } else {  // empty or mixed content: replace the whole element's content
                const std::size_t open_end = start_tag_end(offset(existing));
                if (text_[open_end - 2] == '/') {  // <profile .../>
                    edits_.push_back({open_end - 2, 2, ">" + std::to_string(value) + "</" +
                                                           std::string(existing.name()) + ">"});
                } else {
                    const std::size_t close = text_.find("</", open_end);
                    edits_.push_back({open_end, close - open_end, std::to_string(value)});
                }
            }
            return;
        }

        const std::string element = profile(prefix, prio_[v]);
        const std::size_t name_at = offset(job);
        const std::size_t open_end = start_tag_end(name_at);
        if (text_[open_end - 2] == '/') {  // <job .../>: opened to hold the profile
            edits_.push_back({open_end - 2, 2, ">" + element + "</" + std::string(qname) + ">"});
            return;
        }
        // Before the first child element other than <argument> and <profile>.
        pugi::xml_node before;
        pugi::xml_node first_element;
        for (const pugi::xml_node& c : job.children()) {
            if (c.type() != pugi::node_element) continue;
            if (!first_element) first_element = c;
            const std::string_view l = local(c.name());
            if (l != "argument" && l != "profile") {
                before = c;
                break;
            }
        }
        std::size_t at;
        std::optional<std::string> indent;
        if (before) {
            at = offset(before) - 1;  // its '<'
            indent = indent_before(at);
        } else {
            at = text_.find("</" + std::string(qname), open_end);
            if (at == std::string::npos)
                fail(Errc::parse, std::string(source_) + ": no end tag for job " + quote(dag_.name(v)));
            indent = indent_before(at);
            if (indent) {
                const std::optional<std::string> child =
                    first_element ? indent_before(offset(first_element) - 1) : std::nullopt;
                indent = child ? *child : *indent + "  ";
            }
        }
        if (!indent) {  // the child shares its line: the profile goes inline
            edits_.push_back({at, 0, element});
            return;
        }
        const std::size_t ls = at - indent_before(at)->size();
        edits_.push_back({ls, 0, *indent + element + eol_});
    }

    static bool parse_int(std::string_view s, std::int64_t& out) {
        const bool minus = !s.empty() && s[0] == '-';
        std::uint64_t u = 0;
        if (!parse_uint(minus || (!s.empty() && s[0] == '+') ? s.substr(1) : s, u) || u > (std::uint64_t{1} << 62))
            return false;
        out = minus ? -static_cast<std::int64_t>(u) : static_cast<std::int64_t>(u);
        return true;
    }

    std::string text_;
    std::string_view source_;
    const Dag& dag_;
    std::span<const std::int64_t> prio_;
    const PriorityOptions& opts_;
    std::string eol_;
    std::vector<Edit> edits_;
};

}  // namespace

std::string rewrite_dax_priorities(std::string_view text, std::string_view source, const Dag& dag,
                                   std::span<const std::int64_t> priority_by_node, const PriorityOptions& opts) {
    constexpr std::string_view bom = "\xEF\xBB\xBF";  // kept in front, out of the parser's way
    if (text.starts_with(bom))
        return std::string(bom) +
               DaxPriorities(std::string(text.substr(bom.size())), source, dag, priority_by_node, opts).run();
    return DaxPriorities(std::string(text), source, dag, priority_by_node, opts).run();
}

}  // namespace ics::io::detail
