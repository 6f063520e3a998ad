#include "converters/run/check.hpp"

#include <stdexcept>

namespace planilla {

CheckReporter::CheckReporter(std::ostream& out, CheckReportOptions options) : options_(options) {
  const ReportFormat* format = find_report_format(options.format);
  if (format == nullptr) throw std::invalid_argument("unknown report format '" + std::string(options.format) + "'");
  writer_ = format->make(out, ReportWriterOptions{options.color, options.notes, options.language});
}
CheckReporter::~CheckReporter() = default;

void CheckReporter::begin_file(const std::string& display_name) {
  current_file_ = display_name;
  ++summary_.files;
}

Severity CheckReporter::shown(const Diagnostic& d) const {
  return options_.strict && d.severity == Severity::Warning ? Severity::Error : d.severity;
}

void CheckReporter::file_diagnostic(const Diagnostic& d) {
  const Severity severity = shown(d);
  if (severity == Severity::Error) ++summary_.errors;
  ++summary_.by_code[std::string(code_name(d.code))];
  writer_->diagnostic(d, nullptr, d.file.empty() ? current_file_ : d.file, severity);
}

void CheckReporter::game(const GameRecord& record) {
  ++summary_.games;
  // Every move node of the game, variations included, counts as a move checked.
  std::uint64_t moves = 0;
  auto count = [&](auto&& self, const Line& line) -> void {
    for (const MoveNode& n : line.moves) {
      ++moves;
      for (const Line& v : n.variations) self(self, v);
    }
  };
  count(count, record.game.main);
  moves += record.unmodelled_moves;
  summary_.moves += moves;

  bool game_has_error = false;
  writer_->begin_game(record, current_file_);
  for (const Diagnostic& d : record.diagnostics) {
    const Severity severity = shown(d);
    if (severity == Severity::Error) {
      ++summary_.errors;
      game_has_error = true;
    } else if (severity == Severity::Warning) {
      ++summary_.warnings;
    } else {
      ++summary_.notes;
    }
    ++summary_.by_code[std::string(code_name(d.code))];
    writer_->diagnostic(d, &record, d.file.empty() ? current_file_ : d.file, severity);
  }
  if (game_has_error) ++summary_.games_with_errors;
}

void CheckReporter::finish() { writer_->finish(summary_); }

}  // namespace planilla
