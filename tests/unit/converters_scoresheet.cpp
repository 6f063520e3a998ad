// A typed scoresheet's header lines read into tags (converters/pgn/scoresheet.hpp), and the game
// around them read as it would be without them.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "converters/pgn/reader.hpp"
#include "converters/pgn/scoresheet.hpp"
#include "notation/language.hpp"

using namespace planilla;

namespace {

std::map<std::string, std::string> tags_of(const ScoresheetHeader& h) {
  std::map<std::string, std::string> out;
  for (const ScoresheetTag& t : h.tags) out[t.name] = t.value;
  return out;
}

struct HeaderRow {
  const char* name;
  const char* text;
  const char* language;
  std::map<std::string, std::string> tags;
  std::size_t comments;
};

}  // namespace

TEST_CASE("scoresheet headers in nine languages become tags") {
  const HeaderRow rows[] = {
      {"es",
       "Torneo Abierto de Gijón\nRonda 3\nBlancas: Pérez, Juan\nNegras: López\nFecha: 12/03/2024\n"
       "Resultado: 1-0\n\n1.e4 e5 1-0",
       "es",
       {{"Event", "Torneo Abierto de Gijón"},
        {"Round", "3"},
        {"White", "Pérez, Juan"},
        {"Black", "López"},
        {"Date", "2024.03.12"},
        {"Result", "1-0"}},
       0},
      {"en",
       "Event: Club Championship\nSite: Leeds\nWhite: Smith\nBlack: Jones\nDate: 2024-05-01\n1. e4 e5 *",
       "en",
       {{"Event", "Club Championship"},
        {"Site", "Leeds"},
        {"White", "Smith"},
        {"Black", "Jones"},
        {"Date", "2024.05.01"}},
       0},
      {"de",
       "Turnier: Stadtmeisterschaft\nRunde 5\nWeiss: Müller\nSchwarz: Schmidt\nDatum: 4.11.2023\n"
       "Ergebnis: remis\n1. e4 c5",
       "de",
       {{"Event", "Stadtmeisterschaft"},
        {"Round", "5"},
        {"White", "Müller"},
        {"Black", "Schmidt"},
        {"Date", "2023.11.04"},
        {"Result", "1/2-1/2"}},
       0},
      {"fr",
       "Tournoi open de Paris\nRonde: 1\nBlancs: Dupont\nNoirs: Martin\nRésultat: 0-1\n1. e4 e5",
       "fr",
       {{"Event", "Tournoi open de Paris"},
        {"Round", "1"},
        {"White", "Dupont"},
        {"Black", "Martin"},
        {"Result", "0-1"}},
       0},
      {"it",
       "Luogo: Roma\nTurno: 4\nBianco: Rossi\nNero: Bianchi\nData: 01/02/2022\n1. d4 d5",
       "it",
       {{"Site", "Roma"}, {"Round", "4"}, {"White", "Rossi"}, {"Black", "Bianchi"}, {"Date", "2022.02.01"}},
       0},
      {"pt",
       "Torneio Aberto do Porto\nRodada: 2\nBrancas: Silva\nPretas: Costa\n1. c4",
       "pt",
       {{"Event", "Torneio Aberto do Porto"}, {"Round", "2"}, {"White", "Silva"}, {"Black", "Costa"}},
       0},
      {"nl",
       "Toernooi: Hoogovens\nWit: Jansen\nZwart: de Vries\nUitslag: 1-0\n1. e4",
       "nl",
       {{"Event", "Hoogovens"}, {"White", "Jansen"}, {"Black", "de Vries"}, {"Result", "1-0"}},
       0},
      {"ca",
       "Torneig: Obert de Sants\nBlanques: Puig\nNegres: Vila\nResultat: 1/2-1/2\n1. e4",
       "ca",
       {{"Event", "Obert de Sants"}, {"White", "Puig"}, {"Black", "Vila"}, {"Result", "1/2-1/2"}},
       0},
      {"ru",
       "Турнир: Чемпионат клуба\nТур 2\nБЕЛЫЕ: Иванов\nЧерные: Петров\nДата: 15.05.2024\n1. e4",
       "ru",
       {{"Event", "Чемпионат клуба"}, {"Round", "2"}, {"White", "Иванов"}, {"Black", "Петров"}, {"Date", "2024.05.15"}},
       0},
      {"players line",
       "Torneo de Primavera\nGarcía - Fernández\nPartida rápida del viernes\n1.e4 e5",
       "es",
       {{"Event", "Torneo de Primavera"}, {"White", "García"}, {"Black", "Fernández"}},
       1},
  };
  for (const HeaderRow& row : rows) {
    CAPTURE(row.name);
    auto h = read_scoresheet_header(row.text);
    REQUIRE(h.has_value());
    CHECK(h->language == row.language);
    CHECK(tags_of(*h) == row.tags);
    CHECK(h->comments.size() == row.comments);
    std::string_view rest = std::string_view(row.text).substr(h->end);
    CHECK(rest.find_first_not_of(" \n") == rest.find_first_of("1"));  // the block ends before the moves
  }
}

TEST_CASE("text that is no scoresheet header is left to the move reader") {
  const char* rows[] = {
      "1. e4 e5 2. Nf3 *",                       // moves only
      "[Event \"x\"]\n\n1. e4 *",                // a PGN tag section
      "White resigned after move 40\n1. e4 *",   // a sentence starting with a header word
      "Some notes about this game\n1. e4 e5 *",  // free text, no header word
      "Blancas\n1. e4 *",                        // a header word with no value
  };
  for (const char* text : rows) {
    CAPTURE(text);
    CHECK_FALSE(read_scoresheet_header(text).has_value());
  }
}

TEST_CASE("scoresheet dates in PGN form") {
  struct Row {
    const char* text;
    bool day_first;
    const char* expected;  // nullptr: no date
  };
  const Row rows[] = {
      {"12/03/2024", true, "2024.03.12"},
      {"12.03.2024", true, "2024.03.12"},
      {"2024-03-12", true, "2024.03.12"},
      {"2024/3/9", false, "2024.03.09"},
      {"13/03/24", false, "2024.03.13"},
      {"03/13/2024", false, "2024.03.13"},
      {"03/04/2024", false, "2024.??.??"},
      {"04/04/1999", false, "1999.04.04"},
      {"32/13/2024", true, nullptr},
      {"yesterday", true, nullptr},
      {"12/03", true, nullptr},
  };
  for (const Row& r : rows) {
    CAPTURE(r.text);
    auto d = pgn_date(r.text, r.day_first);
    if (r.expected) CHECK(d == std::optional<std::string>(r.expected));
    else CHECK_FALSE(d.has_value());
  }
}

TEST_CASE("a scoresheet with a header reads as one game with tags, moves where they were written") {
  const std::string text =
      "Torneo Abierto de Gijón\nRonda 3\nBlancas: Pérez, Juan\nNegras: López\nFecha: 12/03/2024\n"
      "Resultado: 1-0\n\n1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Ax6 1-0\n";
  ReadOptions o;
  o.language = find_language("es");
  auto games = read_pgn(text, o);
  REQUIRE(games.size() == 1);  // the header's "1-0" does not end a game
  const GameRecord& g = games[0];
  REQUIRE(g.game.tag("White") != nullptr);
  CHECK(*g.game.tag("White") == "Pérez, Juan");
  REQUIRE(g.game.tag("Result") != nullptr);
  CHECK(*g.game.tag("Result") == "1-0");
  CHECK(g.game.main.moves.size() == 7);
  int header_notes = 0, errors = 0;
  for (const Diagnostic& d : g.diagnostics) {
    header_notes += d.code == Code::ScoresheetHeader;
    if (d.severity == Severity::Error) {
      ++errors;
      CHECK(d.line == 8);     // the typo 4.Ax6, on the line where it was typed
      CHECK(d.column == 32);  // where the move grammar stopped, as without a header
    }
  }
  CHECK(header_notes == 1);
  CHECK(errors == 1);
}
