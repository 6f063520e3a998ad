// The rules both lanes of the reader apply (reader.cpp's grammar lane and fast_reader.cpp's fast
// lane), written once: the start position from [Variant] and [FEN], the result the game ends
// with against its [Result] tag, and how a diagnostic of a game is built. The tag rules return
// what they decided and their remarks (code, severity, the place they belong to, message); the
// grammar lane turns remarks into diagnostics, the fast lane hands a game with any remark to the
// grammar lane. (The byte classes both lanes scan with are grammar/pgn_chars.hpp.)
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.hpp"
#include "converters/input/decode.hpp"
#include "converters/input/split.hpp"
#include "converters/pgn/game.hpp"
#include "notation/diagnostic.hpp"

namespace planilla {

// Where a remark belongs in the game's text.
enum class RemarkPlace : std::uint8_t { VariantTag, FenTag, ResultTag, ResultToken, MovetextEnd };

struct TagRemark {
  Code code;
  Severity severity;
  RemarkPlace place;
  std::string message;
};

struct StartFromTags {
  Position position = Position::startpos();
  bool chess960 = false;
  bool playable = true;              // false: an unsupported variant or an unreadable FEN
  bool unsupported_variant = false;  // the game is another variant's: its moves are not read
  std::vector<TagRemark> remarks;
};

// The start position a game's [Variant] and [FEN] values give (nullopt: the tag is absent).
// A FEN with castling rights or an e.p. square that cannot hold is read without them (W-FEN); a
// Chess960 game without a FEN starts from the standard array (W-FEN); castling rights that only
// Chess960 explains make the game Chess960 (N-CHESS960).
// Example: start_from_tags("Chess960", std::nullopt) → position 518, chess960, one W-FEN remark.
StartFromTags start_from_tags(std::optional<std::string_view> variant, std::optional<std::string_view> fen);

struct ResultFromTags {
  GameResult result = GameResult::None;
  std::vector<TagRemark> remarks;
};

// The result a game ends with: the movetext's result token (`token`, None when there was none)
// reconciled with the [Result] tag (nullopt: absent). A game with moves and tags but no result
// token takes the tag's result and a W-RESULT remark (a typed scoresheet without tags gets none).
// A game of a result token alone that does not begin its line (`mid_line`: `… 1-0 0-1`; the same
// result again, `… 1-0 1-0`, is the game before's, written twice) is remarked too; on a line of its own it is an empty
// game, as the PGN import format reads it (a file of 500,000 of them took four times as long with a warning each).
// Example: reconcile_result(WhiteWins, "0-1", true, true, false) → WhiteWins with a W-RESULT remark.
ResultFromTags reconcile_result(GameResult token, std::optional<std::string_view> tag, bool has_move, bool has_tags,
                                bool mid_line);
// Whether a Result tag says what the written result does not (another result, or a text that is
// none): the tag is then kept in a comment. A tag of `*`, `?` or nothing says no result.
// Example: result_tag_overruled("1-0", Unknown) → true; ("½-½", Draw) → false.
bool result_tag_overruled(std::string_view tag, GameResult written);

// More than any game's moves: a written number is saturated here (read_written_number()).
constexpr std::uint64_t kNoMoveNumber = 1'000'000'000;

// A move number as written before a move: `12.` or `12` (either side's), `12...` or `12…`
// (`black`: two dots or more, or an ellipsis, name Black's move).
struct WrittenNumber {
  std::uint64_t number = 0;
  bool black = false;
  std::size_t size = 0;  // bytes read: the digits, blanks and dots
};

// The number and its dots at the start of `text` (digits, blanks, then dots; a bare number has
// none). Example: read_written_number("12 ... Nf6") → {12, true}.
WrittenNumber read_written_number(std::string_view text);

// Whether a written move number fits the move due in `pos`: its number is the position's full
// move number, and Black's dots stand before Black's move (one dot before Black's move is the
// import format's leniency, not a slip).
// Example: fits (4, White's) before Black's move 3: false (Black's move 3 may be missing).
inline bool number_fits(WrittenNumber n, const Position& pos) {
  return n.number == static_cast<std::uint64_t>(pos.fullmove_number()) &&
         !(n.black && pos.side_to_move() == Color::White);
}

// A line's move numbering as read so far: how its last number differed from its move's (the
// shift), and whether a number already stands before the next move.
struct LineNumbering {
  std::int64_t shift = 0;
  bool black_for_white = false;  // Black's dots before White's move
  bool numbered = false;
  // A variation's numbering begins with its parent's shift.
  LineNumbering variation() const { return LineNumbering{shift, false, false}; }
  bool shifted() const { return shift != 0 || black_for_white; }
  bool same_shift(const LineNumbering& o) const { return shift == o.shift && black_for_white == o.black_for_white; }
};

// How a number differs from the move due in `pos` (the numbers are saturated: no overflow).
inline LineNumbering number_shift(WrittenNumber n, const Position& pos) {
  return LineNumbering{static_cast<std::int64_t>(n.number) - pos.fullmove_number(),
                       n.black && pos.side_to_move() == Color::White, false};
}

// Whether the main line's first number (`first`) sets the line's own count: numbering from 1
// after a FEN of a later move (as engine-match tools write), or from the game's own move after a
// FEN of move 1 (a default, as position collections write).
inline bool number_sets_count(WrittenNumber n, const Position& pos, bool first) {
  return first && (n.number == 1 || pos.fullmove_number() == 1);
}

// Reads a move number standing before the move due in `pos` into `line`; true when it is a slip
// to remark on (W-MOVE-NUMBER): it does not fit, and its shift is new in the line. A second
// number before the same move is the first's (`5.3 Nxg3`). `first`: the main line's first number
// before any move, which may set the line's count (number_sets_count()); `1...` with White to
// move is the move's own error.
// Example: `5. c3 Ba5 7. d4 exd4 7. O-O`: the first 7 is a slip, the second fits.
bool number_slip(WrittenNumber n, const Position& pos, LineNumbering& line, bool first);

// Whether a number that does not fit says a move is missing: White's next move numbered where
// Black is to move (`3. Bb5 4. Ba4`).
inline bool number_says_missing(WrittenNumber n, const Position& pos) {
  return pos.side_to_move() == Color::Black && !n.black &&
         n.number == static_cast<std::uint64_t>(pos.fullmove_number()) + 1;
}

// The W-MOVE-NUMBER message for a number that does not fit (number_fits() false), naming the
// move due and, when the number is White's next move while Black is to move, the likely slip.
// Example: "the move number 4. stands where Black's move 3 is due: Black's move 3 may be missing".
std::string number_mismatch_message(WrittenNumber n, std::string_view written, const Position& pos);

// A `$n` beyond 255 (`$999`, as written) is no NAG: the message of its E-PGN-SYNTAX error, and the
// comment that keeps it in the game where it stood (readers write no NAG a writer may not write).
std::string nag_out_of_range_message(std::string_view written);
std::string nag_kept_comment(std::string_view written);

// A diagnostic of the game `raw` (its number) of file `file`, at input offset `byte`, shown at
// `place`; ply and variation as the lane counted them.
Diagnostic game_diagnostic(Code code, Severity severity, std::string_view file, const RawGame& raw, std::uint64_t byte,
                           LineColumn place, std::uint32_t ply, std::uint32_t variation, std::string message,
                           std::string written);

}  // namespace planilla
