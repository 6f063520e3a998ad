// The arbiter's eye on a whole game: suggestions for every move that does not resolve, and
// `convert --repair evident`, which applies only the suggestions whose intention is evident
// (FIDE: the single reading consistent with what was written and with the rest of the game).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "converters/arbiter/suggestions.hpp"
#include "converters/pgn/reader.hpp"

namespace planilla {

// Replaces each evident error of the main line by its suggestion (a token re-written, two plies
// exchanged, a missing ply inserted, or a line written twice dropped), re-reads the rest of the game, and appends one
// N-REPAIRED diagnostic per repair to `repairs` (and to the record): "move 17 (Black) Txe8 read
// as Rxe8: …". The repaired move gets a first comment naming what was written (`{written: Txe8}`;
// `{written: e5 before Nf3}` for two plies exchanged; `{written: nothing, a6 inserted before Nf3}`
// for a missing ply; `{written twice: 3. Bb5 a6}` for a line written twice, whose bytes become
// blanks), so every change shows in the written game. The record keeps its original
// bytes; its model and diagnostics are those of the repaired reading, with byte offsets of the
// original. Games read as descriptive notation or from
// UTF-16 input are left alone. At most 16 repairs per game.
// Errors: none; returns true when at least one repair was made.
// Example: a game whose 17th black move is written "Txe8" in an English score, where a rook
//          capture on e8 is the only reading that keeps the game legal, is read with Rxe8.
bool apply_evident_repairs(GameRecord& record, const ReadOptions& options, std::vector<Diagnostic>& repairs);

}  // namespace planilla
