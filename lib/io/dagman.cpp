// HTCondor DAGMan input files (HTCondor manual, "DAGMan Workflows"; parser:
// htcondor src/condor_dagman/parse.cpp). Keywords are case-insensitive,
// '#' lines are comments and a line ending in '\' goes on with the next one.
//
// Nodes: JOB, DATA, SUBDAG EXTERNAL, FINAL, PROVISIONER, SERVICE (a FINAL node
// runs after everything else, but in the graph it is a plain node with only
// the arcs PARENT/CHILD give it). Arcs: PARENT p... CHILD c... (all pairs).
// Inline submit descriptions `JOB a {` ... `}` and SUBMIT-DESCRIPTION blocks
// are skipped. CONNECT / PIN_IN / PIN_OUT are refused (Errc::unsupported);
// other commands (SCRIPT, VARS, RETRY, PRIORITY, CATEGORY, ...) are ignored.
//
// As in DAGMan, dependencies are resolved after all nodes of their DAG file
// are known, so PARENT may come before JOB.
//
// SPLICE name file [DIR d]: the file's nodes become "name+node" (nested:
// "outer+inner+node"); a PARENT/CHILD naming the splice connects its sink /
// source nodes. INCLUDE file: its lines are read in place. Relative paths are
// taken from the directory of the file that names them (after DIR).
//
// A SPLICE or INCLUDE file that does not exist is not an error: the read goes
// on without it and ReadResult::warnings says so with file and line. Only a
// PARENT/CHILD that names a splice whose file is missing fails (Errc::io),
// since its arcs cannot be known. Other read failures are Errc::io errors.
//
// Hostile files (README, "Security and limits"): ReadLimits bound the files
// opened, bytes read, splice instances, nodes and arcs (a PARENT/CHILD
// product is counted before it is expanded); IncludePolicy decides which
// files may be opened at all, checked before opening, so an error never
// shows a line of a file outside the allowed tree; only regular files are
// read (a FIFO, /dev/zero or /dev/stdin would block or never end).
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "io/dagman.hpp"
#include "io/detail.hpp"
#include "io/priorities.hpp"

namespace ics::io {

namespace detail {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxNesting = 32;
constexpr std::uint32_t kNoAnchor = DagmanDocument::kNoLine;
constexpr std::uint8_t kHasIn = 1, kHasOut = 2;

enum class NodeKind { job, final, service };

struct Splice {
    std::string name;
    std::string path;
    std::string where;  // "<file>:<line>" of the SPLICE line
    bool missing = false;
    std::vector<NodeId> sources, sinks;
};

// One DAG file with its includes: the top-level file or a splice.
struct Scope {
    std::string prefix;  // "" or "outer+inner+"
    bool is_splice = false;
    NodeId first_node = 0;
    std::size_t first_dep = 0;
    std::size_t first_tok = 0;  // of its first dependency; the others' follow
    bool has_final = false;
    std::vector<Splice> splices;
    std::vector<NodeId> sources, sinks;  // of a splice, once it is read
};

// Where the lines being read come from.
struct Context {
    std::uint32_t file;  // index into files_
    std::string dir;     // base of relative paths
    Scope* scope;
    bool top_file;                 // the top-level file itself
    std::uint32_t include_anchor;  // top-level INCLUDE line bringing these lines in, or kNoAnchor
};

// PARENT ... CHILD ..., kept until its scope ends. Its names are tokens
// (DagmanReader::dep_toks_): a node already defined is its id, another name
// (a node defined later, a splice) its offset in one flat buffer.
struct Dep {
    std::size_t line;
    std::uint32_t file;
    std::uint32_t parents;  // tokens, at most one per 2 bytes of a line (which max_bytes bounds)
    std::uint32_t children;
};

// A PRIORITY (or VARS ... JOBPRIORITY=) statement of the top-level DAG,
// until the node names are resolved.
struct PriorityLine {
    DagmanDocument::PriorityStatement st;
    std::string node;
};

// prio's form: `VARS node JOBPRIORITY="p"` and no other macro.
bool jobpriority_vars(const std::vector<std::string_view>& tok, std::string_view& value) {
    constexpr std::string_view key = "JOBPRIORITY=";
    if (tok.size() != 3) return false;
    const std::string_view pair = tok[2];
    if (pair.size() < key.size() + 2 || !iequals(pair.substr(0, key.size()), key) || pair[key.size()] != '"' ||
        pair.back() != '"')
        return false;
    value = pair.substr(key.size() + 1, pair.size() - key.size() - 2);
    return true;
}

bool parse_int64(std::string_view s, std::int64_t& out) {
    const bool neg = !s.empty() && (s[0] == '-' || s[0] == '+');
    const bool minus = neg && s[0] == '-';
    std::uint64_t u = 0;
    if (!parse_uint(neg ? s.substr(1) : s, u) || u > (minus ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1))
        return false;
    out = minus ? static_cast<std::int64_t>(0 - u) : static_cast<std::int64_t>(u);
    return true;
}

bool any_of(std::string_view w, std::initializer_list<std::string_view> words) {
    for (std::string_view k : words)
        if (iequals(w, k)) return true;
    return false;
}

bool ends_with_backslash(std::string_view line) {
    return !line.empty() && line.back() == '\\';
}

class DagmanReader {
public:
    DagmanReader(std::string_view source, const std::string& base_dir, const ReadLimits& limits,
                 const std::string& root)
        : source_(source), base_dir_(base_dir), limits_(limits), root_(root) {}

    // `spent`: the loaded top-level file, freed before the dag is built when
    // no document is kept (limits.keep_source false).
    ReadResult run(std::string_view text, FileText* spent) {
        const bool keep = limits_.keep_source;
        bytes_ = text.size();
        files_.emplace_back(source_);
        // read_file gives the path itself (base_dir is its folder); a string's
        // name is taken as a file in base_dir.
        const fs::path top_path(source_);
        open_paths_.push_back(normal(
            top_path.parent_path() == fs::path(base_dir_) ? top_path : fs::path(base_dir_) / top_path.filename()));
        Scope top;
        Context ctx{0, base_dir_, &top, true, kNoAnchor};
        parse_file(text, ctx, keep ? nullptr : spent);
        // Without a document the file is not needed past its lines: freed
        // before the arcs are made (every name is an id or a copy by now).
        if (!keep && spent) spent->clear();
        end_scope(top);

        ReadResult r;
        r.dag = finish(std::move(b_), source_, keep ? nullptr : spent);
        r.format = Format::dagman;
        r.warnings = std::move(warnings_);
        // The document copies the text, its line starts and the names: only
        // for writing priorities back (issue 18: ~80 bytes per node + arc).
        if (keep)
            r.dagman = make_document(text, r.dag);
        else
            r.source_dropped = true;
        return r;
    }

private:
    [[noreturn]] void fail(const Context& ctx, std::size_t line, const std::string& cause,
                           Errc code = Errc::parse) const {
        fail_at(code, files_[ctx.file], line, cause);
    }

    static std::string normal(const fs::path& p) {
        std::error_code ec;
        const fs::path abs = fs::absolute(p, ec);
        return (ec ? p : abs).lexically_normal().string();
    }

    static std::string join(const std::string& dir, std::string_view file) {
        if (dir.empty()) return std::string(file);
        return (fs::path(dir) / fs::path(file)).string();
    }

    static std::string dir_of(const std::string& path) { return fs::path(path).parent_path().string(); }

    // ---------------------------------------------------------------- lines

    // `file` (may be null): the file holding `text`, given back as its
    // lines are read (a line's names are ids or copies once it is done).
    void parse_file(std::string_view text, const Context& ctx, FileText* file) {
        check_text(text, files_[ctx.file], file);
        Lines lines(text);
        std::string_view line;
        std::string joined;
        std::vector<std::string_view> tok;
        while (lines.next(line)) {
            if (file) file->consumed(line.data());
            const std::size_t first = lines.number();
            const bool comment = trim(line).starts_with('#');
            if (!comment && ends_with_backslash(line)) {
                joined.assign(line.substr(0, line.size() - 1));
                std::string_view more;
                while (lines.next(more)) {
                    const bool go_on = ends_with_backslash(more);
                    joined.append(go_on ? more.substr(0, more.size() - 1) : more);
                    if (!go_on) break;
                }
                line = joined;
            }
            const std::string_view t = trim(line);
            if (t.empty() || t[0] == '#') continue;
            split(t, tok);
            command(ctx, tok, first, lines);
        }
    }

    // Skips an inline submit description up to its '}' line; returns that line.
    std::size_t skip_block(const Context& ctx, Lines& lines, std::size_t start) {
        std::string_view line;
        while (lines.next(line))
            if (trim(line).starts_with('}')) return lines.number();
        fail(ctx, start, "no closing '}' for the submit description opened here");
    }

    void command(const Context& ctx, const std::vector<std::string_view>& tok, std::size_t first, Lines& lines) {
        const std::string_view kw = tok[0];
        std::size_t last = lines.number();
        if (any_of(kw, {"JOB", "DATA", "FINAL", "PROVISIONER", "SERVICE"})) {
            if (tok.size() < 3) fail(ctx, first, std::string(kw) + " needs a node name and a submit file");
            if (tok[2].starts_with('{')) last = skip_block(ctx, lines, first);
            const NodeKind kind = iequals(kw, "FINAL")     ? NodeKind::final
                                  : iequals(kw, "SERVICE") ? NodeKind::service
                                                           : NodeKind::job;
            define_node(ctx, tok[1], kind, first, last);
        } else if (iequals(kw, "SUBDAG")) {
            if (tok.size() < 4 || !iequals(tok[1], "EXTERNAL"))
                fail(ctx, first, "expected 'SUBDAG EXTERNAL <node> <dag file>'");
            define_node(ctx, tok[2], NodeKind::job, first, last);
        } else if (iequals(kw, "PARENT")) {
            dependency(ctx, tok, first);
        } else if (iequals(kw, "SPLICE")) {
            splice(ctx, tok, first);
        } else if (iequals(kw, "INCLUDE")) {
            include(ctx, tok, first, last);
        } else if (iequals(kw, "SUBMIT-DESCRIPTION")) {
            if (tok.size() >= 3 && tok[2].starts_with('{')) skip_block(ctx, lines, first);
        } else if (iequals(kw, "PRIORITY")) {
            if (tok.size() >= 2) priority_statement(ctx, tok[1], tok.size() == 3 ? tok[2] : std::string_view(), false,
                                                    first, last);
        } else if (std::string_view v; iequals(kw, "VARS") && jobpriority_vars(tok, v)) {
            priority_statement(ctx, tok[1], v, true, first, last);
        } else if (any_of(kw, {"CONNECT", "PIN_IN", "PIN_OUT"})) {
            fail(ctx, first, std::string(kw) + " (splice pin connections) is not supported", Errc::unsupported);
        } else if (!any_of(kw, {"SCRIPT", "VARS", "RETRY", "CATEGORY", "MAXJOBS", "ABORT-DAG-ON", "PRE_SKIP", "CONFIG",
                                "DOT", "NODE_STATUS_FILE", "JOBSTATE_LOG", "SET_JOB_ATTR", "ENV", "SAVE_POINT_FILE",
                                "REJECT", "DONE"})) {
            fail(ctx, first, "unknown DAGMan command " + quote(kw));
        }
    }

    // Statements of the top-level DAG only: a splice's cannot be changed
    // from its parent's file.
    void priority_statement(const Context& ctx, std::string_view node, std::string_view value, bool vars,
                            std::size_t first, std::size_t last) {
        if (ctx.scope->is_splice) return;
        PriorityLine p;
        p.st.in_top_file = ctx.top_file;
        p.st.first = ctx.top_file ? static_cast<std::uint32_t>(first - 1) : ctx.include_anchor;
        p.st.last = ctx.top_file ? static_cast<std::uint32_t>(last - 1) : ctx.include_anchor;
        p.st.jobpriority_vars = vars;
        p.st.all_nodes = iequals(node, "ALL_NODES");
        p.st.has_value = parse_int64(value, p.st.value);
        p.st.where = files_[ctx.file] + ":" + std::to_string(first);
        p.node = node;
        priorities_.push_back(std::move(p));
    }

    // ---------------------------------------------------------------- nodes

    void check_name(const Context& ctx, std::string_view name, std::size_t line, const char* what) const {
        if (any_of(name, {"PARENT", "CHILD", "ALL_NODES"}))
            fail(ctx, line, std::string(what) + " name " + quote(name) + " is a reserved word");
        if (name.find('+') != std::string_view::npos)
            fail(ctx, line,
                 std::string(what) + " name " + quote(name) + " contains '+' (DAGMan keeps it for splice nodes)");
        for (const Splice& s : ctx.scope->splices)
            if (s.name == name)
                fail(ctx, line, std::string(what) + " name " + quote(name) + " is already a splice (" + s.where + ")");
    }

    void define_node(const Context& ctx, std::string_view name, NodeKind kind, std::size_t first, std::size_t last) {
        Scope& scope = *ctx.scope;
        check_name(ctx, name, first, "node");
        if (kind == NodeKind::final) {
            if (scope.is_splice) fail(ctx, first, "a splice cannot have a FINAL node");
            if (scope.has_final) fail(ctx, first, "a second FINAL node");
            scope.has_final = true;
        }
        full_.assign(scope.prefix).append(name);
        if (b_.node_count() >= limits_.max_nodes)
            limit_exceeded(files_[ctx.file], first, "max_nodes", limits_.max_nodes,
                           "more than " + std::to_string(limits_.max_nodes) + " nodes");
        try {
            b_.add_node(full_);
        } catch (const Error& e) {
            rethrow_at(e, files_[ctx.file], first);
        }
        degree_.push_back(0);
        // DAGMan refuses PRIORITY for FINAL and SERVICE nodes, and splice nodes
        // cannot be named from outside their splice.
        std::uint32_t anchor = kNoAnchor;
        if (!scope.is_splice && kind == NodeKind::job)
            anchor = ctx.top_file ? static_cast<std::uint32_t>(last - 1) : ctx.include_anchor;
        anchors_.push_back(anchor);
    }

    // --------------------------------------------------------- dependencies

    void dependency(const Context& ctx, const std::vector<std::string_view>& tok, std::size_t line) {
        std::size_t child = 1;
        while (child < tok.size() && !iequals(tok[child], "CHILD")) ++child;
        if (child == tok.size()) fail(ctx, line, "PARENT without CHILD");
        if (child == 1) fail(ctx, line, "no node between PARENT and CHILD");
        if (child + 1 == tok.size()) fail(ctx, line, "no node after CHILD");
        if (tok.size() > UINT32_MAX) fail(ctx, line, "more than 2^32 names in one PARENT line");
        deps_.push_back({line, ctx.file, static_cast<std::uint32_t>(child - 1),
                         static_cast<std::uint32_t>(tok.size() - child - 1)});
        // A name that is a node now is that node when the scope ends (nodes
        // are never removed, and a node is looked up before a splice): its id
        // is kept instead of a copy of the name (issue 18: the copies were
        // ~50 bytes per arc of the peak).
        for (std::size_t i = 1; i < tok.size(); ++i) {
            if (i == child) continue;
            full_.assign(ctx.scope->prefix).append(tok[i]);
            const NodeId v = b_.find(full_);
            if (v != kNoNode) {
                dep_toks_.push_back(kResolved | v);
            } else {
                // Names hold no NUL (the file's text is checked): the buffer's NULs end them.
                dep_toks_.push_back(dep_chars_.size());
                dep_chars_.append(tok[i]).push_back('\0');
            }
        }
    }

    // Token `tok` (of dependency `d`) resolved into `out`.
    void resolve(const Scope& scope, const Dep& d, std::size_t tok, bool parent, std::vector<NodeId>& out) {
        const std::uint64_t t = dep_toks_[tok];
        if (t & kResolved) {
            out.push_back(static_cast<NodeId>(t & ~kResolved));
            return;
        }
        const std::string_view name(dep_chars_.data() + t);
        full_.assign(scope.prefix).append(name);
        const NodeId v = b_.find(full_);
        if (v != kNoNode) {
            out.push_back(v);
            return;
        }
        for (const Splice& s : scope.splices) {
            if (s.name != name) continue;
            if (s.missing)
                fail_at(Errc::io, files_[d.file], d.line,
                        "PARENT/CHILD names splice " + quote(name) + " whose file " + quote(s.path) +
                            " is missing (SPLICE at " + s.where + ")");
            const std::vector<NodeId>& ends = parent ? s.sinks : s.sources;
            out.insert(out.end(), ends.begin(), ends.end());
            return;
        }
        fail_at(Errc::unknown_node, files_[d.file], d.line,
                "unknown node or splice " + quote(name) +
                    (missing_files_ ? " (a SPLICE or INCLUDE file is missing, see the warnings)" : ""));
    }

    static void sort_unique(std::vector<NodeId>& v) {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
    }

    void end_scope(Scope& scope) {
        std::vector<NodeId> parents, children;
        std::size_t tok = scope.first_tok;
        for (std::size_t i = scope.first_dep; i < deps_.size(); ++i) {
            const Dep& d = deps_[i];
            parents.clear();
            children.clear();
            for (std::size_t k = 0; k < d.parents; ++k) resolve(scope, d, tok++, true, parents);
            for (std::size_t k = 0; k < d.children; ++k) resolve(scope, d, tok++, false, children);
            sort_unique(parents);
            sort_unique(children);
            // Counted before expanding: one line naming 10^5 parents and
            // children would otherwise make 10^10 arcs first.
            arcs_read_ += static_cast<std::uint64_t>(parents.size()) * children.size();
            if (arcs_read_ > limits_.max_arcs)
                limit_exceeded(files_[d.file], d.line, "max_arcs", limits_.max_arcs,
                               std::to_string(arcs_read_) + " arcs so far (duplicates counted)");
            merge_duplicates_before(b_, merge_at_, static_cast<std::uint64_t>(parents.size()) * children.size());
            try {
                for (NodeId u : parents)
                    for (NodeId v : children) {
                        b_.add_arc(u, v);
                        degree_[u] |= kHasOut;
                        degree_[v] |= kHasIn;
                    }
            } catch (const Error& e) {
                rethrow_at(e, files_[d.file], d.line);
            }
        }
        if (scope.first_dep < deps_.size()) {
            const std::size_t first_tok = scope.first_tok;
            // The scope's names start at its first unresolved token.
            std::size_t chars = dep_chars_.size();
            for (std::size_t i = first_tok; i < dep_toks_.size(); ++i)
                if (!(dep_toks_[i] & kResolved)) {
                    chars = dep_toks_[i];
                    break;
                }
            dep_chars_.resize(chars);
            dep_toks_.resize(first_tok);
            deps_.resize(scope.first_dep);
        }
        if (!scope.is_splice) return;
        for (NodeId v = scope.first_node; v < b_.node_count(); ++v) {
            if (!(degree_[v] & kHasIn)) scope.sources.push_back(v);
            if (!(degree_[v] & kHasOut)) scope.sinks.push_back(v);
        }
    }

    // ------------------------------------------------------ splices, includes

    // Whether the include policy lets `path` be opened (checked before
    // opening it, so nothing of a file outside the tree is ever read).
    void check_policy(const Context& ctx, std::size_t line, const char* what, const std::string& path) const {
        const std::string policy = std::string(" (include policy ") + include_policy_name(limits_.include_policy);
        if (limits_.include_policy == IncludePolicy::allow) return;
        if (limits_.include_policy == IncludePolicy::deny)
            fail(ctx, line, std::string(what) + " file " + quote(path) + " refused" + policy + ")", Errc::io);
        if (root_.empty())
            fail(ctx, line,
                 std::string(what) + " file " + quote(path) + " refused: no base directory was given to read from" +
                     policy + "; set ics_read_options.base_dir)",
                 Errc::io);
        std::error_code ec;
        const fs::path target = fs::weakly_canonical(fs::absolute(path, ec), ec);  // symbolic links resolved
        const fs::path rel = ec ? fs::path("..") : target.lexically_relative(root_);
        if (rel.empty() || rel.is_absolute() || *rel.begin() == "..")
            fail(ctx, line,
                 std::string(what) + " file " + quote(path) + " refused: outside the directory tree " + quote(root_) +
                     policy + ")",
                 Errc::io);
    }

    // Reads a SPLICE/INCLUDE file; false (and a warning) when it does not exist.
    bool load(const Context& ctx, std::size_t line, const char* what, const std::string& path, FileText& text) {
        check_policy(ctx, line, what, path);
        if (++opened_ > limits_.max_includes)
            limit_exceeded(files_[ctx.file], line, "max_includes", limits_.max_includes,
                           std::string(what) + " " + quote(path) + ": more than " +
                               std::to_string(limits_.max_includes) + " INCLUDE and SPLICE files opened");
        const std::uint64_t left = limits_.max_bytes - std::min(bytes_, limits_.max_bytes);
        const int err = load_file(path, text, left, true);
        if (err == kTooLarge)
            limit_exceeded(files_[ctx.file], line, "max_bytes", limits_.max_bytes,
                           std::string(what) + " " + quote(path) + ": more bytes read in all");
        if (err == kNotRegular)
            fail(ctx, line,
                 std::string(what) + " file " + quote(path) +
                     " is not a regular file (a device, FIFO or socket); refused",
                 Errc::io);
        bytes_ += text.view().size();
        if (err == ENOENT) {
            warnings_.push_back(location(files_[ctx.file], line) + what + " file " + quote(path) + " not found (" +
                                std::strerror(err) + "); read without it");
            ++missing_files_;
            return false;
        }
        if (err != 0)
            fail(ctx, line, std::string("cannot read ") + what + " file " + quote(path) + ": " + std::strerror(err),
                 Errc::io);
        const std::string key = normal(path);
        for (const std::string& open : open_paths_)
            if (open == key) fail(ctx, line, std::string(what) + " file " + quote(path) + " includes itself");
        if (open_paths_.size() > kMaxNesting)
            fail(ctx, line, std::string(what) + " files nested deeper than " + std::to_string(kMaxNesting));
        return true;
    }

    void splice(const Context& ctx, const std::vector<std::string_view>& tok, std::size_t line) {
        if (!(tok.size() == 3 || (tok.size() == 5 && iequals(tok[3], "DIR"))))
            fail(ctx, line, "expected 'SPLICE <name> <dag file> [DIR <directory>]'");
        Scope& scope = *ctx.scope;
        check_name(ctx, tok[1], line, "splice");
        full_.assign(scope.prefix).append(tok[1]);
        if (b_.find(full_) != kNoNode) fail(ctx, line, "splice name " + quote(tok[1]) + " is already a node");
        if (++splices_ > limits_.max_splices)
            limit_exceeded(files_[ctx.file], line, "max_splices", limits_.max_splices,
                           "SPLICE " + quote(tok[1]) + ": more than " + std::to_string(limits_.max_splices) +
                               " splice instances");
        Splice s;
        s.name = tok[1];
        s.path = join(tok.size() == 5 ? join(ctx.dir, tok[4]) : ctx.dir, tok[2]);
        s.where = files_[ctx.file] + ":" + std::to_string(line);
        FileText text;
        if (!load(ctx, line, "SPLICE", s.path, text)) {
            missing_splices_.push_back(warnings_.back());
            s.missing = true;
            scope.splices.push_back(std::move(s));
            return;
        }
        Scope inner;
        inner.prefix = scope.prefix + s.name + "+";
        inner.is_splice = true;
        inner.first_node = b_.node_count();
        inner.first_dep = deps_.size();
        inner.first_tok = dep_toks_.size();
        files_.push_back(s.path);
        open_paths_.push_back(normal(s.path));
        parse_file(text.view(),
                   Context{static_cast<std::uint32_t>(files_.size() - 1), dir_of(s.path), &inner, false, kNoAnchor},
                   nullptr);
        end_scope(inner);
        open_paths_.pop_back();
        s.sources = std::move(inner.sources);
        s.sinks = std::move(inner.sinks);
        scope.splices.push_back(std::move(s));
    }

    void include(const Context& ctx, const std::vector<std::string_view>& tok, std::size_t first, std::size_t last) {
        if (tok.size() != 2) fail(ctx, first, "expected 'INCLUDE <file>'");
        const std::string path = join(ctx.dir, tok[1]);
        FileText text;
        if (!load(ctx, first, "INCLUDE", path, text)) return;
        files_.push_back(path);
        open_paths_.push_back(normal(path));
        const std::uint32_t anchor = ctx.scope->is_splice ? kNoAnchor
                                     : ctx.top_file       ? static_cast<std::uint32_t>(last - 1)
                                                          : ctx.include_anchor;
        parse_file(text.view(),
                   Context{static_cast<std::uint32_t>(files_.size() - 1), dir_of(path), ctx.scope, false, anchor},
                   nullptr);
        open_paths_.pop_back();
    }

    // -------------------------------------------------------------- document

    std::shared_ptr<const DagmanDocument> make_document(std::string_view text, const Dag& dag) {
        auto doc = std::make_shared<DagmanDocument>();
        doc->source = source_;
        doc->text = text;
        doc->line_starts.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n' && i + 1 < text.size()) doc->line_starts.push_back(i + 1);
        doc->names = dag.names();
        doc->anchor_line = std::move(anchors_);
        for (PriorityLine& p : priorities_) {
            const NodeId v = p.st.all_nodes ? kNoNode : dag.find(p.node);
            if (v != kNoNode && doc->anchor_line[v] != kNoAnchor) p.st.node = v;
            doc->statements.push_back(std::move(p.st));
        }
        doc->missing_splices = std::move(missing_splices_);
        return doc;
    }

    std::string source_;
    std::string base_dir_;
    const ReadLimits& limits_;
    std::string root_;  // of IncludePolicy::same_directory_tree
    std::uint64_t bytes_ = 0, opened_ = 0, splices_ = 0, arcs_read_ = 0;
    std::size_t merge_at_ = 0;
    DagBuilder b_;
    std::vector<std::uint8_t> degree_;    // kHasIn / kHasOut per node
    std::vector<std::uint32_t> anchors_;  // DagmanDocument::anchor_line
    std::vector<std::string> files_;      // names for messages
    std::vector<std::string> open_paths_;
    std::vector<Dep> deps_;
    // kResolved | node id, or the offset of a NUL-terminated name in dep_chars_.
    static constexpr std::uint64_t kResolved = std::uint64_t{1} << 63;
    std::vector<std::uint64_t> dep_toks_;
    std::string dep_chars_;
    std::vector<PriorityLine> priorities_;
    std::vector<std::string> warnings_;
    std::vector<std::string> missing_splices_;
    std::size_t missing_files_ = 0;
    std::string full_;
};

}  // namespace

ReadResult read_dagman(std::string_view text, std::string_view source, const std::string& base_dir,
                       const ReadLimits& limits, const std::string& root, FileText* spent) {
    return DagmanReader(source, base_dir, limits, root).run(text, spent);
}

}  // namespace detail

std::string rewrite_priorities(const DagmanDocument& doc, const Dag& dag,
                               std::span<const std::int64_t> priority_by_node, const PriorityOptions& opts) {
    using Statement = DagmanDocument::PriorityStatement;
    const NodeId n = dag.node_count();
    if (doc.anchor_line.size() != n || doc.names.size() != n)
        fail(Errc::invalid_argument, doc.source + ": the dag has " + std::to_string(n) + " nodes but the file has " +
                                         std::to_string(doc.anchor_line.size()) + " (was the dag changed after reading?)");
    if (priority_by_node.size() != n)
        fail(Errc::invalid_argument, doc.source + ": " + std::to_string(priority_by_node.size()) +
                                         " priorities for " + std::to_string(n) + " nodes");
    for (NodeId v = 0; v < n; ++v)
        if (dag.name(v) != doc.names[v])
            fail(Errc::invalid_argument, doc.source + ": node " + std::to_string(v) + " is " +
                                             detail::quote(dag.name(v)) + " in the dag but " +
                                             detail::quote(doc.names[v]) + " in the file");
    if (!doc.missing_splices.empty())
        fail(Errc::io, "cannot write priorities for the nodes of a splice whose file is missing: " +
                           doc.missing_splices.front());

    // The user's statements that count: PRIORITY lines, and in prio's form
    // also its VARS lines (both set the job's priority).
    const auto counts = [&](const Statement& st) { return !st.jobpriority_vars || opts.prio_compat; };
    const auto anchored = [&](NodeId v) { return doc.anchor_line[v] != DagmanDocument::kNoLine; };

    // The user's effective priority and whether a node has its own statement,
    // as DAGMan reads them (in order, the last one wins).
    std::vector<std::int64_t> user(n, 0);
    std::vector<const Statement*> user_from(n, nullptr);
    std::vector<bool> own(n, false);
    for (const Statement& st : doc.statements) {
        if (!counts(st)) continue;
        if (st.all_nodes) {
            for (NodeId v = 0; v < n; ++v)
                if (anchored(v)) user[v] = st.value, user_from[v] = &st;
        } else if (st.node != kNoNode) {
            user[st.node] = st.value, user_from[st.node] = &st, own[st.node] = true;
        }
    }

    // Which statements of the top-level file go: replace drops the user's
    // priorities of anchored nodes (and ALL_NODES), add drops the per-node
    // ones it sums into ours; keep drops none.
    const auto dropped = [&](const Statement& st) {
        if (!counts(st) || !st.in_top_file || opts.mode == PriorityMode::keep) return false;
        if (st.all_nodes) return opts.mode == PriorityMode::replace;
        return st.node != kNoNode;
    };

    const std::string_view text = doc.text;
    const std::size_t lines = doc.line_starts.size();
    std::vector<bool> drop(lines, false);
    // A kept statement that would override ours (it comes later) moves ours
    // below it: the last line of the kept ALL_NODES statements, and per node
    // the last kept own statement.
    std::uint32_t last_all_nodes = 0;
    bool any_all_nodes = false;
    std::vector<std::uint32_t> after(n);
    for (NodeId v = 0; v < n; ++v) after[v] = doc.anchor_line[v];
    for (const Statement& st : doc.statements) {
        if (dropped(st)) {
            for (std::uint32_t l = st.first; l <= st.last && l < lines; ++l) drop[l] = true;
        } else if (counts(st)) {
            if (st.all_nodes) {
                last_all_nodes = std::max(last_all_nodes, st.last);
                any_all_nodes = true;
            } else if (st.node != kNoNode) {
                after[st.node] = std::max(after[st.node], st.last);
            }
        }
    }

    std::vector<std::pair<std::uint32_t, NodeId>> inserts;
    std::vector<std::int64_t> value(n, 0);
    for (NodeId v = 0; v < n; ++v) {
        if (!anchored(v)) continue;
        if (opts.mode == PriorityMode::keep && own[v]) continue;  // the user's own line stays and wins
        if (opts.mode == PriorityMode::add && user_from[v] && !user_from[v]->has_value)
            fail(Errc::parse, user_from[v]->where + ": the priority of " + detail::quote(dag.name(v)) +
                                  " is not an integer, so it cannot be added to (use --mode replace or keep)");
        value[v] = opts.mode == PriorityMode::add ? combine_priority(PriorityMode::add, user[v], priority_by_node[v], n)
                                                  : priority_by_node[v];
        std::uint32_t at = after[v];
        if (any_all_nodes) at = std::max(at, last_all_nodes);
        inserts.emplace_back(at, v);
    }
    std::sort(inserts.begin(), inserts.end());

    const std::size_t nl = text.find('\n');
    const std::string_view eol = nl != std::string_view::npos && nl > 0 && text[nl - 1] == '\r' ? "\r\n" : "\n";
    std::string out;
    out.reserve(text.size() + inserts.size() * 32);
    auto next = inserts.begin();
    for (std::size_t l = 0; l < lines; ++l) {
        const std::size_t b = doc.line_starts[l];
        const std::size_t e = l + 1 < lines ? doc.line_starts[l + 1] : text.size();
        if (!drop[l]) out.append(text.substr(b, e - b));
        if (next == inserts.end() || next->first != l) continue;
        if (!out.empty() && out.back() != '\n') out.append(eol);  // last line without a terminator
        for (; next != inserts.end() && next->first == l; ++next) {
            const NodeId v = next->second;
            out += opts.prio_compat ? "VARS " : "PRIORITY ";
            out.append(dag.name(v));
            out += opts.prio_compat ? " JOBPRIORITY=\"" : " ";
            out += std::to_string(value[v]);
            if (opts.prio_compat) out += '"';
            out.append(eol);
        }
    }
    return out;
}

std::string rewrite_priorities(const DagmanDocument& doc, const Dag& dag,
                               std::span<const std::int64_t> priority_by_node) {
    return rewrite_priorities(doc, dag, priority_by_node, PriorityOptions{});
}

}  // namespace ics::io
