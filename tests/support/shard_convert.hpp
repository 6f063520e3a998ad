// `convert --to de` of the games that start in a byte range, read the way `--shard` reads a file:
// from a game start find_split_start() gave (the stream positioned there; {} for the beginning).
// Shared by the shard unit tests and fuzz_shards; header-only, since the fuzz build
// (PLANILLA_FUZZ) builds tests/fuzz without the test-support library.
#pragma once

#include <sstream>
#include <string>

#include "converters/input/split.hpp"
#include "converters/pgn/reader.hpp"
#include "converters/run/convert.hpp"
#include "notation/language.hpp"

namespace planilla::test {

// The size of the PGN written and a line end, the PGN, then every diagnostic with its byte
// (" @123"). (A size, not a separator line: a game kept as written may hold any line.)
inline std::string convert_shard(const std::string& input, ByteRange range, const SplitStart& start = {},
                                 unsigned jobs = 1) {
  std::istringstream in(input);
  in.seekg(static_cast<std::streamoff>(start.offset));  // as `--shard` positions the file
  std::ostringstream out;
  ConvertOptions o;
  o.from.auto_detect = true;
  o.read.language = &english();
  o.read.range_begin = range.begin;
  o.read.range_end = range.end;
  o.read.start = start;
  o.to.language = find_language("de");
  o.jobs = jobs;
  std::string diagnostics;
  convert(in, out, o, [&](const GameRecord& r) {
    for (const Diagnostic& d : r.diagnostics)
      diagnostics += format_diagnostic(d) + " @" + std::to_string(d.byte) + "\n";
  });
  const std::string games = out.str();
  return std::to_string(games.size()) + "\n" + games + diagnostics;
}

// The PGN / the diagnostics of convert_shard()'s result.
inline std::string games_part(const std::string& s) {
  const std::size_t eol = s.find('\n');
  return s.substr(eol + 1, std::stoull(s.substr(0, eol)));
}
inline std::string diagnostics_part(const std::string& s) {
  const std::size_t eol = s.find('\n');
  return s.substr(eol + 1 + std::stoull(s.substr(0, eol)));
}

}  // namespace planilla::test
