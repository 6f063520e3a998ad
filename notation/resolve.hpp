// resolve(WrittenMove, Position): exactly one legal Move, or why not. Never compares SAN
// strings; candidates come from the board's filtered generator (piece type × target square).
#pragma once

#include <vector>

#include "board/position.hpp"
#include "board/result.hpp"
#include "notation/diagnostic.hpp"
#include "notation/language.hpp"
#include "notation/written_move.hpp"

namespace planilla {

struct ResolveOptions {
  // Strict: every warning is an error. Lenient (default): warnings are reported, the move stands.
  bool strict = false;
  // Accept a king move written for castling (Kg1 for O-O, e1g1 in Chess960 when unambiguous).
  bool king_move_castling = true;
  // The language decides the meaning of "++" (mate, or double check in ru/uk/cs/zh).
  const Language* language = nullptr;  // nullptr = English conventions
  // Words: an error's message and the remarks (warnings) on a move that resolves. Off, for a
  // caller that asks only which move a writing is, or why not by its code and candidates (the
  // suggestions' look-ahead resolves each following token once per reading): no message, no
  // remark, and no remark made an error, so `strict` must be off too.
  bool describe = true;
};

// A remark about a move that did resolve: the move stands, the writing differs from canonical.
struct ResolveWarning {
  Code code;            // W-… codes of notation/diagnostic.hpp
  std::string message;  // "capture mark missing: Nxe5"
};

struct Resolved {
  Move move;
  std::vector<ResolveWarning> warnings;  // empty when written canonically
};

struct ResolveError {
  Code code;                     // Illegal, Ambiguous, PromotionPieceMissing (or a warning
                                 // code escalated by strict mode)
  std::string message;           // "no knight can move to e5"
  std::vector<Move> candidates;  // Ambiguous / PromotionPieceMissing: the legal moves that match
};

// Errors: Illegal (no legal move matches), Ambiguous (several match; candidates listed),
// PromotionPieceMissing (the four promotions listed), or in strict mode the first warning.
// Example: resolve(parse "Nf3" en, startpos) → Move(G1, F3).
Result<Resolved, ResolveError> resolve(const WrittenMove& written, const Position& pos,
                                       const ResolveOptions& options = {});

}  // namespace planilla
