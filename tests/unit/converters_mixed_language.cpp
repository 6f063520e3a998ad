// Mixed writing inside one game (issue 9, W-MIXED-LANGUAGE): ReadOptions::fallback_languages in
// the reader, and `--from auto` re-reading a game that still has move errors with the other
// letter sets as fallbacks. Also the language of candidates and suggestions (`check --lang`).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "converters/arbiter/detect.hpp"
#include "converters/arbiter/repair.hpp"
#include "converters/pgn/reader.hpp"
#include "tests/support/read_auto.hpp"

namespace planilla {
namespace {

std::vector<const Diagnostic*> with_code(const GameRecord& r, Code code) {
  std::vector<const Diagnostic*> out;
  for (const Diagnostic& d : r.diagnostics)
    if (d.code == code) out.push_back(&d);
  return out;
}

using test::read_auto;

// A Spanish score with one English bishop move (4. Bg5) on line 5, column 4. Its other bishop
// moves are Spanish (A): with Bg5 alone it could as well be Portuguese (B = bispo) with one
// Spanish Ae7, and detection would rightly prefer that reading (it gets further).
const std::string kSpanishWithEnglishBg5 =
    "[White \"?\"]\n[Black \"?\"]\n\n"
    "1. d4 Cf6 2. c4 e6 3. Cc3 d5\n"
    "4. Bg5 Ae7 5. e3 O-O 6. Cf3 Cbd7 7. Ad3 dxc4 8. Axc4 c5 *\n";

}  // namespace

TEST_CASE("auto: a Spanish game with one English Bg5 reads completely, with W-MIXED-LANGUAGE at the token") {
  GameRecord r = read_auto(kSpanishWithEnglishBg5);
  CHECK_FALSE(r.has_errors());
  CHECK(r.game.main.moves.size() == 16);
  CHECK(record_language(r)->letter_set == "es-it-ca");
  auto mixed = with_code(r, Code::MixedLanguage);
  REQUIRE(mixed.size() == 1);
  const Diagnostic& d = *mixed.front();
  CHECK(d.severity == Severity::Warning);
  CHECK(d.line == 5);
  CHECK(d.column == 4);
  CHECK(d.ply == 7);
  CHECK(d.written == "Bg5");
  CHECK(d.message.find("Bg5 read with the English letters in a Spanish game") != std::string::npos);
  // The bishop from c1, not anything else a letter B could mean somewhere.
  CHECK(r.game.main.moves[6].move.from() == Square::C1);
  CHECK(r.game.main.moves[6].move.to() == Square::G5);
  // The language note says the game mixes letters.
  auto notes = with_code(r, Code::LanguageDetected);
  REQUIRE(notes.size() == 1);
  CHECK(notes.front()->message.find("W-MIXED-LANGUAGE") != std::string::npos);
}

TEST_CASE("auto: a mixed game with a real slip later reports the slip, not the mixed token") {
  const std::string pgn =
      "1. d4 Cf6 2. c4 e6 3. Cc3 d5 4. Bg5 Ae7 5. e3 O-O 6. Cf3 Cbd7 7. Ad3 dxc4 "
      "8. Axc4 c5 9. Cf5 a6 *\n";
  GameRecord r = read_auto(pgn);
  CHECK(with_code(r, Code::MixedLanguage).size() == 1);
  CHECK(with_code(r, Code::MoveSyntax).empty());
  auto illegal = with_code(r, Code::Illegal);
  REQUIRE(illegal.size() == 1);
  CHECK(illegal.front()->ply == 17);
  CHECK(illegal.front()->written == "Cf5");
}

TEST_CASE("repair evident keeps a mixed game's fallback reading") {
  // 8. Axc5 is a slip for Axc4; 4. Bg5 is English. The rest decides: 13. e4 needs e4 empty (not
  // Ae4) and 14. Ad5 a bishop on c4 or e4 (not Ac2, Ab1, Af5, …): Axc4 alone keeps it legal.
  const std::string pgn =
      "1. d4 Cf6 2. c4 e6 3. Cc3 d5 4. Bg5 Ae7 5. e3 O-O 6. Cf3 Cbd7 7. Ad3 dxc4 "
      "8. Axc5 c5 9. O-O a6 10. a4 b6 11. De2 Ab7 12. Tfd1 Dc7 13. e4 h6 14. Ad5 *\n";
  GameRecord r = read_auto(pgn);
  REQUIRE(with_code(r, Code::Illegal).size() == 1);
  std::vector<Diagnostic> repairs;
  REQUIRE(apply_evident_repairs(r, ReadOptions{}, repairs));
  CHECK(repairs.size() == 1);
  CHECK_FALSE(r.has_errors());
  CHECK(r.game.main.moves.size() == 27);
  CHECK(with_code(r, Code::MixedLanguage).size() == 1);
}

TEST_CASE("reader: fallback_languages read a token the game's letters cannot, and only then") {
  ReadOptions spanish;
  spanish.language = find_language("es");
  // Without fallbacks the English token is a syntax error of the Spanish game.
  auto plain = read_pgn(kSpanishWithEnglishBg5, spanish);
  REQUIRE(plain.size() == 1);
  CHECK(with_code(plain[0], Code::MoveSyntax).size() == 1);
  CHECK(with_code(plain[0], Code::MixedLanguage).empty());

  ReadOptions mixed = spanish;
  mixed.fallback_languages = {&english(), find_language("de")};
  auto read = read_pgn(kSpanishWithEnglishBg5, mixed);
  REQUIRE(read.size() == 1);
  CHECK_FALSE(read[0].has_errors());
  CHECK(with_code(read[0], Code::MixedLanguage).size() == 1);
}

TEST_CASE("reader: a token that reads in the game's language is never read with the fallback letters") {
  // 4. Rf1 is a Spanish king move (e1-f1); in English it would be the rook from h1, legal too.
  const std::string pgn = "1. e4 e5 2. Cf3 Cc6 3. Ac4 Ac5 4. Rf1 Cf6 *\n";
  ReadOptions options;
  options.language = find_language("es");
  options.fallback_languages = {&english()};
  auto read = read_pgn(pgn, options);
  REQUIRE(read.size() == 1);
  CHECK_FALSE(read[0].has_errors());
  CHECK(with_code(read[0], Code::MixedLanguage).empty());
  CHECK(read[0].game.main.moves[6].move.from() == Square::E1);

  // The same clean game through --from auto: no mixed reading, no mention of one.
  GameRecord r = read_auto(pgn);
  CHECK_FALSE(r.has_errors());
  CHECK(with_code(r, Code::MixedLanguage).empty());
  CHECK(r.game.main.moves[6].move.from() == Square::E1);
  for (const Diagnostic* n : with_code(r, Code::LanguageDetected))
    CHECK(n->message.find("W-MIXED-LANGUAGE") == std::string::npos);
}

TEST_CASE("reader: an illegal token goes to a fallback only once that language has read a token of the game") {
  ReadOptions options;
  options.language = find_language("es");
  options.fallback_languages = {&english()};
  // 7. Rd1 as a Spanish king move is illegal (the king is on g1 after castling). Alone it is a
  // slip, reported as such ...
  const std::string slip = "1. d4 Cf6 2. c4 e6 3. Cc3 d5 4. Ag5 Ae7 5. e3 O-O 6. Cf3 Cbd7 7. Rd1 *\n";
  auto a = read_pgn(slip, options);
  REQUIRE(a.size() == 1);
  CHECK(with_code(a[0], Code::Illegal).size() == 1);
  CHECK(with_code(a[0], Code::MixedLanguage).empty());
  // ... after an English Bg5 it is the English rook (a1-d1): the writer mixes English in.
  const std::string mixed = "1. d4 Cf6 2. c4 e6 3. Cc3 d5 4. Bg5 Ae7 5. e3 O-O 6. Cf3 Cbd7 7. Rc1 *\n";
  auto b = read_pgn(mixed, options);
  REQUIRE(b.size() == 1);
  CHECK_FALSE(b[0].has_errors());
  CHECK(with_code(b[0], Code::MixedLanguage).size() == 2);
  CHECK(b[0].game.main.moves[12].move.from() == Square::A1);
}

TEST_CASE("a token no letter set reads stays an error, and the game is not read as mixed") {
  const std::string pgn = "1. d4 Cf6 2. c4 e6 3. Cc3 d5 4. Xg5 Ae7 5. e3 O-O *\n";
  GameRecord r = read_auto(pgn);
  auto syntax = with_code(r, Code::MoveSyntax);
  REQUIRE(syntax.size() == 1);
  CHECK(syntax.front()->ply == 7);
  CHECK(with_code(r, Code::MixedLanguage).empty());
}

TEST_CASE("Russian game with Latin K and C typed for Cyrillic К and С: read, with W-LOOKALIKE") {
  // Cyrillic К (knight) and С (bishop) mixed with their Latin look-alikes, as in OCR output.
  const std::string pgn = "1. e4 e5 2. Кf3 Kc6 3. Сb5 a6 4. Ca4 Кf6 5. 0-0 Сe7 *\n";
  GameRecord r = read_auto(pgn);
  CHECK_FALSE(r.has_errors());
  REQUIRE(r.game.main.moves.size() == 10);
  CHECK(record_language(r)->code == "ru");
  CHECK(r.game.main.moves[3].move.from() == Square::B8);  // Kc6: the knight
  CHECK(r.game.main.moves[6].move.from() == Square::B5);  // Ca4: the bishop
  // The Latin letters are look-alikes folded by the Russian grammar, not another language.
  auto lookalike = with_code(r, Code::LookalikeFolded);
  CHECK(lookalike.size() == 2);
  for (const Diagnostic* d : lookalike) CHECK((d->written == "Kc6" || d->written == "Ca4"));
  CHECK(with_code(r, Code::MixedLanguage).empty());
}

TEST_CASE("suggestions and candidates in the suggestion language") {
  // 4. Kf2: the white king cannot go to f2 (own pawn); Kf1 / Ke2 are the readings close by.
  const std::string pgn = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kf2 *\n";
  ReadOptions options;
  options.suggestion_language = find_language("es");
  GameRecord r = read_auto(pgn, options);
  auto illegal = with_code(r, Code::Illegal);
  REQUIRE(illegal.size() == 1);
  const auto& s = illegal.front()->suggestions;
  REQUIRE_FALSE(s.empty());
  CHECK(std::find(s.begin(), s.end(), "Rf1") != s.end());
  for (const std::string& t : s) CHECK(t.find('K') == std::string::npos);

  // An ambiguous move's candidates too: two knights can go to d2.
  const std::string ambiguous = "1. d4 d5 2. Nf3 Nf6 3. Nbd2 e6 4. Nb3 c5 5. Nd2 *\n";
  ReadOptions es;
  es.suggestion_language = find_language("es");
  auto read = read_pgn(ambiguous, es);
  REQUIRE(read.size() == 1);
  auto amb = with_code(read[0], Code::Ambiguous);
  REQUIRE(amb.size() == 1);
  auto candidates = amb.front()->candidates;
  std::sort(candidates.begin(), candidates.end());
  CHECK(candidates == std::vector<std::string>{"Cbd2", "Cfd2"});
}

TEST_CASE("planilla check --lang es writes suggestions in Spanish SAN") {
  namespace fs = std::filesystem;
  fs::path file = fs::temp_directory_path() / "planilla_mixed_language_lang_es.pgn";
  {
    std::ofstream out(file, std::ios::binary);
    out << "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kf2 *\n";
  }
  auto check = [&](const std::string& lang) {
    std::istringstream in;
    std::ostringstream out, err;
    auto cli = cli::make_app(cli::Io{in, out, err});
    cli::run(*cli, "check --color never -q --lang " + lang + " " + file.string());
    return out.str();
  };
  std::string es = check("es");
  std::string en = check("en");
  fs::remove(file);
  CHECK(es.find("Rf1") != std::string::npos);
  CHECK(es.find("Kf1") == std::string::npos);
  CHECK(en.find("Kf1") != std::string::npos);
}

}  // namespace planilla
