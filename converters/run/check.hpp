// The check pipeline's reporting: counts every game's diagnostics and hands them to the report
// format chosen by name (converters/report/report_formats.hpp: text, JSON Lines, HTML).
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "converters/pgn/reader.hpp"
#include "converters/report/report_formats.hpp"
#include "converters/report/report_writer.hpp"
#include "notation/language.hpp"

namespace planilla {

struct CheckReportOptions {
  std::string_view format = "text";    // a name of report_formats()
  bool strict = false;                 // warnings count as errors
  bool color = false;                  // ANSI colours in text output
  bool notes = false;                  // also print N-… notes (encoding, language) in text output
  const Language* language = nullptr;  // language of candidates / suggestions (English when null)
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
