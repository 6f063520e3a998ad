// One streaming visitor interface for reading and writing games. The reader drives a Visitor with
// resolved moves (converters/pgn/reader.hpp); Game::accept() replays a stored game into one; the PGN
// writer is one (converters/pgn_writer.hpp). Every hook has a no-op default.
#pragma once

#include <cstdint>
#include <string_view>

#include "board/move.hpp"
#include "board/position.hpp"
#include "grammar/pgn_parser.hpp"
#include "notation/write.hpp"
#include "notation/written_move.hpp"

namespace planilla {

enum class Skip : bool { No, Yes };

// "1-0", "0-1", "1/2-1/2", "*"; None when the movetext had no result token.
enum class GameResult : std::uint8_t { None, WhiteWins, BlackWins, Draw, Unknown };

using grammar::CommentKind;

// One move as the visitor sees it. `move` is Move{} (none) when the token did not resolve (its
// diagnostic was reported); `before` is then the last known position.
struct MoveEvent {
  std::string_view text;       // token as written, with a detached e.p. / (=) appended
  SourceSpan span;             // in the file's original bytes
  const WrittenMove* written;  // nullptr when the token is not a move in the move grammar
  Move move;
  const Position& before;
  std::uint32_t ply;  // 1-based from the start of the game, along this line
  bool draw_offer;    // (=) after the move
  // The text is the move as it should be written (a writer that formats moves itself, such as
  // the descriptive one, forwards them with `move` empty): writers take it as it is.
  bool preformatted = false;
  // SAN's origin hints and the check state, when the reader already knows them (its fast lane);
  // writers pass them on to append_move() instead of computing them again. nullptr: unknown.
  const SanFacts* facts = nullptr;
  // The move's SAN in `san_language`'s letters exactly as the SAN writer writes it (check marks
  // and `x` included), when the token already is that text less its glyph (the fast lane checks
  // it): a SAN writer in those letters copies it. Empty: unknown.
  std::string_view san = {};
  const Language* san_language = nullptr;
};

class Visitor {
 public:
  virtual ~Visitor() = default;
  virtual void begin_game(std::uint32_t /*number*/) {}
  virtual void tag(std::string_view /*name*/, std::string_view /*value*/) {}
  // After the tag section, with the start position it implies. Skip::Yes: the movetext is not
  // visited (end_game still is).
  virtual Skip end_tags(const Position& /*start*/, bool /*chess960*/) { return Skip::No; }
  virtual void move(const MoveEvent& /*event*/) {}
  // Whether move() only counts the moves of every line, reading nothing of the events: a reader
  // may then say how many there were, once, in count_moves() before result(), and call move()
  // for none of them (the fast lane does: making the events was 5 % of a `check`'s instructions).
  virtual bool counts_moves_only() const { return false; }
  virtual void count_moves(std::uint64_t /*moves*/) {}
  virtual void nag(unsigned /*value*/) {}
  virtual void comment(std::string_view /*text*/, CommentKind /*kind*/) {}
  // A variation is an alternative to the move visited last in the enclosing line.
  virtual void begin_variation() {}
  virtual void end_variation() {}
  virtual void result(GameResult /*result*/) {}
  virtual void end_game() {}
};

}  // namespace planilla
