// Attack tables: steppers (knight, king, pawn) by lookup, sliders by "kindergarten" bitboards,
// plus the between/line tables that pin and check handling need. One global object, built by a
// prioritised static initialiser before every other one (attacks.cpp), so callers that build
// Positions during their own static initialisation find it ready, and a look-up costs no
// first-use guard (a function-local static costs a guard test on every call; bench/RESULTS.md).
//
// Sliders: the occupancy of a line with one square per file (a rank, a diagonal, or a file
// turned onto a rank by one multiplication) gathers into six bits, which index an 8 × 64 table
// of the attacks along a first rank. About 10 KB of tables for both sliders, where magic
// bitboards took 840 KB: a look-up stays in the L1 cache. The magic tables missed it often
// enough that loads from them were a large share of `check`'s time (bench/RESULTS.md); these
// take a few more instructions per look-up and no miss.
#pragma once

#include <array>
#include <cstdint>

#include "board/bitboard.hpp"
#include "board/types.hpp"

namespace planilla {

namespace detail {

// The squares of a square's lines, the square itself left out (rank, diagonal, anti-diagonal:
// one square per file each).
struct LineMasks {
  Bitboard rank = 0;
  Bitboard diagonal = 0;       // a1-h8 direction
  Bitboard anti_diagonal = 0;  // h1-a8 direction
};

struct AttackTables {
  std::array<Bitboard, 64> knight{};
  std::array<Bitboard, 64> king{};
  std::array<std::array<Bitboard, 64>, 2> pawn{};
  std::array<std::array<Bitboard, 64>, 64> between{};  // strictly between, 0 unless aligned
  std::array<std::array<Bitboard, 64>, 64> line{};     // whole line through both, 0 unless aligned
  std::array<LineMasks, 64> lines{};
  // [file][inner occupancy]: the files a rook on that file of a rank attacks when the inner
  // files b…g are occupied as the six bits say, on every rank (a line's mask picks its squares).
  std::array<std::array<Bitboard, 64>, 8> rank_fill{};
  // [rank][inner occupancy]: what a rook on the a-file attacks along it, a2…a7 occupied as the
  // six bits say.
  std::array<std::array<Bitboard, 64>, 8> a_file{};

  // A one-square-per-file line's occupancy as six bits, files b…g (the multiplication stacks the
  // files' bits in the top byte without carries).
  static std::size_t inner_files(Bitboard occupied_on_line) {
    return static_cast<std::size_t>((occupied_on_line * 0x0202020202020202ULL) >> 58);
  }
  Bitboard along(Bitboard mask, Square s, Bitboard occ) const {
    return mask & rank_fill[index_of(s) & 7][inner_files(mask & occ)];
  }
  // The file moved onto the a-file, its squares a2…a7 gathered into the top six bits.
  Bitboard along_file(Square s, Bitboard occ) const {
    const int file = index_of(s) & 7;
    const Bitboard on_a = (occ >> file) & kFileA;
    return a_file[static_cast<std::size_t>(index_of(s) >> 3)][(on_a * 0x0004081020408000ULL) >> 58] << file;
  }

  Bitboard bishop(Square s, Bitboard occ) const {
    const LineMasks& m = lines[index_of(s)];
    return along(m.diagonal, s, occ) | along(m.anti_diagonal, s, occ);
  }
  Bitboard rook(Square s, Bitboard occ) const { return along(lines[index_of(s)].rank, s, occ) | along_file(s, occ); }
  Bitboard queen(Square s, Bitboard occ) const { return bishop(s, occ) | rook(s, occ); }
};

void build_attack_tables(AttackTables& tables);  // fills zeroed tables
extern AttackTables g_attack_tables;

}  // namespace detail

// The tables (built before main). Hot loops fetch the reference once and use it directly.
inline const detail::AttackTables& attack_tables() { return detail::g_attack_tables; }

inline Bitboard knight_attacks(Square s) { return attack_tables().knight[index_of(s)]; }
inline Bitboard king_attacks(Square s) { return attack_tables().king[index_of(s)]; }
inline Bitboard pawn_attacks(Color c, Square s) { return attack_tables().pawn[index_of(c)][index_of(s)]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) { return attack_tables().bishop(s, occupied); }
inline Bitboard rook_attacks(Square s, Bitboard occupied) { return attack_tables().rook(s, occupied); }
inline Bitboard queen_attacks(Square s, Bitboard occupied) { return attack_tables().queen(s, occupied); }

// Squares attacked by a piece of type `type` and colour `color` on `s` (colour matters only for
// pawns: their captures, not pushes). PieceType::None attacks nothing.
Bitboard attacks(PieceType type, Color color, Square s, Bitboard occupied);

// Squares strictly between a and b when they share a rank, file or diagonal; otherwise empty.
inline Bitboard between(Square a, Square b) { return attack_tables().between[index_of(a)][index_of(b)]; }
// The whole rank, file or diagonal through a and b (edge to edge); empty when not aligned.
inline Bitboard line(Square a, Square b) { return attack_tables().line[index_of(a)][index_of(b)]; }
// Whether c lies on the line through a and b.
inline bool aligned(Square a, Square b, Square c) { return (line(a, b) & bb(c)) != 0; }

// Slow reference sliding attacks (ray walking); used to build and to test the slider tables.
Bitboard sliding_attacks_slow(PieceType type, Square s, Bitboard occupied);

}  // namespace planilla
