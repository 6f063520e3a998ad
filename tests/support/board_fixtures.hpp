// Positions and moves for test tables, written in a fixture's own terms: squares, UCI-like
// moves (castling as the king taking its own rook, as the board holds it) and "FEN moves: …".
// A fixture that does not hold (an illegal move, a bad FEN) throws std::invalid_argument with
// what was wrong, which doctest reports as the failing test's message.
#pragma once

#include <string_view>

#include "board/position.hpp"

namespace planilla::test {

// "e4" → the square e4.
Square fixture_square(std::string_view name);

// "g1f3", "e7e8q", "e1h1" (castling: king takes own rook) on `pos`; it must be legal there.
Move fixture_move(const Position& pos, std::string_view uci);

// "FEN", "moves: e2e4 e7e5 …" from the start position, or "FEN moves: …"; a "960 " prefix
// forces Chess960.
Position fixture_position(std::string_view text);

}  // namespace planilla::test
