// `--shard I/N`: the N byte ranges of an input, cut at game starts, give outputs (converted
// games, normalized games, rejects and diagnostics with their game numbers, lines and bytes)
// that concatenate to the output of one run over the whole input.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

#include "converters/run/convert.hpp"
#include "converters/run/normalize.hpp"

using namespace planilla;

namespace {
std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// The sample files in several encodings and languages, with broken games (errors.pgn).
std::string sample_archive() {
  std::string all;
  for (const char* name : {"de-opera.pgn", "errors.pgn", "latin1-zurich.pgn", "fr-immortelle-toujours-verte.pgn",
                           "ru-ispanskaya.pgn", "chess960-sp140.pgn", "es-ruy-lopez.txt"}) {
    std::string text = read_file(std::string(PLANILLA_SOURCE_DIR) + "/samples/" + name);
    REQUIRE(!text.empty());
    all += text;
    all += "\n\n";
  }
  return all + all + all;
}

// convert --to de of `input` restricted to `range`: the PGN written, then every diagnostic.
std::string convert_range(const std::string& input, ByteRange range, unsigned jobs = 1) {
  std::istringstream in(input);
  std::ostringstream out;
  ConvertOptions o;
  o.from.auto_detect = true;
  o.read.language = &english();
  o.read.range_begin = range.begin;
  o.read.range_end = range.end;
  o.to.language = find_language("de");
  o.jobs = jobs;
  std::string diagnostics;
  convert(in, out, o, [&](const GameRecord& r) {
    for (const Diagnostic& d : r.diagnostics) diagnostics += format_diagnostic(d) + "\n";
  });
  return out.str() + "----\n" + diagnostics;
}

// As convert_range(), the way `--shard` reads a file: from find_split_start()'s game start at or
// before the range (the stream positioned there), not from the input's beginning.
std::string convert_from_start(const std::string& input, ByteRange range, unsigned jobs = 1) {
  std::istringstream in(input);
  std::ostringstream out;
  ConvertOptions o;
  o.from.auto_detect = true;
  o.read.language = &english();
  o.read.range_begin = range.begin;
  o.read.range_end = range.end;
  o.read.start = find_split_start(input, range.begin);
  REQUIRE(o.read.start.offset <= range.begin);
  in.seekg(static_cast<std::streamoff>(o.read.start.offset));
  o.to.language = find_language("de");
  o.jobs = jobs;
  std::string diagnostics;
  convert(in, out, o, [&](const GameRecord& r) {
    for (const Diagnostic& d : r.diagnostics)
      diagnostics += format_diagnostic(d) + " @" + std::to_string(d.byte) + "\n";
  });
  return out.str() + "----\n" + diagnostics;
}

// Boundaries a start rule could take for a game start and must not: `\n\n[Event "` inside a
// comment (closed and left open), inside a tag value, after a result followed by a line comment
// or a tag on the same line, a tag section with blank lines inside (ChessBase), tag-only games,
// a result inside a comment, CRLF lines, a Latin-1 game (its encoding carried to the next
// games), `0-0` castling and `*` in a comment; and the cutter's case of a tag pair ending a
// comment left open, then a blank line and a tag name repeated from the game before.
std::string adversarial_archive() {
  std::string all = "\xEF\xBB\xBF[Event \"bom\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
  all += "[Event \"c1\"]\n[Result \"*\"]\n\n1. e4 {a comment\n\n[Event \"inside\"]\nstill the comment} e5 2. Ke3 *\n\n";
  all += "[Event \"tag value\n\n[Event \\\"x\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n";
  all +=
      "[Event \"open\"]\n[White \"A\"]\n\n1. e4 {never closed 1-0\n\n[Event \"after open\"]\n[Event "
      "\"again\"]\n\n[White \"B\"]\n\n1. d4 Nf6 2. Kd3 *\n\n";
  all +=
      "[Event \"semi\"]\n\n1. e4 e5 1-0 ; trailing\n\n[Event \"after semi\"]\n\n1. c4 0-1 [Site \"same "
      "line\"]\n\n[Round \"2\"]\n\n1. Nf3 *\n\n";
  all += "[Event \"cb\"]\n\n[Site \"blank inside\"]\n[Result \"*\"]\n\n1. e4 { 1-0 } e5 { * } 2. O-O-O *\n\n";
  all += "[Event \"tags only\"]\n\n[Event \"tags only 2\"]\n\n";
  all += "[Event \"crlf\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 e5 2. 0-0 1-0\r\n\r\n";
  all += "[Event \"Z\xFCrich\"]\n[White \"M\xFCller\"]\n[Result \"*\"]\n\n1. e4 {\xE9l\xE8ve} Kxe7 *\n\n";
  all +=
      "[Event \"after latin1\"]\n[Black \"Gr\xE4"
      "f\"]\n\n1. d4 (1. e4 e5 1-0) d5 2. Qd3 Kd7 3. Qxh7 *\n\n";
  all += "1. e4 e5 *\n\n1. d4 1/2-1/2\n\n[Event \"last\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
  std::string twice = all + "\n" + all.substr(3);
  return twice;
}

// The part of convert_range()'s result before / after the "----" line.
std::string games_part(const std::string& s) { return s.substr(0, s.find("----\n")); }
std::string diagnostics_part(const std::string& s) { return s.substr(s.find("----\n") + 5); }
}  // namespace

TEST_CASE("shard_range: N ranges cover the input without gaps; the last runs to the end") {
  CHECK(shard_range(100, 0, 1).begin == 0);
  CHECK(shard_range(100, 0, 1).end == UINT64_MAX);
  CHECK(shard_range(100, 0, 3).begin == 0);
  CHECK(shard_range(100, 0, 3).end == 33);
  CHECK(shard_range(100, 1, 3).begin == 33);
  CHECK(shard_range(100, 1, 3).end == 66);
  CHECK(shard_range(100, 2, 3).begin == 66);
  CHECK(shard_range(100, 2, 3).end == UINT64_MAX);
  // No overflow for huge inputs: 2^62 bytes in 7 ranges.
  const std::uint64_t huge = std::uint64_t{1} << 62;
  for (unsigned i = 0; i + 1 < 7; ++i) CHECK(shard_range(huge, i, 7).end == shard_range(huge, i + 1, 7).begin);
  CHECK(shard_range(huge, 6, 7).begin > shard_range(huge, 5, 7).begin);
}

TEST_CASE("convert: N shards concatenate to one run (games, diagnostics with game numbers, lines, bytes)") {
  const std::string input = sample_archive();
  const std::string whole = convert_range(input, ByteRange{});
  REQUIRE(whole.find("1. e4 e5 2. Sf3 d6") != std::string::npos);
  REQUIRE(diagnostics_part(whole).find("E-ILLEGAL") != std::string::npos);
  for (unsigned n : {2u, 3u, 7u, 16u}) {
    CAPTURE(n);
    std::string games, diagnostics;
    for (unsigned i = 0; i < n; ++i) {
      const std::string part = convert_range(input, shard_range(input.size(), i, n), i % 2 ? 2 : 1);
      games += games_part(part);
      diagnostics += diagnostics_part(part);
    }
    CHECK(games == games_part(whole));
    CHECK(diagnostics == diagnostics_part(whole));
  }
}

TEST_CASE("a game straddling a boundary belongs to the shard where it starts") {
  const std::string a = "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
  const std::string b = "[Event \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";
  const std::string c = "[Event \"C\"]\n[Result \"*\"]\n\n1. d4 Nf6 2. Ke3 *\n";  // illegal: game 3, line 14
  const std::string input = a + b + c;
  const std::uint64_t mid_b = a.size() + b.size() / 2;  // a boundary inside game B
  const std::string first = convert_range(input, ByteRange{0, mid_b});
  const std::string second = convert_range(input, ByteRange{mid_b, UINT64_MAX});
  CHECK(games_part(first).find("[Event \"A\"]") != std::string::npos);
  CHECK(games_part(first).find("[Event \"B\"]") != std::string::npos);  // starts in the first range
  CHECK(games_part(first).find("[Event \"C\"]") == std::string::npos);
  CHECK(games_part(second).find("[Event \"B\"]") == std::string::npos);
  CHECK(games_part(second).find("[Event \"C\"]") != std::string::npos);
  CHECK(diagnostics_part(second).find("(game 3, ply 3") != std::string::npos);
  CHECK(diagnostics_part(second).find(":14:") != std::string::npos);  // the line in the whole input
  const std::string whole = convert_range(input, ByteRange{});
  CHECK(games_part(first) + games_part(second) == games_part(whole));
  CHECK(diagnostics_part(first) + diagnostics_part(second) == diagnostics_part(whole));
  // A boundary exactly at a game's first byte gives that game to the later shard.
  const std::string at_b = convert_range(input, ByteRange{a.size(), UINT64_MAX});
  CHECK(games_part(at_b).find("[Event \"B\"]") != std::string::npos);
  CHECK(games_part(convert_range(input, ByteRange{0, a.size()})).find("[Event \"B\"]") == std::string::npos);
}

TEST_CASE("normalize: shards concatenate to one run, rejects included") {
  const std::string input = sample_archive();
  auto run = [&](ByteRange r, std::string& rejects_out) {
    std::istringstream in(input);
    std::ostringstream out, rejects;
    NormalizeOptions o;
    o.from.auto_detect = true;
    o.read.range_begin = r.begin;
    o.read.range_end = r.end;
    normalize(in, out, &rejects, o);
    rejects_out = rejects.str();
    return out.str();
  };
  std::string whole_rejects;
  const std::string whole = run(ByteRange{}, whole_rejects);
  REQUIRE(!whole_rejects.empty());
  std::string out, rejects;
  for (unsigned i = 0; i < 4; ++i) {
    std::string r;
    out += run(shard_range(input.size(), i, 4), r);
    rejects += r;
  }
  CHECK(out == whole);
  CHECK(rejects == whole_rejects);
}

TEST_CASE("find_split_start: a start the whole run cuts, with its line, number and the splitter's state") {
  for (const std::string& input : {adversarial_archive(), sample_archive()}) {
    const std::vector<RawGame> whole = split_games(input);
    REQUIRE(whole.size() > 20);
    std::size_t fast_starts = 0;
    for (std::uint64_t at = 0; at <= input.size(); ++at) {
      CAPTURE(at);
      const SplitStart start = find_split_start(input, at);
      REQUIRE(start.offset <= at);
      if (start.offset == 0) continue;
      // A game start of the whole run, with that run's line and number ...
      auto it = std::find_if(whole.begin(), whole.end(), [&](const RawGame& g) { return g.offset == start.offset; });
      REQUIRE(it != whole.end());
      CHECK(it->line == start.line);
      CHECK(it->number == start.games_before + 1);
      // ... from which a splitter cuts the rest exactly as the whole run does.
      GameSplitter resumed(std::string_view(input).substr(start.offset));
      resumed.resume(start.offset, start.line, start.games_before);
      RawGame g;
      for (auto w = it; w != whole.end(); ++w) {
        REQUIRE(resumed.next(g));
        CHECK(g.offset == w->offset);
        CHECK(g.line == w->line);
        CHECK(g.column == w->column);
        CHECK(g.number == w->number);
        CHECK(g.bytes == w->bytes);
      }
      CHECK(!resumed.next(g));
      fast_starts += start.offset > at / 2;
    }
    CHECK(fast_starts > input.size() / 4);  // starts are found near the range, not only at 0
  }
}

TEST_CASE("shards read from find_split_start concatenate to one run, adversarial boundaries included") {
  for (const std::string& input : {adversarial_archive(), sample_archive()}) {
    const std::string whole = convert_from_start(input, ByteRange{});
    REQUIRE(diagnostics_part(whole).find("E-ILLEGAL") != std::string::npos);
    for (unsigned n = 2; n <= 16; ++n) {
      CAPTURE(n);
      std::string games, diagnostics;
      for (unsigned i = 0; i < n; ++i) {
        const std::string part = convert_from_start(input, shard_range(input.size(), i, n), i % 3 == 1 ? 2 : 1);
        games += games_part(part);
        diagnostics += diagnostics_part(part);
      }
      CHECK(games == games_part(whole));
      CHECK(diagnostics == diagnostics_part(whole));
    }
  }
}
