// converters/arbiter/detect: `--from auto` ranks readings by the leniency they needed, English
// wins every tie it is part of, two equally clean readings that give different moves are
// reported (W-READING-AMBIGUOUS), and the reading is a typed field of the record. Also the PGN
// import format rows of issue 18 (move numbers without a period, `bc5`), read end to end.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "converters/arbiter/detect.hpp"
#include "converters/pgn/descriptive_io.hpp"
#include "converters/pgn/pgn_writer.hpp"
#include "converters/pgn/reader.hpp"
#include "grammar/move_parser.hpp"
#include "notation/write.hpp"
#include "tests/support/read_auto.hpp"

namespace planilla {
namespace {

using test::read_auto;

std::size_t count_code(const GameRecord& r, Code code) {
  return static_cast<std::size_t>(std::count_if(r.diagnostics.begin(), r.diagnostics.end(),
                                                [code](const Diagnostic& d) { return d.code == code; }));
}

const Diagnostic* find_code(const GameRecord& r, Code code) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.code == code) return &d;
  return nullptr;
}

// The main line in English SAN, space-separated.
std::string san_line(const GameRecord& r) {
  std::string out;
  Position pos = r.game.start;
  for (const MoveNode& n : r.game.main.moves) {
    if (!n.move) {
      out += out.empty() ? "?" : " ?";
      break;
    }
    if (!out.empty()) out += ' ';
    out += write_move(pos, n.move);
    pos.play(n.move);
  }
  return out;
}

// Mate in one of our own making: Bh5-f7 mates the king on g8 (f8 and h8 held by its own knight
// and rook, f7 covered by the f1 rook). Read with the Hungarian letters (B = bástya, the rook),
// `Bf7#` is Rf1-f7, legal but no check: a mate mark that reading would have to ignore.
const std::string kBf7Mate = "[FEN \"5nkr/6pp/8/7B/8/8/8/5RK1 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Bf7# *\n";

}  // namespace

TEST_CASE("detect: a clean reading beats one that needed leniency; English wins its ties") {
  struct Row {
    std::string what;
    std::string pgn;
    const char* language;   // the letter set's representative chosen
    const char* moves;      // English SAN of the main line
    std::size_t ambiguous;  // W-READING-AMBIGUOUS warnings
  };
  const Row rows[] = {
      // German B = Bauer reads `Bc4` as c4 with W-PAWN-LETTER: the English bishop move is clean.
      {"Bishop's Opening", "1. e4 e5 2. Bc4 Bc5 *", "en", "e4 e5 Bc4 Bc5", 0},
      {"Slav with 2...Bf5", "1. d4 d5 2. c4 Bf5 *", "en", "d4 d5 c4 Bf5", 0},
      // Hungarian B = rook: Rf7 would need the mate mark ignored (W-MATE-SPURIOUS).
      {"Bf7# mate", kBf7Mate, "en", "Bf7#", 0},
      // Only the German letters read these (L = Läufer): chosen, no tie with English.
      {"German game", "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *", "de", "e4 e5 Nf3 Nc6 Bb5 a6", 0},
      // Hungarian B = rook and English B = bishop both legal, no leniency either way.
      {"two clean readings", "1. a4 a5 2. b3 b6 3. Ba3 Ba6 *", "en", "a4 a5 b3 b6 Ba3 Ba6", 1},
  };
  for (const Row& row : rows) {
    CAPTURE(row.what);
    GameRecord r = read_auto(row.pgn);
    CHECK_FALSE(r.has_errors());
    REQUIRE(r.reading.language != nullptr);
    CHECK(r.reading.language->letter_set == find_language(row.language)->letter_set);
    CHECK(record_language(r) == r.reading.language);
    CHECK(san_line(r) == row.moves);
    CHECK(count_code(r, Code::PawnLetter) == 0);
    CHECK(count_code(r, Code::MateSpurious) == 0);
    CHECK(count_code(r, Code::ReadingAmbiguous) == row.ambiguous);
  }
}

TEST_CASE("detect: the N-LANGUAGE note says what each other reading gave") {
  GameRecord r = read_auto("1. e4 e5 2. Bc4 Bc5 *");
  const Diagnostic* note = find_code(r, Code::LanguageDetected);
  REQUIRE(note != nullptr);
  CHECK(note->written == "en");
  CAPTURE(note->message);
  // English read every move: the note must not say it left moves unresolved.
  CHECK(note->message.find("unresolved") == std::string::npos);
  CHECK(note->message.find("de/sv/da/no read every move legally too, as other moves, with more leniency") !=
        std::string::npos);

  GameRecord german = read_auto("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *");
  const Diagnostic* gnote = find_code(german, Code::LanguageDetected);
  REQUIRE(gnote != nullptr);
  CHECK(gnote->message.find("the English letters leave moves unresolved") != std::string::npos);
}

TEST_CASE("detect: W-READING-AMBIGUOUS names both readings and the first ply where they differ") {
  GameRecord r = read_auto("1. a4 a5 2. b3 b6\n3. Ba3 Ba6 *\n");
  const Diagnostic* d = find_code(r, Code::ReadingAmbiguous);
  REQUIRE(d != nullptr);
  CHECK(d->severity == Severity::Warning);
  CHECK(d->ply == 5);
  CHECK(d->line == 2);
  CHECK(d->column == 4);
  CHECK(d->written == "Ba3");
  CHECK(d->candidates == std::vector<std::string>{"Ba3", "Ra3"});
  CAPTURE(d->message);
  CHECK(d->message.find("English") != std::string::npos);
  CHECK(d->message.find("Hungarian") != std::string::npos);
  CHECK(d->message.find("move 3 (White)") != std::string::npos);
  // The written game states the chosen reading in a comment before the first move.
  std::string pgn;
  append_pgn(pgn, r.game, PgnWriteOptions{});
  CAPTURE(pgn);
  CHECK(pgn.find("{planilla: moves read with the English letters; the Hungarian letters read move") !=
        std::string::npos);
}

// Two letter sets other than English, both clean with no leniency, as other moves: the pieces'
// move frequencies choose, also when the set tried first loses (Polish H, a queen, comes before
// Hungarian H, a knight); sets that read the same moves as the chosen one tie without a replay.
TEST_CASE("detect: a tie between two other letter sets goes to the likelier pieces") {
  GameRecord r = read_auto("1. e4 e5 2. Hf3 Hf6 *");
  REQUIRE(r.reading.language != nullptr);
  CHECK(r.reading.language->code == "hu");
  const Diagnostic* d = find_code(r, Code::ReadingAmbiguous);
  REQUIRE(d != nullptr);
  CHECK(d->candidates == std::vector<std::string>{"Nf3", "Qf3"});
  CHECK(d->message.find("kept by the pieces' move frequencies") != std::string::npos);
  GameRecord german = read_auto("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *");
  const Diagnostic* note = find_code(german, Code::LanguageDetected);
  REQUIRE(note != nullptr);
  CHECK(german.reading.language->code == "de");
  CHECK(note->message.find("the letter sets sr/hr/sl read the same moves") != std::string::npos);
  CHECK(find_code(german, Code::ReadingAmbiguous) == nullptr);
}

TEST_CASE("detect: the reading is a typed field of the record") {
  GameRecord english_game = read_auto("1. e4 e5 2. Nf3 Nc6 *");
  CHECK(english_game.reading == Reading{&english(), std::nullopt});
  GameRecord spanish = read_auto("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *");
  REQUIRE(spanish.reading.language != nullptr);
  CHECK(spanish.reading.language->letter_set == "es-it-ca");
  GameRecord descriptive = read_auto("1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 *");
  CHECK(descriptive.reading.language == nullptr);
  CHECK(descriptive.reading.dialect == DescriptiveDialect::English);
  CHECK(record_language(descriptive) == nullptr);
}

TEST_CASE("detect: a descriptive move that does not resolve is named as written, at its place") {
  // Black's third move left out: `B-R4` is read as Black's.
  const std::string pgn = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 4. B-R4 Kt-B3 *";
  GameRecord r = read_auto(pgn);  // (as `--from en:descriptive` reads it again)
  CHECK_FALSE(read_descriptive_record(r, DescriptiveDialect::English, ReadOptions{}));
  const Diagnostic* d = find_code(r, Code::Illegal);
  REQUIRE(d);
  CHECK(d->ply == 6);
  CHECK(d->written == "B-R4");
  CHECK(pgn.substr(static_cast<std::size_t>(d->byte), d->written.size()) == "B-R4");
  CHECK(format_diagnostic(*d).find("B-R4") != std::string::npos);
}

TEST_CASE("detect: a descriptive score's move numbers are checked as an algebraic score's") {
  struct NumberRow {
    const char* score;
    const char* number;   // the W-MOVE-NUMBER's written number, "" for none
    std::uint32_t ply;    // its ply
    const char* message;  // the end of its message
  };
  const NumberRow rows[] = {
      {"1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 4. B-R4 Kt-B3 *", "4.", 6, "Black's move 3 may be missing"},
      {"1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 4. B-B4 B-B4 5. P-B3 Kt-B3 *", "4.", 5, "White's move 3 is due"},
      {"1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 *", "", 0, ""},
      {"1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-B3 Kt-B3 *", "", 0, ""},
      // Numbers once a line, as many books print them: only a number that is there is checked.
      {"1 P-K4 P-K4\n2 Kt-KB3 Kt-QB3\n3 B-B4 B-B4 *", "", 0, ""},
  };
  for (const NumberRow& row : rows) {
    CAPTURE(std::string(row.score));
    GameRecord r = read_auto(row.score);
    read_descriptive_record(r, DescriptiveDialect::English, ReadOptions{});
    CHECK(count_code(r, Code::MoveNumber) == (row.number[0] ? 1u : 0u));
    if (const Diagnostic* d = find_code(r, Code::MoveNumber); d && row.number[0]) {
      CHECK(d->written == row.number);
      CHECK(d->ply == row.ply);
      CHECK(d->message.ends_with(row.message));
    }
  }
}

TEST_CASE("detect: a NAG beyond 255 in a descriptive score is an error, kept in a comment") {
  const std::string pgn = "1. P-K4 $300 P-K4 {ok} 2. Kt-KB3 (2. P-KB4 $999 PxP) 2... Kt-QB3 $1 *";
  GameRecord r = read_auto(pgn);
  REQUIRE(read_descriptive_record(r, DescriptiveDialect::English, ReadOptions{}));
  CHECK(count_code(r, Code::PgnSyntax) == 2);
  std::vector<std::string> written;
  for (const Diagnostic& d : r.diagnostics)
    if (d.code == Code::PgnSyntax) {
      CHECK(d.severity == Severity::Error);
      CHECK(pgn.substr(static_cast<std::size_t>(d.byte), d.written.size()) == d.written);
      written.push_back(d.written);
    }
  CHECK(written == std::vector<std::string>{"$300", "$999"});
  const auto& main = r.game.main.moves;
  REQUIRE(main.size() == 4);
  REQUIRE(main[0].comments_after.size() == 1);
  CHECK(main[0].comments_after[0].text == "NAG not read, kept as written: $300");
  CHECK(main[0].nags.empty());
  REQUIRE(main[2].variations.size() == 1);
  REQUIRE(main[2].variations[0].moves.size() == 2);
  CHECK(main[2].variations[0].moves[0].comments_after[0].text == "NAG not read, kept as written: $999");
  CHECK(main[3].nags == std::vector<unsigned>{1});
}

TEST_CASE("detect: a result written twice is said whichever reading is chosen") {
  // The splitter keeps `1-0 1-0` in its game; the descriptive re-reading drops the algebraic
  // reading's move-level diagnostics, not the repeat's W-RESULT-TWICE.
  for (const char* pgn : {"1. e4 e5 2. Nf3 Nc6 1-0 1-0", "1. P-K4 P-K4 2. N-KB3 N-QB3 1-0 1-0"}) {
    CAPTURE(pgn);
    GameRecord r = read_auto(pgn);
    CHECK(r.game.main.moves.size() == 4);
    CHECK(r.game.result == GameResult::WhiteWins);
    CHECK(count_code(r, Code::ResultRepeated) == 1);
  }
}

TEST_CASE("detect: the PGN import format is read as written") {
  struct Row {
    std::string what;
    std::string pgn;
    const char* moves;
    Code warning;  // expected once; MoveSyntax: no warning expected
  };
  // b4xc5 with both the bishop and the pawn able to reach c5: the lower-case b is the file.
  const std::string both = "1. d4 e5 2. c4 Bc5 3. b4 Nf6 4. ";
  const Row rows[] = {
      {"`2 Nf3`", "1. e4 e5 2 Nf3 Nc6 3 Bb5 *", "e4 e5 Nf3 Nc6 Bb5", Code::MoveSyntax},
      {"`2...` and `2.`", "1.e4 1...e5 2 Nf3 2... Nc6 *", "e4 e5 Nf3 Nc6", Code::MoveSyntax},
      {"`16 e5.`", "1. e4 d6 2 d4 Nf6 3 Nc3 g6 4 f4 Bg7 5 e5. dxe5 *", "e4 d6 d4 Nf6 Nc3 g6 f4 Bg7 e5 dxe5",
       Code::MoveSyntax},
      {"`bc5`", both + "bc5 *", "d4 e5 c4 Bc5 b4 Nf6 bxc5", Code::CaptureMissing},
      {"`b:c5`", both + "b:c5 *", "d4 e5 c4 Bc5 b4 Nf6 bxc5", Code::MoveSyntax},
      {"`bxc5`", both + "bxc5 *", "d4 e5 c4 Bc5 b4 Nf6 bxc5", Code::MoveSyntax},
      // No pawn can reach b5: the lower-case letter is the bishop, with W-PIECE-CASE.
      {"`bb5`", "1. e4 e5 2. Nf3 Nc6 3. bb5 *", "e4 e5 Nf3 Nc6 Bb5", Code::PieceLetterCase},
      {"`bc4`, pawn illegal", "1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. b3 Bc5 5. bc4 *", "e4 e5 Nf3 Nc6 Nc3 Nf6 b3 Bc5 Bc4",
       Code::PieceLetterCase},
  };
  for (const Row& row : rows) {
    CAPTURE(row.what);
    GameRecord r = read_auto(row.pgn);
    CHECK_FALSE(r.has_errors());
    CHECK(san_line(r) == row.moves);
    std::size_t warnings = r.count(Severity::Warning);
    if (row.warning == Code::MoveSyntax) {
      CHECK(warnings == 0);
    } else {
      CHECK(warnings == 1);
      CHECK(count_code(r, row.warning) == 1);
    }
  }
}

TEST_CASE("detect: attempts that cannot win stop early and alike letter sets are skipped, with the same choice") {
  // A Spanish score with a slip late: English fails at ply 3, the Spanish letters at ply 8; the
  // English attempt's score is the one to beat, and the Spanish one must still be read through.
  GameRecord spanish = read_auto("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Zz9 *");
  REQUIRE(spanish.reading.language != nullptr);
  CHECK(spanish.reading.language->letter_set == "es-it-ca");
  CHECK(count_code(spanish, Code::MoveSyntax) == 1);
  // Fifty unreadable tokens: every letter set fails on the first; all fifty are still reported.
  std::string noise = "[Event \"noise\"]\n\n";
  for (int i = 0; i < 50; ++i) noise += "Zz9 ";
  noise += "*";
  GameRecord unreadable = read_auto(noise);
  CHECK(count_code(unreadable, Code::MoveSyntax) == 50);
  REQUIRE(unreadable.reading.language != nullptr);
  CHECK(unreadable.reading.language->code == std::string_view("en"));
  // Ruled out without a reading when the English reading's errors are all tokens the letter
  // set cannot read either; a set that reads one of them is read through and wins here (Cc6
  // reads in Spanish: one unreadable token against two).
  GameRecord late = read_auto("1. e4 e5 2. Zz9 Cc6 3. Zz9 *");
  REQUIRE(late.reading.language != nullptr);
  CHECK(late.reading.language->letter_set == "es-it-ca");
  CHECK(count_code(late, Code::MoveSyntax) == 2);
  GameRecord words = read_auto("1. e4 e5 2. to takes his check *");
  REQUIRE(words.reading.language != nullptr);
  CHECK(words.reading.language->code == std::string_view("en"));
  CHECK(count_code(words, Code::MoveSyntax) == 4);
  // Non-ASCII text is never skipped: the Russian letters read Кf3 (a Cyrillic К, the knight;
  // folded to a Latin K it is an illegal king move).
  GameRecord russian = read_auto(
      "1. e4 e5 2. \xD0\x9A"
      "f3 \xD0\x9A"
      "c6 *");
  REQUIRE(russian.reading.language != nullptr);
  CHECK(russian.reading.language->letter_set == "ru");
}

TEST_CASE("detect: a game without a move gets no language note; a game of pawn moves does") {
  struct Row {
    std::string pgn;
    std::size_t notes;
  };
  const Row rows[] = {
      {"[Event \"x\"]\n[White \"A\"]\n\n*\n", 0},  // tags and a result
      {"*\n", 0},                                  // a bare result
      {"[Event \"x\"]\n\n{only a comment} 1-0\n", 0},
      // Pawn moves read alike in every letter set: the note says so.
      {"[Event \"x\"]\n\n1. e4 e5 2. d4 exd4 *\n", 1},
  };
  for (const Row& r : rows) {
    CAPTURE(r.pgn);
    const GameRecord g = read_auto(r.pgn);
    CHECK(count_code(g, Code::LanguageDetected) == r.notes);
    CHECK(g.reading.language == &english());
  }
}

TEST_CASE("detect: CR-only and CRLF line ends give the LF text's reading and notes") {
  // Old Mac files end lines with a lone CR: their tag lines are still tag lines to detection.
  const std::string lf =
      "[Event \"Ruy Lopez\"]\n[White \"Kasparov\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n";
  auto with_line_ends = [&lf](std::string_view end) {
    std::string out;
    for (char c : lf) {
      if (c == '\n') out += end;
      else out += c;
    }
    return out;
  };
  const GameRecord a = read_auto(lf);
  for (std::string_view end : {"\r", "\r\n"}) {
    CAPTURE(end.size());
    const GameRecord b = read_auto(with_line_ends(end));
    CHECK(b.reading.language == a.reading.language);
    CHECK(san_line(b) == san_line(a));
    REQUIRE(b.diagnostics.size() == a.diagnostics.size());
    for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
      CHECK(b.diagnostics[i].code == a.diagnostics[i].code);
      CHECK(b.diagnostics[i].message == a.diagnostics[i].message);
    }
  }
}

TEST_CASE("detect: a game that begins mid-line keeps its columns when it is read again") {
  // The second game begins after the first one's result on the same line; read again with the
  // Spanish letters (C = caballo), its places are still the file's: a re-reading counted its
  // first line from column 1 (`xyz` at 3:29 for 3:42).
  const std::string pgn = "[Event \"a\"]\n\n1. e4 e5 1-0 [Event \"b\"] 1. d4 Cf6 2. c4 xyz *\n";
  std::istringstream in(pgn);
  const ReadOptions options;
  PgnReader reader(in, options);
  NotationSpec from;
  from.auto_detect = true;
  GameRecord first, second;
  REQUIRE(read_next_game(reader, first, options, from));
  REQUIRE(read_next_game(reader, second, options, from));
  CHECK(second.column == 14);
  CHECK(std::string(second.reading.language->name) == "Spanish");
  const Diagnostic* syntax = find_code(second, Code::MoveSyntax);
  REQUIRE(syntax != nullptr);
  CHECK(syntax->line == 3);
  CHECK(syntax->column == 42);
  CHECK(pgn.substr(syntax->byte, 3) == "xyz");
  const Diagnostic* note = find_code(second, Code::LanguageDetected);
  REQUIRE(note != nullptr);
  CHECK(note->line == 3);
  CHECK(note->column == 14);
}

TEST_CASE("detect: comments and tag values do not change the reading or its notes") {
  // The tie check skips the letter sets that read every possible move token alike; the words of
  // comments are not move tokens: a comment full of other languages' letters, on one line or
  // several, gives the plain game's reading and note.
  const std::string plain = "[Event \"x\"]\n\n1. e4 e5 2. d4 exd4 *\n";
  const std::string texts[] = {
      "[Event \"x\"]\n\n1. e4 {Cc Dd Ll Ss Tt Ff KQRBN} e5 2. d4 exd4 *\n",
      "[Event \"x\"]\n\n1. e4 {spans\nlines Sf3} e5 2. d4 exd4 *\n",
  };
  const GameRecord a = read_auto(plain);
  const Diagnostic* note = find_code(a, Code::LanguageDetected);
  REQUIRE(note != nullptr);
  for (const std::string& text : texts) {
    CAPTURE(text);
    const GameRecord b = read_auto(text);
    CHECK(b.reading.language == a.reading.language);
    CHECK(san_line(b) == san_line(a));
    const Diagnostic* other = find_code(b, Code::LanguageDetected);
    REQUIRE(other != nullptr);
    CHECK(other->message == note->message);
  }
}

TEST_CASE("detect: candidate languages, most letter evidence first, one per letter set") {
  struct Row {
    std::string_view text;
    std::string_view first_set;
  };
  const Row rows[] = {
      {"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "en-zh-ja"},
      {"1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6", "de-sv-da-no"},
      {"1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6", "es-it-ca"},
      // Two-byte letters (Cyrillic) are counted token by token.
      {"1. e4 e5 2. \xD0\x9A"
       "f3 \xD0\x9A"
       "c6 3. \xD0\xA1"
       "b5 a6",
       "ru"},
      {"1. e4 e5 2. d4 exd4", "en-zh-ja"},  // no evidence: the table's order, English first
      {"", "en-zh-ja"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    const std::vector<const Language*> langs = candidate_languages(row.text);
    REQUIRE(!langs.empty());
    CHECK(langs.front()->letter_set == row.first_set);
    std::vector<std::string_view> sets;
    for (const Language* l : langs) sets.push_back(l->letter_set);
    std::sort(sets.begin(), sets.end());
    CHECK(std::adjacent_find(sets.begin(), sets.end()) == sets.end());
    CHECK(std::any_of(langs.begin(), langs.end(), [](const Language* l) { return l == &english(); }));
  }
}

TEST_CASE("reader: ReadOptions::stop_after stops a game at the diagnostic it accepts, unless little is left") {
  ReadOptions options;
  options.fast_lane = false;
  int seen = 0;
  options.stop_after = [&seen](const Diagnostic& d) { return d.code == Code::MoveSyntax && ++seen == 2; };
  std::string game = "[Event \"x\"]\n\n1. e4";
  for (int i = 0; i < 10000; ++i) game += " Zz9";  // 40 KB of rest after the second
  std::istringstream in(game + " *\n");
  PgnReader reader(in, options);
  GameRecord r;
  REQUIRE(reader.next(r));
  CHECK(count_code(r, Code::MoveSyntax) == 2);
  // A short rest is read on: unwinding would cost more than reading it.
  seen = 0;
  std::istringstream short_in("[Event \"x\"]\n\n1. e4 Zz1 Zz2 Zz3 Zz4 *\n");
  PgnReader short_reader(short_in, options);
  GameRecord s;
  REQUIRE(short_reader.next(s));
  CHECK(count_code(s, Code::MoveSyntax) == 4);
  // Never asked: every diagnostic is kept.
  options.stop_after = nullptr;
  std::istringstream all_in("[Event \"x\"]\n\n1. e4 Zz1 Zz2 Zz3 Zz4 *\n");
  PgnReader all_reader(all_in, options);
  GameRecord a;
  REQUIRE(all_reader.next(a));
  CHECK(count_code(a, Code::MoveSyntax) == 4);
}

// detect.cpp takes a reading whose every move error is a token with a control character for as
// good as any: no letter set, style or descriptive dialect reads such a token.
TEST_CASE("detect: a token with a control character reads in no notation") {
  const std::string tokens[] = {"e4",
                                "Nf3",
                                "Cf3",
                                "Sf3",
                                "exd5",
                                "O-O",
                                "0-0-0",
                                "e8=Q",
                                "Ng1f3",
                                "g1f3",
                                "P-K4",
                                "Kt-KB3",
                                "C3AR",
                                "P4R",
                                "\xD0\x9A"
                                "f3",
                                "\xE2\x99\x98"
                                "f3"};
  const char controls[] = {'\0', '\x01', '\x08', '\x1B', '\x1F', '\x7F'};
  for (const std::string& token : tokens) {
    for (char c : controls) {
      for (std::size_t at : {std::size_t{0}, std::size_t{1}, token.size()}) {
        std::string t = token;
        t.insert(at, 1, c);
        CAPTURE(token);
        CAPTURE(static_cast<int>(c));
        CAPTURE(at);
        for (const Language& lang : all_languages()) {
          CAPTURE(lang.code);
          CHECK_FALSE(parse_move(t, lang).has_value());
        }
        for (DescriptiveDialect d :
             {DescriptiveDialect::English, DescriptiveDialect::Spanish, DescriptiveDialect::French}) {
          GameRecord r = read_auto("[Event \"c\"]\n\n1. " + t + " *");
          CHECK(r.reading.language != nullptr);  // detection kept the algebraic reading
          CHECK(count_code(r, Code::MoveSyntax) == 1);
          CHECK_FALSE(read_descriptive_record(r, d, ReadOptions{}));
        }
      }
    }
  }
}

// A game stopped by a limit is rejected whole: detection does not read it again with the letter
// sets that might tie with the first reading (each reading would go to the limit again).
TEST_CASE("detect: a game stopped by a limit is not read again for ties") {
  std::string pawns = "[Event \"p\"]\n\n1. e4";
  for (int i = 0; i < 30; ++i) pawns += " (1. d4)";
  pawns += " *";
  for (std::size_t limit : {std::size_t{10}, std::size_t{50000}}) {
    CAPTURE(limit);
    ReadOptions options;
    options.limits.max_moves = limit;
    const GameRecord r = read_auto(pawns, options);
    const bool stopped = limit == 10;
    CHECK(count_code(r, Code::LimitExceeded) == (stopped ? 1 : 0));
    // Read through, the pawn moves read alike in every letter set, and the note says so.
    CHECK(count_code(r, Code::LanguageDetected) == (stopped ? 0 : 1));
  }
}

// read_as()'s lane_move_error: when the fast lane stops at a move its resolver rejects, the
// general reader must report a move error for that reading too (detection then skips reading it
// a second time). Typed games, each read with every language's letters, leniently and strictly;
// the general reader alone (fast_lane off) is the reference. A flag set for a remark that
// --strict made an error (W-CHECK-MISSING as an error is not a move error), or for a token that
// fallback letters could read, would fail here.
TEST_CASE("detect: a move error where the fast lane stops is one where the general reader stops") {
  const std::string games[] = {
      "1. d4 d5 2. c4 e6 3. Nc3 Nf6 0-1",              // N: a bishop in Romanian, Nc3 no bishop move
      "1. d4 d5 2. c4 (2. Nf3 Nf6) 2... e6 3. Nc3 *",  // the same inside a variation
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0",
      "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. O-O *",  // Spanish
      "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 *",         // German
      "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 *",
      "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 *",
      "1. e4 d5 2. exd5 Dxd5 3. Cc3 Da5 *",  // D: a queen in Spanish and German, a bishop nowhere
      "1. Nf3 Nf6 2. Ng1 Ng8 3. Nc3 Nc6 4. Nb1 *",
      "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *",  // mate unmarked: W-CHECK-MISSING, an error in strict
      "1. e4 e5 2. Ke2 Ke7 3. Kd3 Kd6 *",          // K read as whatever each letter set names by it
      "1. e4 e5 2. Rf3 *",                         // R: a rook (illegal) in English, a king (legal) in Spanish
      "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2 O-O 5. a3 Bxc3+ 6. Qxc3 *",
      "1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Ng8 5. hxg8 *",  // promotion without its piece
      "1. Nc3 d5 2. Nf3 d4 3. Nb5 c5 4. Nbxd4 *",
  };
  for (bool strict : {false, true}) {
    for (const std::string& moves : games) {
      const std::string text = "[Event \"t\"]\n\n" + moves + "\n";
      RawGame raw;
      raw.bytes = text;
      raw.number = 1;
      raw.terminated = true;
      GameRecord like;
      like.number = 1;
      like.encoding = Encoding::Ascii;
      for (const Language& lang : all_languages()) {
        CAPTURE(strict);
        CAPTURE(moves);
        CAPTURE(lang.code);
        ReadOptions options;
        options.resolve.strict = strict;
        options.stop_after = [](const Diagnostic& d) {
          return d.severity == Severity::Error && is_unresolved_move_code(d.code);
        };
        bool lane_move_error = false;
        const GameRecord fast = read_as(raw, like, options, &lang, &lane_move_error);
        ReadOptions general_only = options;
        general_only.fast_lane = false;
        const GameRecord general = read_as(raw, like, general_only, &lang);
        const bool general_clean =
            std::none_of(general.diagnostics.begin(), general.diagnostics.end(), [](const Diagnostic& d) {
              return d.severity == Severity::Error && is_unresolved_move_code(d.code);
            });
        if (lane_move_error) {
          CHECK_FALSE(general_clean);
          CHECK(fast.diagnostics.empty());
        } else {
          CHECK(fast.diagnostics.size() == general.diagnostics.size());
        }
      }
    }
  }
}

}  // namespace planilla

namespace planilla {

TEST_CASE("detect: a reading read_job() deferred gives the record its own reading gives") {
  struct Row {
    std::string text;
    bool evident;  // another letter set's clean reading chosen without the English one
    std::optional<Encoding> encoding = std::nullopt;  // --encoding
  };
  const Row rows[] = {
      {"[Event \"es\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. O-O Ae7 6. Te1 b5 7. Ab3 d6 8. c3 O-O *", true},
      {"[Event \"de\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 *", true},
      // Estonian: R is the knight, O the bishop; English reads Rf3 as a rook that cannot get there.
      {"[Event \"et\"]\n\n1. e4 e5 2. Rf3 Rc6 3. Ob5 a6 4. Oa4 Rf6 5. O-O Oe7 *", true},
      {"[Event \"ru\"]\n\n1. e4 e5 2. \xD0\x9A"
       "f3 \xD0\x9A"
       "c6 3. \xD0\xA1"
       "b5 a6 4. \xD0\xA1"
       "a4 \xD0\x9A"
       "f6 *",
       true},
      // English reads the Cyrillic К as a look-alike K: Кf3 is a king move it cannot make (the
      // lane says so without the general reader), Кe2 one it can (a clean English reading).
      {"[Event \"ru, a look-alike\"]\n\n1. e4 e5 2. \xD0\x9A"
       "f3 \xD0\x9A"
       "c6 *",
       true},
      {"[Event \"ru or en, a look-alike\"]\n\n1. e4 e5 2. \xD0\x9A"
       "e2 *",
       false},
      {"[White \"Mu\xC3\xB1oz\"]\n\n1. e4 e5 2. Cf3 (2. Ac4 Cf6) 2... Cc6 3. Ab5 *", true},  // UTF-8 tag
      {"[White \"Mu\xF1oz\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *", true},                     // Latin-1
      // Dutch: the lane declines at Pf3, which English reads (a pawn letter, W-PAWN-LETTER) and
      // resolves, so English is read up to its first move error (Lb5) before the Dutch reading.
      {"[Event \"nl\"]\n\n1. e4 e5 2. Pf3 Pc6 3. Lb5 a6 4. La4 Pf6 *", true},
      {"[Event \"en, a pawn letter\"]\n\n1. e4 e5 2. Pf3 Nc6 *", false},
      // English reads Pf3 cleanly (a pawn letter), Dutch too (a knight): not evident, since the
      // English reading has no move error; the loop chooses between the two.
      {"[Event \"nl or en\"]\n\n1. e4 e5 2. Pf3 *", false},
      {"[Event \"es, then an illegal move\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Ab6 *", false},
      {"[Event \"en, an illegal move\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bb6 *", false},
      {"[Event \"en, one C\"]\n\n1. e4 e5 2. Nf3 Cc6 3. Bb5 a6 *", false},
      {"[Event \"tie\"]\n\n1. e4 e5 2. Cf3 Nc6 *", false},
      {std::string("[Event \"nul\"]\n\n1. e4 e5 2. N") + '\0' + "f3 *", false},
      {"[Event \"long\"]\n\n1. e4 e5 2. CfCfCfCfCfCfCfCfCfCf3 *", false},
      {"[Event \"en\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0", false},  // the lane takes it
      // Russian letters in Windows-1251, named: the letters' evidence is taken from the decoding.
      {"[White \"\xCF\xE5\xF2\xF0\xEE\xE2\"]\n\n1. e4 e5 2. \xCA"
       "f3 \xCA"
       "c6 3. \xD1"
       "b5 a6 4. \xD1"
       "a4 \xCA"
       "f6 *",
       true, Encoding::Windows1251},
      {"[White \"\xCF\xE5\xF2\xF0\xEE\xE2\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bb6 *", false, Encoding::Windows1251},
  };
  NotationSpec from;
  from.auto_detect = true;
  for (bool strict : {false, true}) {
    for (const Row& row : rows) {
      CAPTURE(strict);
      CAPTURE(row.text);
      ReadOptions options;
      options.resolve.strict = strict;
      options.encoding = row.encoding;
      PgnReader reader(std::string_view(row.text), options);
      GameJob job;
      REQUIRE(reader.next_job(job));
      GameJob copy = job;
      GameRecord own, deferred;
      LanguageDetection own_detection, deferred_detection;
      read_job(job, own, options, nullptr, false);
      CHECK_FALSE(own.deferred);
      interpret_game(own, options, from, &own_detection);
      read_job(copy, deferred, options, nullptr, true);
      interpret_game(deferred, options, from, &deferred_detection);
      CHECK_FALSE(deferred.deferred);
      CHECK_FALSE(own_detection.evident);
      CHECK(deferred_detection.evident == row.evident);
      CHECK(deferred.reading == own.reading);
      CHECK(deferred.encoding == own.encoding);
      CHECK(deferred_detection.language == own_detection.language);
      CHECK(deferred_detection.ties == own_detection.ties);
      CHECK(deferred_detection.clean == own_detection.clean);
      CHECK(write_pgn(deferred.game) == write_pgn(own.game));
      REQUIRE(deferred.diagnostics.size() == own.diagnostics.size());
      for (std::size_t i = 0; i < own.diagnostics.size(); ++i)
        CHECK(format_diagnostic(deferred.diagnostics[i]) == format_diagnostic(own.diagnostics[i]));
    }
  }
}

// candidate_languages() against its definition: a token (after blanks, dots and digits; its first
// 16 bytes) is evidence for a language when one of its piece letters begins it and a file
// letter, capture mark or digit follows; most evidence first, the table's order breaking ties,
// one language per letter set. Tokens are drawn from every language's letters, so the counts by
// first byte and the walk over distinct beginnings are both taken.
TEST_CASE("detect: candidate languages agree with the evidence counted token by token") {
  std::vector<std::string> pool = {"e4", "exd5", "O-O", "1-0", "Zz9", "{", "x", "\xC3\xA9t\xC3\xA9"};
  for (const Language& l : all_languages())
    for (std::string_view letter : l.letters)
      if (!letter.empty())
        for (std::string_view after : {"f3", "xe4", "1d2", "g", "", "!"})
          pool.push_back(std::string(letter) + std::string(after));
  auto reference = [](std::string_view text) {
    std::vector<std::string_view> tokens;
    for (std::size_t i = 0; i < text.size();) {
      while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\t' || text[i] == '.' ||
                                 (text[i] >= '0' && text[i] <= '9')))
        ++i;
      const std::size_t start = i;
      while (i < text.size() && text[i] != ' ' && text[i] != '\n' && text[i] != '\t') ++i;
      tokens.push_back(text.substr(start, std::min<std::size_t>(i - start, 16)));
    }
    std::vector<std::pair<std::size_t, const Language*>> scored;
    for (const Language& l : all_languages()) {
      std::size_t hits = 0;
      for (std::string_view t : tokens) {
        bool evidence = false;
        for (int p = index_of(PieceType::Knight); p <= index_of(PieceType::King); ++p) {
          std::string_view letter = l.letters[static_cast<std::size_t>(p)];
          if (letter.empty() || t.size() <= letter.size() || t.substr(0, letter.size()) != letter) continue;
          const char next = t[letter.size()];
          evidence =
              evidence || (next >= 'a' && next <= 'h') || next == 'x' || next == ':' || (next >= '1' && next <= '8');
        }
        hits += evidence ? 1 : 0;
      }
      scored.emplace_back(hits, &l);
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<const Language*> out;
    for (const auto& [hits, l] : scored)
      if (std::none_of(out.begin(), out.end(), [l](const Language* o) { return o->letter_set == l->letter_set; }))
        out.push_back(l);
    return out;
  };
  std::uint64_t seed = 20261127;
  auto next = [&seed] {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>(seed >> 33);
  };
  for (int round = 0; round < 400; ++round) {
    std::string text;
    const std::size_t n = 1 + next() % 12;
    for (std::size_t k = 0; k < n; ++k) {
      if (k > 0) text += next() % 4 == 0 ? ". " : " ";
      text += pool[next() % pool.size()];
    }
    CAPTURE(text);
    CHECK(candidate_languages(text) == reference(text));
  }
}

}  // namespace planilla
