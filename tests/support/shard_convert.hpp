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

// The PGN written, a "----" line, then every diagnostic with its byte (" @123").
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
  return out.str() + "----\n" + diagnostics;
}

// The part of convert_shard()'s result before / after the "----" line.
inline std::string games_part(const std::string& s) { return s.substr(0, s.find("----\n")); }
inline std::string diagnostics_part(const std::string& s) { return s.substr(s.find("----\n") + 5); }

}  // namespace planilla::test
