// The descriptive grammar alone (no board): which fields each printed form fills.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "grammar/descriptive_parser.hpp"

using namespace planilla;

namespace {

DescriptiveMove en(const char* text) {
  auto r = parse_descriptive(text, DescriptiveDialect::English);
  REQUIRE_MESSAGE(r.has_value(), text);
  r->span = {};  // compare what was written, not where
  return *r;
}
DescriptiveMove es(const char* text) {
  auto r = parse_descriptive(text, DescriptiveDialect::Spanish);
  REQUIRE_MESSAGE(r.has_value(), text);
  r->span = {};
  return *r;
}

constexpr FileMask f(File file) { return file_bit(file); }
constexpr FileMask pair(File a, File b) { return static_cast<FileMask>(file_bit(a) | file_bit(b)); }

}  // namespace

TEST_CASE("English: plain, spaced and Staunton forms give the same fields") {
  for (const char* text : {"P-QB4", "P - Q B 4", "P. to Q. B's 4th.", "P to QB4", "P\xE2\x80\x93QB4"}) {
    CAPTURE(text);
    const auto m = en(text);
    CHECK(m.piece == PieceType::Pawn);
    CHECK(m.to_files == f(File::C));
    CHECK(m.to_rank == 4);
    CHECK_FALSE(m.capture);
    CHECK(m.repairs == kRepairNone);
  }
  const auto kt = en("K. Kt. to B. 3rd.");
  CHECK(kt.piece == PieceType::Knight);
  CHECK(kt.mover.identity == Wing::King);
  CHECK(kt.to_files == pair(File::C, File::F));
  CHECK(kt.to_rank == 3);
  CHECK(en("P. to K's 4th.").to_files == f(File::E));
  CHECK(en("N-KB3") == en("Kt-KB3"));
}

TEST_CASE("English: movers, origins and destinations") {
  const auto kr = en("K R - Kt 1");
  CHECK(kr.piece == PieceType::Rook);
  CHECK(kr.mover.identity == Wing::King);
  CHECK(kr.to_files == pair(File::B, File::G));
  CHECK(en("QKt-Q2").mover.identity == Wing::Queen);
  CHECK(en("KR-Q1").mover.identity == Wing::King);
  CHECK(en("R(1)-K1").origin_rank == 1);
  CHECK(en("R1-K1").origin_rank == 1);
  const auto n = en("N(Q2)-B3");
  CHECK(n.origin_files == f(File::D));
  CHECK(n.origin_rank == 2);
  CHECK(en("Kt (Q 6) - B 5").origin_rank == 6);
  CHECK(en("R(B)-Q1").origin_files == pair(File::C, File::F));
  CHECK(en("R-K.Sq.").to_rank == 1);
  CHECK(en("K-K.Sq.").to_rank == 1);
}

TEST_CASE("English: captures with designators") {
  const auto b = en("BxKtP");
  CHECK(b.capture);
  CHECK(b.captured == PieceType::Pawn);
  CHECK(b.captured_designator.files == pair(File::B, File::G));
  const auto kp = en("KPxP");
  CHECK(kp.mover.files == f(File::E));
  CHECK(en("QxQKtP").captured_designator.files == f(File::B));
  CHECK(en("B X B P").captured_designator.files == pair(File::C, File::F));
  CHECK(en("Q \xC3\x97 P ch").check == DescriptiveCheck::Check);
  const auto sq = en("Kt x P (B 3)");
  CHECK(sq.to_rank == 3);
  CHECK(sq.to_files == pair(File::C, File::F));
  CHECK(en("B\xC3\x97N/QB6").to_files == f(File::C));
  CHECK(en("PxKR").captured_designator.identity == Wing::King);
}

TEST_CASE("English: promotions, castling, suffixes") {
  CHECK(en("P-K8(Q)").promotion == PieceType::Queen);
  CHECK(en("P-K8=N").promotion == PieceType::Knight);
  CHECK(en("P-R8/R").promotion == PieceType::Rook);
  CHECK(en("PxR(Q)").promotion == PieceType::Queen);
  CHECK(en("PxR(Q)").to_rank == 0);
  CHECK(en("O-O").castle == CastlingSide::King);
  CHECK(en("O - O - O").castle == CastlingSide::Queen);
  CHECK(en("0-0").castle == CastlingSide::King);
  CHECK(en("Castles").castle_any);
  CHECK(en("Castles KR").castle == CastlingSide::King);
  CHECK(en("Castles (QR)").castle == CastlingSide::Queen);
  CHECK(en("PxP e.p.").en_passant_mark);
  CHECK(en("B-N5ch").check == DescriptiveCheck::Check);
  CHECK(en("B-N5 +").check == DescriptiveCheck::Check);
  CHECK(en("R-K1 dis ch").check == DescriptiveCheck::Discovered);
  CHECK(en("Kt-R6 dbl ch").check == DescriptiveCheck::Double);
  CHECK(en("Kt-R6 double ch").check == DescriptiveCheck::Double);
  CHECK(en("Q-B7 mate").check == DescriptiveCheck::Mate);
  CHECK(en("BxKt++").check == DescriptiveCheck::Mate);
  CHECK(en("Q x R !").piece == PieceType::Queen);
}

TEST_CASE("English: repairs and rejections") {
  const auto m = en("P K 4");
  CHECK(m.to_files == f(File::E));
  CHECK((m.repairs & kRepairMissingHyphen) != 0);
  CHECK(en("R-B").to_rank == 1);  // a file alone: the first rank (#4913's informal R-B)
  CHECK_FALSE(parse_descriptive("P-K9", DescriptiveDialect::English));
  CHECK_FALSE(parse_descriptive("The", DescriptiveDialect::English));
  CHECK_FALSE(parse_descriptive("Kt-KB3 junk", DescriptiveDialect::English));
  // Two columns: two or more spaces end a move.
  auto p = parse_descriptive_prefix("Kt x Q                 P x Kt", DescriptiveDialect::English);
  REQUIRE(p);
  CHECK(p->length == 6);
  CHECK(p->move.captured == PieceType::Queen);
}

TEST_CASE("Spanish: rank first, designators after the letter") {
  const auto p = es("P4R");
  CHECK(p.piece == PieceType::Pawn);
  CHECK(p.to_files == f(File::E));
  CHECK(p.to_rank == 4);
  CHECK(es("P-4R") == es("P4R"));
  CHECK(es("C3AR").to_files == f(File::F));
  CHECK(es("A5CD").to_files == f(File::B));
  CHECK(es("R1C").piece == PieceType::King);
  CHECK(es("R1C").to_files == pair(File::B, File::G));
  const auto cd = es("CD2D");
  CHECK(cd.mover.identity == Wing::Queen);
  CHECK(cd.mover.identity_or_file);
  CHECK(cd.to_files == f(File::D));
  const auto txp = es("TxP");
  CHECK(txp.capture);
  CHECK(txp.piece == PieceType::Rook);
  CHECK(es("DxA").captured == PieceType::Bishop);
  CHECK(es("PxPA").captured_designator.files == pair(File::C, File::F));
  CHECK(es("PDxC").mover.files == f(File::D));
  CHECK(es("DxAT").captured_designator.files == pair(File::A, File::H));
  CHECK(es("T1xP").origin_rank == 1);
  CHECK(es("C7-5C").origin_rank == 7);
  CHECK(es("0-0").castle == CastlingSide::King);
  CHECK(es("O-O-O").castle == CastlingSide::Queen);
  CHECK(es("C5D ++").check == DescriptiveCheck::Mate);
  CHECK(es("A5CD+").check == DescriptiveCheck::Check);
  CHECK(es("P8C=D+").promotion == PieceType::Queen);
  CHECK_FALSE(parse_descriptive("P9R", DescriptiveDialect::Spanish));
}

TEST_CASE("French: F for the bishop, dots after the piece, pr for takes") {
  auto fr = [](const char* t) {
    auto r = parse_descriptive(t, DescriptiveDialect::French);
    REQUIRE_MESSAGE(r.has_value(), t);
    return *r;
  };
  CHECK(fr("P.4D").to_files == f(File::D));
  CHECK(fr("C.3FR").to_files == f(File::F));
  CHECK(fr("F.4FD").piece == PieceType::Bishop);
  const auto x = fr("P pr PD");
  CHECK(x.capture);
  CHECK(x.captured_designator.files == f(File::D));
}

TEST_CASE("read_descriptive_score: numbers, ellipses, markers and results") {
  auto s = read_descriptive_score("1. P - Q 4   P - Q 4\n 2. ........ Kt - K B 3 {12} [Illustration] 3 P X P; Resigns.",
                                  DescriptiveDialect::English);
  CHECK(s.moves.size() == 4);
  CHECK(s.result == "Resigns");
  CHECK_FALSE(s.stopped_early);
  auto bad = read_descriptive_score("1. P-K4 P-K4 2. Zz-K3", DescriptiveDialect::English);
  CHECK(bad.moves.size() == 2);
  CHECK(bad.stopped_early);
  REQUIRE(bad.diagnostics.size() == 1);
  CHECK(bad.diagnostics[0].code == Code::MoveSyntax);
  auto castle = read_descriptive_score("9. 0-0 0-0 10. P-K4 0-1", DescriptiveDialect::English);
  CHECK(castle.moves.size() == 3);
  CHECK(castle.result == "0-1");
}

namespace {

// The text of each move read_descriptive_score split `score` into.
std::vector<std::string> score_moves(const std::string& score) {
  const auto s = read_descriptive_score(score, DescriptiveDialect::English);
  std::vector<std::string> out;
  for (const auto& m : s.moves) out.push_back(score.substr(m.span.byte, m.span.length));
  if (s.stopped_early) out.push_back("<stopped>");
  return out;
}

using Texts = std::vector<std::string>;

}  // namespace

TEST_CASE("read_descriptive_score: a move with a space is only taken when what follows still reads") {
  // Single spaced: the greedy "QxB P" (takes the bishop's pawn) would leave "xP" unreadable.
  CHECK(score_moves("4 PxP BxN 5 QxB PxP 6 B-QB4") == Texts{"PxP", "BxN", "QxB", "PxP", "B-QB4"});
  // The check word stays with its move; the next move is not swallowed.
  const auto ch = read_descriptive_score("11 BxNP ch QN-Q2 12 O-O-O", DescriptiveDialect::English);
  REQUIRE(ch.moves.size() == 3);
  CHECK(ch.moves[0].check == DescriptiveCheck::Check);
  CHECK(ch.moves[0].captured_designator.files == pair(File::B, File::G));
  CHECK(ch.moves[1].mover.identity == Wing::Queen);
  CHECK(score_moves("11 BxNP ch QN-Q2 12 O-O-O") == Texts{"BxNP ch", "QN-Q2", "O-O-O"});
  const auto mate = read_descriptive_score("16 Q-N8 ch NxQ 17 R-Q8 mate", DescriptiveDialect::English);
  CHECK(score_moves("16 Q-N8 ch NxQ 17 R-Q8 mate") == Texts{"Q-N8 ch", "NxQ", "R-Q8 mate"});
  REQUIRE(mate.moves.size() == 3);
  CHECK(mate.moves[2].check == DescriptiveCheck::Mate);
  CHECK(mate.diagnostics.empty());
}

TEST_CASE("read_descriptive_score: spaced typesetting keeps its spaces, columns single or double spaced") {
  CHECK(score_moves("2 P - Q B 4 P - K 3 3 Kt - Q B 3") == Texts{"P - Q B 4", "P - K 3", "Kt - Q B 3"});
  CHECK(score_moves("7 Q R - Kt 1 P - B 3") == Texts{"Q R - Kt 1", "P - B 3"});
  CHECK(score_moves("9 B × B P P - Q Kt 4") == Texts{"B × B P", "P - Q Kt 4"});
  CHECK(score_moves("9. B × B P    P - Q Kt 4") == Texts{"B × B P", "P - Q Kt 4"});
  const auto s = read_descriptive_score("7 Q R - Kt 1 P - B 3 9 B × B P", DescriptiveDialect::English);
  REQUIRE(s.moves.size() == 3);
  CHECK(s.moves[0].mover.identity == Wing::Queen);
  CHECK(s.moves[0].to_files == pair(File::B, File::G));
  CHECK(s.moves[2].captured == PieceType::Pawn);
  CHECK(s.moves[2].captured_designator.files == pair(File::C, File::F));
  // Without a board, of two splits that both read to the end the longer first move is kept:
  // "B × Q Kt" (takes the queen's knight), then "P × B".
  CHECK(score_moves("3 B × Q Kt P × B") == Texts{"B × Q Kt", "P × B"});
  // The greedy parse can also stop short: "Q N" followed by the move number 33 looks like a
  // square to the grammar, which then reads "QxQ" and leaves "N".
  CHECK(score_moves("32 QxQN 33 R-Q7") == Texts{"QxQN", "R-Q7"});
  // "QxB P xP" reads as QxB, P×P; text that no split reads stops the score at the furthest
  // point any split reaches.
  CHECK(score_moves("5 QxB P xP") == Texts{"QxB", "P xP"});
  CHECK(score_moves("5 QxB P xZ") == Texts{"QxB P", "<stopped>"});
  const auto stop = read_descriptive_score("5 QxB P xZ", DescriptiveDialect::English);
  REQUIRE(stop.diagnostics.size() == 1);
  CHECK(stop.diagnostics[0].byte == 8);
  CHECK(stop.diagnostics[0].written == "xZ");
}

TEST_CASE("descriptive: a reading ends within the length of a printed move, even in glued text") {
  // Text glued without blanks is searched for readings up to the longest printed move only, so a
  // long glued score is read in linear time.
  std::string glued;
  for (int i = 0; i < 2000; ++i) glued += "P-K4P-K4Kt-KB3";
  const auto readings = parse_descriptive_prefixes(glued, DescriptiveDialect::English, 0);
  for (const auto& r : readings) CHECK(r.length <= 96);
  const auto spaced = parse_descriptive_prefixes("P-K4 P-K4", DescriptiveDialect::English, 0);
  REQUIRE(!spaced.empty());
  CHECK(spaced.front().length == 4);
}

TEST_CASE("descriptive score: a glued score stops at the move limit with E-LIMIT") {
  // 60,000 glued moves: the lattice of readings reads 50,000 (the PGN reader's max_moves) and
  // stops; it built a node per move of the whole text before (180 MB for 3 MB).
  std::string glued;
  for (int i = 0; i < 30000; ++i) glued += "Kt-KB3Kt-KB1";
  const DescriptiveScore score = read_descriptive_score_raw(glued, DescriptiveDialect::English);
  CHECK(score.moves.size() == 50000);
  CHECK(score.stopped_early);
  REQUIRE(score.diagnostics.size() == 1);
  CHECK(score.diagnostics[0].code == Code::LimitExceeded);
  CHECK(score.diagnostics[0].ply == 50001);
  CHECK(score.diagnostics[0].byte == 25000 * 12);
  const DescriptiveScore short_one = read_descriptive_score_raw(glued.substr(0, 1200), DescriptiveDialect::English);
  CHECK(short_one.moves.size() == 200);
  CHECK_FALSE(short_one.stopped_early);
}
