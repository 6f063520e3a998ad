// Golden CLI tests: each row runs one planilla command in-process on samples/ and compares the
// exit code, stdout and stderr with tests/golden/expected/NAME.txt.
// After a deliberate change of output: PLANILLA_UPDATE_GOLDEN=1 ./golden_tests, then review
// the diff of tests/golden/expected/ before committing it.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "cli/app.hpp"

namespace {

struct GoldenCase {
  const char* name;
  const char* command;  // without the leading "planilla"
};

// One row per subcommand × format, on the samples shipped with the repository.
constexpr GoldenCase kCases[] = {
    {"check_samples_text", "check samples --color never"},
    {"check_errors_json", "check samples/errors.pgn --format json"},
    {"check_errors_html", "check samples/errors.pgn --format html"},
    {"check_strict_spanish", "check samples/es-ruy-lopez.txt --from es --strict --color never"},
    {"check_notes_latin1", "check samples/latin1-zurich.pgn --notes --color never"},
    {"convert_es_to_en", "convert samples/es-ruy-lopez.txt --from es --to en"},
    {"convert_es_to_de", "convert samples/es-ruy-lopez.txt --from es --to de"},
    {"convert_auto_to_fr_zeros", "convert samples/es-ruy-lopez.txt --to fr --castling 0-0 --promotion none"},
    {"convert_ru_to_en", "convert samples/ru-ispanskaya.pgn --to en"},
    {"convert_de_to_figurine", "convert samples/de-opera.pgn --to figurine"},
    {"convert_fr_to_lan", "convert samples/fr-immortelle-toujours-verte.pgn --to en:lan"},
    {"convert_960_to_uci", "convert samples/chess960-sp140.pgn --to uci"},
    {"convert_960_shredder", "convert samples/chess960-sp140.pgn --to en --fen shredder"},
    {"convert_latin1_to_iccf", "convert samples/latin1-zurich.pgn --to iccf"},
    {"convert_to_es_spoken", "convert samples/de-opera.pgn --to es:spoken --phonetic"},
    {"convert_to_en_spoken", "convert samples/de-opera.pgn --to en:spoken"},
    {"convert_errors", "convert samples/errors.pgn --to en"},
    {"convert_bad_to", "convert samples/de-opera.pgn --to xx"},
    {"convert_missing_file", "convert samples/no-such-file.pgn"},
    {"normalize_errors", "normalize samples/errors.pgn --rejects /dev/null"},
    {"languages", "languages"},
    {"show_startpos", "show startpos"},
    {"show_moves_es", "show --moves \"1.e4 e5 2.Cf3 Cc6 3.Ab5\" --from es"},
    {"show_svg", "show \"nbrqnkbr/pppppppp/8/8/8/8/PPPPPPPP/NBRQNKBR w HChc - 0 1\" --svg"},
    {"perft_divide", "perft startpos 2 --divide"},
    {"perft_bad_fen", "perft \"rnbqkbnr/pppppppp/8/8 w\" 1"},
    {"unknown_subcommand", "frobnicate"},
    // Typed scoresheets with a header (converters/pgn/scoresheet.hpp), in four languages.
    {"scoresheet_es_to_en", "convert samples/es-planilla-gijon.txt --to en"},
    {"scoresheet_es_check_notes", "check samples/es-planilla-gijon.txt --notes --color never"},
    {"scoresheet_de_to_en", "convert tests/fixtures/scoresheets/de-bonn.txt --to en"},
    {"scoresheet_ru_to_en", "convert tests/fixtures/scoresheets/ru-klub.txt --to en"},
    {"scoresheet_en_json", "check tests/fixtures/scoresheets/en-hastings.txt --notes --format json"},
    // Which diagnostics are printed: --warnings and --errors-only (all are counted).
    {"check_warnings_none", "check tests/fixtures/pgn/warnings.pgn samples/errors.pgn --warnings none --color never"},
    {"check_warnings_listed", "check tests/fixtures/pgn/warnings.pgn --warnings w-mate-missing,W-PAWN-LETTER --color never"},
    {"check_errors_only_json", "check samples/errors.pgn --errors-only --format json"},
    {"check_warnings_bad_code", "check samples/errors.pgn --warnings W-NO-SUCH"},
    {"normalize_warnings_counted", "normalize tests/fixtures/pgn/warnings.pgn -o /dev/null --rejects /dev/null"},
    {"normalize_warnings_all", "normalize tests/fixtures/pgn/warnings.pgn -o /dev/null --rejects /dev/null --warnings all --color never"},
    // Candidates and suggestions in each game's own letters unless --lang asks for others; JSON
    // Lines with the position before the move and the players (a fast-lane game's warning too).
    {"check_lang_default_es", "check tests/fixtures/pgn/es-errores.pgn --color never"},
    {"check_lang_en", "check tests/fixtures/pgn/es-errores.pgn --lang en --color never"},
    {"check_json_fen_players", "check tests/fixtures/pgn/es-errores.pgn --format json"},
    // The caret under a move after CJK and emoji (two terminal cells each).
    {"check_caret_wide_chars", "check tests/fixtures/pgn/wide-chars-caret.pgn --color never"},
};

std::string run_command(const std::string& command) {
  std::istringstream in;
  std::ostringstream out, err;
  auto cli = planilla::cli::make_app(planilla::cli::Io{in, out, err});
  int code = planilla::cli::run(*cli, command);
  return "$ planilla " + command + "\n[exit " + std::to_string(code) + "]\n--- stdout\n" + out.str() +
         "--- stderr\n" + err.str();
}

}  // namespace

TEST_CASE("golden CLI outputs on samples/") {
  std::filesystem::current_path(PLANILLA_SOURCE_DIR);
  const bool update = std::getenv("PLANILLA_UPDATE_GOLDEN") != nullptr;
  for (const GoldenCase& c : kCases) {
    CAPTURE(c.name);
    std::string actual = run_command(c.command);
    std::string path = std::string("tests/golden/expected/") + c.name + ".txt";
    if (update) {
      std::ofstream(path, std::ios::binary) << actual;
      continue;
    }
    std::ifstream f(path, std::ios::binary);
    REQUIRE_MESSAGE(f.good(), "missing golden file " << path << " (run with PLANILLA_UPDATE_GOLDEN=1)");
    std::string expected((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    CHECK(actual == expected);
  }
}
