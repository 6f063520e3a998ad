// Reading one PGN game's text into events. The grammar (grammar/pgn.hpp) finds the structure;
// nothing here plays or even parses a move: each move token's text goes to the handler, which
// hands it to parse_move() and resolve() (converters/pgn/reader.hpp does).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "notation/diagnostic.hpp"

namespace planilla::grammar {

enum class CommentKind : std::uint8_t {
  Brace,   // { ... }
  Line,    // ; ... to the end of the line
  Escape,  // % ... a whole line from column 1
};

// Receives the events of one game in text order. Offsets are byte offsets in the game's text.
class PgnHandler {
 public:
  virtual ~PgnHandler() = default;
  // `tolerated_quote`: the value held an unescaped `"` that was read as text.
  virtual void tag(std::string_view /*name*/, std::string_view /*value*/, std::uint64_t /*offset*/,
                   bool /*tolerated_quote*/) {}
  // The tag just given was read past loose quotes: `what` says which ("the closing quote missing").
  virtual void tag_loose(std::string_view /*name*/, std::string_view /*what*/, std::uint64_t /*offset*/) {}
  virtual void end_tags() {}
  virtual void move_number(std::uint64_t /*number*/, std::uint64_t /*offset*/) {}
  virtual void move(std::string_view /*token*/, std::uint64_t /*offset*/) {}
  virtual void en_passant_mark(std::string_view /*text*/, std::uint64_t /*offset*/) {}
  virtual void draw_offer(std::uint64_t /*offset*/) {}
  // `glyph` is the NAG as written: a standalone glyph (`!?`) or `$n` (`$999` too, which is no NAG).
  virtual void nag(unsigned /*value*/, std::string_view /*glyph*/, std::uint64_t /*offset*/) {}
  virtual void comment(std::string_view /*text*/, CommentKind /*kind*/, std::uint64_t /*offset*/) {}
  virtual void begin_variation(std::uint64_t /*offset*/) {}
  virtual void end_variation(std::uint64_t /*offset*/) {}
  virtual void result(std::string_view /*token*/, std::uint64_t /*offset*/) {}
  // A result written loosely (`1–0`, `0:1`, `½`): `canonical` is the standard token it stands for.
  virtual void loose_result(std::string_view /*written*/, std::string_view canonical, std::uint64_t offset) {
    result(canonical, offset);
  }
  // A check or mate sign written apart from the move before it (`mat`, `#`, `++`).
  virtual void mark_apart(std::string_view /*text*/, std::uint64_t /*offset*/) {}
  // A structural error (E-PGN-SYNTAX, E-TAG, E-LIMIT). The game stops here, except after a tag
  // line that is no tag pair, which skipped_tag_line() gives next.
  virtual void syntax_error(Code /*code*/, std::string_view /*message*/, std::uint64_t /*offset*/) {}
  // A line of the tag section that begins like a tag pair and is none (`[White Kasparov, G.`),
  // given right after its E-TAG and skipped whole: the tags and moves after it are read. (Only
  // in a section with a tag pair: in one without, the first such line stops the game, E-TAG.)
  virtual void skipped_tag_line(std::string_view /*line*/, std::uint64_t /*offset*/) {}
  // How many errors the handler has reported for the game so far (PgnParseOptions::max_errors).
  virtual std::size_t errors() const { return 0; }
};

// Limits on one game's text. Past any of them the game stops with E-LIMIT at the place where the
// limit was crossed (the reader then rejects it whole, byte for byte): a stranger's file cannot
// make the parser recurse without bound, or build huge values, or resolve moves without end.
// The defaults are far above anything in real archives (README "Limits"); comments and lines
// of several MB do occur (engine dumps pasted into one comment, whole games on one line).
struct PgnParseOptions {
  int max_depth = 64;                                       // variation nesting
  std::size_t max_comment_bytes = std::size_t{16} << 20;    // one {…}, ; or % comment
  std::size_t max_tags = 1000;                              // tag pairs in the game
  std::size_t max_tag_value_bytes = std::size_t{64} << 10;  // one tag value (after unescaping)
  std::size_t max_line_bytes = std::size_t{16} << 20;       // one line of the game's text
  std::size_t max_moves = 50000;                            // move tokens, variations included
  // The game's bytes as read. Checked before the game is decoded or parsed (read_game()): a
  // longer game is not read at all, so that it is held once, as read, and memory stays within
  // the largest game plus 64 MiB; a game within it costs about four times its size while it is
  // read and written (its bytes, its model, its text).
  std::size_t max_game_bytes = std::size_t{16} << 20;
  // Errors the handler reported (unreadable or illegal moves, stray characters): a game with this
  // many is noise, not a score, and listing each of its tokens would cost time and memory in
  // proportion. It stops at the next move token or stray character.
  std::size_t max_errors = 1000;
};

// Parses one game (UTF-8, LF line ends). Returns false after reporting a structural error through
// handler.syntax_error(); never throws on malformed input.
bool parse_pgn_game(std::string_view text, PgnHandler& handler, const PgnParseOptions& options = {});

// NAG number of a standalone or suffix glyph (`!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6,
// `□` 7, `=` 10, `∞`/`inf` 13, `⩲`/`+/=`/`+=` 14, `⩱`/`=/+`/`=+` 15, `±`/`+/-` 16, `∓`/`-/+` 17,
// `+-` 18, `-+` 19, ChessBase's `RR` 145 and `N` 146); 0 when unknown.
unsigned glyph_nag(std::string_view glyph);

// The standard result a loosely written one stands for: `1–0` "1-0", `0:1` "0-1", `½`, `1/2` and
// `½–½` "1/2-1/2"; "" for text that is no result.
std::string_view loose_result_canonical(std::string_view written);

}  // namespace planilla::grammar
