#include "board/status.hpp"

#include <algorithm>

namespace planilla {

GameHistory::GameHistory(const Position& start) { keys_.push_back(start.key()); }

// A move that resets the halfmove clock (pawn move or capture) can never be undone, so no
// earlier position can repeat: forget them. Lost castling rights change the key anyway.
void GameHistory::push(const Position& after_move) {
  if (after_move.halfmove_clock() == 0) keys_.clear();
  keys_.push_back(after_move.key());
}

int GameHistory::repetitions(const Position& pos) const {
  return static_cast<int>(std::count(keys_.begin(), keys_.end(), pos.key()));
}

// Checkmate takes precedence over the automatic draws (FIDE 9.6: "unless the last move
// resulted in checkmate").
GameStatus GameHistory::status(const Position& current) const {
  MoveList moves;
  current.legal_moves(moves);
  if (moves.empty()) return current.in_check() ? GameStatus::Checkmate : GameStatus::Stalemate;
  if (current.has_insufficient_material()) return GameStatus::InsufficientMaterial;
  if (repetitions(current) >= 5) return GameStatus::FivefoldRepetition;
  if (current.halfmove_clock() >= 150) return GameStatus::SeventyFiveMoves;
  return GameStatus::Ongoing;
}

DrawClaims GameHistory::claims(const Position& current) const {
  DrawClaims c;
  c.fifty_moves = current.halfmove_clock() >= 100;
  c.threefold_repetition = repetitions(current) >= 3;
  return c;
}

}  // namespace planilla
