#include "converters/input/decode.hpp"

#include "notation/language.hpp"

#if PLANILLA_WITH_ICU
#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <mutex>

namespace planilla {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

constexpr std::uint64_t kHighBits = 0x8080808080808080ull;

std::uint64_t load_word(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

// Calls f(i) for each byte above 0x7F in order, stepping over ASCII eight bytes at a time: a
// code-page game's high bytes are a few accented names in its tags, and the scores below look
// only at them and their neighbours.
template <class F>
void for_each_high(std::string_view bytes, F&& f) {
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t high = load_word(bytes.data() + i) & kHighBits;  // little-endian: byte k is bits 8k..8k+7
    while (high) {
      f(i + static_cast<std::size_t>(std::countr_zero(high)) / 8);
      high &= high - 1;
    }
  }
  for (; i < bytes.size(); ++i)
    if (static_cast<unsigned char>(bytes[i]) >= 0x80) f(i);
}

// Bit 7 of the first CR byte of `w` (and perhaps of bytes after it): zero when `w` has no CR.
std::uint64_t cr_bits(std::uint64_t w) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  const std::uint64_t x = w ^ (kOnes * '\r');  // a zero byte where w has a CR
  return (x - kOnes) & ~x & kHighBits;         // (exact for the first zero byte, enough here)
}

// The first byte at or after `i` that is above 0x7F or, with `cr`, a CR; bytes.size() if none.
std::size_t next_high_or_cr(std::string_view bytes, std::size_t i, bool cr) {
  for (; i + 8 <= bytes.size(); i += 8) {
    const std::uint64_t w = load_word(bytes.data() + i);
    std::uint64_t hit = w & kHighBits;
    if (cr) hit |= cr_bits(w);
    if (hit) return i + static_cast<std::size_t>(std::countr_zero(hit)) / 8;
  }
  for (; i < bytes.size(); ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c >= 0x80 || (cr && c == '\r')) return i;
  }
  return bytes.size();
}

char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Length of the valid UTF-8 sequence at `p` (1–4), or 0 when it is not valid.
std::size_t utf8_sequence(const unsigned char* p, const unsigned char* end, char32_t* cp_out = nullptr) {
  unsigned c = p[0];
  if (c < 0x80) {
    if (cp_out) *cp_out = c;
    return 1;
  }
  std::size_t n;
  char32_t cp;
  char32_t min;
  if ((c & 0xE0) == 0xC0) {
    n = 2;
    cp = c & 0x1F;
    min = 0x80;
  } else if ((c & 0xF0) == 0xE0) {
    n = 3;
    cp = c & 0x0F;
    min = 0x800;
  } else if ((c & 0xF8) == 0xF0) {
    n = 4;
    cp = c & 0x07;
    min = 0x10000;
  } else return 0;
  if (static_cast<std::size_t>(end - p) < n) return 0;
  for (std::size_t i = 1; i < n; ++i) {
    if ((p[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (p[i] & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  if (cp_out) *cp_out = cp;
  return n;
}

// Code points of bytes 0x80–0xFF in a single-byte encoding, read from ICU's converter tables
// once. 0 marks a byte the encoding leaves undefined.
using HighTable = std::array<char32_t, 128>;

#if PLANILLA_WITH_ICU
HighTable load_table(const char* icu_name) {
  HighTable table{};
  UErrorCode status = U_ZERO_ERROR;
  UConverter* conv = ucnv_open(icu_name, &status);
  if (U_FAILURE(status)) return table;
  for (int b = 0x80; b <= 0xFF; ++b) {
    char in = static_cast<char>(b);
    UChar out[4];
    status = U_ZERO_ERROR;
    ucnv_reset(conv);
    int32_t n = ucnv_toUChars(conv, out, 4, &in, 1, &status);
    // C1 controls and substitution characters mean "not a character of this code page".
    if (U_SUCCESS(status) && n == 1 && out[0] != 0xFFFD && out[0] != 0x1A && (out[0] < 0x80 || out[0] > 0x9F))
      table[b - 0x80] = out[0];
  }
  ucnv_close(conv);
  return table;
}
#else
#include "converters/input/code_pages.inc"
HighTable load_table(const char* icu_name) {
  const std::string_view name = icu_name;
  return name == "windows-1252"   ? kCp1252
         : name == "windows-1251" ? kCp1251
         : name == "KOI8-R"       ? kKoi8r
         : name == "windows-1250" ? kCp1250
         : name == "ISO-8859-2"   ? kIso8859_2
         : name == "windows-1253" ? kCp1253
         : name == "ISO-8859-7"   ? kIso8859_7
         : name == "windows-1254" ? kCp1254
         : name == "ISO-8859-9"   ? kIso8859_9
         : name == "KOI8-U"       ? kKoi8u
                                  : kCp866;
}
#endif

// Each table is loaded the first time it is asked for (one static per encoding): an ASCII archive
// loads none, a Latin-1 one only windows-1252's, and detection the few its scores need.
template <Encoding E>
const HighTable& loaded_table(const char* icu_name) {
  static const HighTable table = load_table(icu_name);
  return table;
}

const HighTable& table_for(Encoding e) {
  switch (e) {
    case Encoding::Windows1252: return loaded_table<Encoding::Windows1252>("windows-1252");
    case Encoding::Windows1251: return loaded_table<Encoding::Windows1251>("windows-1251");
    case Encoding::Cp866: return loaded_table<Encoding::Cp866>("ibm-866");
    case Encoding::Koi8r: return loaded_table<Encoding::Koi8r>("KOI8-R");
    case Encoding::Windows1250: return loaded_table<Encoding::Windows1250>("windows-1250");
    case Encoding::Iso8859_2: return loaded_table<Encoding::Iso8859_2>("ISO-8859-2");
    case Encoding::Windows1253: return loaded_table<Encoding::Windows1253>("windows-1253");
    case Encoding::Iso8859_7: return loaded_table<Encoding::Iso8859_7>("ISO-8859-7");
    case Encoding::Windows1254: return loaded_table<Encoding::Windows1254>("windows-1254");
    case Encoding::Iso8859_9: return loaded_table<Encoding::Iso8859_9>("ISO-8859-9");
    case Encoding::Koi8u: return loaded_table<Encoding::Koi8u>("KOI8-U");
    case Encoding::Latin1:
    case Encoding::Ascii:
    case Encoding::Utf8:
    case Encoding::Utf8Bom:
    case Encoding::Utf16Le:
    case Encoding::Utf16Be: break;
  }
  static const HighTable latin1 = [] {
    HighTable t{};
    for (int b = 0xA0; b <= 0xFF; ++b) t[b - 0x80] = static_cast<char32_t>(b);
    return t;
  }();
  return latin1;
}

bool is_cyrillic_lower(char32_t cp) { return (cp >= 0x430 && cp <= 0x44F) || cp == 0x451; }
bool is_cyrillic_upper(char32_t cp) { return (cp >= 0x410 && cp <= 0x42F) || cp == 0x401; }

// How Russian the high bytes look under `table`: the most frequent Russian letters score most,
// other Cyrillic letters a little, anything else (box drawing, symbols) counts against.
constexpr std::u32string_view kFrequent = U"оеаинтсрвлкмдпу";
double russian_score(char32_t cp) {
  if (is_cyrillic_lower(cp)) return kFrequent.find(cp) != std::u32string_view::npos ? 2.0 : 1.0;
  if (is_cyrillic_upper(cp)) return 0.5;
  return -1.0;
}

// A letter of the Latin scripts (U+00C0–U+024F less × and ÷): what a high byte inside a word
// of a Latin-script name is.
bool is_latin_letter(char32_t cp) { return cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7; }

// Letter frequencies in per cent of running text, by lower-case letter in alphabetical order:
// Russian а…я (ё with е), Greek α…ω (ς with σ, accented vowels with their base letter). Between
// a Greek and a Russian reading of the same bytes, the one whose letters are the language's
// frequent ones wins: Greek text read as windows-1251 is Cyrillic too, but its letters are the
// wrong ones.
constexpr std::array<double, 32> kRussianFrequency = {8.0, 1.6, 4.5, 1.7,  3.0,  8.5, 0.9, 1.6, 7.4, 1.2, 3.5,
                                                      4.4, 3.2, 6.7, 11.0, 2.8,  4.7, 5.5, 6.3, 2.6, 0.3, 1.0,
                                                      0.5, 1.4, 0.7, 0.4,  0.04, 1.9, 1.7, 0.3, 0.6, 2.0};
constexpr std::array<double, 24> kGreekFrequency = {12.0, 0.8, 1.8,  1.7, 8.0, 0.5, 5.0, 1.3, 8.5, 4.0, 2.8, 3.5,
                                                    7.0,  0.5, 10.0, 4.0, 4.5, 7.5, 8.0, 4.5, 0.9, 1.2, 0.2, 2.0};

// A capital counts a quarter: text is mostly lower case, and KOI8-R's lower-case letters are
// windows-1253's Greek capitals (KOI8-R's `шахматный клуб` is windows-1253's `ΫΑΘΝΑΤΞΩΚ ΛΜΥΒ`).
constexpr double kCapitalWeight = 0.25;
// The frequencies above (two decimals at most) times a capital's weight, times this: whole numbers.
constexpr double kFrequencyScale = 400;
static_assert([] {
  auto whole = [](double x) {
    const auto n = static_cast<long long>(x + 0.5);
    return x - static_cast<double>(n) < 1e-9 && static_cast<double>(n) - x < 1e-9;
  };
  for (double f : kRussianFrequency)
    if (!whole(f * kCapitalWeight * kFrequencyScale)) return false;
  for (double f : kGreekFrequency)
    if (!whole(f * kCapitalWeight * kFrequencyScale)) return false;
  return true;
}());

double russian_frequency(char32_t cp) {
  double weight = 1.0;
  if (cp == 0x401) cp = 0x415;  // Ё → Е
  if (cp == 0x451) cp = 0x435;  // ё → е
  if (cp >= 0x410 && cp <= 0x42F) {
    cp += 0x20;
    weight = kCapitalWeight;
  }
  return cp >= 0x430 && cp <= 0x44F ? weight * kRussianFrequency[cp - 0x430] : 0.0;
}

double greek_frequency(char32_t cp) {
  const double weight = cp >= 0x386 && cp <= 0x3AB ? kCapitalWeight : 1.0;
  // Tonos and dialytika, in either case, and the final sigma: the base letter.
  static constexpr std::pair<char32_t, char32_t> kBase[] = {{U'Ά', U'α'}, {U'ά', U'α'}, {U'Έ', U'ε'}, {U'έ', U'ε'},
                                                            {U'Ή', U'η'}, {U'ή', U'η'}, {U'Ί', U'ι'}, {U'ί', U'ι'},
                                                            {U'Ϊ', U'ι'}, {U'ϊ', U'ι'}, {U'ΐ', U'ι'}, {U'Ό', U'ο'},
                                                            {U'ό', U'ο'}, {U'Ύ', U'υ'}, {U'ύ', U'υ'}, {U'Ϋ', U'υ'},
                                                            {U'ϋ', U'υ'}, {U'ΰ', U'υ'}, {U'Ώ', U'ω'}, {U'ώ', U'ω'},
                                                            {U'ς', U'σ'}};
  for (const auto& [accented, base] : kBase)
    if (cp == accented) {
      cp = base;
      break;
    }
  if (cp >= 0x391 && cp <= 0x3A9) cp += 0x20;
  if (cp < 0x3B1 || cp > 0x3C9 || cp == 0x3C2) return 0.0;
  // The table has 24 letters: U+03C2 (final sigma) inside the range is not one of them.
  return weight * kGreekFrequency[cp - 0x3B1 - (cp > 0x3C2 ? 1 : 0)];
}

// One of the most frequent Russian letters, in either case.
bool is_frequent_letter(char32_t cp) {
  if (cp >= 0x410 && cp <= 0x42F) cp += 0x20;
  return kFrequent.find(cp) != std::u32string_view::npos;
}

// Latin-1 text puts accented letters between ASCII letters ("Müller"); Cyrillic or Greek text in
// a single-byte code page puts high bytes next to each other ("Карпов"). Counts how many high
// bytes touch a high byte vs touch an ASCII letter, whether a byte of 0x80-0x9F (windows-1252's,
// not Latin-1's) occurs, and what each rule of detect_single_byte() reads: one pass over the
// high bytes for all of them.
struct HighBytes {
  std::size_t high = 0;
  std::size_t next_to_high = 0;
  std::size_t next_to_ascii_letter = 0;
  double s866 = 0, s1251 = 0, skoi8 = 0;
  // Between windows-1251 and KOI8-R, whose letters are each other's in the other case: a
  // lower-case letter followed by a capital (`гЕОРГИЙ`, a name read in the wrong one), and the
  // frequent letters in either case (text in capitals reads as lower case in the wrong one).
  std::size_t lower_upper1251 = 0, lower_upper_koi8 = 0, frequent1251 = 0, frequent_koi8 = 0;
  std::size_t lower_upper866 = 0, lower_upper1253 = 0;  // the same, for the Greek reading
  // windows-1253's (and ISO-8859-7's) final sigma `ς` (0xF2) before a letter: Greek never writes
  // it inside a word, and it is `т` in windows-1251 and `Р` in KOI8-R.
  std::size_t sigma_inside = 0;
  // High bytes inside a word (letters or high bytes on both sides) that are no letter under
  // windows-1252, windows-1250 and ISO-8859-2: `Rados³aw` is Polish `Radosław` in a Western
  // reading.
  std::size_t symbols1252 = 0, symbols1250 = 0, symbols8859_2 = 0;
  // Letter frequencies (russian_frequency, greek_frequency) under windows-1251, CP866, KOI8-R
  // and windows-1253 (ISO-8859-7 has its letters where windows-1253 has them, but `Ά`), and
  // whether ISO-8859-7's `Ά` (0xB6, windows-1253's `¶`) stands before a letter.
  double ru1251 = 0, ru866 = 0, ru_koi8 = 0, el1253 = 0;
  bool iso_alpha_tonos = false;
  // KOI8-U's Ukrainian letters (є і ї ґ and capitals: KOI8-R's box-drawing signs at 0xA4, 0xA6,
  // 0xA7, 0xAD, 0xB4, 0xB6, 0xB7, 0xBD) next to a high byte or a letter.
  bool ukrainian = false;
  // Turkish read as Western text: `ı` as `ý`, `ş` `ğ` `Ş` `Ğ` as `þ` `ð` `Þ` `Ð`, next to a
  // letter; and the vowels of Icelandic, whose letters those are (`á é í ó ú æ`).
  std::size_t dotless_i = 0, turkish_marks = 0, icelandic_vowels = 0;
  bool c1_controls = false;
  // Move-shaped tokens (`Кf3`, `Крg1`, `Ιf3`, `Şg1`) whose high first byte is a piece letter
  // under windows-1252, windows-1251, CP866, KOI8-R, windows-1253 and windows-1254: see
  // piece_leads().
  std::size_t moves1252 = 0, moves1251 = 0, moves866 = 0, moves_koi8 = 0, moves1253 = 0, moves1254 = 0;
};

// For each byte 0x80–0xFF: is it, under windows-1252 (bit 0), windows-1251 (bit 1), CP866
// (bit 2), KOI8-R (bit 3), windows-1253 (bit 4) or windows-1254 (bit 5), the first character
// of a piece letter of some language (notation/languages.cpp: the Cyrillic К Л Ф С П Кр Ц Д Т О А,
// the Greek Ρ Β Π Α Ι, Turkish Ş, Lithuanian Ž)? A Russian game whose only Cyrillic bytes are its
// piece letters gives the letter scores little to go on: each letter stands alone before an
// ASCII square, as an accented Latin capital would. Where the piece letters stand is the
// evidence: the code page that makes them piece letters is the game's.
using PieceLeads = std::array<std::uint8_t, 128>;

const PieceLeads& piece_leads() {
  static const PieceLeads leads = [] {
    PieceLeads t{};
    std::u32string firsts;  // first code point of every non-ASCII letter and alternate
    auto add = [&](std::string_view letter) {
      const auto* p = reinterpret_cast<const unsigned char*>(letter.data());
      char32_t cp = 0;
      if (!letter.empty() && p[0] >= 0x80 && utf8_sequence(p, p + letter.size(), &cp) > 1) firsts.push_back(cp);
    };
    for (const Language& language : all_languages())
      for (std::size_t piece = 0; piece < kPieceTypes; ++piece)
        any_spelling(language, piece, [&](std::string_view letter) {
          add(letter);
          return false;
        });
    const Encoding pages[] = {Encoding::Windows1252, Encoding::Windows1251, Encoding::Cp866,
                              Encoding::Koi8r,       Encoding::Windows1253, Encoding::Windows1254};
    for (std::uint8_t bit = 0; bit < 6; ++bit) {
      const HighTable& table = table_for(pages[bit]);
      for (std::size_t b = 0; b < 128; ++b)
        if (table[b] && firsts.find(table[b]) != std::u32string::npos) t[b] |= static_cast<std::uint8_t>(1u << bit);
    }
    return t;
  }();
  return leads;
}

// True when the high byte at `i` begins a token shaped like a piece move: after a space, a line
// end, a move number's dot or a bracket, optionally one more high byte (`Кр`), then up to an
// origin file or rank, a capture or hyphen, and a square, then the token's end. A name in a tag
// or a word in a comment does not end two ASCII bytes after it in a square.
bool starts_piece_move(std::string_view bytes, std::size_t i) {
  auto at = [&](std::size_t k) { return k < bytes.size() ? static_cast<unsigned char>(bytes[k]) : 0u; };
  if (i > 0) {
    const unsigned prev = at(i - 1);
    if (prev != ' ' && prev != '\n' && prev != '\r' && prev != '\t' && prev != '.' && prev != '(') return false;
  }
  std::size_t k = i + 1;
  if (at(k) >= 0x80) ++k;
  auto file = [](unsigned c) { return c >= 'a' && c <= 'h'; };
  auto rank = [](unsigned c) { return c >= '1' && c <= '8'; };
  const std::size_t body = k;
  while (k < body + 5 && (file(at(k)) || rank(at(k)) || at(k) == 'x' || at(k) == ':' || at(k) == '-')) ++k;
  if (k - body < 2 || !file(at(k - 2)) || !rank(at(k - 1))) return false;
  const unsigned end = at(k);
  return end == 0 || end == ' ' || end == '\n' || end == '\r' || end == '\t' || end == '+' || end == '#' ||
         end == '!' || end == '?' || end == ')';
}

// What high_bytes() asks of each byte 0x80–0xFF, looked up once per byte: the Russian scores,
// and the frequent-letter and case facts under windows-1251 and KOI8-R.
struct ByteFacts {
  double s866 = 0, s1251 = 0, skoi8 = 0;
  // russian_frequency, greek_frequency, times kFrequencyScale: whole numbers, summed exactly.
  std::uint32_t ru1251 = 0, ru866 = 0, ru_koi8 = 0, el1253 = 0;
  std::uint8_t lead = 0;  // piece_leads()
  // 1: Western `ý` (Turkish `ı`); 2: `þ` `ð` `Þ` `Ð` (`ş` `ğ` `Ş` `Ğ`); 4: `á é í ó ú æ`, either case.
  std::uint8_t turkish = 0;
  enum : std::uint16_t {
    kFrequent1251 = 1,
    kFrequentKoi8 = 2,
    kLower1251 = 4,
    kUpper1251 = 8,
    kLowerKoi8 = 16,
    kUpperKoi8 = 32,
    kLower866 = 64,
    kUpper866 = 128,
    kLower1253 = 256,
    kUpper1253 = 512
  };
  std::uint16_t facts = 0;
  std::uint8_t symbol = 0;  // bit 0: no letter under windows-1252; bit 1: windows-1250; bit 2: ISO-8859-2
  bool ukrainian = false;   // KOI8-U's Ukrainian letters: 0xA4, 0xA6, 0xA7, 0xAD, 0xB4, 0xB6, 0xB7, 0xBD
  // The case facts as four bits, one a reading (windows-1251, KOI8-R, CP866, windows-1253).
  std::uint8_t lower4 = 0, upper4 = 0;
};

const std::array<ByteFacts, 128>& byte_facts() {
  static const std::array<ByteFacts, 128> table = [] {
    std::array<ByteFacts, 128> t{};
    const HighTable& cp866 = table_for(Encoding::Cp866);
    const HighTable& cp1251 = table_for(Encoding::Windows1251);
    const HighTable& koi8r = table_for(Encoding::Koi8r);
    for (std::size_t b = 0; b < 128; ++b) {
      ByteFacts& f = t[b];
      f.s866 = russian_score(cp866[b]);
      f.s1251 = russian_score(cp1251[b]);
      f.skoi8 = russian_score(koi8r[b]);
      f.lead = piece_leads()[b];
      const auto scaled = [](double frequency) {
        return static_cast<std::uint32_t>(std::lround(frequency * kFrequencyScale));
      };
      f.ru1251 = scaled(russian_frequency(cp1251[b]));
      f.ru866 = scaled(russian_frequency(cp866[b]));
      f.ru_koi8 = scaled(russian_frequency(koi8r[b]));
      f.el1253 = scaled(greek_frequency(table_for(Encoding::Windows1253)[b]));
      const char32_t western = table_for(Encoding::Windows1252)[b];
      const auto among = [&](std::u32string_view set) { return western && set.find(western) != set.npos; };
      f.turkish = static_cast<std::uint8_t>((western == U'ý' ? 1 : 0) | (among(U"þðÞÐ") ? 2 : 0) |
                                            (among(U"ÁÉÍÓÚÆáéíóúæ") ? 4 : 0));
      const auto set = [&](bool on, std::uint16_t bit) {
        f.facts = static_cast<std::uint16_t>(f.facts | (on ? bit : 0));
      };
      set(is_frequent_letter(cp1251[b]), ByteFacts::kFrequent1251);
      set(is_frequent_letter(koi8r[b]), ByteFacts::kFrequentKoi8);
      set(is_cyrillic_lower(cp1251[b]), ByteFacts::kLower1251);
      set(is_cyrillic_upper(cp1251[b]), ByteFacts::kUpper1251);
      set(is_cyrillic_lower(koi8r[b]), ByteFacts::kLowerKoi8);
      set(is_cyrillic_upper(koi8r[b]), ByteFacts::kUpperKoi8);
      set(is_cyrillic_lower(cp866[b]), ByteFacts::kLower866);
      set(is_cyrillic_upper(cp866[b]), ByteFacts::kUpper866);
      const char32_t greek = table_for(Encoding::Windows1253)[b];
      set((greek >= 0x3AC && greek <= 0x3CE) || greek == 0x390, ByteFacts::kLower1253);
      set(greek >= 0x386 && greek <= 0x3AB, ByteFacts::kUpper1253);
      const HighTable* latin[] = {&table_for(Encoding::Windows1252), &table_for(Encoding::Windows1250),
                                  &table_for(Encoding::Iso8859_2)};
      for (std::uint8_t k = 0; k < 3; ++k)
        if (!is_latin_letter((*latin[k])[b])) f.symbol |= static_cast<std::uint8_t>(1u << k);
      for (std::size_t u : {0xA4, 0xA6, 0xA7, 0xAD, 0xB4, 0xB6, 0xB7, 0xBD}) f.ukrainian = f.ukrainian || b + 0x80 == u;
      const std::uint16_t lowers[] = {ByteFacts::kLower1251, ByteFacts::kLowerKoi8, ByteFacts::kLower866,
                                      ByteFacts::kLower1253};
      const std::uint16_t uppers[] = {ByteFacts::kUpper1251, ByteFacts::kUpperKoi8, ByteFacts::kUpper866,
                                      ByteFacts::kUpper1253};
      for (std::uint8_t k = 0; k < 4; ++k) {
        if (f.facts & lowers[k]) f.lower4 |= static_cast<std::uint8_t>(1u << k);
        if (f.facts & uppers[k]) f.upper4 |= static_cast<std::uint8_t>(1u << k);
      }
    }
    return t;
  }();
  return table;
}

// What high_bytes() asks of a neighbouring byte: is it high, an ASCII letter, or what may stand
// before a piece move (starts_piece_move())?
enum : std::uint8_t { kNeighbourHigh = 1, kNeighbourLetter = 2, kNeighbourBeforeMove = 4 };
constexpr std::array<std::uint8_t, 256> kNeighbour = [] {
  std::array<std::uint8_t, 256> t{};
  for (std::size_t c = 0x80; c < 256; ++c) t[c] = kNeighbourHigh;
  for (char c = 'a'; c <= 'z'; ++c) {
    t[static_cast<unsigned char>(c)] = kNeighbourLetter;
    t[static_cast<unsigned char>(c - 'a' + 'A')] = kNeighbourLetter;
  }
  for (unsigned char c : {' ', '\n', '\r', '\t', '.', '('}) t[c] = kNeighbourBeforeMove;
  return t;
}();

// The counts of high_bytes(), gathered as a histogram of each high byte with what stands on either
// side (kNeighbour's high and letter bits, before and after) and counted up once per distinct
// pair at the end: added byte by byte, thirty counters a byte, they were a fifth of checking an
// annotated Windows-1251 archive (bench/RESULTS.md). Every sum is exact in any order: the scores
// are halves and whole numbers, and the letter frequencies are summed as whole numbers
// (kFrequencyScale), where as doubles in per cent their rounding depended on the order.
struct HighHistogram {
  std::array<std::uint64_t, 128 * 16> count{};  // (byte - 0x80) * 16 + neighbours
  std::array<std::uint16_t, 128 * 16> touched{};
  std::size_t touched_count = 0;
  std::array<std::uint64_t, 16> lower_upper{};  // by the four case pairs a byte and the one before make
};

HighBytes high_bytes(std::string_view bytes) {
  HighBytes a;
  const std::array<ByteFacts, 128>& facts = byte_facts();
  thread_local HighHistogram histogram;
  HighHistogram& h = histogram;
  const auto* const b = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t size = bytes.size();
  const auto one = [&](std::size_t i) {
    const unsigned c = b[i];
    const ByteFacts& f = facts[c - 0x80];
    const unsigned prev = i > 0 ? b[i - 1] : 0;
    const unsigned next = i + 1 < size ? b[i + 1] : 0;
    const std::uint8_t before = kNeighbour[prev], after = kNeighbour[next];
    const auto key = static_cast<std::uint16_t>((c - 0x80) * 16 + (before & 3) + (after & 3) * 4);
    if (h.count[key]++ == 0) h.touched[h.touched_count++] = key;
    // A lower-case letter and then a capital, in each of the four readings (bit k of both).
    ++h.lower_upper[facts[(prev - 0x80) & 0x7F].lower4 & f.upper4 & (before & kNeighbourHigh ? 15 : 0)];
    if (f.lead && (i == 0 || (before & kNeighbourBeforeMove)) && starts_piece_move(bytes, i)) [[unlikely]] {
      a.moves1252 += f.lead & 1u;
      a.moves1251 += (f.lead >> 1) & 1u;
      a.moves866 += (f.lead >> 2) & 1u;
      a.moves_koi8 += (f.lead >> 3) & 1u;
      a.moves1253 += (f.lead >> 4) & 1u;
      a.moves1254 += (f.lead >> 5) & 1u;
    }
  };
  for_each_high(bytes, one);
  std::uint64_t ru1251 = 0, ru866 = 0, ru_koi8 = 0, el1253 = 0;
  for (std::size_t k = 0; k < h.touched_count; ++k) {
    const std::uint16_t key = h.touched[k];
    const std::uint64_t n = h.count[key];
    h.count[key] = 0;
    const unsigned c = 0x80 + key / 16u;
    const ByteFacts& f = facts[c - 0x80];
    const unsigned before = key & 3u, after = (key >> 2) & 3u;
    const bool high_around = (before | after) & kNeighbourHigh;
    const bool word_prev = before != 0, word_next = after != 0;  // a high byte or a letter
    const bool either = word_prev || word_next, inside = word_prev && word_next;
    a.high += n;
    a.next_to_high += high_around ? n : 0;
    a.next_to_ascii_letter += !high_around && either ? n : 0;
    a.s866 += static_cast<double>(n) * f.s866;
    a.s1251 += static_cast<double>(n) * f.s1251;
    a.skoi8 += static_cast<double>(n) * f.skoi8;
    ru1251 += n * f.ru1251;
    ru866 += n * f.ru866;
    ru_koi8 += n * f.ru_koi8;
    el1253 += n * f.el1253;
    a.frequent1251 += (f.facts & ByteFacts::kFrequent1251) ? n : 0;
    a.frequent_koi8 += (f.facts & ByteFacts::kFrequentKoi8) ? n : 0;
    a.c1_controls = a.c1_controls || c <= 0x9F;
    if (either) {
      a.dotless_i += (f.turkish & 1u) ? n : 0;
      a.turkish_marks += ((f.turkish >> 1) & 1u) ? n : 0;
      a.icelandic_vowels += ((f.turkish >> 2) & 1u) ? n : 0;
      a.ukrainian = a.ukrainian || f.ukrainian;
    }
    if (word_next) {
      a.iso_alpha_tonos = a.iso_alpha_tonos || c == 0xB6;
      a.sigma_inside += c == 0xF2 ? n : 0;
    }
    if (inside) {
      a.symbols1252 += (f.symbol & 1u) ? n : 0;
      a.symbols1250 += ((f.symbol >> 1) & 1u) ? n : 0;
      a.symbols8859_2 += ((f.symbol >> 2) & 1u) ? n : 0;
    }
  }
  h.touched_count = 0;
  a.ru1251 = static_cast<double>(ru1251);
  a.ru866 = static_cast<double>(ru866);
  a.ru_koi8 = static_cast<double>(ru_koi8);
  a.el1253 = static_cast<double>(el1253);
  for (std::size_t code = 1; code < 16; ++code) {
    const std::uint64_t n = h.lower_upper[code];
    h.lower_upper[code] = 0;
    a.lower_upper1251 += (code & 1) ? n : 0;
    a.lower_upper_koi8 += (code & 2) ? n : 0;
    a.lower_upper866 += (code & 4) ? n : 0;
    a.lower_upper1253 += (code & 8) ? n : 0;
  }
  h.lower_upper[0] = 0;
  return a;
}

// ICU's verdict among the encodings we convert: Cyrillic (windows-1251 family), Latin, or none.
enum class IcuVerdict { None, Cyrillic, Latin };

IcuVerdict icu_verdict(std::string_view bytes) {
#if !PLANILLA_WITH_ICU
  // No charset detector without ICU: the own scores decide alone (the page decodes with the
  // browser's TextDecoder in the encoding detect_encoding names).
  (void)bytes;
  return IcuVerdict::None;
#else
  constexpr std::size_t kSample = 64 * 1024;  // the detector's statistics settle long before this
  UErrorCode status = U_ZERO_ERROR;
  UCharsetDetector* csd = ucsdet_open(&status);
  if (U_FAILURE(status)) return IcuVerdict::None;
  ucsdet_setText(csd, bytes.data(), static_cast<int32_t>(std::min(bytes.size(), kSample)), &status);
  int32_t count = 0;
  const UCharsetMatch** matches = ucsdet_detectAll(csd, &count, &status);
  IcuVerdict verdict = IcuVerdict::None;
  for (int32_t i = 0; U_SUCCESS(status) && i < count && verdict == IcuVerdict::None; ++i) {
    std::string_view name = ucsdet_getName(matches[i], &status);
    if (name == "windows-1251" || name == "KOI8-R" || name == "ISO-8859-5" || name == "IBM866")
      verdict = IcuVerdict::Cyrillic;
    else if (name == "ISO-8859-1" || name == "windows-1252" || name == "ISO-8859-15" || name == "ISO-8859-2" ||
             name == "windows-1250")
      verdict = IcuVerdict::Latin;
  }
  ucsdet_close(csd);
  return verdict;
#endif
}

Encoding detect_single_byte(std::string_view bytes, std::optional<Encoding> prefer) {
  const HighBytes a = high_bytes(bytes);
  // A handful of high bytes is no evidence: keep the file's choice when there is one.
  constexpr std::size_t kLittleEvidence = 4;
  if (a.high < kLittleEvidence && prefer && is_single_byte(*prefer)) return *prefer;

  // Piece letters in moves outweigh everything else: a code page that makes them piece letters
  // in more moves than any other is the game's (two moves at least: one could be chance).
  constexpr std::size_t kFewMoves = 2;
  const std::pair<std::size_t, Encoding> by_moves[] = {
      {a.moves1252, Encoding::Windows1252}, {a.moves1251, Encoding::Windows1251}, {a.moves866, Encoding::Cp866},
      {a.moves_koi8, Encoding::Koi8r},      {a.moves1253, Encoding::Windows1253}, {a.moves1254, Encoding::Windows1254}};
  const auto most = std::max_element(std::begin(by_moves), std::end(by_moves));
  const bool alone = std::count_if(std::begin(by_moves), std::end(by_moves),
                                   [&](const auto& m) { return m.first == most->first; }) == 1;
  // (ISO-8859-7 and -9 put the piece letters where windows-1253 and -1254 have them.)
  const Encoding greek = a.iso_alpha_tonos ? Encoding::Iso8859_7 : Encoding::Windows1253;
  const Encoding turkish = a.c1_controls ? Encoding::Windows1254 : Encoding::Iso8859_9;
  const Encoding koi8 = a.ukrainian ? Encoding::Koi8u : Encoding::Koi8r;
  if (most->first >= kFewMoves && alone && most->second != Encoding::Windows1252)
    return most->second == Encoding::Windows1253   ? greek
           : most->second == Encoding::Windows1254 ? turkish
           : most->second == Encoding::Koi8r       ? koi8
                                                   : most->second;

  const double s866 = a.s866, s1251 = a.s1251, skoi8 = a.skoi8;
  bool runs = a.next_to_high > a.next_to_ascii_letter;
  const bool clear_margin =
      a.next_to_high >= 2 * a.next_to_ascii_letter + 2 || a.next_to_ascii_letter >= 2 * a.next_to_high + 2;
  // Greek text read as windows-1251 (or CP866, KOI8-R) is Cyrillic letters too, the wrong ones:
  // the reading whose letters are its language's frequent ones wins, in either case, unless it
  // puts capitals after lower-case letters where the best Russian reading does not (KOI8-R's
  // `Георгий` is windows-1253's `ηΕΟΡΓΙΚ`) or a final sigma inside a word (KOI8-R's `ГЕОРГИЙ`,
  // `ηεος…`: KOI8-R's letters are nearly a Greek transliteration, so frequencies alone do not
  // tell its capitals from Greek). Only with a clear margin of runs: a Western name's two
  // accented letters side by side (`Núñez`) are runs too, and ICU's detector, which decides those,
  // takes Greek PGN for Latin-1 (its text is mostly ASCII).
  if (runs && clear_margin) {
    const std::pair<double, std::size_t> russian[] = {{a.ru1251, a.lower_upper1251},
                                                      {a.ru866, a.lower_upper866},
                                                      {a.ru_koi8, a.lower_upper_koi8}};
    const auto best = std::max_element(std::begin(russian), std::end(russian));
    if (a.el1253 > best->first && a.lower_upper1253 <= best->second && a.sigma_inside == 0) return greek;
  }
  // ICU's detector, asked at most once (it is costly per game: asked always, it made a Latin-1
  // archive with accented names many times slower to read than its ASCII twin; bench/RESULTS.md).
  std::optional<IcuVerdict> icu;
  const auto ask_icu = [&] { return icu ? *icu : *(icu = icu_verdict(bytes)); };
  // CP866 first: ICU has no detector for it, and in 1251 its lower-case letters are symbols.
  if (runs && s866 > s1251 && s866 > skoi8 && s866 > 0) return Encoding::Cp866;
  // KOI8-R's lower-case letters are windows-1251's capitals and the reverse. Names read in the
  // wrong one of the two have a capital after a lower-case letter (`гЕОРГИЙ`); text in capitals
  // (`ЧЕМПИОНАТ СССР`) has none in either, and reads as lower case in the wrong one, so there the
  // frequent letters decide (ICU's detector, asked, took short names in KOI8-R for Latin-1).
  // windows-1251 keeps a tie.
  if (runs && skoi8 > 0) {
    const bool koi8_case = a.lower_upper1251 != a.lower_upper_koi8 ? a.lower_upper1251 > a.lower_upper_koi8
                                                                   : a.frequent_koi8 > a.frequent1251;
    // Without a clear margin of runs, as for windows-1251 below, ICU says whether the text is
    // Cyrillic at all (`Héðinn`'s `éð` are runs, and KOI8-R's `ИП`).
    if (koi8_case && (clear_margin || ask_icu() == IcuVerdict::Cyrillic)) return koi8;
  }

  bool cyrillic = runs && s1251 > 0;
  // ICU decides only without a clear margin, and can only make it Cyrillic where the text reads
  // as Russian in 1251: asked only then.
  if (!clear_margin && s1251 > 0 && ask_icu() != IcuVerdict::None) cyrillic = ask_icu() == IcuVerdict::Cyrillic;
  if (cyrillic) return Encoding::Windows1251;
  // A Western reading with symbols inside words (`Rados³aw`, `Wroc³aw`, `¦wi±tek`) where a
  // Central European one has fewer: that one, windows-1250 on a tie (the two differ in a few
  // letters: `ą` `ś` `ź` `Ś` `Ź` and the carons of `š` `ť` `ž`).
  if (std::min(a.symbols1250, a.symbols8859_2) < a.symbols1252)
    return a.symbols1250 <= a.symbols8859_2 ? Encoding::Windows1250 : Encoding::Iso8859_2;
  // Turkish names read as Western letters (`Yýlmaz, Ertuðrul`): a `ý` and a `þ` or `ð` together
  // and none of the vowels that Icelandic, whose letters those are, writes in nearly every name.
  // Czech and Slovak `ý` alone, and Icelandic `Guðmundur` alone, keep their Western reading.
  if (a.dotless_i > 0 && a.turkish_marks > 0 && a.icelandic_vowels == 0) return turkish;
  return a.c1_controls ? Encoding::Windows1252 : Encoding::Latin1;
}

class Builder {
 public:
  Builder(Decoded& d, bool normalize) : d_(d), out_(d.own()), normalize_(normalize) {}

  // Emits one code point read from original bytes [begin, end).
  void put(char32_t cp, std::uint64_t begin, std::uint64_t end) {
    std::size_t before = out_.size();
    append_utf8(out_, cp);
    if (out_.size() - before != end - begin) d_.map.add(out_.size(), end);
  }
  // A line end at original byte `at`: CR, LF or CRLF (crlf = true).
  void newline(std::uint64_t at, bool crlf) {
    out_.push_back('\n');
    if (crlf) d_.map.add(out_.size(), at + 2);
  }
  void invalid(std::uint64_t begin, std::uint64_t end) {
    if (d_.invalid_bytes == 0) d_.first_invalid = begin;
    d_.invalid_bytes += end - begin;
    put(kReplacement, begin, end);
  }
  bool normalize() const { return normalize_; }
  std::string& out() { return out_; }

 private:
  Decoded& d_;
  std::string& out_;
  bool normalize_;
};

// ASCII structure shared by every ASCII-compatible decoding: copies a byte, handling line ends.
// Returns the number of bytes consumed.
std::size_t put_ascii(Builder& b, std::string_view bytes, std::size_t i) {
  char c = bytes[i];
  if (c == '\r' && b.normalize()) {
    bool crlf = i + 1 < bytes.size() && bytes[i + 1] == '\n';
    b.newline(i, crlf);
    return crlf ? 2 : 1;
  }
  b.out().push_back(c);
  return 1;
}

void decode_utf8(Decoded& d, std::string_view bytes, std::size_t start, bool normalize) {
  Builder b(d, normalize);
  b.out().reserve(bytes.size());
  if (start) d.map.add(0, start);
  auto* base = reinterpret_cast<const unsigned char*>(bytes.data());
  auto* end = base + bytes.size();
  std::size_t i = start;
  while (i < bytes.size()) {
    if (base[i] < 0x80) {
      i += put_ascii(b, bytes, i);
      continue;
    }
    std::size_t n = utf8_sequence(base + i, end);
    if (n == 0) {
      b.invalid(i, i + 1);
      ++i;
    } else {
      b.out().append(bytes.data() + i, n);
      i += n;
    }
  }
}

// A single-byte code page's 256 bytes in UTF-8: up to three bytes (the rest zero, the first the
// lowest) and their number. A byte the page has no character for is U+FFFD and `invalid`.
struct Utf8Byte {
  std::uint32_t bytes = 0;
  std::uint8_t size = 0;
  bool invalid = false;
};
using Utf8Table = std::array<Utf8Byte, 256>;

const Utf8Table& utf8_table_for(Encoding e) {
  constexpr std::size_t kCount = static_cast<std::size_t>(Encoding::Koi8u) + 1;
  static std::array<std::once_flag, kCount> once;
  static std::array<Utf8Table, kCount> tables;
  const auto k = static_cast<std::size_t>(e);
  std::call_once(once[k], [&] {
    const HighTable& high = table_for(e);
    for (std::size_t b = 0; b < 256; ++b) {
      // (ASCII is itself, NUL too: only a high byte the page lacks is U+FFFD.)
      const char32_t cp = b < 0x80 ? static_cast<char32_t>(b) : high[b - 0x80];
      const bool invalid = b >= 0x80 && cp == 0;
      std::string utf8;
      append_utf8(utf8, invalid ? kReplacement : cp);
      Utf8Byte& u = tables[k][b];
      std::memcpy(&u.bytes, utf8.data(), utf8.size());
      u.size = static_cast<std::uint8_t>(utf8.size());
      u.invalid = invalid;
    }
  });
  return tables[k];
}

// A word of ASCII without a CR (or with CRs kept): copied whole by the decoder below.
bool plain_ascii_word(std::uint64_t w, bool normalize) { return (w & kHighBits) == 0 && !(normalize && cr_bits(w)); }

// The size of `bytes` decoded with `table`: a byte above 0x7F becomes two or three bytes of
// UTF-8, the CR of a CRLF nothing. A word of ASCII at a time, and a word with anything else byte
// by byte.
std::size_t single_byte_decoded_size(std::string_view bytes, const Utf8Table& table, bool normalize) {
  std::size_t size = 0, i = 0;
  const std::size_t n = bytes.size();
  const auto byte_size = [&](std::size_t k) -> std::size_t {
    const auto c = static_cast<unsigned char>(bytes[k]);
    return (c == '\r' && normalize && k + 1 < n && bytes[k + 1] == '\n') ? 0 : table[c].size;
  };
  for (; i + 8 <= n; i += 8) {
    if (plain_ascii_word(load_word(bytes.data() + i), normalize)) {
      size += 8;
      continue;
    }
    for (std::size_t k = i; k < i + 8; ++k) size += byte_size(k);
  }
  for (; i < n; ++i) size += byte_size(i);
  return size;
}

// The bytes above 0x7F, a word at a time.
std::size_t high_byte_count(std::string_view bytes) {
  std::size_t count = 0, i = 0;
  for (; i + 8 <= bytes.size(); i += 8)
    count += static_cast<std::size_t>(std::popcount(load_word(bytes.data() + i) & kHighBits));
  for (; i < bytes.size(); ++i) count += static_cast<unsigned char>(bytes[i]) >> 7;
  return count;
}

// The text is written in place, a byte above ASCII through the table (four bytes written, the
// character's kept). A text in Cyrillic or Greek letters (one byte in eight or more above ASCII)
// is measured first and read a word at a time, and its map counts characters; a text with a few
// accented names (a Latin-1 archive) is copied a run of ASCII at a time, with an anchor of the
// map per letter, which costs less than counting its every byte. Appended a code point at a
// time, with an anchor per letter, a Windows-1251 archive with Russian comments took twice the
// time of its UTF-8 twin (bench/RESULTS.md). Sized first, a large game's text is never outgrown
// (a 16 MiB Latin-1 game held 57 MB of text buffers for 19 MB of text when it was).
void decode_single_byte(Decoded& d, std::string_view bytes, Encoding encoding, bool normalize) {
  const Utf8Table& table = utf8_table_for(encoding);
  const std::size_t n = bytes.size();
  const std::size_t high = high_byte_count(bytes);
  const bool counted = high * 8 > n;
  if (counted) d.map.count_characters();
  std::string& out = d.own();
  // (Exact when counted; else at most two bytes more a letter than the input, and a few letters.)
  out.resize((counted ? single_byte_decoded_size(bytes, table, normalize) : n + 2 * high) + 3);
  char* const base = out.data();
  char* o = base;
  const char* const p = bytes.data();
  std::size_t i = 0;
  // One byte (a CRLF: two) at i.
  const auto step = [&] {
    const auto c = static_cast<unsigned char>(p[i]);
    if (c == '\r' && normalize) {
      *o++ = '\n';
      const bool crlf = i + 1 < n && p[i + 1] == '\n';
      i += crlf ? 2 : 1;
      if (crlf) d.map.add(static_cast<std::uint64_t>(o - base), i);
      return;
    }
    const Utf8Byte& u = table[c];
    std::memcpy(o, &u.bytes, 4);
    o += u.size;
    if (u.invalid) [[unlikely]] {
      if (d.invalid_bytes == 0) d.first_invalid = i;
      ++d.invalid_bytes;
    }
    ++i;
    if (!counted && c >= 0x80) d.map.add(static_cast<std::uint64_t>(o - base), i);  // (two or three bytes)
  };
  if (counted) {
    std::uint64_t checkpoint = OffsetMap::kCheckpoint;
    while (i + 8 <= n) {
      if (const std::uint64_t w = load_word(p + i); plain_ascii_word(w, normalize)) {
        std::memcpy(o, &w, 8);
        o += 8;
        i += 8;
      } else {
        const std::size_t end = i + 8;
        while (i < end) step();  // (a CRLF may end one past it)
      }
      if (static_cast<std::uint64_t>(o - base) >= checkpoint) {
        d.map.add(static_cast<std::uint64_t>(o - base), i);
        checkpoint = static_cast<std::uint64_t>(o - base) + OffsetMap::kCheckpoint;
      }
    }
    while (i < n) step();
  } else {
    while (i < n) {
      const std::size_t run_end = next_high_or_cr(bytes, i, normalize);
      std::memcpy(o, p + i, run_end - i);
      o += run_end - i;
      i = run_end;
      if (i < n) step();
    }
  }
  out.resize(static_cast<std::size_t>(o - base));
  if (counted) d.map.attach(out);
}

void decode_utf16(Decoded& d, std::string_view bytes, bool big_endian, bool normalize, std::size_t start) {
  Builder b(d, normalize);
  b.out().reserve(bytes.size());
  auto unit = [&](std::size_t i) -> char32_t {
    auto lo = static_cast<unsigned char>(bytes[i + (big_endian ? 1 : 0)]);
    auto hi = static_cast<unsigned char>(bytes[i + (big_endian ? 0 : 1)]);
    return static_cast<char32_t>(hi << 8 | lo);
  };
  if (start) d.map.add(0, start);
  std::size_t i = start;  // after the BOM
  while (i + 1 < bytes.size()) {
    char32_t u = unit(i);
    if (u == '\r' && normalize) {
      bool crlf = i + 3 < bytes.size() && unit(i + 2) == '\n';
      b.out().push_back('\n');
      i += crlf ? 4 : 2;
      d.map.add(b.out().size(), i);
      continue;
    }
    if (u >= 0xD800 && u <= 0xDBFF && i + 3 < bytes.size()) {
      char32_t low = unit(i + 2);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        b.put(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00), i, i + 4);
        i += 4;
        continue;
      }
    }
    if (u >= 0xD800 && u <= 0xDFFF) b.invalid(i, i + 2);
    else b.put(u, i, i + 2);
    i += 2;
  }
  if (i < bytes.size()) b.invalid(i, bytes.size());  // odd trailing byte
}

bool has_utf8_bom(std::string_view b) { return b.size() >= 3 && b.substr(0, 3) == "\xEF\xBB\xBF"; }

}  // namespace

bool is_ascii(std::string_view bytes) {
  std::size_t i = 0;
  constexpr std::uint64_t kHigh = 0x8080808080808080ull;
  for (; i + 32 <= bytes.size(); i += 32) {  // four words at a time
    std::uint64_t w[4];
    std::memcpy(w, bytes.data() + i, 32);
    if ((w[0] | w[1] | w[2] | w[3]) & kHigh) return false;
  }
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes.data() + i, 8);
    if (w & kHigh) return false;
  }
  for (; i < bytes.size(); ++i)
    if (static_cast<unsigned char>(bytes[i]) >= 0x80) return false;
  return true;
}

std::string_view encoding_name(Encoding e) {
  switch (e) {
    case Encoding::Ascii: return "US-ASCII";
    case Encoding::Utf8: return "UTF-8";
    case Encoding::Utf8Bom: return "UTF-8 (BOM)";
    case Encoding::Utf16Le: return "UTF-16LE";
    case Encoding::Utf16Be: return "UTF-16BE";
    case Encoding::Latin1: return "ISO-8859-1";
    case Encoding::Windows1252: return "windows-1252";
    case Encoding::Windows1251: return "windows-1251";
    case Encoding::Cp866: return "CP866";
    case Encoding::Koi8r: return "KOI8-R";
    case Encoding::Windows1250: return "windows-1250";
    case Encoding::Iso8859_2: return "ISO-8859-2";
    case Encoding::Windows1253: return "windows-1253";
    case Encoding::Iso8859_7: return "ISO-8859-7";
    case Encoding::Windows1254: return "windows-1254";
    case Encoding::Iso8859_9: return "ISO-8859-9";
    case Encoding::Koi8u: return "KOI8-U";
  }
  return "?";
}

std::optional<Encoding> encoding_from_name(std::string_view name) {
  struct Alias {
    std::string_view name;
    Encoding encoding;
  };
  static constexpr Alias kAliases[] = {
      {"ascii", Encoding::Ascii},
      {"us-ascii", Encoding::Ascii},
      {"utf-8", Encoding::Utf8},
      {"utf8", Encoding::Utf8},
      {"utf-8-bom", Encoding::Utf8Bom},
      {"utf-16le", Encoding::Utf16Le},
      {"utf-16be", Encoding::Utf16Be},
      {"latin1", Encoding::Latin1},
      {"latin-1", Encoding::Latin1},
      {"iso-8859-1", Encoding::Latin1},
      {"iso8859-1", Encoding::Latin1},
      {"windows-1252", Encoding::Windows1252},
      {"cp1252", Encoding::Windows1252},
      {"windows-1251", Encoding::Windows1251},
      {"cp1251", Encoding::Windows1251},
      {"cp866", Encoding::Cp866},
      {"ibm866", Encoding::Cp866},
      {"ibm-866", Encoding::Cp866},
      {"koi8-r", Encoding::Koi8r},
      {"koi8r", Encoding::Koi8r},
      {"koi8", Encoding::Koi8r},
      {"cskoi8r", Encoding::Koi8r},
      {"windows-1250", Encoding::Windows1250},
      {"cp1250", Encoding::Windows1250},
      {"iso-8859-2", Encoding::Iso8859_2},
      {"iso8859-2", Encoding::Iso8859_2},
      {"latin2", Encoding::Iso8859_2},
      {"latin-2", Encoding::Iso8859_2},
      {"windows-1253", Encoding::Windows1253},
      {"cp1253", Encoding::Windows1253},
      {"iso-8859-7", Encoding::Iso8859_7},
      {"iso8859-7", Encoding::Iso8859_7},
      {"greek", Encoding::Iso8859_7},
      {"windows-1254", Encoding::Windows1254},
      {"cp1254", Encoding::Windows1254},
      {"iso-8859-9", Encoding::Iso8859_9},
      {"iso8859-9", Encoding::Iso8859_9},
      {"latin5", Encoding::Iso8859_9},
      {"latin-5", Encoding::Iso8859_9},
      {"koi8-u", Encoding::Koi8u},
      {"koi8u", Encoding::Koi8u},
  };
  for (const Alias& a : kAliases)
    if (iequals(a.name, name)) return a.encoding;
  return std::nullopt;
}

bool is_single_byte(Encoding e) {
  switch (e) {  // (exhaustive: -Wswitch names an encoding added and not sorted here)
    case Encoding::Ascii:
    case Encoding::Utf8:
    case Encoding::Utf8Bom:
    case Encoding::Utf16Le:
    case Encoding::Utf16Be: return false;
    case Encoding::Latin1:
    case Encoding::Windows1252:
    case Encoding::Windows1251:
    case Encoding::Cp866:
    case Encoding::Koi8r:
    case Encoding::Windows1250:
    case Encoding::Iso8859_2:
    case Encoding::Windows1253:
    case Encoding::Iso8859_7:
    case Encoding::Windows1254:
    case Encoding::Iso8859_9:
    case Encoding::Koi8u: return true;
  }
  return false;
}

// Between anchor `at` and the next (nullptr: none) the text advances one byte per input byte,
// except inside a character whose UTF-8 form is longer than its input form (a replacement
// character for one stray byte): there the count stops at the next anchor, so an offset never
// passes the character's end.
// A map that counts characters: one byte of the input for each character of the text from the
// anchor on (a character's continuation bytes are not counted, so an offset inside a character
// maps to its end, as above).
std::uint64_t OffsetMap::between(std::uint64_t decoded, Anchor at, const Anchor* next) const {
  if (counted_) return at.original + characters(at.decoded, decoded);
  const std::uint64_t limit = next ? next->original : UINT64_MAX;
  return std::min(at.original + (decoded - at.decoded), limit);
}

// The text's bytes less its continuation bytes (10xxxxxx), a word at a time: bit 7 of each byte
// set and bit 6 (shifted onto bit 7) clear.
std::uint64_t OffsetMap::characters(std::uint64_t from, std::uint64_t to) const {
  const std::uint64_t end = std::min<std::uint64_t>(to, text_size_);
  if (from >= end) return to - from;
  const char* p = text_ + from;
  const std::size_t n = static_cast<std::size_t>(end - from);
  // (Bit 7 set and bit 6, shifted onto bit 7, clear: a continuation byte.)
  const auto continuations = [](std::uint64_t x) {
    return static_cast<std::size_t>(std::popcount(x & ~(x << 1) & kHighBits));
  };
  std::size_t continuation = 0, i = 0;
  for (; i + 8 <= n; i += 8) continuation += continuations(load_word(p + i));
  if (i < n && from + i + 8 <= text_size_) {  // the last bytes in a word read from the text too
    continuation += continuations(load_word(p + i) & (~std::uint64_t{0} >> (64 - 8 * (n - i))));
    i = n;
  }
  for (; i < n; ++i) continuation += (static_cast<unsigned char>(p[i]) & 0xC0) == 0x80;
  return (to - from) - continuation;
}

OffsetMap::Anchor OffsetMap::anchor_after(std::size_t index, Anchor before, std::size_t& pos) const {
  if (index + 1 == count_) return last_;
  if (index % kBlock == 0) {
    const Block& b = blocks_[index / kBlock];
    pos = b.pos;
    return Anchor{b.decoded, b.original};
  }
  const std::uint8_t first = packed_[pos++];
  if (first != 0) return Anchor{before.decoded + (first >> 4), before.original + (first & 15)};
  // Escaped: two varints (the original's difference zigzagged: it may be negative).
  auto varint = [&] {
    std::uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
      const std::uint8_t byte = packed_[pos++];
      v |= std::uint64_t{byte & 0x7Fu} << shift;
      if (!(byte & 0x80)) return v;
    }
  };
  const std::uint64_t dd = varint();
  const std::uint64_t zo = varint();
  const std::uint64_t dorig = (zo >> 1) ^ (std::uint64_t{0} - (zo & 1));
  return Anchor{before.decoded + dd, before.original + dorig};
}

void OffsetMap::commit(Anchor a) {
  const std::size_t index = count_ - 1;  // a's index: a is the last anchor until add() counts the next
  if (index % kBlock == 0) {
    blocks_.push_back(Block{a.decoded, a.original, packed_.size()});
  } else {
    const std::uint64_t dd = a.decoded - committed_.decoded;
    const std::uint64_t dorig = a.original - committed_.original;  // (mod 2^64: zigzagged below)
    if (dd >= 1 && dd <= 15 && dorig <= 15) {
      packed_.push_back(static_cast<std::uint8_t>(dd << 4 | dorig));
    } else {
      packed_.push_back(0);
      auto varint = [&](std::uint64_t v) {
        for (; v >= 0x80; v >>= 7) packed_.push_back(static_cast<std::uint8_t>(v | 0x80));
        packed_.push_back(static_cast<std::uint8_t>(v));
      };
      varint(dd);
      const auto signed_dorig = static_cast<std::int64_t>(dorig);
      varint((static_cast<std::uint64_t>(signed_dorig) << 1) ^ static_cast<std::uint64_t>(signed_dorig >> 63));
    }
  }
  committed_ = a;
}

std::uint64_t OffsetMap::original(std::uint64_t decoded) const {
  if (count_ == 0) return counted_ ? characters(0, decoded) : decoded;
  // Past the last anchor (a game's movetext after accented tag values): no search.
  if (decoded >= last_.decoded) return between(decoded, last_, nullptr);
  // The last block whose first anchor is at or before `decoded`; before the first anchor, the
  // text is the input's.
  const auto it = std::upper_bound(blocks_.begin(), blocks_.end(), decoded,
                                   [](std::uint64_t d, const Block& b) { return d < b.decoded; });
  if (it == blocks_.begin()) {
    if (counted_) return characters(0, decoded);
    std::size_t pos = 0;
    const Anchor first = anchor_after(0, Anchor{}, pos);
    return std::min(decoded, first.original);
  }
  Hint hint;
  hint.next = static_cast<std::size_t>(it - blocks_.begin() - 1) * kBlock + 1;
  hint.pos = (it - 1)->pos;
  hint.decoded = (it - 1)->decoded;
  hint.original = (it - 1)->original;
  return original(decoded, hint);
}

std::uint64_t OffsetMap::original_stepped(std::uint64_t decoded, Hint& hint) const {
  // The reader asks in text order: from the last answer's anchor on, a step or two (a CRLF file
  // has an anchor at every line end; searching them all for each move was 5 % of checking one).
  if (hint.next > count_ || (hint.next > 0 && hint.decoded > decoded)) return original(decoded);
  if (counted_ && hint.counted_decoded > decoded) return original(decoded);
  Anchor at{hint.decoded, hint.original};
  const Anchor* next = nullptr;
  Anchor after;
  while (hint.next < count_) {
    std::size_t pos = hint.pos;
    after = anchor_after(hint.next, at, pos);
    if (after.decoded > decoded) {
      next = &after;
      break;
    }
    at = after;
    hint.next++;
    hint.pos = pos;
    hint.decoded = at.decoded;
    hint.original = at.original;
  }
  if (counted_) {
    // Before the first anchor the text begins at the input's first byte; the count goes on from
    // the last answer when it lies between the anchor and `decoded`.
    if (hint.next == 0) at = Anchor{};
    if (hint.counted_decoded > at.decoded) at = Anchor{hint.counted_decoded, hint.counted_original};
    const std::uint64_t answer = between(decoded, at, next);
    hint.counted_decoded = decoded;
    hint.counted_original = answer;
    hint.counted_limit = next ? next->decoded : UINT64_MAX;
    return answer;
  }
  if (hint.next == 0) return next ? std::min(decoded, next->original) : decoded;
  return between(decoded, at, next);
}

void OffsetMap::add(std::uint64_t decoded, std::uint64_t original_offset) {
  // (A map that counts characters is told only what the count does not give, and its text is
  // not attached while it is built.)
  if (!counted_ && original(decoded) == original_offset) return;
  if (count_ > 0 && last_.decoded == decoded) {
    last_.original = original_offset;
    return;
  }
  if (count_ > 0) commit(last_);
  last_ = Anchor{decoded, original_offset};
  ++count_;
}

Decoded::Decoded(Decoded&& o) noexcept { *this = std::move(o); }

Decoded& Decoded::operator=(Decoded&& o) noexcept {
  encoding = o.encoding;
  forced = o.forced;
  invalid_bytes = o.invalid_bytes;
  first_invalid = o.first_invalid;
  map = std::move(o.map);
  storage_ = std::move(o.storage_);
  view_ = o.view_;
  owned_ = o.owned_;
  if (map.counts_characters()) map.attach(text());  // (a short string's bytes move with it)
  return *this;
}

bool is_valid_utf8(std::string_view bytes) {
  auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  auto* end = p + bytes.size();
  while (p < end) {
    if (*p < 0x80) {
      // ASCII a word at a time up to the next high byte.
      const std::size_t at = static_cast<std::size_t>(p - reinterpret_cast<const unsigned char*>(bytes.data()));
      p += next_high_or_cr(bytes, at, false) - at;
      continue;
    }
    // A two-byte letter (Cyrillic, Greek, accented Latin) without a call: a lead of C2-DF (C0
    // and C1 would be overlong) and a continuation byte.
    if (p[0] >= 0xC2 && p[0] <= 0xDF && end - p >= 2 && (p[1] & 0xC0) == 0x80) {
      p += 2;
      continue;
    }
    std::size_t n = utf8_sequence(p, end);
    if (n == 0) return false;
    p += n;
  }
  return true;
}

Encoding detect_encoding(std::string_view bytes, std::optional<Encoding> prefer) {
  if (bytes.size() >= 2) {
    if (bytes[0] == '\xFF' && bytes[1] == '\xFE') return Encoding::Utf16Le;
    if (bytes[0] == '\xFE' && bytes[1] == '\xFF') return Encoding::Utf16Be;
  }
  if (has_utf8_bom(bytes)) return Encoding::Utf8Bom;
  if (is_ascii(bytes)) return Encoding::Ascii;
  if (is_valid_utf8(bytes)) return Encoding::Utf8;
  return detect_single_byte(bytes, prefer);
}

Decoded decode(std::string_view bytes, const DecodeOptions& options) {
  Decoded d;
  d.forced = options.force.has_value();
  d.encoding = options.force      ? *options.force
               : options.detected ? *options.detected
                                  : detect_encoding(bytes, options.prefer);
  bool normalize = options.normalize_line_ends;
  if (is_single_byte(d.encoding)) {
    decode_single_byte(d, bytes, d.encoding, normalize);
    return d;
  }
  switch (d.encoding) {
    case Encoding::Ascii:
    case Encoding::Utf8:
      // Fast path: nothing to convert, nothing to copy.
      // (A detection's Utf8 has validated these bytes: each reading of a game decodes it again.)
      if ((!normalize || std::memchr(bytes.data(), '\r', bytes.size()) == nullptr) &&
          (d.encoding == Encoding::Ascii ? (d.forced ? is_ascii(bytes) : true)
                                         : (!d.forced && options.detected == Encoding::Utf8) || is_valid_utf8(bytes))) {
        d.set_view(bytes);
        return d;
      }
      decode_utf8(d, bytes, 0, normalize);
      return d;
    case Encoding::Utf8Bom: decode_utf8(d, bytes, has_utf8_bom(bytes) ? 3 : 0, normalize); return d;
    case Encoding::Utf16Le:
    case Encoding::Utf16Be: {
      bool big = d.encoding == Encoding::Utf16Be;
      // A forced UTF-16 may come without its BOM.
      bool bom = bytes.size() >= 2 && ((big && bytes[0] == '\xFE' && bytes[1] == '\xFF') ||
                                       (!big && bytes[0] == '\xFF' && bytes[1] == '\xFE'));
      decode_utf16(d, bytes, big, normalize, bom ? 2 : 0);
      return d;
    }
    default: break;  // the single-byte encodings (is_single_byte), above
  }
  return d;
}

std::string encode(std::string_view utf8, Encoding target) {
  std::string out;
  auto* p = reinterpret_cast<const unsigned char*>(utf8.data());
  auto* end = p + utf8.size();
  if (is_single_byte(target)) {
    const HighTable& table = table_for(target);
    while (p < end) {
      char32_t cp = kReplacement;
      std::size_t n = utf8_sequence(p, end, &cp);
      p += n ? n : 1;
      if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
        continue;
      }
      auto it = std::find(table.begin(), table.end(), cp);
      out.push_back(it == table.end() ? '?' : static_cast<char>(0x80 + (it - table.begin())));
    }
    return out;
  }
  switch (target) {
    case Encoding::Ascii:
    case Encoding::Utf8:
    case Encoding::Utf8Bom: return std::string(utf8);
    case Encoding::Utf16Le:
    case Encoding::Utf16Be: {
      bool big = target == Encoding::Utf16Be;
      auto put_unit = [&](char32_t u) {
        char hi = static_cast<char>(u >> 8), lo = static_cast<char>(u & 0xFF);
        if (big) {
          out.push_back(hi);
          out.push_back(lo);
        } else {
          out.push_back(lo);
          out.push_back(hi);
        }
      };
      while (p < end) {
        char32_t cp = kReplacement;
        std::size_t n = utf8_sequence(p, end, &cp);
        p += n ? n : 1;
        if (cp >= 0x10000) {
          cp -= 0x10000;
          put_unit(0xD800 + (cp >> 10));
          put_unit(0xDC00 + (cp & 0x3FF));
        } else {
          put_unit(cp);
        }
      }
      return out;
    }
    default: break;  // the single-byte encodings (is_single_byte), above
  }
  return out;
}

LineColumn line_column(std::string_view text, std::uint64_t offset, std::uint32_t first_line,
                       std::uint32_t first_column) {
  offset = std::min<std::uint64_t>(offset, text.size());
  LineColumn lc{first_line, first_column};
  std::size_t line_start = 0;
  bool first = true;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++lc.line;
      line_start = i + 1;
      first = false;
    }
  }
  std::uint32_t cps = 0;
  for (std::size_t i = line_start; i < offset; ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++cps;
  lc.column = (first ? first_column : 1) + cps;
  return lc;
}

}  // namespace planilla
