// converters/check: the text report's source excerpts — whole short lines, long lines cut
// around the column with the caret still under the written move; the JSON report's lines, the
// same text nlohmann's dump() makes of the same object.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "board/fen.hpp"
#include "converters/arbiter/detect.hpp"
#include "converters/arbiter/suggestions.hpp"
#include "converters/pgn/reader.hpp"
#include "converters/report/source_lines.hpp"
#include "converters/run/check.hpp"

using namespace planilla;

namespace {

// The report's lines for `text` (one game), split at '\n'; `suggest`: with the suggestions `check`
// adds to move errors.
std::vector<std::string> report(const std::string& text, bool suggest = false) {
  std::ostringstream out;
  CheckReporter reporter(out, CheckReportOptions{});
  reporter.begin_file("t.pgn");
  ReadOptions options;
  options.file_name = "t.pgn";
  for (GameRecord& r : read_pgn(text, options)) {
    if (suggest) fill_suggestions(r, english(), ResolveOptions{});
    reporter.game(r);
  }
  reporter.finish();  // (the summary line last)
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// The JSON report of what `feed` gives a reporter, for a file named `file`.
template <class Feed>
std::string json_report(const char* file, Feed feed) {
  std::ostringstream out;
  CheckReportOptions options;
  options.format = "json";
  {
    CheckReporter reporter(out, options);
    reporter.begin_file(file);
    feed(reporter);
  }
  return out.str();
}

// The text above a caret line and the caret's index in it (both after the " N | " gutter).
struct Shown {
  std::string source;
  std::size_t caret;
};
std::vector<Shown> excerpts(const std::vector<std::string>& lines) {
  std::vector<Shown> out;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::size_t bar = lines[i].find(" | ");
    const std::size_t caret = lines[i].find('^');
    if (bar == std::string::npos || caret == std::string::npos) continue;
    // Code points before the caret in the source line: the caret line is ASCII (spaces).
    out.push_back(Shown{lines[i - 1].substr(bar + 3), caret - (bar + 3)});
  }
  return out;
}

// The byte offset of the `n`-th code point of UTF-8 `s` (0-based).
std::size_t byte_of(const std::string& s, std::size_t n) {
  std::size_t i = 0;
  for (std::size_t k = 0; k < n && i < s.size(); ++k) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
  }
  return i;
}

}  // namespace

TEST_CASE("check text report: a short line is shown whole, the caret under the move") {
  const auto shown = excerpts(report("[Event \"x\"]\n\n1. e4 e5 2. Nf6 *\n"));
  REQUIRE(shown.size() == 1);
  CHECK(shown[0].source == "1. e4 e5 2. Nf6 *");
  CHECK(shown[0].source.substr(shown[0].caret, 3) == "Nf6");
}

TEST_CASE("check text report: readings of the token, then the moves that may have been left out before it") {
  // `4. Nf6`: White's fourth move is missing from the score (Black's Nf6 follows any of them);
  // `4. Ke3`: read as other moves.
  struct Row {
    std::string movetext;
    std::string did_you_mean;  // the line, "" for none
    std::string left_out;
  };
  const Row rows[] = {
      {"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Nf6 5. O-O Be7 *", "", "  = a move left out before Nf6? a3, b3, c3, d3, g3"},
      {"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke3 Nf6 *", "  = did you mean: Ke2, Nc3, Be2, Bd3, Kf1", ""},
  };
  for (const Row& row : rows) {
    CAPTURE(row.movetext);
    std::string did_you_mean, left_out;
    for (const std::string& l : report("[Event \"x\"]\n\n" + row.movetext + "\n", true)) {
      if (l.starts_with("  = did you mean:")) did_you_mean = l;
      if (l.find("a move left out before") != std::string::npos) left_out = l;
    }
    CHECK(did_you_mean == row.did_you_mean);
    CHECK(left_out == row.left_out);
  }
}

TEST_CASE("check text report: a stranger's control characters are shown, never sent to the terminal") {
  // An escape sequence in a game (`ESC ] 0 ; … BEL` retitles a terminal, `ESC [ 2 J` clears it)
  // is shown as its pictures, one cell each, so the caret stays under the token after it (`2J`).
  const std::vector<std::string> lines = report("[Event \"x\"]\n\n1. e4 e5 \x1b[2J\x07 2. Nf3 *\n");
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  CHECK(all.find('\x1b') == std::string::npos);
  CHECK(all.find('\x07') == std::string::npos);
  CHECK(all.find("\u241b[2J\u2407") != std::string::npos);
  const auto shown = excerpts(lines);
  REQUIRE(!shown.empty());
  CHECK(shown.back().source.substr(byte_of(shown.back().source, shown.back().caret), 2) == "2J");
  // Each control as one picture; a tab kept; C1 controls (U+0080-U+009F) as U+FFFD.
  CHECK(visible_controls("a\tb\x01\x7f\xc2\x9b[c") == "a\tb\u2401\u2421\ufffd[c");
  CHECK(!has_controls("Nf3 \u00e9\u00a0\t"));
  CHECK(has_controls("\xc2\x85"));
}

TEST_CASE("check text report: a game that begins mid-line is shown from its first column") {
  // The columns before the second game are the first game's: left out as `…`, the caret still
  // under the move (it stood 12 columns to the right of it).
  const auto shown = excerpts(report("[Event \"a\"]\n\n1. e4 e5 1-0 [Event \"b\"] 1. d4 xyz *\n"));
  REQUIRE(shown.size() == 1);
  CHECK(shown[0].source == "\u2026 [Event \"b\"] 1. d4 xyz *");
  CHECK(shown[0].source.substr(byte_of(shown[0].source, shown[0].caret), 3) == "xyz");
  // On a line too long to show whole, the window is cut around the column in the same way.
  std::string first = "1.";
  for (int i = 0; i < 40; ++i) first += " Nf3 Nf6 Ng1 Ng8";
  const auto cut = excerpts(report("[Event \"a\"]\n\n" + first + " 1-0 [Event \"b\"] 1. d4 xyz *\n"));
  REQUIRE(cut.size() == 1);
  CHECK(cut[0].source.rfind("\u2026 ", 0) == 0);
  CHECK(cut[0].source.substr(byte_of(cut[0].source, cut[0].caret), 3) == "xyz");
}

TEST_CASE("check text report: a long line is cut around each diagnostic's column") {
  // 1,000 unreadable tokens (max_errors) on one line: every excerpt is short and its caret is on
  // the token. (Each names a square, so that none is left out as a word of prose: WordRun.)
  std::string movetext;
  for (int i = 0; i < 1000; ++i) movetext += (i % 2 ? "a9a1 " : "h0h8 ");
  const auto shown = excerpts(report("[Event \"x\"]\n\n" + movetext + "*\n"));
  REQUIRE(shown.size() == 1000);
  for (std::size_t i = 0; i < shown.size(); i += 97) {
    CAPTURE(i);
    const Shown& s = shown[i];
    std::size_t code_points = 0;
    for (unsigned char c : s.source) code_points += (c & 0xC0) != 0x80;
    CHECK(code_points <= 160 + 4);  // the window and its two `…` marks
    CHECK(s.source.substr(byte_of(s.source, s.caret), 4) == (i % 2 ? "a9a1" : "h0h8"));
    CHECK((i == 0) == (s.source.rfind("\xE2\x80\xA6 ", 0) != 0));  // `… ` except at the start
  }
}

TEST_CASE("check text report: prose read as movetext is shown in short") {
  // 300 words of a letter, then a token that names a square, then more words: the first ten
  // errors are shown, then only the square's token, and one note for the rest, with its count
  // and place; the summary still counts every error.
  std::string prose;
  for (int i = 0; i < 300; ++i) prose += (i % 7 == 6 ? "words\n" : "some ");
  const auto lines = report(prose + "Ng9f3 " + prose + "*\n");
  const auto shown = excerpts(lines);
  CHECK(shown.size() == 11);
  std::size_t notes = 0, square = 0;
  for (const std::string& l : lines) {
    if (l.find(": note: game 1: 590 more words from here to line 85 are not moves either") != std::string::npos)
      ++notes;
    if (l.find("Ng9f3: ") != std::string::npos) ++square;
  }
  CHECK(notes == 1);
  CHECK(square == 1);
  CHECK(lines.back().find("601 errors") != std::string::npos);
  // Up to ten words past the first ten are shown as they are: a note would say less.
  const auto few = report("one two three four five six seven eight nine ten eleven twelve thirteen fourteen *\n");
  CHECK(excerpts(few).size() == 14);
  for (const std::string& l : few) CHECK(l.find("note:") == std::string::npos);
  // A run is a game's: the next game's words are shown from its first ten again.
  const auto two = excerpts(report(prose + "1-0\n" + prose + "*\n"));
  CHECK(two.size() == 20);
}

TEST_CASE("check text report: a glued token of 30,000 bytes is named and underlined in short") {
  std::string glued;
  for (int i = 0; i < 10000; ++i) glued += "Nf3";
  const auto lines = report("[Event \"x\"]\n\n1. " + glued + " *\n");
  REQUIRE(!lines.empty());
  CHECK(lines[0].find("(30000 bytes)") != std::string::npos);  // the token, cut, in the header
  for (const std::string& l : lines) CHECK(l.size() < 1200);
  const auto shown = excerpts(lines);
  REQUIRE(shown.size() == 1);
}

TEST_CASE("check text report: windows of one long UTF-8 line, each found from the last") {
  // Each window begins before the last one's end: the cursor steps back over two-byte letters.
  std::string movetext;
  for (int i = 0; i < 600; ++i) movetext += "{\xC3\xB1\xC3\xA9} a9a1 ";
  const auto shown = excerpts(report("[Event \"x\"]\n\n" + movetext + "*\n"));
  REQUIRE(shown.size() == 600);
  for (std::size_t i = 0; i < shown.size(); i += 7) {
    CAPTURE(i);
    const Shown& s = shown[i];
    CHECK(s.source.substr(byte_of(s.source, s.caret), 4) == "a9a1");
    CHECK(s.source.find("\xC3\xB1\xC3\xA9} a9a1") != std::string::npos);
  }
}

TEST_CASE("check JSON report: each line is what nlohmann's dump() makes of the same object") {
  // Strings the hand-written line escapes itself (ASCII, every control byte, quotes, backslash,
  // DEL) and those it hands to nlohmann (UTF-8, invalid UTF-8: replaced, not fatal).
  std::string controls;
  for (int c = 1; c < 0x20; ++c) controls += static_cast<char>(c);
  std::vector<std::string> texts = {
      "",
      "Nf3",
      "quote \" and backslash \\",
      controls,
      "del \x7F",
      "Caballo \xC3\xA1",
      "\xE2\x99\x98"
      "f3",
      "latin-1 \xE1"
      " byte",
      "cut \xE2\x99",
      "\xFF\xFE",
  };
  // The escapes are found eight bytes at a time: each escaped byte at every place in a word, in
  // ASCII and in UTF-8 text.
  for (std::size_t at = 0; at < 18; ++at) {
    for (const char escaped : {'"', '\\', '\x1F', '\0'}) {
      std::string ascii(18, 'a');
      ascii[at] = escaped;
      texts.push_back(ascii);
      texts.push_back("\xC3\xA1" + ascii + "\xE2\x99\x98");
    }
  }
  for (const std::string& text : texts) {
    CAPTURE(text);
    Diagnostic d;
    d.code = Code::MoveSyntax;
    d.severity = Severity::Error;
    d.file = text;
    d.game = 3;
    d.ply = 0;
    d.line = 7;
    d.column = 2;
    d.byte = 1234567890123ull;
    d.message = text + " message";
    d.written = text;
    d.candidates = {text, "Nc3"};
    d.suggestions = {"Nf3", text};
    d.suggestion_evident = {true, false};
    d.suggestion_kinds = {"slip", "missing ply"};
    const std::string report = json_report("f.pgn", [&](CheckReporter& r) { r.file_diagnostic(d); });
    const std::string first = report.substr(0, report.find('\n') + 1);

    nlohmann::ordered_json j;
    j["type"] = "diagnostic";
    j["file"] = text.empty() ? "f.pgn" : text;
    j["game"] = 3;
    j["ply"] = nullptr;
    j["move_number"] = nullptr;
    j["side"] = nullptr;
    j["variation"] = 0;
    j["line"] = 7;
    j["column"] = 2;
    j["byte"] = 1234567890123ull;
    j["code"] = std::string(code_name(Code::MoveSyntax));
    j["severity"] = "error";
    j["message"] = d.message;
    j["written"] = d.written;
    j["candidates"] = d.candidates;
    j["suggestions"] = d.suggestions;
    j["suggestion_details"] =
        nlohmann::ordered_json::array({{{"move", "Nf3"}, {"evident", true}, {"kind", "slip"}},
                                       {{"move", text}, {"evident", false}, {"kind", "missing ply"}}});
    // No game: no position, no players.
    for (const char* k : {"fen", "white", "black", "event"}) j[k] = nullptr;
    CHECK(first == j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
  }
}

TEST_CASE("check JSON report: the fast lane's positions are the model's, and the game is not read again") {
  // Main-line warnings (1...e5+, 4.Qxf7 for Qxf7#) and one in a variation (3.Bxf7 for Bxf7+):
  // read without the model and with positions in the diagnostics, as `check --format json`
  // reads, the report is the one the model gives, and model_if_diagnosed leaves the game as read.
  const std::string pgn =
      "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5+ 2. Bc4 Nc6 (2... Nf6 3. Bxf7 Kxf7) 3. Qh5 Nf6 4. Qxf7 1-0\n";
  auto json = [&](bool lane) {
    ReadOptions read;
    read.file_name = "t.pgn";
    read.keep_model = !lane;
    read.fen_in_diagnostics = lane;
    std::vector<GameRecord> records = read_pgn(pgn, read);
    REQUIRE(records.size() == 1);
    GameRecord& r = records[0];
    REQUIRE(r.diagnostics.size() == 3);
    for (const Diagnostic& d : r.diagnostics) {
      CAPTURE(d.message);
      CHECK(d.fen.empty() == (!lane || d.variation != 0));
    }
    model_if_diagnosed(r, read);
    CHECK(r.unmodelled_moves == (lane ? 10u : 0u));  // not read again for its model
    return json_report("t.pgn", [&](CheckReporter& reporter) { reporter.game(r); });
  };
  const std::string modelled = json(false);
  CHECK(json(true) == modelled);
  // The positions are those before each move: 1...e5+ and 4.Qxf7.
  CHECK(modelled.find(write_fen(*position_from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))) !=
        std::string::npos);
  CHECK(modelled.find("\"fen\":null") != std::string::npos);  // the variation's
}

TEST_CASE("report formats: every row of the table writes a report ending in its summary; others are refused") {
  ReadOptions read;
  read.file_name = "t.pgn";
  read.keep_model = true;
  const auto records = read_pgn("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf6 *\n", read);
  for (const ReportFormat& format : report_formats()) {
    CAPTURE(format.name);
    REQUIRE(find_report_format(format.name) == &format);
    std::ostringstream out;
    CheckReportOptions options;
    options.format = format.name;
    CheckReporter reporter(out, options);
    reporter.begin_file("t.pgn");
    for (const GameRecord& r : records) reporter.game(r);
    reporter.finish();
    CHECK(reporter.summary().errors == 1);
    // Each format names the faulty move and the file somewhere in its report.
    CHECK(out.str().find("Nf6") != std::string::npos);
    CHECK(out.str().find("t.pgn") != std::string::npos);
  }
  CHECK(find_report_format("xml") == nullptr);
  std::ostringstream out;
  CheckReportOptions options;
  options.format = "xml";
  CHECK_THROWS_AS(CheckReporter(out, options), std::invalid_argument);
}
