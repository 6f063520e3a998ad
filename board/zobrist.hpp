// Zobrist keys, generated at compile time from a fixed seed (splitmix64), so keys are the same
// in every build and can be stored.
//
// What is hashed: every piece on its square, the side to move (XOR kSide when Black moves),
// each castling rook square that still holds a right (keyed by the square, which covers
// Chess960 rights), and the e.p. file ONLY when an en passant capture is actually legal —
// Position keeps ep_square() in that canonical form, so two positions that FIDE 9.2.3 calls
// the same (same pieces, same side, same possible moves) get the same key.
#pragma once

#include <array>
#include <cstdint>

#include "board/types.hpp"

namespace planilla::zobrist {

namespace detail {
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

struct Keys {
  std::array<std::array<std::array<std::uint64_t, 64>, kPieceTypes>, 2> piece{};
  std::array<std::uint64_t, 64> castling{};  // by rook square
  std::array<std::uint64_t, 8> ep_file{};
  std::uint64_t side = 0;
};

constexpr Keys make_keys() {
  Keys k;
  std::uint64_t state = 0x706C616E696C6C61ULL;  // "planilla"
  for (auto& by_type : k.piece)
    for (auto& by_square : by_type)
      for (auto& key : by_square) key = splitmix64(state);
  for (auto& key : k.castling) key = splitmix64(state);
  for (auto& key : k.ep_file) key = splitmix64(state);
  k.side = splitmix64(state);
  return k;
}
}  // namespace detail

inline constexpr detail::Keys kKeys = detail::make_keys();

constexpr std::uint64_t piece(Color c, PieceType t, Square s) {
  return kKeys.piece[index_of(c)][index_of(t)][index_of(s)];
}
constexpr std::uint64_t castling(Square rook) { return kKeys.castling[index_of(rook)]; }
constexpr std::uint64_t ep_file(File f) { return kKeys.ep_file[index_of(f)]; }
constexpr std::uint64_t side() { return kKeys.side; }

}  // namespace planilla::zobrist
