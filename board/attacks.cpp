#include "board/attacks.hpp"

namespace planilla {

namespace {

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
Square sq(int file, int rank) { return square_at(rank * 8 + file); }

// Walks each ray from s until it leaves the board or hits an occupied square (included).
Bitboard walk_rays(const int (&dirs)[4][2], Square s, Bitboard occupied) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = index_of(file_of(s)) + d[0];
    int r = index_of(rank_of(s)) + d[1];
    while (on_board(f, r)) {
      result |= bb(sq(f, r));
      if (occupied & bb(sq(f, r))) break;
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

}  // namespace

Bitboard sliding_attacks_slow(PieceType type, Square s, Bitboard occupied) {
  switch (type) {
    case PieceType::Bishop: return walk_rays(kBishopDirs, s, occupied);
    case PieceType::Rook: return walk_rays(kRookDirs, s, occupied);
    case PieceType::Queen: return walk_rays(kBishopDirs, s, occupied) | walk_rays(kRookDirs, s, occupied);
    case PieceType::Pawn:
    case PieceType::Knight:
    case PieceType::King:
    case PieceType::None: break;
  }
  return 0;
}

namespace detail {

void build_attack_tables(AttackTables& tables) {
  AttackTables* const t = &tables;
  for (int s = 0; s < 64; ++s) {
    const Square from = square_at(s);
    const int f = s & 7, r = s >> 3;
    constexpr int kKnight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (const auto& d : kKnight)
      if (on_board(f + d[0], r + d[1])) t->knight[s] |= bb(sq(f + d[0], r + d[1]));
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr)
        if ((df || dr) && on_board(f + df, r + dr)) t->king[s] |= bb(sq(f + df, r + dr));
    t->pawn[index_of(Color::White)][s] = pawn_attacks_bb(Color::White, bb(from));
    t->pawn[index_of(Color::Black)][s] = pawn_attacks_bb(Color::Black, bb(from));
  }

  for (int s = 0; s < 64; ++s) {
    const Bitboard diagonals = walk_rays(kBishopDirs, square_at(s), 0);
    const Bitboard orthogonals = walk_rays(kRookDirs, square_at(s), 0);
    const int f = s & 7, r = s >> 3;
    t->lines[s].rank = orthogonals & (kRank1 << (8 * r));
    for (int d = 0; d < 64; ++d) {
      if (!(diagonals & bb(square_at(d)))) continue;
      // Same difference of file and rank: the a1-h8 direction; same sum: the h1-a8 one.
      if ((d & 7) - (d >> 3) == f - r) t->lines[s].diagonal |= bb(square_at(d));
      else t->lines[s].anti_diagonal |= bb(square_at(d));
    }
  }
  for (int file = 0; file < 8; ++file) {
    for (std::size_t inner = 0; inner < 64; ++inner) {
      const Bitboard first_rank = walk_rays(kRookDirs, sq(file, 0), Bitboard{inner} << 1) & kRank1;
      t->rank_fill[static_cast<std::size_t>(file)][inner] = first_rank * kFileA;
    }
  }
  for (int rank = 0; rank < 8; ++rank) {
    for (std::size_t inner = 0; inner < 64; ++inner) {
      Bitboard occupied = 0;
      for (int i = 0; i < 6; ++i)
        if (inner >> i & 1) occupied |= bb(sq(0, i + 1));
      t->a_file[static_cast<std::size_t>(rank)][inner] = walk_rays(kRookDirs, sq(0, rank), occupied) & kFileA;
    }
  }

  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      if (a == b) continue;
      const Square sa = square_at(a), sb = square_at(b);
      for (PieceType slider : {PieceType::Bishop, PieceType::Rook}) {
        if (!(walk_rays(slider == PieceType::Bishop ? kBishopDirs : kRookDirs, sa, 0) & bb(sb))) continue;
        const Bitboard from_a = sliding_attacks_slow(slider, sa, 0);
        const Bitboard from_b = sliding_attacks_slow(slider, sb, 0);
        t->line[a][b] = (from_a & from_b) | bb(sa) | bb(sb);
        t->between[a][b] = sliding_attacks_slow(slider, sa, bb(sb)) & sliding_attacks_slow(slider, sb, bb(sa));
      }
    }
  }
}

// Zero before any code runs (constant initialisation), filled by the first dynamic initialiser
// of the program: priority 101 runs before every initialiser without a priority, in every
// translation unit, so objects that build positions during their own static initialisation
// find the tables ready. Trivially destructible: valid in other objects' destructors too.
AttackTables g_attack_tables;

namespace {
struct Builder {
  Builder() { build_attack_tables(g_attack_tables); }
};
__attribute__((init_priority(101))) const Builder g_builder;
}  // namespace

}  // namespace detail

Bitboard attacks(PieceType type, Color color, Square s, Bitboard occupied) {
  const auto& t = attack_tables();
  switch (type) {
    case PieceType::Pawn: return t.pawn[index_of(color)][index_of(s)];
    case PieceType::Knight: return t.knight[index_of(s)];
    case PieceType::Bishop: return t.bishop(s, occupied);
    case PieceType::Rook: return t.rook(s, occupied);
    case PieceType::Queen: return t.queen(s, occupied);
    case PieceType::King: return t.king[index_of(s)];
    case PieceType::None: break;
  }
  return 0;
}

}  // namespace planilla
