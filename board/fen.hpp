// FEN, X-FEN and Shredder-FEN: the only text board/ knows. A small hand parser (no PEGTL here).
//
// The reader accepts all three dialects in the castling field: KQkq (outermost rook on that
// side), file letters A-H/a-h (Shredder, or X-FEN for an inner rook), and '-'. The writer's
// dialect is explicit.
#pragma once

#include <string>
#include <string_view>

#include "board/position.hpp"
#include "board/result.hpp"

namespace planilla {

enum class FenDialect : std::uint8_t {
  XFen,      // KQkq when the castling rook is the outermost one on its side, a file letter otherwise
  Shredder,  // always rook file letters: HAha
};

struct FenError {
  int field = 0;        // 1-based FEN field (1 = placement … 6 = fullmove number), 0 = whole text
  std::string message;  // e.g. "Invalid FEN: side to move must be 'w' or 'b', got 'x'"
};

// Parses the first four fields; the two clocks are optional (default 0 and 1). `startpos` is
// accepted as a name for the standard start position.
Result<Setup, FenError> parse_fen(std::string_view text);

// Parses and validates. CastlingMode is inferred unless forced: a Setup whose castling rights
// only Chess960 explains (king off e1/e8, or rooks off a/h with rights, or file letters naming
// an inner rook) is taken as Chess960.
struct FenOptions {
  bool force_chess960 = false;
  Relaxations relax{};
};
Result<Position, std::string> position_from_fen(std::string_view text, FenOptions options = {});

// Does this setup need Chess960 to explain its castling rights?
bool needs_chess960(const Setup& setup);

std::string write_fen(const Position& pos, FenDialect dialect = FenDialect::XFen);

}  // namespace planilla
