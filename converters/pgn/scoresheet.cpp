#include "converters/pgn/scoresheet.hpp"

#if PLANILLA_WITH_ICU
#include <unicode/unistr.h>
#else
#include "notation/icu_lite.hpp"
#endif

#include <array>
#include <charconv>
#include <cstdio>

namespace planilla {

namespace {

// How a header word's value is taken: after the word (`Ronda 3`, `Blancas: Pérez`), or the whole
// line, for the words that name an event themselves (`Torneo Abierto de Gijón`).
enum class Take : std::uint8_t { Rest, WholeLine };

struct HeaderWord {
  std::string_view word;  // case-folded
  std::string_view tag;
  std::string_view language;
  Take take = Take::Rest;
};

// Header words of the languages arbiters type scoresheets in. Case-folded (ICU's default
// folding); spellings with and without accents both listed, as typed on keyboards without them.
constexpr HeaderWord kWords[] = {
    // Spanish
    {"torneo", "Event", "es", Take::WholeLine},
    {"evento", "Event", "es"},
    {"competición", "Event", "es"},
    {"lugar", "Site", "es"},
    {"sitio", "Site", "es"},
    {"sede", "Site", "es"},
    {"ciudad", "Site", "es"},
    {"ronda", "Round", "es"},
    {"blancas", "White", "es"},
    {"negras", "Black", "es"},
    {"fecha", "Date", "es"},
    {"resultado", "Result", "es"},
    {"mesa", "Board", "es"},
    {"tablero", "Board", "es"},
    {"apertura", "Opening", "es"},
    // English
    {"event", "Event", "en"},
    {"tournament", "Event", "en", Take::WholeLine},
    {"site", "Site", "en"},
    {"venue", "Site", "en"},
    {"place", "Site", "en"},
    {"round", "Round", "en"},
    {"white", "White", "en"},
    {"black", "Black", "en"},
    {"date", "Date", "en"},
    {"result", "Result", "en"},
    {"board", "Board", "en"},
    {"opening", "Opening", "en"},
    // German
    {"turnier", "Event", "de", Take::WholeLine},
    {"veranstaltung", "Event", "de"},
    {"ort", "Site", "de"},
    {"spielort", "Site", "de"},
    {"runde", "Round", "de"},
    {"weiß", "White", "de"},
    {"weiss", "White", "de"},
    {"schwarz", "Black", "de"},
    {"datum", "Date", "de"},
    {"ergebnis", "Result", "de"},
    {"brett", "Board", "de"},
    {"eröffnung", "Opening", "de"},
    // French
    {"tournoi", "Event", "fr", Take::WholeLine},
    {"événement", "Event", "fr"},
    {"lieu", "Site", "fr"},
    {"ville", "Site", "fr"},
    {"ronde", "Round", "fr"},
    {"blancs", "White", "fr"},
    {"noirs", "Black", "fr"},
    {"résultat", "Result", "fr"},
    {"échiquier", "Board", "fr"},
    {"ouverture", "Opening", "fr"},
    // Italian
    {"luogo", "Site", "it"},
    {"città", "Site", "it"},
    {"turno", "Round", "it"},
    {"bianco", "White", "it"},
    {"bianchi", "White", "it"},
    {"nero", "Black", "it"},
    {"neri", "Black", "it"},
    {"data", "Date", "it"},
    {"risultato", "Result", "it"},
    {"scacchiera", "Board", "it"},
    // Portuguese
    {"torneio", "Event", "pt", Take::WholeLine},
    {"local", "Site", "pt"},
    {"cidade", "Site", "pt"},
    {"rodada", "Round", "pt"},
    {"brancas", "White", "pt"},
    {"pretas", "Black", "pt"},
    {"abertura", "Opening", "pt"},
    // Dutch
    {"toernooi", "Event", "nl", Take::WholeLine},
    {"plaats", "Site", "nl"},
    {"wit", "White", "nl"},
    {"zwart", "Black", "nl"},
    {"uitslag", "Result", "nl"},
    {"resultaat", "Result", "nl"},
    {"bord", "Board", "nl"},
    // Catalan
    {"torneig", "Event", "ca", Take::WholeLine},
    {"lloc", "Site", "ca"},
    {"blanques", "White", "ca"},
    {"negres", "Black", "ca"},
    {"resultat", "Result", "ca"},
    {"obertura", "Opening", "ca"},
    // Russian
    {"турнир", "Event", "ru", Take::WholeLine},
    {"соревнование", "Event", "ru"},
    {"место", "Site", "ru"},
    {"город", "Site", "ru"},
    {"тур", "Round", "ru"},
    {"раунд", "Round", "ru"},
    {"белые", "White", "ru"},
    {"черные", "Black", "ru"},
    {"чёрные", "Black", "ru"},
    {"дата", "Date", "ru"},
    {"результат", "Result", "ru"},
    {"доска", "Board", "ru"},
    {"дебют", "Opening", "ru"},
};

std::string fold(std::string_view text) {
#if PLANILLA_WITH_ICU
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  u.foldCase();
  std::string out;
  u.toUTF8String(out);
  return out;
#else
  // Simple case folding code point by code point (the header words above need no more).
  std::string out;
  const auto n = static_cast<std::int32_t>(text.size());
  for (std::int32_t i = 0; i < n;) {
    const std::int32_t at = i;
    UChar32 c = 0;
    U8_NEXT(text.data(), i, n, c);
    if (c < 0) {
      out.append(text.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(i - at)));
      continue;
    }
    std::uint8_t buf[U8_MAX_LENGTH];
    std::int32_t k = 0;
    UBool error = false;
    U8_APPEND(buf, k, U8_MAX_LENGTH, u_tolower(c), error);
    out.append(reinterpret_cast<const char*>(buf), static_cast<std::size_t>(k));
  }
  return out;
#endif
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

bool is_word_byte(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80; }

// A token that reads as a move or a move number: `12.`, `1.e4`, `Cf3`, `exd5`, `O-O`, `0-0-0`.
// Header values (names, places, dates like 12/03/2024) have none: no file letter before a rank.
bool looks_like_move(std::string_view token) {
  if (token.empty()) return false;
  if (token[0] >= '0' && token[0] <= '9') {
    std::size_t i = 0;
    while (i < token.size() && token[i] >= '0' && token[i] <= '9') ++i;
    if (i < token.size() && token[i] == '.') return true;  // a move number
  }
  if (token.starts_with("O-O") || token.starts_with("0-0")) return true;
  if (token.size() > 12) return false;
  for (std::size_t i = 0; i + 1 < token.size(); ++i)
    if (token[i] >= 'a' && token[i] <= 'h' && token[i + 1] >= '1' && token[i + 1] <= '8') return true;
  return false;
}

bool line_holds_moves(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (looks_like_move(line.substr(start, i - start))) return true;
  }
  return false;
}

struct Match {
  const HeaderWord* word = nullptr;
  std::string_view value;
};

// The header word a line starts with (followed by ':', blank or the end) and its value.
std::optional<Match> header_line(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && is_word_byte(static_cast<unsigned char>(line[i]))) ++i;
  if (i == 0) return std::nullopt;
  std::string_view word = line.substr(0, i);
  std::string_view after = line.substr(i);
  bool colon = false;
  if (!after.empty() && !is_blank(after[0]) && after[0] != ':') return std::nullopt;
  after = trim(after);
  if (!after.empty() && after[0] == ':') {
    colon = true;
    after = trim(after.substr(1));
  }
  const std::string folded = fold(word);
  for (const HeaderWord& w : kWords) {
    if (w.word != folded) continue;
    if (w.take == Take::WholeLine && !colon) return Match{&w, line};
    if (after.empty()) return std::nullopt;
    // Without a colon only a short value is taken (`Ronda 3`, `Mesa 5`): a sentence that happens
    // to start with a header word ("White resigned after move 40") is no header.
    if (!colon && (w.tag == "Round" || w.tag == "Board") && after.find(' ') == std::string_view::npos)
      return Match{&w, after};
    if (!colon) return std::nullopt;
    return Match{&w, after};
  }
  return std::nullopt;
}

std::optional<std::string> pgn_result(std::string_view value) {
  const std::string v = fold(trim(value));
  if (v == "1-0" || v == "1:0") return "1-0";
  if (v == "0-1" || v == "0:1") return "0-1";
  static constexpr std::string_view kDraws[] = {"1/2-1/2", "½-½",    "1/2",    "½",      "=",     "½:½",
                                                "tablas",  "draw",   "remis",  "remise", "nulle", "patta",
                                                "empate",  "remise", "taules", "ничья"};
  for (std::string_view d : kDraws)
    if (v == d) return "1/2-1/2";
  if (v == "*") return "*";
  return std::nullopt;
}

// "Pérez, Juan - López" / "Pérez vs. López": the players of a header with no White/Black words.
std::optional<std::pair<std::string_view, std::string_view>> players_line(std::string_view line) {
  static constexpr std::string_view kSeparators[] = {" - ", " – ", " — ", " vs. ", " vs ", " v. ", " v "};
  for (std::string_view sep : kSeparators) {
    auto at = line.find(sep);
    if (at == std::string_view::npos || line.find(sep, at + 1) != std::string_view::npos) continue;
    std::string_view a = trim(line.substr(0, at)), b = trim(line.substr(at + sep.size()));
    auto has_digit = [](std::string_view s) { return s.find_first_of("0123456789") != std::string_view::npos; };
    if (a.empty() || b.empty() || has_digit(a) || has_digit(b)) continue;
    return std::pair{a, b};
  }
  return std::nullopt;
}

int number(std::string_view s) {
  int v = -1;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || p != s.data() + s.size()) return -1;
  return v;
}

}  // namespace

std::optional<std::string> pgn_date(std::string_view text, bool day_first, std::string* remark) {
  text = trim(text);
  std::array<std::string_view, 3> part{};
  std::size_t n = 0, start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '/' || text[i] == '.' || text[i] == '-') {
      if (n == 3) return std::nullopt;
      part[n++] = text.substr(start, i - start);
      start = i + 1;
    }
  }
  if (n != 3) return std::nullopt;
  int a = number(part[0]), b = number(part[1]), c = number(part[2]);
  if (a < 0 || b < 0 || c < 0) return std::nullopt;
  int year = 0, month = 0, day = 0;
  if (part[0].size() == 4) {
    year = a, month = b, day = c;
  } else {
    year = part[2].size() == 2 ? (c < 50 ? 2000 + c : 1900 + c) : c;
    if (part[2].size() != 2 && part[2].size() != 4) return std::nullopt;
    if (a > 12 && b <= 12) {
      day = a, month = b;
    } else if (b > 12 && a <= 12) {
      day = b, month = a;
    } else if (day_first) {
      day = a, month = b;
      if (remark && a != b) *remark = "date " + std::string(text) + " read day first";
    } else if (a == b) {
      day = a, month = b;
    } else {
      if (remark) *remark = "date " + std::string(text) + " can be read day or month first: month and day left unknown";
      day = month = 0;
    }
  }
  if (year < 1000 || year > 9999 || month > 12 || day > 31 || (month == 0) != (day == 0)) return std::nullopt;
  char buf[16];
  if (month == 0) std::snprintf(buf, sizeof buf, "%04d.??.??", year);
  else std::snprintf(buf, sizeof buf, "%04d.%02d.%02d", year, month, day);
  return std::string(buf);
}

std::optional<ScoresheetHeader> read_scoresheet_header(std::string_view text) {
  std::size_t first = 0;
  while (first < text.size() && (is_blank(text[first]) || text[first] == '\n')) ++first;
  if (first == text.size() || text[first] == '[') return std::nullopt;

  ScoresheetHeader h;
  std::vector<ScoresheetLine> free_lines;
  std::string date_line;
  std::size_t english_words = 0;  // dates are read day first unless every header word is English
  bool white_black = false;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t nl = text.find('\n', pos);
    std::size_t line_end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view line = trim(text.substr(pos, line_end - pos));
    const std::size_t line_offset =
        pos + (line.empty() ? 0 : static_cast<std::size_t>(line.data() - (text.data() + pos)));
    if (!line.empty()) {
      if (line[0] == '{' || line[0] == '[' || line[0] == ';' || line[0] == '%') break;
      if (auto m = header_line(line)) {
        ScoresheetTag tag{std::string(m->word->tag), std::string(m->value), line_offset};
        if (h.language.empty()) h.language = std::string(m->word->language);
        english_words += m->word->language == "en";
        if (tag.name == "Date") {
          date_line = std::string(line);  // read once the header's language is known
        } else if (tag.name == "Result") {
          if (auto r = pgn_result(m->value)) {
            tag.value = *r;
          } else {
            h.remarks.push_back("result '" + std::string(m->value) + "' not understood: kept in a comment");
            tag.name.clear();
          }
        }
        if (tag.name.empty()) {
          free_lines.push_back({std::string(line), line_offset});
        } else {
          white_black |= tag.name == "White" || tag.name == "Black";
          h.tags.push_back(std::move(tag));
        }
      } else if (line_holds_moves(line)) {
        break;
      } else {
        free_lines.push_back({std::string(line), line_offset});
      }
    }
    h.end = line_end + (nl != std::string_view::npos);
    pos = h.end;
  }
  if (h.tags.empty()) return std::nullopt;
  for (auto it = h.tags.begin(); it != h.tags.end(); ++it) {
    if (it->name != "Date") continue;
    std::string remark;
    const bool day_first = english_words < h.tags.size();
    if (auto d = pgn_date(it->value, day_first, &remark)) {
      it->value = *d;
      if (!remark.empty()) h.remarks.push_back(remark);
    } else {
      h.remarks.push_back("date '" + it->value + "' not understood: kept in a comment");
      free_lines.push_back({date_line, it->offset});
      h.tags.erase(it);
    }
    break;
  }
  for (ScoresheetLine& l : free_lines) {
    auto players = white_black ? std::nullopt : players_line(l.text);
    if (players) {
      h.tags.push_back({"White", std::string(players->first), l.offset});
      h.tags.push_back({"Black", std::string(players->second), l.offset});
      white_black = true;
    } else {
      h.comments.push_back(std::move(l));
    }
  }
  return h;
}

}  // namespace planilla
