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
    // Inputs (issue 20): a directory gives *.pgn and compressed PGN; other files when named or
    // --include'd, counted as skipped otherwise; binary files and missing files do not stop the rest.
    {"check_dir_default", "check tests/fixtures/dir --color never"},
    {"check_dir_only_other_files", "check tests/fixtures/dir/notes --color never"},
    {"check_binary_named", "check tests/fixtures/dir/board.png tests/fixtures/dir/notes/dump.bin tests/fixtures/dir/games.pgn --color never"},
    {"check_missing_among_others", "check samples/no-such-file.pgn tests/fixtures/dir/games.pgn --color never"},
    {"check_gzip_json", "check tests/fixtures/dir/sub/more.pgn.gz --format json"},
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

TEST_CASE("an empty directory says so") {
  std::filesystem::current_path(PLANILLA_SOURCE_DIR);
  const auto dir = std::filesystem::temp_directory_path() / "planilla-golden-empty";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string actual = run_command("check " + dir.string() + " --color never");
  CHECK(actual.find("planilla: " + dir.string() + ": no PGN files in this directory (it is empty)") != std::string::npos);
  CHECK(actual.find("summary: 0 files, 0 games") != std::string::npos);
  std::filesystem::remove_all(dir);
}
