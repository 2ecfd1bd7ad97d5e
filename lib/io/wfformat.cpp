// JSON workflows, read with nlohmann::json's SAX interface so that no DOM is
// built (a 4 MB WfCommons instance is mostly file lists and machine data we
// skip; names land in the DagBuilder and one flat buffer).
//
// WfFormat (https://github.com/wfcommons/WfFormat):
//   1.5      workflow.specification.tasks[] {id, name, parents[], children[]}
//   1.3/1.4  workflow.tasks[]               {name, id?, parents[], children[]?}
//   0.x      workflow.jobs[]                (WorkflowHub: name, id?, parents[])
// Up to 1.4 tasks refer to each other by name, from 1.5 on by id (the two
// need not coincide; see WfFormat's tools/wfcommons-migrate-instance.py). So
// a node is called by its "id" in 1.5 and by its "name" before (each falling
// back to the other key when absent), and a parent/child reference that names
// no task by that key may name one by the other key, as the migration tool
// accepts. Arcs are the union of the parents and children lists; a reference
// to no task is an error with its JSON path.
//
// Adjacency JSON (FlowBench adjacency_list_dags): {"node": ["child", ...]};
// node ids follow the keys, then children that are no key, by first mention.
#include <nlohmann/json.hpp>

#include "dag/name_table.hpp"

#include "io/detail.hpp"

namespace ics::io::detail {

namespace {

using json = nlohmann::json;

enum class Kind { scalar, string, object, array };

// Forwards nlohmann's SAX events to Derived::value(Kind, std::string*) for
// every value (containers included, before they open), Derived::key and
// Derived::close; maps syntax errors to "<source>:<line>:<col>: ...".
// A pointer into the text that tells the file how far the parser is: every
// byte nlohmann's lexer takes goes through operator++ (it copies what it
// keeps: strings, numbers, the token for messages), so the pages behind it
// can be given back (FileText::consumed).
class ConsumingIterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    ConsumingIterator(const char* p, FileText* file) noexcept : p_(p), mark_(file->next_drop()), file_(file) {}
    const char& operator*() const noexcept { return *p_; }
    ConsumingIterator& operator++() noexcept {
        if (++p_ == mark_) [[unlikely]] {
            file_->consumed(p_);
            mark_ = file_->next_drop();
        }
        return *this;
    }
    ConsumingIterator operator++(int) noexcept {
        ConsumingIterator old = *this;
        ++*this;
        return old;
    }
    bool operator==(const ConsumingIterator& o) const noexcept { return p_ == o.p_; }

private:
    const char* p_;
    const char* mark_;  // the next address at which the file gives pages back
    FileText* file_;
};

template <class Derived>
class SaxBase {
public:
    // `spent` (may be null): the file holding `text`, told as the parse goes.
    SaxBase(std::string_view text, std::string_view source, FileText* spent = nullptr)
        : text_(text), source_(source), spent_(spent) {}

    bool null() { return self().value(Kind::scalar, nullptr); }
    bool boolean(bool) { return self().value(Kind::scalar, nullptr); }
    bool number_integer(json::number_integer_t) { return self().value(Kind::scalar, nullptr); }
    bool number_unsigned(json::number_unsigned_t) { return self().value(Kind::scalar, nullptr); }
    bool number_float(json::number_float_t, const json::string_t&) { return self().value(Kind::scalar, nullptr); }
    bool string(json::string_t& s) { return self().value(Kind::string, &s); }
    bool binary(json::binary_t&) { return self().value(Kind::scalar, nullptr); }
    bool start_object(std::size_t) { return self().value(Kind::object, nullptr); }
    bool start_array(std::size_t) { return self().value(Kind::array, nullptr); }
    bool end_object() { return self().close(); }
    bool end_array() { return self().close(); }

    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
        // nlohmann says "[json.exception.parse_error.101] parse error at line L, column C: cause".
        std::string_view what = ex.what();
        const std::size_t col = what.find("column ");
        const std::size_t colon = col == std::string_view::npos ? col : what.find(": ", col);
        if (colon != std::string_view::npos) what.remove_prefix(colon + 2);
        const auto [line, column] = line_col(text_, position == 0 ? 0 : position - 1, spent_);
        fail_at(Errc::parse, source_, line,
                "column " + std::to_string(column) + ": JSON syntax error: " + std::string(what));
    }

    void run() {
        if (spent_ != nullptr && spent_->mapped()) {
            const char* const end = text_.data() + text_.size();
            json::sax_parse(ConsumingIterator(text_.data(), spent_), ConsumingIterator(end, spent_), &self());
        } else {
            json::sax_parse(text_.data(), text_.data() + text_.size(), &self());
        }
    }

protected:
    [[noreturn]] void fail_path(Errc code, const std::string& path, const std::string& cause) const {
        throw Error(code, std::string(source_) + ": " + path + ": " + cause);
    }

    std::string_view text_;
    std::string_view source_;
    FileText* spent_;

private:
    Derived& self() { return static_cast<Derived&>(*this); }
};

// Names listed before the tasks they refer to exist: kept in one buffer and
// resolved once every task is known. 16 bytes a reference besides its name
// (a name ends where the next one starts).
struct PendingNames {
    struct Ref {
        NodeId owner;              // task / key the list belongs to
        std::uint32_t index;       // position in the list (for the JSON path)
        std::uint64_t offset : 63;
        std::uint64_t child : 1;  // children list (else parents)
    };
    std::string chars;
    std::vector<Ref> refs;

    void add(NodeId owner, std::uint32_t index, bool child, const std::string& name) {
        refs.push_back({owner, index, chars.size(), child ? 1u : 0u});
        chars += name;
    }
    std::string_view name(std::size_t i) const {
        const std::size_t end = i + 1 < refs.size() ? refs[i + 1].offset : chars.size();
        return std::string_view(chars).substr(refs[i].offset, end - refs[i].offset);
    }
    void release() {
        chars = {};
        refs = {};
    }
};

std::string index_path(std::string_view list, std::size_t i) {
    std::string p(list);
    p += '[';
    p += std::to_string(i);
    p += ']';
    return p;
}

// ---------------------------------------------------------------- WfFormat

class WfFormatReader : public SaxBase<WfFormatReader> {
public:
    using SaxBase::SaxBase;

    // spent_: the file, given back as parsed and freed once parsed (the
    // references and names are copies).
    Dag read() {
        // The arcs reserved by a bound, as the edge-list reader does by lines:
        // a reference takes at least 3 bytes of text ("x" or "x",). Pages
        // never written take no memory, and the arcs are not copied at each
        // doubling (issue 18: peak of Inspiral x1000 as WfFormat 296 -> 269 MB).
        // The names are not: reserved by the text, `ics priorities` peaked
        // higher (571 -> 617 MB; the cause was not found).
        b_.reserve_at_most(0, text_.size() / 3 + 1, 0);
        run();
        if (spent_) spent_->clear();
        if (list_path_.empty())
            fail_at(Errc::parse, source_, kNoLine,
                    "no task list: expected workflow.specification.tasks (WfFormat 1.5), workflow.tasks (1.3/1.4) "
                    "or workflow.jobs (WorkflowHub 0.x)");
        // Other keys: released as soon as the references are resolved, before the dag's arrays.
        for (std::size_t i = 0; i < pending_.refs.size(); ++i) {
            const PendingNames::Ref& r = pending_.refs[i];
            const std::string_view name = pending_.name(i);
            const NodeId other = resolve(name);
            const std::string path = index_path(task_path(r.owner) + (r.child ? ".children" : ".parents"), r.index);
            if (other == kNoNode) fail_path(Errc::unknown_node, path, "unknown task " + quote(name));
            try {
                if (r.child)
                    b_.add_arc(r.owner, other);
                else
                    b_.add_arc(other, r.owner);
            } catch (const Error& e) {
                rethrow_with(e, std::string(source_) + ": " + path + ": ");
            }
        }
        pending_.release();
        other_keys_ = {};
        other_offsets_ = {};
        other_index_ = {};
        other_node_ = {};
        return finish(std::move(b_), source_);
    }

    bool key(json::string_t& k) {
        slot_ = Slot::none;
        switch (roles_.back()) {
            case Role::root:
                if (k == "workflow") slot_ = Slot::workflow;
                break;
            case Role::workflow:
                if (k == "specification") slot_ = Slot::specification;
                if (k == "tasks") slot_ = Slot::tasks;
                if (k == "jobs") slot_ = Slot::jobs;
                break;
            case Role::spec:
                if (k == "tasks") slot_ = Slot::spec_tasks;
                break;
            case Role::task:
                if (k == "id") slot_ = Slot::id;
                if (k == "name") slot_ = Slot::name;
                if (k == "parents") slot_ = Slot::parents;
                if (k == "children") slot_ = Slot::children;
                break;
            default: break;
        }
        return true;
    }

    bool value(Kind kind, std::string* s) {
        if (roles_.empty()) {
            if (kind != Kind::object) fail_at(Errc::parse, source_, kNoLine, "expected a JSON object at the top level");
            roles_.push_back(Role::root);
            return true;
        }
        const Slot slot = slot_;
        slot_ = Slot::none;
        switch (roles_.back()) {
            case Role::task_list:
                if (kind != Kind::object) fail_path(Errc::parse, task_path(tasks_), "expected a task object");
                has_id_ = has_name_ = false;
                return push(Role::task);
            case Role::refs: {
                const std::size_t index = ref_index_++;
                if (kind != Kind::string)
                    fail_path(Errc::parse, index_path(refs_path(), index), "expected a task name (string)");
                // A task already read, named by its main key, is the reference's
                // for good (keys are unique): its arc goes in with the task, not
                // at the end (the dag sorts arcs, so their order does not
                // matter). Forward references and those by the other key wait
                // for the end, as do self-loops (not found: the task is not a
                // node yet), whose error follows the earlier references'.
                // (The task itself becomes a node at its end: its arcs wait in `known_` till then.)
                const NodeId known = b_.find(*s);
                if (known != kNoNode) {
                    known_.emplace_back(known, refs_child_);
                    return true;
                }
                pending_.add(tasks_, static_cast<std::uint32_t>(index), refs_child_, *s);
                return true;
            }
            default: break;
        }
        switch (slot) {
            case Slot::workflow: return expect_object(kind, Role::workflow, "workflow");
            case Slot::specification: return expect_object(kind, Role::spec, "workflow.specification");
            case Slot::tasks: return open_list(kind, "workflow.tasks");
            case Slot::jobs: return open_list(kind, "workflow.jobs");
            case Slot::spec_tasks: return open_list(kind, kSpecTasks.data());
            case Slot::id:
            case Slot::name: {
                const char* field = slot == Slot::id ? ".id" : ".name";
                if (kind != Kind::string) fail_path(Errc::parse, task_path(tasks_) + field, "expected a string");
                (slot == Slot::id ? id_ : name_).assign(*s);
                (slot == Slot::id ? has_id_ : has_name_) = true;
                return true;
            }
            case Slot::parents:
            case Slot::children:
                refs_child_ = slot == Slot::children;
                if (kind != Kind::array) fail_path(Errc::parse, refs_path(), "expected an array of task names");
                ref_index_ = 0;
                return push(Role::refs);
            case Slot::none: break;
        }
        if (kind == Kind::object || kind == Kind::array) return push(Role::other);
        return true;
    }

    bool close() {
        if (roles_.back() == Role::task) end_task();
        roles_.pop_back();
        return true;
    }

private:
    enum class Role : std::uint8_t { root, workflow, spec, task_list, task, refs, other };
    enum class Slot : std::uint8_t {
        none,
        workflow,
        specification,
        tasks,
        jobs,
        spec_tasks,
        id,
        name,
        parents,
        children
    };

    bool push(Role r) {
        roles_.push_back(r);
        return true;
    }

    bool expect_object(Kind kind, Role role, const char* path) {
        if (kind != Kind::object) fail_path(Errc::parse, path, "expected an object");
        return push(role);
    }

    bool open_list(Kind kind, const char* path) {
        if (!list_path_.empty()) fail_path(Errc::parse, path, "a second task list (the first is " + list_path_ + ")");
        if (kind != Kind::array) fail_path(Errc::parse, path, "expected an array of tasks");
        list_path_ = path;
        return push(Role::task_list);
    }

    std::string task_path(std::size_t i) const { return index_path(list_path_, i); }
    std::string refs_path() const { return task_path(tasks_) + (refs_child_ ? ".children" : ".parents"); }

    void end_task() {
        if (!has_id_ && !has_name_) fail_path(Errc::parse, task_path(tasks_), "task has neither \"id\" nor \"name\"");
        // 1.5 calls tasks by id, older versions by name.
        const bool by_id = has_id_ && (list_path_ == kSpecTasks || !has_name_);
        try {
            b_.add_node(by_id ? id_ : name_);
        } catch (const Error& e) {
            rethrow_with(e, std::string(source_) + ": " + task_path(tasks_) + (by_id ? ".id" : ".name") + ": ");
        }
        for (const auto& [k, child] : known_) {  // never throws: both nodes exist, and differ
            if (child)
                b_.add_arc(tasks_, k);
            else
                b_.add_arc(k, tasks_);
        }
        known_.clear();
        // An other key equal to the main key is never looked up (the main key finds the task first).
        const std::string& other = by_id ? (has_name_ ? name_ : empty_) : (has_id_ ? id_ : empty_);
        other_offsets_.push_back(other_keys_.size());
        if (other != (by_id ? id_ : name_)) other_keys_ += other;
        ++tasks_;  // node id == task index
    }

    // A reference by the task's main key, else by its other key.
    NodeId resolve(std::string_view ref) {
        const NodeId v = b_.find(ref);
        if (v != kNoNode) return v;
        if (!other_built_) {  // built at the first miss only
            other_built_ = true;
            other_offsets_.push_back(other_keys_.size());
            for (NodeId t = 0; t < tasks_; ++t) {
                const std::string_view k =
                    std::string_view(other_keys_).substr(other_offsets_[t], other_offsets_[t + 1] - other_offsets_[t]);
                if (!k.empty() && other_index_.find(k) == NameTable::npos) {  // first task wins
                    other_index_.push(k);
                    other_node_.push_back(t);
                }
            }
        }
        const std::uint32_t i = other_index_.find(ref);
        return i == NameTable::npos ? kNoNode : other_node_[i];
    }

    static constexpr std::string_view kSpecTasks = "workflow.specification.tasks";

    DagBuilder b_;
    std::vector<Role> roles_;
    Slot slot_ = Slot::none;
    std::string list_path_;
    NodeId tasks_ = 0;
    std::string id_, name_;
    bool has_id_ = false, has_name_ = false;
    bool refs_child_ = false;
    std::size_t ref_index_ = 0;
    PendingNames pending_;
    // The current task's references to tasks read before it (true: in its children list).
    std::vector<std::pair<NodeId, bool>> known_;
    // Each task's other key ("name" in 1.5, "id" before; may be empty), flat.
    std::string other_keys_;
    std::vector<std::size_t> other_offsets_;
    const std::string empty_;
    bool other_built_ = false;
    NameTable other_index_;
    std::vector<NodeId> other_node_;
};

// ---------------------------------------------------------- adjacency JSON

class AdjacencyReader : public SaxBase<AdjacencyReader> {
public:
    using SaxBase::SaxBase;

    Dag read() {
        run();
        for (std::size_t i = 0; i < pending_.refs.size(); ++i) {
            const PendingNames::Ref& r = pending_.refs[i];
            try {
                b_.add_arc(r.owner, b_.ensure_node(pending_.name(i)));
            } catch (const Error& e) {
                rethrow_with(e, std::string(source_) + ": " + index_path(key_path(r.owner), r.index) + ": ");
            }
        }
        return finish(std::move(b_), source_, spent_);
    }

    bool key(json::string_t& k) {
        try {
            owner_ = b_.ensure_node(k);  // a repeated key adds to the same node
        } catch (const Error& e) {
            rethrow_with(e, std::string(source_) + ": " + json(k).dump() + ": ");
        }
        return true;
    }

    bool value(Kind kind, std::string* s) {
        switch (depth_) {
            case 0:
                if (kind != Kind::object)
                    fail_at(Errc::parse, source_, kNoLine, "expected a JSON object {\"node\": [\"child\", ...]}");
                break;
            case 1:
                if (kind != Kind::array) fail_path(Errc::parse, key_path(owner_), "expected an array of node names");
                index_ = 0;
                break;
            default:
                if (kind != Kind::string)
                    fail_path(Errc::parse, index_path(key_path(owner_), index_), "expected a node name (string)");
                pending_.add(owner_, static_cast<std::uint32_t>(index_++), true, *s);
                return true;
        }
        ++depth_;
        return true;
    }

    bool close() {
        --depth_;
        return true;
    }

private:
    std::string key_path(NodeId v) const { return json(std::string(b_.name(v))).dump(); }

    DagBuilder b_;
    int depth_ = 0;
    NodeId owner_ = 0;
    std::size_t index_ = 0;
    PendingNames pending_;
};

}  // namespace

Dag read_wfformat(std::string_view text, std::string_view source, FileText* spent) {
    return WfFormatReader(text, source, spent).read();
}

Dag read_adjacency_json(std::string_view text, std::string_view source, FileText* spent) {
    return AdjacencyReader(text, source, spent).read();
}

}  // namespace ics::io::detail
