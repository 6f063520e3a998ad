#include "board/attacks.hpp"

#include <vector>

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

// Squares whose occupancy matters for a slider on s: the rays without their last square
// (a piece on the edge square cannot block anything further).
Bitboard relevant_mask(const int (&dirs)[4][2], Square s) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = index_of(file_of(s)) + d[0];
    int r = index_of(rank_of(s)) + d[1];
    while (on_board(f + d[0], r + d[1])) {
      result |= bb(sq(f, r));
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

// xorshift64*: a small deterministic generator, so the magics are the same on every run.
struct Prng {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
  }
  // Candidates with few set bits make good magics far more often.
  std::uint64_t sparse() { return next() & next() & next(); }
};

// Finds a collision-free magic for square s by trial and fills its slice of `table`.
void init_magic(const int (&dirs)[4][2], Square s, detail::Magic& m, Bitboard* table, Prng& prng,
                std::vector<Bitboard>& occupancies, std::vector<Bitboard>& reference,
                std::vector<unsigned>& epoch) {
  m.mask = relevant_mask(dirs, s);
  const int bits = popcount(m.mask);
  m.shift = static_cast<unsigned>(64 - bits);
  m.attacks = table;
  const std::size_t size = std::size_t{1} << bits;
  occupancies.clear();
  reference.clear();
  Bitboard subset = 0;
  do {  // carry-rippler: every subset of the mask
    occupancies.push_back(subset);
    reference.push_back(walk_rays(dirs, s, subset));
    subset = (subset - m.mask) & m.mask;
  } while (subset != 0);

  epoch.assign(size, 0);
  for (unsigned attempt = 1;; ++attempt) {
    m.magic = prng.sparse();
    if (popcount((m.mask * m.magic) >> 56) < 6) continue;  // cheap reject of weak candidates
    bool ok = true;
    for (std::size_t i = 0; i < occupancies.size() && ok; ++i) {
      const std::size_t idx = ((occupancies[i] & m.mask) * m.magic) >> m.shift;
      if (epoch[idx] != attempt) {
        epoch[idx] = attempt;
        table[idx] = reference[i];
      } else if (table[idx] != reference[i]) {
        ok = false;
      }
    }
    if (ok) return;
  }
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

const AttackTables* build_attack_tables() {
  // Deliberately never freed: the tables live for the whole process and may be used from
  // other objects' destructors.
  auto* t = new AttackTables();
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

  Prng prng{0x9E3779B97F4A7C15ULL};
  std::vector<Bitboard> occupancies, reference;
  std::vector<unsigned> epoch;
  std::size_t bishop_offset = 0, rook_offset = 0;
  for (int s = 0; s < 64; ++s) {
    init_magic(kBishopDirs, square_at(s), t->bishop_magic[s], t->bishop_table.data() + bishop_offset, prng,
               occupancies, reference, epoch);
    bishop_offset += std::size_t{1} << popcount(t->bishop_magic[s].mask);
    init_magic(kRookDirs, square_at(s), t->rook_magic[s], t->rook_table.data() + rook_offset, prng,
               occupancies, reference, epoch);
    rook_offset += std::size_t{1} << popcount(t->rook_magic[s].mask);
  }
  assert(bishop_offset == t->bishop_table.size() && rook_offset == t->rook_table.size());

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
  return t;
}

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
