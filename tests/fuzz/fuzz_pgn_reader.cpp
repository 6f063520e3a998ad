// The PGN reader on arbitrary bytes: split, decode, grammar, move parsing and resolving.
// Invariants beyond "no crash, no hang": reading the same bytes from memory and as a stream cut
// into tiny chunks finds the same games with the same original bytes (the splitter's chunk
// boundaries must not change where games end), and normalize loses no game
// (read == written + rejected, design decision 7).
#include <sstream>

#include "converters/normalize.hpp"
#include "converters/reader.hpp"
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

  std::istringstream again{std::string(bytes)};
  std::ostringstream out, rejects;
  NormalizeOptions no;
  no.read = options;
  const NormalizeStats stats = normalize(again, out, &rejects, no);
  PLANILLA_FUZZ_CHECK(stats.read == games.size());
  PLANILLA_FUZZ_CHECK(stats.read == stats.written + stats.rejected);
  return 0;
}
