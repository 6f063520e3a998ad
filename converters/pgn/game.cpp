#include "converters/pgn/game.hpp"

#include <algorithm>
#include <string>

namespace planilla {

std::string_view result_text(GameResult r) {
  switch (r) {
    case GameResult::WhiteWins: return "1-0";
    case GameResult::BlackWins: return "0-1";
    case GameResult::Draw: return "1/2-1/2";
    case GameResult::Unknown:
    case GameResult::None: return "*";
  }
  return "*";
}

std::optional<GameResult> parse_result(std::string_view t) {
  if (t == "1-0") return GameResult::WhiteWins;
  if (t == "0-1") return GameResult::BlackWins;
  if (t == "1/2-1/2" || t == "½-½") return GameResult::Draw;
  if (t == "*") return GameResult::Unknown;
  return std::nullopt;
}

const std::string* Game::tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

namespace {

void replay(const Line& line, const Position& from, std::uint32_t ply, Visitor& v) {
  for (unsigned n : line.leading_nags) v.nag(n);
  Position cur = from;
  bool alive = true;  // after an unresolved move the positions are unknown
  for (const MoveNode& node : line.moves) {
    for (const Comment& c : node.comments_before) v.comment(c.text, c.kind);
    MoveEvent ev{node.text, node.span, node.parsed ? &node.written : nullptr, node.move, cur, ply, node.draw_offer};
    if (node.facts_known) ev.facts = &node.facts;
    v.move(ev);
    for (unsigned n : node.nags) v.nag(n);
    for (const Comment& c : node.comments_after) v.comment(c.text, c.kind);
    for (const Line& var : node.variations) {
      v.begin_variation();
      replay(var, cur, ply, v);
      v.end_variation();
    }
    // A node with facts was resolved by the reader on this very line: its move is legal here.
    if (alive && node.move && (node.move.is_null() || node.facts_known || cur.is_legal(node.move))) cur.play(node.move);
    else alive = false;
    ++ply;
  }
  for (const Comment& c : line.trailing_comments) v.comment(c.text, c.kind);
}

}  // namespace

void Game::accept(Visitor& visitor, std::uint32_t number) const {
  visitor.begin_game(number);
  for (const Tag& t : tags) visitor.tag(t.name, t.value);
  if (visitor.end_tags(start, chess960) == Skip::No) {
    replay(main, start, 1, visitor);
    visitor.result(result);
  }
  visitor.end_game();
}

void GameBuilder::begin_game(std::uint32_t) {
  game_ = Game{};
  stack_.clear();
  pending_.clear();
  stack_.push_back(Frame{&game_.main});
}

void GameBuilder::tag(std::string_view name, std::string_view value) {
  game_.tags.push_back(Tag{std::string(name), std::string(value)});
}

Skip GameBuilder::end_tags(const Position& start, bool chess960) {
  game_.start = start;
  game_.chess960 = chess960;
  game_.custom_start = game_.tag("FEN") != nullptr;
  return Skip::No;
}

void GameBuilder::move(const MoveEvent& e) {
  if (stack_.empty()) begin_game(0);
  // A main line of a typical game in one allocation (moving grown nodes is not free).
  constexpr std::size_t kMainLineReserve = 96;
  if (stack_.size() == 1 && current().moves.empty()) current().moves.reserve(kMainLineReserve);
  MoveNode& node = current().moves.emplace_back();
  node.text.assign(e.text);
  node.span = e.span;
  node.parsed = e.written != nullptr;
  if (e.written) node.written = *e.written;
  node.move = e.move;
  node.draw_offer = e.draw_offer;
  if (e.facts) {
    node.facts = *e.facts;
    node.facts_known = true;
  }
  node.comments_before = std::move(pending_);
  pending_.clear();
  stack_.back().after_move = true;
}

void GameBuilder::nag(unsigned value) {
  if (stack_.empty()) begin_game(0);
  if (current().moves.empty()) current().leading_nags.push_back(value);
  else current().moves.back().nags.push_back(value);
}

void GameBuilder::comment(std::string_view text, CommentKind kind) {
  if (stack_.empty()) begin_game(0);
  Comment c{std::string(text), kind};
  if (stack_.back().after_move && !current().moves.empty())
    current().moves.back().comments_after.push_back(std::move(c));
  else pending_.push_back(std::move(c));
}

void GameBuilder::begin_variation() {
  if (stack_.empty()) begin_game(0);
  Line& parent = current();
  if (parent.moves.empty()) {
    // The reader never sends this (a variation needs a move to be an alternative to); a replay
    // of a hand-made model might. Keep the line as one of the parent's trailing parts.
    parent.moves.emplace_back();
  }
  MoveNode& last = parent.moves.back();
  for (Comment& c : pending_) last.comments_after.push_back(std::move(c));
  pending_.clear();
  stack_.back().after_move = false;
  stack_.push_back(Frame{&last.variations.emplace_back()});
}

void GameBuilder::end_variation() {
  if (stack_.size() <= 1) return;
  Line& line = current();
  for (Comment& c : pending_) {
    if (line.moves.empty()) line.trailing_comments.push_back(std::move(c));
    else line.moves.back().comments_after.push_back(std::move(c));
  }
  pending_.clear();
  stack_.pop_back();
}

void GameBuilder::result(GameResult r) {
  if (stack_.empty()) begin_game(0);
  while (stack_.size() > 1) end_variation();
  Line& line = current();
  for (Comment& c : pending_) {
    if (line.moves.empty()) line.trailing_comments.push_back(std::move(c));
    else line.moves.back().comments_after.push_back(std::move(c));
  }
  pending_.clear();
  game_.result = r;
}

void ReplayOrder::begin_game(std::uint32_t) {
  stack_.assign(1, Frame{});
  pending_ = false;
  kept_ = true;
}

void ReplayOrder::nag(unsigned) {
  const Frame& f = stack_.back();
  // A line's leading NAGs are replayed before its comments; a move's NAGs right after it.
  if (f.has_moves ? f.since_move : pending_) kept_ = false;
}

void ReplayOrder::comment(std::string_view, CommentKind) {
  Frame& f = stack_.back();
  f.since_move = true;
  if (!(f.after_move && f.has_moves)) pending_ = true;
}

void ReplayOrder::begin_variation() {
  Frame& parent = stack_.back();
  // Pending comments join the last move's comments_after, replayed before all its variations.
  if (pending_ && parent.last_has_variations) kept_ = false;
  if (!parent.has_moves) kept_ = false;  // the builder adds an empty node (never from the reader)
  pending_ = false;
  parent.after_move = false;
  parent.since_move = true;
  parent.last_has_variations = true;
  stack_.push_back(Frame{});
}

// Pending comments at a line's end: its trailing comments (no move), or the last move's
// comments_after, which are replayed before that move's variations.
void ReplayOrder::close_line() {
  if (pending_ && stack_.back().has_moves && stack_.back().last_has_variations) kept_ = false;
  pending_ = false;
}

void ReplayOrder::end_variation() {
  if (stack_.size() <= 1) return;
  close_line();
  stack_.pop_back();
}

void ReplayOrder::result(GameResult) {
  while (stack_.size() > 1) end_variation();
  close_line();
}

namespace {

std::string collapse(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

bool same_comments(const std::vector<Comment>& a, const std::vector<Comment>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].kind != b[i].kind || collapse(a[i].text) != collapse(b[i].text)) return false;
  return true;
}

bool same_line(const Line& a, const Line& b, std::string& why, const std::string& where) {
  if (a.leading_nags != b.leading_nags) return why = where + ": leading NAGs differ", false;
  if (!same_comments(a.trailing_comments, b.trailing_comments))
    return why = where + ": trailing comments differ", false;
  if (a.moves.size() != b.moves.size())
    return why = where + ": " + std::to_string(a.moves.size()) + " vs " + std::to_string(b.moves.size()) + " moves",
           false;
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    const MoveNode& x = a.moves[i];
    const MoveNode& y = b.moves[i];
    std::string here = where + " move " + std::to_string(i + 1) + " (" + x.text + " / " + y.text + ")";
    if (x.move != y.move) return why = here + ": different move", false;
    if (x.draw_offer != y.draw_offer) return why = here + ": draw offer differs", false;
    if (x.nags != y.nags) return why = here + ": NAGs differ", false;
    if (!same_comments(x.comments_before, y.comments_before)) return why = here + ": comments before differ", false;
    if (!same_comments(x.comments_after, y.comments_after)) return why = here + ": comments after differ", false;
    if (x.variations.size() != y.variations.size()) return why = here + ": variation count differs", false;
    for (std::size_t v = 0; v < x.variations.size(); ++v)
      if (!same_line(x.variations[v], y.variations[v], why, here + " variation " + std::to_string(v + 1))) return false;
  }
  return true;
}

bool regenerated(std::string_view name) {
  return name == "Result" || name == "Variant" || name == "SetUp" || name == "FEN";
}

}  // namespace

bool equivalent(const Game& a, const Game& b, std::string* why) {
  std::string reason;
  auto fail = [&](std::string r) {
    if (why) *why = std::move(r);
    return false;
  };
  if (!(a.start == b.start)) return fail("start positions differ");
  if (a.chess960 != b.chess960) return fail("Chess960 flag differs");
  auto result_of = [](GameResult r) { return r == GameResult::None ? GameResult::Unknown : r; };
  if (result_of(a.result) != result_of(b.result)) return fail("results differ");
  // The writer moves the Seven Tag Roster to the front: those are compared by value, the other
  // tags by value and relative order.
  static constexpr std::string_view kRoster[] = {"Event", "Site", "Date", "Round", "White", "Black"};
  for (std::string_view name : kRoster) {
    const std::string* x = a.tag(name);
    const std::string* y = b.tag(name);
    if (x && (!y || *x != *y)) return fail("tag " + std::string(name) + " \"" + *x + "\" missing or changed");
  }
  std::size_t from = 0;
  for (const Tag& t : a.tags) {
    if (regenerated(t.name) || std::find(std::begin(kRoster), std::end(kRoster), t.name) != std::end(kRoster)) continue;
    std::size_t j = from;
    while (j < b.tags.size() && !(b.tags[j] == t)) ++j;
    if (j == b.tags.size()) return fail("tag " + t.name + " \"" + t.value + "\" missing or out of order");
    from = j + 1;
  }
  if (!same_line(a.main, b.main, reason, "main line")) return fail(reason);
  return true;
}

}  // namespace planilla
