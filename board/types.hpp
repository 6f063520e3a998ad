// Vocabulary types shared by every layer: squares, files, ranks, colours, pieces, bitboards.
// Scoped enums with a few explicit helpers; everything is constexpr and header-only.
#pragma once

#include <cstdint>
#include <optional>

namespace planilla {

using Bitboard = std::uint64_t;

enum class Color : std::uint8_t { White, Black };

constexpr Color operator~(Color c) { return c == Color::White ? Color::Black : Color::White; }
constexpr int index_of(Color c) { return static_cast<int>(c); }

// Pawn..King in value order; None marks an empty square / no promotion.
enum class PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, None };

constexpr int index_of(PieceType p) { return static_cast<int>(p); }
constexpr int kPieceTypes = 6;

struct Piece {
  Color color = Color::White;
  PieceType type = PieceType::None;
  friend constexpr bool operator==(Piece, Piece) = default;
};

enum class File : std::uint8_t { A, B, C, D, E, F, G, H };
enum class Rank : std::uint8_t { R1, R2, R3, R4, R5, R6, R7, R8 };

constexpr int index_of(File f) { return static_cast<int>(f); }
constexpr int index_of(Rank r) { return static_cast<int>(r); }

// a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file mapping).
enum class Square : std::uint8_t {
  // clang-format off
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  None
  // clang-format on
};

constexpr int index_of(Square s) { return static_cast<int>(s); }
constexpr Square square_at(int index) { return static_cast<Square>(index); }
constexpr Square make_square(File f, Rank r) { return static_cast<Square>(index_of(r) * 8 + index_of(f)); }
constexpr File file_of(Square s) { return static_cast<File>(index_of(s) & 7); }
constexpr Rank rank_of(Square s) { return static_cast<Rank>(index_of(s) >> 3); }
constexpr Bitboard bb(Square s) { return Bitboard{1} << index_of(s); }

// The rank as seen from `c`'s side: relative_rank(Black, R8) == R1.
constexpr Rank relative_rank(Color c, Rank r) { return c == Color::White ? r : static_cast<Rank>(7 - index_of(r)); }
constexpr Square relative_square(Color c, Square s) {
  return c == Color::White ? s : static_cast<Square>(index_of(s) ^ 56);
}

// Castling sides are named after where the king ends: the g-file (King side) or c-file (Queen
// side), in standard chess and Chess960 alike.
enum class CastlingSide : std::uint8_t { King, Queen };

constexpr char file_char(File f) { return static_cast<char>('a' + index_of(f)); }
constexpr char rank_char(Rank r) { return static_cast<char>('1' + index_of(r)); }

}  // namespace planilla
