// The report formats by name: `check --format` accepts exactly the names of this table, and a
// new format is one implementation file plus one row in report_formats.cpp.
#pragma once

#include <memory>
#include <ostream>
#include <span>
#include <string_view>

#include "converters/report/report_writer.hpp"

namespace planilla {

struct ReportFormat {
  std::string_view name;
  // A report for a terminal: its last line is the summary and --color=auto may colour it.
  // Other formats leave the summary line to standard error.
  bool plain_text = false;
  // Needs the game model (players, result, the moves to draw boards), not only diagnostics.
  bool needs_model = false;
  std::unique_ptr<ReportWriter> (*make)(std::ostream& out, const ReportWriterOptions& options) = nullptr;
};

std::span<const ReportFormat> report_formats();
// The row named `name`, or null.
const ReportFormat* find_report_format(std::string_view name);

}  // namespace planilla
