// Extraction of numbered move runs and diagrams from Markdown/HTML; rules in markdown_moves.hpp.
#include "tests/support/markdown_moves.hpp"

#include <cctype>
#include <cstdint>
#include <optional>

#include "grammar/move_parser.hpp"

namespace planilla {

int MoveRun::next_number() const {
  const MarkdownMove& last = moves.back();
  return last.side == Color::White ? last.number : last.number + 1;
}

Color MoveRun::next_side() const { return ~moves.back().side; }

namespace {

constexpr std::string_view kEllipsis = "\xE2\x80\xA6";  // U+2026

// Text with markup removed; each kept byte remembers where it came from and its context.
struct Clean {
  std::string text;
  std::vector<std::size_t> offset;
  std::vector<std::uint8_t> emphasized;
  std::vector<int> section;
  std::vector<int> paragraph;

  void push(char c, std::size_t off, bool emph, int sec, int par) {
    text.push_back(c);
    offset.push_back(off);
    emphasized.push_back(emph ? 1 : 0);
    section.push_back(sec);
    paragraph.push_back(par);
  }
};

bool starts_with_ci(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  return true;
}

// The value of attribute `name` inside one tag's text, if present.
std::optional<std::string> attribute(std::string_view tag, std::string_view name) {
  std::size_t at = 0;
  while ((at = tag.find(name, at)) != std::string_view::npos) {
    const bool word_start = at == 0 || std::isspace(static_cast<unsigned char>(tag[at - 1]));
    std::size_t i = at + name.size();
    while (i < tag.size() && std::isspace(static_cast<unsigned char>(tag[i]))) ++i;
    if (word_start && i < tag.size() && tag[i] == '=') {
      ++i;
      while (i < tag.size() && std::isspace(static_cast<unsigned char>(tag[i]))) ++i;
      if (i < tag.size() && (tag[i] == '"' || tag[i] == '\'')) {
        const char quote = tag[i];
        const std::size_t end = tag.find(quote, i + 1);
        if (end != std::string_view::npos) return std::string(tag.substr(i + 1, end - i - 1));
      }
    }
    at += name.size();
  }
  return std::nullopt;
}

// Rule 1 (and rule 2's diagrams). `base` is added to every offset (captions are cleaned from a
// slice of the input).
Clean clean_markup(std::string_view in, std::size_t base, std::vector<MarkdownDiagram>* diagrams,
                   const Language& language);

std::vector<MoveRun> find_runs(const Clean& clean, const Language& language);

Clean clean_markup(std::string_view in, std::size_t base, std::vector<MarkdownDiagram>* diagrams,
                   const Language& language) {
  Clean out;
  out.text.reserve(in.size());
  int section = 0;
  int paragraph = 0;
  bool emph = false;  // Markdown `*` toggles
  int html_bold = 0;  // open <b>/<strong>
  bool line_start = true;
  bool after_heading = false;  // the line after a heading starts a new paragraph
  std::size_t i = 0;
  while (i < in.size()) {
    if (line_start) {
      line_start = false;
      std::size_t j = i;
      while (j < in.size() && (in[j] == ' ' || in[j] == '\t' || in[j] == '\r')) ++j;
      const bool heading = j < in.size() && in[j] == '#';
      if (after_heading && !heading) {
        ++paragraph;
        emph = false;
        html_bold = 0;
      }
      after_heading = heading;
      if (j >= in.size() || in[j] == '\n') {  // blank line: the paragraph ends
        ++paragraph;
        emph = false;
        html_bold = 0;
      } else if (in[j] == '#') {  // a heading starts a section (and is a paragraph of its own)
        ++section;
        ++paragraph;
        emph = false;
        html_bold = 0;
      }
    }
    const char c = in[i];
    if (c == '\n') {
      out.push(' ', base + i, emph || html_bold > 0, section, paragraph);
      line_start = true;
      ++i;
      continue;
    }
    if (c == '*') {
      while (i < in.size() && in[i] == '*') ++i;
      emph = !emph;
      continue;
    }
    if (c == '<') {
      const std::size_t close = in.find('>', i);
      if (close == std::string_view::npos) {  // a lone '<' is text
        out.push(c, base + i, emph || html_bold > 0, section, paragraph);
        ++i;
        continue;
      }
      const std::string_view tag = in.substr(i + 1, close - i - 1);
      if (starts_with_ci(tag, "chess-board") && diagrams != nullptr) {
        if (auto fen = attribute(tag, "position")) {
          MarkdownDiagram d;
          d.fen = *fen;
          d.offset = base + i;
          d.section = section;
          d.paragraph = paragraph;
          diagrams->push_back(std::move(d));
        }
      } else if (starts_with_ci(tag, "figcaption")) {
        // The caption names a position; it is kept out of the running text (rule 2).
        const std::size_t body = close + 1;
        std::size_t end = body;
        while (true) {
          end = in.find("</", end);
          if (end == std::string_view::npos || starts_with_ci(in.substr(end + 2), "figcaption")) break;
          end += 2;
        }
        if (end == std::string_view::npos) end = in.size();
        if (diagrams != nullptr && !diagrams->empty() && diagrams->back().caption.empty()) {
          const std::string_view caption = in.substr(body, end - body);
          const Clean cap = clean_markup(caption, base + body, nullptr, language);
          std::string collapsed;
          for (char ch : cap.text) {
            const bool space = std::isspace(static_cast<unsigned char>(ch)) != 0;
            if (space && (collapsed.empty() || collapsed.back() == ' ')) continue;
            collapsed.push_back(space ? ' ' : ch);
          }
          while (!collapsed.empty() && collapsed.back() == ' ') collapsed.pop_back();
          MarkdownDiagram& d = diagrams->back();
          d.caption = std::move(collapsed);
          std::vector<MoveRun> runs = find_runs(cap, language);
          if (!runs.empty()) d.after = std::move(runs.front());
        }
        const std::size_t past = in.find('>', end);
        i = past == std::string_view::npos ? in.size() : past + 1;
        out.push(' ', base + i - 1, emph || html_bold > 0, section, paragraph);
        continue;
      } else if (tag == "b" || starts_with_ci(tag, "strong")) {
        ++html_bold;
      } else if (tag == "/b" || starts_with_ci(tag, "/strong")) {
        if (html_bold > 0) --html_bold;
      }
      out.push(' ', base + i, emph || html_bold > 0, section, paragraph);
      i = close + 1;
      continue;
    }
    out.push(c, base + i, emph || html_bold > 0, section, paragraph);
    ++i;
  }
  return out;
}

enum class Kind : std::uint8_t { Number, Ellipsis, Word };

struct Token {
  Kind kind = Kind::Word;
  int number = 0;
  bool black = false;      // `N…` / `N...`
  std::string text;        // Word: without surrounding punctuation
  std::size_t offset = 0;  // in the input
  std::size_t end = 0;     // in the input, past the token
  bool emphasized = false;
  int section = 0;
  int paragraph = 0;
  bool break_before = false;  // leading `(` `[` `«` `"`
  bool break_after = false;   // trailing `,` `;` `:` `.` `)` `]` `»` `"`
};

bool is_space_at(std::string_view s, std::size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  if (c == ' ' || c == '\t' || c == '\n' || c == '\r') return true;
  return c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0;  // NBSP
}

std::size_t space_len(std::string_view s, std::size_t i) { return static_cast<unsigned char>(s[i]) == 0xC2 ? 2 : 1; }

// Length of an ellipsis (`…` or `...`) at the start of `s`, 0 when none.
std::size_t ellipsis_len(std::string_view s) {
  if (s.starts_with(kEllipsis)) return kEllipsis.size();
  if (s.starts_with("...")) return 3;
  return 0;
}

std::vector<Token> tokenize(const Clean& clean) {
  std::vector<Token> tokens;
  const std::string_view s = clean.text;
  std::size_t i = 0;
  auto make = [&](Kind kind, std::size_t from, std::size_t to) {
    Token t;
    t.kind = kind;
    t.offset = clean.offset[from];
    t.end = clean.offset[to - 1] + 1;
    t.emphasized = clean.emphasized[from] != 0;
    t.section = clean.section[from];
    t.paragraph = clean.paragraph[from];
    return t;
  };
  while (i < s.size()) {
    if (is_space_at(s, i)) {
      i += space_len(s, i);
      continue;
    }
    std::size_t end = i;
    while (end < s.size() && !is_space_at(s, end)) ++end;
    std::size_t a = i;
    std::size_t b = end;
    i = end;
    bool break_before = false;
    while (a < b) {
      const std::string_view rest = s.substr(a, b - a);
      if (rest[0] == '(' || rest[0] == '[' || rest[0] == '"') {
        ++a;
      } else if (rest.starts_with("\xC2\xAB")) {  // «
        a += 2;
      } else {
        break;
      }
      break_before = true;
    }
    if (a >= b) continue;
    // A number token, possibly glued to its move: `12.`, `12…`, `12...`, `12.…`, `12.Cf3`.
    std::size_t d = a;
    while (d < b && d - a < 4 && std::isdigit(static_cast<unsigned char>(s[d]))) ++d;
    if (d > a && d < b && d - a <= 3 && (s[d] == '.' || ellipsis_len(s.substr(d, b - d)) > 0)) {
      Token num = make(Kind::Number, a, d);
      num.number = std::stoi(std::string(s.substr(a, d - a)));
      num.break_before = break_before;
      std::size_t p = d;
      if (const std::size_t e = ellipsis_len(s.substr(p, b - p)); e > 0) {
        num.black = true;
        p += e;
      } else {
        ++p;  // the '.'
        if (const std::size_t e2 = ellipsis_len(s.substr(p, b - p)); e2 > 0) {
          num.black = true;
          p += e2;
        }
      }
      num.end = clean.offset[p - 1] + 1;
      tokens.push_back(num);
      a = p;
      break_before = false;
      if (a >= b) continue;
    }
    if (const std::size_t e = ellipsis_len(s.substr(a, b - a)); e > 0 && a + e == b) {
      Token t = make(Kind::Ellipsis, a, b);
      t.break_before = break_before;
      tokens.push_back(t);
      continue;
    }
    bool break_after = false;
    while (b > a) {
      const char c = s[b - 1];
      if (c == ',' || c == ';' || c == ':' || c == '.' || c == ')' || c == ']' || c == '"') {
        --b;
      } else if (b - a >= 2 && s.substr(b - 2, 2) == "\xC2\xBB") {  // »
        b -= 2;
      } else {
        break;
      }
      break_after = true;
    }
    if (a >= b) continue;
    Token w = make(Kind::Word, a, b);
    w.text = std::string(s.substr(a, b - a));
    w.break_before = break_before;
    w.break_after = break_after;
    tokens.push_back(std::move(w));
  }
  return tokens;
}

// Rules 3-5.
std::vector<MoveRun> find_runs(const Clean& clean, const Language& language) {
  MoveStyles styles{0};
  styles.bits = (1u << static_cast<unsigned>(NotationStyle::San)) | (1u << static_cast<unsigned>(NotationStyle::Lan)) |
                (1u << static_cast<unsigned>(NotationStyle::Long));
  auto is_move = [&](const Token& t) {
    return t.kind == Kind::Word && parse_move(t.text, language, styles).has_value();
  };

  const std::vector<Token> tokens = tokenize(clean);
  std::vector<MoveRun> runs;
  enum class Expect : std::uint8_t { None, White, Black, Number };
  Expect expect = Expect::None;
  int number = 0;
  MoveRun run;
  auto close = [&]() {
    if (expect != Expect::None && !run.moves.empty()) runs.push_back(std::move(run));
    run = MoveRun{};
    expect = Expect::None;
  };
  auto add = [&](const Token& t, Color side) {
    if (run.moves.empty()) {
      run.number = number;
      run.side = side;
    }
    run.moves.push_back({t.text, t.offset, number, side});
    run.end = t.end;
  };
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const Token& t = tokens[k];
    if (expect != Expect::None &&
        (t.break_before || t.section != run.section || t.paragraph != run.paragraph || t.emphasized != run.emphasized))
      close();
    bool consumed = false;
    switch (expect) {
      case Expect::None: break;
      case Expect::White:
        if (is_move(t)) {
          add(t, Color::White);
          expect = Expect::Black;
          consumed = true;
        } else if (t.kind == Kind::Ellipsis) {
          expect = Expect::Black;  // `N. …`: Black's move follows
          run.end = t.end;
          consumed = true;
        }
        break;
      case Expect::Black:
        if (is_move(t)) {
          add(t, Color::Black);
          expect = Expect::Number;
          ++number;
          consumed = true;
        } else if (t.kind == Kind::Ellipsis) {
          run.end = t.end;  // Black's move omitted: the run ends here
          close();
          continue;
        }
        break;
      case Expect::Number:
        if (t.kind == Kind::Number && !t.black && t.number == number) {
          expect = Expect::White;
          consumed = true;
        }
        break;
    }
    if (consumed) {
      if (t.break_after) close();
      continue;
    }
    close();
    if (t.kind == Kind::Number && t.number > 0) {
      run.offset = t.offset;
      run.end = t.end;
      run.section = t.section;
      run.paragraph = t.paragraph;
      run.emphasized = t.emphasized;
      number = t.number;
      expect = t.black ? Expect::Black : Expect::White;
    }
  }
  close();
  return runs;
}

}  // namespace

MarkdownMoves extract_markdown_moves(std::string_view text, const Language& language) {
  MarkdownMoves out;
  const Clean clean = clean_markup(text, 0, &out.diagrams, language);
  out.runs = find_runs(clean, language);
  return out;
}

}  // namespace planilla
