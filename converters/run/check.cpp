#include "converters/run/check.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "converters/report/board_render.hpp"
#include "grammar/move_parser.hpp"
#include "notation/resolve.hpp"

namespace planilla {

namespace {

std::string_view severity_word(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

// The source lines of one game for the text report, each found and decoded once however many
// diagnostics it carries, and a cursor from columns to bytes that moves on from the last query:
// a game of 50,000 bad tokens on one 200 KB line took minutes (the line printed whole for each,
// and searched and decoded again each time).
class CheckReporter::SourceLines {
 public:
  // The excerpt of the diagnostic's line shown under it, and the caret's column in it; an empty
  // text when the line is unknown. A line longer than kWidth code points is cut around the
  // column, with `…` where text was left out.
  struct Excerpt {
    std::string text;
    std::uint32_t caret = 1;
  };
  Excerpt excerpt(const Diagnostic& d, const GameRecord& record) {
    Excerpt out;
    if (d.line < record.line || !load(record, d.line - record.line)) return out;
    if (code_points_ <= kWidth) {
      out.text = text_;
      out.caret = d.column;
      return out;
    }
    const std::uint32_t column = std::max<std::uint32_t>(1, d.column);
    const std::uint32_t from = column > kBefore ? column - kBefore : 1;
    const std::uint32_t to = std::min<std::uint32_t>(code_points_ + 1, from + kWidth);
    const std::size_t begin = byte_of(from), end = byte_of(to);
    if (from > 1) out.text = "\u2026 ";
    out.text.append(text_, begin, end - begin);
    if (to <= code_points_) out.text += " \u2026";
    out.caret = column - from + 1 + (from > 1 ? 2 : 0);
    return out;
  }

 private:
  static constexpr std::uint32_t kWidth = 160;   // code points shown at most
  static constexpr std::uint32_t kBefore = 60;   // of them before the column

  // The first CR or LF at or after `from`, or npos (find_first_of with a set calls memchr on the
  // set for every byte).
  static std::size_t line_end(std::string_view all, std::size_t from) {
    for (std::size_t i = from; i < all.size(); ++i)
      if (all[i] == '\n' || all[i] == '\r') return i;
    return std::string_view::npos;
  }

  // Makes line `index` (0-based, within the game) current; false when there is none.
  bool load(const GameRecord& record, std::uint32_t index) {
    if (&record != record_ || record.number != number_ || record.offset != offset_ || index < scan_index_) {
      record_ = &record;
      number_ = record.number;
      offset_ = record.offset;
      scan_index_ = 0;
      scan_start_ = 0;
      loaded_ = UINT32_MAX;
    }
    if (index == loaded_) return !text_.empty();
    // LF, CRLF and CR each end a line, as in the splitter.
    const std::string_view all = record.original;
    while (scan_index_ < index) {
      const std::size_t nl = line_end(all, scan_start_);
      if (nl == std::string_view::npos) {
        loaded_ = index;
        text_.clear();
        return false;
      }
      scan_start_ = nl + 1;
      if (all[nl] == '\r' && scan_start_ < all.size() && all[scan_start_] == '\n') ++scan_start_;
      ++scan_index_;
    }
    const std::size_t end = line_end(all, scan_start_);
    const std::string_view raw =
        all.substr(scan_start_, end == std::string_view::npos ? std::string_view::npos : end - scan_start_);
    DecodeOptions opts;
    opts.force = record.encoding;
    text_ = std::string(decode(raw, opts).text());
    loaded_ = index;
    code_points_ = 0;
    for (unsigned char c : text_) code_points_ += (c & 0xC0) != 0x80;
    cursor_column_ = 1;
    cursor_byte_ = 0;
    return !text_.empty();
  }

  // The byte offset of 1-based `column` in the current line (its end past the last column).
  std::size_t byte_of(std::uint32_t column) {
    if (column < cursor_column_) cursor_column_ = 1, cursor_byte_ = 0;
    while (cursor_column_ < column && cursor_byte_ < text_.size()) {
      ++cursor_byte_;
      while (cursor_byte_ < text_.size() && (static_cast<unsigned char>(text_[cursor_byte_]) & 0xC0) == 0x80)
        ++cursor_byte_;
      ++cursor_column_;
    }
    return cursor_byte_;
  }

  const GameRecord* record_ = nullptr;
  std::uint32_t number_ = 0;
  std::uint64_t offset_ = 0;
  std::uint32_t scan_index_ = 0;     // line found at scan_start_
  std::size_t scan_start_ = 0;
  std::uint32_t loaded_ = UINT32_MAX;  // line held in text_
  std::string text_;
  std::uint32_t code_points_ = 0;
  std::uint32_t cursor_column_ = 1;
  std::size_t cursor_byte_ = 0;
};

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

std::string game_label(const Diagnostic& d, const GameRecord* record) {
  std::string label = "game " + std::to_string(d.game);
  if (d.ply != 0 && record != nullptr) {
    MovePlace place = place_of_ply(record->game, d.ply);
    label += ", move " + std::to_string(place.move_number) + (place.side == Color::White ? " (White)" : " (Black)");
    if (d.variation != 0) label += " in variation " + std::to_string(d.variation);
  }
  return label;
}

}  // namespace

MovePlace place_of_ply(const Game& game, std::uint32_t ply) {
  MovePlace place;
  if (ply == 0) return place;
  std::uint32_t offset = game.start.side_to_move() == Color::Black ? 1 : 0;
  std::uint32_t index = ply - 1 + offset;
  place.move_number = static_cast<std::uint32_t>(game.start.fullmove_number()) + index / 2;
  place.side = index % 2 == 0 ? Color::White : Color::Black;
  return place;
}

struct CheckReporter::HtmlGame {
  std::string file;
  std::uint32_t number = 0;
  std::string white, black, result;
  std::size_t errors = 0, warnings = 0;
  std::string body;  // the rendered diagnostics
};

CheckReporter::CheckReporter(std::ostream& out, CheckReportOptions options)
    : out_(out), options_(options), lines_(std::make_unique<SourceLines>()) {}
CheckReporter::~CheckReporter() = default;

void CheckReporter::begin_file(const std::string& display_name) {
  current_file_ = display_name;
  ++summary_.files;
}

bool CheckReporter::counts_as_error(const Diagnostic& d) const {
  return d.severity == Severity::Error || (options_.strict && d.severity == Severity::Warning);
}

void CheckReporter::file_diagnostic(const Diagnostic& d) {
  if (counts_as_error(d)) ++summary_.errors;
  ++summary_.by_code[std::string(code_name(d.code))];
  if (options_.format == ReportFormat::Json) json_diagnostic(d, nullptr);
  else if (options_.format == ReportFormat::Text) text_diagnostic(d, nullptr);
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
  std::unique_ptr<HtmlGame> html;
  if (options_.format == ReportFormat::Html) {
    html = std::make_unique<HtmlGame>();
    html->file = current_file_;
    html->number = record.number;
    if (const std::string* w = record.game.tag("White")) html->white = *w;
    if (const std::string* b = record.game.tag("Black")) html->black = *b;
    html->result = std::string(result_text(record.game.result));
  }
  for (const Diagnostic& d : record.diagnostics) {
    bool is_error = counts_as_error(d);
    if (is_error) {
      ++summary_.errors;
      game_has_error = true;
    } else if (d.severity == Severity::Warning) {
      ++summary_.warnings;
    } else {
      ++summary_.notes;
    }
    ++summary_.by_code[std::string(code_name(d.code))];
    switch (options_.format) {
      case ReportFormat::Text: text_diagnostic(d, &record); break;
      case ReportFormat::Json: json_diagnostic(d, &record); break;
      case ReportFormat::Html: {
        if (d.severity == Severity::Note) break;
        (is_error ? html->errors : html->warnings) += 1;
        std::string& b = html->body;
        b += "<div class=\"diag " + std::string(is_error ? "error" : "warning") + "\">";
        b += "<p><code>" + std::string(code_name(d.code)) + "</code> " + html_escape(game_label(d, &record));
        if (!d.written.empty()) b += " <b>" + html_escape(d.written) + "</b>";
        b += ": " + html_escape(d.message) + " <span class=\"where\">(line " + std::to_string(d.line) + ", column " +
             std::to_string(d.column) + ")</span></p>";
        if (auto pos = position_before(record.game, d)) {
          RenderOptions ro;
          ro.flipped = pos->side_to_move() == Color::Black;
          if (auto parsed = parse_move(d.written, options_.language ? *options_.language : english()))
            if (auto t = parsed->move.target()) ro.highlight = *t;
          const Language& report_language = options_.language ? *options_.language : english();
          for (const std::string& c : d.candidates)
            if (auto m = move_from_san(*pos, c, report_language))
              ro.arrows.push_back({m->from(), m->to(), BoardArrow::Kind::Candidate});
          for (const std::string& s : d.suggestions)
            if (auto m = move_from_san(*pos, s, report_language))
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
        break;
      }
    }
  }
  if (game_has_error) ++summary_.games_with_errors;
  if (html) html_games_.push_back(std::move(html));
}

void CheckReporter::text_diagnostic(const Diagnostic& d, const GameRecord* record) {
  if (d.severity == Severity::Note && !options_.notes) return;
  const bool c = options_.color;
  std::string_view sev = counts_as_error(d) ? "error" : severity_word(d.severity);
  std::string_view colour = sev == "error" ? "\033[1;31m" : sev == "warning" ? "\033[1;35m" : "\033[1;36m";
  std::string file = d.file.empty() ? current_file_ : d.file;
  // Built whole, then written at once: standard error is unbuffered, and a diagnostic written
  // piece by piece cost thirty write calls (9 % of `convert`'s time on 16 MB of master.pgn, in perf).
  text_.str(std::string());
  std::ostream& out = text_;
  if (c) out << "\033[1m";
  out << file << ':' << d.line << ':' << d.column << ": ";
  if (c) out << colour;
  out << sev << '[' << code_name(d.code) << ']';
  if (c) out << "\033[0m\033[1m";
  out << ": ";
  // The resolver's messages often start with the move itself ("Ke3: no king can reach e3"):
  // name the move once.
  std::string_view message = d.message;
  bool message_names_move = !d.written.empty() && message.size() > d.written.size() + 2 &&
                            message.substr(0, d.written.size()) == d.written &&
                            message.substr(d.written.size(), 2) == ": ";
  if (d.game != 0) out << game_label(d, record);
  if (!d.written.empty()) out << ' ' << d.written;
  if (d.game != 0 || !d.written.empty()) out << ": ";
  out << (message_names_move ? message.substr(d.written.size() + 2) : message);
  if (c) out << "\033[0m";
  out << '\n';
  if (record != nullptr && d.line != 0) {
    const SourceLines::Excerpt excerpt = lines_->excerpt(d, *record);
    const std::string& src = excerpt.text;
    if (!src.empty()) {
      std::string num = std::to_string(d.line);
      out << ' ' << num << " | " << src << '\n';
      out << ' ' << std::string(num.size(), ' ') << " | ";
      // Keep tabs so the caret lines up in any terminal.
      std::size_t col = 1, i = 0;
      while (col < excerpt.caret && i < src.size()) {
        unsigned char ch = static_cast<unsigned char>(src[i]);
        std::size_t len = ch < 0x80 ? 1 : ch < 0xE0 ? 2 : ch < 0xF0 ? 3 : 4;
        out << (ch == '\t' ? '\t' : ' ');
        i += len;
        ++col;
      }
      if (c) out << colour;
      out << '^' << std::string(d.written.empty() ? 0 : code_points(d.written) - 1, '~');
      if (c) out << "\033[0m";
      out << '\n';
    }
  }
  if (!d.candidates.empty()) {
    out << "  = candidates:";
    for (std::size_t i = 0; i < d.candidates.size(); ++i) out << (i ? ", " : " ") << d.candidates[i];
    out << '\n';
  }
  if (!d.suggestions.empty()) {
    out << "  = did you mean:";
    for (std::size_t i = 0; i < d.suggestions.size(); ++i) {
      out << (i ? ", " : " ") << d.suggestions[i];
      if (i < d.suggestion_evident.size() && d.suggestion_evident[i]) out << " (evident)";
    }
    out << '\n';
  }
  out_ << text_.view();
}

namespace {

// One JSON line, written field by field: a diagnostic has a fixed shape, and building an
// ordered_json object for each (17 keys, each inserted by a linear search) cost ~39,000
// instructions a diagnostic, 5 % of `check --format json` on a move-heavy archive. Strings that
// are plain ASCII are escaped here exactly as nlohmann's dump() escapes them (\" \\ \b \f \n \r \t,
// other control bytes as \u00xx); any other string goes through nlohmann itself, which also
// replaces invalid UTF-8 (held equal by tests/unit/converters_check.cpp).
class JsonLine {
 public:
  explicit JsonLine(std::string& out) : out_(out) { out_ += '{'; }
  void key(std::string_view k) {
    if (!first_) out_ += ',';
    first_ = false;
    string(k);
    out_ += ':';
  }
  void string(std::string_view s) {
    if (!plain_ascii(s)) {
      out_ += nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      return;
    }
    out_ += '"';
    for (char c : s) {
      switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\b': out_ += "\\b"; break;
        case '\f': out_ += "\\f"; break;
        case '\n': out_ += "\\n"; break;
        case '\r': out_ += "\\r"; break;
        case '\t': out_ += "\\t"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            constexpr char kHex[] = "0123456789abcdef";
            out_ += "\\u00";
            out_ += kHex[static_cast<unsigned char>(c) >> 4];
            out_ += kHex[static_cast<unsigned char>(c) & 15];
          } else {
            out_ += c;
          }
      }
    }
    out_ += '"';
  }
  void number(std::uint64_t n) { out_ += std::to_string(n); }
  void null() { out_ += "null"; }
  void boolean(bool b) { out_ += b ? "true" : "false"; }
  void strings(const std::vector<std::string>& v) {
    out_ += '[';
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i) out_ += ',';
      string(v[i]);
    }
    out_ += ']';
  }
  // A key and its value.
  void field(std::string_view k, std::string_view v) { key(k); string(v); }
  void field(std::string_view k, std::uint64_t v) { key(k); number(v); }
  void field(std::string_view k, const std::vector<std::string>& v) { key(k); strings(v); }
  void end() { out_ += "}\n"; }

 private:
  static bool plain_ascii(std::string_view s) {
    for (char c : s)
      if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
  }
  std::string& out_;
  bool first_ = true;
};

}  // namespace

void CheckReporter::json_diagnostic(const Diagnostic& d, const GameRecord* record) {
  std::string line;
  line.reserve(256);
  JsonLine j(line);
  j.field("type", "diagnostic");
  j.field("file", d.file.empty() ? current_file_ : d.file);
  j.key("game");
  if (d.game == 0) j.null();
  else j.number(d.game);
  if (d.ply != 0 && record != nullptr) {
    MovePlace place = place_of_ply(record->game, d.ply);
    j.field("ply", d.ply);
    j.field("move_number", place.move_number);
    j.field("side", place.side == Color::White ? "white" : "black");
  } else {
    for (std::string_view k : {"ply", "move_number", "side"}) {
      j.key(k);
      j.null();
    }
  }
  j.field("variation", d.variation);
  j.field("line", d.line);
  j.field("column", d.column);
  j.field("byte", d.byte);
  j.field("code", code_name(d.code));
  j.field("severity", counts_as_error(d) ? "error" : severity_word(d.severity));
  j.field("message", d.message);
  j.field("written", d.written);
  j.field("candidates", d.candidates);
  j.field("suggestions", d.suggestions);
  j.key("suggestion_details");
  line += '[';
  for (std::size_t i = 0; i < d.suggestions.size(); ++i) {
    if (i) line += ',';
    JsonLine detail(line);
    detail.field("move", d.suggestions[i]);
    detail.key("evident");
    detail.boolean(i < d.suggestion_evident.size() && d.suggestion_evident[i]);
    line += '}';
  }
  line += ']';
  j.end();
  out_ << line;
}

std::string summary_line(const CheckSummary& s) {
  std::string line = "summary: " + std::to_string(s.files) + (s.files == 1 ? " file, " : " files, ") +
                     std::to_string(s.games) + (s.games == 1 ? " game, " : " games, ") + std::to_string(s.moves) +
                     " moves; " + std::to_string(s.errors) + (s.errors == 1 ? " error, " : " errors, ") +
                     std::to_string(s.warnings) + (s.warnings == 1 ? " warning" : " warnings");
  const std::string skipped = s.files_skipped == 0 ? "" :
      "; " + std::to_string(s.files_skipped) + (s.files_skipped == 1 ? " file" : " files") +
      " skipped (not PGN; --include GLOB reads them)";
  if (!s.by_code.empty()) {
    line += " (";
    bool first = true;
    for (const auto& [code, n] : s.by_code) {
      if (code.rfind("N-", 0) == 0) continue;  // notes are not problems
      line += (first ? "" : ", ") + code + " " + std::to_string(n);
      first = false;
    }
    line += ")";
    if (first) line.resize(line.size() - 3);  // only notes: drop " ()"
  }
  return line + skipped;
}

void CheckReporter::finish() {
  switch (options_.format) {
    case ReportFormat::Text:
      out_ << summary_line(summary_) << '\n';
      break;
    case ReportFormat::Json: {
      nlohmann::ordered_json j;
      j["type"] = "summary";
      j["files"] = summary_.files;
      if (summary_.files_skipped) j["files_skipped"] = summary_.files_skipped;
      j["games"] = summary_.games;
      j["games_with_errors"] = summary_.games_with_errors;
      j["moves"] = summary_.moves;
      j["errors"] = summary_.errors;
      j["warnings"] = summary_.warnings;
      j["by_code"] = summary_.by_code;
      out_ << j.dump() << '\n';
      break;
    }
    case ReportFormat::Html: {
      out_ << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>planilla check report</title>"
              "<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:60em}"
              "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}"
              ".ok{color:#1e7e34}.bad{color:#b00020}.warn{color:#8a6d00}"
              ".diag{border-left:4px solid #b00020;padding:.2em 1em;margin:1em 0}"
              ".diag.warning{border-color:#d4a000}figure{margin:.5em 0}code{font-weight:bold}"
              ".where{color:#666}</style></head><body>\n";
      out_ << "<h1>planilla check</h1>\n<p id=\"summary\">" << html_escape(summary_line(summary_)) << "</p>\n";
      out_ << "<table id=\"games\"><thead><tr><th>file</th><th>game</th><th>White</th><th>Black</th>"
              "<th>result</th><th>status</th></tr></thead><tbody>\n";
      for (const auto& g : html_games_) {
        std::string anchor = "g" + std::to_string(&g - &html_games_[0]);
        out_ << "<tr><td>" << html_escape(g->file) << "</td><td>" << g->number << "</td><td>" << html_escape(g->white)
             << "</td><td>" << html_escape(g->black) << "</td><td>" << html_escape(g->result) << "</td><td>";
        if (g->errors) out_ << "<a class=\"bad\" href=\"#" << anchor << "\">" << g->errors << (g->errors == 1 ? " error" : " errors") << "</a>";
        else if (g->warnings) out_ << "<a class=\"warn\" href=\"#" << anchor << "\">" << g->warnings << (g->warnings == 1 ? " warning" : " warnings") << "</a>";
        else out_ << "<span class=\"ok\">ok</span>";
        out_ << "</td></tr>\n";
      }
      out_ << "</tbody></table>\n";
      for (const auto& g : html_games_) {
        if (g->body.empty()) continue;
        std::string anchor = "g" + std::to_string(&g - &html_games_[0]);
        out_ << "<section id=\"" << anchor << "\"><h2>" << html_escape(g->file) << ", game " << g->number << ": "
             << html_escape(g->white.empty() ? "?" : g->white) << " – " << html_escape(g->black.empty() ? "?" : g->black)
             << "</h2>\n" << g->body << "</section>\n";
      }
      out_ << "</body></html>\n";
      break;
    }
  }
}

}  // namespace planilla
