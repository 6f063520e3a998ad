// Book scores: finding them in a book's text (layouts, headings, results), the tolerances of old
// print (each a named N-DESC-REPAIR), the JSON report, and the round trip SAN → book text → SAN
// in each typography class. Every game here is typed for the test (famous games, as facts).
#include <doctest/doctest.h>

#include <regex>
#include <string>
#include <vector>

#include "board/fen.hpp"
#include "converters/book/book.hpp"
#include "grammar/descriptive_parser.hpp"
#include "grammar/descriptive_print.hpp"
#include "notation/descriptive.hpp"
#include "notation/write.hpp"
#include "tests/support/book_writer.hpp"

using namespace planilla;
using planilla::test::BookLayout;
using planilla::test::BookTypography;

namespace {

constexpr const char* kOpera =
    "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 "
    "Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
constexpr const char* kImmortal =
    "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 cxb5 h4 Qg6 h5 Qg5 Qf3 "
    "Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#";
constexpr const char* kEvergreen =
    "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4 Bb6 "
    "Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#";

std::string san_of(const DescriptiveGameResult& r) {
  std::string out;
  Position p = Position::startpos();
  for (const auto& ply : r.plies) {
    if (!out.empty()) out += ' ';
    out += write_move(p, ply.move);
    p.play(ply.move);
  }
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
  return out;
}

// The SAN of a score read as `convert --from en:descriptive` reads it, or the first error.
std::string read_san(const std::string& score) {
  const auto g = read_descriptive_game(score, DescriptiveDialect::English, Position::startpos());
  if (g.score.stopped_early) return "syntax: " + g.score.diagnostics.front().message;
  if (!g.resolution.complete) return "stops: " + g.resolution.error.message;
  return san_of(g.resolution);
}

// The SAN of a book replay from where it started (the diagram's position when read from one).
std::string san_of_from(const BookReplay& r) {
  std::string out;
  Position p = r.start_fen.empty() ? Position::startpos() : *position_from_fen(r.start_fen);
  for (const auto& ply : r.read.resolution.plies) {
    if (!out.empty()) out += ' ';
    out += write_move(p, ply.move);
    p.play(ply.move);
  }
  return out;
}

bool has_repair(const std::string& score, const std::string& word) {
  const auto g = read_descriptive_game(score, DescriptiveDialect::English, Position::startpos());
  for (const auto& d : g.resolution.diagnostics)
    if (d.code == Code::DescriptiveRepair && d.message.find(word) != std::string::npos) return true;
  return false;
}

struct BookRun {
  BookExtraction ex;
  std::vector<BookReplay> replays;
};

BookRun run_book(const std::string& text) {
  BookRun r;
  r.ex = extract_book_games(text);
  for (const auto& g : r.ex.games) r.replays.push_back(replay_book_game(g, r.ex.text));
  return r;
}

}  // namespace

TEST_CASE("print tolerances: each class reads, and is named as a repair") {
  struct Row {
    const char* score;
    const char* san;
    const char* repair;  // a word of the N-DESC-REPAIR message, "" for none expected
  };
  const Row rows[] = {
      // his/her/its: the mover's own file, or the wing of the piece's side.
      {"1. P. to K's 4th. P. to K's 4th. 2. K. Kt. to his B's 3d. Q. Kt. to her B's 3d.", "e4 e5 Nf3 Nc6", "his/her"},
      {"1. P. to Q's 4th. P. to K's 4th. 2. Q. to her 3d.", "d4 e5 Qd3", "his/her"},
      {"1. P-K4 P-K4 2. K. to his 2d.", "e4 e5 Ke2", "his/her"},
      {"1. P-K4 P-K4 2. K. B. P. to its 4th.", "e4 e5 f4", "his/her"},
      // OCR slips.
      {"1. P-K4 P-K4 2. KttoKB3 KttoQB3", "e4 e5 Nf3 Nc6", "OCR"},
      {"1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. B~B4 B--KKt5", "e4 e5 Nf3 d6 Bc4 Bg4", "OCR"},
      {"1. P-K4 P-K4 2. P-Q4 PxP 3. QxP Kt-QB3 4. Q-QI", "e4 e5 d4 exd4 Qxd4 Nc6 Qd1", "OCR"},
      {"1. P-K4 P-Q4 2. P-P", "e4 d5 exd5", "OCR"},
      // Castling in words: the side as printed, never the other one.
      {"1. P-Q4 P-Q4 2. Kt-QB3 Kt-QB3 3. B-B4 B-B4 4. Q-Q2 Q-Q2 5. Castles on Q's side Castles on Q's side",
       "d4 d5 Nc3 Nc6 Bf4 Bf5 Qd2 Qd7 O-O-O O-O-O", "castling"},
      {"1. P-K4 P-K4 2. Kt-KB3 Kt-KB3 3. B-B4 B-B4 4. Castles on K's side. Castles (K R)",
       "e4 e5 Nf3 Nf6 Bc4 Bc5 O-O O-O", "castling"},
      {"1. P-Q4 P-Q4 2. Kt-QB3 Kt-QB3 3. B-B4 B-B4 4. Q-Q2 Q-Q2 5. Castles (Q R)",
       "d4 d5 Nc3 Nc6 Bf4 Bf5 Qd2 Qd7 O-O-O", "castling"},
      // "square" for the first rank.
      {"1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. Castles Kt-B3 5. R to K square",
       "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 Re1", "square"},
      {"1. P-K4 P-K4 2. K to K2 K to K2 3. K to K sq.", "e4 e5 Ke2 Ke7 Ke1", "square"},
      // A verb instead of a square, resolved when unique.
      {"1. P-KB3 P-K4 2. P-KKt4 Q. checks.", "f3 e5 g4 Qh4#", "verb"},
      // Check qualifiers.
      {"1. P-K4 P-KB3 2. P-Q4 P-KKt4 3. Q-R5 (ch.)", "e4 f6 d4 g5 Qh5#", "check"},
      {"1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. B-B4 B-Kt5 4. Kt-B3 P-KKt3 5. KtxP BxQ 6. BxP check K-K2 7. Kt-Q5 mate",
       "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#", "check"},
      // A note's mark after a move, a letter in brackets (the notes below the score).
      {"1. P-K4 (a) P-K4 2. Kt-KB3 (b) P-Q3 (c). 3. B-B4", "e4 e5 Nf3 d6 Bc4", "note's mark"},
      // An asterisk before more moves is a note's mark too, not the result `*`.
      {"1. P-K4 * P-K4 2. Kt-KB3 P-Q3 * 3. B-B4", "e4 e5 Nf3 d6 Bc4", ""},
      // En passant and promotion in words.
      {"1. P-K4 P-QR3 2. P-K5 P-Q4 3. P. takes P. (in passing).", "e4 a6 e5 d5 exd6", "en passant"},
      {"1. P-QKt4 P-KR4 2. P-Kt5 P-R5 3. P-Kt6 P-R6 4. PxRP PxKtP 5. P. takes Kt. and becomes a Queen. "
       "P. takes R., becomes a Queen.",
       "b4 h5 b5 h4 b6 h3 bxa7 hxg2 axb8=Q gxh1=Q", "promotion"},
      // A misprint of the piece taken: the capture the board allows, said.
      {"1. P-K4 P-Q4 2. P takes B", "e4 d5 exd5", "piece taken"},
      // The origin set after the hyphen: "R-(QR3)K3" is the rook on QR3 to K3.
      {"1. P-QR4 P-QR4 2. P-KR4 P-KR4 3. QR-R3 QR-R3 4. KR-R3 KR-R3 5. R-(QR3)K3", "a4 a5 h4 h5 Ra3 Ra6 Rhh3 Rhh6 Rae3",
       "origin after the hyphen"},
      // A file alone where nothing can go to its first rank: the rank left out...
      {"1. P-QKt4 P-K4 2. P-Kt P-Q4 3. P-Kt6", "b4 e5 b5 d5 b6", "rank left out"},
      // ...or the hyphen standing for "takes" ("P-Kt" as PxKt): the rest of the score chooses. (Two
      // spaces end the move: "P-Kt 5" would be P-Kt5.)
      {"1. P-K4 P-Q4 2. Kt-QB3 P-Q5 3. Kt-Q5 P-QB3 4. Kt-KB3 P-Kt  5. KPxP", "e4 d5 Nc3 d4 Nd5 c6 Nf3 cxd5 exd5",
       "OCR"},
      // A misprinted rank (the Evergreen's P-QKt4 printed P-QKt2, where no pawn can go): the move
      // of that pawn to its file under which the rest replays (b3 dies at BxP ... P-B3).
      {"1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-QKt2 BxP 5. P-B3 B-R4 6. P-Q4 PxP "
       "7. Castles P-Q6 8. Q-Kt3 Q-B3",
       "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6", "rank misprinted"},
      // "KB" for the bishop on the king's side of the other, not the one from f1.
      {"1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-Q3 P-Q3 5. B-KKt5 Kt-B3 6. KB-R4 P-KR3 7. Kt-B3 "
       "P-KKt4 8. B-KKt3 B-KKt5 9. P-KR3 B-R4",
       "e4 e5 Nf3 Nc6 Bc4 Bc5 d3 d6 Bg5 Nf6 Bh4 h6 Nc3 g5 Bg3 Bg4 h3 Bh5", "on that side"},
  };
  for (const Row& row : rows) {
    const std::string score = row.score;
    CAPTURE(score);
    CHECK(read_san(row.score) == row.san);
    if (*row.repair) CHECK(has_repair(row.score, row.repair));
  }
}

TEST_CASE("book: verbal notation before 1850, where it names one move") {
  const std::string book =
      "GAME I.--Mr. Morphy v. The Duke of Brunswick and Count Isouard.\n\n"
      "1. W. The king's pawn two squares.\n"
      "   B. The same.\n"
      "2. W. The king's knight to his bishop's third square.\n"
      "   B. The queen's pawn one square.\n"
      "3. W. The queen's pawn two squares.\n"
      "   B. The queen's bishop to the king's knight's fourth square.\n"
      "4. W. The pawn takes the pawn.\n"
      "   B. The bishop takes the knight.\n"
      "5. W. The queen takes the bishop.\n";
  const BookRun r = run_book(book);
  REQUIRE(r.ex.games.size() == 1);
  CAPTURE(r.replays[0].summary);
  CHECK(r.replays[0].complete);
  CHECK(san_of(r.replays[0].read.resolution) == "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3");
  bool verbal = false;
  for (const auto& d : r.replays[0].notes) verbal = verbal || d.message.find("verbal") != std::string::npos;
  CHECK(verbal);
}

TEST_CASE("castling on the queen's side is never read as O-O") {
  const PrintText t = normalize_descriptive_print("Castles on Q's side. Castles on the Queen's side Castles (Q. R.)");
  CHECK(t.text == "O-O-O O-O-O O-O-O");
  std::vector<std::string> castling;
  for (const auto& r : t.repairs)
    if (r.bit == kRepairCastlingWords) castling.push_back(r.assumed);
  REQUIRE(castling.size() == 3);
  CHECK(castling[0] == "'Castles on Q's side.' read as O-O-O");
  // The map leads back to the printed words.
  CHECK(t.original_begin(0) == 0);
}

TEST_CASE("book: a score with no heading, notes and a diagram between its lines, a result") {
  const std::string book =
      "Some prose with a variation 1. P-K4, P-K4; 2. P-Q4 in it, which is no score.\n\n"
      "          1. P-K4          P-K4\n"
      "          2. Kt-KB3        P-Q3\n\n"
      "A note on the move.\n\n"
      "          3. P-Q4\n\n"
      "The centre is attacked.\n\n"
      "        ---------------------------------------\n"
      "     8 | #R |    | #B | #Q | #K | #B | #Kt| #R |\n"
      "        ---------------------------------------\n\n"
      "                         B-Kt5\n"
      "          4. PxP           BxKt\n"
      "          5. QxB           PxP\n"
      "          6. B-QB4         Kt-KB3\n"
      "          7. Q-QKt3        Q-K2\n"
      "          8. Kt-B3         P-B3\n"
      "          9. B-KKt5        P-Kt4\n"
      "         10. KtxP          PxKt\n"
      "         11. BxKtP ch      QKt-Q2\n"
      "         12. Castles QR    R-Q1\n"
      "         13. RxKt          RxR\n"
      "         14. R-Q1          Q-K3\n"
      "         15. BxR ch        KtxB\n"
      "         16. Q-Kt8 ch      KtxQ\n"
      "         17. R-Q8 mate\n\n"
      "A famous game.\n";
  const BookRun r = run_book(book);
  REQUIRE(r.ex.games.size() == 1);
  CHECK(r.ex.games[0].first_line == 3);
  CHECK_FALSE(r.ex.games[0].has_heading);
  CHECK(r.replays[0].complete);
  CHECK(san_of(r.replays[0].read.resolution) == joined(test::san_moves(kOpera)));
}

TEST_CASE("book: a check or mate word after a comma is the move's; a mate decides the result") {
  // Old books print the mark after a comma or in brackets (`B to K 7th, mate.`); a comma there is
  // no prose list of moves, and the score's last line stays the score's. The last move mates: the
  // game's result is the last mover's, printed or not.
  struct Row {
    const char* last;  // Black's 16th ... and White's 17th, as printed
    const char* result;
  };
  const Row rows[] = {
      {"16. Q-Kt8 ch  Kt x Q\n17. R-Q8, mate.", "1-0"},
      {"16. Q-Kt8, ch.  Kt x Q\n17. R-Q8 (mate)", "1-0"},
      {"16. Q-Kt8 (ch)  Kt x Q\n17. R-Q8, checkmate", "1-0"},
      {"16. Q-Kt8 ch  Kt x Q\n17. R-Q8, and mates.", "1-0"},
      {"16. Q-Kt8 check Kt x Q\n17. R-Q8 mate", "1-0"},
      // A line right under the score, numbered with its next move, in the prose style (`,` or `;`
      // between the moves) is the score's: it was taken for a note, and the game ended without it.
      {"16. Q-Kt8 ch; Kt x Q\n17. R-Q8 mate", "1-0"},
      {"16. Q-Kt8 ch, Kt x Q\n17. R-Q8, mate.", "1-0"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.last);
    const std::string book = std::string("GAME 1.\n\n") +
                             " 1. P-K4 P-K4\n 2. Kt-KB3 P-Q3\n 3. P-Q4 B-Kt5\n 4. PxP BxKt\n 5. QxB PxP\n"
                             " 6. B-QB4 Kt-KB3\n 7. Q-QKt3 Q-K2\n 8. Kt-B3 P-B3\n 9. B-KKt5 P-Kt4\n"
                             "10. KtxP PxKt\n11. BxKtP ch QKt-Q2\n12. Castles QR R-Q1\n13. RxKt RxR\n"
                             "14. R-Q1 Q-K3\n15. BxR ch KtxB\n" +
                             row.last + "\n\nA famous game.\n";
    const BookRun r = run_book(book);
    REQUIRE(r.ex.games.size() == 1);
    REQUIRE(r.replays[0].complete);
    CHECK(san_of(r.replays[0].read.resolution) == joined(test::san_moves(kOpera)));
    CHECK(r.replays[0].mate);
    const std::string pgn = book_game_to_pgn(r.ex.games[0], r.replays[0]);
    CHECK(pgn.find(std::string("[Result \"") + row.result + "\"]") != std::string::npos);
  }
}

TEST_CASE("book: headings give tags") {
  // The round is the heading's only: a score's place in the book is no round of its event, and
  // goes into the Annotator tag.
  struct Row {
    const char* heading;
    const char* white;
    const char* black;
    const char* round;
  };
  const Row rows[] = {
      {"GAME I.--Mr. Morphy v. Mr. Anderssen", "Morphy", "Anderssen", "?"},
      {"A. Burn v. C. von Bardeleben.", "A. Burn", "C. von Bardeleben", "?"},
      {"Game IV. \xE2\x80\x94 Ruy Lopez", "A. Player", "B. Player", "?"},
      {"GAME No. 12", "A. Player", "B. Player", "?"},
      {"No.17.", "A. Player", "B. Player", "?"},
      {"Game 1, played on the 21st June, 1851", "A. Player", "B. Player", "?"},
      {"GAME 7. Played in round 3 of the Congress", "A. Player", "B. Player", "3"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.heading);
    const std::string book =
        test::write_book_score(row.heading, kEvergreen, BookTypography::Hyphen, BookLayout::OneColumn, "Resigns.");
    const BookRun r = run_book(book);
    REQUIRE(r.ex.games.size() == 1);
    const BookGame& g = r.ex.games[0];
    CHECK(g.has_heading);
    CHECK(g.heading == row.heading);
    auto tag = [&](const char* name) {
      for (const auto& [n, v] : g.tags)
        if (n == name) return v;
      return std::string();
    };
    CHECK(tag("White") == row.white);
    CHECK(tag("Black") == row.black);
    CHECK(r.replays[0].complete);
    CHECK(g.result == "Resigns");
    const std::string pgn = book_game_to_pgn(g, r.replays[0]);
    CHECK(pgn.find("[Result \"1-0\"]") != std::string::npos);
    CHECK(pgn.find(std::string("[Round \"") + row.round + "\"]") != std::string::npos);
    // A move number stays on the line of its move.
    CHECK_FALSE(std::regex_search(pgn, std::regex("[0-9]+\\.\n")));
    CHECK(pgn.find("[Annotator \"descriptive score " + std::to_string(g.number) + " extracted from the book text") !=
          std::string::npos);
  }
  const BookRun dated = run_book(test::write_book_score("Game 1, played on the 21st June, 1851", kImmortal,
                                                        BookTypography::Hyphen, BookLayout::OneColumn, "Drawn."));
  REQUIRE(dated.ex.games.size() == 1);
  bool date = false;
  for (const auto& [n, v] : dated.ex.games[0].tags) date = date || (n == "Date" && v == "1851.??.??");
  CHECK(date);
}

TEST_CASE("book: a heading's event and round, in the words old books print them") {
  // The event only where a heading names one, the round in figures, Roman numerals or words;
  // "No. 12. Played at …" is a heading, "No. 5 shows …" prose.
  struct Row {
    const char* heading;
    const char* event;  // "" for none
    const char* round;
    const char* date;
  };
  const Row rows[] = {
      {"GAME 3. Played in the match between Steinitz and Zukertort, 1886.", "match between Steinitz and Zukertort", "",
       "1886.??.??"},
      {"Game 5.--Played in the London Tournament, 1883.", "London Tournament", "", "1883.??.??"},
      {"No. 12. Played at the Hastings Congress, 1895, in the ninth round.", "Hastings Congress", "9", "1895.??.??"},
      {"GAME 9. (Vienna Tournament, Round IX.)", "Vienna Tournament", "9", ""},
      {"GAME 10. Paris Tournament, round 14", "Paris Tournament", "14", ""},
      {"GAME 11. Played in the 3rd round", "", "3", ""},
      {"GAME XX. A match game.", "", "", ""},
      {"GAME 4. The game of the Tournament", "", "", ""},
  };
  auto tag = [](const BookGame& g, const char* name) {
    for (const auto& [n, v] : g.tags)
      if (n == name) return v;
    return std::string();
  };
  for (const Row& row : rows) {
    CAPTURE(row.heading);
    const BookRun r =
        run_book(test::write_book_score(row.heading, kEvergreen, BookTypography::Hyphen, BookLayout::OneColumn, ""));
    REQUIRE(r.ex.games.size() == 1);
    CHECK(r.ex.games[0].has_heading);
    CHECK(tag(r.ex.games[0], "Event") == row.event);
    CHECK(tag(r.ex.games[0], "Round") == row.round);
    CHECK(tag(r.ex.games[0], "Date") == row.date);
    CHECK(tag(r.ex.games[0], "Opening").empty());
  }
  const BookRun prose = run_book(
      test::write_book_score("No. 5 shows the attack", kEvergreen, BookTypography::Hyphen, BookLayout::OneColumn, ""));
  REQUIRE(prose.ex.games.size() == 1);
  CHECK(!prose.ex.games[0].has_heading);
}

TEST_CASE("book: an asterisk at a cell's end is a note's mark: the score goes on") {
  // Taken for the result `*`, it ended the score there, and the moves below it were left out of a
  // game reported complete.
  for (const char* nine : {" 9. B-KKt5 *    P-QKt4", " 9. B-KKt5      P-QKt4 *", " 9. B-KKt5*     P-QKt4*"}) {
    CAPTURE(nine);
    const std::string book = std::string("GAME No. 7.\n\n") +
                             " 1. P-K4 P-K4\n 2. Kt-KB3 P-Q3\n 3. P-Q4 B-Kt5\n 4. PxP BxKt\n 5. QxB PxP\n"
                             " 6. B-QB4 Kt-KB3\n 7. Q-QKt3 Q-K2\n 8. Kt-B3 P-B3\n" +
                             nine +
                             "\n10. KtxP PxKt\n11. BxKtP ch QKt-Q2\n12. Castles QR R-Q1\n13. RxKt RxR\n"
                             "14. R-Q1 Q-K3\n15. BxR ch KtxB\n16. Q-Kt8 ch KtxQ\n17. R-Q8 mate\n\nA famous game.\n";
    const BookRun r = run_book(book);
    REQUIRE(r.ex.games.size() == 1);
    CHECK(r.replays[0].complete);
    CHECK(r.replays[0].plies == 33);
  }
}

TEST_CASE("book: the players set under WHITE. and BLACK. give tags") {
  struct Row {
    const char* players;  // the line under "WHITE.  BLACK."
    const char* white;    // "" : no tag
    const char* black;
  };
  const Row rows[] = {
      {"     (Anderssen.)      (Kieseritzky.)", "Anderssen", "Kieseritzky"},
      {"     Mr. Morphy.       Mr. Anderssen.", "Morphy", "Anderssen"},
      {"   (Herr Harrwitz)   (Mr. Staunton)", "Harrwitz", "Staunton"},
      {"     1. P-K4           P-K4", "", ""},  // the score itself: no names
      {"     (see the note)", "", ""},          // one bracket only
  };
  for (const Row& row : rows) {
    CAPTURE(row.players);
    const std::string book = std::string("GAME 12.\n\n        WHITE.            BLACK.\n") + row.players +
                             "\n\n 1. P-K4 P-K4\n 2. Kt-KB3 P-Q3\n 3. P-Q4 B-Kt5\n\nA note.\n";
    const BookRun r = run_book(book);
    REQUIRE(!r.ex.games.empty());
    auto tag = [&](const char* name) {
      for (const auto& [n, v] : r.ex.games[0].tags)
        if (n == name) return v;
      return std::string();
    };
    CHECK(tag("White") == row.white);
    CHECK(tag("Black") == row.black);
  }
}

TEST_CASE("round trip: famous games in each typography and layout read back move for move") {
  const char* games[] = {kOpera, kImmortal, kEvergreen};
  const BookTypography typographies[] = {BookTypography::Hyphen, BookTypography::ToTakes, BookTypography::HisHer,
                                         BookTypography::Square};
  const BookLayout layouts[] = {BookLayout::OneColumn, BookLayout::TwoColumns, BookLayout::WhiteBlack};
  int n = 0;
  for (const char* san : games) {
    for (BookTypography t : typographies) {
      for (BookLayout l : layouts) {
        const std::string book = test::write_book_score("GAME No. " + std::to_string(++n), san, t, l, "and wins.");
        CAPTURE(book);
        const BookRun r = run_book(book);
        REQUIRE(r.ex.games.size() == 1);
        CAPTURE(r.replays[0].summary);
        CHECK(r.replays[0].complete);
        CHECK(san_of(r.replays[0].read.resolution) == joined(test::san_moves(san)));
      }
    }
  }
}

TEST_CASE("book: two columns are read column by column, never reordered silently") {
  // Moves N and N+k on one line: the left column first.
  const std::string two =
      "GAME No. 1\n\n"
      "1 P to K4     P to K4        4 Kt to B3    Kt to KB3\n"
      "2 Kt to KB3   Kt to QB3      5 Castles     B to K2\n"
      "3 B to B4     B to B4\n"
      "          Drawn.\n";
  // The right column does not follow the left one: the game stops there, said.
  const std::string broken =
      "GAME No. 2\n\n"
      "1 P to K4     P to K4        6 Kt to B3    Kt to KB3\n"
      "2 Kt to KB3   Kt to QB3      7 Castles     B to K2\n"
      "3 B to B4     B to B4\n";
  BookRun r = run_book(two);
  REQUIRE(r.ex.games.size() == 1);
  CHECK(r.replays[0].complete);
  CHECK(san_of(r.replays[0].read.resolution) == "e4 e5 Nf3 Nc6 Bc4 Bc5 Nc3 Nf6 O-O Be7");
  r = run_book(broken);
  REQUIRE(r.ex.games.size() == 1);
  CHECK_FALSE(r.replays[0].complete);
  REQUIRE(r.replays[0].stopped.has_value());
  CHECK(r.replays[0].stopped->message.find("right column starts at move 6") != std::string::npos);
  CHECK(r.replays[0].plies == 6);
}

TEST_CASE("book: numbering styles, spacing, the White move restated, the report") {
  const std::string book =
      "Game 3, played in the Divan, 1858\n\n"
      "(1) P-K4          P-K4\n"
      "(2) P-KB4         PxP\n"
      "(3) B-B4          Q-R5 ch\n\n"
      "A note.\n\n"
      "(4) K-B1\n"
      "(4) K-B1          P-QKt4\n"
      "(5)  B  x  Kt  P    Kt-KB3\n"
      "          Resigns.\n\n"
      "GAME IV.\n\n"
      "I. P-Q4    P-Q4\n"
      "II. P-QB4   P-K3\n"
      "III. Kt-QB3 Kt-KB3\n";
  const BookRun r = run_book(book);
  REQUIRE(r.ex.games.size() == 2);
  CHECK(r.replays[0].complete);
  CHECK(san_of(r.replays[0].read.resolution) == "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6");
  CHECK(r.replays[1].complete);
  CHECK(san_of(r.replays[1].read.resolution) == "d4 d5 c4 e6 Nc3 Nf6");
  const std::string json = book_game_report_json(r.ex.games[0], r.replays[0]);
  CHECK(json.find("{\"game\":1,\"first_line\":1,\"last_line\":12,") == 0);
  CHECK(json.find("\"complete\":true,\"stopped\":null") != std::string::npos);
  CHECK(json.find("\"N-DESC-REPAIR\":1") != std::string::npos);  // the spaced "B  x  Kt  P"
}

TEST_CASE("book: an illegal move stops the game with its place; an empty score is no game") {
  const std::string book =
      "GAME No. 1\n\n"
      "    1. P-K4        P-K4\n"
      "    2. Kt-KB3      Kt-QB3\n"
      "    3. K-K3        B-B4\n";
  const BookRun r = run_book(book);
  REQUIRE(r.ex.games.size() == 1);
  CHECK_FALSE(r.replays[0].complete);
  REQUIRE(r.replays[0].stopped.has_value());
  CHECK(r.replays[0].stopped->line == 5);
  CHECK(r.replays[0].stopped->column == 8);
  CHECK(r.replays[0].stopped->token == "K-K3");
  CHECK(r.replays[0].stopped->code == Code::Illegal);
  CHECK(r.replays[0].plies == 4);
  // A heading with no moves under it is no score.
  CHECK(run_book("GAME No. 1\n\nNo moves were recorded.\n").ex.games.empty());
}

TEST_CASE("a misprint is never assumed unless the whole score then replays") {
  // P-QKt2 when the score stops further on all the same: the stop stays at the first move no
  // reading fits.
  CHECK(read_san("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QKt2 4. B-KKt5") == "stops: no legal move matches");
  // Too few moves after it to confirm one: K-K3 (no king can go there) is not read as Ke2.
  CHECK(read_san("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. K-K3 B-B4 4. Kt-B3 Kt-B3") == "stops: no legal move matches");
  // KB names the bishop that started on f1 first; by place only where that cannot be read.
  CHECK(read_san("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-Q3 P-Q3 5. B-KKt5 Kt-B3 6. KB-Kt3") ==
        "e4 e5 Nf3 Nc6 Bc4 Bc5 d3 d6 Bg5 Nf6 Bb3");
  CHECK_FALSE(
      has_repair("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-Q3 P-Q3 5. B-KKt5 Kt-B3 6. KB-Kt3", "on that side"));
}

TEST_CASE("book: a Black move printed under the next number, confirmed by the next line") {
  // The Opera game with Black's 8th printed as "9. ...": the next line prints 9 for White.
  const std::string book =
      "GAME No. 1\n\n"
      "          1. P-K4          P-K4\n"
      "          2. Kt-KB3        P-Q3\n"
      "          3. P-Q4          B-Kt5\n"
      "          4. PxP           BxKt\n"
      "          5. QxB           PxP\n"
      "          6. B-QB4         Kt-KB3\n"
      "          7. Q-QKt3        Q-K2\n"
      "          8. Kt-B3\n\n"
      "A note.\n\n"
      "          9. ...           P-B3\n"
      "          9. B-KKt5        P-Kt4\n";
  BookRun r = run_book(book);
  REQUIRE(r.ex.games.size() == 1);
  CAPTURE(r.replays[0].summary);
  CHECK(r.replays[0].complete);
  CHECK(san_of(r.replays[0].read.resolution) ==
        "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5");
  bool named = false;
  for (const auto& d : r.replays[0].notes)
    named = named || (d.code == Code::DescriptiveRepair && d.message.find("misprinted number") != std::string::npos &&
                      d.line == 14);
  CHECK(named);
  // Without the next line's confirmation it is a gap in the score, reported.
  const std::string gap = book.substr(0, book.rfind("          9. B-KKt5"));
  r = run_book(gap + "         10. B-KKt5       P-Kt4\n");
  REQUIRE(r.ex.games.size() == 1);
  CHECK_FALSE(r.replays[0].complete);
  REQUIRE(r.replays[0].stopped.has_value());
  CHECK(r.replays[0].stopped->message.find("not in the score") != std::string::npos);
}

TEST_CASE("book: a word of comment after a move is no move") {
  const std::string book =
      "A. Anderssen v. L. Kieseritzky.\n\n"
      "1 P to K4           P to K4\n"
      "2 P to KB4          P takes P\n"
      "3 B to B4           Q to R5 ch. Bold\n"
      "4 K to B square     P to QKt4. Good\n"
      "5 B takes P         Kt to KB3\n";
  const BookRun r = run_book(book);
  REQUIRE(r.ex.games.size() == 1);
  CAPTURE(r.replays[0].summary);
  CHECK(r.replays[0].complete);
  CHECK(san_of(r.replays[0].read.resolution) == "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6");
  int comments = 0;
  for (const auto& d : r.replays[0].notes) comments += d.message.find("read as a comment") != std::string::npos;
  CHECK(comments == 2);
  // A tail that reads as a move is read as one, never taken for a comment.
  const BookRun moves = run_book("GAME No. 1\n\n1 P to K4   P to K4\n2 Kt to KB3   Kt to QB3. Kt to B3\n");
  REQUIRE(moves.replays.size() == 1);
  CHECK(moves.replays[0].plies == 5);
  for (const auto& d : moves.replays[0].notes) CHECK(d.message.find("comment") == std::string::npos);
}

TEST_CASE("book: 'Moves 1-5 as in Game No. 1' takes the first moves from the game that prints them") {
  const std::string book =
      "GAME No. 1\n\n"
      "    1. P-K4        P-K4\n"
      "    2. Kt-KB3      P-Q3\n"
      "    3. P-Q4        B-Kt5\n"
      "    4. PxP         BxKt\n"
      "    5. QxB         PxP\n"
      "    6. B-QB4       Kt-KB3\n"
      "    7. Q-QKt3      Q-K2\n\n"
      "GAME No. 2\n\n"
      "Moves 1-5 as in Game No. 1.\n\n"
      "     ---------------------------------\n"
      "   8 | #R | #Kt|    | #Q | #K | #B | #Kt| #R |\n"
      "     ---------------------------------\n"
      "       A    B    C    D    E    F    G    H\n\n"
      "              Diag. 3\n\n"
      "    6. B-QB4       Q-B3\n"
      "    7. Q-QKt3      P-QKt3\n\n"
      "GAME No. 3\n\n"
      "Move 1-5 as in Game No. 1.\n\n"
      "    5. ...         Kt-KB3\n"
      "    6. PxP         BxP\n\n"
      "GAME No. 4\n\n"
      "Moves 1-5 as in Game No. 9.\n\n"
      "    6. B-QB4       Q-B3\n";
  const BookRun r = run_book(book);
  REQUIRE(r.ex.games.size() == 3);  // game No. 4 names a game the book does not have: no score
  CHECK(r.replays[1].complete);
  CHECK(san_of(r.replays[1].read.resolution) == "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Qf6 Qb3 b6");
  CHECK(r.replays[2].complete);
  CHECK(san_of(r.replays[2].read.resolution) == "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 Nf6 exd6 Bxd6");
  bool said = false;
  for (const auto& d : r.replays[1].notes)
    said = said || d.message.find("the first 10 plies are game 1's") != std::string::npos;
  CHECK(said);
  CHECK(r.ex.games[1].first_line == 11);  // its heading
}

TEST_CASE("book: column blocks (White's moves, then Black's) are tested both ways") {
  const char* white[] = {"P-K4", "Kt-KB3",   "P-Q4",       "PxP",  "QxB",  "B-QB4",  "Q-QKt3",   "Kt-B3",    "B-KKt5",
                         "KtxP", "BxKtP ch", "Castles QR", "RxKt", "R-Q1", "BxR ch", "Q-Kt8 ch", "R-Q8 mate"};
  const char* black[] = {"P-K4",  "P-Q3", "B-Kt5",  "BxKt", "PxP", "Kt-KB3", "Q-K2", "P-B3",
                         "P-Kt4", "PxKt", "QKt-Q2", "R-Q1", "RxR", "Q-K3",   "KtxB", "KtxQ"};
  std::string book = "GAME No. 1.--Morphy v. The Duke and the Count.\n\nWhite.\n";
  for (int i = 0; i < 17; ++i) book += "   " + std::to_string(i + 1) + ". " + white[i] + "\n";
  book += "\nBlack.\n";
  for (int i = 0; i < 16; ++i) book += "   " + std::to_string(i + 1) + ". " + black[i] + "\n";
  BookRun r = run_book(book);
  REQUIRE(r.ex.games.size() == 1);
  CAPTURE(r.replays[0].summary);
  CHECK(r.replays[0].complete);
  CHECK(san_of(r.replays[0].read.resolution) == joined(test::san_moves(kOpera)));
  CHECK(r.ex.games[0].tags.size() >= 2);
  bool said = false;
  for (const auto& d : r.replays[0].notes) said = said || d.message.find("printed as two blocks") != std::string::npos;
  CHECK(said);
  // Two lists that do not replay alternately are not put together: line by line, the gap is said.
  // (Alternately: 1. e4 e5 2. d4 and Black's e5-e4 runs into White's pawn.)
  const std::string lists =
      "White's choices.\n   1. P-K4\n   2. P-Q4\n   3. P-QB4\n\nBlack's.\n   1. P-K4\n   2. P-K5\n   3. P-KR4\n";
  r = run_book(lists);
  REQUIRE_FALSE(r.replays.empty());
  CHECK_FALSE(r.replays[0].complete);
  REQUIRE(r.replays[0].stopped.has_value());
  CHECK(r.replays[0].stopped->message.find("not in the score") != std::string::npos);
  for (const auto& rep : r.replays)
    for (const auto& d : rep.notes) CHECK(d.message.find("printed as two blocks") == std::string::npos);
}

TEST_CASE("book: a move line wrapped flush left is read on; a flush-left line after a note is not") {
  // The Evergreen's opening, a transcriber's block running moves together and wrapping.
  const std::string book =
      "GAME No. 1\n\n"
      "       1. P - K 4                P - K 4\n"
      "       2. Kt - K B 3             Kt - Q B 3\n"
      "{12} /*    3. B - B 4  B - B 4    4. P - Q Kt 4  B x P    5. P - B 3\n"
      "B - R 4 */\n"
      "       6. P - Q 4                P x P\n";
  BookRun r = run_book(book);
  REQUIRE(r.ex.games.size() == 1);
  CAPTURE(r.replays[0].summary);
  CHECK(r.replays[0].complete);
  CHECK(san_of(r.replays[0].read.resolution) == "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4");
  // After a blank line and a note, a flush-left move is a variation in the notes.
  const std::string noted =
      "GAME No. 1\n\n"
      "       1. P - K 4                P - K 4\n"
      "       2. Kt - K B 3\n\n"
      "A note.\n"
      "P - Q 3\n\n"
      "       2. ........               Kt - Q B 3\n";
  r = run_book(noted);
  REQUIRE(r.ex.games.size() == 1);
  CHECK(r.replays[0].complete);
  CHECK(san_of(r.replays[0].read.resolution) == "e4 e5 Nf3 Nc6");
}

TEST_CASE("book: a line numbered with the next move that does not read stops the game; it is never dropped") {
  const std::string book =
      "GAME No. 1\n\n"
      "    1. P-K4        P-K4\n"
      "    2. Kt-KB3      Kt-QB3\n"
      "    3. Kt(5?) to Kt5 ++\n"
      "          Resigns.\n";
  const BookRun r = run_book(book);
  REQUIRE(r.ex.games.size() == 1);
  CHECK_FALSE(r.replays[0].complete);
  REQUIRE(r.replays[0].stopped.has_value());
  CHECK(r.replays[0].stopped->line == 5);
  CHECK(r.replays[0].stopped->column == 8);
  CHECK(r.replays[0].stopped->token == "Kt(5?) to Kt5 ++");
  CHECK(r.replays[0].plies == 4);
  // Numbers set flush right: from move 10 on a line begins a column further left than the
  // first, flush left here. The unread line right under the score still stops it.
  std::string right_aligned = "GAME No. 2\n\n";
  const char* moves[] = {"P-K4     P-K4", "Kt-KB3   Kt-QB3", "B-B4     B-B4", "P-QKt4   BxKtP", "P-B3     B-R4",
                         "P-Q4     PxP",  "Castles  P-Q6",   "Q-Kt3    Q-B3", "P-K5     Q-Kt3"};
  for (int i = 0; i < 9; ++i) right_aligned += " " + std::to_string(i + 1) + ". " + moves[i] + "\n";
  right_aligned += "10. R to K, square seven ch\n\nA note.\n";
  const BookRun ra = run_book(right_aligned);
  REQUIRE(ra.ex.games.size() == 1);
  CHECK_FALSE(ra.replays[0].complete);
  REQUIRE(ra.replays[0].stopped.has_value());
  CHECK(ra.replays[0].stopped->line == 12);
  CHECK(ra.replays[0].plies == 18);
  // The origin's rank may carry its ordinal: "Kt(5th.) takes P".
  CHECK(read_san("1. P-K4 P-Q4 2. Kt-QB3 Kt-KB3 3. Kt-Kt5 P-QR3 4. Kt-B3 P-R3 5. Kt(3d.)-K2") ==
        "e4 d5 Nc3 Nf6 Nb5 a6 Nc3 h6 Nce2");
}

TEST_CASE("book: a score after a diagram that is no game from the start is read from the diagram") {
  // A king and rook ending typed as a diagram; its moves are legal only from there.
  const std::string book =
      "The ending.\n\n"
      "        ---------------------------------------\n"
      "     8 |    |    |    |    | #K |    |    |    |\n"
      "       |---------------------------------------|\n"
      "     7 |    |    |    |    |    |    |    | ^R |\n"
      "       |---------------------------------------|\n"
      "     6 |    |    |    |    | ^K |    |    |    |\n"
      "       |---------------------------------------|\n"
      "     5 |    |    |    |    |    |    |    |    |\n"
      "       |---------------------------------------|\n"
      "     4 |    |    |    |    |    |    |    |    |\n"
      "       |---------------------------------------|\n"
      "     3 |    |    |    |    |    |    |    |    |\n"
      "       |---------------------------------------|\n"
      "     2 |    |    |    |    |    |    |    |    |\n"
      "       |---------------------------------------|\n"
      "     1 |    |    |    |    |    |    |    |    |\n"
      "        ---------------------------------------\n"
      "         A    B    C    D    E    F    G    H\n\n"
      "                Diag. 1.\n\n"
      "          1. R-QR7         K-B1\n"
      "          2. R-R8 ch\n";
  const BookRun r = run_book(book);
  REQUIRE(r.ex.games.size() == 1);
  CAPTURE(r.replays[0].summary);
  CHECK(r.replays[0].complete);
  CHECK(r.replays[0].start_fen == "4k3/7R/4K3/8/8/8/8/8 w - - 0 1");
  CHECK(san_of_from(r.replays[0]) == "Ra7 Kf8 Ra8+");
  const std::string pgn = book_game_to_pgn(r.ex.games[0], r.replays[0]);
  CHECK(pgn.find("[FEN \"4k3/7R/4K3/8/8/8/8/8 w - - 0 1\"]") != std::string::npos);
  CHECK(pgn.find("1. Ra7 Kf8 2. Ra8+") != std::string::npos);
  CHECK(book_game_report_json(r.ex.games[0], r.replays[0]).find("\"start\":\"4k3/7R/4K3/8/8/8/8/8 w - - 0 1\"") !=
        std::string::npos);
  // From the initial position the same score would not read: no diagram, no game from it.
  const BookRun plain = run_book(book.substr(book.find("          1. R-QR7")));
  REQUIRE(plain.ex.games.size() == 1);
  CHECK_FALSE(plain.replays[0].complete);
  CHECK(plain.replays[0].start_fen.empty());
}

TEST_CASE("book: a score after a diagram that starts with Black's move, White's left blank") {
  // `1. ...  R-R8 ch` under a diagram: Black to play from it (the score was a gap before its first
  // move, and no game). Without a diagram such a line is a note's: a position shown only as an
  // illustration, which no replay can read.
  const std::string diagram =
      "        ---------------------------------------\n"
      "     8 |    |    |    |    |    |    | #K |    |\n"
      "       |---------------------------------------|\n"
      "     7 |    |    |    |    |    |    |    |    |\n"
      "       |---------------------------------------|\n"
      "     6 |    |    |    |    |    |    |    |    |\n"
      "       |---------------------------------------|\n"
      "     5 |    |    |    |    |    |    |    |    |\n"
      "       |---------------------------------------|\n"
      "     4 |    |    |    |    |    |    |    |    |\n"
      "       |---------------------------------------|\n"
      "     3 |    |    |    |    |    |    |    | ^P |\n"
      "       |---------------------------------------|\n"
      "     2 | #R |    |    |    |    | ^P | ^P |    |\n"
      "       |---------------------------------------|\n"
      "     1 |    |    |    |    |    |    | ^K |    |\n"
      "        ---------------------------------------\n"
      "         A    B    C    D    E    F    G    H\n\n"
      "                Diag. 2.\n\n";
  for (const char* dots : {"........", "...", "\xE2\x80\xA6"}) {
    CAPTURE(dots);
    const std::string score = std::string("          1. ") + dots +
                              "          R-R8 ch\n"
                              "          2. K-R2           K-B1\n"
                              "          3. P-KKt4         K-K2\n";
    const BookRun r = run_book("The ending.\n\n" + diagram + score);
    REQUIRE(r.ex.games.size() == 1);
    CAPTURE(r.replays[0].summary);
    CHECK(r.replays[0].complete);
    CHECK(r.replays[0].start_fen == "6k1/8/8/8/8/7P/r4PP1/6K1 b - - 0 1");
    CHECK(san_of_from(r.replays[0]) == "Ra1+ Kh2 Kf8 g4 Ke7");
    CHECK(book_game_to_pgn(r.ex.games[0], r.replays[0]).find("1... Ra1+ 2. Kh2 Kf8 3. g4 Ke7 *") != std::string::npos);
    CHECK(run_book("The ending.\n\n" + score).ex.games.empty());
  }
}
