// converters/game: the model's replay order, and ReplayOrder, which tells from the events alone
// whether Game::accept() gives them back in the order they came (the condition for writing a
// game while it is read, converters/run/pipeline.hpp's DirectWriter).
#include <doctest/doctest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "converters/pgn/game.hpp"

using namespace planilla;

namespace {

// The events a visitor sees, one word each: m<text>, n<value>, c<text>, ( and ), r.
struct Recorder : Visitor {
  std::vector<std::string> seen;
  void move(const MoveEvent& e) override { seen.push_back("m" + std::string(e.text)); }
  void nag(unsigned v) override { seen.push_back("n" + std::to_string(v)); }
  void comment(std::string_view text, CommentKind) override { seen.push_back("c" + std::string(text)); }
  void begin_variation() override { seen.emplace_back("("); }
  void end_variation() override { seen.emplace_back(")"); }
  void result(GameResult) override { seen.emplace_back("r"); }
};

// Drives `v` with a game whose movetext events are `words` (as Recorder writes them); the moves
// are unresolved tokens, which the model keeps and replays as they are.
void drive(const std::vector<std::string>& words, Visitor& v) {
  static const Position start = Position::startpos();
  v.begin_game(1);
  v.end_tags(start, false);
  std::uint32_t ply = 1;
  for (const std::string& w : words) {
    const std::string_view rest = std::string_view(w).substr(1);
    switch (w[0]) {
      case 'm': v.move(MoveEvent{rest, SourceSpan{}, nullptr, Move{}, start, ply++, false}); break;
      case 'n': v.nag(static_cast<unsigned>(std::stoul(std::string(rest)))); break;
      case 'c': v.comment(rest, CommentKind::Brace); break;
      case '(': v.begin_variation(); break;
      case ')': v.end_variation(); break;
      case 'r': v.result(GameResult::Unknown); break;
    }
  }
  v.end_game();
}

std::vector<std::string> split(const std::string& spec) {
  std::istringstream in(spec);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// What replaying the model built from `words` gives back.
std::vector<std::string> replayed(const std::vector<std::string>& words) {
  Game game;
  GameBuilder builder(game);
  drive(words, builder);
  Recorder r;
  game.accept(r);
  return r.seen;
}

bool order_kept(const std::vector<std::string>& words) {
  ReplayOrder order;
  drive(words, order);
  return order.kept();
}

}  // namespace

TEST_CASE("ReplayOrder: which event orders the model gives back as they came") {
  struct Row {
    const char* events;
    bool kept;
  };
  const Row rows[] = {
      {"me4 me5 r", true},
      {"me4 n1 ca me5 r", true},   // NAG, then comment: the model's own order
      {"me4 ca n1 me5 r", false},  // comment, then NAG: replayed NAG first
      {"me4 n1 ca n2 r", false},   // a second NAG after the comment
      {"ca me4 me5 r", true},      // a comment before the first move
      {"n3 me4 r", true},          // a NAG before the first move
      {"ca n3 me4 r", false},      // ... after a comment: leading NAGs come first
      {"me4 ( md4 ) me5 r", true},
      {"me4 ( md4 ) ( mc4 ) me5 r", true},
      {"me4 ca ( md4 ) me5 r", true},           // the move's comment, then its variation
      {"me4 ( md4 ) ca me5 r", true},           // after a variation: the next move's comment
      {"me4 ( md4 ) ca ( mc4 ) me5 r", false},  // ... unless another variation follows
      {"me4 ( md4 ) n1 me5 r", false},          // a NAG after a variation: the move's, first
      {"me4 ( md4 ) ca r", false},              // comments after the last variation of a line
      {"me4 ( md4 ca ) me5 r", true},           // the variation's move's comment
      {"me4 ( ca md4 ) me5 r", true},
      {"me4 ( ca ) me5 r", true},  // a variation with a comment only
      {"me4 ( md4 ( mc4 ) ca ) r", false},
      {"me4 ( md4 ( mc4 ) ) me5 r", true},
  };
  for (const Row& row : rows) {
    CAPTURE(row.events);
    const std::vector<std::string> words = split(row.events);
    // The table's expectation is the truth (what the model replays) ...
    CHECK((replayed(words) == words) == row.kept);
    // ... and what ReplayOrder says without building the model.
    CHECK(order_kept(words) == row.kept);
  }
}

TEST_CASE("ReplayOrder: agrees with the model's replay on random event sequences") {
  // Sequences the reader can send: a variation opens only after a move of its line, every one
  // is closed before the result.
  std::mt19937 rng(20261122);
  int kept = 0, reordered = 0;
  for (int round = 0; round < 20000; ++round) {
    std::vector<std::string> words;
    std::vector<bool> has_move{false};
    int serial = 0;
    const int length = 1 + static_cast<int>(rng() % 14);
    for (int k = 0; k < length; ++k) {
      const unsigned pick = rng() % 6;
      if (pick == 0 || pick == 1) {
        words.push_back("m" + std::to_string(++serial));
        has_move.back() = true;
      } else if (pick == 2) {
        words.push_back("n" + std::to_string(++serial));
      } else if (pick == 3) {
        words.push_back("c" + std::to_string(++serial));
      } else if (pick == 4 && has_move.back()) {
        words.emplace_back("(");
        has_move.push_back(false);
      } else if (pick == 5 && has_move.size() > 1) {
        words.emplace_back(")");
        has_move.pop_back();
      }
    }
    for (std::size_t open = has_move.size(); open > 1; --open) words.emplace_back(")");
    words.emplace_back("r");
    const bool truth = replayed(words) == words;
    (truth ? kept : reordered) += 1;
    if (order_kept(words) != truth) {
      std::string spec;
      for (const std::string& w : words) spec += w + ' ';
      FAIL_CHECK("ReplayOrder disagrees with the replay on: " << spec << "(replay keeps order: " << truth << ")");
      break;
    }
  }
  // Both kinds were drawn, so the comparison tested something either way.
  CHECK(kept > 1000);
  CHECK(reordered > 1000);
}
