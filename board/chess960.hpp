// Chess960 start positions by Scharnagl number (0..959, 518 = the standard array).
// Position::chess960(n) builds one; chess960_number() recognises one.
#pragma once

#include <optional>

#include "board/position.hpp"

namespace planilla {

// The Scharnagl number of `pos` if it is a Chess960 start position: the back ranks mirror each
// other in a valid 960 arrangement, pawns on their second ranks and nothing else on the board,
// White to move, all four castling rights, no e.p. square. The clocks are not looked at.
std::optional<int> chess960_number(const Position& pos);

}  // namespace planilla
