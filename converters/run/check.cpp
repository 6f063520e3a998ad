#include "converters/run/check.hpp"

#include <algorithm>
#include <stdexcept>

#if PLANILLA_WITH_ICU
#include <unicode/unistr.h>
#endif

namespace planilla {

CheckReporter::CheckReporter(std::ostream& out, CheckReportOptions options) : options_(options) {
  const ReportFormat* format = find_report_format(options.format);
  if (format == nullptr) throw std::invalid_argument("unknown report format '" + std::string(options.format) + "'");
  writer_ = format->make(out, ReportWriterOptions{options.color, options.notes, options.language});
}
CheckReporter::~CheckReporter() = default;

Result<DiagnosticFilter, std::string> DiagnosticFilter::parse(std::string_view value) {
  DiagnosticFilter f;
  std::string upper;
#if PLANILLA_WITH_ICU
  icu::UnicodeString::fromUTF8(icu::StringPiece(value.data(), static_cast<int32_t>(value.size())))
      .toUpper()
      .toUTF8String(upper);
#else
  // Every code and keyword is ASCII: ASCII upper-casing finds the same ones.
  for (char c : value) upper.push_back(c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
#endif
  if (upper == "ALL") return f;
  if (upper == "NONE") {
    f.warnings = Warnings::None;
    return f;
  }
  f.warnings = Warnings::Listed;
  std::string_view rest = upper;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    std::string_view name = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    if (name.empty()) continue;
    auto code = code_from_name(name);
    if (!code || code_severity(*code) != Severity::Warning)
      return Unexpected{
          std::string("--warnings: '") + std::string(name) +
          "' is not a warning code (all, none, or codes such as W-CHECK-MISSING; see `planilla check --help`)"};
    f.listed.push_back(*code);
  }
  return f;
}

bool DiagnosticFilter::shows(const Diagnostic& d, Severity shown) const {
  if (shown == Severity::Error) return true;
  if (errors_only) return false;
  if (shown != Severity::Warning) return true;  // notes: the report's own --notes decides
  switch (warnings) {
    case Warnings::All: return true;
    case Warnings::None: return false;
    case Warnings::Listed: return std::find(listed.begin(), listed.end(), d.code) != listed.end();
  }
  return true;
}

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
  if (options_.filter.shows(d, severity))
    writer_->diagnostic(d, nullptr, d.file.empty() ? current_file_ : d.file, severity);
  else ++summary_.hidden;
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
    if (options_.filter.shows(d, severity))
      writer_->diagnostic(d, &record, d.file.empty() ? current_file_ : d.file, severity);
    else if (severity != Severity::Note) ++summary_.hidden;
  }
  if (game_has_error) ++summary_.games_with_errors;
}

void CheckReporter::finish() { writer_->finish(summary_); }

}  // namespace planilla
