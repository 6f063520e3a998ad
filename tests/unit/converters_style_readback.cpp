// Issue 18: every output style planilla writes as PGN reads back in planilla to the same game
// (moves, comments, NAGs, variations, result): SAN, LAN and long in every language, figurine,
// UCI, ICCF, and the descriptive styles (whose comments, NAGs and variations the descriptive
// reader takes in PGN form). The spoken style is not PGN (one move a line, no tags): not here.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "converters/pgn/game.hpp"
#include "converters/pgn/reader.hpp"
#include "converters/run/convert.hpp"
#include "notation/language.hpp"
#include "notation/spec.hpp"
#include "notation/style.hpp"

using namespace planilla;

namespace {

// Comments before and after moves, NAGs ($n and a suffix glyph), nested variations (one starting
// on Black's move), captures, both castlings, en passant, a promotion, checks and a result.
const char* const kAnnotated =
    "[Event \"annotated\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"B\"]\n"
    "[Result \"1-0\"]\n\n"
    "{Before the first move} 1. e4 $1 {king's pawn} 1... e5 2. Nf3 (2. f4 exf4 (2... d5 3. exd5) 3. Nf3 $14) "
    "2... Nc6 $6 3. Bb5 {the Spanish} 3... a6 4. Ba4 Nf6 5. O-O (5. Qe2 b5 6. Bb3 Be7) 5... Be7 6. d4 "
    "exd4 7. e5 Ne4 8. c3 d5 9. exd6 {en passant} 9... Qxd6 10. cxd4 Bf5 11. Nc3 O-O-O 12. Bxc6 Qxc6 13. Ne5 "
    "Qb6 14. Nxf7 Rdf8 15. Nxh8 Rxh8 16. Qg4+ Kb8 17. Qxg7 Bg5 18. Qxh8+ Ka7 19. f3 Bxc1 20. Raxc1 Nd2 21. Rf2 Qxd4 "
    "22. Nd5 Qxd5 23. Rxd2 Qxd2 24. Qxh7 Qxb2 25. h4 Qxa2 26. h5 Be6 27. h6 Qa5 28. Qg7 Bc4 29. h7 Bd5 30. h8=Q "
    "{promotion} 1-0\n\n";

// A Chess960 game: castling on the king's other side is written as king takes rook in UCI.
const char* const k960 =
    "[Event \"960\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"B\"]\n"
    "[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
    "[FEN \"nbrqnkbr/pppppppp/8/8/8/8/PPPPPPPP/NBRQNKBR w HChc - 0 1\"]\n\n"
    "1. f4 h6 2. g3 {a comment} 2... f5 3. Ng2 $1 Bf7 4. e4 O-O (4... Nd6 5. Qe2) 5. Qg4 Nf6 6. O-O-O *\n\n";

std::string run(const std::string& input, const NotationSpec& from, const NotationSpec& to) {
  std::istringstream in(input);
  std::ostringstream out;
  ConvertOptions o;
  o.from = from;
  o.to = to;
  std::string errors;
  convert(in, out, o, [&](const GameRecord& r) {
    for (const Diagnostic& d : r.diagnostics)
      if (d.severity == Severity::Error) errors += format_diagnostic(d) + "\n";
  });
  CHECK(errors == "");
  return out.str();
}

std::vector<Game> games(const std::string& pgn) {
  std::istringstream in(pgn);
  ReadOptions options;
  PgnReader reader(in, options);
  std::vector<Game> out;
  GameRecord r;
  while (reader.next(r)) out.push_back(r.game);
  return out;
}

}  // namespace

TEST_CASE("every PGN output style reads back to the same game in planilla") {
  NotationSpec en;
  en.language = find_language("en");
  NotationSpec detect;
  detect.auto_detect = true;
  std::size_t styles = 0, descriptive = 0;
  for (const std::string& input : {std::string(kAnnotated), std::string(k960)}) {
    const std::string reference = run(input, detect, en);
    const std::vector<Game> expected = games(reference);
    REQUIRE(expected.size() == 1);
    CHECK(expected[0].main.moves.size() >= 5);
    std::vector<std::string> specs;
    for (const StyleRow& row : kStyleTable) {
      if (row.layout != StyleLayout::Pgn && row.layout != StyleLayout::Descriptive) continue;
      if (!row.needs_language) {
        specs.push_back(std::string(row.name));
        continue;
      }
      for (const Language& lang : all_languages())
        specs.push_back(std::string(lang.code) + ":" + std::string(row.name));
    }
    for (const std::string& name : specs) {
      auto spec = parse_spec(name, false);
      if (!spec) continue;
      const bool is_desc = is_descriptive(spec->style);
      if (is_desc && !descriptive_style(*spec)) continue;  // descriptive is written in en and es only
      if (is_desc && input == k960) continue;              // descriptive notation has no Chess960 castling
      CAPTURE(name);
      ++styles;
      if (is_desc) ++descriptive;
      const std::string written = run(reference, en, *spec);
      if (is_desc) {
        CHECK(written.find('$') != std::string::npos);  // NAGs and variations are really in it
        CHECK(written.find('(') != std::string::npos);
      }
      const std::string back = run(written, *spec, en);
      const std::vector<Game> got = games(back);
      REQUIRE(got.size() == 1);
      std::string why;
      CHECK_MESSAGE(equivalent(expected[0], got[0], &why), why);
      CHECK(back == reference);
      // Detection reads the descriptive output too.
      if (is_desc) CHECK(run(written, detect, en) == reference);
    }
  }
  CHECK(descriptive == 3);  // en:descriptive, en:descriptive-classic, es:descriptive
  CHECK(styles > 50);
}
