// The only translation unit that instantiates the descriptive grammar (PEGTL is slow to compile).
#include "grammar/descriptive_parser.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>

#include <tao/pegtl.hpp>

#include "grammar/descriptive.hpp"
#include "grammar/descriptive_actions.hpp"
#include "grammar/descriptive_print.hpp"

namespace planilla {

namespace pegtl = tao::pegtl;
namespace gd = grammar::descriptive;

std::optional<ParsedDescriptive> parse_descriptive_prefix(std::string_view text, DescriptiveDialect dialect,
                                                          std::uint64_t base_offset) {
  pegtl::memory_input<> in(text.data(), text.size(), "descriptive");
  gd::ParseState state;
  bool ok = false;
  switch (dialect) {
    case DescriptiveDialect::English: ok = pegtl::parse<gd::en_move, gd::action>(in, state); break;
    case DescriptiveDialect::Spanish: ok = pegtl::parse<gd::es_move<'A'>, gd::action>(in, state); break;
    case DescriptiveDialect::French: ok = pegtl::parse<gd::es_move<'F'>, gd::action>(in, state); break;
  }
  if (!ok) return std::nullopt;
  const auto length = static_cast<std::size_t>(in.current() - text.data());
  if (length == 0) return std::nullopt;
  state.move.span = SourceSpan{base_offset, static_cast<std::uint32_t>(length)};
  return ParsedDescriptive{state.move, length};
}

// The grammar lets a move contain single blanks ("P - Q B 4", "K R - Kt 1"), so its one (greedy)
// parse can swallow the start of the next move in single-spaced text: "QxB PxP" parses as
// "QxB P" (takes the bishop's pawn). Its look-aheads were written for that single parse and can
// also stop it short: in "QxQN 33 R-Q7" the move number 33 passes for the rank of a square after
// "Q N", so the greedy parse is "QxQ". So every prefix that ends at a blank of the same column
// (no two blanks, no line break) and reads completely is a reading too; what follows the move,
// and the board, choose among them.
std::vector<ParsedDescriptive> parse_descriptive_prefixes(std::string_view text, DescriptiveDialect dialect,
                                                          std::uint64_t base_offset) {
  // More blanks than the most spread-out printed move has ("Kt ( Q 6 ) - K B 5 dis. ch.").
  constexpr int kMaxBlanks = 14;
  // Longer than any printed move, blanks and marks included: text glued without blanks ends the
  // search here instead of at the end of the text (which made a long glued score quadratic).
  constexpr std::size_t kMaxMoveBytes = 96;
  auto blank = [](char c) { return c == ' ' || c == '\t'; };  // PEGTL's `blank`: the grammar's gap
  std::vector<ParsedDescriptive> out;
  if (auto greedy = parse_descriptive_prefix(text, dialect, base_offset)) out.push_back(*greedy);
  int blanks = 0;
  for (std::size_t e = 1; e < text.size() && e <= kMaxMoveBytes && blanks < kMaxBlanks; ++e) {
    const bool line_end = text[e] == '\n' || text[e] == '\r';
    if (!blank(text[e]) && !line_end) continue;
    if (blank(text[e - 1])) break;  // two blanks end a column
    if (out.empty() || e != out.front().length) {
      auto prefix = parse_descriptive_prefix(text.substr(0, e), dialect, base_offset);
      if (prefix && prefix->length == e) out.push_back(*prefix);
    }
    if (line_end) break;
    ++blanks;
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.length > b.length; });
  return out;
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

}  // namespace

Result<DescriptiveMove, DescriptiveSyntaxError> parse_descriptive(std::string_view token, DescriptiveDialect dialect,
                                                                  std::uint64_t base_offset) {
  std::size_t begin = 0;
  while (begin < token.size() && is_space(token[begin])) ++begin;
  auto parsed = parse_descriptive_prefix(token.substr(begin), dialect, base_offset + begin);
  if (!parsed) {
    return Unexpected{DescriptiveSyntaxError{static_cast<std::uint32_t>(begin),
                                             "not a descriptive move: '" + std::string(token) + "'"}};
  }
  std::size_t end = begin + parsed->length;
  while (end < token.size() && is_space(token[end])) ++end;
  if (end != token.size()) {
    return Unexpected{DescriptiveSyntaxError{static_cast<std::uint32_t>(begin + parsed->length),
                                             "unexpected text after the move: '" +
                                                 std::string(token.substr(begin + parsed->length)) + "'"}};
  }
  return parsed->move;
}

namespace {

// Words and marks that end a score. Longer spellings first where one is a prefix of another.
constexpr std::array<std::string_view, 16> kResults = {
    "1/2-1/2",   "\xC2\xBD-\xC2\xBD", "1-0",    "0-1",    "Resigns", "resigns",
    "Resigned",  "resigned",          "Drawn",  "drawn",  "Draw",    "draw",
    "abandonan", "abandona",          "tablas", "abandon"};

bool starts_with_castling_zero(std::string_view rest) {
  // "0-0" / "0 - 0" is castling, "0-1" a result.
  std::size_t i = 1;
  while (i < rest.size() && rest[i] == ' ') ++i;
  if (i >= rest.size() || rest[i] != '-') return false;
  ++i;
  while (i < rest.size() && rest[i] == ' ') ++i;
  return i < rest.size() && (rest[i] == '0' || rest[i] == 'O');
}

// Where a score's next token starts, after move numbers, ellipses, punctuation and markup.
enum class TokenKind : std::uint8_t {
  Move,  // something other than a number or result: a move, or unreadable text (see Node)
  End,   // the end of the text or a result word ("Resigns", "1-0", "*")
};

struct Token {
  std::size_t byte = 0;
  TokenKind kind = TokenKind::End;
  std::string result;  // End: the result as written; "" at the end of the text
};

Token next_token(std::string_view text, std::size_t pos) {
  const std::size_t n = text.size();
  auto rest = [&] { return text.substr(pos); };
  while (pos < n) {
    const char c = text[pos];
    if (is_space(c) || c == ',' || c == ';' || c == ':' || c == '!' || c == '?') {
      ++pos;
      continue;
    }
    if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      const auto end = text.find(close, pos);
      pos = end == std::string_view::npos ? n : end + 1;
      continue;
    }
    if (rest().starts_with("/*") || rest().starts_with("*/")) {
      pos += 2;
      continue;
    }
    if (c == '.' || rest().starts_with("\xE2\x80\xA6")) {  // ellipsis: "1. ........" / "…"
      pos += c == '.' ? 1 : 3;
      continue;
    }
    for (std::string_view r : kResults)
      if (rest().starts_with(r)) return Token{pos, TokenKind::End, std::string(r)};
    if (c == '*') {
      // The result only at the end: before more moves it is a note's mark ("B to K Kt 5th *   P to
      // Q Kt 4th"), and taken for the result it ended the score with the rest unread.
      const std::size_t after = text.find_first_not_of(" \t\r\n.,;", pos + 1);
      if (after == std::string_view::npos) return Token{pos, TokenKind::End, "*"};
      ++pos;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) && !(c == '0' && starts_with_castling_zero(rest()))) {
      while (pos < n && std::isdigit(static_cast<unsigned char>(text[pos]))) ++pos;
      continue;
    }
    return Token{pos, TokenKind::Move, {}};
  }
  return Token{n, TokenKind::End, {}};
}

// All segmentations of a score into moves, as a DAG over byte offsets: a node is where a token
// starts; an edge is one reading of the move there, leading to the token after it.
struct Node {
  Token token;
  std::vector<std::pair<ParsedDescriptive, std::size_t>> edges;  // reading, byte of the next node
  bool unreadable = false;  // a Move token no reading starts at: the score stops here
  bool viable = false;      // some path from here reaches a goal
  bool limit = false;       // unreadable because the score has kMaxLatticeMoves moves before it
};

// Moves of a score the lattice reads at most: the PGN reader's max_moves. Past it the score stops
// with E-LIMIT; a 3 MB token of glued moves (`P-K4P-K4Kt-KB3…`) built a lattice of 180 MB.
constexpr std::size_t kMaxLatticeMoves = 50000;

struct Lattice {
  std::map<std::size_t, Node> nodes;  // by byte; edges only go forward
  std::size_t start = 0;
  bool clean = false;  // the goals are the end of the text / a result; otherwise the furthest stop
  std::size_t furthest_stop = 0;

  bool is_goal(const Node& n) const {
    return clean ? n.token.kind == TokenKind::End : n.unreadable && n.token.byte == furthest_stop;
  }
};

Lattice build_lattice(std::string_view text, DescriptiveDialect dialect) {
  Lattice lat;
  auto add = [&](std::size_t from) {
    Token t = next_token(text, from);
    const std::size_t byte = t.byte;
    lat.nodes.try_emplace(byte, Node{std::move(t), {}, false, false});
    return byte;
  };
  lat.start = add(0);
  // std::map keeps iterators valid on insertion, and every new node lies after the current one.
  std::size_t moves = 0;
  for (auto& [byte, node] : lat.nodes) {
    if (node.token.kind != TokenKind::Move) {
      lat.clean = true;
      continue;
    }
    if (++moves > kMaxLatticeMoves) {
      // The score stops here, whatever follows: the goal is this node.
      node.unreadable = node.limit = true;
      lat.furthest_stop = byte;
      lat.clean = false;
      break;
    }
    auto readings = parse_descriptive_prefixes(text.substr(byte), dialect, byte);
    if (readings.empty()) {
      node.unreadable = true;
      lat.furthest_stop = byte;
      continue;
    }
    for (auto& r : readings) {
      const std::size_t next = add(byte + r.length);
      node.edges.emplace_back(std::move(r), next);
    }
  }
  for (auto it = lat.nodes.rbegin(); it != lat.nodes.rend(); ++it) {
    Node& node = it->second;
    node.viable = lat.is_goal(node);
    for (const auto& e : node.edges) node.viable = node.viable || lat.nodes.at(e.second).viable;
  }
  return lat;
}

// The text-only choice from `byte` on: at each node the longest reading that still leads to a goal.
void append_first_path(const Lattice& lat, std::size_t byte, std::vector<const Node*>& nodes,
                       std::vector<const ParsedDescriptive*>& moves) {
  for (;;) {
    const Node& node = lat.nodes.at(byte);
    nodes.push_back(&node);
    const auto edge = std::find_if(node.edges.begin(), node.edges.end(),
                                   [&](const auto& e) { return lat.nodes.at(e.second).viable; });
    if (edge == node.edges.end()) return;
    moves.push_back(&edge->first);
    byte = edge->second;
  }
}

// The score along one path: its moves, and how it ends (result, or E-SYNTAX where it stops).
DescriptiveScore score_from_path(std::string_view text, const Node& last,
                                 const std::vector<const ParsedDescriptive*>& moves) {
  DescriptiveScore score;
  score.moves.reserve(moves.size());
  for (const auto* m : moves) score.moves.push_back(m->move);
  if (last.limit) {
    Diagnostic d;
    d.code = Code::LimitExceeded;
    d.severity = Severity::Error;
    d.byte = last.token.byte;
    d.ply = static_cast<std::uint32_t>(score.moves.size() + 1);
    d.message = "more moves than the limit (limit " + std::to_string(kMaxLatticeMoves) + ", max_moves)";
    score.diagnostics.push_back(std::move(d));
    score.stopped_early = true;
  } else if (last.unreadable) {
    const std::size_t pos = last.token.byte;
    std::size_t end = pos;
    while (end < text.size() && !is_space(text[end])) ++end;
    Diagnostic d;
    d.code = Code::MoveSyntax;
    d.severity = Severity::Error;
    d.byte = pos;
    d.ply = static_cast<std::uint32_t>(score.moves.size() + 1);
    d.written = std::string(text.substr(pos, end - pos));
    d.message = "not a descriptive move: '" + d.written + "'";
    score.diagnostics.push_back(std::move(d));
    score.stopped_early = true;
  } else if (last.token.kind == TokenKind::End) {
    score.result = last.token.result;
  }
  return score;
}

}  // namespace

namespace {

// Moves read from print-normalized text: spans and diagnostics back on the original bytes, and the
// print repairs of each move's range added to its repair bits.
void to_original(const PrintText& pt, std::vector<DescriptiveMove>& moves, std::vector<Diagnostic>& diags) {
  for (DescriptiveMove& m : moves) {
    const std::uint32_t b = pt.original_begin(static_cast<std::size_t>(m.span.byte));
    const std::uint32_t e = pt.original_end(static_cast<std::size_t>(m.span.byte + m.span.length));
    m.repairs |= pt.repairs_in(b, e);
    m.span = SourceSpan{b, e > b ? e - b : 0};
  }
  for (Diagnostic& d : diags) d.byte = pt.original_begin(static_cast<std::size_t>(d.byte));
}

std::string_view original_text(std::string_view text, const SourceSpan& s) {
  return text.substr(static_cast<std::size_t>(s.byte), s.length);
}

}  // namespace

DescriptiveScore read_descriptive_score(std::string_view original, DescriptiveDialect dialect) {
  const PrintText pt = dialect == DescriptiveDialect::English ? normalize_descriptive_print(original) : PrintText{};
  const std::string_view text = dialect == DescriptiveDialect::English ? std::string_view(pt.text) : original;
  DescriptiveScore score = read_descriptive_score_raw(text, dialect);
  if (dialect == DescriptiveDialect::English) {
    to_original(pt, score.moves, score.diagnostics);
    for (Diagnostic& d : score.diagnostics)
      if (d.code == Code::MoveSyntax) {
        std::size_t end = static_cast<std::size_t>(d.byte);
        while (end < original.size() && !is_space(original[end])) ++end;
        d.written =
            std::string(original.substr(static_cast<std::size_t>(d.byte), end - static_cast<std::size_t>(d.byte)));
        d.message = "not a descriptive move: '" + d.written + "'";
      }
  }
  return score;
}

DescriptiveScore read_descriptive_score_raw(std::string_view text, DescriptiveDialect dialect) {
  const Lattice lat = build_lattice(text, dialect);
  std::vector<const Node*> nodes;
  std::vector<const ParsedDescriptive*> moves;
  append_first_path(lat, lat.start, nodes, moves);
  return score_from_path(text, *nodes.back(), moves);
}

namespace {

// One partial reading of the score: the board after it and the moves (lattice edges) it took.
struct SegLine {
  Position pos;
  DescriptiveContext ctx;
  std::vector<const ParsedDescriptive*> moves;
};

// The same beam search as resolve_descriptive_game, over segmentations as well as readings:
// lines are kept per lattice node (processed in text order, so every line reaching a node is in
// before the node is expanded), at most `beam` per node. Returns the moves of the line chosen:
// the first to reach a goal, else the one that got furthest, completed by the text-only choice
// so that resolve_descriptive_game reports where it fails. `split_warning` is set when lines
// with different segmentations both reach the goal.
std::vector<const ParsedDescriptive*> search_segmentations(std::string_view text, const Lattice& lat,
                                                           const Position& start, std::size_t beam, const Node*& last,
                                                           std::optional<Diagnostic>& split_warning) {
  std::map<std::size_t, std::vector<SegLine>> buckets;
  buckets[lat.start].push_back(SegLine{start, DescriptiveContext{IdentityTracker(start), Square::None}, {}});
  const SegLine* reached = nullptr;  // furthest line that reached a goal
  const Node* reached_node = nullptr;
  const SegLine* stuck = nullptr;  // furthest line that reached any node
  std::size_t stuck_byte = lat.start;
  for (const auto& [byte, node] : lat.nodes) {
    if (!node.viable) continue;
    auto bucket = buckets.find(byte);
    if (bucket == buckets.end() || bucket->second.empty()) continue;
    auto& lines = bucket->second;
    stuck = &lines.front();
    stuck_byte = byte;
    if (lat.is_goal(node)) {
      reached = &lines.front();
      reached_node = &node;
      continue;
    }
    for (const auto& [reading, next] : node.edges) {
      if (!lat.nodes.at(next).viable) continue;
      auto& dest = buckets[next];
      for (const SegLine& line : lines) {
        for (const auto& r : descriptive_readings(reading.move, line.pos, line.ctx)) {
          if (dest.size() >= beam) break;
          SegLine child = line;
          child.ctx.play(child.pos, r.move);
          child.pos.play(r.move);
          child.moves.push_back(&reading);
          dest.push_back(std::move(child));
        }
      }
    }
  }
  if (reached != nullptr) {
    last = reached_node;
    // Another segmentation that also replays to the end: say where the two part.
    for (const SegLine& other : buckets.at(reached_node->token.byte)) {
      std::size_t i = 0;
      const auto& a = reached->moves;
      const auto& b = other.moves;
      while (i < a.size() && i < b.size() && a[i]->move.span == b[i]->move.span) ++i;
      if (i == a.size() && i == b.size()) continue;
      if (i >= a.size()) continue;
      auto span_text = [&](const ParsedDescriptive* m) {
        return std::string(text.substr(m->move.span.byte, m->move.span.length));
      };
      Diagnostic d;
      d.code = Code::DescriptiveAmbiguous;
      d.severity = Severity::Warning;
      d.byte = a[i]->move.span.byte;
      d.ply = static_cast<std::uint32_t>(i + 1);
      d.written = span_text(a[i]);
      d.message = "the score splits into moves in more than one way that replays to the end: read as '" + d.written +
                  "', also possible: '" + (i < b.size() ? span_text(b[i]) : std::string()) + "'";
      if (!split_warning || split_warning->byte > d.byte) split_warning = std::move(d);
    }
    return reached->moves;
  }
  // No segmentation replays to the end: keep the line that got furthest and read on from there
  // by text alone, so the failing move is the one resolve_descriptive_game reports.
  std::vector<const ParsedDescriptive*> moves = stuck->moves;
  std::vector<const Node*> nodes;
  append_first_path(lat, stuck_byte, nodes, moves);
  last = nodes.back();
  return moves;
}

}  // namespace

DescriptiveGame read_descriptive_game(std::string_view text, DescriptiveDialect dialect, const Position& start) {
  return read_descriptive_game(text, dialect, start, DescriptiveReadOptions{});
}

DescriptiveGame read_descriptive_game(std::string_view original, DescriptiveDialect dialect, const Position& start,
                                      const DescriptiveReadOptions& options) {
  if (dialect != DescriptiveDialect::English) return read_descriptive_game_raw(original, dialect, start);
  const PrintText pt = normalize_descriptive_print(original, options.collapse_spaces);
  DescriptiveGame game = read_descriptive_game_raw(pt.text, dialect, start);
  // Re-resolve with the print repairs on the moves, so each is named where it was needed.
  to_original(pt, game.score.moves, game.score.diagnostics);
  for (Diagnostic& d : game.score.diagnostics)
    if (d.code == Code::MoveSyntax) {
      std::size_t end = static_cast<std::size_t>(d.byte);
      while (end < original.size() && !is_space(original[end])) ++end;
      d.written =
          std::string(original.substr(static_cast<std::size_t>(d.byte), end - static_cast<std::size_t>(d.byte)));
      d.message = "not a descriptive move: '" + d.written + "'";
    }
  game.resolution = resolve_descriptive_game(game.score.moves, start);
  for (Diagnostic& d : game.resolution.diagnostics) {
    if (d.code != Code::DescriptiveRepair || d.ply == 0 || d.ply > game.score.moves.size()) continue;
    const SourceSpan& s = game.score.moves[d.ply - 1].span;
    std::vector<std::string> notes;
    pt.repairs_in(static_cast<std::uint32_t>(s.byte), static_cast<std::uint32_t>(s.byte + s.length), &notes);
    d.written = std::string(original_text(original, s));
    for (const auto& n : notes) d.message += "; " + n;
  }
  return game;
}

DescriptiveGame read_descriptive_game_raw(std::string_view text, DescriptiveDialect dialect, const Position& start) {
  const Lattice lat = build_lattice(text, dialect);
  const Node* last = nullptr;
  std::optional<Diagnostic> split_warning;
  std::vector<const ParsedDescriptive*> moves;
  // Most scores split one way only: then the board has nothing to choose between splits.
  const bool one_split = std::all_of(lat.nodes.begin(), lat.nodes.end(), [&](const auto& entry) {
    return !entry.second.viable || std::count_if(entry.second.edges.begin(), entry.second.edges.end(),
                                                 [&](const auto& e) { return lat.nodes.at(e.second).viable; }) <= 1;
  });
  if (one_split) {
    std::vector<const Node*> nodes;
    append_first_path(lat, lat.start, nodes, moves);
    last = nodes.back();
  } else {
    moves = search_segmentations(text, lat, start, DescriptiveSearchOptions{}.beam_width, last, split_warning);
  }
  DescriptiveGame game;
  game.score = score_from_path(text, *last, moves);
  if (split_warning) game.score.diagnostics.push_back(std::move(*split_warning));
  game.resolution = resolve_descriptive_game(game.score.moves, start);
  return game;
}

}  // namespace planilla
