// The PGN reader on arbitrary bytes: split, decode, grammar, move parsing and resolving.
// Invariants beyond "no crash, no hang": reading the same bytes from memory and as a stream cut
// into tiny chunks finds the same games with the same original bytes (the splitter's chunk
// boundaries must not change where games end), the fast lane (converters/pgn/fast_reader.hpp) reads
// every game it takes exactly as the general reader does, a game written while it is read
// (read_job()'s `direct`) is written as its model is, and normalize loses no game
// (read == written + rejected, design decision 7).
#include <sstream>

#include "converters/pgn/pgn_writer.hpp"
#include "converters/pgn/reader.hpp"
#include "converters/run/normalize.hpp"
#include "tests/fuzz/fuzz_common.hpp"

using namespace planilla;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = fuzz::as_text(data, size);
  ReadOptions options;
  options.file_name = "fuzz.pgn";
  const std::vector<GameRecord> games = read_pgn(bytes, options);

  std::istringstream in{std::string(bytes)};
  ReadOptions streamed = options;
  streamed.chunk_size = 64;  // the smallest chunk the splitter accepts: boundaries everywhere
  PgnReader reader(in, streamed);
  GameRecord r;
  std::size_t n = 0;
  while (reader.next(r)) {
    PLANILLA_FUZZ_CHECK(n < games.size());
    PLANILLA_FUZZ_CHECK(r.original == games[n].original);
    PLANILLA_FUZZ_CHECK(r.offset == games[n].offset);
    PLANILLA_FUZZ_CHECK(r.diagnostics.size() == games[n].diagnostics.size());
    ++n;
  }
  PLANILLA_FUZZ_CHECK(n == games.size());

  // Both lanes of read_job(): the same model, diagnostics and encoding for every game.
  PgnReader jobs(bytes, options);
  GameJob job;
  while (jobs.next_job(job)) {
    GameJob copy = job, third = job;
    copy.raw.bytes = {};
    GameRecord fast, general, written;
    read_job(job, fast, options);
    ReadOptions no_lane = options;
    no_lane.fast_lane = false;
    read_job(copy, general, no_lane);
    ReadOptions unmodelled = options;
    unmodelled.keep_model = false;
    std::string direct_text;
    PgnWriter direct(direct_text);
    read_job(third, written, unmodelled, &direct);
    if (written.direct_visited) PLANILLA_FUZZ_CHECK(direct_text == write_pgn(general.game));
    PLANILLA_FUZZ_CHECK(fast.game == general.game);
    PLANILLA_FUZZ_CHECK(fast.diagnostics.size() == general.diagnostics.size());
    for (std::size_t i = 0; i < fast.diagnostics.size() && i < general.diagnostics.size(); ++i) {
      PLANILLA_FUZZ_CHECK(format_diagnostic(fast.diagnostics[i]) == format_diagnostic(general.diagnostics[i]));
      PLANILLA_FUZZ_CHECK(fast.diagnostics[i].written == general.diagnostics[i].written);
      PLANILLA_FUZZ_CHECK(fast.diagnostics[i].severity == general.diagnostics[i].severity);
    }
    PLANILLA_FUZZ_CHECK(fast.encoding == general.encoding);
    PLANILLA_FUZZ_CHECK(fast.original == general.original);
  }

  std::istringstream again{std::string(bytes)};
  std::ostringstream out, rejects;
  NormalizeOptions no;
  no.read = options;
  const RunStats stats = normalize(again, out, &rejects, no);
  PLANILLA_FUZZ_CHECK(stats.games == games.size());
  PLANILLA_FUZZ_CHECK(stats.games == stats.written + stats.rejected);
  return 0;
}
