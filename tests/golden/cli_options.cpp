// Option values in any case, mistyped subcommands, and the hint when stdin is a terminal; the
// CLI run in-process on samples/ (issues 18 and 20).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "cli/app.hpp"
#include "cli/common.hpp"

namespace {

struct Run {
  int code;
  std::string out, err;
};

Run run(const std::string& command, const std::string& input = "", bool stdin_is_terminal = false) {
  std::istringstream in(input);
  std::ostringstream out, err;
  planilla::cli::Io io{in, out, err};
  io.in_is_terminal = stdin_is_terminal;
  auto cli = planilla::cli::make_app(io);
  int code = planilla::cli::run(*cli, command);
  return {code, out.str(), err.str()};
}

}  // namespace

TEST_CASE("option values are case-insensitive and map to one canonical value") {
  std::filesystem::current_path(PLANILLA_SOURCE_DIR);
  struct Row {
    const char* canonical;
    const char* other_case;
  };
  const Row rows[] = {
      {"check samples/errors.pgn --format html", "check samples/errors.pgn --format HTML"},
      {"check samples/errors.pgn --format json", "check samples/errors.pgn --format Json"},
      {"check samples/errors.pgn --format text --color never", "check samples/errors.pgn --format TEXT --color NEVER"},
      {"check samples/errors.pgn --color always", "check samples/errors.pgn --color Always"},
      {"check samples/es-ruy-lopez.txt --from es --lang es --color never",
       "check samples/es-ruy-lopez.txt --from ES --lang Es --color never"},
      {"convert samples/es-ruy-lopez.txt --from es --to de:lan",
       "convert samples/es-ruy-lopez.txt --from ES --to DE:LAN"},
      {"convert samples/es-ruy-lopez.txt --from auto --to figurine",
       "convert samples/es-ruy-lopez.txt --from AUTO --to Figurine"},
      {"convert samples/de-opera.pgn --to uci", "convert samples/de-opera.pgn --to UCI"},
      {"convert samples/de-opera.pgn --to es:spoken", "convert samples/de-opera.pgn --to ES:SPOKEN"},
      {"convert samples/es-ruy-lopez.txt --castling O-O --promotion none --checks no",
       "convert samples/es-ruy-lopez.txt --castling o-o --promotion NONE --checks No"},
      {"convert samples/chess960-sp140.pgn --fen shredder", "convert samples/chess960-sp140.pgn --fen SHREDDER"},
      {"convert samples/errors.pgn --repair evident", "convert samples/errors.pgn --repair Evident"},
      {"convert samples/latin1-zurich.pgn --encoding latin1", "convert samples/latin1-zurich.pgn --encoding LATIN1"},
      {"convert samples/de-opera.pgn --limit max_moves=5", "convert samples/de-opera.pgn --limit MAX_MOVES=5"},
      {"normalize samples/errors.pgn --rejects /dev/null --fen xfen --to figurine",
       "normalize samples/errors.pgn --rejects /dev/null --fen XFEN --to FIGURINE"},
      {"convert samples/errors.pgn --color always", "convert samples/errors.pgn --color ALWAYS"},
      {"normalize samples/errors.pgn --rejects /dev/null --color never",
       "normalize samples/errors.pgn --rejects /dev/null --color Never"},
      {"show startpos", "show STARTPOS"},
      {"perft startpos 1", "perft StartPos 1"},
  };
  for (const Row& row : rows) {
    CAPTURE(std::string(row.other_case));
    Run canonical = run(row.canonical);
    Run other = run(row.other_case);
    CHECK(canonical.code != planilla::cli::kUsage);  // the canonical spelling is accepted
    CHECK(other.code == canonical.code);
    CHECK(other.out == canonical.out);
    CHECK(other.err == canonical.err);
  }
  // `check --format HTML` writes the HTML report, not the text one (the bug this fixes).
  CHECK(run("check samples/errors.pgn --format HTML").out.rfind("<!DOCTYPE html>", 0) == 0);
  // A value outside the set is still refused, with the set named.
  Run bad = run("convert samples/de-opera.pgn --castling 0-0-0");
  CHECK(bad.code == planilla::cli::kUsage);
  CHECK(bad.err.find("O-O") != std::string::npos);
}

TEST_CASE("--color: each command's diagnostics coloured or not, as asked") {
  std::filesystem::current_path(PLANILLA_SOURCE_DIR);
  // The streams here are no terminal: auto is plain, always colours (check writes its report to
  // stdout, convert and normalize their diagnostics to stderr).
  for (const char* command : {"check samples/errors.pgn", "convert samples/errors.pgn -o /dev/null",
                              "normalize samples/errors.pgn -o /dev/null --rejects /dev/null --warnings all"}) {
    CAPTURE(command);
    const auto shown = [](const Run& r) { return r.out + r.err; };
    CHECK(shown(run(std::string(command))).find('\x1b') == std::string::npos);
    CHECK(shown(run(std::string(command) + " --color never")).find('\x1b') == std::string::npos);
    CHECK(shown(run(std::string(command) + " --color always")).find("\x1b[1;31m") != std::string::npos);
  }
  // auto: a terminal, unless NO_COLOR is set and not empty (no-color.org).
  ::unsetenv("NO_COLOR");
  CHECK(planilla::cli::use_color("auto", true));
  CHECK(!planilla::cli::use_color("auto", false));
  ::setenv("NO_COLOR", "1", 1);
  CHECK(!planilla::cli::use_color("auto", true));
  CHECK(planilla::cli::use_color("always", false));
  ::setenv("NO_COLOR", "", 1);
  CHECK(planilla::cli::use_color("auto", true));
  ::unsetenv("NO_COLOR");
  CHECK(!planilla::cli::use_color("never", true));
}

TEST_CASE("a mistyped subcommand gets the nearest one") {
  struct Row {
    const char* command;
    const char* message;  // the first line of stderr
  };
  const Row rows[] = {
      {"chek", "planilla: unknown subcommand 'chek'; did you mean 'check'?"},
      {"chek games.pgn --strict", "planilla: unknown subcommand 'chek'; did you mean 'check'?"},
      {"CHECK", "planilla: unknown subcommand 'CHECK'; did you mean 'check'?"},
      {"convet game.pgn", "planilla: unknown subcommand 'convet'; did you mean 'convert'?"},
      {"normalise a.pgn", "planilla: unknown subcommand 'normalise'; did you mean 'normalize'?"},
      {"lang", "planilla: unknown subcommand 'lang'; did you mean 'languages'?"},
      {"perf startpos 1", "planilla: unknown subcommand 'perf'; did you mean 'perft'?"},
      {"frobnicate",
       "planilla: unknown subcommand 'frobnicate'; the subcommands are check, convert, normalize, index, book, show, "
       "perft, languages"},
  };
  for (const Row& row : rows) {
    CAPTURE(std::string(row.command));
    Run r = run(row.command);
    CHECK(r.code == planilla::cli::kUsage);
    CHECK(r.out.empty());
    CHECK(r.err.substr(0, r.err.find('\n')) == row.message);
  }
  // A real subcommand with a bad option keeps CLI11's own message.
  Run r = run("check --no-such-option");
  CHECK(r.code == planilla::cli::kUsage);
  CHECK(r.err.find("unknown subcommand") == std::string::npos);
  // No word at all: the help, with the subcommands and the examples.
  Run bare = run("");
  CHECK(bare.code == planilla::cli::kUsage);
  CHECK(bare.out.empty());
  CHECK(bare.err.find("Subcommands:") != std::string::npos);
  CHECK(bare.err.find("planilla convert scoresheet.txt --from es --to en") != std::string::npos);
}

TEST_CASE("reading stdin from a terminal says how to end the input") {
  std::filesystem::current_path(PLANILLA_SOURCE_DIR);
  const char* game = "1. e4 e5 2. Nf3 Nc6 *\n";
  for (const std::string command : {"check", "convert", "normalize --rejects /dev/null", "check -"}) {
    CAPTURE(command);
    Run terminal = run(command, game, true);
    CAPTURE(terminal.err);
    CHECK(terminal.err.find("Ctrl-D") != std::string::npos);
    CHECK(terminal.code == 0);
    Run piped = run(command, game, false);
    CHECK(piped.err.find("Ctrl-D") == std::string::npos);
    CHECK(piped.out == terminal.out);
  }
  // Files named: no hint, even on a terminal.
  CHECK(run("check samples/de-opera.pgn", "", true).err.find("Ctrl-D") == std::string::npos);
}
