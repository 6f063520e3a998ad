// Chess960 start positions by Scharnagl number, and the reverse lookup.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "board/bitboard.hpp"
#include "board/chess960.hpp"
#include "board/fen.hpp"

using namespace planilla;

TEST_CASE("Scharnagl numbers: known arrays") {
  struct Row {
    int number;
    const char* shredder;
  };
  const Row rows[] = {
      {0, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"},
      {518, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
      {959, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"},
      {1, "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w HFhf - 0 1"},
      {953, "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w CAca - 0 1"},
  };
  for (const auto& row : rows) {
    INFO(row.number);
    auto pos = Position::chess960(row.number);
    REQUIRE(pos.has_value());
    CHECK(pos->is_chess960());
    CHECK(write_fen(*pos, FenDialect::Shredder) == row.shredder);
    CHECK(chess960_number(*pos) == row.number);
  }
  CHECK(*Position::chess960(518) == Position::startpos());
  CHECK(chess960_number(Position::startpos()) == 518);
}

TEST_CASE("all 960 numbers give distinct valid start positions that number back") {
  std::set<std::string> seen;
  for (int n = 0; n < 960; ++n) {
    auto pos = Position::chess960(n);
    REQUIRE(pos.has_value());
    CHECK(chess960_number(*pos) == n);
    CHECK(popcount(pos->castling_rooks()) == 4);
    CHECK(pos->castling_rook(Color::White, CastlingSide::King) != Square::None);
    CHECK(pos->castling_rook(Color::Black, CastlingSide::Queen) != Square::None);
    seen.insert(write_fen(*pos));
  }
  CHECK(seen.size() == 960);
}

TEST_CASE("out-of-range numbers and non-start positions") {
  CHECK_FALSE(Position::chess960(-1).has_value());
  CHECK_FALSE(Position::chess960(960).has_value());
  const char* not_start[] = {
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",  // a move was played
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1",     // a right is missing
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",    // Black to move
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",       // not mirrored
      "rbbqknnr/pppppppp/8/8/8/8/PPPPPPPP/RBBQKNNR w - - 0 1",       // both bishops on one colour
  };
  for (const char* fen : not_start) {
    INFO(std::string(fen));
    auto pos = position_from_fen(fen);
    REQUIRE(pos.has_value());
    CHECK_FALSE(chess960_number(*pos).has_value());
  }
}
