#include "converters/arbiter/suggestions.hpp"

#include <algorithm>
#include <optional>

#include "grammar/move_parser.hpp"

namespace planilla {

namespace {

// A move that did not resolve: the four error codes, and in strict mode a resolve warning
// escalated to an error (a W- code with error severity on a ply).
bool is_move_error(const Diagnostic& d) {
  return d.severity == Severity::Error && d.ply != 0 &&
         (is_unresolved_move_code(d.code) || is_resolver_remark_code(d.code));
}

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v'; }

bool is_result(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*" || t == "½-½"; }

// `12.`, `12...`, `12…` and a bare `12` before a separated dot.
std::string_view strip_move_number(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
  if (i == 0) return t;
  std::size_t j = i;
  while (j < t.size() && t[j] == '.') ++j;
  if (j < t.size() && t.substr(j).starts_with("\xE2\x80\xA6")) j += 3;
  if (j == i) return i == t.size() ? std::string_view{} : t;  // "12" alone is a number; "0000" is not reached here
  return t.substr(j);
}

}  // namespace

// Where the main line stands just before `ply` (1-based), replaying the model's moves; nullopt
// when some earlier move did not resolve.
std::optional<Position> position_before(const Game& game, std::uint32_t ply) {
  Position pos = game.start;
  if (ply == 0 || ply > game.main.moves.size() + 1) return std::nullopt;
  for (std::uint32_t i = 0; i + 1 < ply; ++i) {
    const MoveNode& n = game.main.moves[i];
    if (!n.move) return std::nullopt;
    pos.play(n.move);
  }
  return pos;
}

// The parsed written moves after `ply` (the look-ahead), up to the first token the grammar did
// not read. Model nodes are used where the reader kept them; otherwise the rest of the movetext
// is tokenized from the decoded text of the game.
std::vector<WrittenMove> following_moves(const GameRecord& record, std::uint32_t ply, const Language& language,
                                         std::size_t limit) {
  std::vector<WrittenMove> out;
  const auto& nodes = record.game.main.moves;
  if (ply < nodes.size()) {
    for (std::size_t i = ply; i < nodes.size() && out.size() < limit; ++i) {
      if (!nodes[i].parsed) break;
      out.push_back(nodes[i].written);
    }
    return out;
  }
  if (ply == 0 || ply > nodes.size()) return out;
  const MoveNode& failing = nodes[ply - 1];
  if (failing.span.byte < record.offset) return out;
  std::size_t local = static_cast<std::size_t>(failing.span.byte - record.offset) + failing.span.length;
  if (record.encoding != Encoding::Ascii && record.encoding != Encoding::Utf8) {
    // Offsets of other encodings do not index the decoded text: no look-ahead rather than a wrong one.
    return out;
  }
  if (local > record.original.size()) return out;
  for (const std::string& t : tokens_from(record.original, local)) {
    if (out.size() >= limit) break;
    auto p = parse_move(t, language);
    if (!p) break;
    out.push_back(p->move);
  }
  return out;
}

std::vector<std::string> tokens_from(std::string_view text, std::size_t offset) {
  std::vector<std::string> out;
  std::size_t i = std::min(offset, text.size());
  int depth = 0;  // variations
  while (i < text.size()) {
    char c = text[i];
    if (is_space(c)) {
      ++i;
      continue;
    }
    if (c == '{') {
      auto close = text.find('}', i);
      i = close == std::string_view::npos ? text.size() : close + 1;
      continue;
    }
    if (c == ';') {
      auto nl = text.find('\n', i);
      i = nl == std::string_view::npos ? text.size() : nl + 1;
      continue;
    }
    if (c == '(') {
      ++depth;
      ++i;
      continue;
    }
    if (c == ')') {
      if (depth > 0) --depth;
      ++i;
      continue;
    }
    std::size_t start = i;
    while (i < text.size() && !is_space(text[i]) && text[i] != '{' && text[i] != '(' && text[i] != ')' &&
           text[i] != ';')
      ++i;
    if (depth > 0) continue;
    std::string_view token = text.substr(start, i - start);
    if (token.starts_with('$') || is_result(token)) continue;
    token = strip_move_number(token);
    if (token.empty() || token.find_first_not_of('.') == std::string_view::npos) continue;
    out.emplace_back(token);
  }
  return out;
}

std::vector<Suggestion> suggest_text(const Position& before, std::string_view written, const Language& language,
                                     std::span<const std::string_view> following, const SuggestOptions& options,
                                     std::span<const std::string_view> preceding) {
  auto parsed = parse_move(written, language);
  std::vector<WrittenMove> rest;
  for (std::string_view t : following) {
    if (rest.size() >= options.max_lookahead) break;
    auto p = parse_move(t, language);
    if (!p) break;
    rest.push_back(p->move);
  }
  std::vector<WrittenMove> earlier;
  for (std::string_view t : preceding) {
    auto p = parse_move(t, language);
    if (!p) earlier.clear();  // (the look-back ends at the last token that does not parse)
    else earlier.push_back(p->move);
  }
  return suggest(before, written, parsed ? &parsed->move : nullptr, language, rest, options, earlier);
}

namespace {

// The parsed written moves of the main line before `ply`, the last one last: at most `limit`,
// back to the first token the grammar did not read (a line written twice is compared with them).
std::vector<WrittenMove> preceding_moves(const GameRecord& record, std::uint32_t ply, std::size_t limit) {
  const auto& nodes = record.game.main.moves;
  const std::size_t end = std::min<std::size_t>(ply == 0 ? 0 : ply - 1, nodes.size());
  std::size_t begin = end;
  while (begin > 0 && end - begin < limit && nodes[begin - 1].parsed) --begin;
  std::vector<WrittenMove> out;
  for (std::size_t i = begin; i < end; ++i) out.push_back(nodes[i].written);
  return out;
}

}  // namespace

SuggestionsAt suggest_at(const GameRecord& record, std::uint32_t ply, const Position& before, const Language& language,
                         const SuggestOptions& options) {
  const MoveNode& node = record.game.main.moves[ply - 1];
  const std::vector<WrittenMove> rest = following_moves(record, ply, language, options.max_lookahead);
  const std::vector<WrittenMove> earlier = preceding_moves(record, ply, 4);  // (the longest repeat read)
  const auto parsed = parse_move(node.text, language);
  SuggestionsAt out;
  out.found = suggest(before, node.text, parsed ? &parsed->move : nullptr, language, rest, options, earlier);
  if (parsed) out.repeated = repeated_line(parsed->move, rest, earlier);
  return out;
}

void fill_suggestions(GameRecord& record, const Language& language, const ResolveOptions& resolve,
                      const Language* san_language) {
  SuggestOptions so;
  so.resolve = resolve;
  so.san_language = san_language ? san_language : &language;  // nullptr: the game's own letters
  for (Diagnostic& d : record.diagnostics) {
    if (!is_move_error(d) || d.variation != 0 || d.ply == 0) continue;
    if (d.ply > record.game.main.moves.size()) continue;
    auto before = position_before(record.game, d.ply);
    if (!before) continue;
    const SuggestionsAt at = suggest_at(record, d.ply, *before, language, so);
    const std::vector<Suggestion>& found = at.found;
    // A line written twice is named: the one the suggestions drop, or one the score ends with
    // (nothing follows it to be read from). One ply only where the rest reads after dropping it,
    // as suggest() has it: two equal plies in a row are common in real games (`Rxd8+ Rxd8`).
    std::size_t k = at.repeated > 1 ? at.repeated : 0;
    for (const Suggestion& s : found)
      if (s.kind == SuggestionKind::RepeatedPlies) k = static_cast<std::size_t>(s.shift);
    if (k != 0) {
      const std::string note =
          k == 1 ? "; it repeats the ply before it: a ply written twice?"
                 : "; with the next " + (k == 2 ? std::string("ply") : std::to_string(k - 1) + " plies") +
                       " it repeats the " + std::to_string(k) + " plies before it: a line written twice?";
      if (!d.message.ends_with(note)) d.message += note;
    }
    d.suggestions.clear();
    d.suggestion_evident.clear();
    d.suggestion_kinds.clear();
    d.suggestion_drops.clear();
    for (const Suggestion& s : found) {
      d.suggestions.push_back(s.san);
      d.suggestion_evident.push_back(s.evident);
      d.suggestion_kinds.emplace_back(suggestion_kind_name(s.kind));
      d.suggestion_drops.push_back(s.kind == SuggestionKind::RepeatedPlies ? static_cast<std::uint32_t>(s.shift) : 0);
    }
  }
}

}  // namespace planilla
