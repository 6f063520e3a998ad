// Descriptive notation on the board: the 30 worked examples of NOTATION.md §2.1.5, the Spanish
// table of §2.2, the French example of §2.3, and the writers (§2.1.3).
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "board/fen.hpp"
#include "converters/book/book.hpp"
#include "grammar/descriptive_parser.hpp"
#include "grammar/move_parser.hpp"
#include "notation/descriptive.hpp"
#include "notation/resolve.hpp"
#include "notation/write.hpp"

using namespace planilla;

namespace {

struct Board {
  Position pos;
  DescriptiveContext ctx;
};

Board start_from(const std::string& fen) {
  Position p = fen.empty() ? Position::startpos() : position_from_fen(fen).value();
  return Board{p, DescriptiveContext{IdentityTracker(p), Square::None}};
}

void play(Board& b, Move m) {
  b.ctx.play(b.pos, m);
  b.pos.play(m);
}

// Plays a space-separated SAN line (the test's context), tracking identities.
Board after_san(const std::string& fen, const std::string& san) {
  Board b = start_from(fen);
  std::istringstream in(san);
  std::string token;
  while (in >> token) {
    auto parsed = parse_move(token, english());
    REQUIRE_MESSAGE(parsed.has_value(), token);
    auto r = resolve(parsed->move, b.pos);
    REQUIRE_MESSAGE(r.has_value(), token);
    play(b, r->move);
  }
  return b;
}

// Resolves `text` and returns the SAN of the single reading, or "ambiguous"/"illegal"/"syntax".
std::string resolve_text(const Board& b, const std::string& text,
                         DescriptiveDialect dialect = DescriptiveDialect::English) {
  auto dm = parse_descriptive(text, dialect);
  if (!dm) return "syntax";
  auto r = resolve_descriptive(*dm, b.pos, b.ctx);
  if (!r) return r.error().code == Code::Ambiguous ? "ambiguous" : "illegal";
  return write_move(b.pos, r->move);
}

// Resolves a whole descriptive score and returns its SAN, space separated.
std::string score_to_san(const std::string& text, DescriptiveDialect dialect) {
  const Position start = Position::startpos();
  auto game = read_descriptive_game(text, dialect, start);
  std::string out;
  Position p = start;
  for (const auto& ply : game.resolution.plies) {
    if (!out.empty()) out += ' ';
    out += write_move(p, ply.move);
    p.play(ply.move);
  }
  if (!game.resolution.complete) out += " <incomplete>";
  return out;
}

constexpr const char* kEvergreen =
    "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 "
    "Qa4 Bb6 Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 Qxd7+ Kxd7 Bf5+ Ke8 "
    "Bd7+ Kf8 Bxe7#";

// The first `plies` SAN moves of `line`.
std::string prefix(const std::string& line, int plies) {
  std::istringstream in(line);
  std::string token, out;
  for (int i = 0; i < plies && in >> token; ++i) {
    if (!out.empty()) out += ' ';
    out += token;
  }
  return out;
}

struct Row {
  int number;
  const char* fen;      // "" = start position
  std::string context;  // SAN moves played before
  const char* written;
  const char* san;  // expected, or "ambiguous"
};

}  // namespace

TEST_CASE("NOTATION.md 2.1.5: the 30 worked examples, English descriptive to SAN") {
  const std::string ruy = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O";
  const std::string marshall =
      "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 Ne4 Bxe7 Qxe7 Bd3 Nxc3 bxc3 Nd7 Nf3 O-O cxd5 exd5 Qb3 Nf6 a4 c5 "
      "Qa3 b6 a5 Bb7 O-O Qc7 Rfb1 Nd7 Bf5 Rfc8 Bxd7 Qxd7 a6 Bc6 dxc5 bxc5 Qxc5";
  const std::vector<Row> rows = {
      {1, "", "", "P-K4", "e4"},
      {2, "", "e4", "P-K4", "e5"},
      {3, "", "e4 e5", "N-KB3", "Nf3"},
      {3, "", "e4 e5", "Kt-KB3", "Nf3"},
      {3, "", "e4 e5", "N-B3", "ambiguous"},
      {4, "", "e4 e5 Nf3", "N-QB3", "Nc6"},
      {5, "", "e4 e5 Nf3 Nc6", "B-N5", "Bb5"},
      {5, "", "e4 e5 Nf3 Nc6", "B-Kt5", "Bb5"},
      {6, "", "e4 e5 Nf3 Nc6 Bb5", "P-QR3", "a6"},
      {7, "", "e4 e5 Nf3 Nc6 Bb5 a6", "B-R4", "Ba4"},
      {8, "", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4", "N-B3", "Nf6"},
      {9, "", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6", "O-O", "O-O"},
      {9, "", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6", "Castles", "O-O"},
      {10, "", ruy, "B-K2", "Be7"},
      {11, "", "e4 d5", "PxP", "exd5"},
      {11, "", "e4 d5 exd5", "QxP", "Qxd5"},
      {11, "", "e4 d5 exd5 Qxd5", "N-QB3", "Nc3"},
      {11, "", "e4 d5 exd5 Qxd5 Nc3", "Q-QR4", "Qa5"},
      {12, "", "e4 e5 d4 d5", "KPxP", "exd5"},
      {12, "", "e4 e5 d4 d5", "PxKP", "dxe5"},
      {12, "", "e4 e5 d4 d5", "QPxP", "dxe5"},
      {12, "", "e4 e5 d4 d5", "PxP", "ambiguous"},
      {13, "", "e4 d6 d4 Nf6", "B-N5ch", "Bb5+"},
      {14, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "", "R(1)-QR3", "R1a3"},
      {14, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "", "R(5)-R3", "R5a3"},
      {15, "4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "", "N(Q2)-B3", "Ndf3"},
      {15, "4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "", "KN-B3", "Ngf3"},
      {15, "4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "", "N-B3", "ambiguous"},
      {16, "r3k2r/8/8/8/8/8/8/R4RK1 w kq - 0 1", "", "KR-Q1", "Rfd1"},
      {16, "r3k2r/8/8/8/8/8/8/R4RK1 w kq - 0 1", "", "R(B)-Q1", "Rfd1"},
      {17, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "", "P-K8(Q)", "e8=Q"},
      {17, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "", "P-K8=N", "e8=N"},
      {17, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "", "P-K8/R", "e8=R"},
      // NOTATION.md's FEN has the White king on d1, in check from c2 with Black to move (invalid); e1.
      {18, "4k3/8/8/8/8/8/2p5/4K3 b - - 0 1", "", "P-QB8(N)", "c1=N"},
      {19, "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "", "PxR(Q)", "exd8=Q+"},
      {19, "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "", "PxR=Q ch", "exd8=Q+"},
      {20, "", "e4 a6 e5 d5", "PxP e.p.", "exd6"},
      {21, "", "a3 d5 a4 d4 e4", "PxP e.p.", "dxe3"},
      {22, "", prefix(kEvergreen, 7), "B\xC3\x97KtP", "Bxb4"},
      {23, "", prefix(kEvergreen, 18), "R\xE2\x80\x93K.Sq.", "Re1"},
      {24, "", prefix(kEvergreen, 19), "KKt\xE2\x80\x93K2", "Nge7"},
      {25, "", prefix(kEvergreen, 26), "QKt\xE2\x80\x93Q2", "Nbd2"},
      {26, "", prefix(kEvergreen, 30), "B\xC3\x97QP", "Bxd3"},
      {27, "", prefix(kEvergreen, 32),
       "Kt\xE2\x80\x93"
       "B6+",
       "Nf6+"},
      {27, "", prefix(kEvergreen, 36), "QR\xE2\x80\x93Q.Sq.", "Rad1"},
      {27, "", prefix(kEvergreen, 38), "R\xC3\x97Kt+", "Rxe7+"},
      {27, "", prefix(kEvergreen, 40), "Q\xC3\x97P+", "Qxd7+"},
      {27, "", prefix(kEvergreen, 46), "B\xC3\x97Kt++", "Bxe7#"},
      {28, "", prefix(marshall, 9), "Kt - K 5", "Ne4"},
      {29, "", marshall, "Q R - Kt 1", "Rab8"},
      // Capablanca game 3 after 24...gxh4 (FEN of the book's position; h4 was just captured on).
      {30, "3n4/ppq2pp1/2p2k2/4p3/1PP1Q2p/4PN2/P4PP1/6K1 w - - 0 25", "", "Q \xC3\x97 P ch", "Qxh4+"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.number);
    CAPTURE(row.written);
    Board b = after_san(row.fen, row.context);
    if (row.number == 30) b.ctx.last_capture_square = Square::H4;
    CHECK(resolve_text(b, row.written) == row.san);
  }
}

TEST_CASE("without the recapture rule, game 3's Q x P ch has three readings") {
  Board b = after_san("3n4/ppq2pp1/2p2k2/4p3/1PP1Q2p/4PN2/P4PP1/6K1 w - - 0 25", "");
  CHECK(resolve_text(b, "Q x P ch") == "ambiguous");
  auto dm = parse_descriptive("Q x P ch", DescriptiveDialect::English);
  REQUIRE(dm);
  CHECK(descriptive_matches(*dm, b.pos, b.ctx.identities).size() >= 3);
}

TEST_CASE("the whole Evergreen game, old style, resolves to the SAN of NOTATION.md") {
  const char* old_style =
      "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-QKt4 B\xC3\x97KtP 5. P-B3 B-R4 6. P-Q4 P\xC3\x97P "
      "7. Castles P-Q6 8. Q-Kt3 Q-B3 9. P-K5 Q-Kt3 10. R-K.Sq. KKt-K2 11. B-R3 P-QKt4 12. Q\xC3\x97P R-QKt.Sq. "
      "13. Q-R4 B-Kt3 14. QKt-Q2 B-Kt2 15. Kt-K4 Q-B4 16. B\xC3\x97QP Q-R4 17. Kt-B6+ P\xC3\x97Kt "
      "18. P\xC3\x97P R-Kt.Sq. 19. QR-Q.Sq. Q\xC3\x97Kt 20. R\xC3\x97Kt+ Kt\xC3\x97R 21. Q\xC3\x97P+ K\xC3\x97Q "
      "22. B-B5+ K-K.Sq. 23. B-Q7+ K-B.Sq. 24. B\xC3\x97Kt++";
  CHECK(score_to_san(old_style, DescriptiveDialect::English) == kEvergreen);
}

TEST_CASE("a rank counted from the wrong side is repaired and named") {
  // Lasker's misprint: Black's B-K7 for B-K2 (counted from White's side).
  Board b = after_san("", "e4 e5 Nf3 Nc6 Bc4 Nf6 d3");
  auto dm = parse_descriptive("B-K7", DescriptiveDialect::English);
  REQUIRE(dm);
  auto r = resolve_descriptive(*dm, b.pos, b.ctx);
  REQUIRE(r);
  CHECK(write_move(b.pos, r->move) == "Be7");
  CHECK((r->used & kRepairRankMirrored) != 0);
  CHECK(describe_repairs(r->used).find("other side") != std::string::npos);
}

TEST_CASE("the game search settles a move the board alone cannot, and reports what survives") {
  // 4. B-R4 is Ba4 (after ...a6) or Bh4; only Ba4 lets 5...P-QKt4 6. B-Kt3 follow.
  const char* score = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-Q3 4. P-Q3 P-QR3 5. B-Kt5 P-R3 6. B-R4 P-QKt4 7. B-Kt3";
  auto game = read_descriptive_game(score, DescriptiveDialect::English, Position::startpos());
  REQUIRE(game.resolution.complete);
  CHECK((game.resolution.plies[10].used & kUsedGameSearch) != 0);
  // A truly ambiguous last move survives: both readings are reported.
  auto open = read_descriptive_game("1. P-K4 P-K4 2. Kt-B3", DescriptiveDialect::English, Position::startpos());
  REQUIRE(open.resolution.complete);
  CHECK(open.resolution.plies[2].alternatives.size() == 2);
  bool warned = false;
  for (const auto& d : open.resolution.diagnostics) warned |= d.code == Code::DescriptiveAmbiguous;
  CHECK(warned);
  // An illegal move stops the replay at that ply.
  auto bad = read_descriptive_game("1. P-K4 P-K4 2. Q-KR6", DescriptiveDialect::English, Position::startpos());
  CHECK_FALSE(bad.resolution.complete);
  CHECK(bad.resolution.failed_ply == 2);
  CHECK(bad.resolution.error.code == Code::Illegal);
}

TEST_CASE("single-spaced scores: every split is tried and the board keeps the one that replays") {
  // Morphy's Opera game as samples/en-descriptive-opera.txt prints it.
  const char* opera =
      "1 P-K4 P-K4 2 N-KB3 P-Q3 3 P-Q4 B-N5 4 PxP BxN 5 QxB PxP 6 B-QB4 N-KB3\n"
      "7 Q-QN3 Q-K2 8 N-B3 P-B3 9 B-KN5 P-N4 10 NxP PxN 11 BxNP ch QN-Q2\n"
      "12 O-O-O R-Q1 13 RxN RxR 14 R-Q1 Q-K3 15 BxR ch NxB 16 Q-N8 ch NxQ 17 R-Q8 mate";
  CHECK(score_to_san(opera, DescriptiveDialect::English) ==
        "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 "
        "O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#");
  const auto game = read_descriptive_game(opera, DescriptiveDialect::English, Position::startpos());
  CHECK(game.score.diagnostics.empty());
  CHECK_FALSE(game.score.stopped_early);
  // Spaced typesetting, single spaced between moves.
  CHECK(score_to_san("1 P - Q 4 P - Q 4 2 P - Q B 4 P - K 3 3 Kt - Q B 3 Kt - K B 3 4 B - Kt 5 B - K 2 "
                     "5 P - K 3 Castles 6 Kt - B 3 Q Kt - Q 2 7 Q R - Kt 1 P - B 3 8 B - Q 3 P × P "
                     "9 B × B P P - Q Kt 4",
                     DescriptiveDialect::English) ==
        "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 Nbd7 Rb1 c6 Bd3 dxc4 Bxc4 b5");
}

TEST_CASE("book extraction reads single-spaced score lines move by move") {
  const char* book =
      "GAME 1. OPERA\n\n"
      "    1. P-K4 P-K4 2. N-KB3 P-Q3 3. P-Q4 B-N5 4. PxP BxN 5. QxB PxP 6. B-QB4 N-KB3\n"
      "    7. Q-QN3 Q-K2 8. N-B3 P-B3 9. B-KN5 P-N4 10. NxP PxN 11. BxNP ch QN-Q2\n"
      "    12. O-O-O R-Q1 13. RxN RxR 14. R-Q1 Q-K3 15. BxR ch NxB 16. Q-N8 ch NxQ 17. R-Q8 mate\n";
  const auto extraction = extract_book_games(book);
  REQUIRE(extraction.games.size() == 1);
  const BookGame& g = extraction.games.front();
  const BookReplay r = replay_book_game(g, extraction.text);
  CHECK(r.complete);
  REQUIRE(r.read.score.moves.size() == 33);
  auto text = [&](std::size_t i) {
    const SourceSpan& s = r.read.score.moves[i].span;
    return g.score.substr(static_cast<std::size_t>(s.byte), s.length);
  };
  CHECK(text(8) == "QxB");
  CHECK(text(9) == "PxP");
  CHECK(text(20) == "BxNP ch");
}

TEST_CASE("two splits that both read: the board chooses, and a split that survives is reported") {
  // "B × Q Kt P × B" reads as B×QKt, P×B or as B×Q, KtP×B; only the second is legal here
  // (the bishop on g5 takes the queen on f6, the g-pawn retakes).
  const char* score = "1 P - Q 4 P - K 4 2 B - Kt 5 Q - B 3 3 B × Q Kt P × B";
  CHECK(score_to_san(score, DescriptiveDialect::English) == "d4 e5 Bg5 Qf6 Bxf6 gxf6");
  const auto game = read_descriptive_game(score, DescriptiveDialect::English, Position::startpos());
  CHECK(game.score.diagnostics.empty());
  // The last "Kt - B 3" is also "Kt - B" (to the first rank) then a move number: with the knight
  // on d2 both Nf3 and Nf1 are legal, so the longer reading is kept and the split reported.
  const char* split =
      "1 P - Q 3 P - Q 3 2 Kt - Q 2 Kt - Q 2 3 P - K Kt 3 P - K Kt 3 4 B - Kt 2 B - Kt 2 "
      "5 Kt - R 3 Kt - R 3 6 Kt - B 3";
  CHECK(score_to_san(split, DescriptiveDialect::English) == "d3 d6 Nd2 Nd7 g3 g6 Bg2 Bg7 Nh3 Nh6 Nf3");
  const auto both = read_descriptive_game(split, DescriptiveDialect::English, Position::startpos());
  REQUIRE(both.score.diagnostics.size() == 1);
  const Diagnostic& d = both.score.diagnostics.front();
  CHECK(d.code == Code::DescriptiveAmbiguous);
  CHECK(d.ply == 11);
  CHECK(d.written == "Kt - B 3");
  CHECK(d.message.find("'Kt - B'") != std::string::npos);
}

TEST_CASE("NOTATION.md 2.2: Spanish descriptive examples") {
  CHECK(score_to_san("P4R P4R C3AR C3AD A5C P3TD A4T C3A O-O A2R T1R P4CD A3C P3D P3A O-O P3TR C4TD A2A "
                     "P4AD P4D D2A CD2D",
                     DescriptiveDialect::Spanish) ==
        "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Na5 Bc2 c5 d4 Qc7 Nbd2");
  CHECK(score_to_san("1. P4R P4AD 2. C3AR P3D 3. P4D PxP 4. CxP C3AR 5. C3AD P3TD", DescriptiveDialect::Spanish) ==
        "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6");
  CHECK(score_to_san("1. P3CD P4R 2. A2C C3AD 3. P4AD C3A 4. P3R A2R 5. P3TD", DescriptiveDialect::Spanish) ==
        "b3 e5 Bb2 Nc6 c4 Nf6 e3 Be7 a3");
  CHECK(score_to_san("1. P-4R P-4R 2. C-3AR", DescriptiveDialect::Spanish) == "e4 e5 Nf3");
  CHECK(score_to_san("1. P4R P4R 2. A4A P3D 3. C3AR C3AD 4. C3A A5C 5. CxP AxD 6. AxP+ R2R 7. C5D ++",
                     DescriptiveDialect::Spanish) == "e4 e5 Bc4 d6 Nf3 Nc6 Nc3 Bg4 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#");

  const std::vector<Row> rows = {
      {17, "7k/1P6/8/8/8/8/8/K7 w - - 0 1", "", "P8C=D+", "b8=Q+"},
      {18, "r3k3/8/8/8/8/5B2/8/4K3 w - - 0 1", "", "AxT", "Bxa8"},
      {19, "4k3/8/8/4p3/8/3N1N2/8/4K3 w - - 0 1", "", "CRxP", "Nfxe5"},
      {19, "4k3/8/8/4p3/8/3N1N2/8/4K3 w - - 0 1", "", "CDxP", "Ndxe5"},
      {20, "4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1", "", "T1xP", "Rxe7+"},
      {21, "4k3/N7/8/8/8/2N5/8/4K3 w - - 0 1", "", "C7-5C", "Nab5"},
      {21, "4k3/N7/8/8/8/2N5/8/4K3 w - - 0 1", "", "C3-5C", "Ncb5"},
      {21, "4k3/N7/8/8/8/2N5/8/4K3 w - - 0 1", "", "C5C", "ambiguous"},
      {22, "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "", "PRxP", "exd5"},
      {22, "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "", "PAxPD", "cxd5"},
      {23, "4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1", "", "PxPA", "dxc5"},
      {24, "", "d4 e6 c4", "A5CD+", "Bb4+"},
      {25, "5k2/8/8/8/8/8/8/4K3 b - - 0 1", "", "R1C", "Kg8"},
      {26, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "", "D4T+", "Qa4+"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.number);
    CAPTURE(row.written);
    const Board b = after_san(row.fen, row.context);
    CHECK(resolve_text(b, row.written, DescriptiveDialect::Spanish) == row.san);
  }
}

TEST_CASE("NOTATION.md 2.3: French descriptive, Aljechin-Opocensky 1925") {
  CHECK(score_to_san("1. P.4D P.4D 2. P.4FD P.3FD 3. C.3FD C.3FR 4. P.3R F.4FR 5. P pr PD C pr PD 6. F.4FD P.3R",
                     DescriptiveDialect::French) == "d4 d5 c4 c6 Nc3 Nf6 e3 Bf5 cxd5 Nxd5 Bc4 e6");
}

TEST_CASE("writers: the shortest form that is unique among the legal moves") {
  struct WriterRow {
    const char* fen;
    std::string context;
    const char* san;
    const char* english;
    const char* classic;
    const char* spanish;
  };
  const std::vector<WriterRow> rows = {
      {"", "", "e4", "P-K4", "P-K4", "P4R"},
      {"", "e4", "e5", "P-K4", "P-K4", "P4R"},
      {"", "e4 e5", "Nf3", "N-KB3", "Kt-KB3", "C3AR"},
      {"", "e4 e5 Nf3 Nc6", "Bb5", "B-N5", "B-Kt5", "A5C"},
      {"", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4", "Nf6", "N-B3", "Kt-B3", "C3A"},
      {"", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6", "O-O", "O-O", "O-O", "O-O"},
      // The check mark does not count toward uniqueness: Bg5 is also legal.
      {"", "e4 d6 d4 Nf6", "Bb5+", "B-QN5 ch", "B-QKt5 ch", "A5CD+"},
      {"", "e4 e5 d4 d5", "exd5", "PxQP", "PxQP", "PxPD"},
      {"", "e4 e5 d4 d5", "dxe5", "PxKP", "PxKP", "PxPR"},
      {"", "e4 a6 e5 d5", "exd6", "PxP e.p.", "PxP e.p.", "PxP a.p."},
      {"4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "", "Ndf3", "QN-B3", "QKt-B3", "CD3A"},
      {"r3k2r/8/8/8/8/8/8/R4RK1 w kq - 0 1", "", "Rfd1", "KR-Q1", "KR-Q1", "TR1D"},
      {"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "", "R1a3", "R(1)-R3", "R(1)-R3", "T1-3T"},
      {"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "", "e8=Q", "P-K8=Q", "P-K8(Q)", "P8R=D"},
      {"3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "", "exd8=Q+", "PxR=Q ch", "PxR(Q) ch", "PxT=D+"},
      {"", prefix(kEvergreen, 46), "Bxe7#", "BxN mate", "BxKt ++", "AxC++"},
  };
  const DescriptiveStyle styles[] = {DescriptiveStyle::English, DescriptiveStyle::EnglishClassic,
                                     DescriptiveStyle::Spanish};
  for (const auto& row : rows) {
    CAPTURE(row.san);
    const Board b = after_san(row.fen, row.context);
    auto parsed = parse_move(row.san, english());
    REQUIRE(parsed);
    auto resolved = resolve(parsed->move, b.pos);
    REQUIRE(resolved);
    const Move m = resolved->move;
    const char* expected[] = {row.english, row.classic, row.spanish};
    for (int i = 0; i < 3; ++i) {
      const std::string text = write_descriptive(b.pos, m, styles[i], b.ctx.identities);
      CHECK(text == expected[i]);
      // And it reads back as the same move on the board alone.
      const auto dialect =
          styles[i] == DescriptiveStyle::Spanish ? DescriptiveDialect::Spanish : DescriptiveDialect::English;
      auto back = parse_descriptive(text, dialect);
      REQUIRE_MESSAGE(back, text);
      const auto matches = descriptive_matches(*back, b.pos, b.ctx.identities);
      REQUIRE(matches.size() == 1);
      CHECK(matches.front() == m);
    }
  }
}

TEST_CASE("identity survives castling and captures remove it") {
  Board b = after_san("", "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3");
  CHECK(b.ctx.identities.identity(Square::F1) == Wing::King);  // the KR, now on f1
  CHECK(b.ctx.identities.identity(Square::H1) == Wing::Any);
  CHECK(b.ctx.identities.identity(Square::B8) == Wing::Any);
  CHECK(b.ctx.identities.identity(Square::C6) == Wing::Queen);  // the QKt
  play(b, b.pos.castling_move(CastlingSide::King).value());
  CHECK(b.ctx.identities.identity(Square::F8) == Wing::King);
}
