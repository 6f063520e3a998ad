// Bitboard helpers used inside board/: bit scans, shifts, file and rank masks.
// Internal to the board layer but header-only and safe to include elsewhere.
#pragma once

#include <bit>
#include <cassert>

#include "board/types.hpp"

namespace planilla {

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFULL;
inline constexpr Bitboard kRank8 = kRank1 << 56;
inline constexpr Bitboard kAllSquares = ~Bitboard{0};
// Squares of one colour: a1 is dark.
inline constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard file_bb(File f) { return kFileA << index_of(f); }
constexpr Bitboard rank_bb(Rank r) { return kRank1 << (8 * index_of(r)); }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }
// `c`'s back rank (rank 1 for White, rank 8 for Black).
constexpr Bitboard back_rank(Color c) { return c == Color::White ? kRank1 : kRank8; }

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Least significant set square; b must be non-empty.
constexpr Square lsb(Bitboard b) {
  assert(b != 0);
  return square_at(std::countr_zero(b));
}
constexpr Square msb(Bitboard b) {
  assert(b != 0);
  return square_at(63 - std::countl_zero(b));
}
// Removes and returns the least significant set square.
constexpr Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Shifts every square one step; bits that would wrap around a board edge are dropped.
constexpr Bitboard shift_north(Bitboard b) { return b << 8; }
constexpr Bitboard shift_south(Bitboard b) { return b >> 8; }
constexpr Bitboard shift_east(Bitboard b) { return (b & ~kFileH) << 1; }
constexpr Bitboard shift_west(Bitboard b) { return (b & ~kFileA) >> 1; }
// "Forward" for colour c: north for White, south for Black.
constexpr Bitboard shift_forward(Color c, Bitboard b) { return c == Color::White ? shift_north(b) : shift_south(b); }
constexpr int forward_delta(Color c) { return c == Color::White ? 8 : -8; }

// Squares attacked by pawns of colour c standing on `pawns`.
constexpr Bitboard pawn_attacks_bb(Color c, Bitboard pawns) {
  Bitboard f = shift_forward(c, pawns);
  return shift_east(f) | shift_west(f);
}

// Calls f(Square) for every set square of b, lowest first.
template <class F>
constexpr void for_each_square(Bitboard b, F&& f) {
  while (b) f(pop_lsb(b));
}

}  // namespace planilla
