// The fast lane of the reader. Most games of real archives are plain ASCII PGN whose every move
// is canonical SAN in one letter set: for them a hand-written scanner and a direct SAN resolver
// replace the PEGTL game grammar, the move grammar and the general resolver (docs/internals.md;
// figures in bench/RESULTS.md). The only remarks the fast lane makes are the resolver's own on moves that
// resolve (W-CHECK-MISSING and the like, the commonest finding in real archives); at anything
// else that would need a word — an error, a remark about the game or its tags, a construct it
// does not know (non-ASCII bytes, `%` lines, glyph tokens, e.p. marks, draw offers) — it stops
// and returns false, and the caller reads the game the general way (converters/pgn/reader.hpp),
// which reports everything. So the fast lane changes the speed, never the output;
// tests/unit/converters_fast_reader.cpp, fuzz_pgn_reader and the corpus tier compare the lanes.
#pragma once

#include <algorithm>

#include "converters/pgn/reader.hpp"
#include "converters/pgn/visitor.hpp"

namespace planilla {

// The longest game text fast_read_game() takes: below the line, comment and game size limits no
// line or comment can pass one, so the lane need not watch them (tag values, whose limit is far
// lower, are measured one by one). A longer game is the general reader's.
inline std::size_t fast_lane_max_bytes(const grammar::PgnParseOptions& limits) {
  return std::min({limits.max_line_bytes, limits.max_comment_bytes, limits.max_game_bytes});
}

// Reads `raw` (the game's original bytes) into `visitor` and `diagnostics` when that is certain
// to give what read_game() gives: the same events in the same order, the same diagnostics.
// Returns false otherwise; `diagnostics` is then as it was, but the visitor has seen a prefix of
// the events (begin_game() first) and must be reset by the caller. Not for transcoded (UTF-16)
// input: its offsets need the file map.
// Example: fast_read_game({"1. e4 e5 2. Nf3 *"}, builder, diags, {}, english()) == true.
// `notes`, when given, receives what LaneNotes describes (cleared when the game is not taken).
// `map`, when given: `raw.bytes` is the game's decoded text (a code-page game decoded to UTF-8,
// `raw.detected` Utf8) and the map takes its offsets to the game's bytes, as read_game() maps
// them: diagnostics and move spans are the file's.
bool fast_read_game(const RawGame& raw, Visitor& visitor, std::vector<Diagnostic>& diagnostics,
                    const ReadOptions& options, const Language& language, LaneNotes* notes = nullptr,
                    const OffsetMap* map = nullptr);

// Whether the lane reads every game alike in the letters of `a` and of `b`: the same letter
// table (the five pieces' letters as plain_ahead() reads them), usable by the lane. A game the
// lane read as plain SAN in one (LaneNotes::plain_moves) it reads the same in the other.
// Example: fast_lane_letters_alike(*find_language("de"), *find_language("sr")) == true (only
// their pawn letters differ, which plain SAN never has).
bool fast_lane_letters_alike(const Language& a, const Language& b);

}  // namespace planilla
