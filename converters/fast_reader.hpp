// The fast lane of the reader. Most games of real archives are plain ASCII PGN whose every move
// is canonical SAN in one letter set: for them a hand-written scanner and a direct SAN resolver
// replace the PEGTL game grammar, the move grammar and the general resolver (README,
// "Performance"). The fast lane reports nothing: at the first thing that would need a word — a
// diagnostic of any kind, a construct it does not know (non-ASCII bytes, `%` lines, glyph tokens,
// e.p. marks, draw offers, a token it cannot read cleanly) — it stops and returns false, and the
// caller reads the game the general way (converters/reader.hpp), which reports everything. So the
// fast lane changes the speed, never the output; tests/unit/fast_reader_tests.cpp and the corpus
// tier compare the two lanes game by game.
#pragma once

#include "converters/reader.hpp"
#include "converters/visitor.hpp"

namespace planilla {

// Reads `raw` (the game's original bytes) into `visitor` when the game is clean in `language`:
// the same events, in the same order, that read_game() would send, and no diagnostic is due.
// Returns false as soon as that is not certain; the visitor has then seen a prefix of the events
// (begin_game() first) and must be reset by the caller. Never used for transcoded (UTF-16)
// input: its offsets need the file map.
// Example: fast_read_game({"1. e4 e5 2. Nf3 *"}, builder, {}, english()) == true.
bool fast_read_game(const RawGame& raw, Visitor& visitor, const ReadOptions& options, const Language& language);

}  // namespace planilla
