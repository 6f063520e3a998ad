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

// The magics the search below finds from its fixed seed, recorded: searching costs about 2.5
// billion instructions (most of a second) at every process start, which dominated short runs
// and every shard of a split archive. init_magic() still verifies each one over every occupancy
// and falls back to the search if one ever collides, so a wrong entry cannot go unnoticed.
constexpr Bitboard kBishopMagics[64] = {
    0x10102002004a1420ULL, 0x3009080104082090ULL, 0x20a2020400200808ULL, 0x0204404080020102ULL,
    0x0101104000000028ULL, 0x28811008040000e8ULL, 0x1031011032200020ULL, 0x0041040118921000ULL,
    0x0400041004812400ULL, 0x4100108188008081ULL, 0x0020484604042a09ULL, 0x000002208a002100ULL,
    0x00000a1210002805ULL, 0x400a410460448100ULL, 0x013060480a086000ULL, 0x2101411400840412ULL,
    0x1a10100404500409ULL, 0x4010028401026400ULL, 0x2050000800401020ULL, 0x0008202404001420ULL,
    0x0032880400a00600ULL, 0x0202000022100202ULL, 0x0204082082111040ULL, 0x480c210084010800ULL,
    0x00c2620410200200ULL, 0x80c2102042901202ULL, 0x9000320050040040ULL, 0x8004080010220040ULL,
    0x0020044002003004ULL, 0x120401884100a003ULL, 0x2004208014020128ULL, 0x04010302005400a0ULL,
    0x0950084500600402ULL, 0x81e0900901102200ULL, 0x10040128008412c0ULL, 0x0402004042940100ULL,
    0x2104204010040100ULL, 0x0420009100802400ULL, 0x0204082220808082ULL, 0x2002004248020218ULL,
    0x0001042160208400ULL, 0x00440d0148101080ULL, 0x8044a02030000802ULL, 0xc081044206204800ULL,
    0x0000219020800400ULL, 0x8404010041000201ULL, 0x02210c0102492209ULL, 0x8010012110283100ULL,
    0x0183880109a00001ULL, 0x1001411090900080ULL, 0x2002120084045420ULL, 0x2126087842020022ULL,
    0x8040004010410128ULL, 0x08024030c2008020ULL, 0x0121241004812002ULL, 0x0308010822004000ULL,
    0x0083042805141020ULL, 0x0220804212102288ULL, 0x8000014100880400ULL, 0x1000080000840410ULL,
    0x0088080031203200ULL, 0x001002200202c202ULL, 0x0000054802540400ULL, 0xa010041108003100ULL
};
constexpr Bitboard kRookMagics[64] = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0050500500080100ULL, 0x0000020080040080ULL, 0x0c10010400420810ULL, 0x1040008200005104ULL,
    0x01808240088004a0ULL, 0x0882804004802000ULL, 0x0880402001001100ULL, 0x0000100080800800ULL,
    0x2000480131001500ULL, 0x0002000400800280ULL, 0x0080020104000810ULL, 0x80441044120000a1ULL,
    0x0000800040008020ULL, 0x041040201000c000ULL, 0x0001004020010010ULL, 0x0800100100090021ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x000c91800020c101ULL, 0x0a41104009802103ULL, 0x000880401202210aULL, 0x0000300089142101ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x000008208044010aULL
};

// Fills the slice of `table` for magic `m.magic`; false on a collision (the slice is then partly
// written and must be refilled).
bool try_magic(detail::Magic& m, Bitboard* table, const std::vector<Bitboard>& occupancies,
               const std::vector<Bitboard>& reference, std::vector<unsigned>& epoch, unsigned attempt) {
  for (std::size_t i = 0; i < occupancies.size(); ++i) {
    const std::size_t idx = ((occupancies[i] & m.mask) * m.magic) >> m.shift;
    if (epoch[idx] != attempt) {
      epoch[idx] = attempt;
      table[idx] = reference[i];
    } else if (table[idx] != reference[i]) {
      return false;
    }
  }
  return true;
}

// Uses the recorded magic for square s when it is collision-free, else finds one by trial, and
// fills its slice of `table`.
void init_magic(const int (&dirs)[4][2], Square s, Bitboard known, detail::Magic& m, Bitboard* table, Prng& prng,
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
  m.magic = known;
  if (try_magic(m, table, occupancies, reference, epoch, 1)) return;
  for (unsigned attempt = 2;; ++attempt) {
    m.magic = prng.sparse();
    if (popcount((m.mask * m.magic) >> 56) < 6) continue;  // cheap reject of weak candidates
    if (try_magic(m, table, occupancies, reference, epoch, attempt)) return;
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

  Prng prng{0x9E3779B97F4A7C15ULL};
  std::vector<Bitboard> occupancies, reference;
  std::vector<unsigned> epoch;
  std::size_t bishop_offset = 0, rook_offset = 0;
  for (int s = 0; s < 64; ++s) {
    init_magic(kBishopDirs, square_at(s), kBishopMagics[s], t->bishop_magic[s],
               t->bishop_table.data() + bishop_offset, prng, occupancies, reference, epoch);
    bishop_offset += std::size_t{1} << popcount(t->bishop_magic[s].mask);
    init_magic(kRookDirs, square_at(s), kRookMagics[s], t->rook_magic[s], t->rook_table.data() + rook_offset,
               prng, occupancies, reference, epoch);
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
