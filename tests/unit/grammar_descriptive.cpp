// The descriptive grammar alone (no board): which fields each printed form fills.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "grammar/descriptive_parser.hpp"
#include "grammar/descriptive_print.hpp"
#include "notation/descriptive.hpp"

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
  CHECK(en("Q-B7, mate.").check == DescriptiveCheck::Mate);  // as old books print it
  CHECK(en("Q-B7 (mate)").check == DescriptiveCheck::Mate);
  CHECK(en("Q-B7 mates").check == DescriptiveCheck::Mate);
  CHECK(en("Q-B7, checkmate").check == DescriptiveCheck::Mate);
  CHECK(en("B-N5, ch.").check == DescriptiveCheck::Check);
  CHECK(en("Q-B7--mate.").check == DescriptiveCheck::Mate);
  // "takes" and a square, the piece there unnamed (Bird, 1893: "Q takes K8 ch").
  const auto on_square = en("Q takes K8 ch");
  CHECK(on_square.capture);
  CHECK(on_square.captured == PieceType::None);
  CHECK(on_square.to_files == f(File::E));
  CHECK(on_square.to_rank == 8);
  CHECK(on_square.check == DescriptiveCheck::Check);
  CHECK(en("B takes KB3").to_rank == 3);
  CHECK(en("Kt takes Kt").captured == PieceType::Knight);  // a piece, no square
  CHECK(en("Q-B7: mate").check == DescriptiveCheck::Mate);
  CHECK(en("Q-B7\xE2\x80\x94mate").check == DescriptiveCheck::Mate);
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

namespace {

struct PrintRow {
  const char* in;
  bool collapse_spaces;
  const char* text;
  std::vector<PrintRepair> repairs;
};

void check_print(const PrintRow& row) {
  CAPTURE(row.in);
  const PrintText t = normalize_descriptive_print(row.in, row.collapse_spaces);
  CHECK(t.text == row.text);
  REQUIRE(t.repairs.size() == row.repairs.size());
  for (std::size_t i = 0; i < row.repairs.size(); ++i) {
    CAPTURE(i);
    CHECK(t.repairs[i].begin == row.repairs[i].begin);
    CHECK(t.repairs[i].end == row.repairs[i].end);
    CHECK(t.repairs[i].bit == row.repairs[i].bit);
    CHECK(t.repairs[i].assumed == row.repairs[i].assumed);
  }
}

}  // namespace

// Every rule of descriptive_print.cpp at least once: its rewrite, its note and the original bytes
// the note covers. The rows are what the rules make, oddities included ("e.p.." after a full stop):
// they pin the regex engine (ICU or std::regex), which must not show.
TEST_CASE("descriptive print: each rule's rewrite, note and original range") {
  const PrintRow rows[] = {
      // spaces (a book cell: collapse_spaces)
      {"P.  to K's\t 4th.  P.\t\tto K's 4th.",
       true,
       "P. to K's 4th. P. to K's 4th.",
       {{2, 4, kRepairSpacing, "several spaces read as one"},
        {10, 12, kRepairSpacing, "several spaces read as one"},
        {16, 18, kRepairSpacing, "several spaces read as one"},
        {20, 22, kRepairSpacing, "several spaces read as one"}}},
      // glyph_paren
      {"P-K4 (!) P-K4 (?!) Kt-KB3(!!)", false, "P-K4 P-K4 Kt-KB3", {}},
      // verbal_the, verbal_piece, verbal_step
      {"1. W. The king's pawn two squares.",
       false,
       "1. P to K 4.",
       {{3, 10, kRepairVerbal, "'W. The ' dropped"},
        {10, 16, kRepairVerbal, "'king's' read as K"},
        {17, 21, kRepairVerbal, "'pawn' read as P"},
        {2, 33, kRepairVerbal, "' K's P two squares' read as P to K4"}}},
      {"B. The queen's pawn one square.",
       false,
       "P to Q 3.",
       {{0, 7, kRepairVerbal, "'B. The ' dropped"},
        {7, 14, kRepairVerbal, "'queen's' read as Q"},
        {15, 19, kRepairVerbal, "'pawn' read as P"},
        {7, 30, kRepairVerbal, "'Q's P one square' read as P to Q3 (one square from its first rank)"}}},
      {"The King's knight to his bishop's third square.",
       false,
       "K's Kt to K B's 3.",
       {{0, 4, kRepairVerbal, "'The ' dropped"},
        {4, 10, kRepairVerbal, "'King's' read as K"},
        {11, 17, kRepairVerbal, "'knight' read as Kt"},
        {25, 33, kRepairVerbal, "'bishop's' read as B"},
        {34, 46, kRepairVerbal, "'third square' read as 3"},
        {11, 34, kRepairHisHer, "'Kt to his B's': 'his' read as K B's"}}},
      // verbal_the after takes, verbal_piece
      {"The pawn takes the pawn. The Queen takes the Bishop.",
       false,
       "P takes P. Q takes B.",
       {{0, 4, kRepairVerbal, "'The ' dropped"},
        {9, 19, kRepairVerbal, "'the' dropped"},
        {25, 29, kRepairVerbal, "'The ' dropped"},
        {35, 45, kRepairVerbal, "'the' dropped"},
        {4, 8, kRepairVerbal, "'pawn' read as P"},
        {19, 23, kRepairVerbal, "'pawn' read as P"},
        {29, 34, kRepairVerbal, "'Queen' read as Q"},
        {45, 51, kRepairVerbal, "'Bishop' read as B"}}},
      // verbal_the after a word keeps the blank before it
      {"P-K4, and The queen takes the pawn.",
       false,
       "P-K4, and Q takes P.",
       {{10, 14, kRepairVerbal, "'The ' dropped"},
        {20, 30, kRepairVerbal, "'the' dropped"},
        {14, 19, kRepairVerbal, "'queen' read as Q"},
        {30, 34, kRepairVerbal, "'pawn' read as P"}}},
      // verbal_rank
      {"The K. Kt. to the King's Bishop's fifth square",
       false,
       "K. Kt. to K's B's 5",
       {{0, 4, kRepairVerbal, "'The ' dropped"},
        {11, 18, kRepairVerbal, "'the' dropped"},
        {18, 24, kRepairVerbal, "'King's' read as K"},
        {25, 33, kRepairVerbal, "'Bishop's' read as B"},
        {34, 46, kRepairVerbal, "'fifth square' read as 5"}}},
      // verbal_step with digits
      {"The queen's rook's pawn 2 squares",
       false,
       "P to QR 4",
       {{0, 4, kRepairVerbal, "'The ' dropped"},
        {4, 11, kRepairVerbal, "'queen's' read as Q"},
        {12, 18, kRepairVerbal, "'rook's' read as R"},
        {19, 23, kRepairVerbal, "'pawn' read as P"},
        {4, 33, kRepairVerbal, "'Q's R's P 2 squares' read as P to QR4"}}},
      // glyph_in_paren
      {"Kt-B3 (best!) B-Kt5 (a good move?)",
       false,
       "Kt-B3 (best) B-Kt5 (a good move)",
       {{6, 13, kRepairWordForm, "'(best!)': mark inside the brackets dropped"},
        {20, 34, kRepairWordForm, "'(a good move?)': mark inside the brackets dropped"}}},
      // kt_caps
      {"KT-B3 KT x P KT",
       false,
       "Kt-B3 Kt x P Kt",
       {{0, 2, kRepairOcr, "'KT' read as Kt"},
        {6, 8, kRepairOcr, "'KT' read as Kt"},
        {13, 15, kRepairOcr, "'KT' read as Kt"}}},
      // comma_ep, ep
      {"PxP, e.p. PxP , e. p.",
       false,
       "PxP e.p. PxP e.p.",
       {{3, 9, kRepairEnPassantWords, "'e.p.' read as en passant"},
        {13, 21, kRepairEnPassantWords, "'e. p.' read as en passant"}}},
      // glued
      {"KttoKB3 KttoQB3 PtakesQ B.takesK",
       false,
       "Kt to KB3 Kt to QB3 P takes Q B takes K",
       {{0, 4, kRepairOcr, "'Ktto' read with its spaces"},
        {8, 12, kRepairOcr, "'Ktto' read with its spaces"},
        {16, 22, kRepairOcr, "'Ptakes' read with its spaces"},
        {24, 31, kRepairOcr, "'B.takes' read with its spaces"}}},
      // tilde
      {"B~B4 B--KKt5 Q ~ R7 Kt--QB3",
       false,
       "B-B4 B-KKt5 Q-R7 Kt-QB3",
       {{0, 2, kRepairOcr, "'B~' read as a hyphen"},
        {5, 8, kRepairOcr, "'B--' read as a hyphen"},
        {13, 17, kRepairOcr, "'Q ~ ' read as a hyphen"},
        {21, 24, kRepairOcr, "'t--' read as a hyphen"}}},
      // ... and the em dash with a hyphen (not the control byte 0x14, which std::regex took `\u2014` for)
      {"B\xE2\x80\x94-B4 Kt-\xE2\x80\x94"
       "B3 B\x14-B4",
       false,
       "B-B4 Kt-B3 B\x14-B4",
       {{0, 5, kRepairOcr, "'B\xE2\x80\x94-' read as a hyphen"},
        {9, 14, kRepairOcr, "'t-\xE2\x80\x94' read as a hyphen"}}},
      // caret
      {"P-^K4 ^Kt-B3",
       false,
       "P-K4 Kt-B3",
       {{2, 3, kRepairOcr, "stray '^' dropped"}, {6, 7, kRepairOcr, "stray '^' dropped"}}},
      // rank_i
      {"Q-QI R to KBl Kt-Q. Bl R-Kl ch Q-KIt",
       false,
       "Q-Q1 R to KB1 Kt-Q. B1 R-K1 ch Q-KIt",
       {{1, 4, kRepairOcr, "'-QI': I/l read as the rank 1"},
        {7, 13, kRepairOcr, "'to KBl': I/l read as the rank 1"},
        {16, 22, kRepairOcr, "'-Q. Bl': I/l read as the rank 1"},
        {24, 27, kRepairOcr, "'-Kl': I/l read as the rank 1"}}},
      // a rewrite makes the literal of a later rule: the tilde's hyphen for dash_pawn (the text
      // held no '-' before it)
      {"Kt~P",
       false,
       "KtxP",
       {{1, 3, kRepairOcr, "'t~' read as a hyphen"}, {0, 4, kRepairOcr, "'Kt-P': P names no file, read as takes"}}},
      // dash_pawn
      {"P-P Kt - P B-P.",
       false,
       "PxP KtxP BxP.",
       {{0, 3, kRepairOcr, "'P-P': P names no file, read as takes"},
        {4, 10, kRepairOcr, "'Kt - P': P names no file, read as takes"},
        {11, 14, kRepairOcr, "'B-P': P names no file, read as takes"}}},
      // take
      {"Q take P R takes P B take Kt",
       false,
       "Q takes P R takes P B takes Kt",
       {{2, 6, kRepairWordForm, "'take' read as takes"}, {21, 25, kRepairWordForm, "'take' read as takes"}}},
      // kts
      {"Kts P Bs P Rs P.",
       false,
       "Kt P B P R P.",
       {{0, 5, kRepairWordForm, "'Kts P' read as KtP"},
        {6, 10, kRepairWordForm, "'Bs P' read as BP"},
        {11, 15, kRepairWordForm, "'Rs P' read as RP"}}},
      // on_paren (and square)
      {"R-K1 (on K sq) Kt-B3 ( on B3)",
       false,
       "R-K1 (K 1) Kt-B3 (B3)",
       {{9, 13, kRepairSquareWord, "'K sq': square read as the first rank"}}},
      // his_her
      {"K. Kt. to his B's 3d. Q. Kt. to her B's 3d.",
       false,
       "K. Kt. to K B's 3d. Q. Kt. to Q B's 3d.",
       {{0, 18, kRepairHisHer, "'K. Kt. to his B's': 'his' read as K B's"},
        {22, 40, kRepairHisHer, "'Q. Kt. to her B's': 'her' read as Q B's"}}},
      {"Q. to her 3d. K. to his 2d. K. B. P. to its 4th. Kt. to its 3d.",
       false,
       "Q. to Q 3d. K. to K 2d. K. B. P. to K B 4th. Kt. to its 3d.",
       {{0, 10, kRepairHisHer, "'Q. to her': 'her' read as Q"},
        {14, 24, kRepairHisHer, "'K. to his': 'his' read as K"},
        {28, 44, kRepairHisHer, "'K. B. P. to its': 'its' read as K B"}}},
      {"Q. P. to her 4th. K R to his Kt's sq. B takes his P",
       false,
       "Q. P. to Q 4th. K R to K Kt's 1 B takes K B P",
       {{0, 13, kRepairHisHer, "'Q. P. to her': 'her' read as Q"},
        {18, 34, kRepairHisHer, "'K R to his Kt's': 'his' read as K Kt's"},
        {38, 50, kRepairHisHer, "'B takes his': 'his' read as K B"},
        {18, 37, kRepairSquareWord, "'Kt's sq.': square read as the first rank"}}},
      // castles_side (verbal_piece first)
      {"Castles on Q's side. Castles on the Queen's side Castles (Q. R.)",
       false,
       "O-O-O O-O-O O-O-O",
       {{36, 43, kRepairVerbal, "'Queen's' read as Q"},
        {0, 20, kRepairCastlingWords, "'Castles on Q's side.' read as O-O-O"},
        {21, 48, kRepairCastlingWords, "'Castles on the Q's side' read as O-O-O"},
        {49, 64, kRepairCastlingWords, "'Castles (Q. R.)' read as O-O-O"}}},
      // castles_side: "Castles K" alone stays
      {"Castles on K's side. Castles (K R) castles with the K R Castles K",
       false,
       "O-O O-O O-O Castles K",
       {{0, 20, kRepairCastlingWords, "'Castles on K's side.' read as O-O"},
        {21, 34, kRepairCastlingWords, "'Castles (K R)' read as O-O"},
        {35, 55, kRepairCastlingWords, "'castles with the K R' read as O-O"}}},
      // "castle" is the rook in verbal notation
      {"castle on the king's side Castle with Q R",
       false,
       "R on the K's side R with Q R",
       {{0, 6, kRepairVerbal, "'castle' read as R"},
        {14, 20, kRepairVerbal, "'king's' read as K"},
        {26, 32, kRepairVerbal, "'Castle' read as R"}}},
      // square
      {"R to K square K to K sq. R. to Q. Kt's Sq. Kt to QB sq",
       false,
       "R to K 1 K to K 1 R. to Q. Kt's 1 Kt to QB 1",
       {{5, 13, kRepairSquareWord, "'K square': square read as the first rank"},
        {19, 24, kRepairSquareWord, "'K sq.': square read as the first rank"},
        {34, 42, kRepairSquareWord, "'Kt's Sq.': square read as the first rank"},
        {50, 54, kRepairSquareWord, "'B sq': square read as the first rank"}}},
      // check_paren
      {"Q-R5 (ch.) R-K1 (dis. ch.) Kt-B6 (double check) B-B4 ( discovered ch )",
       false,
       "Q-R5 ch R-K1 dis ch Kt-B6 double ch B-B4 dis ch",
       {{5, 10, kRepairCheckWords, "'(ch.)' read as ch"},
        {16, 26, kRepairCheckWords, "'(dis. ch.)' read as dis ch"},
        {33, 47, kRepairCheckWords, "'(double check)' read as double ch"},
        {53, 70, kRepairCheckWords, "'( discovered ch )' read as dis ch"}}},
      // check_word
      {"BxP check K-K2 R-K1 dis. check Kt-B6 double check Q-R5 discovered check checkmate",
       false,
       "BxP ch K-K2 R-K1 dis ch Kt-B6 double ch Q-R5 dis ch checkmate",
       {{4, 9, kRepairCheckWords, "'check' read as ch"},
        {20, 30, kRepairCheckWords, "'dis. check' read as dis ch"},
        {37, 49, kRepairCheckWords, "'double check' read as double ch"},
        {55, 71, kRepairCheckWords, "'discovered check' read as dis ch"}}},
      // ep
      {"P. takes P. (in passing). PxP en passant PxP e. p. PxP (e.p.) PxP en pas.",
       false,
       "P. takes P. e.p.. PxP e.p. PxP e.p. PxP e.p. PxP e.p.",
       {{11, 24, kRepairEnPassantWords, "'(in passing)' read as en passant"},
        {29, 40, kRepairEnPassantWords, "'en passant' read as en passant"},
        {44, 50, kRepairEnPassantWords, "'e. p.' read as en passant"},
        {54, 61, kRepairEnPassantWords, "'(e.p.)' read as en passant"},
        {65, 73, kRepairEnPassantWords, "'en pas.' read as en passant"}}},
      // promo
      {"P. takes Kt. and becomes a Queen. P. takes R., becomes a Queen. P-K8=Q P-R8 queens (Kt) P-B8 = Kt P-Kt8, "
       "Queening (R.)",
       false,
       "P. takes Kt.=Q P. takes R.=Q P-K8=Q P-R8=N P-B8=N P-Kt8=R",
       {{27, 32, kRepairVerbal, "'Queen' read as Q"},
        {57, 62, kRepairVerbal, "'Queen' read as Q"},
        {12, 33, kRepairPromotionWords, "'and becomes a Q.' read as promotion to Q"},
        {45, 63, kRepairPromotionWords, "', becomes a Q.' read as promotion to Q"},
        {75, 87, kRepairPromotionWords, "'queens (Kt)' read as promotion to N"},
        {92, 97, kRepairPromotionWords, "'= Kt' read as promotion to N"},
        {103, 118, kRepairPromotionWords, "', Queening (R.)' read as promotion to R"}}},
      // ep and promo take the blanks before them (a comma before those, for promo), no further
      // back than the match before: BlankLed against the patterns `\s*X` and `,?\s*X`.
      {"PxP \t\n e.p.  e.p. ,\t=Q P-B8 ,, queens (R)",
       false,
       "PxP e.p. e.p. ,\t=Q P-B8 ,=R",
       {{3, 11, kRepairEnPassantWords, "'e.p.' read as en passant"},
        {11, 17, kRepairEnPassantWords, "'e.p.' read as en passant"},
        {29, 41, kRepairPromotionWords, "', queens (R)' read as promotion to R"}}},
      // promo: "=Q" is the grammar's own
      {"P-K8=Q P-Q8 (Q) P-B8=Kt",
       false,
       "P-K8=Q P-Q8 (Q) P-B8=N",
       {{20, 23, kRepairPromotionWords, "'=Kt' read as promotion to N"}}},
  };
  for (const PrintRow& row : rows) check_print(row);
}

// Beside non-ASCII text the rules read as std::regex does in the C locale, whichever engine runs:
// only ASCII letters, digits and '_' make a word for `\b` ("checké" holds the word "check"), only
// ASCII blanks are spaces (a no-break space is not), only 0-9 are digits; the ranges are bytes of
// the UTF-8 text.
TEST_CASE("descriptive print: next to non-ASCII characters, ASCII classes and byte ranges") {
  const PrintRow rows[] = {
      {"P-K4 check\xC3\xA9 \xC3\xA9"
       "check",
       false,
       "P-K4 ch\xC3\xA9 \xC3\xA9"
       "ch",
       {{5, 10, kRepairCheckWords, "'check' read as ch"}, {15, 20, kRepairCheckWords, "'check' read as ch"}}},
      {"Q.\xC2\xA0to her 3d. Q. to\xC2\xA0her 3d.", false, "Q.\xC2\xA0to her 3d. Q. to\xC2\xA0her 3d.", {}},
      {"KT\xD9\xA3 KT\xE2\x80\xA8", false, "KT\xD9\xA3 KT\xE2\x80\xA8", {}},
      {"\xE2\x80\xA6 K. Kt. to his B's 3d. \xE2\x80\x94 Castles on Q's side \xC3\xA9 (ch.)",
       false,
       "\xE2\x80\xA6 K. Kt. to K B's 3d. \xE2\x80\x94 O-O-O \xC3\xA9 ch",
       {{4, 22, kRepairHisHer, "'K. Kt. to his B's': 'his' read as K B's"},
        {30, 49, kRepairCastlingWords, "'Castles on Q's side' read as O-O-O"},
        {53, 58, kRepairCheckWords, "'(ch.)' read as ch"}}},
      {"\xC3\xA9take P \xC3\xA9Kts P",
       false,
       "\xC3\xA9takes P \xC3\xA9Kt P",
       {{2, 6, kRepairWordForm, "'take' read as takes"}, {11, 16, kRepairWordForm, "'Kts P' read as KtP"}}},
      {"Castles\xC2\xA0on Q's side", false, "Castles\xC2\xA0on Q's side", {}},
  };
  for (const PrintRow& row : rows) check_print(row);
}

// A run of a million blanks is one repair, and reads as 64 blanks whichever engine runs the rules
// (std::regex, the browser build's, recursed once per blank and overflowed the C++ stack).
TEST_CASE("descriptive print: a long run of blanks closes to one space") {
  const std::string in = "P-K4" + std::string(1000000, ' ') + "P-K4";
  const PrintText t = normalize_descriptive_print(in, true);
  CHECK(t.text == "P-K4 P-K4");
  REQUIRE(t.repairs.size() == 1);
  CHECK(t.repairs[0].begin == 4);
  CHECK(t.repairs[0].end == 1000004);
  // Without the closing rule the run stays a run, 64 blanks long, its last one the run's last.
  const std::string ep = "PxP e.p." + std::string(500000, '\t') + " Kt-B3";
  const PrintText kept = normalize_descriptive_print(ep, false);
  CHECK(kept.text.size() < 100);
  CHECK(kept.origin.size() == kept.text.size() + 1);
  CHECK(kept.origin.back() == ep.size());
  const std::size_t after = kept.text.find("Kt");
  REQUIRE(after != std::string::npos);
  CHECK(kept.origin[after] == ep.find("Kt"));
  CHECK(kept.origin[after - 1] == ep.find("Kt") - 1);
}
