// Game status: mate, stalemate, dead material, the 50/75-move rules, repetitions.
#include <doctest/doctest.h>

#include <string>

#include "board/fen.hpp"
#include "board/status.hpp"

using namespace planilla;

namespace {
Position load(const std::string& fen) {
  auto pos = position_from_fen(fen);
  INFO(std::string(fen));
  REQUIRE_MESSAGE(pos.has_value(), (pos ? "" : pos.error()));
  return *pos;
}
}  // namespace

TEST_CASE("status of single positions") {
  struct Row {
    const char* fen;
    GameStatus status;
  };
  const Row rows[] = {
      {"startpos", GameStatus::Ongoing},
      {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", GameStatus::Checkmate},  // fool's mate
      {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", GameStatus::Stalemate},
      {"8/8/4k3/8/8/3K4/8/8 w - - 0 1", GameStatus::InsufficientMaterial},
      {"8/8/4k3/8/8/3K4/8/8 w - - 150 80", GameStatus::InsufficientMaterial},
      {"8/8/4k3/8/8/3K4/8/R7 w - - 150 80", GameStatus::SeventyFiveMoves},
      {"8/8/4k3/8/8/3K4/8/R7 w - - 149 80", GameStatus::Ongoing},
      // Mate on the 150th half-move still counts as mate (FIDE 9.6.2).
      {"R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 90", GameStatus::Checkmate},
  };
  for (const auto& row : rows) {
    INFO(std::string(row.fen));
    const Position pos = load(row.fen);
    CHECK(GameHistory(pos).status(pos) == row.status);
    CHECK(pos.is_checkmate() == (row.status == GameStatus::Checkmate));
    CHECK(pos.is_stalemate() == (row.status == GameStatus::Stalemate));
  }
}

TEST_CASE("insufficient material: FIDE dead-position material cases") {
  struct Row {
    const char* fen;
    bool dead;
    bool white_cannot_mate;
    bool black_cannot_mate;
  };
  const Row rows[] = {
      {"8/8/4k3/8/8/3K4/8/8 w - - 0 1", true, true, true},         // K v K
      {"8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", true, true, true},       // K+N v K
      {"8/8/4k3/8/8/3K4/8/5B2 w - - 0 1", true, true, true},       // K+B v K
      {"8/8/4k3/3b4/8/3K4/8/5B2 w - - 0 1", true, true, true},     // bishops on light squares only
      {"8/8/4k3/8/8/3K4/8/2B2B2 w - - 0 1", false, false, true},   // bishops of both colours
      {"8/8/4k3/2b5/8/3K4/8/5B2 w - - 0 1", false, false, false},  // opposite-coloured bishops
      {"8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1", false, false, true},   // two knights can mate (with help)
      {"8/8/4k3/2n5/8/3K4/8/6N1 w - - 0 1", false, false, false},  // K+N v K+N: mate is possible
      {"8/8/4k3/8/8/3K4/8/4BN2 w - - 0 1", false, false, true},    // bishop and knight
      {"8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", false, false, true},     // a pawn
      {"8/8/4k3/8/8/3K4/8/R7 w - - 0 1", false, false, true},      // a rook
      {"8/8/4k3/3q4/8/3K4/8/6N1 w - - 0 1", false, true, false},   // K+N v K+Q: only Black can mate
      {"8/8/4k3/3r4/8/3K4/8/6N1 w - - 0 1", false, false, false},  // the rook can block its own king
  };
  for (const auto& row : rows) {
    INFO(std::string(row.fen));
    const Position pos = load(row.fen);
    CHECK(pos.has_insufficient_material() == row.dead);
    CHECK(pos.has_insufficient_material(Color::White) == row.white_cannot_mate);
    CHECK(pos.has_insufficient_material(Color::Black) == row.black_cannot_mate);
  }
}

TEST_CASE("repetitions, threefold and fivefold, 50-move claims") {
  Position pos = Position::startpos();
  GameHistory history(pos);
  const Move cycle[] = {Move(Square::G1, Square::F3), Move(Square::G8, Square::F6), Move(Square::F3, Square::G1),
                        Move(Square::F6, Square::G8)};
  int expected_repetitions = 1;
  for (int round = 1; round <= 4; ++round) {
    for (Move m : cycle) {
      pos.play(m);
      history.push(pos);
    }
    ++expected_repetitions;
    INFO("round " << round);
    CHECK(history.repetitions(pos) == expected_repetitions);
    CHECK(history.claims(pos).threefold_repetition == (expected_repetitions >= 3));
    CHECK(history.status(pos) == (expected_repetitions >= 5 ? GameStatus::FivefoldRepetition : GameStatus::Ongoing));
  }
  // A pawn move can never be undone: the earlier positions are forgotten.
  pos.play(Move(Square::E2, Square::E4));
  history.push(pos);
  CHECK(history.repetitions(pos) == 1);
  CHECK(history.repetitions(Position::startpos()) == 0);

  const Position fifty = load("8/8/4k3/8/8/3K4/8/R7 w - - 100 80");
  CHECK(GameHistory(fifty).claims(fifty).fifty_moves);
  const Position fortynine = load("8/8/4k3/8/8/3K4/8/R7 w - - 99 80");
  CHECK_FALSE(GameHistory(fortynine).claims(fortynine).fifty_moves);
}
