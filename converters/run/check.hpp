// The check pipeline's reporting: counts every game's diagnostics and hands them to the report
// format chosen by name (converters/report/report_formats.hpp: text, JSON Lines, HTML).
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "board/result.hpp"
#include "converters/pgn/reader.hpp"
#include "converters/report/report_formats.hpp"
#include "converters/report/report_writer.hpp"
#include "notation/language.hpp"

namespace planilla {

// Which diagnostics a report prints (every one is counted either way): `--warnings all|none|
// CODE,…` and `--errors-only` of the reading subcommands.
struct DiagnosticFilter {
  enum class Warnings : std::uint8_t { All, None, Listed } warnings = Warnings::All;
  std::vector<Code> listed;  // with Listed: the warning codes shown
  bool errors_only = false;  // no warnings and no notes

  // Parses an option value "all", "none" or a comma-separated list of warning codes
  // ("W-CHECK-MISSING,W-CAPTURE-MISSING", case-insensitive).
  // Errors: a one-line reason naming the unknown code. Example: parse("none")->warnings == None.
  static Result<DiagnosticFilter, std::string> parse(std::string_view value);
  bool shows(const Diagnostic& d, Severity shown) const;
};

struct CheckReportOptions {
  std::string_view format = "text";    // a name of report_formats()
  bool strict = false;                 // warnings count as errors
  bool color = false;                  // ANSI colours in text output
  bool notes = false;                  // also print N-… notes (encoding, language) in text output
  const Language* language = nullptr;  // language of candidates / suggestions (each game's own when null)
  DiagnosticFilter filter;             // what is printed; the summary counts everything
};

class CheckReporter {
 public:
  // Throws std::invalid_argument when options.format names no report format.
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
  Severity shown(const Diagnostic& d) const;

  CheckReportOptions options_;
  CheckSummary summary_;
  std::string current_file_;
  std::unique_ptr<ReportWriter> writer_;
};

}  // namespace planilla
