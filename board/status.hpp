// Game status over a sequence of positions: mate, stalemate, dead material, the 50/75-move
// rules, threefold/fivefold repetition. Repetition needs history, which a Position alone lacks.
#pragma once

#include <cstdint>
#include <vector>

#include "board/position.hpp"

namespace planilla {

enum class GameStatus : std::uint8_t {
  Ongoing,
  Checkmate,
  Stalemate,
  InsufficientMaterial,
  SeventyFiveMoves,    // automatic draw (FIDE 9.6.2)
  FivefoldRepetition,  // automatic draw (FIDE 9.6.1)
};

// Claims a player may make (FIDE 9.2, 9.3); they do not end the game by themselves.
struct DrawClaims {
  bool fifty_moves = false;
  bool threefold_repetition = false;
};

// Keeps the Zobrist keys since the last irreversible move, to count repetitions.
class GameHistory {
 public:
  explicit GameHistory(const Position& start);
  void push(const Position& after_move);       // call after each move with the new position
  int repetitions(const Position& pos) const;  // how often pos's key occurred (including now)
  GameStatus status(const Position& current) const;
  DrawClaims claims(const Position& current) const;

 private:
  std::vector<std::uint64_t> keys_;
};

}  // namespace planilla
