// Text → WrittenMove for the algebraic family (SAN in every language, figurines, LAN, FIDE's
// compact long form, UCI, ICCF numeric). No board: legality is resolve()'s question.
#pragma once

#include <string>
#include <string_view>

#include "board/result.hpp"
#include "notation/language.hpp"
#include "notation/written_move.hpp"

namespace planilla {

// Which written forms to accept; a bit per MoveStyle.
struct MoveStyles {
  unsigned bits = ~0u;
  static MoveStyles all() { return {}; }
  bool allows(MoveStyle s) const { return (bits >> static_cast<unsigned>(s)) & 1u; }
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
struct ParsedMove {
  WrittenMove move;
  bool folded = false;
};
Result<ParsedMove, MoveSyntaxError> parse_move(std::string_view token, const Language& language,
                                               MoveStyles styles = MoveStyles::all(),
                                               std::uint64_t base_offset = 0);

}  // namespace planilla
