// convert: games in one notation and language, out in another; every move checked on the board.
// Output is PGN export format (movetext in the chosen style × language; tags as read, the Seven
// Tag Roster filled with "?" for a bare scoresheet), or plain text for the spoken style.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>

#include "converters/pgn/pgn_writer.hpp"
#include "converters/pgn/reader.hpp"
#include "converters/run/pipeline.hpp"
#include "notation/spec.hpp"

namespace planilla {

struct ConvertOptions {
  ReadOptions read;       // all but the language: `from` sets it
  NotationSpec from;      // how moves are read (auto: detected per game)
  NotationSpec to;        // language + style of the output
  PgnWriteOptions write;  // write.moves.style/language are set from `to`
  // `--repair evident`: apply the suggestions whose intention is evident (converters/arbiter/repair.hpp)
  // before writing; each repair is an N-REPAIRED note in the game's diagnostics.
  bool repair_evident = false;
  unsigned jobs = 1;  // worker threads (0 = all cores); output is the same for any count
  std::function<void(const GameRecord&)> on_each_game;  // after each game is written (progress)
};

// Called once per game that has diagnostics (to report them), and once with the file-level ones.
using ConvertDiagnosticSink = std::function<void(const GameRecord&)>;

// Converts every game of `in`. A game with errors is still written as far as its moves
// resolved, the unresolved token kept as written; its diagnostics go to `sink`.
RunStats convert(std::istream& in, std::ostream& out, const ConvertOptions& options,
                 const ConvertDiagnosticSink& sink = {});

// The spoken form of one game, one move per line ("1. Knight f three", "1... Pawn e five").
void append_spoken(std::string& out, const Game& game, const WriteOptions& options);

}  // namespace planilla
