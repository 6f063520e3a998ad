// The check pipeline's reporting: diagnostics of every game as compiler-style text, JSON Lines,
// or one self-contained HTML page with the board before each faulty move drawn as SVG.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "converters/pgn/reader.hpp"
#include "notation/language.hpp"

namespace planilla {

enum class ReportFormat : std::uint8_t { Text, Json, Html };

struct CheckSummary {
  std::uint64_t files = 0;
  std::uint64_t files_skipped = 0;  // in directories, not PGN (and not --include'd)
  std::uint64_t games = 0;
  std::uint64_t games_with_errors = 0;
  std::uint64_t moves = 0;
  std::uint64_t errors = 0;
  std::uint64_t warnings = 0;
  std::uint64_t notes = 0;
  std::map<std::string, std::uint64_t> by_code;
};

struct CheckReportOptions {
  ReportFormat format = ReportFormat::Text;
  bool strict = false;                 // warnings count as errors
  bool color = false;                  // ANSI colours in text output
  bool notes = false;                  // also print N-… notes (encoding, language) in text output
  const Language* language = nullptr;  // language of candidates / suggestions (English when null)
};

// Where a diagnostic's ply sits in the game: 1-based move number and side.
struct MovePlace {
  std::uint32_t move_number = 0;
  Color side = Color::White;
};
MovePlace place_of_ply(const Game& game, std::uint32_t ply);

class CheckReporter {
 public:
  CheckReporter(std::ostream& out, CheckReportOptions options);
  ~CheckReporter();
  CheckReporter(const CheckReporter&) = delete;
  CheckReporter& operator=(const CheckReporter&) = delete;

  void begin_file(const std::string& display_name);
  void file_diagnostic(const Diagnostic& d);  // file-level problems (unreadable input)
  void skipped_files(std::uint64_t n) { summary_.files_skipped = n; }
  void game(const GameRecord& record);
  // Writes the summary (text, JSON) or the whole page (HTML).
  void finish();
  const CheckSummary& summary() const { return summary_; }

 private:
  struct HtmlGame;
  class SourceLines;
  void text_diagnostic(const Diagnostic& d, const GameRecord* record);
  void json_diagnostic(const Diagnostic& d, const GameRecord* record);
  bool counts_as_error(const Diagnostic& d) const;

  std::ostream& out_;
  std::ostringstream text_;  // one text diagnostic, written in one piece
  CheckReportOptions options_;
  CheckSummary summary_;
  std::string current_file_;
  std::vector<std::unique_ptr<HtmlGame>> html_games_;
  std::unique_ptr<SourceLines> lines_;
};

// One line "summary: …" with the counts and the most frequent codes (text format).
std::string summary_line(const CheckSummary& s);

}  // namespace planilla
