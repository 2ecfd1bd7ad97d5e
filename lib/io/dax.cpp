// Pegasus DAX XML (schema 2.x/3.x, https://pegasus.isi.edu/schema/dax-3.6.xsd):
// <adag> holds <job id=...> (also <dag id> and <dax id>, sub-workflow jobs)
// and <child ref="c"><parent ref="p"/></child>, meaning p -> c. Everything
// else (files, executables, uses, metadata) is skipped. Read in one forward
// pass (xml_stream.hpp) with no document tree: a job becomes a node and an
// arc between jobs already read an arc as soon as they are read, so memory
// is the dag's (issue 18: pugixml's tree of every element and attribute was
// 4.5-5.4 times the file). A reference to a job further down is kept by
// name until the end.
//
// Errors are those of the two-pass reader on a document tree, in the same
// order: malformed XML first (at once), then a root other than <adag>, then
// the first bad <job>, then the first bad <child> / <parent> in document
// order; so the ones found while reading wait for the end of the file.
#include <memory>
#include <optional>

#include "io/detail.hpp"
#include "io/xml_stream.hpp"

namespace ics::io::detail {

namespace {

// Element name without a namespace prefix ("dax:job" -> "job").
std::string_view local_name(std::string_view name) {
    const std::size_t colon = name.find(':');
    return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

class DaxReader final : public XmlHandler {
public:
    explicit DaxReader(std::string_view source) : source_(source) {}

    Dag read(XmlPieces& in) {
        parse_xml(in, *this, source_);
        for (const auto* e : {&root_error_, &job_error_})
            if (*e) throw **e;
        resolve_forward_references();
        if (child_error_) throw *child_error_;
        return finish(std::move(b_), source_);
    }

    XmlWant wanted(std::string_view name, std::size_t depth) override {
        if (depth == 1) return {!root_seen_, {}};
        if (depth == 2 && in_root_) {
            const std::string_view kind = local_name(name);
            if (kind == "job" || kind == "dag" || kind == "dax") return {true, "id"};
            if (kind == "child") return {true, "ref"};
        } else if (depth == 3 && in_child_ && local_name(name) == "parent") {
            return {true, "ref"};
        }
        return {};
    }

    void start(const XmlStart& e) override {
        if (e.depth == 1) {
            if (root_seen_) return;  // a second top-level element: not the document's
            root_seen_ = true;
            in_root_ = local_name(e.name) == "adag";
            if (!in_root_)
                root_error_ = located(Errc::parse, e.line,
                                      "root element is <" + std::string(e.name) + ">, expected <adag> (Pegasus DAX)");
        } else if (e.depth == 2 && in_root_) {
            const std::string_view kind = local_name(e.name);
            if (kind == "child")
                child(e);
            else if (kind == "job" || kind == "dag" || kind == "dax")
                job(e);
        } else if (e.depth == 3 && in_child_ && local_name(e.name) == "parent") {
            parent(e);
        }
    }

    void end(std::size_t depth) override {
        if (depth == 1) in_root_ = false;
        if (depth == 2) in_child_ = false;
    }

private:
    // A node id, or (kForward | i) the i-th reference not yet resolved.
    using Slot = std::uint64_t;
    static constexpr Slot kForward = std::uint64_t{1} << 63;
    static constexpr Slot kRefEvent = ~std::uint64_t{0};

    void job(const XmlStart& e) {
        if (job_error_) return;
        if (!has_ref(e, "id", job_error_)) return;
        try {
            b_.add_node(e.value);
        } catch (const Error& x) {
            job_error_ = Error(x.code(), location(source_, e.line) + x.what());
        }
    }

    void child(const XmlStart& e) {
        if (job_error_ || child_error_ || !has_ref(e, "ref", child_error_)) return;
        child_ = resolve(e);
        in_child_ = true;
    }

    void parent(const XmlStart& e) {
        if (job_error_ || child_error_ || !has_ref(e, "ref", child_error_)) return;
        const Slot p = resolve(e);
        if ((p | child_) & kForward) {
            events_.push_back({p, child_, e.line});
            return;
        }
        try {
            b_.add_arc(static_cast<NodeId>(p), static_cast<NodeId>(child_));
        } catch (const Error& x) {
            child_error_ = Error(x.code(), location(source_, e.line) + x.what());
        }
    }

    // The old reader's required_ref: a missing or empty attribute is an error.
    bool has_ref(const XmlStart& e, const char* attr, std::optional<Error>& error) {
        if (!e.value.empty()) return true;
        error = located(Errc::parse, e.line,
                        "<" + std::string(e.name) + "> without a " + attr + "=\"...\" attribute");
        return false;
    }

    // The job named by e.value if already read, else a forward reference
    // (its element's name, the value and the line kept for the message).
    Slot resolve(const XmlStart& e) {
        const NodeId v = b_.find(e.value);
        if (v != kNoNode) return v;
        forward_.push_back({forward_text_.size(), e.name.size(), e.value.size(), e.line});
        forward_text_.append(e.name).append(e.value);
        events_.push_back({kRefEvent, forward_.size() - 1, e.line});
        return kForward | (forward_.size() - 1);
    }

    // In document order, as the old reader's second pass met them: each
    // forward reference must name a job, then each arc that waited on one.
    void resolve_forward_references() {
        std::vector<NodeId> ids(forward_.size());
        const auto id = [&](Slot s) { return s & kForward ? ids[s & ~kForward] : static_cast<NodeId>(s); };
        for (const Event& ev : events_) {
            if (ev.a == kRefEvent) {
                const Forward& f = forward_[ev.b];
                const std::string_view name(forward_text_.data() + f.at, f.name_size);
                const std::string_view ref(forward_text_.data() + f.at + f.name_size, f.value_size);
                ids[ev.b] = b_.find(ref);
                if (ids[ev.b] == kNoNode)
                    fail_at(Errc::unknown_node, source_, f.line,
                            "<" + std::string(name) + " ref=" + quote(ref) + "> names no job");
                continue;
            }
            try {
                b_.add_arc(id(ev.a), id(ev.b));
            } catch (const Error& x) {
                rethrow_at(x, source_, ev.line);
            }
        }
        events_ = {};
        forward_ = {};
        forward_text_ = {};
    }

    Error located(Errc code, std::size_t line, const std::string& cause) const {
        return Error(code, location(source_, line) + cause);
    }

    struct Forward {
        std::size_t at, name_size, value_size, line;  // in forward_text_
    };
    struct Event {
        Slot a, b;  // kRefEvent and a forward_ index, or the arc a -> b
        std::size_t line;
    };

    std::string_view source_;
    DagBuilder b_;
    bool root_seen_ = false, in_root_ = false, in_child_ = false;
    Slot child_ = 0;  // of the open <child>
    std::vector<Forward> forward_;
    std::string forward_text_;
    std::vector<Event> events_;  // only those that involve a forward reference
    std::optional<Error> root_error_, job_error_, child_error_;
};

}  // namespace

Dag read_dax(XmlPieces& in, std::string_view source) { return DaxReader(source).read(in); }

Dag read_dax(std::string_view text, std::string_view source) {
    XmlWholeText in(text);
    return read_dax(in, source);
}

Dag read_dax_file(const std::string& path, std::uint64_t max_bytes, std::size_t piece_size) {
    XmlFilePieces in(path, max_bytes, piece_size);
    try {
        return read_dax(in, path);
    } catch (const Error& e) {
        // A blank file is "no nodes" in every format (read_limited), not malformed XML.
        if (e.code() == Errc::parse && in.blank())
            fail_at(Errc::empty_graph, path, kNoLine, "no nodes");
        throw;
    }
}

}  // namespace ics::io::detail
