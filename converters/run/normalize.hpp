// normalize: PGN archives in, PGN export format out, nothing lost. Every input game ends up
// either normalized in OUT or in the rejects stream byte for byte as read (in its own original
// encoding), preceded by `;` comment lines with its diagnostics. A game with any error is
// rejected whole; warnings and notes alone do not reject. games == written + rejected, always.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>

#include "converters/pgn/pgn_writer.hpp"
#include "converters/pgn/reader.hpp"
#include "converters/run/pipeline.hpp"
#include "notation/spec.hpp"

namespace planilla {

struct NormalizeOptions {
  ReadOptions read;       // file name, encoding override, language, resolve options
  PgnWriteOptions write;  // style × language of the movetext, FEN dialect, line width
  // `--from auto`: a game whose moves do not resolve in read.language is re-read under the
  // other letter sets (converters/arbiter/detect.hpp).
  NotationSpec from;  // default: read.language as is; the CLI passes --from (auto by default)
  // Called once per game that has diagnostics, with the whole record (for reports that quote
  // the source line); in addition to the per-diagnostic sink.
  std::function<void(const GameRecord&)> on_game;
  unsigned jobs = 1;  // worker threads (0 = all cores); the output is the same for any count
};

// Called for every diagnostic of every game, in input order (for a report on stderr).
using DiagnosticSink = std::function<void(const Diagnostic&)>;

// Normalizes one input. `rejects` may be null: rejected games are then counted and their
// diagnostics still reported, but their bytes go nowhere.
RunStats normalize(std::istream& in, std::ostream& out, std::ostream* rejects, const NormalizeOptions& options,
                   const DiagnosticSink& sink = {});

// The text written to the rejects stream for one game: `;` lines with its diagnostics (in the
// game's encoding), then its original bytes, then a blank line.
std::string reject_text(const GameRecord& record);

}  // namespace planilla
