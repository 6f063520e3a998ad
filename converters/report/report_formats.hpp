// The report formats by name: `check --format` accepts exactly the names of this table, and a
// new format is one implementation file plus one row in report_formats.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <span>
#include <string_view>

#include "converters/report/report_writer.hpp"

namespace planilla {

// How much of the game model a report needs beyond the diagnostics.
enum class ModelNeed : std::uint8_t {
  None,            // the diagnostics and move numbers only (the text report)
  DiagnosedGames,  // tags and moves of each game that has a diagnostic (JSON Lines: FEN, players)
  All,             // every game's (the HTML report names every game's players and result)
};

struct ReportFormat {
  std::string_view name;
  // A report for a terminal: its last line is the summary and --color=auto may colour it.
  // Other formats leave the summary line to standard error.
  bool plain_text = false;
  ModelNeed model = ModelNeed::None;
  std::unique_ptr<ReportWriter> (*make)(std::ostream& out, const ReportWriterOptions& options) = nullptr;
};

std::span<const ReportFormat> report_formats();
// The row named `name`, or null.
const ReportFormat* find_report_format(std::string_view name);

}  // namespace planilla
