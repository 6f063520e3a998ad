// The reading pipeline shared by check, convert and normalize: cut games (sequential), read and
// interpret them (language detection, descriptive, suggestions) and run the command's work on
// them (in parallel with jobs > 1), then hand them to the sink in input order. The output is
// the same for every job count.
#pragma once

#include <cstdint>
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
  // The game's original bytes follow `text` in the output (convert: a game read only to a limit,
  // kept as written). They stay in the record: a 150 MiB game is not copied into `text`.
  bool then_original = false;
};

// What a pipeline counts: convert and normalize return it (check's report keeps its own counts,
// by code too: converters/report/report_writer.hpp).
struct RunStats {
  std::uint64_t games = 0;  // games read
  std::uint64_t moves = 0;  // moves that resolved, variations included (and unmodelled ones)
  std::uint64_t games_with_errors = 0;
  std::uint64_t errors = 0;
  std::uint64_t warnings = 0;
  std::uint64_t notes = 0;
  std::uint64_t written = 0;   // normalize: games written
  std::uint64_t rejected = 0;  // normalize: games sent to the rejects
  // Counts one game: games, moves, its diagnostics by severity, games_with_errors.
  void count(const GameRecord& record);
  RunStats& operator+=(const RunStats& o);
};

using GameWork = std::function<void(ProcessedGame&)>;  // on a worker thread
using GameSink = std::function<void(ProcessedGame&)>;  // in input order, one at a time

// A visitor that writes a game into its ProcessedGame::text while the reader reads it (read_job()'s
// `direct`), on a worker thread; GameRecord::direct_visited then tells the work that the text is
// written. Saves building and replaying the model of the games the reader's fast lane takes.
// The visitor is not owned: the calling thread's, aimed at this game (PgnWriter::for_thread).
using DirectWriter = std::function<Visitor*(ProcessedGame&)>;

// `options` reading in the language `from` names, the one place a caller sets it: a language
// named there replaces options.language; with auto detection the reader starts in English
// (whatever options.language held) and interpret_game() re-reads what it leaves unresolved under the
// other letter sets. run_pipeline applies it; a caller that reads on its own (show) too.
ReadOptions reading_options(ReadOptions options, const NotationSpec& from);

// The `;` lines that name a game's diagnostics, one each, in the game's encoding: before a game
// kept as written (normalize's rejects, convert's games that stopped early).
std::string reject_header(const GameRecord& record);

// Reads with reading_options(options, from). Returns the file-level diagnostics (unreadable stream).
std::vector<Diagnostic> run_pipeline(std::istream& in, const ReadOptions& options, const NotationSpec& from,
                                     unsigned jobs, const GameWork& work, const GameSink& sink,
                                     const DirectWriter& direct = {});

}  // namespace planilla
