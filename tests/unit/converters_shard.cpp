// `--shard I/N`: the N byte ranges of an input, cut at game starts, give outputs (converted
// games, normalized games, rejects and diagnostics with their game numbers, lines and bytes)
// that concatenate to the output of one run over the whole input.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "converters/input/inputs.hpp"
#include "converters/run/convert.hpp"
#include "converters/run/normalize.hpp"
#include "tests/support/files.hpp"
#include "tests/support/shard_archives.hpp"
#include "tests/support/shard_convert.hpp"

using namespace planilla;
using planilla::test::adversarial_archive;
using planilla::test::diagnostics_part;
using planilla::test::games_part;
using planilla::test::large_archive;

namespace {

// A game cut by a resumed splitter against the same game of the whole run.
void check_same_game(const RawGame& g, const RawGame& w) {
  CHECK(g.offset == w.offset);
  CHECK(g.line == w.line);
  CHECK(g.column == w.column);
  CHECK(g.number == w.number);
  CHECK(g.bytes == w.bytes);
}
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

// convert --to de of `input` restricted to `range`, read from the beginning.
std::string convert_range(const std::string& input, ByteRange range, unsigned jobs = 1) {
  return test::convert_shard(input, range, SplitStart{}, jobs);
}

// As convert_range(), the way `--shard` reads a file: from find_split_start()'s game start at or
// before the range (the stream positioned there), not from the input's beginning.
std::string convert_from_start(const std::string& input, ByteRange range, unsigned jobs = 1) {
  const SplitStart start = find_split_start(input, range.begin);
  REQUIRE(start.offset <= range.begin);
  return test::convert_shard(input, range, start, jobs);
}

// The encoding preference a whole run carries into each game (PgnReader's: the last single-byte
// encoding detected).
std::vector<std::optional<Encoding>> preferences(const std::vector<RawGame>& games) {
  std::vector<std::optional<Encoding>> before;
  std::optional<Encoding> preference;
  for (const RawGame& g : games) {
    before.push_back(preference);
    const Encoding e = detect_encoding(g.bytes, preference);
    if (is_single_byte(e)) preference = e;
  }
  return before;
}

// find_split_start(input, at) for each of `offsets`: a game start of the whole run at or before
// `at`, with its line, number and encoding preference, from which a resumed splitter cuts the
// next `follow` games (all: 0) as the whole run does. Returns how many starts were past at / 2.
std::size_t check_starts(const std::string& input, const std::vector<std::uint64_t>& offsets, std::size_t follow = 0) {
  const std::vector<RawGame> whole = split_games(input);
  const std::vector<std::optional<Encoding>> before = preferences(whole);
  std::size_t near = 0;
  for (const std::uint64_t at : offsets) {
    CAPTURE(at);
    const SplitStart start = find_split_start(input, at);
    REQUIRE(start.offset <= at);
    if (start.offset == 0) continue;
    auto it = std::lower_bound(whole.begin(), whole.end(), start.offset,
                               [](const RawGame& g, std::uint64_t offset) { return g.offset < offset; });
    REQUIRE(it != whole.end());
    REQUIRE(it->offset == start.offset);
    CHECK(it->line == start.line);
    CHECK(it->number == start.games_before + 1);
    CHECK(before[static_cast<std::size_t>(it - whole.begin())] == start.encoding);
    GameSplitter resumed(std::string_view(input).substr(start.offset));
    resumed.resume(start.offset, start.line, start.games_before);
    RawGame g;
    std::size_t n = 0;
    for (auto w = it; w != whole.end() && (follow == 0 || n < follow); ++w, ++n) {
      REQUIRE(resumed.next(g));
      check_same_game(g, *w);
    }
    if (follow == 0) CHECK(!resumed.next(g));
    near += start.offset > at / 2;
  }
  return near;
}

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
        check_same_game(g, *w);
      }
      CHECK(!resumed.next(g));
      fast_starts += start.offset > at / 2;
    }
    CHECK(fast_starts > input.size() / 4);  // starts are found near the range, not only at 0
  }
}

TEST_CASE("find_split_start past its 64 KB window: long comments, a long game, CRLF, tag values across lines") {
  const std::string input = large_archive();
  REQUIRE(input.size() > 3 * 65536);
  std::vector<std::uint64_t> offsets;
  for (std::uint64_t at = 1; at < input.size(); at += 1237) offsets.push_back(at);
  // Around the long comments' and the long game's starts, and the end.
  for (const char* mark :
       {"[Event \"long comment\"]", "[Event \"left open\"]", "[Event \"long game\"]", "[Event \"value"})
    for (std::size_t at = input.find(mark), k = 0; k < 40; ++k) offsets.push_back(at - 20 + k);
  offsets.push_back(input.size());
  CHECK(check_starts(input, offsets, 50) > offsets.size() / 2);
}

TEST_CASE("find_split_start: a CR in a game of the usual shape (an old Mac line end, CRLF movetext)") {
  // Tags and blank lines by LF, as the masks' usual shape wants, with CRs only in the movetext: a
  // lone CR ends a line for the splitter (and so for the game's line numbers), a CR before an LF
  // does not. The start-finding walk counts lines by LF, so such a game must be cut by the
  // splitter, not from the masks.
  const std::string tags = "[Event \"usual\"]\n[Site \"x\"]\n[Result \"1-0\"]\n\n";
  std::string input;
  for (int i = 0; i < 400; ++i) {
    const char* line_end = i % 7 == 3 ? "\r" : i % 7 == 5 ? "\r\n" : "\n";
    input += tags + "1. e4 e5 2. Nf3 Nc6" + line_end + "3. Bb5 a6" + line_end + "4. O-O Nf6 1-0\n\n";
  }
  std::vector<std::uint64_t> offsets;
  for (std::uint64_t at = 1; at < input.size(); at += 331) offsets.push_back(at);
  offsets.push_back(input.size());
  CHECK(check_starts(input, offsets, 30) > offsets.size() / 2);
}

TEST_CASE("find_split_start on the corpus: the splitter's starts, lines, numbers and encodings at many offsets") {
  const std::filesystem::path root = PLANILLA_CORPUS_DIR;
  if (!std::filesystem::exists(root)) {
    MESSAGE("corpus not found: " << root.string() << " (skipped)");
    return;
  }
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root))
    if (e.is_regular_file() && (e.path().extension() == ".pgn" || e.path().extension() == ".txt"))
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() > 10);
  std::uint64_t bytes = 0;
  for (const auto& path : files) {
    CAPTURE(path.string());
    const std::string input = test::read_bytes(path);
    if (input.empty()) continue;
    bytes += input.size();
    // More offsets in small files; in large ones, a few dozen (each walks the prefix).
    const std::uint64_t count = input.size() > (1u << 20) ? 12 : 32;
    std::vector<std::uint64_t> offsets;
    for (std::uint64_t k = 1; k <= count; ++k) offsets.push_back(input.size() * k / count - (k % 3));
    check_starts(input, offsets, 40);
  }
  CHECK(bytes > 0);
}

TEST_CASE("file_split_start reads a file by windows and agrees with find_split_start on its bytes") {
  const std::string input = large_archive();
  const auto path = std::filesystem::temp_directory_path() / "planilla-unit-split-start.pgn";
  {
    std::ofstream out(path, std::ios::binary);
    out << input;
  }
  for (std::uint64_t at = 1; at < input.size(); at += 9973) {
    CAPTURE(at);
    const SplitStart a = file_split_start(InputFile{path.string(), path.string()}, at, std::nullopt);
    const SplitStart b = find_split_start(input, at);
    CHECK(a.offset == b.offset);
    CHECK(a.line == b.line);
    CHECK(a.games_before == b.games_before);
    CHECK(a.encoding == b.encoding);
  }
  std::filesystem::remove(path);
}

TEST_CASE("find_split_start: short reads give the same starts (less is checked from the masks)") {
  const std::string input = large_archive();
  for (const std::size_t most : {std::size_t{0}, std::size_t{1}, std::size_t{700}, std::size_t{40000}}) {
    CAPTURE(most);
    const SplitReadAt short_reads = [&](std::uint64_t offset, char* out, std::size_t length) {
      if (offset >= input.size()) return std::size_t{0};
      const std::size_t n = std::min({length, most, input.size() - static_cast<std::size_t>(offset)});
      std::memcpy(out, input.data() + offset, n);
      return n;
    };
    for (std::uint64_t at = 1; at < input.size(); at += 7919) {
      CAPTURE(at);
      const SplitStart a = find_split_start(input, at, std::nullopt, short_reads);
      const SplitStart b = find_split_start(input, at);
      CHECK(a.offset == b.offset);
      CHECK(a.line == b.line);
      CHECK(a.games_before == b.games_before);
      CHECK(a.encoding == b.encoding);
    }
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

TEST_CASE("shards of an input larger than the start-finding window concatenate to one run") {
  const std::string input = large_archive();
  const std::string whole = convert_from_start(input, ByteRange{});
  for (unsigned n : {3u, 16u}) {
    CAPTURE(n);
    std::string games, diagnostics;
    for (unsigned i = 0; i < n; ++i) {
      const std::string part = convert_from_start(input, shard_range(input.size(), i, n), 1 + i % 2);
      games += games_part(part);
      diagnostics += diagnostics_part(part);
    }
    CHECK(games == games_part(whole));
    CHECK(diagnostics == diagnostics_part(whole));
  }
}
