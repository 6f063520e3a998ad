// converters/normalize: every game ends up in OUT or in the rejects byte for byte, with its
// diagnostics as `;` lines in its own encoding; read == written + rejected.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "converters/pgn/reader.hpp"
#include "converters/run/normalize.hpp"

using namespace planilla;

namespace {

struct Run {
  RunStats stats;
  std::string out;
  std::string rejects;
  std::vector<Diagnostic> diagnostics;
};

Run run(const std::string& input, NormalizeOptions options = {}) {
  Run r;
  std::istringstream in(input);
  std::ostringstream out, rejects;
  r.stats = normalize(in, out, &rejects, options, [&](const Diagnostic& d) { r.diagnostics.push_back(d); });
  r.out = out.str();
  r.rejects = rejects.str();
  return r;
}

}  // namespace

// A reject's `;` lines are format_diagnostic()'s: every field, and each optional one only when set.
TEST_CASE("normalize: format_diagnostic, the text of a reject's `;` line") {
  struct Row {
    std::string name;
    Diagnostic d;
    std::string text;
  };
  auto diag = [](std::string file, std::uint32_t line, std::uint32_t column, std::uint32_t game, std::uint32_t ply,
                 std::uint32_t variation, std::uint64_t byte, std::vector<std::string> candidates) {
    Diagnostic d;
    d.code = Code::Ambiguous;
    d.message = "Nd2: two knights can reach d2";
    d.file = std::move(file);
    d.line = line;
    d.column = column;
    d.game = game;
    d.ply = ply;
    d.variation = variation;
    d.byte = byte;
    d.candidates = std::move(candidates);
    return d;
  };
  const Row rows[] = {
      {"every field", diag("a.pgn", 12, 7, 3, 15, 2, 4096, {"Nbd2", "Nfd2"}),
       "a.pgn:12:7: E-AMBIGUOUS: Nd2: two knights can reach d2 (candidates: Nbd2 Nfd2) (game 3, ply 15, variation 2, "
       "byte 4096)"},
      {"standard input, main line, no candidates", diag("", 1, 1, 1, 1, 0, 0, {}),
       "<stdin>:1:1: E-AMBIGUOUS: Nd2: two knights can reach d2 (game 1, ply 1, byte 0)"},
      {"game level, large numbers", diag("b.pgn", 4000000000u, 99, 4000000000u, 0, 0, 18000000000000000000u, {}),
       "b.pgn:4000000000:99: E-AMBIGUOUS: Nd2: two knights can reach d2 (game 4000000000, byte 18000000000000000000)"},
  };
  for (const Row& r : rows) {
    CAPTURE(r.name);
    CHECK(format_diagnostic(r.d) == r.text);
  }
}

TEST_CASE("normalize: good, illegal, garbage and Latin-1 games") {
  const std::string good = "[Event \"Good\"]\n\n1.e4 e5 2.Nf3 Nc6 1-0";
  const std::string illegal = "[Event \"Illegal\"]\r\n\r\n1. e4 e5 2. Ke3 *";
  const std::string garbage = "[Event \"Garbage\"]\n\n1. e4 pawn?? *";
  const std::string latin1 = "[Event \"Caf\xE9\"]\n\n1. e4 e5 2. Qh5 Ke7 3. Qxe5+ Kf6 4. Kf1 Kd6 5. Qd5+ Ke6 6. Zz9 *";
  const std::string warned = "[Event \"Warned\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5+ a6 *";
  const std::string input = good + "\n\n" + illegal + "\r\n\r\n" + garbage + "\n\n" + latin1 + "\n\n" + warned + "\n";
  NormalizeOptions options;
  options.read.file_name = "in.pgn";
  Run r = run(input, options);

  CHECK(r.stats.games == 5);
  CHECK(r.stats.written == 2);
  CHECK(r.stats.rejected == 3);
  CHECK(r.stats.games == r.stats.written + r.stats.rejected);
  CHECK(r.stats.warnings >= 1);  // Bb5+ is not check: a warning, the game is written

  CHECK(r.out.find("[Event \"Good\"]") != std::string::npos);
  CHECK(r.out.find("1. e4 e5 2. Nf3 Nc6 1-0") != std::string::npos);
  CHECK(r.out.find("[Event \"Warned\"]") != std::string::npos);
  CHECK(r.out.find("Illegal") == std::string::npos);

  // Every rejected game is in the rejects byte for byte, preceded by its diagnostics.
  for (const std::string* g : {&illegal, &garbage, &latin1}) CHECK(r.rejects.find(*g) != std::string::npos);
  CHECK(r.rejects.find("; in.pgn:7:13: E-ILLEGAL:") != std::string::npos);
  CHECK(r.rejects.find("E-SYNTAX: 'pawn?\?' is not a move") != std::string::npos);
  // The Latin-1 game's diagnostic lines are in Latin-1 too: no UTF-8 byte sequence in them.
  std::size_t latin_at = r.rejects.find(latin1);
  std::size_t comments_at = r.rejects.rfind("\n\n", latin_at);
  std::string latin_comments = r.rejects.substr(comments_at, latin_at - comments_at);
  CHECK(latin_comments.find("N-ENCODING") != std::string::npos);
  CHECK(latin_comments.find('\xC3') == std::string::npos);

  // The rejects stream reads back as the same three games (the ; lines are annotations).
  Run again = run(r.rejects);
  CHECK(again.stats.games == 3);
  CHECK(again.stats.rejected == 3);
  // And the normalized output reads back clean, and is a fixed point.
  Run clean = run(r.out);
  CHECK(clean.stats.games == 2);
  CHECK(clean.stats.rejected == 0);
  CHECK(clean.out == r.out);
}

TEST_CASE("normalize: tag-only games, games without tags, an unterminated last game") {
  const std::string input =
      "1. d4 d5 2. c4 *\n\n"
      "[Event \"Only tags\"]\n[Result \"0-1\"]\n\n"
      "[Event \"No end\"]\n\n1. e4 e5";
  Run r = run(input);
  CHECK(r.stats.games == 3);
  CHECK(r.stats.written == 3);
  CHECK(r.out.find("[Event \"Only tags\"]") != std::string::npos);
  CHECK(r.out.find("[Result \"0-1\"]\n\n0-1\n") != std::string::npos);
  CHECK(r.out.find("1. d4 d5 2. c4 *") != std::string::npos);
  CHECK(r.out.find("1. e4 e5 *") != std::string::npos);
  bool warned = false;
  for (const Diagnostic& d : r.diagnostics) warned = warned || (d.code == Code::ResultMismatch && d.game == 3);
  CHECK(warned);
}

TEST_CASE("normalize: a result written twice is read once, another result after it is a game of its own") {
  // `4. Qxf7# 1-0 1-0`: the same result again on its line is the game's, written twice: the game
  // keeps one result and a warning at the repeat (game numbers after it stay those of other
  // readers). `1-0 0-1`: the second token ends a game of no tags and no moves, kept (nothing is
  // lost) and said at its place. A game of tags and a result only, or moves and a result only,
  // is an ordinary game, and so is a result alone on its own line (an empty game). The fast lane
  // and the general reader say the same.
  struct Row {
    std::string second;  // what follows `4. Qxf7# 1-0`
    std::uint64_t games;
    Code code;
    std::uint32_t warned_game, ply;
    std::string message;
    std::string written;  // in the output
  };
  const std::vector<Row> rows{
      {" 1-0", 4, Code::ResultRepeated, 1, 7, "the result 1-0 written twice: read once", "4. Qxf7# 1-0\n"},
      {" 1-0\t1-0  1-0", 4, Code::ResultRepeated, 1, 7, "the result 1-0 written 4 times: read once", "4. Qxf7# 1-0\n"},
      {" 0-1", 5, Code::ResultMismatch, 2, 0, "a result alone, with no tags and no moves before it", "\n\n0-1\n"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.second);
    const std::string input = "[Event \"a\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0" + row.second +
                              "\n\n[Event \"Only tags\"]\n\n*\n\n1. d4 d5 *\n\n*\n";
    std::vector<Run> runs;
    for (bool fast : {false, true}) {
      CAPTURE(fast);
      NormalizeOptions options;
      options.read.fast_lane = fast;
      const Run& r = runs.emplace_back(run(input, options));
      CHECK(r.stats.games == row.games);
      CHECK(r.stats.written == row.games);
      REQUIRE(r.diagnostics.size() == 1);
      const Diagnostic& d = r.diagnostics[0];
      CHECK(d.code == row.code);
      CHECK(d.severity == Severity::Warning);
      CHECK(d.game == row.warned_game);
      CHECK(d.ply == row.ply);
      CHECK(d.line == 3);
      CHECK(d.column == 45);
      CHECK(input.substr(d.byte, 3) == row.second.substr(1, 3));
      CHECK(d.message.find(row.message) != std::string::npos);
      CHECK(d.message == runs[0].diagnostics[0].message);
      CHECK(r.out.find(row.written) != std::string::npos);
      CHECK(r.out == runs[0].out);
    }
  }
}

TEST_CASE("normalize: an explicit encoding override and a CP1251 game rejected in CP1251") {
  // "Карпов" in CP1251 in a tag, and an illegal move: the reject keeps the CP1251 bytes.
  const std::string game = "[White \"\xCA\xE0\xF0\xEF\xEE\xE2\"]\n\n1. e4 e5 2. Ke3 *";
  Run r = run(game + "\n");
  CHECK(r.stats.rejected == 1);
  CHECK(r.rejects.find(game) != std::string::npos);
  NormalizeOptions forced;
  forced.read.encoding = Encoding::Windows1251;
  Run ok = run("[White \"\xCA\xE0\xF0\xEF\xEE\xE2\"]\n\n1. e4 e5 *\n", forced);
  CHECK(ok.stats.written == 1);
  CHECK(ok.out.find("[White \"Карпов\"]") != std::string::npos);
  CHECK(ok.diagnostics.empty());  // forced: no detection note
}

TEST_CASE("normalize: a null rejects stream still counts and reports") {
  std::istringstream in("1. e4 e5 2. Ke3 *\n\n1. d4 *\n");
  std::ostringstream out;
  int reported = 0;
  RunStats s = normalize(in, out, nullptr, {}, [&](const Diagnostic&) { ++reported; });
  CHECK(s.games == 2);
  CHECK(s.rejected == 1);
  CHECK(s.written == 1);
  CHECK(reported == 1);
}
