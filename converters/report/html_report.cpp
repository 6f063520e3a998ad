// The HTML report: one self-contained page an arbiter reads. Games with problems come first,
// each problem with its source line and the moves before it; errors get a board of the position
// before the move (the written square highlighted, candidates and suggestions as arrows). Games
// without problems are only counted, with their numbers behind a filter. The boards share one
// set of piece drawings; the page has a viewport, keyboard navigation between problems (j/k,
// n/p) and a print stylesheet (one problem per block).
#include <vector>

#include "converters/arbiter/suggestions.hpp"
#include "converters/report/board_render.hpp"
#include "converters/report/report_writer.hpp"
#include "converters/report/source_lines.hpp"
#include "grammar/move_parser.hpp"
#include "notation/resolve.hpp"

namespace planilla {

namespace {

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

// The moves of the main line before `ply` as written, the last kMovesBefore of them, with move
// numbers: "… 3. Bc4 Bc5 4." for a problem at White's 4th move.
std::string moves_before(const Game& game, std::uint32_t ply) {
  constexpr std::uint32_t kMovesBefore = 10;
  const auto& moves = game.main.moves;
  const std::uint32_t first_move = game.start.fullmove_number();
  const bool black_first = game.start.side_to_move() == Color::Black;
  auto number_of = [&](std::uint32_t index) { return first_move + (index + (black_first ? 1 : 0)) / 2; };
  auto white_at = [&](std::uint32_t index) { return (index + (black_first ? 1 : 0)) % 2 == 0; };
  const std::uint32_t end = std::min<std::uint32_t>(ply - 1, static_cast<std::uint32_t>(moves.size()));
  const std::uint32_t begin = end > kMovesBefore ? end - kMovesBefore : 0;
  std::string out = begin > 0 ? "… " : "";
  for (std::uint32_t i = begin; i < end; ++i) {
    if (white_at(i)) out += std::to_string(number_of(i)) + ". ";
    else if (i == begin) out += std::to_string(number_of(i)) + "… ";
    out += moves[i].text + ' ';
  }
  out += std::to_string(number_of(end)) + (white_at(end) ? ". ?" : "… ?");
  return out;
}

// "1–17, 19, 21–200" for sorted game numbers.
std::string number_ranges(const std::vector<std::uint32_t>& numbers) {
  std::string out;
  for (std::size_t i = 0; i < numbers.size();) {
    std::size_t j = i;
    while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(numbers[i]);
    if (j > i) out += "–" + std::to_string(numbers[j]);
    i = j + 1;
  }
  return out;
}

constexpr std::string_view kStyle =
    "body{font-family:system-ui,sans-serif;margin:1em auto;padding:0 1em;max-width:60em;line-height:1.4}"
    "table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.2em .5em;text-align:left}"
    ".bad{color:#b00020}.warn{color:#8a6d00}.ok{color:#1e7e34}"
    ".diag{border-left:4px solid #b00020;padding:.2em 1em;margin:1em 0}.diag.warning{border-color:#d4a000}"
    ".diag:focus{outline:2px solid #2980b9}pre.src{background:#f6f6f6;padding:.3em;overflow-x:auto;margin:.3em 0}"
    "pre.src mark{background:#f9d77e}.ln{color:#888}.moves{font-family:monospace;color:#333}"
    "figure{margin:.5em 0}figure svg{max-width:100%;height:auto}code{font-weight:bold}.where{color:#666}"
    ".arrow{stroke-width:6;stroke-opacity:.8;marker-end:url(#ah)}"
    // Off-screen games are laid out only when scrolled to: the page opens fast however long.
    "section{content-visibility:auto;contain-intrinsic-size:auto 30em}"
    "#clean[hidden]{display:none}.keys{color:#666;font-size:.9em}"
    "@media (max-width:40em){td:nth-child(3),th:nth-child(3),td:nth-child(4),th:nth-child(4){display:none}}"
    "@media print{.keys,label{display:none}body{max-width:none}.diag{break-inside:avoid;page-break-inside:avoid}"
    "section{break-before:auto;content-visibility:visible}a{color:inherit;text-decoration:none}}";

// j/k (or n/p) move between problems; the filter shows the games without problems; the time
// to a laid-out page is left in <body data-rendered-ms>.
constexpr std::string_view kScript =
    "<script>(function(){var d=[].slice.call(document.querySelectorAll('.diag')),i=-1;"
    "document.addEventListener('keydown',function(e){if(e.target.tagName==='INPUT'||e.ctrlKey||e.metaKey||e.altKey)"
    "return;var k=e.key;if(k==='j'||k==='n')i=Math.min(i+1,d.length-1);else if(k==='k'||k==='p')i=Math.max(i-1,0);"
    "else return;if(d[i]){d[i].focus();d[i].scrollIntoView({block:'center'});}});"
    "var c=document.getElementById('show-clean');if(c)c.addEventListener('change',function(){"
    "document.getElementById('clean').hidden=!c.checked;});"
    // When the loaded page is laid out, in ms since navigation (read by the tests).
    "addEventListener('load',function(){var b=document.body;void b.offsetHeight;"
    "b.dataset.renderedMs=Math.round(performance.now());});})();</script>";

class HtmlReport final : public ReportWriter {
 public:
  HtmlReport(std::ostream& out, const ReportWriterOptions& options) : out_(out), san_language_(options.language) {}

  void begin_game(const GameRecord& record, std::string_view file) override {
    flush_game();
    lines_.forget();
    current_ = HtmlGame{};
    current_.file = file;
    current_.number = record.number;
    if (const std::string* w = record.game.tag("White")) current_.white = *w;
    if (const std::string* b = record.game.tag("Black")) current_.black = *b;
    current_.result = std::string(result_text(record.game.result));
    pending_clean_ = true;
  }

  void diagnostic(const Diagnostic& d, const GameRecord* record, std::string_view, Severity shown) override {
    // File-level problems and notes are in the summary line only.
    if (record == nullptr || d.severity == Severity::Note) return;
    const bool is_error = shown == Severity::Error;
    HtmlGame& g = current_;
    (is_error ? g.errors : g.warnings) += 1;
    std::string& b = g.body;
    b += "<div class=\"diag " + std::string(is_error ? "error" : "warning") + "\" tabindex=\"-1\">";
    b += "<p><code>" + std::string(code_name(d.code)) + "</code> " + html_escape(game_label(d, record));
    if (!d.written.empty()) b += " <b>" + html_escape(d.written) + "</b>";
    b += ": " + html_escape(d.message) + " <span class=\"where\">(line " + std::to_string(d.line) + ", column " +
         std::to_string(d.column) + ")</span></p>";
    source_line(d, *record, b);
    if (d.ply != 0 && d.variation == 0 && !record->game.main.moves.empty())
      b += "<p class=\"moves\">" + html_escape(moves_before(record->game, d.ply)) + "</p>";
    // A board for errors only: a missing + does not need one.
    if (is_error)
      if (d.variation == 0)
        if (auto pos = position_before(record->game, d.ply)) board(*pos, d, *record, b);
    if (!d.candidates.empty()) {
      b += "<p class=\"cand\">Candidates (blue):";
      for (const auto& c : d.candidates) b += " <b>" + html_escape(c) + "</b>";
      b += "</p>";
    }
    // The readings of the token, the moves that may have been left out before it, and the move
    // after a line written twice, the group of the best suggestion first.
    bool read_as = false;
    for (const SuggestionGroup group : suggestion_groups(d)) {
      std::string list;
      for (std::size_t i = 0; i < d.suggestions.size(); ++i) {
        if (suggestion_group(d, i) != group) continue;
        list += " <b>" + html_escape(d.suggestions[i]) + "</b>";
        if (i < d.suggestion_evident.size() && d.suggestion_evident[i]) list += " (evident)";
      }
      if (list.empty()) continue;
      switch (group) {
        case SuggestionGroup::ReadAs:
          b += read_as ? "<p class=\"sugg\">Or did you mean (green):" : "<p class=\"sugg\">Did you mean (green):";
          break;
        case SuggestionGroup::LeftOut:
          b += std::string("<p class=\"sugg\">") +
               (read_as ? "Or a move left out before " : "A move left out before ") + html_escape(d.written) +
               " (green)?";
          break;
        case SuggestionGroup::Repeat:
          b += std::string("<p class=\"sugg\">") + (read_as ? "Or " : "") +
               (one_ply_repeat(d)
                    ? html_escape(d.written) + " written twice?"
                    : std::string(read_as ? "a" : "A") + " line written twice from " + html_escape(d.written) + "?") +
               " It goes on with (green):";
          break;
      }
      read_as = true;
      b += list + "</p>";
    }
    b += "</div>";
  }

  void finish(const CheckSummary& summary) override {
    flush_game();
    out_ << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>planilla check report</title><style>"
         << kStyle << "</style></head><body>\n";
    out_ << svg_page_defs() << '\n';
    out_ << "<h1>planilla check</h1>\n<p id=\"summary\">" << html_escape(summary_line(summary)) << "</p>\n";
    out_ << "<p class=\"keys\">" << problem_games_.size() << (problem_games_.size() == 1 ? " game" : " games")
         << " with problems, first; keys: <kbd>j</kbd>/<kbd>k</kbd> next/previous problem.</p>\n";
    if (!problem_games_.empty()) {
      out_ << "<table id=\"games\"><thead><tr><th>file</th><th>game</th><th>White</th><th>Black</th>"
              "<th>result</th><th>problems</th></tr></thead><tbody>\n";
      for (std::size_t i = 0; i < problem_games_.size(); ++i) {
        const HtmlGame& g = problem_games_[i];
        out_ << "<tr><td>" << html_escape(g.file) << "</td><td>" << g.number << "</td><td>" << html_escape(g.white)
             << "</td><td>" << html_escape(g.black) << "</td><td>" << html_escape(g.result) << "</td><td><a href=\"#g"
             << i << "\" class=\"" << (g.errors ? "bad" : "warn") << "\">";
        if (g.errors) out_ << g.errors << (g.errors == 1 ? " error" : " errors");
        if (g.errors && g.warnings) out_ << ", ";
        if (g.warnings) out_ << g.warnings << (g.warnings == 1 ? " warning" : " warnings");
        out_ << "</a></td></tr>\n";
      }
      out_ << "</tbody></table>\n";
    }
    std::size_t clean = 0;
    for (const auto& f : clean_games_) clean += f.numbers.size();
    if (clean > 0) {
      out_ << "<p><label><input type=\"checkbox\" id=\"show-clean\"> show the " << clean
           << (clean == 1 ? " game" : " games") << " without problems</label></p>\n<div id=\"clean\" hidden><ul>";
      for (const auto& f : clean_games_)
        out_ << "<li class=\"ok\">" << html_escape(f.file) << ": " << (f.numbers.size() == 1 ? "game " : "games ")
             << number_ranges(f.numbers) << "</li>";
      out_ << "</ul></div>\n";
    }
    for (std::size_t i = 0; i < problem_games_.size(); ++i) {
      const HtmlGame& g = problem_games_[i];
      out_ << "<section id=\"g" << i << "\"><h2>" << html_escape(g.file) << ", game " << g.number << ": "
           << html_escape(g.white.empty() ? "?" : g.white) << " – " << html_escape(g.black.empty() ? "?" : g.black)
           << " (" << html_escape(g.result) << ")</h2>\n"
           << g.body << "</section>\n";
    }
    out_ << kScript << "\n</body></html>\n";
  }

 private:
  // A game with problems: its row and its rendered diagnostics, kept until finish() (the page
  // opens with the table).
  struct HtmlGame {
    std::string file;
    std::uint32_t number = 0;
    std::string white, black, result;
    std::size_t errors = 0, warnings = 0;
    std::string body;
  };
  struct CleanFile {
    std::string file;
    std::vector<std::uint32_t> numbers;
  };

  void flush_game() {
    if (!pending_clean_) return;
    pending_clean_ = false;
    if (current_.errors || current_.warnings) {
      problem_games_.push_back(std::move(current_));
    } else {
      if (clean_games_.empty() || clean_games_.back().file != current_.file)
        clean_games_.push_back(CleanFile{current_.file, {}});
      clean_games_.back().numbers.push_back(current_.number);
    }
    current_ = HtmlGame{};
  }

  // The diagnostic's line of the source, the written move marked.
  void source_line(const Diagnostic& d, const GameRecord& record, std::string& b) {
    if (d.line == 0) return;
    const SourceLines::Excerpt excerpt = lines_.excerpt(d, record);
    const std::string& src = excerpt.text;
    if (src.empty()) return;
    std::size_t at = 0;
    for (std::uint32_t col = 1; col < excerpt.caret && at < src.size(); ++col)
      at += utf8_length(static_cast<unsigned char>(src[at]));
    const std::size_t len = src.compare(at, d.written.size(), d.written) == 0 ? d.written.size() : 0;
    b += "<pre class=\"src\"><span class=\"ln\">" + std::to_string(d.line) + " | </span>" +
         html_escape(std::string_view(src).substr(0, at)) + "<mark>" +
         html_escape(std::string_view(src).substr(at, len)) + "</mark>" +
         html_escape(std::string_view(src).substr(at + len)) + "</pre>";
  }

  void board(const Position& pos, const Diagnostic& d, const GameRecord& record, std::string& b) {
    // The written move is in the game's letters; candidates and suggestions in `--lang`'s, which
    // are the game's own unless the run asked for others.
    const Language& game_language = record.reading.language ? *record.reading.language : english();
    const Language& san_language = san_language_ ? *san_language_ : game_language;
    RenderOptions ro;
    ro.page_defs = true;
    ro.flipped = pos.side_to_move() == Color::Black;
    if (auto parsed = parse_move(d.written, game_language))
      if (auto t = parsed->move.target()) ro.highlight = *t;
    for (const std::string& c : d.candidates)
      if (auto m = move_from_san(pos, c, san_language))
        ro.arrows.push_back({m->from(), m->to(), BoardArrow::Kind::Candidate});
    for (const std::string& s : d.suggestions)
      if (auto m = move_from_san(pos, s, san_language))
        ro.arrows.push_back({m->from(), m->to(), BoardArrow::Kind::Suggested});
    b += "<figure>" + render_svg(pos, ro) + "<figcaption>Position before the move";
    b += pos.side_to_move() == Color::White ? " (White to move)" : " (Black to move)";
    b += "</figcaption></figure>";
  }

  std::ostream& out_;
  const Language* san_language_;  // `--lang`; nullptr: each game's own letters
  HtmlGame current_;
  bool pending_clean_ = false;  // current_ holds a game not yet filed
  std::vector<HtmlGame> problem_games_;
  std::vector<CleanFile> clean_games_;
  SourceLines lines_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_html_report(std::ostream& out, const ReportWriterOptions& options) {
  return std::make_unique<HtmlReport>(out, options);
}

}  // namespace planilla
