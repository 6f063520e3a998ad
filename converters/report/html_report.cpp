// The HTML report: one self-contained page, a table of the games and, for each game with
// problems, its diagnostics with the board before each faulty move drawn as SVG (the written
// move's square highlighted, candidates and suggestions as arrows).
#include <vector>

#include "converters/report/board_render.hpp"
#include "converters/report/report_writer.hpp"
#include "grammar/move_parser.hpp"
#include "notation/resolve.hpp"

namespace planilla {

namespace {

// The position before ply `ply` of the main line, when every earlier move resolved.
std::optional<Position> position_before(const Game& game, const Diagnostic& d) {
  if (d.ply == 0 || d.variation != 0) return std::nullopt;
  Position pos = game.start;
  const auto& moves = game.main.moves;
  for (std::uint32_t i = 0; i + 1 < d.ply; ++i) {
    if (i >= moves.size() || !moves[i].move) return std::nullopt;
    pos.play(moves[i].move);
  }
  return pos;
}

// Reads a SAN string written by planilla back into a move on `pos`; `language` is the one the
// candidates and suggestions were written in (the report's, `check --lang`).
std::optional<Move> move_from_san(const Position& pos, std::string_view san, const Language& language) {
  auto parsed = parse_move(san, language);
  if (!parsed) return std::nullopt;
  auto resolved = resolve(parsed->move, pos);
  if (!resolved) return std::nullopt;
  return resolved->move;
}

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

class HtmlReport final : public ReportWriter {
 public:
  HtmlReport(std::ostream& out, const ReportWriterOptions& options)
      : out_(out), language_(options.language ? *options.language : english()) {}

  void begin_game(const GameRecord& record, std::string_view file) override {
    HtmlGame& g = games_.emplace_back();
    g.file = file;
    g.number = record.number;
    if (const std::string* w = record.game.tag("White")) g.white = *w;
    if (const std::string* b = record.game.tag("Black")) g.black = *b;
    g.result = std::string(result_text(record.game.result));
  }

  void diagnostic(const Diagnostic& d, const GameRecord* record, std::string_view, Severity shown) override {
    // File-level problems and notes are in the summary line only.
    if (record == nullptr || d.severity == Severity::Note) return;
    const bool is_error = shown == Severity::Error;
    HtmlGame& g = games_.back();
    (is_error ? g.errors : g.warnings) += 1;
    std::string& b = g.body;
    b += "<div class=\"diag " + std::string(is_error ? "error" : "warning") + "\">";
    b += "<p><code>" + std::string(code_name(d.code)) + "</code> " + html_escape(game_label(d, record));
    if (!d.written.empty()) b += " <b>" + html_escape(d.written) + "</b>";
    b += ": " + html_escape(d.message) + " <span class=\"where\">(line " + std::to_string(d.line) + ", column " +
         std::to_string(d.column) + ")</span></p>";
    if (auto pos = position_before(record->game, d)) {
      RenderOptions ro;
      ro.flipped = pos->side_to_move() == Color::Black;
      if (auto parsed = parse_move(d.written, language_))
        if (auto t = parsed->move.target()) ro.highlight = *t;
      for (const std::string& c : d.candidates)
        if (auto m = move_from_san(*pos, c, language_))
          ro.arrows.push_back({m->from(), m->to(), BoardArrow::Kind::Candidate});
      for (const std::string& s : d.suggestions)
        if (auto m = move_from_san(*pos, s, language_))
          ro.arrows.push_back({m->from(), m->to(), BoardArrow::Kind::Suggested});
      b += "<figure>" + render_svg(*pos, ro) + "<figcaption>Position before the move";
      b += pos->side_to_move() == Color::White ? " (White to move)" : " (Black to move)";
      b += "</figcaption></figure>";
    }
    if (!d.candidates.empty()) {
      b += "<p class=\"cand\">Candidates (blue):";
      for (const auto& c : d.candidates) b += " <b>" + html_escape(c) + "</b>";
      b += "</p>";
    }
    if (!d.suggestions.empty()) {
      b += "<p class=\"sugg\">Did you mean (green):";
      for (std::size_t i = 0; i < d.suggestions.size(); ++i) {
        b += " <b>" + html_escape(d.suggestions[i]) + "</b>";
        if (i < d.suggestion_evident.size() && d.suggestion_evident[i]) b += " (evident)";
      }
      b += "</p>";
    }
    b += "</div>";
  }

  void finish(const CheckSummary& summary) override {
    out_ << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>planilla check report</title>"
            "<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:60em}"
            "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}"
            ".ok{color:#1e7e34}.bad{color:#b00020}.warn{color:#8a6d00}"
            ".diag{border-left:4px solid #b00020;padding:.2em 1em;margin:1em 0}"
            ".diag.warning{border-color:#d4a000}figure{margin:.5em 0}code{font-weight:bold}"
            ".where{color:#666}</style></head><body>\n";
    out_ << "<h1>planilla check</h1>\n<p id=\"summary\">" << html_escape(summary_line(summary)) << "</p>\n";
    out_ << "<table id=\"games\"><thead><tr><th>file</th><th>game</th><th>White</th><th>Black</th>"
            "<th>result</th><th>status</th></tr></thead><tbody>\n";
    for (std::size_t i = 0; i < games_.size(); ++i) {
      const HtmlGame& g = games_[i];
      const std::string anchor = "g" + std::to_string(i);
      out_ << "<tr><td>" << html_escape(g.file) << "</td><td>" << g.number << "</td><td>" << html_escape(g.white)
           << "</td><td>" << html_escape(g.black) << "</td><td>" << html_escape(g.result) << "</td><td>";
      if (g.errors)
        out_ << "<a class=\"bad\" href=\"#" << anchor << "\">" << g.errors << (g.errors == 1 ? " error" : " errors")
             << "</a>";
      else if (g.warnings)
        out_ << "<a class=\"warn\" href=\"#" << anchor << "\">" << g.warnings
             << (g.warnings == 1 ? " warning" : " warnings") << "</a>";
      else
        out_ << "<span class=\"ok\">ok</span>";
      out_ << "</td></tr>\n";
    }
    out_ << "</tbody></table>\n";
    for (std::size_t i = 0; i < games_.size(); ++i) {
      const HtmlGame& g = games_[i];
      if (g.body.empty()) continue;
      out_ << "<section id=\"g" << i << "\"><h2>" << html_escape(g.file) << ", game " << g.number << ": "
           << html_escape(g.white.empty() ? "?" : g.white) << " – " << html_escape(g.black.empty() ? "?" : g.black)
           << "</h2>\n"
           << g.body << "</section>\n";
    }
    out_ << "</body></html>\n";
  }

 private:
  // A game's row and its diagnostics, kept until finish(): the page opens with the table.
  struct HtmlGame {
    std::string file;
    std::uint32_t number = 0;
    std::string white, black, result;
    std::size_t errors = 0, warnings = 0;
    std::string body;  // the rendered diagnostics
  };
  std::ostream& out_;
  const Language& language_;
  std::vector<HtmlGame> games_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_html_report(std::ostream& out, const ReportWriterOptions& options) {
  return std::make_unique<HtmlReport>(out, options);
}

}  // namespace planilla
