// The reading pipeline shared by check, convert and normalize: cut games (sequential), read and
// interpret them (language detection, descriptive, suggestions) and run the command's work on
// them (in parallel with jobs > 1), then hand them to the sink in input order. The output is
// the same for every job count.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "converters/arbiter/detect.hpp"
#include "converters/pgn/reader.hpp"
#include "notation/spec.hpp"

namespace planilla {

struct ProcessedGame {
  GameRecord record;
  std::string text;  // what the command's work wrote for this game
};

using GameWork = std::function<void(ProcessedGame&)>;  // on a worker thread
using GameSink = std::function<void(ProcessedGame&)>;  // in input order, one at a time

// A visitor that writes a game into its ProcessedGame::text while the reader reads it (read_job()'s
// `direct`), on a worker thread; GameRecord::direct_visited then tells the work that the text is
// written. Saves building and replaying the model of the games the reader's fast lane takes.
using DirectWriter = std::function<std::unique_ptr<Visitor>(ProcessedGame&)>;

// Returns the file-level diagnostics (unreadable stream).
std::vector<Diagnostic> run_pipeline(std::istream& in, const ReadOptions& options, const NotationSpec& from,
                                     unsigned jobs, const GameWork& work, const GameSink& sink,
                                     const DirectWriter& direct = {});

}  // namespace planilla
