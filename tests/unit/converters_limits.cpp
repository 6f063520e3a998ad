// Limits of the PGN reader (README "Limits"): past each one the game gets E-LIMIT at the place
// where the limit was crossed and is read no further; just under it the game reads cleanly; the
// games before and after are read as usual.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/app.hpp"
#include "converters/pgn/reader.hpp"

using namespace planilla;

namespace {

const std::string kBefore = "[Event \"before\"]\n\n1. e4 e5 1-0\n\n";
const std::string kAfter = "[Event \"after\"]\n\n1. d4 d5 0-1\n";

struct Outcome {
  std::size_t games = 0;
  bool neighbours_clean = false;      // first and last game without errors
  const Diagnostic* limit = nullptr;  // the E-LIMIT of the middle game, if any
  std::size_t middle_errors = 0;
  std::vector<GameRecord> records;
};

Outcome read_between(const std::string& middle, const ReadOptions& options) {
  Outcome o;
  o.records = read_pgn(kBefore + middle + "\n\n" + kAfter, options);
  o.games = o.records.size();
  if (o.games != 3) return o;
  o.neighbours_clean = !o.records[0].has_errors() && !o.records[2].has_errors();
  for (const Diagnostic& d : o.records[1].diagnostics) {
    if (d.severity == Severity::Error) ++o.middle_errors;
    if (d.code == Code::LimitExceeded && !o.limit) o.limit = &d;
  }
  return o;
}

// One limit: `make(n)` builds a middle game that uses n units of the limited quantity.
struct Case {
  const char* name;
  std::size_t grammar::PgnParseOptions::*field;  // nullptr for max_depth (an int)
  std::size_t limit;
  std::string (*make)(std::size_t);
  const char* option;  // named in the message
  std::uint32_t line;  // where E-LIMIT is reported, in the file (kBefore is 4 lines)
  std::uint32_t column;
};

// The comment's lines are short, so only max_comment_bytes can stop it.
std::string comment(std::size_t n) {
  std::string text(n, 'c');
  for (std::size_t i = 79; i < n; i += 80) text[i] = '\n';
  return "[Event \"m\"]\n\n1. e4 {" + text + "} e5 *";
}
std::string tags(std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += "[T" + std::to_string(i) + " \"v\"]\n";
  return s + "\n1. e4 *";
}
std::string tag_value(std::size_t n) { return "[Event \"m\"]\n[Annotator \"" + std::string(n, 'a') + "\"]\n\n1. e4 *"; }
// Line 3 of the game is exactly n bytes long.
std::string line(std::size_t n) { return "[Event \"m\"]\n\n1. e4 e5 {" + std::string(n - 13, 'x') + "} *"; }
// A game of exactly n bytes, in short lines, so that only max_game_bytes can stop it.
std::string game(std::size_t n) {
  std::string text(n - 26, 'g');
  for (std::size_t i = 9; i < text.size(); i += 10) text[i] = '\n';
  return "[Event \"m\"]\n\n1. e4 e5 {" + text + "} *";
}
std::string moves(std::size_t n) {
  std::string s = "[Event \"m\"]\n\n";
  const char* cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  for (std::size_t i = 0; i < n; ++i) s += std::string(cycle[i % 4]) + (i % 8 == 7 ? "\n" : " ");
  return s + "*";
}
std::string depth(std::size_t n) {
  std::string s = "[Event \"m\"]\n\n1. e4 e5 ";
  for (std::size_t i = 0; i < n; ++i) s += "( e5 ";
  for (std::size_t i = 0; i < n; ++i) s += ") ";
  return s + "*";
}

}  // namespace

TEST_CASE("limits: just under passes, just over is E-LIMIT at its place, neighbours are read") {
  const Case cases[] = {
      {"comment", &grammar::PgnParseOptions::max_comment_bytes, 100, comment, "max_comment_bytes", 7, 8},
      {"tags", &grammar::PgnParseOptions::max_tags, 20, tags, "max_tags", 25, 1},
      {"tag value", &grammar::PgnParseOptions::max_tag_value_bytes, 100, tag_value, "max_tag_value_bytes", 6, 13},
      {"line", &grammar::PgnParseOptions::max_line_bytes, 200, line, "max_line_bytes", 7, 201},
      // The game's byte 200 is the comment's 177th: after its 17th line end, in column 8.
      {"game", &grammar::PgnParseOptions::max_game_bytes, 200, game, "max_game_bytes", 24, 8},
      {"moves", &grammar::PgnParseOptions::max_moves, 40, moves, "max_moves", 12, 1},
      {"depth", nullptr, 10, depth, "max_depth", 7, 60},
  };
  for (const Case& c : cases) {
    CAPTURE(std::string(c.name));
    ReadOptions options;
    if (c.field) options.limits.*c.field = c.limit;
    else options.limits.max_depth = static_cast<int>(c.limit);

    const Outcome under = read_between(c.make(c.limit), options);
    REQUIRE(under.games == 3);
    CHECK(under.neighbours_clean);
    CHECK(under.limit == nullptr);
    CHECK(under.middle_errors == 0);

    const Outcome over = read_between(c.make(c.limit + 1), options);
    REQUIRE(over.games == 3);
    CHECK(over.neighbours_clean);
    REQUIRE(over.limit != nullptr);
    CHECK(over.limit->severity == Severity::Error);
    CHECK(over.limit->game == 2);
    CHECK(over.limit->message.find(c.option) != std::string::npos);
    CHECK(over.limit->line == c.line);
    CHECK(over.limit->column == c.column);
    CHECK(over.records[1].original == c.make(c.limit + 1));  // rejected whole, byte for byte
  }
}

// n unreadable tokens (`Zz9`, an unknown piece letter), eight a line.
std::string unreadable(std::size_t n) {
  std::string s = "[Event \"m\"]\n\n";
  for (std::size_t i = 0; i < n; ++i) s += std::string("Zz9") + (i % 8 == 7 ? "\n" : " ");
  return s + "*";
}

TEST_CASE("limits: max_game_bytes is placed in CRLF, Latin-1 and UTF-8 text too") {
  // Only the line the limit falls on is decoded: its line counts every line end before it (a CRLF
  // once), its column the characters before the byte past the limit.
  struct Row {
    const char* name;
    std::string line_end;
    std::string letter;  // a character of the comment, in the file's own bytes
    std::size_t limit;
    std::uint32_t line, column;
  };
  // The game: `[Event "m"]`, a blank line, then `1. e4 e5 {` and lines of nine letters (the
  // file's lines 5 and 6, then 7 on; the comment's line k is the file's line 7 + k).
  const Row rows[] = {
      // 200 = 23 + 177: the comment's line 17, letter 8.
      {"LF", "\n", "g", 200, 24, 8},
      // 199 = 25 + 15 lines of 11 + 9: the CR after the comment's line 15.
      {"CRLF", "\r\n", "g", 199, 22, 10},
      // The byte past the limit is that CR's LF: backed off to the CR.
      {"CRLF, the limit between CR and LF", "\r\n", "g", 200, 22, 10},
      {"Latin-1", "\n", "\xE9", 200, 24, 8},
      // 201 = 23 + 9 lines of 19 + 7: the second byte of the line's 4th letter, backed off to its
      // first byte (column 4).
      {"UTF-8", "\n", "\xC3\xA9", 201, 16, 4},
  };
  for (const Row& r : rows) {
    CAPTURE(std::string(r.name));
    std::string comment;
    for (int i = 0; i < 60; ++i) {
      for (int k = 0; k < 9; ++k) comment += r.letter;
      comment += r.line_end;
    }
    const std::string game = "[Event \"m\"]" + r.line_end + r.line_end + "1. e4 e5 {" + comment + "} *";
    ReadOptions options;
    options.limits.max_game_bytes = r.limit;
    const Outcome over = read_between(game, options);
    REQUIRE(over.games == 3);
    CHECK(over.neighbours_clean);
    REQUIRE(over.limit != nullptr);
    CHECK(over.limit->message.find("max_game_bytes") != std::string::npos);
    CHECK(over.limit->ply == 0);  // the game's, not a move's: nothing of it was read
    CHECK(over.limit->line == r.line);
    CHECK(over.limit->column == r.column);
    CHECK(over.records[1].original == game);
  }
}

TEST_CASE("limits: a game stops at the move after its max_errors-th error") {
  ReadOptions options;
  options.limits.max_errors = 10;
  const Outcome under = read_between(unreadable(10), options);
  REQUIRE(under.games == 3);
  CHECK(under.neighbours_clean);
  CHECK(under.limit == nullptr);
  CHECK(under.middle_errors == 10);

  const Outcome over = read_between(unreadable(40), options);
  REQUIRE(over.games == 3);
  CHECK(over.neighbours_clean);
  REQUIRE(over.limit != nullptr);
  CHECK(over.middle_errors == 11);  // ten listed, then E-LIMIT
  CHECK(over.limit->message.find("max_errors") != std::string::npos);
  CHECK(over.limit->line == 8);  // the 11th token: line 2 of the movetext, 3rd token
  CHECK(over.limit->column == 9);
  CHECK(over.records[1].original == unreadable(40));  // rejected whole, byte for byte

  // Stray characters count too.
  std::string strays;
  for (int i = 0; i < 30; ++i) strays += "] ";
  const Outcome stray = read_between("[Event \"m\"]\n\n1. e4 " + strays + "e5 *", options);
  REQUIRE(stray.limit != nullptr);
  CHECK(stray.middle_errors == 11);
}

TEST_CASE("limits: the defaults let ordinary games through and stop absurd ones") {
  ReadOptions defaults;
  CHECK(defaults.limits.max_depth == 64);
  CHECK(defaults.limits.max_comment_bytes == std::size_t{16} << 20);
  CHECK(defaults.limits.max_tags == 1000);
  CHECK(defaults.limits.max_tag_value_bytes == std::size_t{64} << 10);
  CHECK(defaults.limits.max_line_bytes == std::size_t{16} << 20);
  CHECK(defaults.limits.max_game_bytes == std::size_t{16} << 20);
  CHECK(defaults.limits.max_moves == 50000);
  CHECK(defaults.limits.max_errors == 1000);
  // A comment past 16 MiB makes the game longer than 16 MiB too: the game's own size is looked
  // at first, before the game is read at all.
  const std::string long_comment = comment((std::size_t{16} << 20) + 1);
  const Outcome o = read_between(long_comment, defaults);
  REQUIRE(o.games == 3);
  REQUIRE(o.limit != nullptr);
  CHECK(o.limit->message.find("max_game_bytes") != std::string::npos);
  ReadOptions longer_games = defaults;
  longer_games.limits.max_game_bytes = std::size_t{32} << 20;
  const Outcome read = read_between(long_comment, longer_games);
  REQUIRE(read.games == 3);
  REQUIRE(read.limit != nullptr);
  CHECK(read.limit->message.find("max_comment_bytes") != std::string::npos);
}

TEST_CASE("limits: --limit NAME=VALUE on the command line") {
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "planilla_limits_cli.pgn";
  {
    std::ofstream f(file);
    f << kBefore << tags(5) << "\n\n" << kAfter;
  }
  auto run = [&](const std::string& command, std::string& out, std::string& err) {
    std::istringstream in;
    std::ostringstream o, e;
    auto cli = cli::make_app(cli::Io{in, o, e});
    const int code = cli::run(*cli, command);
    out = o.str();
    err = e.str();
    return code;
  };
  std::string out, err;
  // Inputs may follow --limit: one NAME=VALUE per occurrence.
  CHECK(run("check --limit max_tags=4 --limit max_moves=100 " + file.string(), out, err) == cli::kProblems);
  CHECK(out.find("E-LIMIT") != std::string::npos);
  CHECK(out.find("max_tags") != std::string::npos);
  CHECK(run("check --limit max_tags=5 " + file.string(), out, err) == cli::kOk);
  CHECK(run("normalize --limit max_tags=4 --rejects /dev/null " + file.string(), out, err) == cli::kProblems);
  CHECK(out.find("[Event \"before\"]") != std::string::npos);
  CHECK(out.find("[Event \"after\"]") != std::string::npos);
  CHECK(run("check --limit max_tags " + file.string(), out, err) == cli::kUsage);
  CHECK(err.find("NAME=VALUE") != std::string::npos);
  CHECK(run("check --limit max_frobs=3 " + file.string(), out, err) == cli::kUsage);
  CHECK(err.find("unknown limit 'max_frobs'") != std::string::npos);
  std::filesystem::remove(file);
}
