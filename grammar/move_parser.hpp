// Text → WrittenMove for the algebraic family (SAN in every language, figurines, LAN, FIDE's
// compact long form, UCI, ICCF numeric). No board: legality is resolve()'s question.
#pragma once

#include <string>
#include <string_view>

#include "board/result.hpp"
#include "notation/language.hpp"
#include "notation/written_move.hpp"

namespace planilla {

// Which written forms to accept; a bit per NotationStyle.
struct MoveStyles {
  unsigned bits = ~0u;
  static MoveStyles all() { return {}; }
  bool allows(NotationStyle s) const { return (bits >> static_cast<unsigned>(s)) & 1u; }
};

struct MoveSyntaxError {
  std::uint32_t offset = 0;  // byte offset inside the token where reading failed
  std::string message;       // "unknown piece letter 'Z' for Spanish (R D T A C)"
};

// Parses one move token (suffixes such as +, #, !?, e.p., (=) included; no surrounding space).
// Unicode is handled first: NFC, then a fold table inside the token (dashes and minus signs in
// castling, Cyrillic/Greek look-alikes of file letters, fullwidth forms, VS16 after figurines).
// `folded` is set when folding changed anything (W-LOOKALIKE). `span.byte` is `base_offset`.
// Errors: MoveSyntaxError with the offset and a reason.
// Example: parse_move("Cxe5+", spanish) → knight, capture, e5, CheckMark::Check.
//
// What the resolver must know about the values produced:
// * Style. Two bare squares (`e2e4`, `e7e8q`, `e1h1`) are Uci when UCI is allowed and the token
//   has nothing UCI forbids (marks, upper-case or `=` promotion); otherwise Long. A piece letter
//   plus two squares (`Ng1f3`, `Qh4e1`) is Long when allowed, else San. A separator between the
//   squares makes Lan: `-` always (`e2-e4`), a capture sign (`Ng1xf3`, `Qd1:d4`) when allowed,
//   else Long, else San. Castling is San (else Lan, else Long). In all these, a full origin with
//   piece None means "whatever stands there".
// * Piece. None when no letter was written. `Pe4` and `♙e4`: piece Pawn, pawn_letter_written.
// * `bc4`: a lower-case letter that is a piece letter of the language and also a file, followed
//   by a square on an adjacent file without a capture sign: piece Bishop, piece_lowercase,
//   from_file b, also_pawn_capture (see WrittenMove). `bxc4` with the sign stays the pawn
//   capture (piece None, from_file b). `be4` (not adjacent) and `bxe4` are the bishop, lower
//   case, no from_file. `b4` is the pawn.
// * Minimal pawn captures: `ed5` from_file e, capture false (no sign written); `ed`/`exd` have
//   to_file d and no to_rank; `cd:` sets capture and capture_suffix.
// * Marks are recorded as written: `+`/`†` Check, `++` (and `+ +`) DoubleCheck in every language
//   (the resolver reads it as mate unless Language::double_plus_is_double_check), `#`/`‡`/`≠`
//   Mate, and a trailing `X`/`Х` Mate only where Language::x_is_mate; elsewhere a trailing X is
//   a syntax error. Between piece and square `X` is a capture sign like `x`, `:`, `×`.
// * Promotion: `=Q`, `Q`, `(Q)`, `/Q`, `=q`, `=♕` all set promotion and promotion_marked. After
//   two bare squares a lower-case q r b n is UCI's letter in any language. Promotion to a king or
//   a pawn is a syntax error.
// * Not read here: descriptive notation (`P-K4`, `C3AR`), spoken words ("enroque corto"), move
//   numbers and results (`1.e4`, `1-0` are errors), Smith notation.
// * Cost: a pure-ASCII token makes no heap allocation and no ICU call (timing: bench/RESULTS.md);
//   other tokens pay for NFC and the fold (about 3 allocations).
struct ParsedMove {
  WrittenMove move;
  bool folded = false;
  // A Cyrillic or Greek letter was read as its Latin twin (`е4`, `Kf3` typed for Russian `Кf3`):
  // the W-LOOKALIKE case. Dashes, fullwidth forms and NFC set only `folded`.
  bool lookalike = false;
  bool figurine = false;  // a piece was written as a Unicode figurine
};
Result<ParsedMove, MoveSyntaxError> parse_move(std::string_view token, const Language& language,
                                               MoveStyles styles = MoveStyles::all(), std::uint64_t base_offset = 0);

// A token as messages quote it: whole up to 64 bytes; longer, its first 60 bytes (whole code
// points) and "… (N bytes)". The diagnostic's `written` field keeps the whole token; a message
// repeating a megabyte token would cost its length in every attempt to read the game.
// Example: token_excerpt("Nf3") == "Nf3".
std::string token_excerpt(std::string_view token);

}  // namespace planilla
