// Attack tables: steppers (knight, king, pawn) by lookup, sliders by "fancy" magic bitboards,
// plus the between/line tables that pin and check handling need. One global object, built by a
// prioritised static initialiser before every other one (attacks.cpp), so callers that build
// Positions during their own static initialisation find it ready, and a look-up costs no
// first-use guard (a function-local static cost a guard test on every call: ~1 % of `check`).
#pragma once

#include <array>
#include <cstdint>

#include "board/bitboard.hpp"
#include "board/types.hpp"

namespace planilla {

namespace detail {

// One square's magic: index = ((occupied & mask) * magic) >> shift into `attacks`.
struct Magic {
  Bitboard mask = 0;
  Bitboard magic = 0;
  const Bitboard* attacks = nullptr;
  unsigned shift = 0;
  Bitboard lookup(Bitboard occupied) const {
    return attacks[((occupied & mask) * magic) >> shift];
  }
};

struct AttackTables {
  std::array<Bitboard, 64> knight{};
  std::array<Bitboard, 64> king{};
  std::array<std::array<Bitboard, 64>, 2> pawn{};
  std::array<std::array<Bitboard, 64>, 64> between{};  // strictly between, 0 unless aligned
  std::array<std::array<Bitboard, 64>, 64> line{};     // whole line through both, 0 unless aligned
  std::array<Magic, 64> bishop_magic{};
  std::array<Magic, 64> rook_magic{};
  std::array<Bitboard, 5248> bishop_table{};
  std::array<Bitboard, 102400> rook_table{};

  Bitboard bishop(Square s, Bitboard occ) const { return bishop_magic[index_of(s)].lookup(occ); }
  Bitboard rook(Square s, Bitboard occ) const { return rook_magic[index_of(s)].lookup(occ); }
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

// Slow reference sliding attacks (ray walking); used to build and to test the magic tables.
Bitboard sliding_attacks_slow(PieceType type, Square s, Bitboard occupied);

}  // namespace planilla
