// What a check report is made of: the counts every report ends with, and the interface each
// format implements (text, JSON Lines, HTML; the table of formats is report_formats.hpp).
// run/check.hpp's CheckReporter counts and calls a writer; the writers only lay out.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "converters/pgn/reader.hpp"
#include "notation/language.hpp"

namespace planilla {

struct CheckSummary {
  std::uint64_t files = 0;
  std::uint64_t files_skipped = 0;  // in directories, not PGN (and not --include'd)
  std::uint64_t games = 0;
  std::uint64_t games_with_errors = 0;
  std::uint64_t moves = 0;
  std::uint64_t errors = 0;
  std::uint64_t warnings = 0;
  std::uint64_t notes = 0;
  std::uint64_t hidden = 0;  // errors and warnings counted but not printed (--warnings, --errors-only)
  std::map<std::string, std::uint64_t> by_code;
};

// What a writer is told about the report's look (the CLI's --color, --notes, --lang).
struct ReportWriterOptions {
  bool color = false;                  // ANSI colours (text)
  bool notes = false;                  // also print N-… notes (text)
  const Language* language = nullptr;  // letters of candidates / suggestions (each game's own when null)
};

// The hooks, in the order CheckReporter calls them: for each game begin_game, then its
// diagnostics; file-level diagnostics (no game record) between games; finish once at the end.
class ReportWriter {
 public:
  virtual ~ReportWriter() = default;
  virtual void begin_game(const GameRecord& record, std::string_view file) {
    (void)record;
    (void)file;
  }
  // `record` is null for a file-level problem; `file` is the diagnostic's file; `shown` is the
  // severity reported (a warning is an error under --strict).
  virtual void diagnostic(const Diagnostic& d, const GameRecord* record, std::string_view file, Severity shown) = 0;
  virtual void finish(const CheckSummary& summary) = 0;
};

// Helpers the formats share.
std::string_view severity_word(Severity s);

// Where a diagnostic's ply sits in the game: 1-based move number and side.
struct MovePlace {
  std::uint32_t move_number = 0;
  Color side = Color::White;
};
MovePlace place_of_ply(const Game& game, std::uint32_t ply);

// "game 3, move 12 (Black) in variation 1", or "game 3" without a ply.
std::string game_label(const Diagnostic& d, const GameRecord* record);

// One line "summary: …" with the counts and the most frequent codes.
std::string summary_line(const CheckSummary& s);

}  // namespace planilla
