// Move: a 16-bit value, small enough to copy everywhere and to store per ply.
//
// Bit layout:
//   bits  0-5   origin square (0 = a1 … 63 = h8)
//   bits  6-11  target square; for castling the square of the castling ROOK (king takes own rook)
//   bits 12-13  promotion piece: 0 Knight, 1 Bishop, 2 Rook, 3 Queen (meaningful for Promotion)
//   bits 14-15  kind: 0 Normal, 1 Promotion, 2 EnPassant, 3 Castling
//
// Move{} (all zero, a1a1) is "no move"; Move::null() (b1b1) is the PGN null move `--`.
// Castling is king-takes-own-rook for standard chess and Chess960 alike: O-O from the start
// position is e1h1 inside; the text writers decide how to spell it (O-O, e1g1, e1h1).
#pragma once

#include <cstdint>

#include "board/types.hpp"

namespace planilla {

enum class MoveKind : std::uint8_t { Normal, Promotion, EnPassant, Castling };

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal, PieceType promotion = PieceType::Knight)
      : data_(static_cast<std::uint16_t>(
            index_of(from) | (index_of(to) << 6) |
            ((kind == MoveKind::Promotion ? index_of(promotion) - index_of(PieceType::Knight) : 0) << 12) |
            (static_cast<int>(kind) << 14))) {}

  static constexpr Move null() { return Move(Square::B1, Square::B1); }

  constexpr Square from() const { return square_at(data_ & 63); }
  constexpr Square to() const { return square_at((data_ >> 6) & 63); }
  constexpr MoveKind kind() const { return static_cast<MoveKind>(data_ >> 14); }
  // The promotion piece, or PieceType::None when this is not a promotion.
  constexpr PieceType promotion() const {
    return kind() == MoveKind::Promotion ? static_cast<PieceType>(((data_ >> 12) & 3) + index_of(PieceType::Knight))
                                         : PieceType::None;
  }
  constexpr bool is_castling() const { return kind() == MoveKind::Castling; }
  constexpr bool is_en_passant() const { return kind() == MoveKind::EnPassant; }
  constexpr bool is_null() const { return data_ == null().data_; }
  constexpr bool is_none() const { return data_ == 0; }
  constexpr explicit operator bool() const { return data_ != 0; }
  constexpr std::uint16_t raw() const { return data_; }

  friend constexpr bool operator==(Move, Move) = default;

 private:
  std::uint16_t data_ = 0;
};

// Castling side of a castling move: the rook stands on the king's h-side for O-O.
constexpr CastlingSide castling_side(Move m) {
  return index_of(file_of(m.to())) > index_of(file_of(m.from())) ? CastlingSide::King : CastlingSide::Queen;
}

// Where king and rook end after castling (FIDE: king on g/c, rook on f/d, on the back rank).
constexpr Square castling_king_target(Color c, CastlingSide s) {
  return relative_square(c, s == CastlingSide::King ? Square::G1 : Square::C1);
}
constexpr Square castling_rook_target(Color c, CastlingSide s) {
  return relative_square(c, s == CastlingSide::King ? Square::F1 : Square::D1);
}

}  // namespace planilla
