// `--shard I/N` on arbitrary bytes. Invariants:
// - find_split_start(bytes, at) is the beginning or a game start of the whole run at or before
//   `at`, with that run's line, game count and encoding preference, and a splitter resumed there
//   cuts exactly the whole run's games from there on;
// - walking on from an earlier start (what a split index gives) finds the same start;
// - the N shards of `convert`, each read from its own start, concatenate to the whole run's
//   output and diagnostics. (One thread: below 256 KB the pipeline reads on one thread whatever
//   the job count, and a fuzz input is at most 16 KB; tests/unit/converters_pipeline.cpp and
//   converters_shard.cpp compare job counts on larger archives.)
// - the whole run cuts the same games with and without games of the usual shape cut whole
//   (SplitOptions::whole_usual_games), in memory and streamed; a game said to be ASCII is.
// The first byte chooses N (2 to 5); the rest is the input.
#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "converters/input/decode.hpp"
#include "converters/input/split.hpp"
#include "converters/pgn/reader.hpp"
#include "converters/run/convert.hpp"
#include "notation/language.hpp"
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/support/shard_convert.hpp"

using namespace planilla;
using planilla::test::convert_shard;
using planilla::test::diagnostics_part;
using planilla::test::games_part;

namespace {

bool same_start(const SplitStart& a, const SplitStart& b) {
  return a.offset == b.offset && a.line == b.line && a.games_before == b.games_before && a.encoding == b.encoding;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const unsigned count = 2 + data[0] % 4;
  const std::string_view bytes = fuzz::as_text(data + 1, size - 1);
  const std::vector<RawGame> whole = split_games(bytes);
  {
    GameSplitter bytewise(bytes, {.whole_usual_games = false});
    std::istringstream in{std::string(bytes)};
    GameSplitter streamed(in, {.chunk_size = 100});
    RawGame g, s;
    for (const RawGame& w : whole) {
      PLANILLA_FUZZ_CHECK(bytewise.next(g) && streamed.next(s));
      for (const RawGame* o : {&g, &s}) {
        PLANILLA_FUZZ_CHECK(o->bytes == w.bytes && o->offset == w.offset && o->line == w.line);
        PLANILLA_FUZZ_CHECK(o->column == w.column && o->number == w.number && o->terminated == w.terminated);
        PLANILLA_FUZZ_CHECK(!o->ascii || is_ascii(o->bytes));
      }
    }
    PLANILLA_FUZZ_CHECK(!bytewise.next(g) && !streamed.next(s));
  }

  // The encoding preference the whole run carries into each game (PgnReader's: the last
  // single-byte encoding detected).
  std::vector<std::optional<Encoding>> preference_before;
  std::optional<Encoding> preference;
  for (const RawGame& g : whole) {
    preference_before.push_back(preference);
    const Encoding e = detect_encoding(g.bytes, preference);
    if (is_single_byte(e)) preference = e;
  }

  const SplitReadAt read_at = [&](std::uint64_t offset, char* out, std::size_t length) {
    if (offset >= bytes.size()) return std::size_t{0};
    const std::size_t n = std::min<std::size_t>(length, bytes.size() - offset);
    std::copy_n(bytes.data() + offset, n, out);
    return n;
  };

  std::string games, diagnostics;
  SplitStart previous;
  for (unsigned i = 0; i < count; ++i) {
    const ByteRange range = shard_range(bytes.size(), i, count);
    const SplitStart start = find_split_start(bytes, range.begin);
    PLANILLA_FUZZ_CHECK(start.offset <= range.begin);
    PLANILLA_FUZZ_CHECK(start.offset >= previous.offset);
    // From the previous shard's start (an earlier one), the walk finds the same start.
    PLANILLA_FUZZ_CHECK(same_start(find_split_start(bytes, range.begin, std::nullopt, read_at, previous), start));
    previous = start;
    if (start.offset > 0) {
      std::size_t n = 0;
      while (n < whole.size() && whole[n].offset < start.offset) ++n;
      PLANILLA_FUZZ_CHECK(n < whole.size());
      PLANILLA_FUZZ_CHECK(whole[n].offset == start.offset);
      PLANILLA_FUZZ_CHECK(whole[n].line == start.line);
      PLANILLA_FUZZ_CHECK(whole[n].number == start.games_before + 1);
      PLANILLA_FUZZ_CHECK(preference_before[n] == start.encoding);
      GameSplitter resumed(bytes.substr(start.offset));
      resumed.resume(start.offset, start.line, start.games_before);
      RawGame g;
      for (; n < whole.size(); ++n) {
        PLANILLA_FUZZ_CHECK(resumed.next(g));
        PLANILLA_FUZZ_CHECK(g.offset == whole[n].offset && g.line == whole[n].line);
        PLANILLA_FUZZ_CHECK(g.column == whole[n].column && g.number == whole[n].number);
        PLANILLA_FUZZ_CHECK(g.bytes == whole[n].bytes);
      }
      PLANILLA_FUZZ_CHECK(!resumed.next(g));
    }
    const std::string part = convert_shard(std::string(bytes), range, start);
    games += games_part(part);
    diagnostics += diagnostics_part(part);
  }
  const std::string one_run = convert_shard(std::string(bytes), ByteRange{});
  PLANILLA_FUZZ_CHECK(games == games_part(one_run));
  PLANILLA_FUZZ_CHECK(diagnostics == diagnostics_part(one_run));
  return 0;
}
