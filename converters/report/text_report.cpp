// The text report: compiler-style diagnostics ("file:line:column: error[CODE]: …") with the
// source line and a caret under the move, then one summary line.
#include <algorithm>
#include <string>

#include "converters/report/report_writer.hpp"
#include "converters/report/source_lines.hpp"
#include "grammar/move_parser.hpp"
#include "notation/write.hpp"

namespace planilla {

namespace {

class TextReport final : public ReportWriter {
 public:
  TextReport(std::ostream& out, const ReportWriterOptions& options) : out_(out), options_(options) {}

  void diagnostic(const Diagnostic& d, const GameRecord* record, std::string_view file, Severity shown) override {
    if (d.severity == Severity::Note && !options_.notes) return;
    const bool word = in_word_run(d, file);
    if (word && run_.hidden > kHeldBack) return;  // (counted)
    const bool c = options_.color;
    std::string_view sev = severity_word(shown);
    std::string_view colour = sev == "error" ? "\033[1;31m" : sev == "warning" ? "\033[1;35m" : "\033[1;36m";
    // Built whole in a string kept between diagnostics, then written at once: standard error
    // on a terminal is unbuffered, and a diagnostic written piece by piece costs a write call per
    // piece; built through an ostringstream, each piece cost a stream's checks (a file of 20,000
    // warnings: half of convert's instructions were the report's).
    std::string& out = text_;
    out.clear();
    const auto number = [&out](std::uint64_t value) { append_decimal(out, value); };
    if (c) out += "\033[1m";
    out += file;
    out += ':';
    number(d.line);
    out += ':';
    number(d.column);
    out += ": ";
    if (c) out += colour;
    out += sev;
    out += '[';
    out += code_name(d.code);
    out += ']';
    if (c) out += "\033[0m\033[1m";
    out += ": ";
    // The resolver's messages often start with the move itself ("Ke3: no king can reach e3"):
    // name the move once.
    std::string_view message = d.message;
    bool message_names_move = !d.written.empty() && message.size() > d.written.size() + 2 &&
                              message.substr(0, d.written.size()) == d.written &&
                              message.substr(d.written.size(), 2) == ": ";
    // A stranger's text (the written token, the message quoting it, the source line) with its
    // control characters shown, not sent to the terminal (visible_controls).
    const auto put_text = [&out](std::string_view text) {
      if (has_controls(text)) out += visible_controls(text);
      else out += text;
    };
    if (d.game != 0) out += game_label(d, record);
    if (!d.written.empty()) {
      out += ' ';
      put_text(token_excerpt(d.written));  // (a glued token can be megabytes)
    }
    if (d.game != 0 || !d.written.empty()) out += ": ";
    put_text(message_names_move ? message.substr(d.written.size() + 2) : message);
    if (c) out += "\033[0m";
    out += '\n';
    if (record != nullptr && d.line != 0) {
      SourceLines::Excerpt excerpt = lines_.excerpt(d, *record);
      if (has_controls(excerpt.text)) excerpt.text = visible_controls(excerpt.text);
      const std::string& src = excerpt.text;
      if (!src.empty()) {
        const std::size_t num_start = out.size() + 1;
        out += ' ';
        number(d.line);
        const std::size_t num_size = out.size() - num_start;
        out += " | ";
        out += src;
        out += '\n';
        out += ' ';
        out.append(num_size, ' ');
        out += " | ";
        // Keep tabs so the caret lines up in any terminal; a wide character (CJK, most emoji)
        // takes two cells, a combining mark none.
        std::size_t col = 1, i = 0;
        while (col < excerpt.caret && i < src.size()) {
          const std::size_t len = utf8_length(static_cast<unsigned char>(src[i]));
          if (src[i] == '\t') out += '\t';
          else out.append(display_width(std::string_view(src).substr(i, len)), ' ');
          i += len;
          ++col;
        }
        if (c) out += colour;
        // Under the token, never wider than the excerpt (a glued token can be megabytes).
        const std::size_t width = std::min(display_width(d.written), display_width(src));
        out += '^';
        out.append(width > 1 ? width - 1 : 0, '~');
        if (c) out += "\033[0m";
        out += '\n';
      }
    }
    if (!d.candidates.empty()) {
      out += "  = candidates:";
      for (std::size_t i = 0; i < d.candidates.size(); ++i) {
        out += i ? ", " : " ";
        out += d.candidates[i];
      }
      out += '\n';
    }
    // The readings of the token, the moves that may have been left out before it (after which
    // the written move follows: "= a move left out before Nf6? a3, b3"), and the move after a
    // line written twice ("= a line written twice from Bb5? it goes on with Ba4"), the group of
    // the best suggestion first.
    bool read_as = false;
    for (const SuggestionGroup group : suggestion_groups(d)) {
      std::string list;
      for (std::size_t i = 0; i < d.suggestions.size(); ++i) {
        if (suggestion_group(d, i) != group) continue;
        list += list.empty() ? " " : ", ";
        list += d.suggestions[i];
        if (i < d.suggestion_evident.size() && d.suggestion_evident[i]) list += " (evident)";
      }
      if (list.empty()) continue;
      switch (group) {
        case SuggestionGroup::ReadAs: out += read_as ? "  = or did you mean:" : "  = did you mean:"; break;
        case SuggestionGroup::LeftOut:
          out +=
              std::string(read_as ? "  = or a move left out before " : "  = a move left out before ") + d.written + "?";
          break;
        case SuggestionGroup::Repeat:
          out += std::string(read_as ? "  = or " : "  = ") +
                 (one_ply_repeat(d) ? d.written + " written twice?" : "a line written twice from " + d.written + "?") +
                 " it goes on with";
          break;
      }
      read_as = true;
      out += list;
      out += '\n';
    }
    if (word) {
      run_.held += out;  // (shown when the run ends, or a square's token comes, within kHeldBack)
      return;
    }
    if (run_.hidden != 0 && run_.hidden <= kHeldBack) {  // a square's token after a few words
      out_.write(run_.held.data(), static_cast<std::streamsize>(run_.held.size()));
      run_.held.clear();
      run_.hidden = 0;
    }
    out_.write(out.data(), static_cast<std::streamsize>(out.size()));
  }

  void begin_game(const GameRecord& record, std::string_view file) override {
    (void)record;
    (void)file;
    end_word_run();
    lines_.forget();
  }
  void finish(const CheckSummary& summary) override {
    end_word_run();
    out_ << summary_line(summary) << '\n';
  }

 private:
  // Prose read as movetext (a README or a letter named by mistake, a book's text between its
  // games) makes an E-SYNTAX error of every word: a thousand of them hid the summary. In a run of
  // syntax errors of one game (E-SYNTAX, and E-PGN-SYNTAX for its brackets) with nothing else
  // between them, the first kWordRunShown are shown; after them, only tokens that name a square
  // (`Nf3x`, `e9e4`: a move written wrongly) are, and when more than kHeldBack other words follow,
  // they are counted and said in one line where the run ends, with how many and up to where (a
  // few are shown as they are). The summary counts them all, and --format json lists each.
  static constexpr std::uint32_t kWordRunShown = 10;
  static constexpr std::uint32_t kHeldBack = 10;
  struct WordRun {
    std::string file;
    std::uint32_t game = 0;
    std::uint32_t shown = 0, hidden = 0;
    std::uint32_t first_line = 0, first_column = 0, last_line = 0;
    std::string held;  // the hidden words' text while there are at most kHeldBack of them
  };

  // A short token with a square in it (a file letter and a rank digit).
  static bool names_square(std::string_view token) {
    if (token.size() > 8) return false;
    for (std::size_t i = 0; i + 1 < token.size(); ++i)
      if (token[i] >= 'a' && token[i] <= 'h' && token[i + 1] >= '1' && token[i + 1] <= '8') return true;
    return false;
  }

  // Whether `d` is a word of a run past what is shown (counted, not shown).
  bool in_word_run(const Diagnostic& d, std::string_view file) {
    if ((d.code != Code::MoveSyntax && d.code != Code::PgnSyntax) || d.game == 0) {
      end_word_run();
      return false;
    }
    if (d.game != run_.game || file != run_.file) {
      end_word_run();
      run_.file.assign(file);
      run_.game = d.game;
    }
    if (run_.shown < kWordRunShown || names_square(d.written)) {
      ++run_.shown;
      return false;
    }
    if (run_.hidden++ == 0) run_.first_line = d.line, run_.first_column = d.column;
    if (run_.hidden > kHeldBack) run_.held.clear();  // too many: said in one line instead
    run_.last_line = d.line;
    return true;
  }

  void end_word_run() {
    if (run_.hidden != 0 && run_.hidden <= kHeldBack) {
      out_.write(run_.held.data(), static_cast<std::streamsize>(run_.held.size()));
    } else if (run_.hidden != 0) {
      const bool c = options_.color;
      std::string& out = text_;
      out.clear();
      if (c) out += "\033[1m";
      out += run_.file;
      out += ':';
      append_decimal(out, run_.first_line);
      out += ':';
      append_decimal(out, run_.first_column);
      out += ": ";
      if (c) out += "\033[1;36m";
      out += "note";
      if (c) out += "\033[0m\033[1m";
      out += ": game ";
      append_decimal(out, run_.game);
      out += ": ";
      append_decimal(out, run_.hidden);
      out += run_.hidden == 1 ? " more word" : " more words";
      out += " from here to line ";
      append_decimal(out, run_.last_line);
      out +=
          " are not moves either (not shown; --format json lists each). Is this text a game? `planilla "
          "book` finds the games in prose";
      if (c) out += "\033[0m";
      out += '\n';
      out_.write(out.data(), static_cast<std::streamsize>(out.size()));
    }
    run_ = WordRun{};
  }

  WordRun run_;
  std::ostream& out_;
  std::string text_;  // one diagnostic, written in one piece
  ReportWriterOptions options_;
  SourceLines lines_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_text_report(std::ostream& out, const ReportWriterOptions& options) {
  return std::make_unique<TextReport>(out, options);
}

}  // namespace planilla
