// FEN / X-FEN / Shredder-FEN reading and writing, and Position::from_setup validation.
#include <doctest/doctest.h>

#include <string>

#include "board/fen.hpp"
#include "board/position.hpp"

using namespace planilla;

namespace {
Position load(const std::string& fen, FenOptions opts = {}) {
  auto pos = position_from_fen(fen, opts);
  INFO(std::string(fen));
  REQUIRE_MESSAGE(pos.has_value(), (pos ? "" : pos.error()));
  return *pos;
}
}  // namespace

TEST_CASE("parse_fen reports the broken field with a clear message") {
  struct Row {
    const char* fen;
    int field;
    const char* message;
  };
  const Row rows[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 2,
       "Invalid FEN: side to move must be 'w' or 'b', got 'x'"},
      {"", 0, "Invalid FEN: empty text"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 2, "Invalid FEN: missing side to move after the piece placement"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 3,
       "Invalid FEN: missing castling rights field (use '-' for none)"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", 4,
       "Invalid FEN: missing en passant field (use '-' for none)"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", 1, "Invalid FEN: board has 7 ranks, expected 8"},
      {"rnbqkbnr/pppppppp/8p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "Invalid FEN: rank 6 has more than 8 squares"},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "Invalid FEN: rank 7 has 7 squares, expected 8"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", 1,
       "Invalid FEN: unexpected character 'X' in piece placement (expected PNBRQK, pnbrqk, 1-8 or '/')"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", 3,
       "Invalid FEN: castling rights must be '-' or letters from KQkq, A-H or a-h, got 'KQxq'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 4,
       "Invalid FEN: en passant square must be '-' or a square such as e3, got 'e9'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 5,
       "Invalid FEN: halfmove clock must be a number from 0 to 65535, got 'x'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", 6,
       "Invalid FEN: fullmove number must be a number from 1 to 65535, got '-3'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", 0,
       "Invalid FEN: unexpected text after the fullmove number: 'extra'"},
  };
  for (const auto& row : rows) {
    INFO(std::string(row.fen));
    auto r = parse_fen(row.fen);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().field == row.field);
    CHECK(r.error().message == row.message);
  }
}

TEST_CASE("parse_fen accepts every castling dialect, optional clocks and startpos") {
  struct Row {
    const char* fen;
    Bitboard rooks;
  };
  const Bitboard kCorners = bb(Square::A1) | bb(Square::H1) | bb(Square::A8) | bb(Square::H8);
  const Row rows[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", kCorners},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", kCorners},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah -", kCorners},
      {"startpos", kCorners},
      {"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  -  -  ", 0},
      // X-FEN: K means the outermost rook on the h-side; a letter names an inner rook.
      {"4k3/8/8/8/8/8/8/R2K2RR w KQ - 0 1", bb(Square::H1) | bb(Square::A1)},
      {"4k3/8/8/8/8/8/8/R2K2RR w GQ - 0 1", bb(Square::G1) | bb(Square::A1)},
  };
  for (const auto& row : rows) {
    INFO(std::string(row.fen));
    auto r = parse_fen(row.fen);
    REQUIRE(r.has_value());
    CHECK(r->castling_rooks == row.rooks);
  }
  auto clocks = parse_fen("8/8/8/8/8/8/8/K6k b - - 17 42");
  REQUIRE(clocks.has_value());
  CHECK(clocks->halfmove_clock == 17);
  CHECK(clocks->fullmove_number == 42);
  CHECK(clocks->turn == Color::Black);
  auto no_clocks = parse_fen("8/8/8/8/8/8/8/K6k b - -");
  REQUIRE(no_clocks.has_value());
  CHECK(no_clocks->halfmove_clock == 0);
  CHECK(no_clocks->fullmove_number == 1);
}

TEST_CASE("write_fen: X-FEN and Shredder castling, canonical e.p. square") {
  struct Row {
    const char* input;
    const char* xfen;
    const char* shredder;
  };
  const Row rows[] = {
      {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
      // NOTATION.md §3.6: rooks a1, g1, h1 — inner g1 rook is "G", outer h1 rook is "K".
      {"4k3/8/8/8/8/8/8/R2K2RR w GQ - 0 1", "4k3/8/8/8/8/8/8/R2K2RR w GQ - 0 1", "4k3/8/8/8/8/8/8/R2K2RR w GA - 0 1"},
      {"4k3/8/8/8/8/8/8/R2K2RR w HA - 0 1", "4k3/8/8/8/8/8/8/R2K2RR w KQ - 0 1", "4k3/8/8/8/8/8/8/R2K2RR w HA - 0 1"},
      // 960 start RKRBBNNQ: X-FEN KQkq, Shredder CAca.
      {"rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1",
       "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1",
       "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w CAca - 0 1"},
      // Shakmaty's lila#4625 case: the f-rook is an inner a-side rook.
      {"4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1",
       "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1",
       "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1"},
      // e.p. square kept only when a capture is legal: here exd6 is possible...
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"},
      // ...here no pawn can capture, so the square is dropped...
      {"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2",
       "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2",
       "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 2"},
      // ...and here the only capture would expose the king along the rank.
      {"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "8/8/8/K2pP2r/8/8/8/7k w - - 0 1", "8/8/8/K2pP2r/8/8/8/7k w - - 0 1"},
  };
  for (const auto& row : rows) {
    INFO(std::string(row.input));
    const Position pos = load(row.input);
    CHECK(write_fen(pos, FenDialect::XFen) == row.xfen);
    CHECK(write_fen(pos, FenDialect::Shredder) == row.shredder);
    CHECK(write_fen(pos) == row.xfen);
    // Both outputs read back to the same position.
    CHECK(load(row.xfen) == pos);
    CHECK(load(row.shredder) == pos);
  }
}

TEST_CASE("needs_chess960 and castling mode inference") {
  struct Row {
    const char* fen;
    bool chess960;
  };
  const Row rows[] = {
      {"startpos", false},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", false},
      {"r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", false},
      {"rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1", true},  // king off e1
      {"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", true},                        // rooks off a/h
      {"4k3/8/8/8/8/8/8/R3K1RR w G - 0 1", true},                          // an inner rook
      {"rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w - - 0 1", false},    // no rights, nothing to explain
  };
  for (const auto& row : rows) {
    INFO(std::string(row.fen));
    auto setup = parse_fen(row.fen);
    REQUIRE(setup.has_value());
    CHECK(needs_chess960(*setup) == row.chess960);
    CHECK(load(row.fen).is_chess960() == row.chess960);
  }
  FenOptions forced;
  forced.force_chess960 = true;
  CHECK(load("startpos", forced).is_chess960());
}

TEST_CASE("from_setup reports every broken rule at once") {
  struct Row {
    const char* fen;
    CastlingMode mode;
    std::uint32_t kinds;
  };
  const Row rows[] = {
      {"8/8/8/8/8/8/8/8 w - - 0 1", CastlingMode::Standard, kEmptyBoard | kMissingKing},
      {"8/8/8/8/8/8/8/4K3 w - - 0 1", CastlingMode::Standard, kMissingKing},
      {"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", CastlingMode::Standard, kTooManyKings},
      {"P3k3/8/8/8/8/8/8/4K2p w - - 0 1", CastlingMode::Standard, kPawnsOnBackRank},
      {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", CastlingMode::Standard, kInvalidCastlingRights},
      {"4k3/8/8/8/8/8/8/3K3R w K - 0 1", CastlingMode::Standard, kInvalidCastlingRights},  // king off e1
      {"4k3/8/8/8/8/8/8/R3K2R w KQ e3 0 1", CastlingMode::Standard, kInvalidEpSquare},
      {"4k3/8/8/8/8/8/8/4K2R w - e6 0 1", CastlingMode::Standard, kInvalidEpSquare},
      {"4k3/8/8/8/8/8/8/K3Q3 w - - 0 1", CastlingMode::Standard, kOppositeCheck},
      {"4k3/3P1P2/8/8/8/8/8/4K3 b - - 0 1", CastlingMode::Standard, kImpossibleCheck},  // two pawn checkers
      {"3rk3/8/8/8/8/8/8/r2K3r w - - 0 1", CastlingMode::Standard, kImpossibleCheck},   // three checkers
      {"4k3/8/8/8/8/8/8/r2K3r w - - 0 1", CastlingMode::Standard, kImpossibleCheck},    // aligned checkers
      {"QQQQQQQQ/QQQQQQQQ/QQk5/8/8/8/8/4K3 b - - 0 1", CastlingMode::Standard, kTooManyPieces | kImpossibleCheck},
      // Several at once: missing black king, pawns on the back rank and a bad e.p. square.
      {"p7/8/8/8/8/8/8/4K3 w - e6 0 1", CastlingMode::Standard, kMissingKing | kPawnsOnBackRank | kInvalidEpSquare},
  };
  for (const auto& row : rows) {
    INFO(std::string(row.fen));
    auto setup = parse_fen(row.fen);
    REQUIRE(setup.has_value());
    auto pos = Position::from_setup(*setup, row.mode);
    REQUIRE_FALSE(pos.has_value());
    CHECK(pos.error().kinds == row.kinds);
    CHECK_FALSE(pos.error().message().empty());
  }
  auto setup = parse_fen("p7/8/8/8/8/8/8/4K3 w - e6 0 1");
  REQUIRE(setup.has_value());
  auto pos = Position::from_setup(*setup, CastlingMode::Standard);
  REQUIRE_FALSE(pos.has_value());
  CHECK(pos.error().message() ==
        "missing black king; black pawn on the first or eighth rank; "
        "invalid en passant square (no pawn that just moved two squares)");
  CHECK(pos.error().black_kinds == (kMissingKing | kPawnsOnBackRank));
  CHECK(pos.error().white_kinds == 0);
}

TEST_CASE("relaxations drop the broken part instead of failing") {
  auto setup = parse_fen("4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1");
  REQUIRE(setup.has_value());
  CHECK_FALSE(Position::from_setup(*setup, CastlingMode::Standard).has_value());
  Relaxations relax;
  relax.ignore_invalid_castling = true;
  relax.ignore_invalid_ep = true;
  auto pos = Position::from_setup(*setup, CastlingMode::Standard, relax);
  REQUIRE(pos.has_value());
  CHECK(pos->castling_rooks() == 0);
  CHECK(pos->ep_square() == Square::None);

  auto back = parse_fen("4k2P/8/8/8/8/8/8/4K3 b - - 0 1");
  REQUIRE(back.has_value());
  Relaxations allow_back;
  allow_back.allow_pawns_on_back_rank = true;
  CHECK(Position::from_setup(*back, CastlingMode::Standard, allow_back).has_value());

  auto two_checkers = parse_fen("4k3/3P1P2/8/8/8/8/8/4K3 b - - 0 1");
  REQUIRE(two_checkers.has_value());
  Relaxations allow_check;
  allow_check.allow_impossible_check = true;
  auto checked = Position::from_setup(*two_checkers, CastlingMode::Standard, allow_check);
  REQUIRE(checked.has_value());
  CHECK(checked->legal_moves().size() == 5);  // double check: Kd8 Kf8 Ke7 Kxd7 Kxf7
}

TEST_CASE("Chess960 castling rights validation") {
  struct Row {
    const char* fen;
    CastlingMode mode;
    bool valid;
  };
  const Row rows[] = {
      {"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", CastlingMode::Chess960, true},
      {"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", CastlingMode::Standard, false},
      {"4k3/8/8/8/8/8/8/R3K1RR w GH - 0 1", CastlingMode::Chess960, false},  // two rights on one side
      {"4k3/8/8/8/8/8/8/4K1N1 w G - 0 1", CastlingMode::Chess960, false},    // no rook there
      {"4k3/8/8/8/8/8/4K3/6R1 w G - 0 1", CastlingMode::Chess960, false},    // king off its back rank
      {"4k3/8/8/8/8/8/8/6RK w G - 0 1", CastlingMode::Chess960, true},       // python-chess/shakmaty accept it
  };
  for (const auto& row : rows) {
    INFO(std::string(row.fen));
    auto setup = parse_fen(row.fen);
    REQUIRE(setup.has_value());
    auto pos = Position::from_setup(*setup, row.mode);
    CHECK(pos.has_value() == row.valid);
    if (!row.valid && !pos.has_value()) CHECK(pos.error().kinds == kInvalidCastlingRights);
  }
}

TEST_CASE("to_setup round trip and clocks") {
  const Position pos = load("r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 7 31");
  CHECK(pos.ep_square() == Square::E3);
  CHECK(pos.halfmove_clock() == 7);
  CHECK(pos.fullmove_number() == 31);
  const Setup s = pos.to_setup();
  auto again = Position::from_setup(s, pos.castling_mode());
  REQUIRE(again.has_value());
  CHECK(*again == pos);
  CHECK(again->key() == pos.key());
}
