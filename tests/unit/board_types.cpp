// Vocabulary types, Move encoding, bitboard helpers, attack tables and Zobrist keys.
#include <doctest/doctest.h>

#include <set>

#include "board/attacks.hpp"
#include "board/bitboard.hpp"
#include "board/move.hpp"
#include "board/types.hpp"
#include "board/zobrist.hpp"

using namespace planilla;

TEST_CASE("squares, files, ranks and relative squares") {
  struct Row {
    Square s;
    File f;
    Rank r;
    Square black_view;
  };
  const Row rows[] = {
      {Square::A1, File::A, Rank::R1, Square::A8},
      {Square::E4, File::E, Rank::R4, Square::E5},
      {Square::H8, File::H, Rank::R8, Square::H1},
      {Square::C7, File::C, Rank::R7, Square::C2},
  };
  for (const auto& row : rows) {
    CHECK(file_of(row.s) == row.f);
    CHECK(rank_of(row.s) == row.r);
    CHECK(make_square(row.f, row.r) == row.s);
    CHECK(relative_square(Color::Black, row.s) == row.black_view);
    CHECK(relative_square(Color::White, row.s) == row.s);
  }
  CHECK(~Color::White == Color::Black);
  CHECK(relative_rank(Color::Black, Rank::R8) == Rank::R1);
  CHECK(file_char(File::C) == 'c');
  CHECK(rank_char(Rank::R6) == '6');
}

TEST_CASE("Move encodes every field and castling targets follow FIDE") {
  struct Row {
    Move m;
    Square from, to;
    MoveKind kind;
    PieceType promotion;
  };
  const Row rows[] = {
      {Move(Square::E2, Square::E4), Square::E2, Square::E4, MoveKind::Normal, PieceType::None},
      {Move(Square::A7, Square::B8, MoveKind::Promotion, PieceType::Queen), Square::A7, Square::B8, MoveKind::Promotion,
       PieceType::Queen},
      {Move(Square::H2, Square::H1, MoveKind::Promotion, PieceType::Knight), Square::H2, Square::H1,
       MoveKind::Promotion, PieceType::Knight},
      {Move(Square::E5, Square::D6, MoveKind::EnPassant), Square::E5, Square::D6, MoveKind::EnPassant, PieceType::None},
      {Move(Square::E1, Square::H1, MoveKind::Castling), Square::E1, Square::H1, MoveKind::Castling, PieceType::None},
  };
  for (const auto& row : rows) {
    CHECK(row.m.from() == row.from);
    CHECK(row.m.to() == row.to);
    CHECK(row.m.kind() == row.kind);
    CHECK(row.m.promotion() == row.promotion);
    CHECK(static_cast<bool>(row.m));
  }
  CHECK(Move().is_none());
  CHECK(Move::null().is_null());
  CHECK(castling_side(Move(Square::B1, Square::A1, MoveKind::Castling)) == CastlingSide::Queen);
  CHECK(castling_side(Move(Square::F8, Square::G8, MoveKind::Castling)) == CastlingSide::King);
  CHECK(castling_king_target(Color::Black, CastlingSide::Queen) == Square::C8);
  CHECK(castling_rook_target(Color::White, CastlingSide::King) == Square::F1);
}

TEST_CASE("bitboard helpers") {
  CHECK(popcount(kFileA) == 8);
  CHECK(lsb(bb(Square::C3) | bb(Square::F7)) == Square::C3);
  CHECK(msb(bb(Square::C3) | bb(Square::F7)) == Square::F7);
  Bitboard b = bb(Square::A1) | bb(Square::H8);
  CHECK(pop_lsb(b) == Square::A1);
  CHECK(b == bb(Square::H8));
  CHECK(shift_east(bb(Square::H4)) == 0);
  CHECK(shift_west(bb(Square::A4)) == 0);
  CHECK(shift_forward(Color::Black, bb(Square::E7)) == bb(Square::E6));
  CHECK(pawn_attacks_bb(Color::White, bb(Square::A2)) == bb(Square::B3));
  CHECK(more_than_one(bb(Square::A1) | bb(Square::B1)));
  CHECK_FALSE(more_than_one(bb(Square::A1)));
  CHECK((kDarkSquares & bb(Square::A1)) != 0);
  CHECK((kDarkSquares & bb(Square::H1)) == 0);
}

TEST_CASE("stepper attack tables") {
  CHECK(knight_attacks(Square::A1) == (bb(Square::B3) | bb(Square::C2)));
  CHECK(popcount(knight_attacks(Square::D4)) == 8);
  CHECK(popcount(king_attacks(Square::H8)) == 3);
  CHECK(pawn_attacks(Color::White, Square::E4) == (bb(Square::D5) | bb(Square::F5)));
  CHECK(pawn_attacks(Color::Black, Square::A5) == bb(Square::B4));
  CHECK(attacks(PieceType::King, Color::White, Square::A1, 0) == (bb(Square::A2) | bb(Square::B1) | bb(Square::B2)));
}

TEST_CASE("slider attacks agree with ray walking for every occupancy of every line") {
  // Every subset of the squares that can block a slider on s (its rays without the last square)
  // together with random pieces elsewhere, which must change nothing.
  std::uint64_t state = 0x5EED;
  long compared = 0;
  for (int i = 0; i < 64; ++i) {
    const Square s = square_at(i);
    for (PieceType t : {PieceType::Bishop, PieceType::Rook}) {
      Bitboard relevant = 0;
      for (Bitboard ray = sliding_attacks_slow(t, s, 0); ray;) {
        const Square x = pop_lsb(ray);
        // A square whose next one along the ray from s is still attacked with an empty board.
        const Bitboard beyond = sliding_attacks_slow(t, s, bb(x)) ^ sliding_attacks_slow(t, s, 0);
        if (beyond) relevant |= bb(x);
      }
      // Enumerate the subsets of `relevant` (Carry-Rippler).
      Bitboard subset = 0;
      do {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        const Bitboard noise = state & ~relevant & ~bb(s) & ~sliding_attacks_slow(t, s, 0);
        const Bitboard occ = subset | noise;
        if (attacks(t, Color::White, s, occ) != sliding_attacks_slow(t, s, occ)) {
          FAIL_CHECK("square " << i << " piece " << static_cast<int>(t) << " occupancy " << occ);
        }
        ++compared;
        subset = (subset - relevant) & relevant;
      } while (subset != 0);
    }
  }
  CHECK(compared == 5248 + 102400);  // 2^(blocking squares) summed over the squares, both sliders
}

TEST_CASE("sliding attacks agree with ray walking on pseudo-random occupancies") {
  std::uint64_t state = 12345;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (int i = 0; i < 4000; ++i) {
    const Bitboard occ = next() & next();  // about a quarter of the squares occupied
    const Square s = square_at(static_cast<int>(next() % 64));
    for (PieceType t : {PieceType::Bishop, PieceType::Rook, PieceType::Queen}) {
      INFO("square " << index_of(s) << " occupancy " << occ);
      CHECK(attacks(t, Color::White, s, occ) == sliding_attacks_slow(t, s, occ));
    }
  }
}

TEST_CASE("between and line") {
  CHECK(between(Square::A1, Square::D4) == (bb(Square::B2) | bb(Square::C3)));
  CHECK(between(Square::E1, Square::E2) == 0);
  CHECK(between(Square::A1, Square::B3) == 0);
  CHECK(between(Square::H1, Square::C1) == (bb(Square::D1) | bb(Square::E1) | bb(Square::F1) | bb(Square::G1)));
  CHECK(line(Square::C3, Square::E5) == (between(Square::A1, Square::H8) | bb(Square::A1) | bb(Square::H8)));
  CHECK(line(Square::A1, Square::B3) == 0);
  CHECK(aligned(Square::E1, Square::E8, Square::E4));
  CHECK_FALSE(aligned(Square::E1, Square::E8, Square::D4));
}

TEST_CASE("Zobrist keys are distinct and non-zero") {
  std::set<std::uint64_t> keys;
  for (Color c : {Color::White, Color::Black})
    for (int t = 0; t < kPieceTypes; ++t)
      for (int s = 0; s < 64; ++s) keys.insert(zobrist::piece(c, static_cast<PieceType>(t), square_at(s)));
  for (int s = 0; s < 64; ++s) keys.insert(zobrist::castling(square_at(s)));
  for (int f = 0; f < 8; ++f) keys.insert(zobrist::ep_file(static_cast<File>(f)));
  keys.insert(zobrist::side());
  CHECK(keys.size() == 2 * 6 * 64 + 64 + 8 + 1);
  CHECK(keys.count(0) == 0);
}
