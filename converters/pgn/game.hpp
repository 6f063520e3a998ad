// The game model: tags in order (duplicates kept), the start position, and a tree of moves in
// which every node keeps what was written (token, span, WrittenMove), what it means (the legal
// Move), its comments, NAGs and the variations that are alternatives to it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.hpp"
#include "converters/pgn/visitor.hpp"
#include "notation/written_move.hpp"

namespace planilla {

std::string_view result_text(GameResult r);  // "1-0" …; "*" for Unknown and None
// "1-0", "0-1", "1/2-1/2", "½-½", "*"; nullopt otherwise.
std::optional<GameResult> parse_result(std::string_view text);

struct Tag {
  std::string name;
  std::string value;
  friend bool operator==(const Tag&, const Tag&) = default;
};

struct Comment {
  std::string text;
  CommentKind kind = CommentKind::Brace;
  friend bool operator==(const Comment&, const Comment&) = default;
};

struct Line;

struct MoveNode {
  std::string text;     // as written
  SourceSpan span;      // in the file's original bytes
  WrittenMove written;  // meaningful when `parsed`
  bool parsed = false;  // the move grammar read the token
  Move move;            // Move{} when it did not resolve
  bool draw_offer = false;
  std::vector<Comment> comments_before;  // at the start of a line, or after a variation
  std::vector<Comment> comments_after;
  std::vector<unsigned> nags;
  std::vector<Line> variations;  // alternatives to this move
  // What the reader's fast lane knew when it resolved `move` on the position this node follows
  // (MoveEvent::facts): writers use it, and replay takes the move as legal without asking the
  // board again. A hand-made node leaves `facts_known` false.
  SanFacts facts;
  bool facts_known = false;
  // The facts are a cache of what the position and the move imply: not part of the value.
  friend bool operator==(const MoveNode& a, const MoveNode& b);
};

struct Line {
  std::vector<unsigned> leading_nags;  // NAGs before the first move (kept, rarely seen)
  std::vector<MoveNode> moves;
  std::vector<Comment> trailing_comments;  // comments of a line that has no move
  friend bool operator==(const Line&, const Line&) = default;
};

inline bool operator==(const MoveNode& a, const MoveNode& b) {
  return a.text == b.text && a.span == b.span && a.written == b.written && a.parsed == b.parsed && a.move == b.move &&
         a.draw_offer == b.draw_offer && a.comments_before == b.comments_before &&
         a.comments_after == b.comments_after && a.nags == b.nags && a.variations == b.variations;
}

struct Game {
  std::vector<Tag> tags;
  Position start = Position::startpos();
  bool chess960 = false;
  bool custom_start = false;  // the start came from a FEN tag
  Line main;
  GameResult result = GameResult::None;

  // First tag with this name (case-sensitive, as PGN), or nullptr.
  const std::string* tag(std::string_view name) const;
  // Replays the game: tags, end_tags, moves with their positions, comments, NAGs, variations,
  // result. Nodes whose move did not resolve are replayed with Move{} and end their line.
  void accept(Visitor& visitor, std::uint32_t number = 1) const;
  friend bool operator==(const Game&, const Game&) = default;
};

// Builds a Game from visitor events (the reader's output, or another game's replay).
class GameBuilder final : public Visitor {
 public:
  explicit GameBuilder(Game& game) : game_(game) {}
  void begin_game(std::uint32_t number) override;
  void tag(std::string_view name, std::string_view value) override;
  Skip end_tags(const Position& start, bool chess960) override;
  void move(const MoveEvent& event) override;
  void nag(unsigned value) override;
  void comment(std::string_view text, CommentKind kind) override;
  void begin_variation() override;
  void end_variation() override;
  void result(GameResult result) override;

 private:
  struct Frame {
    Line* line;
    bool after_move = false;  // the last event in this line was a move (or its NAG/comment)
  };
  Line& current() { return *stack_.back().line; }
  Game& game_;
  std::vector<Frame> stack_;
  std::vector<Comment> pending_;  // comments waiting for the next move of the current line
};

// Whether Game::accept() of the game a GameBuilder builds from the same events would replay them
// in the order they came: the model keeps a move's NAGs before its comments and a move's
// comments before its variations, so `e4 {good} $1` and `e4 (d4) {x} (c4)` come back reordered.
// A writer driven by the reader directly (read_job()'s `direct`) writes what writing the model
// writes only when this holds.
class ReplayOrder final : public Visitor {
 public:
  void begin_game(std::uint32_t number) override;
  // (Defined here: it is called for every move a direct writer writes, and inlines into the
  // reader's DirectRead.)
  void move(const MoveEvent&) override {
    Frame& f = stack_.back();
    f.has_moves = true;
    f.after_move = true;
    f.since_move = false;
    f.last_has_variations = false;
    pending_ = false;  // they become the move's comments_before: replayed just before it
  }
  void nag(unsigned value) override;
  void comment(std::string_view text, CommentKind kind) override;
  void begin_variation() override;
  void end_variation() override;
  void result(GameResult result) override;
  bool kept() const { return kept_; }

 private:
  // GameBuilder's state per line, without the line.
  struct Frame {
    bool has_moves = false;
    bool after_move = false;  // as GameBuilder::Frame
    bool since_move = false;  // a comment or variation came after the line's last move
    bool last_has_variations = false;
  };
  void close_line();
  std::vector<Frame> stack_{Frame{}};
  bool pending_ = false;  // GameBuilder::pending_ is not empty
  bool kept_ = true;
};

// Same game for the purposes of a round trip: same start, moves, comments (white space
// collapsed: the writer wraps lines), NAGs, variations and result; the first of each Seven Tag
// Roster tag of `a` has the same value in `b`, and every other tag of `a` except the ones the
// writer regenerates (Result, Variant, SetUp, FEN) is in `b` with its value, in order.
// On a difference, `why` (when given) says where.
bool equivalent(const Game& a, const Game& b, std::string* why = nullptr);

}  // namespace planilla
