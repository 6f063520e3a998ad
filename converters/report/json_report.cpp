// The JSON Lines report: one object per diagnostic ("type":"diagnostic"), then one summary
// object ("type":"summary"). A diagnostic on a main-line move carries the FEN of the position
// before it, and every diagnostic of a game the game's White, Black and Event tags, so a line
// can be acted on without the archive at hand.
#include <bit>
#include <cstdint>
#include <cstring>

#include <nlohmann/json.hpp>

#include "board/fen.hpp"
#include "converters/arbiter/suggestions.hpp"
#include "converters/input/decode.hpp"
#include "converters/report/report_writer.hpp"
#include "notation/write.hpp"

namespace planilla {

namespace {

// One JSON line, written field by field: a diagnostic has a fixed shape, and building an
// ordered_json object for each (every key inserted by a linear search) showed in the profile of
// `check --format json` on a move-heavy archive (bench/RESULTS.md). Strings that
// are plain ASCII are escaped here exactly as nlohmann's dump() escapes them (\" \\ \b \f \n \r \t,
// other control bytes as \u00xx); any other string goes through nlohmann itself, which also
// replaces invalid UTF-8 (held equal by tests/unit/converters_check.cpp).
class JsonLine {
 public:
  explicit JsonLine(std::string& out) : out_(out) { out_ += '{'; }
  // Keys are this file's constants: plain ASCII that needs no escape, written in one append.
  void key(std::string_view k) {
    char buffer[32];
    std::size_t n = 0;
    if (!first_) buffer[n++] = ',';
    first_ = false;
    if (k.size() + 4 > sizeof buffer) {
      out_.append(buffer, n);
      string(k);
      out_ += ':';
      return;
    }
    buffer[n++] = '"';
    std::memcpy(buffer + n, k.data(), k.size());
    n += k.size();
    buffer[n++] = '"';
    buffer[n++] = ':';
    out_.append(buffer, n);
  }
  void string(std::string_view s) {
    const std::size_t mark = out_.size();
    out_ += '"';
    // Runs of bytes that need no escape are appended whole, found a word at a time. Valid UTF-8
    // is written as it stands (what the JSON library writes for it); a string with invalid bytes
    // is the library's to replace, decided at its first non-ASCII byte.
    bool validated = false;
    std::size_t run = 0;
    for (std::size_t i = next_special(s, 0); i < s.size(); i = next_special(s, i + 1)) {
      const char c = s[i];
      if (static_cast<unsigned char>(c) >= 0x80) {
        if (!validated && !is_valid_utf8(s)) {
          out_.resize(mark);
          out_ += nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
          return;
        }
        validated = true;
        continue;
      }
      out_.append(s.data() + run, i - run);
      run = i + 1;
      switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\b': out_ += "\\b"; break;
        case '\f': out_ += "\\f"; break;
        case '\n': out_ += "\\n"; break;
        case '\r': out_ += "\\r"; break;
        case '\t': out_ += "\\t"; break;
        default: {  // the other control bytes
          constexpr char kHex[] = "0123456789abcdef";
          const char escape[6] = {
              '\\', 'u', '0', '0', kHex[static_cast<unsigned char>(c) >> 4], kHex[static_cast<unsigned char>(c) & 15]};
          out_.append(escape, sizeof escape);
        }
      }
    }
    out_.append(s.data() + run, s.size() - run);
    out_ += '"';
  }
  void number(std::uint64_t n) { append_decimal(out_, n); }
  void null() { out_ += "null"; }
  void string_or_null(const std::string* s) {
    if (s) string(*s);
    else null();
  }
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
  void field(std::string_view k, std::string_view v) {
    key(k);
    string(v);
  }
  void field(std::string_view k, std::uint64_t v) {
    key(k);
    number(v);
  }
  void field(std::string_view k, const std::vector<std::string>& v) {
    key(k);
    strings(v);
  }
  void end() { out_ += "}\n"; }

 private:
  // The first byte at or after `i` that JSON escapes (a control byte, '"' or '\\') or that is not
  // ASCII, or s.size(); eight bytes at a time (the lowest flag of each test is exact, which is
  // the one taken).
  static std::size_t next_special(std::string_view s, std::size_t i) {
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    for (; i + 8 <= s.size(); i += 8) {
      std::uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      const std::uint64_t quote = w ^ (kOnes * '"'), backslash = w ^ (kOnes * '\\');
      const std::uint64_t hit =
          ((w - kOnes * 0x20) & ~w) | ((quote - kOnes) & ~quote) | ((backslash - kOnes) & ~backslash) | w;
      if (hit & kHigh) return i + static_cast<std::size_t>(std::countr_zero(hit & kHigh)) / 8;
    }
    for (; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80) return i;
    }
    return s.size();
  }
  std::string& out_;
  bool first_ = true;
};

class JsonReport final : public ReportWriter {
 public:
  explicit JsonReport(std::ostream& out) : out_(out) {}

  void begin_game(const GameRecord&, std::string_view) override { replayed_ = nullptr; }

  void diagnostic(const Diagnostic& d, const GameRecord* record, std::string_view file, Severity shown) override {
    std::string& line = line_;  // kept between lines: no allocation per line
    line.clear();
    JsonLine j(line);
    j.field("type", "diagnostic");
    j.field("file", file);
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
    j.field("severity", severity_word(shown));
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
      if (i < d.suggestion_kinds.size()) detail.field("kind", d.suggestion_kinds[i]);
      // (a line written twice: the plies dropped before the move, from the written one on)
      if (i < d.suggestion_drops.size() && d.suggestion_drops[i] != 0) detail.field("drops", d.suggestion_drops[i]);
      line += '}';
    }
    line += ']';
    // The position before the move: main-line diagnostics of a game whose earlier moves all
    // resolved (ReportFormat::model has the reading model every game with a diagnostic).
    j.key("fen");
    // The reader's when it read the game without its model; else replayed on the model.
    std::optional<Position> before;
    if (d.fen.empty() && record != nullptr && d.ply != 0 && d.variation == 0)
      before = main_line_before(record->game, d.ply);
    if (!d.fen.empty()) j.string(d.fen);
    else if (before) j.string(write_fen(*before));
    else j.null();
    for (std::string_view tag : {"White", "Black", "Event"}) {
      j.key(tag == "White" ? "white" : tag == "Black" ? "black" : "event");
      j.string_or_null(record != nullptr ? record->game.tag(tag) : nullptr);
    }
    j.end();
    out_ << line;
  }

  void finish(const CheckSummary& summary) override {
    nlohmann::ordered_json j;
    j["type"] = "summary";
    j["files"] = summary.files;
    if (summary.files_skipped) j["files_skipped"] = summary.files_skipped;
    j["games"] = summary.games;
    j["games_with_errors"] = summary.games_with_errors;
    j["moves"] = summary.moves;
    j["errors"] = summary.errors;
    j["warnings"] = summary.warnings;
    j["by_code"] = summary.by_code;
    out_ << j.dump() << '\n';
  }

 private:
  // position_before(game, ply), replayed on from where the game's previous line left it (a
  // game's diagnostics come in reading order): replaying from the start for each line cost a
  // game's worth of moves a line.
  std::optional<Position> main_line_before(const Game& game, std::uint32_t ply) {
    if (ply == 0 || ply > game.main.moves.size() + 1) return std::nullopt;
    if (replayed_ != &game || replayed_ply_ > ply) {
      replayed_ = &game;
      replayed_ply_ = 1;
      replayed_pos_ = game.start;
    }
    for (; replayed_ply_ < ply; ++replayed_ply_) {
      const MoveNode& n = game.main.moves[replayed_ply_ - 1];
      if (!n.move) return std::nullopt;
      replayed_pos_.play(n.move);
    }
    return replayed_pos_;
  }

  std::ostream& out_;
  std::string line_;
  // The main line's position before ply replayed_ply_ of *replayed_ (null: none yet this game).
  const Game* replayed_ = nullptr;
  std::uint32_t replayed_ply_ = 1;
  Position replayed_pos_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_json_report(std::ostream& out, const ReportWriterOptions&) {
  return std::make_unique<JsonReport>(out);
}

}  // namespace planilla
