// Old print → grammar text (rules in descriptive_print.hpp).
#include "grammar/descriptive_print.hpp"

#include <algorithm>
#include <bitset>
#include <functional>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

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
using RegexIterator = std::regex_iterator<std::string::const_iterator, char, CachedRegexTraits>;

struct Replacement {
  std::string text;
  std::uint32_t bit = 0;
  std::string assumed;
};

using Rule = std::function<std::optional<Replacement>(const std::smatch&)>;

// Applies one rewrite everywhere in `t`, keeping the map to the original bytes.
void apply(PrintText& t, const Regex& re, const Rule& rule) {
  std::string out;
  std::vector<std::uint32_t> origin;
  out.reserve(t.text.size());
  origin.reserve(t.origin.size());
  std::size_t copied = 0;
  bool changed = false;
  for (auto it = RegexIterator(t.text.cbegin(), t.text.cend(), re); it != RegexIterator(); ++it) {
    const std::smatch& m = *it;
    const auto b = static_cast<std::size_t>(m.position(0));
    const std::size_t e = b + static_cast<std::size_t>(m.length(0));
    if (e == b) continue;
    auto rep = rule(m);
    if (!rep) continue;
    changed = true;
    for (std::size_t i = copied; i < b; ++i) {
      out += t.text[i];
      origin.push_back(t.origin[i]);
    }
    for (std::size_t i = 0; i < rep->text.size(); ++i) {
      out += rep->text[i];
      origin.push_back(i + 1 == rep->text.size() && i > 0 ? t.origin[e - 1] : t.origin[b]);
    }
    if (rep->bit != 0)
      t.repairs.push_back(PrintRepair{t.origin[b], t.original_end(e), rep->bit, std::move(rep->assumed)});
    copied = e;
  }
  if (!changed) return;
  for (std::size_t i = copied; i < t.text.size(); ++i) {
    out += t.text[i];
    origin.push_back(t.origin[i]);
  }
  origin.push_back(t.origin.back());
  t.text = std::move(out);
  t.origin = std::move(origin);
}

// Whether `text` holds one of `needles`. Each rule below runs only where the literals its
// pattern cannot match without are present: std::regex walks the whole text for every rule (and
// slowly, a locale look-up per character class), which made a long score that no rule applies to
// cost more than reading it.
bool has_any(std::string_view text, std::initializer_list<std::string_view> needles) {
  return std::any_of(needles.begin(), needles.end(),
                     [text](std::string_view n) { return text.find(n) != std::string_view::npos; });
}

std::string squeeze(std::string s) {
  std::string out;
  for (char c : s) {
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
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

// A pattern compiled on its first use: compiling all of them cost more than reading several
// games, and most texts need few of them (each rule runs only where its literals are present).
class LazyRegex {
 public:
  explicit LazyRegex(const char* pattern) : pattern_(pattern) {}
  LazyRegex(const LazyRegex&) = delete;
  LazyRegex& operator=(const LazyRegex&) = delete;
  const Regex& get() const {
    std::call_once(once_, [this] { regex_.emplace(pattern_); });
    return *regex_;
  }
  operator const Regex&() const { return get(); }  // NOLINT: read where a Regex is

 private:
  const char* pattern_;
  mutable std::once_flag once_;
  mutable std::optional<Regex> regex_;
};

struct RuleSet {
  LazyRegex glued{R"((Kt|[PKQBR])\.?(to|takes)(?=(?:K|Q)))"};
  // (The em dash written as itself, in UTF-8: std::regex reads the escape `\u2014` as the byte 0x14.)
  LazyRegex tilde{"([A-Za-z.'])\\s?(?:~|--|\u2014-|-\u2014)\\s?(?=[KQBRNP])"};
  LazyRegex caret{R"(\^(?=[KQBRNP]))"};
  LazyRegex rank_i{R"(((?:-|\bto)\s?(?:[KQ]\.?\s?)?(?:Kt|[KQBRN])(?:\.|'s)?\s?)[Il](?![a-z]))"};
  LazyRegex dash_pawn{R"(((?:Kt|[KQBRP])\.?)\s?-\s?(P\b))"};
  LazyRegex his_her{
      R"(((?:\b[KQ]\.?\s?(?=Kt|B|R|P))?\b(?:Kt|B|R|P|K|Q)\.?(?:\s?P\.?)?)\s?(to|takes)\s+(his|her|its)\s+((?:Kt|Kn|B|R)(?:'s|s|\.)?\s?)?)"};
  LazyRegex castles_side{
      R"(\b[Cc]astles?\.?\s*(?:on\s+(?:the\s+)?|with\s+(?:the\s+)?|\(\s*)?(K(?:ing)?|Q(?:ueen)?)(?:'s|s)?\.?\s*(side|R\.?|Rook)?\.?(?:\s*\))?)"};
  LazyRegex square{R"(((?:(?:Kt|[KQBRN]))(?:'s|\.)?)\s?(?:square|sq\.?|Sq\.?)(?![a-z]))"};
  LazyRegex check_paren{R"(\(\s*(dis(?:\.|covered)?\s*|double\s*)?ch(?:eck)?\.?\s*\))"};
  LazyRegex check_word{R"(\b(dis(?:\.|covered)?\s+|double\s+)?check\b\.?)"};
  LazyRegex ep{R"(\s*(?:\(\s*)?\b(?:in passing|en pass?(?:ant)?\.?|e\.\s?p\.)(?:\s*\))?)"};
  LazyRegex promo{
      R"(,?\s*(?:and\s+)?(?:becomes|queens|Queens|Queening|=)\s*(?:a\s+)?\(?(Queen|Rook|Bishop|Knight|Kt|Q|R|B|N)\b\.?\)?)"};
  LazyRegex take{R"(\btake\b)"};
  LazyRegex kts{R"(\b(Kt|B|R)s\s(P)\b)"};
  LazyRegex on_paren{R"(\(\s*on\s+)"};
  LazyRegex glyph_paren{R"(\s?\((?:!|\?|!!|\?\?|!\?|\?!)\))"};
  LazyRegex spaces{R"([ \t]{2,})"};
  // Verbal notation (before 1850): "The king's pawn two squares.", "The K. Kt. to his B's third
  // square", "The queen takes the pawn". Words become the abbreviations; pawn steps from the
  // pawn's own file become squares (two squares: the fourth rank; one square: the third, as from
  // its first move).
  LazyRegex verbal_the{
      R"(\b(?:W\.|B\.)?\s*\bThe\s+(?=(?:[Kk]ing|[Qq]ueen|[Bb]ishop|[Kk]night|[Rr]ook|[Cc]astle|[Pp]awn|K\.|Q\.))|\b(?:takes|to)\s+(the)\s+(?=[a-zA-Z]))"};
  LazyRegex verbal_piece{
      R"(\b(king|queen|bishop|knight|rook|castle|pawn|King|Queen|Bishop|Knight|Rook|Castle|Pawn)('s)?(?![a-z]))"};
  LazyRegex verbal_rank{R"(\b(first|second|third|fourth|fifth|sixth|seventh|eighth)(?:\s+square)?\b)"};
  LazyRegex verbal_step{
      R"((^|\s)((?:[KQ](?:'s|\.)?\s*)?(?:(?:Kt|B|R)(?:'s|\.)?\s*)?)P\.?\s+(one|two|1|2)\s+squares?\b)"};
  LazyRegex glyph_in_paren{R"(\(([^()!?]*)[!?]+\))"};
  LazyRegex kt_caps{R"(KT(?=[\s\d.'-]|$))"};
  LazyRegex comma_ep{R"(,\s*(?=e\.\s?p\.))"};
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
  PrintText t;
  t.text = std::string(in);
  t.origin.resize(in.size() + 1);
  for (std::size_t i = 0; i <= in.size(); ++i) t.origin[i] = static_cast<std::uint32_t>(i);
  const RuleSet& r = rules();
  if (collapse_spaces && has_any(t.text, {"  ", " \t", "\t ", "\t\t"})) {
    apply(t, r.spaces, [](const std::smatch&) -> std::optional<Replacement> {
      return Replacement{" ", kRepairSpacing, "several spaces read as one"};
    });
  }
  if (has_any(t.text, {"(!", "(?"}))
    apply(t, r.glyph_paren, [](const std::smatch&) -> std::optional<Replacement> { return Replacement{"", 0, ""}; });
  if (has_any(t.text, {"king", "queen", "bishop", "knight", "rook", "castle", "pawn", "King", "Queen", "Bishop",
                       "Knight", "Rook", "Castle", "Pawn"}) &&
      std::regex_search(t.text, r.verbal_piece.get())) {
    apply(t, r.verbal_the, [](const std::smatch& m) -> std::optional<Replacement> {
      if (m.length(1) > 0)
        return Replacement{m.str(0).substr(0, m.str(0).find(m.str(1))), kRepairVerbal, "'the' dropped"};
      return Replacement{"", kRepairVerbal, "'" + m.str(0) + "' dropped"};
    });
    apply(t, r.verbal_piece, [](const std::smatch& m) -> std::optional<Replacement> {
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
    apply(t, r.verbal_rank, [](const std::smatch& m) -> std::optional<Replacement> {
      static const char* words[] = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"};
      for (int i = 0; i < 8; ++i)
        if (m.str(1) == words[i])
          return Replacement{std::to_string(i + 1), kRepairVerbal,
                             "'" + m.str(0) + "' read as " + std::to_string(i + 1)};
      return std::nullopt;
    });
    apply(t, r.verbal_step, [](const std::smatch& m) -> std::optional<Replacement> {
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
  if (has_any(t.text, {"("}) && has_any(t.text, {"!", "?"}))
    apply(t, r.glyph_in_paren, [](const std::smatch& m) -> std::optional<Replacement> {
      return Replacement{"(" + m.str(1) + ")", kRepairWordForm, "'" + m.str(0) + "': mark inside the brackets dropped"};
    });
  if (has_any(t.text, {"KT"}))
    apply(t, r.kt_caps, [](const std::smatch&) -> std::optional<Replacement> {
      return Replacement{"Kt", kRepairOcr, "'KT' read as Kt"};
    });
  if (has_any(t.text, {","}) && has_any(t.text, {"e."}))
    apply(t, r.comma_ep, [](const std::smatch&) -> std::optional<Replacement> { return Replacement{" ", 0, ""}; });
  if (has_any(t.text, {"toK", "toQ", "takesK", "takesQ"}))
    apply(t, r.glued, [](const std::smatch& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + " " + m.str(2) + " ", kRepairOcr, "'" + m.str(0) + "' read with its spaces"};
    });
  if (has_any(t.text, {"~", "--", "\u2014"}))
    apply(t, r.tilde, [](const std::smatch& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + "-", kRepairOcr, "'" + m.str(0) + "' read as a hyphen"};
    });
  if (has_any(t.text, {"^"}))
    apply(t, r.caret, [](const std::smatch&) -> std::optional<Replacement> {
      return Replacement{"", kRepairOcr, "stray '^' dropped"};
    });
  if (has_any(t.text, {"I", "l"}) && has_any(t.text, {"-", "to"}))
    apply(t, r.rank_i, [](const std::smatch& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + "1", kRepairOcr, "'" + m.str(0) + "': I/l read as the rank 1"};
    });
  if (has_any(t.text, {"-"}) && has_any(t.text, {"P"}))
    apply(t, r.dash_pawn, [](const std::smatch& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + "x" + m.str(2), kRepairOcr, "'" + m.str(0) + "': P names no file, read as takes"};
    });
  if (has_any(t.text, {"take"}))
    apply(t, r.take, [](const std::smatch&) -> std::optional<Replacement> {
      return Replacement{"takes", kRepairWordForm, "'take' read as takes"};
    });
  if (has_any(t.text, {"Kts", "Bs", "Rs"}) && has_any(t.text, {"P"}))
    apply(t, r.kts, [](const std::smatch& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + " " + m.str(2), kRepairWordForm, "'" + m.str(0) + "' read as " + m.str(1) + "P"};
    });
  if (has_any(t.text, {"("}) && has_any(t.text, {"on"}))
    apply(t, r.on_paren, [](const std::smatch&) -> std::optional<Replacement> { return Replacement{"(", 0, ""}; });
  if (has_any(t.text, {"his", "her", "its"}) && has_any(t.text, {"to", "takes"}))
    apply(t, r.his_her, [](const std::smatch& m) -> std::optional<Replacement> {
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
        file = wing + " " + squeeze(piece);
      } else {
        // The mover's own file: K → K, Q → Q, "K. B." → KB, the pawn "Q. B. P." → QB.
        if (toks.back() == "P") toks.pop_back();
        if (toks.empty()) return std::nullopt;
        if (toks.size() == 1 && toks[0] != "K" && toks[0] != "Q") file = wing + " " + toks[0];
        else
          for (const auto& tok : toks) file += (file.empty() ? "" : " ") + tok;
      }
      return Replacement{mover + " " + m.str(2) + " " + file + " ", kRepairHisHer,
                         "'" + squeeze(m.str(0)) + "': '" + pronoun + "' read as " + file};
    });
  if (has_any(t.text, {"astle"}))
    apply(t, r.castles_side, [](const std::smatch& m) -> std::optional<Replacement> {
      const bool queen = m.str(1)[0] == 'Q';
      // "Castles K" alone (no side, no rook) is not castling in words.
      if (m.str(2).empty() && m.str(0).find("on") == std::string::npos && m.str(0).find('(') == std::string::npos &&
          m.str(0).find("with") == std::string::npos)
        return std::nullopt;
      return Replacement{queen ? "O-O-O" : "O-O", kRepairCastlingWords,
                         "'" + squeeze(m.str(0)) + "' read as " + (queen ? "O-O-O" : "O-O")};
    });
  if (has_any(t.text, {"square", "sq", "Sq"}))
    apply(t, r.square, [](const std::smatch& m) -> std::optional<Replacement> {
      return Replacement{m.str(1) + " 1", kRepairSquareWord,
                         "'" + squeeze(m.str(0)) + "': square read as the first rank"};
    });
  if (has_any(t.text, {"("}) && has_any(t.text, {"ch"}))
    apply(t, r.check_paren, [](const std::smatch& m) -> std::optional<Replacement> {
      const std::string q = m.str(1);
      const std::string out = q.empty() ? "ch" : q[0] == 'd' && q[1] == 'i' ? "dis ch" : "double ch";
      return Replacement{out, kRepairCheckWords, "'" + m.str(0) + "' read as " + out};
    });
  if (has_any(t.text, {"check"}))
    apply(t, r.check_word, [](const std::smatch& m) -> std::optional<Replacement> {
      const std::string q = m.str(1);
      const std::string out = q.empty() ? "ch" : q[0] == 'd' && q[1] == 'i' ? "dis ch" : "double ch";
      return Replacement{out, kRepairCheckWords, "'" + m.str(0) + "' read as " + out};
    });
  if (has_any(t.text, {"in passing", "en pas", "e."}))
    apply(t, r.ep, [](const std::smatch& m) -> std::optional<Replacement> {
      return Replacement{" e.p.", kRepairEnPassantWords, "'" + squeeze(m.str(0)) + "' read as en passant"};
    });
  if (has_any(t.text, {"becomes", "queens", "Queens", "Queening", "="}))
    apply(t, r.promo, [](const std::smatch& m) -> std::optional<Replacement> {
      if (m.str(0).find('=') != std::string::npos && m.str(0).find_first_of("ab") == std::string::npos &&
          m.length(1) == 1)
        return std::nullopt;  // "=Q" is the grammar's own
      const char p = promo_letter(m.str(1));
      return Replacement{std::string("=") + p, kRepairPromotionWords,
                         "'" + squeeze(m.str(0)) + "' read as promotion to " + std::string(1, p)};
    });
  return t;
}

}  // namespace planilla
