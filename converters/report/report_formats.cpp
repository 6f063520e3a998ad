#include "converters/report/report_formats.hpp"

namespace planilla {

// Each format's factory, defined in its own file (text_report.cpp, json_report.cpp,
// html_report.cpp); declared here only, so that a new format touches no shared header.
std::unique_ptr<ReportWriter> make_text_report(std::ostream& out, const ReportWriterOptions& options);
std::unique_ptr<ReportWriter> make_json_report(std::ostream& out, const ReportWriterOptions& options);
std::unique_ptr<ReportWriter> make_html_report(std::ostream& out, const ReportWriterOptions& options);

namespace {
// The first row is the default.
constexpr ReportFormat kFormats[] = {
    {"text", true, ModelNeed::None, &make_text_report},
    {"json", false, ModelNeed::DiagnosedGames, &make_json_report},
    {"html", false, ModelNeed::All, &make_html_report},
};
}  // namespace

std::span<const ReportFormat> report_formats() { return kFormats; }

const ReportFormat* find_report_format(std::string_view name) {
  for (const ReportFormat& f : kFormats)
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace planilla
