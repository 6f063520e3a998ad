// Book-to-PGN extraction (rules in book.hpp).
#include "converters/book/book.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

#include "board/fen.hpp"
#include "grammar/descriptive_parser.hpp"
#include "grammar/descriptive_print.hpp"
#include "notation/write.hpp"

namespace planilla {

namespace {

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

bool starts_with_word(std::string_view s, std::string_view w) { return s.substr(0, w.size()) == w; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string decode_book_text(std::string_view bytes, bool* was_latin1) {
  const bool latin1 = !valid_utf8(bytes);
  if (was_latin1) *was_latin1 = latin1;
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 16);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c == '\r') {
      out += '\n';
      if (i + 1 < bytes.size() && bytes[i + 1] == '\n') ++i;
      continue;
    }
    if (latin1 && c >= 0x80) {
      // Latin-1 is the first 256 code points of Unicode: two-byte UTF-8.
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
      continue;
    }
    out += static_cast<char>(c);
  }
  return out;
}

std::string strip_book_markup(std::string_view line, bool& in_block, bool* from_transcriber_block) {
  std::string out;
  bool block_line = in_block;
  std::size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (c == '/' && i + 1 < line.size() && line[i + 1] == '*') {
      in_block = true;
      block_line = true;
      out += "  ";
      i += 2;
      continue;
    }
    if (c == '*' && i + 1 < line.size() && line[i + 1] == '/') {
      in_block = false;
      block_line = true;
      out += "  ";
      i += 2;
      continue;
    }
    if (c == '{') {
      std::size_t j = i + 1;
      while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j]))) ++j;
      if (j > i + 1 && j < line.size() && line[j] == '}') {
        out.append(j + 1 - i, ' ');  // keep columns: two-column listings are split on spaces
        i = j + 1;
        continue;
      }
    }
    if (c == '[' && starts_with_word(line.substr(i), "[Illustration")) {
      const auto end = line.find(']', i);
      if (end != std::string_view::npos) {
        out.append(end + 1 - i, ' ');
        i = end + 1;
        continue;
      }
    }
    out += c;
    ++i;
  }
  if (from_transcriber_block) *from_transcriber_block = block_line;
  return out;
}

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

int roman_value(std::string_view r) {
  int total = 0, prev = 0;
  for (auto it = r.rbegin(); it != r.rend(); ++it) {
    int v = 0;
    switch (*it) {
      case 'I': v = 1; break;
      case 'V': v = 5; break;
      case 'X': v = 10; break;
      case 'L': v = 50; break;
      case 'C': v = 100; break;
      default: return 0;
    }
    total += v < prev ? -v : v;
    prev = std::max(prev, v);
  }
  return total;
}

// One column of a score line: the text after a move number up to the next column's number.
struct Cell {
  int number = -1;                 // -1: no number (a continuation line)
  bool black_start = false;        // "7. ........", "1 ...", or a number alone before wide space
  std::size_t begin = 0, end = 0;  // the moves' bytes in the line
  int moves = 0;                   // moves the text reads as (text only)
  std::string result;
  std::string comment;  // words after the move ("R to Q8. Good"): not read as moves
};

// "R to Q8. Good", "P takes P. Best": words of comment after a move that ends with a full stop.
// Returns where the move ends (the comment starts after it), or npos when the tail is no comment:
// at most three words of letters, the first capitalized, none a piece or square of the notation.
std::size_t comment_tail(std::string_view text) {
  const std::size_t dot = text.rfind(". ");
  if (dot == std::string_view::npos || dot == 0) return std::string_view::npos;
  std::string_view tail = text.substr(dot + 2);
  while (!tail.empty() && (tail.back() == '.' || tail.back() == '!' || tail.back() == ' ')) tail.remove_suffix(1);
  while (!tail.empty() && tail.front() == ' ') tail.remove_prefix(1);
  if (tail.size() < 3 || !std::isupper(static_cast<unsigned char>(tail.front()))) return std::string_view::npos;
  int words = 0;
  std::size_t i = 0;
  while (i < tail.size()) {
    std::size_t j = i;
    while (j < tail.size() && std::isalpha(static_cast<unsigned char>(tail[j]))) ++j;
    const std::string_view w = tail.substr(i, j - i);
    if (w.size() < 3 || ++words > 3) return std::string_view::npos;
    for (std::string_view piece : {"Kt", "KB", "QB", "KR", "QR", "Castles", "Resigns", "Drawn", "The", "takes"})
      if (w == piece) return std::string_view::npos;
    while (j < tail.size() && tail[j] == ' ') ++j;
    if (j < tail.size() && !std::isalpha(static_cast<unsigned char>(tail[j]))) return std::string_view::npos;
    i = j;
  }
  return dot + 1;
}

struct ScoreLine {
  std::size_t indent = 0;   // blanks before the first number
  bool punctuated = false;  // moves separated by ',' or ';' (the prose style of variations)
  std::vector<Cell> cells;
  int run_in_numbers = 0;  // single-spaced "2." inside a cell: a run-in score
  std::string result;      // a result word ends the line
};

bool piece_start(std::string_view s) {
  if (s.empty()) return false;
  const char c = s.front();
  return c == 'P' || c == 'K' || c == 'Q' || c == 'B' || c == 'R' || c == 'N' || c == 'C' || c == 'O' || c == 'W' ||
         c == 'T';
}

// Reads a move number at `i` (digits with an optional '.', "(12)", a Roman numeral with '.', or
// the OCR "I"/"l" glued to a piece for 1). Returns the number and moves `i` past it; 0 if none.
int read_number(std::string_view line, std::size_t& i, bool at_line_start) {
  std::size_t j = i;
  const bool paren = j < line.size() && line[j] == '(';
  if (paren) ++j;
  std::size_t k = j;
  while (k < line.size() && std::isdigit(static_cast<unsigned char>(line[k]))) ++k;
  if (k > j && k - j <= 3) {
    int n = 0;
    std::from_chars(line.data() + j, line.data() + k, n);
    if (paren) {
      if (k >= line.size() || line[k] != ')') return 0;
      ++k;
    } else if (k < line.size() && line[k] == '.') {
      ++k;
    }
    if (k < line.size() && !is_blank(line[k]) && line[k] != '.') {
      // "1.P-K4" is a number; "4th" or "K4" are not.
      if (!(k > j && line[k - 1] == '.' && piece_start(line.substr(k)))) return 0;
    }
    if (n <= 0) return 0;
    i = k;
    return n;
  }
  if (paren || !at_line_start) return 0;
  // Roman numerals: "XIV." then a space.
  k = j;
  while (k < line.size() && std::string_view("IVXLC").find(line[k]) != std::string_view::npos) ++k;
  if (k > j && k + 1 < line.size() && line[k] == '.' && is_blank(line[k + 1])) {
    const int n = roman_value(line.substr(j, k - j));
    if (n > 0) {
      i = k + 1;
      return n;
    }
  }
  // OCR: "IP— Q4" at the start of a line is "1 P-Q4".
  if (j + 1 < line.size() && (line[j] == 'I' || line[j] == 'l') &&
      (line[j + 1] == 'P' || (line[j + 1] == 'K' && j + 2 < line.size() && line[j + 2] == 't'))) {
    i = j + 1;
    return 1;
  }
  return 0;
}

constexpr std::string_view kEndWords[] = {"Resigns",    "resigns",       "Resigned",     "resigned",  "Drawn",
                                          "drawn",      "Draw.",         "1/2-1/2",      "1-0",       "0-1",
                                          "and wins",   "And wins",      "and mates",    "And mates", "White wins",
                                          "Black wins", "White resigns", "Black resigns"};

std::string end_word_at(std::string_view s) {
  for (std::string_view w : kEndWords)
    if (starts_with_word(s, w)) return std::string(w);
  return {};
}

// Verbal notation's "B. The same." (Black plays White's move, mirrored: the same words).
bool is_the_same(std::string_view text) {
  std::string t = lower(trim(text));
  if (t.starts_with("w.") || t.starts_with("b.")) t = std::string(trim(std::string_view(t).substr(2)));
  while (!t.empty() && (t.back() == '.' || t.back() == ' ')) t.pop_back();
  return t == "the same" || t == "same";
}

// How many moves a cell's text reads as (0 when it does not read to its end).
int cell_moves(std::string_view text, std::string* result) {
  const std::string_view t = trim(text);
  if (t.empty()) return 0;
  if (is_the_same(t)) return 1;
  const PrintText pt = normalize_descriptive_print(t, true);
  const DescriptiveScore score = read_descriptive_score_raw(pt.text, DescriptiveDialect::English);
  if (score.stopped_early) return 0;
  // (A book prints no `*`: at a cell's end it is a note's mark, and the score goes on.)
  if (result && !score.result.empty() && score.result != "*") *result = score.result;
  return static_cast<int>(score.moves.size());
}

// Whether the text after a comma in a cell is its move's own mark, not the next move of a prose
// list: `e.p.`, a check or mate word (`B to K 7th, mate.`, `Q to R 5th, ch.`), or nothing (the
// comma before `and mates`, an end word).
bool mark_after_comma(std::string_view after) {
  if (after.empty() || after.starts_with("e.p") || after.starts_with("e. p")) return true;
  if (after.front() == '(') after.remove_prefix(1);
  std::string word;
  for (char c : after) {
    if (!std::isalpha(static_cast<unsigned char>(c))) break;
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return word == "ch" || word == "check" || word == "mate" || word == "mates" || word == "checkmate" || word == "dis" ||
         word == "double" || word == "dbl";
}

// Splits a line into cells at its column numbers (the line start, or a number after two or more
// blanks); nullopt when the line is not a score line (prose, a table, a diagram).
std::optional<ScoreLine> parse_score_line(std::string_view line) {
  ScoreLine out;
  std::size_t i = 0;
  while (i < line.size() && is_blank(line[i])) ++i;
  if (i == line.size()) return std::nullopt;
  out.indent = i;
  bool first = true;
  while (i < line.size()) {
    Cell cell;
    std::size_t at = i;
    const int n = read_number(line, at, first);
    if (n > 0) {
      cell.number = n;
      i = at;
      std::size_t j = i;
      while (j < line.size() && is_blank(line[j])) ++j;
      std::size_t dots = j;
      while (dots < line.size() && (line[dots] == '.' || line[dots] == '-')) ++dots;
      if (line.substr(j).starts_with("\xE2\x80\xA6")) dots = j + 3;
      if (dots - j >= 2) {
        cell.black_start = true;
        i = dots;
      } else if (j - i >= 8 && !first) {
        return std::nullopt;
      } else if (j - i >= 8) {
        cell.black_start = true;  // "8                       B to Kt2": Black's move under its number
      }
    } else if (!first) {
      return std::nullopt;
    }
    // The cell runs to the next column number: a number after two or more blanks.
    std::size_t e = i;
    std::size_t blanks = 0;
    while (e < line.size()) {
      if (is_blank(line[e])) {
        ++blanks;
        ++e;
        continue;
      }
      if (blanks >= 1 && std::isdigit(static_cast<unsigned char>(line[e]))) {
        // A column number: after two blanks, or after one when it jumps ahead (a right column
        // set close: "QR to K square 39 P to KR4").
        std::size_t probe = e;
        const int next = read_number(line, probe, false);
        // (Not a rank: above 8, and one blank then a piece after it.)
        if (next > 0 &&
            (blanks >= 2 || (cell.number > 0 && next > 8 && next > cell.number + 1 && probe + 1 < line.size() &&
                             line[probe] == ' ' && line[probe - 1] != '.' && piece_start(line.substr(probe + 1)))))
          break;
      }
      if (blanks == 1 && std::isdigit(static_cast<unsigned char>(line[e])) && e + 1 < line.size()) {
        std::size_t probe = e;
        const std::size_t before = e;
        if (read_number(line, probe, false) > 0 && line[probe - 1] == '.') {
          (void)before;
          ++out.run_in_numbers;
        }
      }
      blanks = 0;
      ++e;
    }
    // An end word inside the cell ("B-KB1   and wins.") ends it, and the line.
    bool ends_line = false;
    for (std::size_t w = i; w < e; ++w) {
      if ((w == i || is_blank(line[w - 1])) && !end_word_at(line.substr(w, e - w)).empty() && w > i) {
        if (cell.result.empty()) cell.result = end_word_at(line.substr(w, e - w));
        e = w;
        ends_line = true;
        break;
      }
    }
    cell.begin = i;
    cell.end = e;
    std::string_view text = trim(line.substr(i, e - i));
    // A result word alone, or ending the cell.
    const std::string word = end_word_at(text);
    if (!word.empty()) {
      cell.result = word;
      text = {};
    }
    for (std::size_t p = text.find_first_of(",;"); p != std::string_view::npos; p = text.find_first_of(",;", p + 1))
      if (!mark_after_comma(trim(text.substr(p + 1)))) out.punctuated = true;
    if (!text.empty()) {
      cell.moves = cell_moves(text, &cell.result);
      if (cell.moves == 0) {
        const std::size_t cut = comment_tail(text);
        if (cut == std::string_view::npos) return std::nullopt;
        cell.moves = cell_moves(text.substr(0, cut), &cell.result);
        if (cell.moves == 0) return std::nullopt;
        cell.comment = std::string(trim(text.substr(cut)));
        cell.end = static_cast<std::size_t>(text.data() - line.data()) + cut;
      }
    } else if (cell.result.empty() && !cell.black_start) {
      // "5. P-KR3?" has moves; a bare number is no score line.
      if (cell.number < 0) return std::nullopt;
    }
    if (!cell.result.empty()) out.result = cell.result;
    out.cells.push_back(cell);
    first = false;
    i = ends_line ? line.size() : e;
  }
  if (out.cells.empty()) return std::nullopt;
  // A line of moves with no number at all must be one column of one move (Black's, after a note).
  if (out.cells.front().number < 0 && (out.cells.size() > 1 || out.cells.front().moves > 1)) return std::nullopt;
  return out;
}

// ---- headings and tags

struct PendingHeading {
  std::string text;
  std::uint32_t line = 0;
  std::vector<std::string> after;  // lines between the heading and the score
};

bool heading_line(std::string_view raw, std::string& text) {
  const std::string_view line = trim(raw);
  if (line.size() < 4 || line.size() > 120) return false;
  const std::string l = lower(line.substr(0, 12));
  auto accept = [&] {
    text = std::string(line);
    return true;
  };
  if (starts_with_word(l, "game ")) {
    const std::string_view rest = trim(line.substr(5));
    if (!rest.empty() && (std::isdigit(static_cast<unsigned char>(rest.front())) ||
                          std::string_view("IVXLC").find(rest.front()) != std::string_view::npos ||
                          starts_with_word(lower(rest), "no") || starts_with_word(lower(rest), "played")))
      return accept();
  }
  // "No. 17.", "No.17", and "No. 12. Played at the Hastings Congress, …" (the number closed by a
  // point or a dash: prose that begins "No. 5 shows" is no heading).
  if (starts_with_word(line, "No.") || starts_with_word(line, "NO.")) {
    std::size_t p = 3;
    while (p < line.size() && is_blank(line[p])) ++p;
    std::size_t q = p;
    while (q < line.size() && std::isalnum(static_cast<unsigned char>(line[q]))) ++q;
    const std::string_view num = line.substr(p, q - p);
    const bool numeric = !num.empty() && (std::isdigit(static_cast<unsigned char>(num[0])) || roman_value(num) > 0);
    const std::string_view after = line.substr(q);
    if (numeric && (after.empty() || after.front() == '.' || after.starts_with("--") ||
                    after.starts_with("\xE2\x80\x94") || after.front() == ':'))
      return accept();
  }
  if (starts_with_word(l, "example ") && line.size() > 8 && std::isdigit(static_cast<unsigned char>(line[8])))
    return accept();
  // "A. Burn v. C. von Bardeleben." / "Mr. Morphy v. Mr. Anderssen": a short line naming two players.
  if (line.size() < 70 &&
      (line.find(" v. ") != std::string_view::npos || line.find(" vs. ") != std::string_view::npos) &&
      std::isupper(static_cast<unsigned char>(line.front())) && line.find(". ") != 0)
    return accept();
  return false;
}

void add_tag(std::vector<std::pair<std::string, std::string>>& tags, const std::string& name, std::string value) {
  value = std::string(trim(value));
  while (!value.empty() && (value.back() == '.' || value.back() == ',' || value.back() == ':')) value.pop_back();
  value = std::string(trim(value));
  if (value.empty()) return;
  for (auto& [n, v] : tags)
    if (n == name) return;
  tags.emplace_back(name, value);
}

std::string strip_mr(std::string s) {
  for (std::string_view p : {"Mr. ", "Messrs. ", "Dr. ", "Herr "})
    if (s.starts_with(p)) s = s.substr(p.size());
  return s;
}

// "White   Black", "WHITE.  BLACK.", or that pair again for a second game set beside the first
// ("White  Black   White  Black"): the words alone (dots aside), in any case.
bool is_colour_header(std::string_view line) {
  std::string words = lower(line);
  words.erase(std::remove(words.begin(), words.end(), '.'), words.end());
  std::istringstream in(words);
  std::size_t n = 0;
  for (std::string w; in >> w; ++n)
    if (w != (n % 2 == 0 ? "white" : "black")) return false;
  return n >= 2 && n % 2 == 0;
}

// The players under a colour header, as old books set them: "(Anderssen.)  (Kieseritzky.)" or
// "Mr. Morphy.      Mr. Anderssen." (columns two blanks or more apart; the first two are this
// game's). False when the line holds no such two names.
bool players_under_colours(std::string_view line, std::string& white, std::string& black) {
  if (const auto open = line.find('('); open != std::string_view::npos) {  // two names in brackets
    const auto close = line.find(')', open);
    const auto open2 = close == std::string_view::npos ? close : line.find('(', close);
    const auto close2 = open2 == std::string_view::npos ? open2 : line.find(')', open2);
    if (close2 == std::string_view::npos) return false;
    white = std::string(line.substr(open + 1, close - open - 1));
    black = std::string(line.substr(open2 + 1, close2 - open2 - 1));
  } else {
    const auto gap = line.find("  ");
    if (gap == std::string_view::npos) return false;
    white = std::string(line.substr(0, gap));
    const std::string_view rest = trim(line.substr(gap));
    black = std::string(rest.substr(0, rest.find("  ")));  // (a second game's names may follow)
  }
  white = std::string(trim(white));
  black = std::string(trim(black));
  const auto name_like = [](const std::string& n) {
    return !n.empty() && n.size() < 40 && std::isupper(static_cast<unsigned char>(n.front())) &&
           n.find_first_of("0123456789") == std::string::npos;
  };
  return name_like(white) && name_like(black);
}

// The round a heading's line prints: "round 3", "Round IX", "in the ninth round", "9th round";
// empty when none.
std::string round_in(std::string_view line) {
  const std::string l = lower(line);
  for (std::size_t at = l.find("round"); at != std::string::npos; at = l.find("round", at + 5)) {
    if (at > 0 && std::isalpha(static_cast<unsigned char>(l[at - 1]))) continue;  // "around"
    // After the word: digits or a Roman numeral.
    std::size_t p = at + 5;
    while (p < l.size() && (is_blank(l[p]) || l[p] == '.')) ++p;
    std::size_t q = p;
    while (q < l.size() && std::isalnum(static_cast<unsigned char>(l[q]))) ++q;
    const std::string_view after = std::string_view(line).substr(p, q - p);
    if (!after.empty() &&
        std::all_of(after.begin(), after.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      return std::string(after);
    if (const int r = roman_value(after); r > 0 && std::isupper(static_cast<unsigned char>(after.front())))
      return std::to_string(r);
    // Before it: an ordinal, in words or figures.
    std::size_t e = at;
    while (e > 0 && is_blank(l[e - 1])) --e;
    std::size_t b = e;
    while (b > 0 && std::isalnum(static_cast<unsigned char>(l[b - 1]))) --b;
    const std::string_view word = std::string_view(l).substr(b, e - b);
    static constexpr std::string_view kOrdinals[] = {"first",       "second",     "third",      "fourth",
                                                     "fifth",       "sixth",      "seventh",    "eighth",
                                                     "ninth",       "tenth",      "eleventh",   "twelfth",
                                                     "thirteenth",  "fourteenth", "fifteenth",  "sixteenth",
                                                     "seventeenth", "eighteenth", "nineteenth", "twentieth"};
    for (std::size_t i = 0; i < std::size(kOrdinals); ++i)
      if (word == kOrdinals[i]) return std::to_string(i + 1);
    std::size_t d = 0;
    while (d < word.size() && std::isdigit(static_cast<unsigned char>(word[d]))) ++d;
    const std::string_view suffix = word.substr(d);
    if (d > 0 && (suffix == "st" || suffix == "nd" || suffix == "rd" || suffix == "th" || suffix == "d"))
      return std::string(word.substr(0, d));
  }
  return {};
}

// The event a heading's line names: "played in the Masters' Tournament, …" → "Masters'
// Tournament", "London Tournament, 1883" → "London Tournament", "played in the match between
// Steinitz and Zukertort, 1886" → "match between Steinitz and Zukertort"; empty when the line
// names none ("A match game": no name).
std::string event_in(std::string_view line) {
  const std::string l = lower(line);
  for (std::string_view ev : {"tournament", "match", "congress"}) {
    const auto e = l.find(ev);
    if (e == std::string::npos || (e > 0 && std::isalpha(static_cast<unsigned char>(l[e - 1])))) continue;
    const std::size_t end = e + ev.size();
    const auto s0 = l.rfind(" the ", e);
    const auto paren = line.rfind('(', e);
    std::size_t from = std::string::npos;
    if (s0 != std::string::npos && e - s0 <= 40 && (paren == std::string::npos || paren < s0)) from = s0 + 5;
    else if (paren != std::string::npos && e - paren <= 40) from = paren + 1;
    if (from == std::string::npos) {
      // No "the": the capitalised words just before it ("London Tournament").
      from = e;
      for (std::size_t b = e; b > 0;) {
        std::size_t w = b;
        while (w > 0 && is_blank(line[w - 1])) --w;
        std::size_t v = w;
        while (v > 0 && !is_blank(line[v - 1]) && line[v - 1] != ',' && line[v - 1] != '.' && line[v - 1] != '-') --v;
        if (v == w || !std::isupper(static_cast<unsigned char>(line[v]))) break;
        from = v;
        b = v;
      }
      for (std::string_view article : {"A ", "An ", "The "})
        if (line.substr(from, e - from).starts_with(article)) from += article.size();
      if (from >= e) continue;  // "A match game": no name
    }
    std::string event(line.substr(from, end - from));
    if (from == e) {
      // "the match between Steinitz and Zukertort, 1886": the words after it name it.
      const std::size_t stop = line.find_first_of(",;.(", end);
      const std::string_view more = line.substr(end, (stop == std::string::npos ? line.size() : stop) - end);
      if (more.empty() || !(lower(more).starts_with(" between ") || lower(more).starts_with(" with ") ||
                            lower(more).starts_with(" of ") || lower(more).starts_with(" at ")))
        continue;
      event += std::string(more);
    }
    return std::string(trim(event));
  }
  return {};
}

// Tags from a heading and the lines between it and the score.
std::vector<std::pair<std::string, std::string>> heading_tags(const PendingHeading& h, std::string& title) {
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<std::string> lines;
  if (!h.text.empty()) lines.push_back(h.text);
  for (const auto& l : h.after) lines.push_back(std::string(trim(l)));
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const std::string& line = lines[k];
    if (line.empty()) continue;
    // "GAME No. 3", "GAME I.--Mr. Morphy v. Mr. Anderssen", "Game IV. — Ruy Lopez".
    std::string rest = line;
    const std::string l = lower(line);
    if (k == 0 && !h.text.empty()) {
      std::size_t p = 0;
      if (l.starts_with("game")) p = 4;
      else if (l.starts_with("example")) p = 7;
      else if (l.starts_with("no")) p = 0;
      while (p < rest.size() && (is_blank(rest[p]) || rest[p] == '.')) ++p;
      if (lower(rest.substr(p, 3)).starts_with("no")) p += 2;
      while (p < rest.size() && (is_blank(rest[p]) || rest[p] == '.')) ++p;
      std::size_t q = p;
      while (q < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[q])))) ++q;
      const std::string num = rest.substr(p, q - p);
      const bool numeric = !num.empty() && (std::isdigit(static_cast<unsigned char>(num[0])) || roman_value(num) > 0);
      if (numeric) {
        rest = rest.substr(q);
        std::size_t r = 0;
        while (r < rest.size() && (is_blank(rest[r]) || rest[r] == '.' || rest[r] == '-' || rest[r] == ',' ||
                                   rest[r] == ':' || static_cast<unsigned char>(rest[r]) >= 0x80))
          ++r;
        rest = rest.substr(r);
      }
    }
    const auto v = rest.find(" v. ") != std::string::npos ? rest.find(" v. ") : rest.find(" vs. ");
    if (v != std::string::npos && rest.size() < 80) {
      std::string white = rest.substr(0, v);
      std::string black = rest.substr(v + (rest[v + 2] == '.' ? 4 : 5));
      const auto cut = black.find_first_of(",(;");
      if (cut != std::string::npos) black = black.substr(0, cut);
      add_tag(tags, "White", strip_mr(white));
      add_tag(tags, "Black", strip_mr(black));
      continue;
    }
    const auto w = line.find("White:");
    const auto b = line.find("Black:");
    if (w != std::string::npos && b != std::string::npos && b > w) {
      add_tag(tags, "White", line.substr(w + 6, b - w - 6));
      add_tag(tags, "Black", line.substr(b + 6));
      continue;
    }
    // A column header ("White   Black", "WHITE.  BLACK.") and the names under it.
    if (is_colour_header(line) && k + 1 < lines.size()) {
      std::string white, black;
      if (players_under_colours(lines[k + 1], white, black)) {
        add_tag(tags, "White", strip_mr(white));
        add_tag(tags, "Black", strip_mr(black));
        ++k;
      }
      continue;
    }
    // Date: a year, with a day and month where printed.
    for (std::size_t y = 0; y + 4 <= line.size(); ++y) {
      if ((line[y] == '1') && (line[y + 1] == '7' || line[y + 1] == '8' || line[y + 1] == '9') &&
          std::isdigit(static_cast<unsigned char>(line[y + 2])) &&
          std::isdigit(static_cast<unsigned char>(line[y + 3])) &&
          (y == 0 || !std::isdigit(static_cast<unsigned char>(line[y - 1]))) &&
          (y + 4 == line.size() || !std::isdigit(static_cast<unsigned char>(line[y + 4])))) {
        add_tag(tags, "Date", line.substr(y, 4) + ".??.??");
        break;
      }
    }
    if (const std::string round = round_in(line); !round.empty()) add_tag(tags, "Round", round);
    if (const std::string event = event_in(line); !event.empty()) add_tag(tags, "Event", event);
    const std::string lo = lower(rest);
    for (std::string_view op : {"gambit", "defence", "defense", "opening", "lopez", "game", "attack", "counter"}) {
      // (An event's words are no opening's: "A match game", "a tournament game".)
      if (lo.find(op) != std::string::npos && rest.size() < 70 && lo.find("played") == std::string::npos &&
          lo.find("white:") == std::string::npos && lo.find("match") == std::string::npos &&
          lo.find("tournament") == std::string::npos && lo.find("congress") == std::string::npos) {
        std::string opening = rest;
        const auto paren = opening.find(" (");
        if (paren != std::string::npos) opening = opening.substr(0, paren);
        add_tag(tags, "Opening", opening);
        break;
      }
    }
  }
  for (auto& [n, v] : tags)
    if (n == "Opening") title = v;
  if (title.empty()) title = h.text;
  return tags;
}

// ---- the score being assembled

struct Builder {
  BookGame game;
  int number = 1;
  Color side = Color::White;
  bool stopped = false;  // a gap or a layout stop: later lines are not read
  std::uint32_t last_move_line = 0;
  std::vector<std::pair<Cell, std::uint64_t>> right;  // right-column cells waiting for the left to end
  std::uint32_t right_line = 0;
  std::size_t indent = 0;   // of the score's first line
  bool punctuated = false;  // the score's own style
  std::string last_cell;    // the last one-move cell as printed ("The same." repeats it)
  // The first cell of the next score line of the same listing: its number, and whether it is
  // White's move (for a misnumbered move, which the next line's number confirms). 0 when none.
  std::function<std::pair<int, bool>()> peek_next;
};

void append_text(Builder& b, std::string_view text, std::uint64_t book_byte) {
  for (std::size_t k = 0; k < text.size(); ++k) {
    b.game.score += text[k];
    b.game.origin.push_back(book_byte + k);
  }
}

void append_synthetic(Builder& b, const std::string& text, std::uint64_t book_byte) {
  for (char c : text) {
    b.game.score += c;
    b.game.origin.push_back(book_byte);
  }
}

void stop_layout(Builder& b, std::uint32_t line, std::string message) {
  BookStop s;
  s.line = line;
  s.column = 1;
  s.code = Code::MoveSyntax;
  s.message = std::move(message);
  b.game.layout_stops.push_back(std::move(s));
  b.stopped = true;
}

std::string side_text(int n, Color c) { return std::to_string(n) + (c == Color::White ? " (White)" : " (Black)"); }

// Adds one cell (moves of `line`, whose first byte is `line_byte`) in printed order.
void add_cell(Builder& b, const Cell& c, std::string_view line, std::uint64_t line_byte, std::uint32_t line_no) {
  if (b.stopped) return;
  int moves = c.moves;
  std::size_t begin = c.begin;
  const std::string_view text = line.substr(c.begin, c.end - c.begin);
  if (c.number > 0) {
    Color start = c.black_start ? Color::Black : Color::White;
    if (c.number == b.number && start == Color::White && b.side == Color::Black && moves >= 2) {
      // "7. B - Q 3 … 7. B - Q 3  Kt x Kt": the White move restated before Black's reply.
      start = Color::Black;
      {
        // Drop the restated move: the first reading after which the cell still reads.
        const std::string_view t = text;
        const PrintText pt = normalize_descriptive_print(t, true);
        const auto readings = parse_descriptive_prefixes(trim(pt.text), DescriptiveDialect::English);
        bool dropped = false;
        const std::size_t lead = pt.text.size() - trim(pt.text).size() + 0;
        (void)lead;
        for (const auto& r : readings) {
          const std::size_t off = pt.text.find_first_not_of(" \t") + r.length;
          std::string rest_text;
          const std::size_t ob = pt.original_end(off);
          if (cell_moves(t.substr(ob), &rest_text) == moves - 1) {
            begin = c.begin + ob;
            moves -= 1;
            dropped = true;
            break;
          }
        }
        if (!dropped) {
          stop_layout(b, line_no,
                      "move " + std::to_string(c.number) + " is printed again and its restatement does not read");
          return;
        }
        if (moves == 0) return;
      }
    } else if (c.number == b.number && start == Color::White && b.side == Color::Black && moves == 1 && c.begin > 0) {
      // "15. P-Kt3 … 15.   Q-Kt4ch" is Black's move when White's is already read.
      start = Color::Black;
    }
    if (c.number == b.number + 1 && start == Color::Black && b.side == Color::Black && c.black_start && moves == 1 &&
        b.peek_next) {
      // "21. K-R1 / 22. ... QxP / 22. P-KB4": Black's move printed under the next number, which
      // the next line prints again for White. Read as move 21's reply, said.
      const auto [next_number, next_white] = b.peek_next();
      if (next_number == c.number && next_white) {
        BookStop r;
        r.line = line_no;
        r.column = 1;
        r.code = Code::DescriptiveRepair;
        r.token = std::string(trim(text));
        r.message = "Black's move is numbered " + std::to_string(c.number) + " between White's move " +
                    std::to_string(b.number) + " and White's move " + std::to_string(c.number) + ": read as " +
                    std::to_string(b.number) + "... (a misprinted number)";
        b.game.layout_repairs.push_back(std::move(r));
        return add_cell(
            b,
            [&] {
              Cell fixed = c;
              fixed.number = b.number;
              return fixed;
            }(),
            line, line_byte, line_no);
      }
    }
    if (c.number != b.number || start != b.side) {
      if (c.number > b.number || (c.number == b.number && start == Color::Black)) {
        BookGap gap;
        gap.number = b.number;
        gap.side = b.side;
        gap.line = line_no;
        gap.message = "the score goes from move " + side_text(b.number, b.side) + " to move " +
                      side_text(c.number, start) + ": the plies between are not in the score";
        b.game.gaps.push_back(gap);
        b.stopped = true;
        return;
      }
      return;  // a number that goes back: a variation in the notes
    }
  } else if (b.side != Color::Black) {
    return;  // an unnumbered move line only continues with Black's move
  }
  if (moves == 0) return;  // a result word alone, or a number before a note
  if (!c.comment.empty()) {
    BookStop r;
    r.line = line_no;
    r.column = static_cast<std::uint32_t>(c.end + 2);
    r.code = Code::DescriptiveRepair;
    r.token = c.comment;
    r.message = "'" + c.comment + "' after the move read as a comment, not a move";
    b.game.layout_repairs.push_back(std::move(r));
  }
  const std::string prefix = std::to_string(b.number) + (b.side == Color::Black ? "... " : ". ");
  append_synthetic(b, prefix, line_byte + c.begin);
  const std::string_view printed = line.substr(begin, c.end - begin);
  if (is_the_same(printed) && !b.last_cell.empty()) {
    append_synthetic(b, b.last_cell, line_byte + begin);  // the previous move's words, here
  } else {
    append_text(b, printed, line_byte + begin);
    b.last_cell = moves == 1 ? std::string(printed) : std::string();
  }
  append_synthetic(b, "\n", line_byte + c.end);
  // Where the cell leaves the count: each move is one ply.
  for (int k = 0; k < moves; ++k) {
    if (b.side == Color::Black) ++b.number;
    b.side = ~b.side;
  }
  b.last_move_line = line_no;
  ++b.game.print_lines;
}

void flush_right(Builder& b, std::string_view text, const std::vector<std::uint64_t>& line_starts) {
  if (b.right.empty()) return;
  auto cells = std::move(b.right);
  b.right.clear();
  if (b.stopped) return;
  const int first = cells.front().first.number;
  if (first != b.number || b.side != Color::White) {
    stop_layout(b, b.right_line,
                "two-column listing: the right column starts at move " + std::to_string(first) +
                    " but the left column ends before move " + side_text(b.number, b.side) +
                    "; the columns are not read in an order the book does not print");
    return;
  }
  for (const auto& [cell, line_byte] : cells) {
    const auto it = std::upper_bound(line_starts.begin(), line_starts.end(), line_byte);
    const auto line_no = static_cast<std::uint32_t>(it - line_starts.begin());
    const std::size_t len =
        line_no < line_starts.size() ? line_starts[line_no] - line_byte - 1 : text.size() - line_byte;
    add_cell(b, cell, text.substr(line_byte, len), line_byte, line_no);
  }
}

// One rank of an ASCII diagram: "     8 | #R | #Kt|    | ^P | …" (8 cells between bars; '#' or
// '*' before a piece, or a lower-case letter, is Black's; '^' or none is White's). Returns the
// rank (1..8) and its FEN row, or 0 when the line is no diagram rank.
int diagram_rank(std::string_view body, std::string& row) {
  if (body.size() < 10 || body[0] < '1' || body[0] > '8') return 0;
  std::size_t bar = body.find('|');
  if (bar == std::string_view::npos || !trim(body.substr(1, bar - 1)).empty()) return 0;
  row.clear();
  int files = 0, empty = 0;
  while (true) {
    const std::size_t next = body.find('|', bar + 1);
    if (next == std::string_view::npos) break;
    std::string_view cell = trim(body.substr(bar + 1, next - bar - 1));
    bar = next;
    if (++files > 8) return 0;
    if (cell.empty() || cell == "." || cell == "-") {
      ++empty;
      continue;
    }
    bool black = false;
    if (cell.front() == '#' || cell.front() == '*') {
      black = true;
      cell.remove_prefix(1);
    } else if (cell.front() == '^') {
      cell.remove_prefix(1);
    }
    char letter = 0;
    if (cell == "Kt" || cell == "N" || cell == "kt" || cell == "n") letter = 'N';
    else if (cell.size() == 1 && std::string_view("KQRBPkqrbp").find(cell[0]) != std::string_view::npos)
      letter = static_cast<char>(std::toupper(static_cast<unsigned char>(cell[0])));
    if (letter == 0) return 0;
    if (std::islower(static_cast<unsigned char>(cell[0]))) black = true;
    if (empty > 0) row += std::to_string(empty);
    empty = 0;
    row += black ? static_cast<char>(std::tolower(static_cast<unsigned char>(letter))) : letter;
  }
  if (files != 8) return 0;
  if (empty > 0) row += std::to_string(empty);
  return body[0] - '0';
}

// A line of an ASCII diagram: its frame, a rank of squares, the file letters, the caption.
bool is_diagram_line(std::string_view body) {
  if (body.find('|') != std::string_view::npos) return true;
  if (body.find_first_not_of("-+= ") == std::string_view::npos) return true;
  if (body.starts_with("Diag")) return body.size() < 16;
  if (body.size() >= 15 && body.find_first_not_of("ABCDEFGH ") == std::string_view::npos) return true;
  return false;
}

// The number a heading gives its game: "GAME No. 12" → 12, "GAME IV." → 4; 0 when none.
int heading_number(std::string_view heading) {
  std::string_view h = trim(heading);
  const std::string l = lower(h.substr(0, 8));
  if (l.starts_with("game")) h.remove_prefix(4);
  else if (!l.starts_with("no")) return 0;
  while (!h.empty() && (is_blank(h.front()) || h.front() == '.')) h.remove_prefix(1);
  if (lower(h.substr(0, 2)) == "no") h.remove_prefix(2);
  while (!h.empty() && (is_blank(h.front()) || h.front() == '.')) h.remove_prefix(1);
  std::size_t k = 0;
  while (k < h.size() && std::isdigit(static_cast<unsigned char>(h[k]))) ++k;
  int n = 0;
  if (k > 0 && k <= 4) std::from_chars(h.data(), h.data() + k, n);
  if (k == 0) {
    while (k < h.size() && std::string_view("IVXLC").find(h[k]) != std::string_view::npos) ++k;
    n = roman_value(h.substr(0, k));
  }
  return n;
}

// "Moves 1-8 as in Game No. 12.": the first moves of a score printed once, in another game.
struct SharedOpening {
  int game = 0;           // the heading number of the game that prints them
  int last_move = 0;      // 8
  std::size_t plies = 0;  // plies taken from it (16; 15 when the score resumes at Black's 8th)
  std::string text;       // the line as printed
};

std::optional<SharedOpening> shared_opening(const PendingHeading& h, int first_number, bool black_start) {
  static const std::regex re(
      R"(^\s*(?:the\s+)?moves?\s+1\s*(?:-|–|to)\s*(\d{1,3})\s+(?:are\s+)?(?:the\s+same\s+)?as\s+in\s+game\s+(?:no\.?\s*)?(\d{1,3}|[ivxlc]+)\b)",
      std::regex::icase | std::regex::ECMAScript);
  for (const std::string& line : h.after) {
    std::smatch m;
    if (!std::regex_search(line, m, re)) continue;
    SharedOpening s;
    s.last_move = std::stoi(m.str(1));
    const std::string g = m.str(2);
    std::string upper;
    for (char c : g) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    s.game = std::isdigit(static_cast<unsigned char>(g[0])) ? std::stoi(g) : roman_value(upper);
    s.text = line;
    // The score goes on at the next move, or at Black's reply to the last move shared.
    if (first_number == s.last_move + 1 && !black_start) s.plies = 2 * static_cast<std::size_t>(s.last_move);
    else if (first_number == s.last_move && black_start) s.plies = 2 * static_cast<std::size_t>(s.last_move) - 1;
    else return std::nullopt;
    if (s.game <= 0) return std::nullopt;
    return s;
  }
  return std::nullopt;
}

// Starts a score with the first `shared.plies` plies of `from` as printed there (their bytes map
// to that game's lines), named as an assumption of the finder.
void seed_shared_opening(Builder& b, const BookGame& from, const SharedOpening& shared) {
  const DescriptiveScore sc = read_descriptive_score(from.score, DescriptiveDialect::English);
  if (sc.moves.size() < shared.plies) return;
  const std::size_t cut =
      shared.plies < sc.moves.size() ? static_cast<std::size_t>(sc.moves[shared.plies].span.byte) : from.score.size();
  // Back to the start of the cell when the cut falls on a line's start ("9. P-Q3"): drop its number.
  std::size_t end = cut;
  const std::size_t line_start = from.score.rfind('\n', cut == 0 ? 0 : cut - 1);
  if (shared.plies % 2 == 0 && line_start != std::string::npos) end = line_start + 1;
  b.game.score = from.score.substr(0, end);
  b.game.origin.assign(from.origin.begin(), from.origin.begin() + static_cast<std::ptrdiff_t>(end));
  if (!b.game.score.empty() && b.game.score.back() != '\n') {
    b.game.score += '\n';
    b.game.origin.push_back(b.game.origin.back());
  }
  b.number = shared.last_move + (shared.plies % 2 == 0 ? 1 : 0);
  b.side = shared.plies % 2 == 0 ? Color::White : Color::Black;
  BookStop r;
  r.line = b.game.first_line;
  r.column = 1;
  r.code = Code::DescriptiveRepair;
  r.token = shared.text;
  r.message = "'" + shared.text + "': the first " + std::to_string(shared.plies) + " plies are game " +
              std::to_string(from.number) + "'s (lines " + std::to_string(from.first_line) + "-" +
              std::to_string(from.last_line) + "), as the book says";
  b.game.layout_repairs.push_back(std::move(r));
}

}  // namespace

BookExtraction extract_book_games(std::string_view bytes) {
  BookExtraction out;
  out.text = decode_book_text(bytes, &out.was_latin1);
  const std::string_view text = out.text;
  std::vector<std::uint64_t> line_starts;
  for (std::size_t p = 0; p < text.size();) {
    line_starts.push_back(p);
    const auto nl = text.find('\n', p);
    if (nl == std::string_view::npos) break;
    p = nl + 1;
  }
  // Markup-free lines with the same columns as the book's.
  std::vector<std::string> lines;
  lines.reserve(line_starts.size());
  bool in_block = false;
  for (std::size_t k = 0; k < line_starts.size(); ++k) {
    const std::size_t b = line_starts[k];
    const std::size_t e = k + 1 < line_starts.size() ? line_starts[k + 1] - 1 : text.size();
    lines.push_back(strip_book_markup(text.substr(b, e - b), in_block));
  }

  // Column blocks, tested both ways: White's moves 1..n, one a line, then Black's 1..n (or
  // n-1). Line by line such a listing stops at its second line (move 2 where Black's 1st is
  // due); read as two blocks, alternately, it may replay. The block reading is kept only when
  // the whole game then replays; otherwise the lines are read one by one and the gap reported.
  std::map<std::size_t, BookGame> block_games;  // by the index of their first line
  std::vector<bool> in_block_game(lines.size(), false);
  {
    struct Entry {
      std::size_t k;
      Cell cell;
    };
    std::vector<std::vector<Entry>> runs;
    std::vector<Entry> run;
    auto end_run = [&] {
      if (run.size() >= 3) runs.push_back(run);
      run.clear();
    };
    for (std::size_t k = 0; k < lines.size(); ++k) {
      if (trim(lines[k]).empty()) continue;
      const auto sl = parse_score_line(lines[k]);
      const bool single = sl && sl->cells.size() == 1 && sl->cells[0].number > 0 && !sl->cells[0].black_start &&
                          sl->cells[0].moves == 1 && sl->result.empty() && !sl->punctuated;
      if (single && !run.empty() && sl->cells[0].number == run.back().cell.number + 1 && k - run.back().k <= 2) {
        run.push_back({k, sl->cells[0]});
        continue;
      }
      end_run();
      if (single && sl->cells[0].number == 1) run.push_back({k, sl->cells[0]});
    }
    end_run();
    for (std::size_t r = 0; r + 1 < runs.size(); ++r) {
      const auto& white = runs[r];
      const auto& black = runs[r + 1];
      if (black.front().k - white.back().k > 8) continue;
      if (black.size() != white.size() && black.size() + 1 != white.size()) continue;
      BookGame g;
      g.first_line = static_cast<std::uint32_t>(white.front().k + 1);
      g.last_line = static_cast<std::uint32_t>(black.back().k + 1);
      auto put = [&](const std::string& prefix, const Entry& e) {
        const std::uint64_t lb = line_starts[e.k];
        for (char c : prefix) {
          g.score += c;
          g.origin.push_back(lb + e.cell.begin);
        }
        const std::string_view t = std::string_view(lines[e.k]).substr(e.cell.begin, e.cell.end - e.cell.begin);
        for (std::size_t i = 0; i < t.size(); ++i) {
          g.score += t[i];
          g.origin.push_back(lb + e.cell.begin + i);
        }
        g.score += '\n';
        g.origin.push_back(lb + e.cell.end);
      };
      for (std::size_t i = 0; i < white.size(); ++i) {
        put(std::to_string(i + 1) + ". ", white[i]);
        if (i < black.size()) put(std::to_string(i + 1) + "... ", black[i]);
      }
      g.origin.push_back(g.origin.back());
      g.print_lines = static_cast<std::uint32_t>(white.size() + black.size());
      if (!replay_book_game(g, text).complete) continue;
      g.origin.pop_back();  // close() adds the end again
      BookStop note;
      note.line = g.first_line;
      note.column = 1;
      note.code = Code::DescriptiveRepair;
      note.message = "White's moves (lines " + std::to_string(white.front().k + 1) + "-" +
                     std::to_string(white.back().k + 1) + ") and Black's (lines " +
                     std::to_string(black.front().k + 1) + "-" + std::to_string(black.back().k + 1) +
                     ") are printed as two blocks: read alternately, the whole game replays; line by line it "
                     "stops at move 2";
      g.layout_repairs.push_back(std::move(note));
      for (std::size_t k = white.front().k; k <= black.back().k; ++k) in_block_game[k] = true;
      block_games.emplace(white.front().k, std::move(g));
      ++r;
    }
  }

  std::vector<std::string> diagram_rows;  // ranks read so far of the diagram being printed
  std::string diagram_placement;          // the last complete diagram's FEN placement
  std::uint32_t diagram_at = 0;           // the line of its first rank
  std::optional<Builder> cur;
  std::map<int, std::size_t> by_heading_number;  // "GAME No. 12" → its index in out.games
  std::optional<PendingHeading> heading;
  std::uint32_t since_heading = 0;
  auto close = [&] {
    if (!cur) return;
    flush_right(*cur, text, line_starts);
    Builder& b = *cur;
    b.game.last_line = std::max(b.game.last_line, b.last_move_line);
    if (b.game.print_lines > 0 || !b.game.layout_stops.empty()) {
      b.game.number = static_cast<int>(out.games.size()) + 1;
      if (const int n = heading_number(b.game.heading); n > 0 && b.game.has_heading)
        by_heading_number.try_emplace(n, out.games.size());
      b.game.origin.push_back(b.game.origin.empty() ? 0 : b.game.origin.back());
      out.games.push_back(std::move(b.game));
    }
    cur.reset();
  };
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const std::string& line = lines[k];
    const auto line_no = static_cast<std::uint32_t>(k + 1);
    const std::uint64_t line_byte = line_starts[k];
    const std::string_view body = trim(line);
    if (body.empty()) continue;
    if (body.find('|') != std::string_view::npos) {
      // Diagram ranks, 8 down to 1: the last complete diagram is kept for a score after it.
      std::string row;
      const int rank = diagram_rank(body, row);
      if (rank == 8) {
        diagram_rows.assign(1, row);
      } else if (rank > 0 && rank == 8 - static_cast<int>(diagram_rows.size()) && !diagram_rows.empty()) {
        diagram_rows.push_back(row);
        if (rank == 1) {
          diagram_placement.clear();
          for (const auto& r : diagram_rows) diagram_placement += (diagram_placement.empty() ? "" : "/") + r;
          diagram_at = line_no;
        }
      }
    }
    if (in_block_game[k]) {
      if (const auto it = block_games.find(k); it != block_games.end()) {
        close();
        cur.emplace();
        cur->game = std::move(it->second);
        if (heading) {
          cur->game.has_heading = true;
          cur->game.heading = heading->text;
          cur->game.first_line = heading->line;
          cur->game.tags = heading_tags(*heading, cur->game.title);
          heading.reset();
        }
        cur->last_move_line = cur->game.last_line;
        close();
      }
      continue;
    }
    if (starts_with_word(body, "PART ") || starts_with_word(body, "CHAPTER ") || starts_with_word(body, "End of") ||
        (body.size() > 3 && body.find_first_not_of("* ") == std::string_view::npos)) {
      close();
      heading.reset();
      continue;
    }
    std::string htext;
    if (heading_line(line, htext)) {
      close();
      heading = PendingHeading{htext, line_no, {}};
      since_heading = 0;
      continue;
    }
    auto sl = parse_score_line(line);
    if (sl && sl->run_in_numbers > 0 && !heading && !(cur && cur->game.has_heading)) sl.reset();
    if (sl) {
      const Cell& c0 = sl->cells.front();
      // "Moves 1-8 as in Game No. 12." under the heading: the score starts at move 9 (or at
      // Black's 8th) with the first moves of that game.
      std::optional<SharedOpening> shared;
      if (heading && !cur && c0.number > 1) {
        shared = shared_opening(*heading, c0.number, c0.black_start);
        if (shared && !by_heading_number.contains(shared->game)) shared.reset();
      }
      const bool starts =
          (c0.number == 1 && (!cur || cur->number > 1 || cur->side == Color::Black || cur->game.print_lines > 0)) ||
          shared.has_value();
      if (starts && !(cur && cur->number == 1 && cur->side == Color::White && cur->game.print_lines == 0)) {
        close();
        cur.emplace();
        cur->game.first_line = line_no;
        cur->indent = sl->indent;
        cur->punctuated = sl->punctuated;
        if (shared) seed_shared_opening(*cur, out.games[by_heading_number.at(shared->game)], *shared);
        const std::uint32_t after_last = out.games.empty() ? 0 : out.games.back().last_line;
        if (!shared && c0.number == 1 && diagram_at > after_last && line_no - diagram_at <= 40 &&
            !diagram_placement.empty()) {
          cur->game.diagram_fen = diagram_placement + (c0.black_start ? " b" : " w") + " - - 0 1";
          cur->game.diagram_line = diagram_at;
          // "1. ........  R-R8 ch" under a diagram, Black to play: the score begins on Black's
          // side (it was a gap before its first move, and no score). Without a diagram such a
          // line is a note's (a position shown as an illustration, which no replay can read).
          if (c0.black_start) cur->side = Color::Black;
        }
        if (heading) {
          cur->game.has_heading = true;
          cur->game.heading = heading->text;
          cur->game.first_line = heading->line;
          cur->game.tags = heading_tags(*heading, cur->game.title);
          heading.reset();
        }
      }
      // A line in another style than the score's is a variation in the notes: set flush left
      // under an indented score, or with ',' and ';' between its moves.
      // A flush-left line right under the last move line, holding Black's move alone, is that
      // line wrapped ("20. Q - Kt 2" / "P - B 3"), not a note.
      const bool wrapped = cur && c0.number < 0 && cur->side == Color::Black && cur->last_move_line + 1 == line_no;
      // A line right under the last move line that is numbered with the next move is the score's,
      // whatever its punctuation ("23. B to K 7th; Q takes B."): as a note it would leave the
      // score's next move out of a game reported complete.
      const bool continues = cur && c0.number > 0 && c0.number == cur->number && cur->last_move_line + 1 == line_no;
      const bool same_style = cur && (sl->punctuated == cur->punctuated || !sl->punctuated || continues) &&
                              (!(cur->indent >= 4 && sl->indent == 0) || wrapped);
      if (cur) {
        cur->peek_next = [&lines, k]() -> std::pair<int, bool> {
          for (std::size_t j = k + 1; j < lines.size() && j < k + 80; ++j) {
            const auto next = parse_score_line(lines[j]);
            if (!next || next->punctuated || next->cells.front().number <= 0) continue;
            return {next->cells.front().number, !next->cells.front().black_start};
          }
          return {0, false};
        };
      }
      if (cur && same_style && (c0.number > 0 || cur->side == Color::Black)) {
        // Two-column lines: the left column is read now, the right after the left ends.
        const bool two_columns =
            sl->cells.size() >= 2 && sl->cells[1].number > 0 && c0.number > 0 && sl->cells[1].number > c0.number + 1;
        const bool white_black = sl->cells.size() == 2 && sl->cells[1].number == c0.number && c0.number > 0;
        // A line without a right column: the left column's last line (then the right column
        // follows it), or the line after the whole block.
        const bool left_goes_on = !two_columns && !cur->right.empty() && c0.number > 0 && c0.number == cur->number &&
                                  c0.number < cur->right.front().first.number;
        if (!two_columns && !left_goes_on) flush_right(*cur, text, line_starts);
        if (white_black) {
          // A White column and a Black column, one move each.
          if (c0.moves != 1 || sl->cells[1].moves != 1) {
            stop_layout(*cur, line_no,
                        "a line holds move " + std::to_string(c0.number) +
                            " twice with more than one move in a column: White and Black columns cannot be told apart");
          } else {
            Cell black = sl->cells[1];
            black.black_start = true;
            add_cell(*cur, c0, line, line_byte, line_no);
            add_cell(*cur, black, line, line_byte, line_no);
          }
        } else {
          add_cell(*cur, c0, line, line_byte, line_no);
          if (left_goes_on) flush_right(*cur, text, line_starts);
          for (std::size_t ci = 1; ci < sl->cells.size(); ++ci) {
            if (two_columns) {
              if (cur->right.empty()) cur->right_line = line_no;
              cur->right.emplace_back(sl->cells[ci], line_byte);
            } else {
              add_cell(*cur, sl->cells[ci], line, line_byte, line_no);
            }
          }
        }
      }
      if (cur && same_style && !sl->result.empty()) {
        flush_right(*cur, text, line_starts);
        cur->game.result = sl->result;
        cur->game.last_line = line_no;
        close();
      }
      continue;
    }
    if (cur && !cur->stopped && cur->game.print_lines > 0) {
      // A line set like the score's, numbered with the move the score expects, that does not
      // read: the game stops there, said (its moves are never dropped as if it were a note).
      std::size_t at = 0;
      while (at < line.size() && is_blank(line[at])) ++at;
      const std::size_t indent = at;
      const int n = read_number(line, at, true);
      // (Flush left only right under the last move line: numbers set flush right make a score's
      // lines from 10 on begin a column further left than its first.)
      const bool indent_like =
          indent + 2 >= cur->indent && indent <= cur->indent + 2 && (indent > 0 || line_no == cur->last_move_line + 1);
      if (n > 0 && n == cur->number && indent_like && line_no - cur->last_move_line <= 3) {
        flush_right(*cur, text, line_starts);
        if (!cur->stopped) {
          const std::string token(trim(std::string_view(line).substr(at)));
          stop_layout(*cur, line_no,
                      "line " + std::to_string(line_no) + " holds move " + std::to_string(n) +
                          ", the next of the score, but '" + token + "' does not read as moves");
          cur->game.layout_stops.back().token = token;
          cur->game.layout_stops.back().column = static_cast<std::uint32_t>(at + 1);
        }
        continue;
      }
    }
    if (cur) {
      const std::string word = end_word_at(body);
      if (!word.empty() && line_no - cur->last_move_line <= 3) {
        flush_right(*cur, text, line_starts);
        cur->game.result = word;
        cur->game.last_line = line_no;
        close();
        continue;
      }
      flush_right(*cur, text, line_starts);
      if (line_no - cur->last_move_line > 120) close();
    }
    if (heading && is_diagram_line(body)) continue;  // a diagram between the heading and the score
    if (heading) {
      if (++since_heading > 12) heading.reset();
      else heading->after.push_back(std::string(body));
    }
  }
  close();
  return out;
}

namespace {

std::uint32_t column_of(std::string_view text, std::uint64_t line_start, std::uint64_t byte) {
  std::uint32_t col = 1;
  for (std::uint64_t i = line_start; i < byte && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++col;
  return col;
}

BookStop stop_at(std::string_view text, std::uint64_t byte, std::string token, Code code, std::string message) {
  BookStop s;
  const auto line_start = text.rfind('\n', byte == 0 ? 0 : byte - 1);
  const std::uint64_t ls = byte == 0 || line_start == std::string_view::npos ? 0 : line_start + 1;
  s.line = static_cast<std::uint32_t>(
      std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(byte, text.size())),
                 '\n') +
      1);
  s.column = column_of(text, ls, byte);
  s.token = std::move(token);
  s.code = code;
  s.message = std::move(message);
  return s;
}

}  // namespace

namespace {
// The position a replayed score starts from: the initial one, or its diagram's.
Position start_position(const BookReplay& replay) {
  if (!replay.start_fen.empty())
    if (auto from = position_from_fen(replay.start_fen)) return *from;
  return Position::startpos();
}
}  // namespace

BookReplay replay_book_game(const BookGame& game, std::string_view text) {
  BookReplay replay;
  DescriptiveReadOptions options;
  options.collapse_spaces = true;
  replay.read = read_descriptive_game(game.score, DescriptiveDialect::English, Position::startpos(), options);
  // A score after a diagram that does not start from the initial position: read from the
  // diagram, tested both ways; the diagram's reading is kept when it reads more of the score
  // (a stop further on is reported as usual).
  if (!replay.read.resolution.complete && !game.diagram_fen.empty()) {
    if (auto from = position_from_fen(game.diagram_fen)) {
      DescriptiveGame other = read_descriptive_game(game.score, DescriptiveDialect::English, *from, options);
      if (other.resolution.plies.size() > replay.read.resolution.plies.size()) {
        replay.read = std::move(other);
        replay.start_fen = game.diagram_fen;
      }
    }
  }
  const auto& r = replay.read.resolution;
  const auto& sc = replay.read.score;
  replay.plies = r.plies.size();
  auto book_byte = [&](std::uint64_t b) { return game.origin[std::min<std::size_t>(b, game.origin.size() - 1)]; };
  std::map<std::string, int> counts;
  for (const auto* list : {&sc.diagnostics, &r.diagnostics}) {
    for (const Diagnostic& d : *list) {
      if (d.code != Code::DescriptiveRepair && d.code != Code::DescriptiveConvention &&
          d.code != Code::DescriptiveAmbiguous)
        continue;
      ++counts[std::string(code_name(d.code))];
      Diagnostic placed = d;
      const BookStop at = stop_at(text, book_byte(d.byte), "", d.code, "");
      placed.line = at.line;
      placed.column = at.column;
      placed.byte = book_byte(d.byte);
      replay.notes.push_back(std::move(placed));
    }
  }
  if (!replay.start_fen.empty()) {
    Diagnostic d;
    d.code = Code::DescriptiveConvention;
    d.severity = Severity::Note;
    d.line = game.diagram_line;
    d.column = 1;
    d.message = "the score starts from the diagram at line " + std::to_string(game.diagram_line) + " (" +
                replay.start_fen + "): from the initial position it reads less far";
    ++counts[std::string(code_name(Code::DescriptiveConvention))];
    replay.notes.push_back(std::move(d));
  }
  for (const BookStop& fix : game.layout_repairs) {
    ++counts[std::string(code_name(Code::DescriptiveRepair))];
    Diagnostic d;
    d.code = Code::DescriptiveRepair;
    d.severity = Severity::Note;
    d.line = fix.line;
    d.column = fix.column;
    d.written = fix.token;
    d.message = fix.message;
    replay.notes.push_back(std::move(d));
  }
  replay.repairs.assign(counts.begin(), counts.end());
  if (!r.complete) {
    const DescriptiveMove& m = sc.moves[r.failed_ply];
    const std::string token = game.score.substr(static_cast<std::size_t>(m.span.byte), m.span.length);
    std::string message = r.error.message;
    if (r.failed_ply == 0)
      message += " from the initial position (the score may start from a position the text shows only as a diagram)";
    replay.stopped = stop_at(text, book_byte(m.span.byte), token, r.error.code, message);
  } else if (sc.stopped_early && !sc.diagnostics.empty()) {
    const Diagnostic* d = &sc.diagnostics.front();
    for (const auto& x : sc.diagnostics)
      if (x.code == Code::MoveSyntax) d = &x;
    replay.stopped = stop_at(text, book_byte(d->byte), d->written, Code::MoveSyntax, d->message);
  } else if (!game.layout_stops.empty()) {
    replay.stopped = game.layout_stops.front();
  } else if (!game.gaps.empty()) {
    BookStop s;
    s.line = game.gaps.front().line;
    s.column = 1;
    s.code = Code::DescriptiveGap;
    s.message = game.gaps.front().message;
    replay.stopped = s;
    replay.gap_reported = replay.plies > 0;
  }
  replay.complete = !replay.stopped && replay.plies > 0;
  if (replay.complete) {
    Position end = start_position(replay);
    for (const DescriptivePly& ply : r.plies) end.play(ply.move);
    replay.mate = end.is_checkmate();
    const std::string said = game.result.empty() && replay.mate ? std::string("mate") : game.result;
    replay.summary = "complete (" + std::to_string(replay.plies) + " plies" + (said.empty() ? "" : ", " + said) + ")";
  } else if (replay.plies == 0 && !replay.stopped) {
    replay.summary = "empty: no move read";
  } else {
    const BookStop& s = *replay.stopped;
    replay.summary = "stops after " + std::to_string(replay.plies) + " plies at line " + std::to_string(s.line) +
                     (s.token.empty() ? "" : " '" + s.token + "'") + ": " + s.message;
  }
  return replay;
}

namespace {

std::string pgn_result(const BookGame& game, const BookReplay& replay) {
  if (!replay.complete) return "*";
  const std::string r = lower(game.result);
  // (From a diagram with Black to move, White's moves are the even plies.)
  const bool black_first = start_position(replay).side_to_move() == Color::Black;
  const bool white_moved_last = (replay.plies % 2 == 1) != black_first;
  if (r.find("resign") != std::string::npos) {
    if (r.starts_with("white")) return "0-1";
    if (r.starts_with("black")) return "1-0";
    return white_moved_last ? "1-0" : "0-1";  // the side to move resigned
  }
  if (r.find("draw") != std::string::npos || r == "1/2-1/2") return "1/2-1/2";
  if (r == "1-0" || r == "white wins") return "1-0";
  if (r == "0-1" || r == "black wins") return "0-1";
  if (r.find("wins") != std::string::npos || r.find("mates") != std::string::npos || replay.mate)
    return white_moved_last ? "1-0" : "0-1";  // "and wins", or a mate on the board: the last mover
  return "*";
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

}  // namespace

std::string book_game_to_pgn(const BookGame& game, const BookReplay& replay) {
  std::string out;
  auto tag = [&](std::string_view name, std::string_view fallback) {
    std::string value(fallback);
    for (const auto& [n, v] : game.tags)
      if (n == name) value = v;
    std::string esc;
    for (char c : value) {
      if (c == '"' || c == '\\') esc += '\\';
      esc += c;
    }
    out += "[" + std::string(name) + " \"" + esc + "\"]\n";
  };
  // The event only where the heading names one: a heading that names an opening or only numbers
  // the game ("GAME No. 7.--RUY LOPEZ ATTACK.") is kept whole in a comment before the moves.
  tag("Event", "?");
  tag("Site", "?");
  tag("Date", "????.??.??");
  // The round only where the heading prints one ("round 3"): the score's place in the book is no
  // round of the event, and is said in the Annotator tag below.
  tag("Round", "?");
  tag("White", "?");
  tag("Black", "?");
  const std::string result = pgn_result(game, replay);
  out += "[Result \"" + result + "\"]\n";
  for (const auto& [n, v] : game.tags)
    if (n == "Opening") tag("Opening", v);
  Position pos = start_position(replay);
  if (!replay.start_fen.empty()) out += "[SetUp \"1\"]\n[FEN \"" + replay.start_fen + "\"]\n";
  out += "[Annotator \"descriptive score " + std::to_string(game.number) + " extracted from the book text (lines " +
         std::to_string(game.first_line) + "-" + std::to_string(game.last_line) + ")\"]\n\n";
  std::size_t column = 0;
  auto emit = [&](const std::string& token) {
    if (column > 0 && column + token.size() + 1 > 79) {
      out += '\n';
      column = 0;
    } else if (column > 0) {
      out += ' ';
      ++column;
    }
    out += token;
    column += token.size();
  };
  const auto& plies = replay.read.resolution.plies;
  const std::size_t black_first = pos.side_to_move() == Color::Black ? 1 : 0;
  if (game.has_heading) {
    std::string heading(trim(game.heading));
    std::replace(heading.begin(), heading.end(), '}', ')');  // (a comment ends at its first brace)
    if (!heading.empty()) emit("{" + heading + "}");
  }
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const Move m = plies[i].move;
    // A move number stays on the line of its move ("10." alone at a line's end reads badly).
    const std::string number = (i + black_first) % 2 == 0 ? std::to_string((i + black_first) / 2 + 1) + ". "
                               : i == 0                   ? std::string("1... ")
                                                          : std::string();
    emit(number + write_move(pos, m));
    pos.play(m);
  }
  if (!replay.complete) emit("{" + replay.summary + "}");
  emit(result);
  out += "\n\n";
  return out;
}

std::string book_game_report_json(const BookGame& game, const BookReplay& replay) {
  std::string out = "{\"game\":" + std::to_string(game.number);
  out += ",\"first_line\":" + std::to_string(game.first_line);
  out += ",\"last_line\":" + std::to_string(game.last_line);
  out += ",\"heading\":" + (game.has_heading ? json_string(game.heading) : std::string("null"));
  out += ",\"tags\":{";
  for (std::size_t i = 0; i < game.tags.size(); ++i)
    out += (i ? "," : "") + json_string(game.tags[i].first) + ":" + json_string(game.tags[i].second);
  out += "},\"plies\":" + std::to_string(replay.plies);
  if (!replay.start_fen.empty()) out += ",\"start\":" + json_string(replay.start_fen);
  out += ",\"complete\":" + std::string(replay.complete ? "true" : "false");
  out += ",\"stopped\":";
  if (replay.stopped) {
    const BookStop& s = *replay.stopped;
    out += "{\"line\":" + std::to_string(s.line) + ",\"column\":" + std::to_string(s.column) +
           ",\"token\":" + json_string(s.token) + ",\"code\":" + json_string(code_name(s.code)) +
           ",\"message\":" + json_string(s.message) + "}";
  } else {
    out += "null";
  }
  out += ",\"repairs\":{";
  for (std::size_t i = 0; i < replay.repairs.size(); ++i)
    out += (i ? "," : "") + json_string(replay.repairs[i].first) + ":" + std::to_string(replay.repairs[i].second);
  out += "}}";
  return out;
}

}  // namespace planilla
