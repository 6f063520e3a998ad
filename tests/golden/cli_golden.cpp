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
#include "converters/input/inputs.hpp"

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
    {"check_repeated_lines", "check tests/fixtures/pgn/repeated-lines.pgn --color never"},
    {"check_repeated_lines_html", "check tests/fixtures/pgn/repeated-lines.pgn --format html"},
    {"check_repeated_lines_json", "check tests/fixtures/pgn/repeated-lines.pgn --format json"},
    {"convert_repeated_lines_repair", "convert tests/fixtures/pgn/repeated-lines.pgn --to en --repair evident"},
    {"check_strict_spanish", "check samples/es-ruy-lopez.txt --from es --strict --color never"},
    {"check_notes_latin1", "check samples/latin1-zurich.pgn --notes --color never"},
    {"convert_es_to_en", "convert samples/es-ruy-lopez.txt --from es --to en"},
    {"convert_es_to_de", "convert samples/es-ruy-lopez.txt --from es --to de"},
    {"convert_auto_to_fr_zeros", "convert samples/es-ruy-lopez.txt --to fr --castling 0-0 --promotion none"},
    {"convert_ru_to_en", "convert samples/ru-ispanskaya.pgn --to en"},
    // Russian moves in a code page, with ASCII tags: the piece letters alone name the code page.
    {"check_ru_moves_cp866_notes", "check tests/fixtures/pgn/ru-opera-moves-cp866.pgn --notes --color never"},
    {"convert_ru_moves_cp1251_to_en", "convert tests/fixtures/pgn/ru-opera-moves-cp1251.pgn --to en"},
    {"convert_ru_koi8r_to_en", "convert tests/fixtures/pgn/ru-opera-koi8r.pgn --to en"},
    {"convert_de_to_figurine", "convert samples/de-opera.pgn --to figurine"},
    {"convert_fr_to_lan", "convert samples/fr-immortelle-toujours-verte.pgn --to en:lan"},
    {"convert_960_to_uci", "convert samples/chess960-sp140.pgn --to uci"},
    {"convert_960_shredder", "convert samples/chess960-sp140.pgn --to en --fen shredder"},
    {"convert_960_zeros", "convert samples/chess960-sp140.pgn --to en --castling 0-0"},
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
    {"check_warnings_listed",
     "check tests/fixtures/pgn/warnings.pgn --warnings w-mate-missing,W-PAWN-LETTER --color never"},
    {"check_errors_only_json", "check samples/errors.pgn --errors-only --format json"},
    {"check_warnings_bad_code", "check samples/errors.pgn --warnings W-NO-SUCH"},
    {"normalize_warnings_counted", "normalize tests/fixtures/pgn/warnings.pgn -o /dev/null --rejects /dev/null"},
    {"normalize_warnings_all",
     "normalize tests/fixtures/pgn/warnings.pgn -o /dev/null --rejects /dev/null --warnings all --color never"},
    // Candidates and suggestions in each game's own letters unless --lang asks for others; JSON
    // Lines with the position before the move and the players (a fast-lane game's warning too).
    {"check_lang_default_es", "check tests/fixtures/pgn/es-errores.pgn --color never"},
    {"check_lang_en", "check tests/fixtures/pgn/es-errores.pgn --lang en --color never"},
    {"check_json_fen_players", "check tests/fixtures/pgn/es-errores.pgn --format json"},
    // The caret under a move after CJK and emoji (two terminal cells each).
    {"check_caret_wide_chars", "check tests/fixtures/pgn/wide-chars-caret.pgn --color never"},
    // Inputs (issue 20): a directory gives *.pgn and compressed PGN; other files when named or
    // --include'd, counted as skipped otherwise; binary files and missing files do not stop the rest.
    {"check_dir_default", "check tests/fixtures/dir --color never"},
    {"check_dir_include", "check tests/fixtures/dir --include *.md --color never"},
    {"check_dir_only_other_files", "check tests/fixtures/dir/notes --color never"},
    {"check_binary_named",
     "check tests/fixtures/dir/board.png tests/fixtures/dir/notes/dump.bin tests/fixtures/dir/games.pgn --color never"},
    {"check_missing_among_others", "check samples/no-such-file.pgn tests/fixtures/dir/games.pgn --color never"},
    {"check_gzip_json", "check tests/fixtures/dir/sub/more.pgn.gz --format json"},
    {"convert_dir_skipped", "convert tests/fixtures/dir --to es"},
    // Broken records: tags with a missing ] or no quotes are read (W-TAG-QUOTE); a tag line that
    // is no tag pair is E-TAG and kept as written in a comment, the game read on; a ) that closes
    // nothing is skipped. No game's tags or moves are dropped.
    {"convert_broken_records", "convert tests/fixtures/pgn/broken-records.pgn --to de"},
    // A game read only to a limit is kept as written, after `;` lines saying why, not cut short.
    {"convert_limit_kept_as_written", "convert tests/fixtures/pgn/broken-records.pgn --to de --limit max_moves=20"},
    {"normalize_broken_records",
     "normalize tests/fixtures/pgn/broken-records.pgn --rejects /dev/null --warnings all --color never"},
};

std::string run_command(const std::string& command) {
  std::istringstream in;
  std::ostringstream out, err;
  auto cli = planilla::cli::make_app(planilla::cli::Io{in, out, err});
  int code = planilla::cli::run(*cli, command);
  return "$ planilla " + command + "\n[exit " + std::to_string(code) + "]\n--- stdout\n" + out.str() + "--- stderr\n" +
         err.str();
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
  CHECK(actual.find("planilla: " + dir.string() + ": no PGN files in this directory (it is empty)") !=
        std::string::npos);
  CHECK(actual.find("summary: 0 files, 0 games") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("-o NAME.gz / .zst / .xz: written compressed through the run's temporary, read back as the plain output") {
  std::filesystem::current_path(PLANILLA_SOURCE_DIR);
  const auto dir = std::filesystem::temp_directory_path() / "planilla-golden-compressed-out";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string plain = run_command("convert tests/fixtures/dir/games.pgn --to es -q");
  const std::string stdout_text =
      plain.substr(plain.find("--- stdout\n") + 11, plain.find("--- stderr") - plain.find("--- stdout\n") - 11);
  REQUIRE(stdout_text.find("1. e4 e5") != std::string::npos);
  struct Row {
    const char* name;
    std::string_view magic;
  };
  for (const Row& r : {Row{"out.pgn.gz", "\x1F\x8B"}, Row{"out.pgn.zst", "\x28\xB5\x2F\xFD"},
                       Row{"out.pgn.xz",
                           "\xFD"
                           "7zXZ"}}) {
    CAPTURE(r.name);
    const auto out = dir / r.name;
    const std::string result = run_command("convert tests/fixtures/dir/games.pgn --to es -q -o " + out.string());
    CHECK(result.find("[exit 1]") != std::string::npos);  // the fixture has an illegal move
    std::ifstream f(out, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    CHECK(bytes.substr(0, r.magic.size()) == r.magic);
    // Decompressed as open_input() does (told by its magic bytes): the plain output again.
    std::string error;
    auto in = planilla::open_input({out.string(), out.string()}, error);
    REQUIRE(in);
    const std::string back((std::istreambuf_iterator<char>(*in)), std::istreambuf_iterator<char>());
    CHECK(back == stdout_text);
    CHECK(planilla::input_failure(*in).empty());
  }
  // Nothing but the three outputs: no temporary left beside them.
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  CHECK(files == 3);
  std::filesystem::remove_all(dir);
}

TEST_CASE("--shard I/16 of a file: the 16 reports concatenate to one run's (the CLI's mapped start-finding)") {
  std::filesystem::current_path(PLANILLA_SOURCE_DIR);
  const auto path = std::filesystem::temp_directory_path() / "planilla-golden-shards.pgn";
  {
    std::ofstream out(path, std::ios::binary);
    for (int copy = 0; copy < 3; ++copy)
      for (const char* name : {"samples/errors.pgn", "samples/latin1-zurich.pgn", "samples/de-opera.pgn",
                               "tests/fixtures/dir/games.pgn", "samples/chess960-sp140.pgn"}) {
        std::ifstream in(name, std::ios::binary);
        REQUIRE(in.good());
        out << in.rdbuf() << "\n\n";
      }
  }
  auto body = [](const std::string& result) {
    const std::size_t from = result.find("--- stdout\n") + 11;
    std::string text = result.substr(from, result.find("--- stderr") - from);
    // Each run ends with its own summary line.
    return text.substr(0, text.rfind("{\"type\":\"summary\""));
  };
  const std::string whole = body(run_command("check " + path.string() + " --format json --jobs 1"));
  REQUIRE(whole.find("E-ILLEGAL") != std::string::npos);
  std::string shards;
  for (int i = 1; i <= 16; ++i)
    shards +=
        body(run_command("check " + path.string() + " --format json --jobs 1 --shard " + std::to_string(i) + "/16"));
  CHECK(shards == whole);

  // With a split index beside the file (a start every KiB here): the same reports.
  const std::string indexed = run_command("index " + path.string() + " --every 1K");
  CHECK(indexed.find("[exit 0]") != std::string::npos);
  CHECK(indexed.find(".planilla-index: ") != std::string::npos);
  shards.clear();
  for (int i = 1; i <= 16; ++i) {
    const std::string result =
        run_command("check " + path.string() + " --format json --jobs 1 --shard " + std::to_string(i) + "/16");
    CHECK(result.find("planilla-index") == std::string::npos);  // used, so nothing said about it
    shards += body(result);
  }
  CHECK(shards == whole);
  // The file changed after `planilla index`: each shard says so, walks from the beginning, and
  // the reports still concatenate to one run's.
  {
    std::ofstream more(path, std::ios::binary | std::ios::app);
    more << "\n[Event \"added\"]\n\n1. e4 e5 2. Ke3 *\n";
  }
  const std::string whole_after = body(run_command("check " + path.string() + " --format json --jobs 1"));
  shards.clear();
  for (int i = 1; i <= 16; ++i) {
    const std::string result =
        run_command("check " + path.string() + " --format json --jobs 1 --shard " + std::to_string(i) + "/16");
    if (i > 1) CHECK(result.find("the file changed since the index was written") != std::string::npos);
    shards += body(result);
  }
  CHECK(shards == whole_after);
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + ".planilla-index");
}
