#include "board/chess960.hpp"

#include "board/bitboard.hpp"

namespace planilla {

// Reads the number back from White's first rank by inverting Scharnagl's steps, then
// confirms by building that start position and comparing.
std::optional<int> chess960_number(const Position& pos) {
  PieceType rank[8];
  for (int f = 0; f < 8; ++f) rank[f] = pos.piece_at(square_at(f)).type;

  int light = -1, dark = -1;  // bishop files: light squares are b, d, f, h on rank 1
  for (int f = 0; f < 8; ++f) {
    if (rank[f] != PieceType::Bishop) continue;
    (f % 2 ? light : dark) = f;
  }
  if (light < 0 || dark < 0) return std::nullopt;

  // Rank of the queen and the knights among the squares left free by the bishops (and queen).
  int queen = -1, empties = 0;
  int knights[2] = {-1, -1}, knight_count = 0, before_queen_free = 0;
  for (int f = 0; f < 8; ++f) {
    if (rank[f] == PieceType::Bishop) continue;
    if (rank[f] == PieceType::Queen) {
      queen = empties;
    } else {
      if (rank[f] == PieceType::Knight && knight_count < 2) knights[knight_count++] = before_queen_free;
      ++before_queen_free;
    }
    ++empties;
  }
  if (queen < 0 || knight_count != 2) return std::nullopt;
  constexpr int kKnights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  int krn = -1;
  for (int i = 0; i < 10; ++i)
    if (kKnights[i][0] == knights[0] && kKnights[i][1] == knights[1]) krn = i;
  if (krn < 0) return std::nullopt;

  const int number = ((krn * 6 + queen) * 4 + dark / 2) * 4 + (light - 1) / 2;
  const auto start = Position::chess960(number);
  if (!start) return std::nullopt;
  const Position& s = *start;
  if (pos.occupied() != s.occupied() || pos.side_to_move() != s.side_to_move() ||
      pos.castling_rooks() != s.castling_rooks() || pos.ep_square() != s.ep_square())
    return std::nullopt;
  for (Bitboard b = s.occupied(); b;) {
    const Square sq = pop_lsb(b);
    if (pos.piece_at(sq) != s.piece_at(sq)) return std::nullopt;
  }
  return number;
}

}  // namespace planilla
