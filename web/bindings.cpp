// The page's entry points (embind): the same core as the command line, called with the page's
// text (UTF-8: the page decodes files with TextDecoder in the encoding detect_encoding names).
// Every function takes and returns plain strings; structured answers are JSON.
//
//   languages()                        what "from" and "to" offer, from the library's tables
//   detect_encoding(bytes)             planilla's encoding decision for a file's bytes
//   convert(text, from, to, repair)    `planilla convert --from FROM --to TO` on the text
//   check_html(files_json, from, lang) `planilla check --format html` on several files
//   load_game(text, from, number)      one game's main line for the board; board_svg(ply) draws it
#include <emscripten/bind.h>

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "board/position.hpp"
#include "converters/input/decode.hpp"
#include "converters/report/board_render.hpp"
#include "converters/report/report_formats.hpp"
#include "converters/report/report_writer.hpp"
#include "converters/run/check.hpp"
#include "converters/run/convert.hpp"
#include "converters/run/pipeline.hpp"
#include "notation/diagnostic.hpp"
#include "notation/language.hpp"
#include "notation/spec.hpp"
#include "notation/style.hpp"
#include "notation/write.hpp"

namespace planilla::web {

namespace {

using nlohmann::json;

json error_json(const std::string& message) { return json{{"error", message}}; }

// The reading spec as the CLI's --from parses it (descriptive needs a dialect).
Result<NotationSpec, std::string> from_spec(const std::string& from) {
  auto spec = parse_spec(from, true);
  if (!spec) return Unexpected{spec.error()};
  if (is_descriptive(spec->style) && !spec->auto_detect)
    if (auto d = descriptive_dialect(*spec); !d) return Unexpected{d.error()};
  return spec;
}

std::string reading_name(const Reading& r) {
  if (r.language != nullptr) return std::string(r.language->code);
  if (!r.dialect) return "descriptive";
  switch (*r.dialect) {
    case DescriptiveDialect::English: return "en:descriptive";
    case DescriptiveDialect::Spanish: return "es:descriptive";
    case DescriptiveDialect::French: return "fr:descriptive";
  }
  return "descriptive";
}

json diagnostic_json(const Diagnostic& d) {
  json j{{"code", std::string(code_name(d.code))},
         {"severity", std::string(severity_word(d.severity))},
         {"line", d.line},
         {"column", d.column},
         {"byte", d.byte},
         {"game", d.game},
         {"ply", d.ply},
         {"message", d.message},
         {"written", d.written},
         {"candidates", d.candidates},
         {"suggestions", d.suggestions}};
  json evident = json::array();
  for (bool e : d.suggestion_evident) evident.push_back(e);
  j["evident"] = evident;
  // "missing ply": the move is inserted before the written one; "repeated plies": the move
  // played after a line written twice, which starts at the written one
  j["kinds"] = d.suggestion_kinds;
  j["drops"] = d.suggestion_drops;  // plies a "repeated plies" suggestion deletes, from the written one on
  return j;
}

std::string languages() {
  json langs = json::array();
  json to = json::array();
  json from = json::array();
  from.push_back("auto");
  for (const Language& lang : all_languages()) {
    langs.push_back({{"code", std::string(lang.code)}, {"name", std::string(lang.name)}});
    from.push_back(std::string(lang.code));
    for (const StyleRow& row : kStyleTable) {
      if (!row.needs_language || row.layout == StyleLayout::ReadOnly) continue;
      const std::string spec = row.style == NotationStyle::San ? std::string(lang.code)
                                                               : std::string(lang.code) + ":" + std::string(row.name);
      auto parsed = parse_spec(spec, false);
      if (!parsed) continue;
      if (is_descriptive(row.style)) {
        if (descriptive_style(*parsed))
          to.push_back({{"spec", spec}, {"language", std::string(lang.code)}, {"style", row.name}});
        if (row.style == NotationStyle::Descriptive && descriptive_dialect(*parsed)) from.push_back(spec);
        continue;
      }
      to.push_back({{"spec", spec}, {"language", std::string(lang.code)}, {"style", row.name}});
    }
  }
  for (const StyleRow& row : kStyleTable)
    if (!row.needs_language && row.layout != StyleLayout::ReadOnly)
      to.push_back({{"spec", std::string(row.name)}, {"language", ""}, {"style", row.name}});
  return json{{"languages", langs}, {"from", from}, {"to", to}}.dump();
}

std::string detect_encoding_name(const std::string& bytes) {
  return std::string(encoding_name(detect_encoding(bytes)));
}

struct ConvertRun {
  std::string output;
  json diagnostics = json::array();
  json readings = json::array();
  RunStats stats;
};

// `planilla convert` with the CLI's defaults (O-O, e8=Q, + and #, X-FEN).
ConvertRun run_convert(const std::string& text, const NotationSpec& from, const NotationSpec& to, bool repair,
                       const Language* suggestions) {
  ConvertOptions co;
  co.from = from;
  co.to = to;
  co.jobs = 1;
  co.write.moves.castling_zeros = false;
  co.write.moves.promotion_equals = true;
  co.write.moves.check_marks = true;
  co.write.fen = FenDialect::XFen;
  co.repair_evident = repair;
  co.read.suggestion_language = suggestions;
  ConvertRun run;
  co.on_each_game = [&](const GameRecord& r) { run.readings.push_back(reading_name(r.reading)); };
  std::istringstream in(text);
  std::ostringstream out;
  run.stats = convert(in, out, co, [&](const GameRecord& r) {
    for (const Diagnostic& d : r.diagnostics) run.diagnostics.push_back(diagnostic_json(d));
  });
  run.output = out.str();
  return run;
}

std::string convert_text(const std::string& text, const std::string& from_text, const std::string& to_text,
                         bool repair) {
  auto from = from_spec(from_text);
  if (!from) return error_json("from: " + from.error()).dump();
  auto to = parse_spec(to_text, false);
  if (!to) return error_json("to: " + to.error()).dump();
  if (is_descriptive(to->style))
    if (auto style = descriptive_style(*to); !style) return error_json("to: " + style.error()).dump();
  // Suggestions are offered in the letters of the scoresheet, so that applying one keeps it in
  // its language; the codes and the output do not depend on it.
  const Language* letters = from->auto_detect ? nullptr : from->language;
  ConvertRun run = run_convert(text, *from, *to, repair, letters);
  if (from->auto_detect && !run.readings.empty()) {
    const Language* detected = find_language(run.readings.front().get<std::string>());
    bool any_suggestion = false;
    for (const json& d : run.diagnostics) any_suggestion = any_suggestion || !d["suggestions"].empty();
    if (detected != nullptr && detected != &english() && any_suggestion)
      run = run_convert(text, *from, *to, repair, detected);
  }
  return json{{"output", run.output},     {"diagnostics", run.diagnostics}, {"readings", run.readings},
              {"games", run.stats.games}, {"moves", run.stats.moves},       {"errors", run.stats.errors}}
      .dump();
}

// `planilla check --format html --lang LANG` on [{"name": …, "text": …}, …].
std::string check_html(const std::string& files_json, const std::string& from_text, const std::string& lang_code) {
  auto from = from_spec(from_text);
  if (!from) return "<p>from: " + from.error() + "</p>";
  const Language* lang = find_language(lang_code);
  if (lang == nullptr) lang = &english();
  const json files = json::parse(files_json, nullptr, false);
  if (!files.is_array()) return "<p>bad file list</p>";
  std::ostringstream out;
  CheckReportOptions ro;
  ro.format = "html";
  ro.language = lang;
  CheckReporter reporter(out, ro);
  for (const json& file : files) {
    const std::string name = file.value("name", "");
    const std::string text = file.value("text", "");
    ReadOptions read;
    read.file_name = name;
    read.suggestion_language = lang;
    read.keep_model = true;
    reporter.begin_file(name);
    std::istringstream in(text);
    auto file_diags = run_pipeline(in, read, *from, 1, nullptr, [&](ProcessedGame& g) { reporter.game(g.record); });
    for (const Diagnostic& d : file_diags) reporter.file_diagnostic(d);
  }
  reporter.finish();
  return out.str();
}

// The board: positions of one game's main line, drawn on demand.
struct LoadedGame {
  std::vector<Position> positions;  // start, then after each resolved move
  std::vector<Move> moves;
};
LoadedGame g_loaded;

std::string load_game(const std::string& text, const std::string& from_text, const std::string& to_text,
                      unsigned number) {
  auto from = from_spec(from_text);
  if (!from) return error_json("from: " + from.error()).dump();
  auto to = parse_spec(to_text, false);
  WriteOptions wo;
  if (to && !is_descriptive(to->style) && to->style != NotationStyle::Spoken) {
    wo.language = to->language;
    wo.style = to->style;
  }
  g_loaded = LoadedGame{};
  json labels = json::array();
  json tags = json::object();
  ReadOptions read;
  read.keep_model = true;
  std::istringstream in(text);
  std::uint32_t games = 0;
  run_pipeline(in, read, *from, 1, nullptr, [&](ProcessedGame& g) {
    ++games;
    if (games != number) return;
    const Game& game = g.record.game;
    for (const Tag& t : game.tags) tags[t.name] = t.value;
    Position pos = game.start;
    g_loaded.positions.push_back(pos);
    for (const MoveNode& node : game.main.moves) {
      if (node.move == Move{}) break;
      labels.push_back(write_move(pos, node.move, wo));
      pos.play(node.move);
      g_loaded.moves.push_back(node.move);
      g_loaded.positions.push_back(pos);
    }
  });
  return json{{"games", games}, {"moves", labels}, {"tags", tags}}.dump();
}

// The SVG board after `ply` moves (0: the start), the last move drawn as an arrow.
std::string board_svg(unsigned ply, bool flipped) {
  if (g_loaded.positions.empty()) return "";
  if (ply >= g_loaded.positions.size()) ply = static_cast<unsigned>(g_loaded.positions.size() - 1);
  RenderOptions ro;
  ro.flipped = flipped;
  ro.square_size = 40;
  if (ply > 0) {
    const Move m = g_loaded.moves[ply - 1];
    ro.arrows.push_back(BoardArrow{m.from(), m.to(), BoardArrow::Kind::Played});
  }
  return render_svg(g_loaded.positions[ply], ro);
}

}  // namespace

EMSCRIPTEN_BINDINGS(planilla) {
  emscripten::function("languages", &languages);
  emscripten::function("detect_encoding", &detect_encoding_name);
  emscripten::function("convert", &convert_text);
  emscripten::function("check_html", &check_html);
  emscripten::function("load_game", &load_game);
  emscripten::function("board_svg", &board_svg);
}

}  // namespace planilla::web
