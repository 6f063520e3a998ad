// Old print → grammar text (rules in descriptive_print.hpp).
#include "grammar/descriptive_print.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#if PLANILLA_WITH_ICU
#include <atomic>
#include <memory>
#include <new>

#include <unicode/regex.h>
#include <unicode/utext.h>
#else
#include <bitset>
#include <regex>
#endif

#include "grammar/pgn_chars.hpp"
#include "notation/descriptive.hpp"

namespace planilla {

std::uint32_t PrintText::original_end(std::size_t e) const {
  if (e == 0) return origin.empty() ? 0 : origin[0];
  if (e >= text.size()) return origin.back();
  return origin[e - 1] + 1;
}

std::uint32_t PrintText::repairs_in(std::uint32_t begin, std::uint32_t end, std::vector<std::string>* notes) const {
  std::uint32_t bits = 0;
  for (const PrintRepair& r : repairs) {
    if (r.begin >= end || r.end <= begin) continue;
    if (r.bit == kRepairSpacing && (r.begin < begin || r.end > end)) continue;
    bits |= r.bit;
    if (notes) notes->push_back(r.assumed);
  }
  return bits;
}

namespace {

// The patterns below are matched by ICU's regex where planilla links ICU, and by std::regex in
// the browser build (PLANILLA_WITH_ICU=0, no ICU). libstdc++'s std::regex took 86 % of reading a
// 2.8 MB descriptive score (bench/RESULTS.md). Each pattern is written once, in ECMAScript's
// syntax and with the meaning std::regex gives it: bytes in the C locale, where `\s` is
// [ \t\n\v\f\r], `\d` is [0-9] and `\b` lies between [A-Za-z0-9_] and anything else. ICU reads
// code points with Unicode's classes (`\s` takes a no-break space, `\d` an Arabic digit, `\b`
// sees "é" as part of a word) and its `$` also matches before a final line break: icu_syntax()
// spells those out, so both engines make the same rewrites on any text, and the page reads a
// book as the command line does.

// One match: for each group, whether it took part and its bytes in the searched text.
class Match {
 public:
  static constexpr int kMaxGroups = 6;  // group 0 and five more (his_her uses four)

  bool matched(int k) const { return begin_[k] >= 0; }
  std::size_t position(int k) const { return static_cast<std::size_t>(begin_[k]); }
  std::size_t length(int k) const { return matched(k) ? static_cast<std::size_t>(end_[k] - begin_[k]) : 0; }
  std::string_view view(int k) const { return matched(k) ? text_.substr(position(k), length(k)) : std::string_view(); }
  std::string str(int k) const { return std::string(view(k)); }  // "" where the group took no part

 private:
  friend class Pattern;
  friend class BlankLed;
  explicit Match(std::string_view text) : text_(text) {
    begin_.fill(-1);
    end_.fill(-1);
  }
  std::string_view text_;
  std::array<std::int64_t, kMaxGroups> begin_{};
  std::array<std::int64_t, kMaxGroups> end_{};
};

// What `\b` and `\s` take for a word character and a blank (std::regex, the C locale).
bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
bool is_blank_char(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

[[noreturn]] void bad_pattern(const char* pattern, const std::string& why) {
  throw std::logic_error(std::string("descriptive print pattern ") + pattern + ": " + why);
}

#if PLANILLA_WITH_ICU

// Enough of a pattern's structure to tell what a `\b` stands between (icu_syntax). Each answer
// may be "cannot tell" (false), never wrong.

// The end of the atom at `i`: an escape, a class, a group or one character.
std::size_t atom_end(std::string_view p, std::size_t i) {
  if (p[i] == '\\') return std::min(i + 2, p.size());
  if (p[i] == '[') {
    for (std::size_t j = i + 1; j < p.size(); ++j) {
      if (p[j] == '\\') ++j;
      else if (p[j] == ']') return j + 1;
    }
    return p.size();
  }
  if (p[i] != '(') return i + 1;
  std::size_t j = i + 1;
  while (j < p.size() && p[j] != ')')
    j = std::string_view("?*+|:=!<").find(p[j]) != std::string_view::npos ? j + 1 : atom_end(p, j);
  return std::min(j + 1, p.size());
}

// The end of the quantifier after an atom that ends at `i` (`i` when there is none).
std::size_t quantifier_end(std::string_view p, std::size_t i) {
  if (i < p.size() && (p[i] == '?' || p[i] == '*' || p[i] == '+')) {
    ++i;
  } else if (i < p.size() && p[i] == '{') {
    i = std::min(p.find('}', i) + 1, p.size());
  } else {
    return i;
  }
  return i < p.size() && p[i] == '?' ? i + 1 : i;  // lazy
}

// The alternatives of the group at `i`, as ranges of `p`.
std::vector<std::pair<std::size_t, std::size_t>> alternatives(std::string_view p, std::size_t i) {
  const std::size_t close = atom_end(p, i) - 1;
  std::size_t j = p[i + 1] == '?' ? i + 3 : i + 1;
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t begin = j; j <= close;) {
    if (j == close || p[j] == '|') {
      out.emplace_back(begin, j);
      begin = ++j;
    } else {
      j = quantifier_end(p, atom_end(p, j));
    }
  }
  return out;
}

// Whether the class `[...]` holds only ASCII word characters.
bool class_of_words(std::string_view c) {
  if (c.size() < 3 || c[1] == '^') return false;
  for (std::size_t k = 1; k + 1 < c.size(); ++k) {
    if (!is_word_char(c[k])) return false;
    if (k + 3 < c.size() && c[k + 1] == '-') {  // a range: both ends letters of one case, or digits
      const auto kind = [](char x) {
        return x >= 'a' && x <= 'z' ? 1 : x >= 'A' && x <= 'Z' ? 2 : x >= '0' && x <= '9' ? 3 : 0;
      };
      if (kind(c[k]) == 0 || kind(c[k]) != kind(c[k + 2])) return false;
      k += 2;
    }
  }
  return true;
}

// Whether every text that p[i, stop) matches begins with an ASCII word character.
bool starts_with_word(std::string_view p, std::size_t i, std::size_t stop) {
  if (i >= stop || p[i] == '|' || p[i] == ')') return false;
  const std::size_t a = atom_end(p, i);
  const std::size_t q = quantifier_end(p, a);
  bool word = false;
  if (p[i] == '\\') {
    if (p[i + 1] == 'b' && q == a) return starts_with_word(p, a, stop);  // zero width
  } else if (p[i] == '[') {
    word = class_of_words(p.substr(i, a - i));
  } else if (p[i] == '(') {
    if (p[i + 1] == '?' && (p[i + 2] == '=' || p[i + 2] == '!'))
      return q == a && starts_with_word(p, a, stop);  // a lookahead: zero width
    if (p[i + 1] == '?' && p[i + 2] != ':') return false;
    word = true;
    for (const auto& [b, e] : alternatives(p, i)) word = word && starts_with_word(p, b, e);
  } else {
    word = is_word_char(p[i]);
  }
  if (!word) return false;
  if (q == a || p[a] == '+' || (p[a] == '{' && p[a + 1] != '0')) return true;
  return starts_with_word(p, q, stop);  // `?`, `*`, `{0,}`: what follows may come first
}

// Whether every text that p[begin, end) matches ends with an ASCII word character.
bool ends_with_word(std::string_view p, std::size_t begin, std::size_t end) {
  std::size_t last = end;
  std::size_t j = begin;
  for (; j < end; j = quantifier_end(p, atom_end(p, j))) last = j;
  if (last == end || j != end) return false;
  const std::size_t a = atom_end(p, last);
  if (a != end && p[a] != '+') return false;  // the last element may be absent
  if (p[last] == '[') return class_of_words(p.substr(last, a - last));
  if (p[last] == '(') {
    if (p[last + 1] == '?' && p[last + 2] != ':') return false;
    for (const auto& [b, e] : alternatives(p, last))
      if (!ends_with_word(p, b, e)) return false;
    return true;
  }
  return p[last] != '\\' && is_word_char(p[last]);
}

// `ecmascript` in ICU's syntax, with std::regex's meaning (see above). What the engines read
// differently and no rule needs is refused: `\w`, `\S`, `\D`, `\B`, `.` (a byte to std::regex, a
// character to ICU), a `[` inside a class (a nested set to ICU), and `\u` and `\x` (std::regex
// makes a byte of `\u2014`, 0x14: a non-ASCII character is written as itself, in UTF-8).
std::string icu_syntax(const char* ecmascript) {
  static constexpr std::string_view kSpace = "\\t\\n\\x0B\\f\\r ";
  const std::string_view in(ecmascript);
  std::string out;
  bool in_class = false;
  std::vector<std::size_t> sequence{0};  // where the alternative being read began, by group depth
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c == '\\' && i + 1 < in.size()) {
      const char e = in[++i];
      if (e == 's') {
        out += in_class ? std::string(kSpace) : "[" + std::string(kSpace) + "]";
      } else if (e == 'd') {
        out += in_class ? "0-9" : "[0-9]";
      } else if (e == 'b' && !in_class) {
        // A boundary before a word character is "no word character before", and after one "none
        // after": one look-around, which leaves ICU its scan for the pattern's first letters.
        std::size_t stop = i + 1;
        while (stop < in.size() && in[stop] != '|' && in[stop] != ')') stop = quantifier_end(in, atom_end(in, stop));
        if (starts_with_word(in, i + 1, stop)) out += "(?<![A-Za-z0-9_])";
        else if (ends_with_word(in, sequence.back(), i - 1)) out += "(?![A-Za-z0-9_])";
        else out += "(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))";
      } else if (std::string_view("bwWSDBux").find(e) != std::string_view::npos) {
        bad_pattern(ecmascript, std::string("\\") + e + " means one thing to std::regex and another to ICU");
      } else {
        out += c;
        out += e;
      }
      continue;
    }
    if (in_class && c == '[') bad_pattern(ecmascript, "'[' in a class opens a nested set in ICU");
    if (!in_class && c == '.') bad_pattern(ecmascript, "'.' is a byte to std::regex and a character to ICU");
    if (c == '[' && !in_class) {
      in_class = true;
    } else if (c == ']' && in_class) {
      in_class = false;
    } else if (!in_class && c == '(') {
      sequence.push_back(in.substr(i, 2) == "(?" ? i + 3 : i + 1);
    } else if (!in_class && c == ')' && sequence.size() > 1) {
      sequence.pop_back();
    } else if (!in_class && c == '|') {
      sequence.back() = i + 1;
    }
    if (!in_class && c == '$') out += "\\z";
    else out += c;
  }
  return out;
}

// A pattern compiled on its first use: compiling all of them cost more than reading several
// games, and most texts need few of them (each rule runs only where its literals are present).
// One compiled pattern serves every thread (the RuleSet is static, shared by the workers); a
// RegexMatcher holds the state of one search, so each thread has its own, kept for the next text.
class Pattern {
 public:
  explicit Pattern(const char* ecmascript) : source_(ecmascript), slot_(next_slot()) {}
  Pattern(const Pattern&) = delete;
  Pattern& operator=(const Pattern&) = delete;

  // f(const Match&) for each match in `text`, left to right. f must not search with any pattern
  // (reset()'s copy of the text is shared).
  template <class F>
  void for_each(std::string_view text, F&& f) const {
    icu::RegexMatcher& m = matcher();
    reset(m, text);
    const int groups = m.groupCount();
    UErrorCode status = U_ZERO_ERROR;
    // A search that fails (ICU's backtracking stack full) ends the rule's rewrites there. No
    // pattern repeats a group or counts repeats (`{2,}`), so a search keeps a few states whatever
    // the length of the text.
    while (m.find(status)) {
      Match match(text);
      for (int k = 0; k <= groups; ++k) {
        match.begin_[k] = m.start64(k, status);
        match.end_[k] = m.end64(k, status);
      }
      if (U_FAILURE(status)) break;
      f(match);
    }
  }
  bool search(std::string_view text) const {
    icu::RegexMatcher& m = matcher();
    reset(m, text);
    UErrorCode status = U_ZERO_ERROR;
    return m.find(status) != 0;
  }

 private:
  static std::size_t next_slot() {
    static std::atomic<std::size_t> slots{0};
    return slots++;
  }
  const icu::RegexPattern& compiled() const {
    std::call_once(once_, [this] {
      const std::string icu = icu_syntax(source_);
      UParseError where{};
      UErrorCode status = U_ZERO_ERROR;
      compiled_.reset(icu::RegexPattern::compile(icu::UnicodeString::fromUTF8(icu), 0, where, status));
      if (U_FAILURE(status)) bad_pattern(source_, std::string("ICU: ") + u_errorName(status));
    });
    return *compiled_;
  }
  icu::RegexMatcher& matcher() const {
    thread_local std::vector<std::unique_ptr<icu::RegexMatcher>> matchers;
    if (matchers.size() <= slot_) matchers.resize(slot_ + 1);
    std::unique_ptr<icu::RegexMatcher>& m = matchers[slot_];
    if (!m) {
      UErrorCode status = U_ZERO_ERROR;
      m.reset(compiled().matcher(status));
      if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU regex matcher: ") + u_errorName(status));
      if (m->groupCount() >= Match::kMaxGroups) bad_pattern(source_, "more groups than a Match holds");
    }
    return *m;
  }
  // An ASCII text (nearly every score) is searched as UTF-16, one unit per byte, so that the
  // groups' positions are byte offsets still: ICU reads a UTF-16 string directly, and a UTF-8
  // UText through its chunks, several times slower where a pattern is tried at many places and
  // looks behind (a run of '(' before an "e.p.": 1.5 MB/s read as UTF-8). One copy per thread
  // serves every pattern (no search begins while another one is under way, for_each's callers
  // see to it), made again only when the text changed (most rules rewrite nothing), and a large
  // one is not kept for small texts. Other text: the matcher reads the UTF-8 bytes in place;
  // ICU's index into a UTF-8 UText is the byte offset too.
  static void reset(icu::RegexMatcher& m, std::string_view text) {
    struct Copy {
      std::string source;  // the text `units` holds, when `ascii`
      bool ascii = false;
      icu::UnicodeString units;
    };
    thread_local Copy copy;
    if (text.size() != copy.source.size() || text != copy.source) {
      copy.ascii = text.size() <= static_cast<std::size_t>(INT32_MAX) &&
                   std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; });
      const auto size = static_cast<std::int32_t>(copy.ascii ? text.size() : 0);
      if (copy.units.getCapacity() > (std::int32_t{1} << 20) && copy.units.getCapacity() > 4 * size) {
        copy.units = icu::UnicodeString();
        copy.source = std::string();
      }
      copy.source.assign(copy.ascii ? text : std::string_view());
      if (copy.ascii) {
        char16_t* units = copy.units.getBuffer(size);
        if (units == nullptr) throw std::bad_alloc();
        for (std::int32_t i = 0; i < size; ++i) units[i] = static_cast<char16_t>(text[static_cast<std::size_t>(i)]);
        copy.units.releaseBuffer(size);
      }
    }
    if (copy.ascii) {
      m.reset(copy.units);
      return;
    }
    UErrorCode status = U_ZERO_ERROR;
    UText in = UTEXT_INITIALIZER;
    utext_openUTF8(&in, text.data(), static_cast<std::int64_t>(text.size()), &status);
    if (U_FAILURE(status)) throw std::bad_alloc();  // (its only failure)
    m.reset(&in);  // (a shallow clone of `in`: it reads `text`, which outlives the search)
    utext_close(&in);
  }

  const char* source_;
  std::size_t slot_;
  mutable std::once_flag once_;
  mutable std::unique_ptr<icu::RegexPattern> compiled_;
};

#else  // std::regex

// std::regex_traits<char> with its look-ups remembered. libstdc++'s matcher asks the traits for
// the class of every character it tests against `\s`, `\b` or a bracket class, and the plain
// traits find the locale's ctype facet (a use_facet with a dynamic_cast) and, for `\b`, look up
// the class "w" by name, at each test: half of the matcher's time on a long descriptive score
// (bench/RESULTS.md). Same locale, same answers, each found once.
class CachedRegexTraits : public std::regex_traits<char> {
 public:
  using Base = std::regex_traits<char>;
  using char_class_type = Base::char_class_type;

  // (The matcher asks for "w" at every `\b` it tests: compared in place, with no string built.)
  template <class It>
  char_class_type lookup_classname(It first, It last, bool icase = false) const {
    std::vector<NamedClass>& named = named_classes();
    const auto size = static_cast<std::size_t>(std::distance(first, last));
    for (const NamedClass& c : named)
      if (c.icase == icase && c.name.size() == size && std::equal(first, last, c.name.begin())) return c.mask;
    const char_class_type mask = Base::lookup_classname(first, last, icase);
    named.push_back(NamedClass{std::string(first, last), icase, mask});
    return mask;
  }
  bool isctype(char c, char_class_type mask) const {
    std::vector<ClassTable>& tables = class_tables();
    for (const ClassTable& t : tables)
      if (t.mask == mask) return t.members[static_cast<unsigned char>(c)];
    ClassTable t{mask, {}};
    for (unsigned b = 0; b < 256; ++b) t.members[b] = Base::isctype(static_cast<char>(b), mask);
    tables.push_back(t);
    return t.members[static_cast<unsigned char>(c)];
  }

 private:
  struct NamedClass {
    std::string name;
    bool icase;
    char_class_type mask;
  };
  struct ClassTable {
    char_class_type mask;
    std::bitset<256> members;
  };
  // One cache per thread for every pattern: the patterns are shared by the workers (RuleSet is
  // static), and all of them use the global locale, which planilla never changes (no imbue()).
  static std::vector<NamedClass>& named_classes() {
    thread_local std::vector<NamedClass> v;
    return v;
  }
  static std::vector<ClassTable>& class_tables() {
    thread_local std::vector<ClassTable> v;
    return v;
  }
};
using Regex = std::basic_regex<char, CachedRegexTraits>;

// A pattern compiled on its first use: compiling all of them cost more than reading several
// games, and most texts need few of them (each rule runs only where its literals are present).
class Pattern {
 public:
  explicit Pattern(const char* ecmascript) : source_(ecmascript) {}
  Pattern(const Pattern&) = delete;
  Pattern& operator=(const Pattern&) = delete;

  // f(const Match&) for each match in `text`, left to right.
  template <class F>
  void for_each(std::string_view text, F&& f) const {
    using Iterator = std::regex_iterator<std::string_view::const_iterator, char, CachedRegexTraits>;
    for (Iterator it(text.begin(), text.end(), compiled()), end; it != end; ++it) {
      Match match(text);
      for (int k = 0; k < static_cast<int>(it->size()); ++k) {
        if (!(*it)[k].matched) continue;
        match.begin_[k] = it->position(k);
        match.end_[k] = match.begin_[k] + it->length(k);
      }
      f(match);
    }
  }
  bool search(std::string_view text) const { return std::regex_search(text.begin(), text.end(), compiled()); }

 private:
  const Regex& compiled() const {
    std::call_once(once_, [this] {
      regex_.emplace(source_);
      if (regex_->mark_count() >= Match::kMaxGroups) bad_pattern(source_, "more groups than a Match holds");
    });
    return *regex_;
  }

  const char* source_;
  mutable std::once_flag once_;
  mutable std::optional<Regex> regex_;
};

#endif

// `,?\s*X` (with `comma`) or `\s*X`, where X cannot begin with a blank, searched as X and each
// match then taken back over the blanks (and the one comma) before it, no further than the end
// of the match before: the same matches. Searched as written, both engines try `\s*` at each
// blank of a run and give the run back a blank at a time before X fails: a game of 60-blank
// runs with an "e.p." in it was read at 0.1 MB/s with ICU, 0.4 MB/s with std::regex.
class BlankLed {
 public:
  BlankLed(const char* x, bool comma) : x_(x), comma_(comma) {}
  template <class F>
  void for_each(std::string_view text, F&& f) const {
    std::size_t floor = 0;  // where the engine's next search starts: the last match's end
    x_.for_each(text, [&](const Match& found) {
      Match m = found;
      std::size_t b = m.position(0);
      while (b > floor && is_blank_char(text[b - 1])) --b;
      if (comma_ && b > floor && text[b - 1] == ',') --b;
      floor = static_cast<std::size_t>(m.end_[0]);
      m.begin_[0] = static_cast<std::int64_t>(b);
      f(m);
    });
  }

 private:
  Pattern x_;
  bool comma_;
};

struct Replacement {
  std::string text;
  std::uint32_t bit = 0;
  std::string assumed;
};

using Rule = std::function<std::optional<Replacement>(const Match&)>;

// Whether `text` holds `word` as a word of its own, as `\b` reads one: "take" in "P take P" and
// not in "P takes P", where `\btake\b` would be tried at every "take" and fail.
bool has_word(std::string_view text, std::string_view word) {
  for (std::size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const std::size_t end = at + word.size();
    if ((at == 0 || !is_word_char(text[at - 1])) && (end == text.size() || !is_word_char(text[end]))) return true;
  }
  return false;
}

// Whether a hyphen stands before a P that ends its word, with one blank or none between ("Kt-P",
// "B - P"): what dash_pawn cannot match without. A hyphen and a P are in every descriptive score.
bool has_hyphen_pawn(std::string_view text) {
  for (std::size_t at = text.find('-'); at != std::string_view::npos; at = text.find('-', at + 1)) {
    std::size_t p = at + 1;
    if (p < text.size() && is_blank_char(text[p])) ++p;
    if (p < text.size() && text[p] == 'P' && (p + 1 == text.size() || !is_word_char(text[p + 1]))) return true;
  }
  return false;
}

// The literals of a text, for the rules below: each runs only where the literals its pattern
// cannot match without are present. A regex search walks the whole text for every rule (std::regex
// slowly, a locale look-up per character class), which made a long score that no rule applies to
// cost more than reading it. The bytes and byte pairs the text holds are asked first: a needle
// whose first two bytes never stand together is not there, and is not searched (a long score of
// `Qh5` tokens had every needle beginning with Q, h, 5 or a blank searched through it, each find
// stopping at every such byte: 160 M instructions for 2 MB). A rewrite adds the pairs around
// what it wrote (added()); those it removed are kept, which only lets a search run that finds
// nothing.
class Literals {
 public:
  explicit Literals(const std::string& text) : text_(text) {}
  bool known() const { return known_; }  // (before it is, no rewrite needs telling)
  // The text now holds new bytes in [begin, end), next to those around the range.
  void added(std::size_t begin, std::size_t end) {
    if (known_) scan(begin == 0 ? 0 : begin - 1, std::min(end + 1, text_.size()));
  }
  // Whether the text holds one of `needles`.
  bool any(std::initializer_list<std::string_view> needles) {
    return std::any_of(needles.begin(), needles.end(),
                       [this](std::string_view n) { return may_hold(n) && text_.find(n) != std::string_view::npos; });
  }
  bool word(std::string_view w) { return may_hold(w) && has_word(text_, w); }
  bool hyphen_pawn() { return may_hold("-") && may_hold("P") && has_hyphen_pawn(text_); }

 private:
  bool may_hold(std::string_view n) {
    if (!known_) {
      pairs_.assign(1024, 0);
      scan(0, text_.size());
      known_ = true;
    }
    const auto b = [&n](std::size_t i) { return static_cast<unsigned char>(n[i]); };
    return n.size() == 1 ? test(bytes_, b(0)) : test(pairs_, b(0) * 256u + b(1));
  }
  // The bytes of [begin, end) and their pairs (plain words: a bitset checks every index).
  void scan(std::size_t begin, std::size_t end) {
    if (begin >= end) return;
    const auto* p = reinterpret_cast<const unsigned char*>(text_.data());
    for (std::size_t i = begin; i + 1 < end; ++i) {
      const unsigned pair = p[i] * 256u + p[i + 1];
      pairs_[pair / 64] |= std::uint64_t{1} << (pair % 64);
      bytes_[p[i] / 64] |= std::uint64_t{1} << (p[i] % 64);
    }
    bytes_[p[end - 1] / 64] |= std::uint64_t{1} << (p[end - 1] % 64);
  }
  template <class Bits>
  static bool test(const Bits& bits, unsigned i) {
    return (bits[i / 64] >> (i % 64) & 1) != 0;
  }
  const std::string& text_;
  bool known_ = false;
  std::array<std::uint64_t, 4> bytes_{};
  std::vector<std::uint64_t> pairs_;  // 65,536 bits, made at the first look-up
};

// Applies one rewrite everywhere in `t`, keeping the map to the original bytes, and tells
// `literals` what it wrote.
template <class Searched>
void apply(PrintText& t, const Searched& re, const Rule& rule, Literals& literals) {
  std::string out;
  std::vector<std::uint32_t> origin;
  std::vector<std::size_t> written;  // where each replacement begins and ends in `out`
  const bool track = literals.known();
  std::size_t copied = 0;
  bool changed = false;
  re.for_each(t.text, [&](const Match& m) {
    const std::size_t b = m.position(0);
    const std::size_t e = b + m.length(0);
    if (e == b) return;
    auto rep = rule(m);
    if (!rep) return;
    if (!changed) {  // (most rules that run find nothing to rewrite: no copy is made for them)
      out.reserve(t.text.size());
      origin.reserve(t.origin.size());
      changed = true;
    }
    out.append(t.text, copied, b - copied);
    origin.insert(origin.end(), t.origin.begin() + copied, t.origin.begin() + b);
    if (track) {
      written.push_back(out.size());
      written.push_back(out.size() + rep->text.size());
    }
    for (std::size_t i = 0; i < rep->text.size(); ++i) {
      out += rep->text[i];
      origin.push_back(i + 1 == rep->text.size() && i > 0 ? t.origin[e - 1] : t.origin[b]);
    }
    if (rep->bit != 0)
      t.repairs.push_back(PrintRepair{t.origin[b], t.original_end(e), rep->bit, std::move(rep->assumed)});
    copied = e;
  });
  if (!changed) return;
  out.append(t.text, copied);
  origin.insert(origin.end(), t.origin.begin() + copied, t.origin.end());
  t.text = std::move(out);
  t.origin = std::move(origin);
  for (std::size_t k = 0; k < written.size(); k += 2) literals.added(written[k], written[k + 1]);
}

// The piece tokens of a mover as printed: "K. Kt." → {K, Kt}; "Q. B. P." → {Q, B, P}.
std::vector<std::string> mover_tokens(const std::string& mover) {
  std::vector<std::string> out;
  std::string cur;
  for (std::size_t i = 0; i <= mover.size(); ++i) {
    const char c = i < mover.size() ? mover[i] : ' ';
    if (c == ' ' || c == '.' || c == '\'') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  return out;
}

struct RuleSet {
  Pattern glued{R"((Kt|[PKQBR])\.?(to|takes)(?=(?:K|Q)))"};
  // (The em dash written as itself, in UTF-8: std::regex reads the escape `\u2014` as the byte 0x14.)
  Pattern tilde{"([A-Za-z.'])\\s?(?:~|--|\u2014-|-\u2014)\\s?(?=[KQBRNP])"};
  Pattern caret{R"(\^(?=[KQBRNP]))"};
  Pattern rank_i{R"(((?:-|\bto)\s?(?:[KQ]\.?\s?)?(?:Kt|[KQBRN])(?:\.|'s)?\s?)[Il](?![a-z]))"};
  Pattern dash_pawn{R"(((?:Kt|[KQBRP])\.?)\s?-\s?(P\b))"};
  Pattern his_her{
      R"(((?:\b[KQ]\.?\s?(?=Kt|B|R|P))?\b(?:Kt|B|R|P|K|Q)\.?(?:\s?P\.?)?)\s?(to|takes)\s+(his|her|its)\s+((?:Kt|Kn|B|R)(?:'s|s|\.)?\s?)?)"};
  Pattern castles_side{
      R"(\b[Cc]astles?\.?\s*(?:on\s+(?:the\s+)?|with\s+(?:the\s+)?|\(\s*)?(K(?:ing)?|Q(?:ueen)?)(?:'s|s)?\.?\s*(side|R\.?|Rook)?\.?(?:\s*\))?)"};
  Pattern square{R"(((?:(?:Kt|[KQBRN]))(?:'s|\.)?)\s?(?:square|sq\.?|Sq\.?)(?![a-z]))"};
  Pattern check_paren{R"(\(\s*(dis(?:\.|covered)?\s*|double\s*)?ch(?:eck)?\.?\s*\))"};
  Pattern check_word{R"(\b(dis(?:\.|covered)?\s+|double\s+)?check\b\.?)"};
  // `\s*` and `,?\s*` before these: BlankLed.
  BlankLed ep{R"((?:\(\s*)?\b(?:in passing|en pass?(?:ant)?\.?|e\.\s?p\.)(?:\s*\))?)", false};
  BlankLed promo{
      R"((?:and\s+)?(?:becomes|queens|Queens|Queening|=)\s*(?:a\s+)?\(?(Queen|Rook|Bishop|Knight|Kt|Q|R|B|N)\b\.?\)?)",
      true};
  Pattern take{R"(\btake\b)"};
  Pattern kts{R"(\b(Kt|B|R)s\s(P)\b)"};
  Pattern on_paren{R"(\(\s*on\s+)"};
  Pattern glyph_paren{R"(\s?\((?:!|\?|!!|\?\?|!\?|\?!)\))"};
  // A note's mark after a move, a letter in brackets: "B to K Kt 5th (a)".
  Pattern footnote{R"(\s?\([a-z]\)(?=[\s.,;]|$))"};
  // (Not `[ \t]{2,}`: ICU keeps a backtracking state for each repeat of a counted loop, and a
  // long run of blanks filled its stack; `[ \t]+` is one loop state.)
  Pattern spaces{R"([ \t][ \t]+)"};
  // Verbal notation (before 1850): "The king's pawn two squares.", "The K. Kt. to his B's third
  // square", "The queen takes the pawn". Words become the abbreviations; pawn steps from the
  // pawn's own file become squares (two squares: the fourth rank; one square: the third, as from
  // its first move). "The" takes the blanks before it only after a side's "W." or "B.": "and The
  // queen" keeps its blank ("andQ" before).
  Pattern verbal_the{
      R"(\b(?:(?:W\.|B\.)\s*)?The\s+(?=(?:[Kk]ing|[Qq]ueen|[Bb]ishop|[Kk]night|[Rr]ook|[Cc]astle|[Pp]awn|K\.|Q\.))|\b(?:takes|to)\s+(the)\s+(?=[a-zA-Z]))"};
  Pattern verbal_piece{
      R"(\b(king|queen|bishop|knight|rook|castle|pawn|King|Queen|Bishop|Knight|Rook|Castle|Pawn)('s)?(?![a-z]))"};
  Pattern verbal_rank{R"(\b(first|second|third|fourth|fifth|sixth|seventh|eighth)(?:\s+square)?\b)"};
  Pattern verbal_step{R"((^|\s)((?:[KQ](?:'s|\.)?\s*)?(?:(?:Kt|B|R)(?:'s|\.)?\s*)?)P\.?\s+(one|two|1|2)\s+squares?\b)"};
  Pattern glyph_in_paren{R"(\(([^()!?]*)[!?]+\))"};
  Pattern kt_caps{R"(KT(?=[\s\d.'-]|$))"};
  Pattern comma_ep{R"(,\s*(?=e\.\s?p\.))"};
};

const RuleSet& rules() {
  static const RuleSet r;
  return r;
}

char promo_letter(const std::string& w) {
  if (w == "Queen" || w == "Q") return 'Q';
  if (w == "Rook" || w == "R") return 'R';
  if (w == "Bishop" || w == "B") return 'B';
  return 'N';
}

}  // namespace

PrintText normalize_descriptive_print(std::string_view in, bool collapse_spaces) {
  // A run of blanks is read as kLongestBlankRun of them, its last one standing for the rest: no
  // rule tells a longer run from that one (the longest any pattern spells out is two), and
  // std::regex, the browser build's engine, recurses once per blank a `\s*` or `[ \t]+` takes:
  // a line of a million blanks overflowed its stack. The map keeps the run's ends in place.
  constexpr std::size_t kLongestBlankRun = 64;
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  std::size_t run = 0;
  bool long_run = false;
  for (char c : in) {
    run = blank(c) ? run + 1 : 0;
    if (run > kLongestBlankRun) {
      long_run = true;
      break;
    }
  }
  PrintText t;
  if (!long_run) {  // (nearly every text: copied whole)
    t.text = std::string(in);
    t.origin.resize(in.size() + 1);
    for (std::size_t i = 0; i <= in.size(); ++i) t.origin[i] = static_cast<std::uint32_t>(i);
  } else {
    t.text.reserve(in.size());
    t.origin.reserve(in.size() + 1);
    run = 0;
    for (std::size_t i = 0; i < in.size(); ++i) {
      run = blank(in[i]) ? run + 1 : 0;
      if (run > kLongestBlankRun) {
        t.text.back() = in[i];
        t.origin.back() = static_cast<std::uint32_t>(i);
        continue;
      }
      t.text += in[i];
      t.origin.push_back(static_cast<std::uint32_t>(i));
    }
    t.origin.push_back(static_cast<std::uint32_t>(in.size()));
  }
  const RuleSet& r = rules();
  Literals lit(t.text);
  const auto rewrite = [&](const auto& re, const Rule& rule) { apply(t, re, rule, lit); };
  if (collapse_spaces && lit.any({"  ", " \t", "\t ", "\t\t"})) {
    rewrite(r.spaces, [](const Match&) -> std::optional<Replacement> {
      return Replacement{" ", kRepairSpacing, "several spaces read as one"};
    });
  }
  if (lit.any({"(!", "(?"}))
    rewrite(r.glyph_paren, [](const Match&) -> std::optional<Replacement> { return Replacement{"", 0, ""}; });
  if (lit.any({"("}))
    rewrite(r.footnote, [](const Match& m) -> std::optional<Replacement> {
      return Replacement{"", kRepairWordForm, "'" + grammar::squeeze_spaces(m.str(0)) + "': a note's mark, left out"};
    });
  if (lit.any({"king", "queen", "bishop", "knight", "rook", "castle", "pawn", "King", "Queen", "Bishop", "Knight",
               "Rook", "Castle", "Pawn"}) &&
      r.verbal_piece.search(t.text)) {
    rewrite(r.verbal_the, [](const Match& m) -> std::optional<Replacement> {
      if (m.length(1) > 0)
        return Replacement{m.str(0).substr(0, m.str(0).find(m.str(1))), kRepairVerbal, "'the' dropped"};
      return Replacement{"", kRepairVerbal, "'" + m.str(0) + "' dropped"};
    });
    rewrite(r.verbal_piece, [](const Match& m) -> std::optional<Replacement> {
      std::string w = m.str(1);
      w[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(w[0])));
      const std::string a = w == "king"     ? "K"
                            : w == "queen"  ? "Q"
                            : w == "bishop" ? "B"
                            : w == "knight" ? "Kt"
                            : w == "pawn"   ? "P"
                                            : "R";
      return Replacement{a + m.str(2), kRepairVerbal, "'" + m.str(0) + "' read as " + a};
    });
    rewrite(r.verbal_rank, [](const Match& m) -> std::optional<Replacement> {
      static const char* words[] = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"};
      for (int i = 0; i < 8; ++i)
        if (m.str(1) == words[i])
          return Replacement{std::to_string(i + 1), kRepairVerbal,
                             "'" + m.str(0) + "' read as " + std::to_string(i + 1)};
      return std::nullopt;
    });
    rewrite(r.verbal_step, [](const Match& m) -> std::optional<Replacement> {
      std::string file = m.str(2);
      std::string compact;
      for (char c : file)
        if (c != '\'' && c != 's' && c != ' ' && c != '.') compact += c;
      if (compact.empty()) return std::nullopt;
      const bool two = m.str(3) == "two" || m.str(3) == "2";
      return Replacement{m.str(1) + "P to " + compact + (two ? " 4" : " 3"), kRepairVerbal,
                         "'" + m.str(0) + "' read as P to " + compact +
                             (two ? "4" : "3 (one square from its first rank)")};
    });
  }
  if (lit.any({"("}) && lit.any({"!", "?"}))
    rewrite(r.glyph_in_paren, [](const Match& m) -> std::optional<Replacement> {
      return Replacement{"(" + m.str(1) + ")", kRepairWordForm, "'" + m.str(0) + "': mark inside the brackets dropped"};
    });
  if (lit.any({"KT"}))
    rewrite(r.kt_caps, [](const Match&) -> std::optional<Replacement> {
      return Replacement{"Kt", kRepairOcr, "'KT' read as Kt"};
    });
  if (lit.any({","}) && lit.any({"e."}))
    rewrite(r.comma_ep, [](const Match&) -> std::optional<Replacement> { return Replacement{" ", 0, ""}; });
  if (lit.any({"toK", "toQ", "takesK", "takesQ"}))
    rewrite(r.glued, [](const Match& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + " " + m.str(2) + " ", kRepairOcr, "'" + m.str(0) + "' read with its spaces"};
    });
  if (lit.any({"~", "--", "\u2014"}))
    rewrite(r.tilde, [](const Match& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + "-", kRepairOcr, "'" + m.str(0) + "' read as a hyphen"};
    });
  if (lit.any({"^"}))
    rewrite(r.caret, [](const Match&) -> std::optional<Replacement> {
      return Replacement{"", kRepairOcr, "stray '^' dropped"};
    });
  if (lit.any({"I", "l"}) && lit.any({"-", "to"}))
    rewrite(r.rank_i, [](const Match& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + "1", kRepairOcr, "'" + m.str(0) + "': I/l read as the rank 1"};
    });
  if (lit.hyphen_pawn())
    rewrite(r.dash_pawn, [](const Match& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + "x" + m.str(2), kRepairOcr, "'" + m.str(0) + "': P names no file, read as takes"};
    });
  if (lit.word("take"))
    rewrite(r.take, [](const Match&) -> std::optional<Replacement> {
      return Replacement{"takes", kRepairWordForm, "'take' read as takes"};
    });
  if (lit.any({"Kts", "Bs", "Rs"}) && lit.any({"P"}))
    rewrite(r.kts, [](const Match& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + " " + m.str(2), kRepairWordForm, "'" + m.str(0) + "' read as " + m.str(1) + "P"};
    });
  if (lit.any({"("}) && lit.any({"on"}))
    rewrite(r.on_paren, [](const Match&) -> std::optional<Replacement> { return Replacement{"(", 0, ""}; });
  if (lit.any({"his", "her", "its"}) && lit.any({"to", "takes"}))
    rewrite(r.his_her, [](const Match& m) -> std::optional<Replacement> {
      const std::string mover = m.str(1);
      const std::string pronoun = m.str(3);
      const std::string piece = m.str(4);
      auto toks = mover_tokens(mover);
      if (toks.empty()) return std::nullopt;
      std::string wing = pronoun == "her" ? "Q" : "K";
      if (toks.size() >= 2 && (toks[0] == "K" || toks[0] == "Q")) wing = toks[0];
      else if (toks.size() == 1 && (toks[0] == "K" || toks[0] == "Q")) wing = toks[0];
      else if (pronoun == "its") return std::nullopt;  // "Kt. to its 3d": no wing to name
      std::string file;
      if (!piece.empty()) {
        file = wing + " " + grammar::squeeze_spaces(piece);
      } else {
        // The mover's own file: K → K, Q → Q, "K. B." → KB, the pawn "Q. B. P." → QB.
        if (toks.back() == "P") toks.pop_back();
        if (toks.empty()) return std::nullopt;
        if (toks.size() == 1 && toks[0] != "K" && toks[0] != "Q") file = wing + " " + toks[0];
        else
          for (const auto& tok : toks) file += (file.empty() ? "" : " ") + tok;
      }
      return Replacement{mover + " " + m.str(2) + " " + file + " ", kRepairHisHer,
                         "'" + grammar::squeeze_spaces(m.str(0)) + "': '" + pronoun + "' read as " + file};
    });
  if (lit.any({"astle"}))
    rewrite(r.castles_side, [](const Match& m) -> std::optional<Replacement> {
      const bool queen = m.str(1)[0] == 'Q';
      // "Castles K" alone (no side, no rook) is not castling in words.
      if (m.str(2).empty() && m.str(0).find("on") == std::string::npos && m.str(0).find('(') == std::string::npos &&
          m.str(0).find("with") == std::string::npos)
        return std::nullopt;
      return Replacement{queen ? "O-O-O" : "O-O", kRepairCastlingWords,
                         "'" + grammar::squeeze_spaces(m.str(0)) + "' read as " + (queen ? "O-O-O" : "O-O")};
    });
  if (lit.any({"square", "sq", "Sq"}))
    rewrite(r.square, [](const Match& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + " 1", kRepairSquareWord,
                         "'" + grammar::squeeze_spaces(m.str(0)) + "': square read as the first rank"};
    });
  if (lit.any({"("}) && lit.any({"ch"}))
    rewrite(r.check_paren, [](const Match& m) -> std::optional<Replacement> {
      const std::string q = m.str(1);
      const std::string out = q.empty() ? "ch" : q[0] == 'd' && q[1] == 'i' ? "dis ch" : "double ch";
      return Replacement{out, kRepairCheckWords, "'" + m.str(0) + "' read as " + out};
    });
  if (lit.word("check"))
    rewrite(r.check_word, [](const Match& m) -> std::optional<Replacement> {
      const std::string q = m.str(1);
      const std::string out = q.empty() ? "ch" : q[0] == 'd' && q[1] == 'i' ? "dis ch" : "double ch";
      return Replacement{out, kRepairCheckWords, "'" + m.str(0) + "' read as " + out};
    });
  if (lit.any({"in passing", "en pas", "e."}))
    rewrite(r.ep, [](const Match& m) -> std::optional<Replacement> {
      return Replacement{" e.p.", kRepairEnPassantWords,
                         "'" + grammar::squeeze_spaces(m.str(0)) + "' read as en passant"};
    });
  if (lit.any({"becomes", "queens", "Queens", "Queening", "="}))
    rewrite(r.promo, [](const Match& m) -> std::optional<Replacement> {
      if (m.str(0).find('=') != std::string::npos && m.str(0).find_first_of("ab") == std::string::npos &&
          m.length(1) == 1)
        return std::nullopt;  // "=Q" is the grammar's own
      const char p = promo_letter(m.str(1));
      return Replacement{std::string("=") + p, kRepairPromotionWords,
                         "'" + grammar::squeeze_spaces(m.str(0)) + "' read as promotion to " + std::string(1, p)};
    });
  return t;
}

}  // namespace planilla
