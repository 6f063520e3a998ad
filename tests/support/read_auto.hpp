// The first game of a PGN text read as `planilla check --from auto` reads it, for the unit tests
// of detection, suggestions and mixed languages. Header-only: it asserts with doctest, which the
// test-support library does not link.
#pragma once

#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "converters/arbiter/detect.hpp"
#include "converters/pgn/reader.hpp"

namespace planilla::test {

inline GameRecord read_auto(const std::string& pgn, const ReadOptions& options = {}) {
  std::istringstream in(pgn);
  PgnReader reader(in, options);
  NotationSpec from;
  from.auto_detect = true;
  GameRecord r;
  REQUIRE(read_next_game(reader, r, options, from));
  return r;
}

}  // namespace planilla::test
