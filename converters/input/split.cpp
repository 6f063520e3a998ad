#include "converters/input/split.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <initializer_list>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define PLANILLA_SPLIT_AVX2 1
#else
#define PLANILLA_SPLIT_AVX2 0
#endif
#ifdef __SSSE3__
#include <tmmintrin.h>
#endif
#include <cstring>
#include <istream>
#include <memory>

#include "grammar/pgn_chars.hpp"

namespace planilla {

namespace {

// Look-ahead the scanner may need past the byte it decides on: `1/2-1/2` plus a delimiter, a
// promotion `(X)` with a 4-byte code point, or `[Name "` in a comment.
constexpr std::size_t kLookahead = 32;

constexpr bool is_blank(unsigned char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }
bool is_newline(unsigned char c) { return c == '\n' || c == '\r'; }

// The grammar's delimiters (grammar/pgn_chars.hpp) but the quote: the cutter also meets tag
// values it does not read as tags (`[Result "1-0"]<br />[Site "?"]`, a whole tag section on one
// line of an HTML export), where `"1-0"` is a value, not a result that ends the game.
constexpr std::array<bool, 256> kEndsToken = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[static_cast<std::size_t>(c)] = c != '"' && grammar::is_pgn_delimiter(static_cast<unsigned char>(c));
  return t;
}();
// A table: the walk over a shard's prefix asks it for every byte of each game's last token.
constexpr bool ends_token(unsigned char c) { return kEndsToken[c]; }

std::size_t utf8_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) return 2;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return 4;
  return 1;
}

std::uint32_t code_points(std::string_view d, std::size_t from, std::size_t to) {
  std::uint32_t n = 0;
  for (std::size_t i = from; i < to; ++i)
    if ((static_cast<unsigned char>(d[i]) & 0xC0) != 0x80) ++n;
  return n;
}

// `(X)` with X one code point: a promotion `e8(Q)` or the draw offer `(=)`, not a variation.
std::size_t single_in_parens(std::string_view d, std::size_t i) {
  if (i + 2 >= d.size()) return 0;
  auto lead = static_cast<unsigned char>(d[i + 1]);
  if (is_blank(lead) || is_newline(lead) || lead == '(' || lead == ')') return 0;
  std::size_t n = utf8_length(lead);
  if (i + 1 + n < d.size() && d[i + 1 + n] == ')') return n + 2;
  return 0;
}

// `[Name "` at `i`, within the look-ahead: a tag pair, used to end a game whose comment was
// never closed. Looking further than kLookahead would make the answer depend on how much of the
// stream happens to be buffered (a 100-letter name read from memory and from a stream split
// differently; found by fuzz_pgn_reader).
bool looks_like_tag(std::string_view d, std::size_t i) {
  const std::size_t end = std::min(d.size(), i + kLookahead);
  std::size_t j = i + 1;
  std::size_t name = 0;
  while (j < end && is_tag_name_byte(d[j])) ++j, ++name;
  if (name == 0) return false;
  std::size_t spaces = 0;
  while (j < end && d[j] == ' ') ++j, ++spaces;
  return spaces > 0 && j < end && d[j] == '"';
}

// Whether only blanks follow `at` to its line's end, within the look-ahead (the end of the data
// there is the input's: scan() stops a look-ahead short of the end of a buffer that is not the
// last).
bool rest_of_line_blank(std::string_view d, std::size_t at) {
  const std::size_t end = std::min(d.size(), at + kLookahead);
  for (std::size_t j = at; j < end; ++j) {
    const auto c = static_cast<unsigned char>(d[j]);
    if (c == '\n' || c == '\r') return true;
    if (!is_blank(c)) return false;
  }
  return end == d.size();
}

// The tag name after `[` (within the look-ahead), for telling a new tag section from a blank
// line inside one.
std::string_view tag_name_at(std::string_view d, std::size_t i) {
  const std::size_t end = std::min(d.size(), i + kLookahead);
  std::size_t j = i + 1;
  while (j < end && d[j] == ' ') ++j;
  std::size_t from = j;
  while (j < end && is_tag_name_byte(d[j])) ++j;
  return d.substr(from, j - from);
}

// Bytes that end a run of "plain" bytes (see GameSplitter::skip_run), per scanner mode. In
// Normal mode a plain byte is one that cannot start a tag, comment, variation or result and is
// ASCII; elsewhere, one that cannot end the mode.
enum : std::uint8_t { kInert, kRunBlank, kResultStart, kStop };
struct StopTables {
  std::array<std::array<bool, 256>, 5> stop{};
  // Normal mode in one look-up: kInert, kRunBlank (space, tab), kResultStart (0 1 *), kStop.
  std::array<std::uint8_t, 256> normal_class{};
  constexpr StopTables() {
    for (auto& t : stop) t['\n'] = t['\r'] = true;
    auto& normal = stop[0];
    for (int c = 0x80; c < 256; ++c) normal[static_cast<std::size_t>(c)] = true;
    // (`]`: after a tag on its line it stays in the tag section, scan()'s byte rule.)
    for (unsigned char c : {'[', ']', ';', '%', '{', '(', ')', '0', '1', '*', ' ', '\t', '\f', '\v'}) normal[c] = true;
    for (unsigned char c : {'}', '['}) stop[1][c] = true;  // BraceComment
    // stop[2]: LineComment, only the line end.
    for (unsigned char c : {'"', ']'}) stop[3][c] = true;   // TagLine
    for (unsigned char c : {'"', '\\'}) stop[4][c] = true;  // TagString
    for (int c = 0; c < 256; ++c)
      normal_class[static_cast<std::size_t>(c)] = normal[static_cast<std::size_t>(c)] ? kStop : kInert;
    normal_class[' '] = normal_class['\t'] = kRunBlank;
    normal_class['0'] = normal_class['1'] = normal_class['*'] = kResultStart;
  }
};
constexpr StopTables kStops;

// Normal mode's byte classes for a 16-byte look-up (SSSE3 pshufb): a byte's class bits are
// hi[byte >> 4] & lo[byte & 15], each bit a set of high nibbles times a set of low nibbles.
enum : std::uint8_t {
  kLineEndOrControl = 1,  // \n \v \f \r
  kPunct = 2,             // % ( ) *
  kOpener = 4,            // ; [ {
  kHigh = 8,              // 0x80-0xFF
  kZeroOne = 16,          // 0 1: a result only before - or /
  kSpace = 32,
  kTab = 64,
  kCloseBracket = 128,  // ]
  kNormalStop = kLineEndOrControl | kPunct | kOpener | kHigh | kCloseBracket,
  kNormalBlank = kSpace | kTab,
};
struct NibbleTables {
  std::array<std::uint8_t, 16> hi{}, lo{};
  constexpr void add(std::uint8_t bit, std::initializer_list<int> highs, std::initializer_list<int> lows) {
    for (int h : highs) hi[static_cast<std::size_t>(h)] |= bit;
    for (int l : lows) lo[static_cast<std::size_t>(l)] |= bit;
  }
  constexpr std::uint8_t of(int c) const {
    return hi[static_cast<std::size_t>(c >> 4)] & lo[static_cast<std::size_t>(c & 15)];
  }
};
constexpr NibbleTables kNormalNibbles = [] {
  NibbleTables t;
  t.add(kLineEndOrControl, {0x0}, {0xA, 0xB, 0xC, 0xD});
  t.add(kPunct, {0x2}, {0x5, 0x8, 0x9, 0xA});
  t.add(kOpener, {0x3, 0x5, 0x7}, {0xB});
  t.add(kHigh, {0x8, 0x9, 0xA, 0xB, 0xC, 0xD, 0xE, 0xF}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  t.add(kZeroOne, {0x3}, {0x0, 0x1});
  t.add(kSpace, {0x2}, {0x0});
  t.add(kTab, {0x0}, {0x9});
  t.add(kCloseBracket, {0x5}, {0xD});
  return t;
}();
// The classes are exactly normal_class: the runs below may not skip a byte the byte rules decide.
static_assert([] {
  for (int c = 0; c < 256; ++c) {
    const std::uint8_t k = kStops.normal_class[static_cast<std::size_t>(c)];
    const std::uint8_t bits = kNormalNibbles.of(c);
    if (((bits & kNormalBlank) != 0) != (k == kRunBlank)) return false;
    if (((bits & kZeroOne) != 0) != (c == '0' || c == '1')) return false;
    if (((bits & kNormalStop) != 0) != (k == kStop || c == '*')) return false;
  }
  return true;
}());

#ifdef __SSSE3__
// The class bits of 16 bytes by a pair of nibble tables (pshufb: hi[byte >> 4] & lo[byte & 15]).
inline __m128i classify(const NibbleTables& t, __m128i v) {
  const __m128i nibble = _mm_set1_epi8(15);
  const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t.hi.data()));
  const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t.lo.data()));
  return _mm_and_si128(_mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(v, 4), nibble)),
                       _mm_shuffle_epi8(lo, _mm_and_si128(v, nibble)));
}
// Bit n for byte n when its class bits share any with `of` (adding 0x7F with saturation sets the
// sign bit of every non-zero byte).
inline unsigned any_class(__m128i bits, __m128i of) {
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_adds_epu8(_mm_and_si128(bits, of), _mm_set1_epi8(0x7F))));
}
#endif

#ifdef __SSSE3__
// For the 64 bytes at `p` (and the byte after them, which must be readable): bit n of `stop` for
// a byte that ends a Normal-mode run (kStop, '*', and '0' or '1' before '-' or '/'), of `content`
// for one that is not a run blank.
struct NormalMasks {
  std::uint64_t stop, content;
};
inline NormalMasks normal_masks(const unsigned char* p) {
  NormalMasks m{0, 0};
  for (int k = 0; k < 64; k += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k));
    const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k + 1));
    const __m128i bits = classify(kNormalNibbles, v);
    // '-' (0x2D) and '/' (0x2F) are the bytes that OR 2 makes '/'.
    const __m128i dash_next = _mm_cmpeq_epi8(_mm_or_si128(next, _mm_set1_epi8(2)), _mm_set1_epi8('/'));
    const __m128i stop_bits = _mm_or_si128(_mm_set1_epi8(static_cast<char>(kNormalStop)),
                                           _mm_and_si128(dash_next, _mm_set1_epi8(static_cast<char>(kZeroOne))));
    m.stop |= std::uint64_t{any_class(bits, stop_bits)} << k;
    m.content |= std::uint64_t{any_class(bits, _mm_set1_epi8(static_cast<char>(kNormalBlank)))} << k;
  }
  m.content = ~m.content;
  return m;
}
#endif

// The other modes' byte classes, by the same kind of look-up: a mode's stops are some of them.
enum : std::uint8_t {
  kLineEnd = 1,   // \n \r
  kQuote = 2,     // "
  kCloseTag = 4,  // ]
  kBackslash = 8,
  kCloseBrace = 16,  // }
  kOpenTag = 32,     // [
  kTextSpace = 64,   // space
  kTextBlank = 128,  // \t \v \f
};
constexpr NibbleTables kTextNibbles = [] {
  NibbleTables t;
  t.add(kLineEnd, {0x0}, {0xA, 0xD});
  t.add(kQuote, {0x2}, {0x2});
  t.add(kCloseTag, {0x5}, {0xD});
  t.add(kBackslash, {0x5}, {0xC});
  t.add(kCloseBrace, {0x7}, {0xD});
  t.add(kOpenTag, {0x5}, {0xB});
  t.add(kTextSpace, {0x2}, {0x0});
  t.add(kTextBlank, {0x0}, {0x9, 0xB, 0xC});
  return t;
}();
// Per mode (BraceComment, LineComment, TagLine, TagString), its stops among the classes.
constexpr std::uint8_t kTagStringStops = kLineEnd | kQuote | kBackslash;
constexpr std::array<std::uint8_t, 5> kModeStops = {0, kLineEnd | kCloseBrace | kOpenTag, kLineEnd,
                                                    kLineEnd | kQuote | kCloseTag, kTagStringStops};
static_assert([] {
  for (int c = 0; c < 256; ++c) {
    const std::uint8_t bits = kTextNibbles.of(c);
    for (std::size_t mode = 1; mode < kModeStops.size(); ++mode)
      if (((bits & kModeStops[mode]) != 0) != kStops.stop[mode][static_cast<std::size_t>(c)]) return false;
    if (((bits & (kTextSpace | kTextBlank)) != 0) != is_blank(static_cast<unsigned char>(c))) return false;
  }
  return true;
}());

#ifdef __SSSE3__
// For the 16 bytes at `p`: the stops `outside` of a tag value (TagLine's, or a comment mode's, as
// `outside_stops` says) and `inside` (TagString's), the bytes that start a code point (`text`: not
// UTF-8 continuation bytes, 10xxxxxx), and the non-blank ones.
struct TextMasks {
  unsigned outside, inside, text, content;
};
inline TextMasks text_masks(const unsigned char* p, std::uint8_t outside_stops) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i bits = classify(kTextNibbles, v);
  const auto any = [&](std::uint8_t of) { return any_class(bits, _mm_set1_epi8(static_cast<char>(of))); };
  const __m128i top = _mm_and_si128(v, _mm_set1_epi8(static_cast<char>(0xC0)));
  const auto continuation =
      static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(top, _mm_set1_epi8(static_cast<char>(0x80)))));
  return {any(outside_stops), any(kTagStringStops), ~continuation, ~any(kTextSpace | kTextBlank)};
}
#endif

static_assert(std::endian::native == std::endian::little, "the SWAR scans below read the first byte as the lowest");

// The first LF or `]` at or after `from` (d.size() when none), eight bytes at a time.
std::size_t first_lf_or_bracket(std::string_view d, std::size_t from) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull, kLow = 0x7F7F7F7F7F7F7F7Full;
  const auto zero_bytes = [&](std::uint64_t x) { return ~(((x & kLow) + kLow) | x) & kHigh; };
  std::size_t j = from;
  for (; j + 8 <= d.size(); j += 8) {
    std::uint64_t w;
    std::memcpy(&w, d.data() + j, 8);
    if (const std::uint64_t hit = zero_bytes(w ^ (kOnes * '\n')) | zero_bytes(w ^ (kOnes * ']')))
      return j + static_cast<std::size_t>(std::countr_zero(hit)) / 8;  // little-endian: the first byte
  }
  while (j < d.size() && d[j] != '\n' && d[j] != ']') ++j;
  return j;
}

bool is_text_blank(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\n' || c == '\r'; }

// Whether the `-` at j is inside a result token's text ("1-0", "0-1", "1/2-1/2", "½-½" in UTF-8
// or Latin-1); `from` is where such a text begins (valid when true).
bool result_dash(std::string_view d, std::size_t j, std::size_t& from) {
  const auto at = [&](std::size_t i, std::string_view s) { return i <= d.size() && d.substr(i, s.size()) == s; };
  if (j >= 1 && (at(j - 1, "1-0") || at(j - 1, "0-1") || at(j - 1, "\xBD-\xBD"))) return from = j - 1, true;
  if (j >= 3 && at(j - 3, "1/2-1/2")) return from = j - 3, true;
  if (j >= 2 && at(j - 2, "\xC2\xBD-\xC2\xBD")) return from = j - 2, true;
  return false;
}

// One game of the usual shape from `p` (a line-start `[` where a splitter is fresh): the start
// of the next one (a line-start `[Name "` after an empty line, where a splitter is fresh again)
// and the end of this one's bytes; npos when the stretch has any other shape. The whole-input
// splitter cuts exactly one game in [p, next):
// - tag lines: each starts with `[` at the line start, and a `]` on it is directly followed by
//   the line end, so nothing on it is read in Normal mode (tag values and names are inert; an
//   unclosed value ends at the line end) and the section stays Tags without a blank line;
// - an empty line, then movetext whose first byte sets the section to Movetext;
// - no `[` at a line start in the movetext (no new tag section, no comment-ending tag pair);
// - no text that could be a result before its last token, and only blanks after it: a result
//   read there ends the game with nothing after it, one not read (in a comment, a variation, a
//   label) leaves the game going on to the next tag section;
// - the next `[Name "` follows an empty line at a line start: a new game in Movetext, after a
//   result, and (looks_like_tag) in a comment left open.
// No CR anywhere (lines are counted by LF).
// The movetext is read once, 16 bytes at a time: the masks of `[`, `-`, `*`, LF, CR and bytes
// above 0x7F serve all the checks above and the line count (a walk of a shard's prefix is this
// loop, so it reads each byte once, not once per question).
struct OneGame {
  std::size_t next = std::string_view::npos;
  std::size_t end = 0;         // one past the game's last non-blank byte
  std::uint64_t lf = 0;        // LF bytes in [p, next)
  bool high = false;           // a byte above 0x7F in [p, next)
  std::size_t movetext = 0;    // where the movetext begins
  std::size_t last_token = 0;  // where its last token begins: [last_token, end)
};

// Bit n for byte n of the 16 (or fewer, before `n`) bytes at `b`.
struct MovetextMasks {
  unsigned open, dash, star, lf, cr, high;
};
inline MovetextMasks movetext_masks(std::string_view d, std::size_t b) {
  MovetextMasks m{};
#ifdef __SSE2__
  if (b + 16 <= d.size()) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d.data() + b));
    const auto eq = [&](char c) {
      return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c))));
    };
    return {eq('['), eq('-'), eq('*'), eq('\n'), eq('\r'), static_cast<unsigned>(_mm_movemask_epi8(v))};
  }
#endif
  for (std::size_t i = b; i < std::min(d.size(), b + 16); ++i) {
    const auto c = static_cast<unsigned char>(d[i]);
    const unsigned bit = 1u << (i - b);
    m.open |= c == '[' ? bit : 0;
    m.dash |= c == '-' ? bit : 0;
    m.star |= c == '*' ? bit : 0;
    m.lf |= c == '\n' ? bit : 0;
    m.cr |= c == '\r' ? bit : 0;
    m.high |= c >= 0x80 ? bit : 0;
  }
  return m;
}

// `{ } ( ) ; %`: the bytes that make movetext other than moves, numbers and results for the
// scanner (a comment, a variation, a line comment).
constexpr bool is_commentary(char c) { return c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '%'; }

// Bit n for byte n of the 16 (or fewer) bytes at `b` that is_commentary().
inline unsigned commentary_mask(std::string_view d, std::size_t b) {
#ifdef __SSE2__
  if (b + 16 <= d.size()) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d.data() + b));
    const auto eq = [&](char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
    const __m128i any = _mm_or_si128(_mm_or_si128(_mm_or_si128(eq('{'), eq('}')), _mm_or_si128(eq('('), eq(')'))),
                                     _mm_or_si128(eq(';'), eq('%')));
    return static_cast<unsigned>(_mm_movemask_epi8(any));
  }
#endif
  unsigned m = 0;
  for (std::size_t i = b; i < std::min(d.size(), b + 16); ++i)
    if (is_commentary(d[i])) m |= 1u << (i - b);
  return m;
}

// Whether a result at `t` is read as one by the byte rules (GameSplitter::scan()) after the
// movetext [m, t) of a game of the usual shape (one_game()): in Normal mode at variation depth 0.
// The shape leaves only comments, variations and `;` and `%` lines to follow (no CR, no
// line-start `[`, no result before t), so the bytes that move the state are `{ } ( ) ; %` and
// LF, visited in order from their masks.
bool result_read_at(std::string_view d, std::size_t m, std::size_t t) {
  enum class Mode : std::uint8_t { Normal, Brace, Line } mode = Mode::Normal;
  std::size_t depth = 0;
  std::size_t skip_to = 0;  // past a `(X)` the byte rules take whole
  for (std::size_t b = m; b < t; b += 16) {
    unsigned bits = commentary_mask(d, b) | movetext_masks(d, b).lf;
    if (t - b < 16) bits &= (1u << (t - b)) - 1;
    for (; bits != 0; bits &= bits - 1) {
      const std::size_t at = b + static_cast<std::size_t>(std::countr_zero(bits));
      if (at < skip_to) continue;
      const char c = d[at];
      if (mode == Mode::Brace) {
        if (c == '}') mode = Mode::Normal;
      } else if (mode == Mode::Line) {
        if (c == '\n') mode = Mode::Normal;
      } else if (c == '{') {
        mode = Mode::Brace;
      } else if (c == ';' || (c == '%' && d[at - 1] == '\n')) {
        mode = Mode::Line;
      } else if (c == '(') {
        if (const std::size_t len = single_in_parens(d, at)) skip_to = at + len;
        else ++depth;
      } else if (c == ')' && depth > 0) {
        --depth;
      }
    }
  }
  return mode == Mode::Normal && depth == 0;
}

OneGame one_game(std::string_view d, std::size_t p) {
  constexpr std::size_t npos = std::string_view::npos;
  OneGame none;
  const std::size_t n = d.size();
  std::size_t i = p;
  std::uint64_t lf = 0;
  // Tag lines up to the empty line.
  for (;;) {
    if (i >= n || d[i] != '[') return none;
    std::size_t j = first_lf_or_bracket(d, i + 1);
    if (j < n && d[j] == ']') {
      ++j;
      if (j >= n || d[j] != '\n') return none;
    }
    if (j >= n) return none;
    ++lf;
    i = j + 1;  // after the line's LF
    if (i < n && d[i] == '\n') break;
  }
  ++lf;                         // the empty line's
  const std::size_t m = i + 1;  // the movetext's first byte
  if (m >= n) return none;
  const char first = d[m];
  if (first == '[' || first == ';' || first == '%' || is_text_blank(first)) return none;
  // The tag lines: no CR (their LFs are counted above), and whether any byte is above 0x7F.
  bool high = false;
  for (std::size_t b = p; b < m; b += 16) {
    MovetextMasks t = movetext_masks(d, b);
    const unsigned in = m - b >= 16 ? 0xFFFFu : (1u << (m - b)) - 1;
    if (t.cr & in) return none;
    high |= (t.high & in) != 0;
  }
  // The movetext: up to the next empty line followed by `[`, with no other line-start `[`
  // before it; the first text that could be a result (where it begins) and the first `*`.
  std::size_t k = npos;
  std::size_t first_result = npos, first_star = npos;
  for (std::size_t b = m; k == npos; b += 16) {
    if (b >= n) return none;
    const MovetextMasks t = movetext_masks(d, b);
    unsigned before = 0xFFFFu;  // the bits below k
    for (unsigned open = t.open; open != 0; open &= open - 1) {
      const std::size_t at = b + static_cast<std::size_t>(std::countr_zero(open));
      std::size_t back = at;
      while (back > m && (d[back - 1] == ' ' || d[back - 1] == '\t' || d[back - 1] == '\f' || d[back - 1] == '\v'))
        --back;
      if (back > m && d[back - 1] == '\n') {
        if (back != at || d[at - 2] != '\n') return none;  // a tag line inside the movetext
        k = at;
        before = (1u << (at - b)) - 1;
        break;
      }
    }
    if (t.cr & before) return none;
    high |= (t.high & before) != 0;
    lf += static_cast<std::uint64_t>(std::popcount(t.lf & before));
    if (first_star == npos && (t.star & before) != 0)
      first_star = b + static_cast<std::size_t>(std::countr_zero(t.star & before));
    for (unsigned dash = t.dash & before; dash != 0 && first_result == npos; dash &= dash - 1) {
      std::size_t begins = 0;
      if (result_dash(d, b + static_cast<std::size_t>(std::countr_zero(dash)), begins)) first_result = begins;
    }
  }
  if (!looks_like_tag(d, k)) return none;
  // The movetext's last token.
  std::size_t z = k - 2;  // the first LF of the empty line
  while (z > m && is_text_blank(d[z - 1])) --z;
  std::size_t t = z;  // the last token is [t, z)
  while (t > m && !ends_token(static_cast<unsigned char>(d[t - 1]))) --t;
  // Result-like text only in it.
  if (first_result != npos && first_result < t) return none;
  if (first_star != npos && first_star < t) return none;
  return OneGame{k, z, lf, high, m, t};
}

}  // namespace

GameSplitter::GameSplitter(std::istream& in, SplitOptions options) : in_(&in), options_(options) {
  options_.chunk_size = std::max<std::size_t>(options_.chunk_size, 2 * kLookahead);
}

GameSplitter::GameSplitter(std::string_view bytes, SplitOptions options)
    : memory_(bytes), eof_(true), options_(options) {
  if (memory_.substr(0, 3) == "\xEF\xBB\xBF") {
    bom_ = true;
    scan_ = 3;
  }
}

std::string_view GameSplitter::data() const { return in_ ? std::string_view(buffer_.data(), filled_) : memory_; }

void GameSplitter::compact() {
  std::size_t keep_from = in_game_ ? start_ : scan_;
  // Only when most of the buffer is dead: erasing the front on every game would be quadratic.
  if (keep_from == 0 || keep_from < filled_ / 2) return;
  std::memmove(buffer_.data(), buffer_.data() + keep_from, filled_ - keep_from);
  filled_ -= keep_from;
  base_ += keep_from;
  scan_ -= keep_from;
  if (in_game_) {
    start_ -= keep_from;
    last_content_ -= std::min(last_content_, keep_from);
  }
}

bool GameSplitter::fill() {
  if (!in_ || eof_) return false;
  compact();
  // The buffer keeps its size past the bytes read (filled_); the bytes past them are written by
  // the read, never zeroed first.
  const std::size_t old = filled_;
  if (buffer_.size() < old + options_.chunk_size) buffer_.resize_for_overwrite(old + options_.chunk_size);
  in_->read(buffer_.data() + old, static_cast<std::streamsize>(options_.chunk_size));
  auto got = static_cast<std::size_t>(in_->gcount());
  filled_ = old + got;
  peak_ = std::max(peak_, buffer_.size());
  if (got == 0) {
    eof_ = true;
    return false;
  }
  if (first_fill_) {
    first_fill_ = false;
    if (data().substr(0, 3) == "\xEF\xBB\xBF") {
      bom_ = true;
      scan_ = 3;
    }
  }
  return true;
}

void GameSplitter::begin_game(std::size_t at) {
  in_game_ = true;
  start_ = at;
  last_content_ = at;
  game_line_ = line_;
  game_column_ = column_;
  terminated_ = false;
}

namespace {

// A typed scoresheet's header line `Resultado: 1-0` (`Result:`, `Ergebnis:`, …) holds a result
// that does not end the game: the moves follow on the next lines. The result is such a value
// when its line, from its start (or the game's) up to the result, is a label of letters and
// spaces ending in ':'. Movetext never has that shape, so the rule needs no language table; the
// reader then reads the header into tags (converters/pgn/scoresheet.hpp).
bool labelled_result(std::string_view d, std::size_t from, std::size_t i) {
  std::size_t j = i;
  while (j > from && (d[j - 1] == ' ' || d[j - 1] == '\t')) --j;
  if (j == from || d[j - 1] != ':') return false;
  --j;
  std::size_t letters = 0;
  while (j > from && d[j - 1] != '\n' && d[j - 1] != '\r') {
    const auto c = static_cast<unsigned char>(d[j - 1]);
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
    if (!letter && c != ' ' && c != '\t' && c != '.') return false;
    letters += letter;
    --j;
  }
  return letters > 0;
}

}  // namespace

bool GameSplitter::result_at(std::string_view d, std::size_t i, std::size_t& length) const {
  static constexpr std::string_view kResults[] = {"1-0", "0-1", "1/2-1/2", "*", "\xC2\xBD-\xC2\xBD", "\xBD-\xBD"};
  for (std::string_view r : kResults) {
    if (d.substr(i, r.size()) != r) continue;
    std::size_t after = i + r.size();
    if (after < d.size() && !ends_token(static_cast<unsigned char>(d[after]))) continue;
    length = r.size();
    return true;
  }
  return false;
}

// Inline: the movetext runs take most line ends, and a call there would make them reload their
// vector constants.
inline void GameSplitter::newline() {
  ++line_;
  column_ = 1;
  if (line_blank_) blank_line_seen_ = true;
  line_blank_ = true;
  if (mode_ == Mode::LineComment || mode_ == Mode::TagLine || mode_ == Mode::TagString) mode_ = Mode::Normal;
}

// The offset of the `}` that closes a brace comment opened at `open`, when it closes before
// `limit` on the same line; 0 otherwise. Such a comment does nothing to the scanner's state but
// move the column by its code points, as its bytes one by one would: `continuation` gets the
// count of its bytes that the column does not count (0x80-0xBF, UTF-8's continuation bytes).
// A comment that goes on past its line is left to the byte rules, which read that line's part
// again: each byte is read at most twice.
inline std::size_t brace_close(const unsigned char* p, std::size_t open, std::size_t limit, std::size_t& continuation) {
  std::size_t k = open + 1;
  std::size_t skipped = 0;
#ifdef __SSE2__
  for (; k + 16 <= limit; k += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k));
    const auto close = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('}'))));
    const auto line_end = static_cast<unsigned>(_mm_movemask_epi8(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')))));
    const auto inner =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8(static_cast<char>(0xC0))),
                                                               _mm_set1_epi8(static_cast<char>(0x80)))));
    if ((close | line_end) == 0) {
      skipped += static_cast<std::size_t>(std::popcount(inner));
      continue;
    }
    const auto at = static_cast<unsigned>(std::countr_zero(close | line_end));
    if (!((close >> at) & 1)) return 0;
    continuation = skipped + static_cast<std::size_t>(std::popcount(inner & ((1u << at) - 1)));
    return k + at;
  }
#endif
  for (; k < limit; ++k) {
    if (p[k] == '}') {
      continuation = skipped;
      return k;
    }
    if (p[k] == '\n' || p[k] == '\r') return 0;
    skipped += (p[k] & 0xC0) == 0x80;
  }
  return 0;
}

// Inlined into scan(), its one caller: most runs are short (a tag pair, or only the '[' that
// starts a tag line), and the call itself was about a fifth of the instructions spent here.
[[gnu::always_inline]] inline std::size_t GameSplitter::skip_run(std::string_view d, std::size_t i, std::size_t limit) {
  // Most bytes of a file (inside move tokens, comments and tag values) only move the column and
  // the game's last content: they are taken here a run at a time, with the same effect as the
  // byte-at-a-time loop below (tests/unit/converters_split.cpp; the corpus tier's game counts
  // per file and normalize's byte-for-byte rejects hold the boundaries).
  const auto* p = reinterpret_cast<const unsigned char*>(d.data());
  std::size_t j = i;
  if (mode_ == Mode::Normal) {
    std::size_t last = 0;
    std::size_t line_from = i;          // where the part of the current line taken here begins
    std::size_t line_continuation = 0;  // bytes of that part the column does not count (comments' UTF-8)
    bool line_content = false;          // a non-blank byte in that part
    if (!in_game_) {
      while (j < limit && (p[j] == ' ' || p[j] == '\t')) ++j;  // blanks between games
    } else {
      // The byte at j by the byte rules: taken into the run (true), or the run ends there.
      const auto step = [&] {
        const unsigned char c = p[j];
        const std::uint8_t k = kStops.normal_class[c];
        if (k == kInert) {
          last = ++j;
          line_content = true;
        } else if (c == '\n' && !(j == i && prev_was_cr_)) {
          // A line end inside movetext: what scan() does with it (the second half of a CRLF,
          // j == i after the CR, stays scan()'s).
          if (line_content) line_blank_ = false;
          prev_was_cr_ = false;
          newline();
          line_from = ++j;
          line_continuation = 0;
          line_content = false;
        } else if (k == kRunBlank) {
          ++j;
        } else if (std::size_t skipped = 0, close = c == '{' ? brace_close(p, j, limit, skipped) : 0; close != 0) {
          // A brace comment on one line, taken whole: a clock or an evaluation after every move
          // (`{ [%clk 0:05:00] }`) ended the run twice a move, each time through scan().
          last = j = close + 1;
          line_content = true;
          line_continuation += skipped;
        } else if (k == kResultStart && (depth_ > 0 || (j > start_ && !ends_token(p[j - 1])) ||
                                         (c != '*' && j + 1 < limit && p[j + 1] != '-' && p[j + 1] != '/'))) {
          // 0, 1 and * matter only where a result could begin: depth 0, a token's start, and
          // for 0 and 1 a '-' or '/' next (1-0, 0-1, 1/2-1/2; move numbers such as 12. are not).
          last = ++j;
          line_content = true;
        } else {
          return false;
        }
        return true;
      };
      // A run that ends at once (the '[' of each tag line) is decided without the masks.
      bool open = j < limit && step();  // the run has not met its end
#ifdef __SSSE3__
      // 64 bytes at a time, each window's masks serving all its stops, while the byte after the
      // window (that a 0 or 1 at its end looks at) is below the limit. The byte rules decide at
      // the stops, which are only the bytes they may not take: move numbers and squares of rank 1
      // (the 0s and 1s not before '-' or '/') go by without a stop.
      for (std::size_t base = j; open && base + 64 < limit;) {
        const NormalMasks m = normal_masks(p + base);
        std::uint64_t stops = m.stop;
        std::uint64_t content = m.content;  // of the bytes not yet taken
        std::size_t next_base = base + 64;
        for (;;) {
          const std::uint64_t stop = stops & (~stops + 1);  // the next stop's bit; 0: none
          if (const std::uint64_t before = content & (stop - 1)) {
            last = base + 64 - static_cast<std::size_t>(std::countl_zero(before));  // after its last non-blank
            line_content = true;
          }
          if (stop == 0) {
            j = base + 64;
            break;
          }
          j = base + static_cast<std::size_t>(std::countr_zero(stop));
          const std::size_t at = j;
          if (!step()) {
            open = false;
            break;
          }
          if (j > at + 1) {  // a comment taken whole: the window goes on after it, or the next starts there
            if (j >= base + 64) {
              next_base = j;
              break;
            }
            const std::uint64_t taken = (std::uint64_t{1} << (j - base)) - 1;  // the bytes before j
            stops &= ~taken;
            content &= ~taken;
            continue;
          }
          stops ^= stop;
          content &= ~((stop << 1) - 1);  // the bytes after the stop (none after the last: stop << 1 is 0)
        }
        base = next_base;
      }
#endif
      if (open)
        while (j < limit && step()) {
        }
    }
    if (j == i) return i;
    column_ += static_cast<std::uint32_t>(j - line_from - line_continuation);
    prev_was_cr_ = false;
    if (line_content) line_blank_ = false;
    if (last != 0) {
      section_ = Section::Movetext;
      last_content_ = last;
    }
    return j;
  }
  if (!in_game_) return i;
  std::uint32_t columns = 0;
  std::size_t last = 0;
  // Whether the stop byte c only switches the mode, and if so, switch. Within a tag pair the
  // quotes and the closing bracket do nothing else (what scan() does with them): the run goes on
  // through them, so `Name "value"]` is one run, not six (it ends after the bracket).
  const auto pass = [&](unsigned char c) {
    if (c == '"' && (mode_ == Mode::TagLine || mode_ == Mode::TagString)) {
      mode_ = mode_ == Mode::TagLine ? Mode::TagString : Mode::TagLine;
      return true;
    }
    if (c == ']' && mode_ == Mode::TagLine) {
      mode_ = Mode::Normal;
      return true;
    }
    return false;
  };
  bool open = true;  // the run has not met its end
#ifdef __SSSE3__
  // 16 bytes at a time: the stops in a block are passed by the masks, and the block's part of the
  // run (passed stops included: they are ASCII and not blank) is counted once.
  const Mode outside = mode_ == Mode::TagString ? Mode::TagLine : mode_;
  for (std::size_t base = j; open && base + 16 <= limit; base += 16) {
    const TextMasks m = text_masks(p + base, kModeStops[static_cast<std::size_t>(outside)]);
    auto end = static_cast<unsigned>(j - base);
    for (;;) {
      const unsigned stops = (mode_ == Mode::TagString ? m.inside : m.outside) & (~0u << end);
      end = static_cast<unsigned>(std::countr_zero(stops | 0x10000u));
      if (end == 16) break;
      if (!pass(p[base + end])) {
        open = false;
        break;
      }
      ++end;
      if (mode_ == Mode::Normal) {
        open = false;
        break;
      }
    }
    const unsigned taken = (~0u << (j - base)) & ((1u << end) - 1);
    columns += static_cast<std::uint32_t>(std::popcount(m.text & taken));
    if (const unsigned content = m.content & taken)
      last = base + 32 - static_cast<std::size_t>(std::countl_zero(content));  // after its last non-blank
    j = base + end;
  }
#endif
  while (open && j < limit) {
    const unsigned char c = p[j];
    if (kStops.stop[static_cast<std::size_t>(mode_)][c]) {
      if (!pass(c)) break;
      open = mode_ != Mode::Normal;
    }
    if (!is_blank(c)) last = j + 1;
    columns += (c & 0xC0) != 0x80;
    ++j;
  }
  if (j == i) return i;
  column_ += columns;
  prev_was_cr_ = false;
  if (last != 0) {
    line_blank_ = false;
    last_content_ = last;
  }
  return j;
}

bool GameSplitter::scan(bool at_eof) {
  std::string_view d = data();
  std::size_t n = d.size();
  std::size_t limit = at_eof ? n : (n > kLookahead ? n - kLookahead : 0);
  std::size_t i = scan_;
  auto finish = [&](std::size_t end, bool terminated) {
    end_ = end;
    terminated_ = terminated;
    ready_start_ = start_;
    ready_line_ = game_line_;
    ready_column_ = game_column_;
    ready_ascii_ = false;  // (not looked at)
    in_game_ = false;
  };
  for (; i < limit; ++i) {
    if (!after_result_) {
      i = skip_run(d, i, limit);
      if (i >= limit) break;
    }
    auto c = static_cast<unsigned char>(d[i]);
    if (after_result_ && !is_blank(c)) {
      // The game's result was read; the same result again on its line (`Qxf7# 1-0 1-0`) is the
      // result written twice, part of this game (the readers say so), not a game of its own.
      // Anything else, a line end too, is after the game: it ended at its last result.
      std::size_t len = 0;
      if (ends_token(static_cast<unsigned char>(d[i - 1])) && result_at(d, i, len) &&
          d.substr(i, len) == std::string_view(result_text_.data(), result_size_)) {
        column_ += code_points(d, i, i + len);
        last_content_ = i + len;
        i += len - 1;
        continue;
      }
      after_result_ = false;
      finish(last_content_, true);
      scan_ = i;
      section_ = Section::None;
      return true;
    }
    if (c == '\n' && prev_was_cr_) {  // second half of CRLF: the line already ended
      prev_was_cr_ = false;
      continue;
    }
    prev_was_cr_ = c == '\r';
    if (is_newline(c)) {
      newline();
      continue;
    }
    bool at_line_start = line_blank_;
    if (!is_blank(c)) line_blank_ = false;

    switch (mode_) {
      case Mode::LineComment: break;
      case Mode::TagString:
        if (c == '\\' && i + 1 < n && !is_newline(static_cast<unsigned char>(d[i + 1]))) {
          ++column_;
          ++i;
          c = static_cast<unsigned char>(d[i]);
        } else if (c == '"') {
          mode_ = Mode::TagLine;
        }
        break;
      case Mode::TagLine:
        if (c == '"') mode_ = Mode::TagString;
        else if (c == ']') mode_ = Mode::Normal;
        break;
      case Mode::BraceComment:
        if (c == '}') {
          mode_ = Mode::Normal;
        } else if (c == '[' && at_line_start && blank_line_seen_ && looks_like_tag(d, i)) {
          // A comment left open swallows everything; a tag pair after a blank line is taken as
          // the next game instead, so one broken game does not take the rest of the file.
          // Its tag section starts with this name, as any other (the names of the game before
          // were kept: a later repeated name then cut differently from a splitter started here).
          tag_names_.clear();
          tag_names_.emplace_back(tag_name_at(d, i));
          finish(last_content_, false);
          mode_ = Mode::TagLine;
          section_ = Section::Tags;
          depth_ = 0;
          blank_line_seen_ = false;
          begin_game(i);
          last_content_ = i + 1;
          ++column_;
          scan_ = i + 1;
          return true;
        }
        break;
      case Mode::Normal: {
        if (is_blank(c)) break;
        if (!in_game_ && c == '[' && column_ == 1 && options_.whole_usual_games && cut_usual_game(d, i, at_eof))
          return true;
        if (!in_game_) {
          begin_game(i);
          section_ = Section::None;
          depth_ = 0;
          blank_line_seen_ = false;
        }
        if (c == '[' && (at_line_start || section_ != Section::Movetext)) {
          std::string_view name = tag_name_at(d, i);
          // After a blank line, tags continue the same section unless a name repeats (ChessBase
          // puts blank lines inside tag sections; tag-only games start again with [Event]).
          bool repeated = std::find(tag_names_.begin(), tag_names_.end(), name) != tag_names_.end();
          bool new_section = at_line_start && (section_ == Section::Movetext ||
                                               (section_ == Section::Tags && blank_line_seen_ && repeated));
          if (new_section || section_ != Section::Tags) tag_names_.clear();
          if (tag_names_.size() < kMaxTrackedTags) tag_names_.emplace_back(name);
          mode_ = Mode::TagLine;
          if (new_section) {
            finish(last_content_, false);
            section_ = Section::Tags;
            depth_ = 0;
            blank_line_seen_ = false;
            begin_game(i);
            last_content_ = i + 1;
            ++column_;
            scan_ = i + 1;
            return true;
          }
          section_ = Section::Tags;
          blank_line_seen_ = false;
          break;
        }
        if (c == ';' || (c == '%' && column_ == 1)) {
          // Before any tag or move, a line comment annotates the game that follows (rejects
          // files put diagnostics there); it does not start movetext.
          mode_ = Mode::LineComment;
          break;
        }
        // A `]` too many after a tag on its line (`[Event "x"]]`) is the tag line's: it does not
        // begin movetext, so the tags below stay this game's (the grammar reads a doubled `]`).
        // So is a `]` alone on its line below a tag (`[White "Ann"` then `]`): one too many, or
        // the one that tag lacks.
        if (c == ']' && section_ == Section::Tags && (!at_line_start || rest_of_line_blank(d, i + 1))) break;
        section_ = Section::Movetext;
        if (c == '{') {
          mode_ = Mode::BraceComment;
        } else if (c == '(') {
          if (std::size_t len = single_in_parens(d, i)) {
            column_ += code_points(d, i, i + len) - 1;
            i += len - 1;
            c = static_cast<unsigned char>(d[i]);
          } else {
            ++depth_;
          }
        } else if (c == ')') {
          if (depth_ > 0) --depth_;
        } else if (depth_ == 0) {
          bool token_start = i == start_ || ends_token(static_cast<unsigned char>(d[i - 1]));
          std::size_t len = 0;
          if (token_start && result_at(d, i, len) && !labelled_result(d, start_, i)) {
            // The game ends here, or at the last repeat of this result on the line (above).
            column_ += code_points(d, i, i + len);
            if (i + len < n && is_newline(static_cast<unsigned char>(d[i + len]))) {  // the usual end
              finish(i + len, true);
              scan_ = i + len;
              section_ = Section::None;
              return true;
            }
            last_content_ = i + len;
            std::memcpy(result_text_.data(), d.data() + i, len);
            result_size_ = static_cast<std::uint8_t>(len);
            after_result_ = true;
            i += len - 1;
            continue;
          }
        }
        break;
      }
    }
    if (in_game_ && !is_blank(c)) last_content_ = i + 1;
    if ((c & 0xC0) != 0x80) ++column_;
  }
  scan_ = i;
  if (at_eof && in_game_) {
    finish(last_content_, after_result_);
    after_result_ = false;
    return true;
  }
  return false;
}

bool GameSplitter::next(RawGame& game) {
  takeable_ = false;
  for (;;) {
    bool at_eof = in_ ? eof_ : true;
    if (scan(at_eof)) {
      std::string_view d = data();
      game.bytes = d.substr(ready_start_, end_ - ready_start_);
      game.offset = base_ + ready_start_;
      game.line = ready_line_;
      game.column = ready_column_;
      game.number = ++count_;
      game.terminated = terminated_;
      game.ascii = ready_ascii_;
      takeable_ = true;
      return true;
    }
    if (at_eof) return false;
    fill();
  }
}

bool GameSplitter::take_game(ByteBuffer& out) {
  if (!in_ || !takeable_) return false;
  takeable_ = false;
  // What follows the game (the next game's start, unscanned bytes) is at most about one chunk.
  ByteBuffer rest(buffer_.substr(end_, filled_ - end_));
  out = std::move(buffer_);
  out.truncate(end_);
  out.erase_front(ready_start_);
  buffer_ = std::move(rest);
  filled_ = buffer_.size();
  base_ += end_;
  scan_ -= end_;
  if (in_game_) {
    start_ -= end_;
    last_content_ -= std::min(last_content_, end_);
  }
  end_ = ready_start_ = 0;
  return true;
}

void GameSplitter::resume(std::uint64_t offset, std::uint32_t line, std::uint32_t games_before) {
  base_ = offset;
  line_ = line;
  column_ = 1;
  count_ = games_before;
  first_fill_ = false;  // a byte order mark is only at the input's beginning
  if (offset > 0 && !in_) {
    bom_ = false;
    scan_ = 0;
  }
}

namespace {

// The bytes one_game() looks at, as bit masks of a window of the input (bit n of word w for the
// byte at base + 64 w + n), built in one SIMD pass over a copy of the window's bytes: a game of
// the usual shape is then checked by a few scans over words instead of walks over its bytes, and
// the input is read a window at a time into the same buffer (pread for a file: a mapping read
// page by page costs more than the scan, bench/RESULTS.md). fast_game() answers only for the
// usual shape, and then what one_game() answers; anything else goes to one_game().
class MaskWindow {
 public:
  static constexpr std::size_t kWords = 1024;  // 64 KB: bytes and masks stay in the L2 cache
  static constexpr std::size_t kBytes = 64 * kWords;
  static constexpr std::size_t kAfter = 128;  // bytes read past the window: the masks' next word, looks_like_tag

  std::size_t base = 0, end = 0;  // the bytes the masks describe: [base, end)
  std::string_view view;          // the bytes [base, end + kAfter), clipped at the input's end
  bool empty() const { return end == 0; }
  // `commentary`: the masks of `{ } ( ) ; %` too (commentary(), for the splitter's cut; the walk
  // does not ask them).
  explicit MaskWindow(bool commentary = false) : commentary_(commentary) {}

  void build(const SplitReadAt& read_at, std::size_t size, std::size_t from) {
    base = from;
    const std::size_t lead = std::min<std::size_t>(from, 2);  // the two bytes before, for the bits that look back
    const std::size_t want = std::min(size, from + kBytes + kAfter) - (from - lead);
    std::size_t got = read_at(from - lead, buffer_, want);
    if (got < lead) {  // nothing read: an empty window (fast_game answers Past)
      buffer_[0] = buffer_[1] = 0;
      got = lead;
    }
    view = std::string_view(buffer_ + lead, got - lead);
    end = from + std::min(view.size(), kBytes);
    const std::size_t words = (end - base + 63) / 64;
    const std::size_t wanted = std::min(words + 1, kWords + 1);
    std::size_t done = 0;
#if PLANILLA_SPLIT_AVX2
    static const bool avx512 = __builtin_cpu_supports("avx512bw");
    static const bool avx2 = __builtin_cpu_supports("avx2");
    if (avx512 || avx2) {
      done = std::min(wanted, view.size() / 64);  // the whole words
      if (avx512) raw_words_avx512(view.data(), done, raw_, commentary_);
      else raw_words_avx2(view.data(), done, raw_, commentary_);
    }
#endif
    for (; done < wanted; ++done) raw_[done] = raw_word(view, 64 * done, commentary_);
    before_ = (lead >= 1 && buffer_[lead - 1] == '\n' ? 2u : 0u) | (lead >= 2 && buffer_[lead - 2] == '\n' ? 1u : 0u);
  }

  // The masks fast_game() asks, each made from the raw masks of its word and the words beside it
  // when asked (w < the window's words): one pass per question over the words it needs. Stored
  // for every word of the window, they cost more to make than the questions that read them
  // (most words are asked two or three questions).
  std::uint64_t lf(std::size_t w) const { return raw_[w].lf; }
  std::uint64_t blank_line(std::size_t w) const {  // an LF followed by an LF
    return raw_[w].lf & lf_next(w);
  }
  // In a tag section: an LF followed by neither `[` nor LF, or a `]` not followed by LF.
  std::uint64_t tag_bad(std::size_t w) const {
    const Raw& r = raw_[w];
    const std::uint64_t after_lf = lf_next(w);
    const std::uint64_t open_next = (r.open >> 1) | (raw_[w + 1].open << 63);
    return (r.lf & ~open_next & ~after_lf) | (r.close & ~after_lf);
  }
  std::uint64_t game_open(std::size_t w) const {  // a `[` right after two LFs
    const Raw& r = raw_[w];
    const std::uint64_t lf_prev = (r.lf << 1) | (w ? raw_[w - 1].lf >> 63 : before_ >> 1);
    const std::uint64_t lf_prev2 = (r.lf << 2) | (w ? raw_[w - 1].lf >> 62 : before_);
    return r.open & lf_prev & lf_prev2;
  }
  std::uint64_t attention(std::size_t w) const {  // `[`, `-`, `*`: what the movetext's checks look at
    return raw_[w].open | raw_[w].dash_star;
  }
  std::uint64_t cr(std::size_t w) const { return raw_[w].cr; }
  std::uint64_t commentary(std::size_t w) const { return raw_[w].comm; }  // `{ } ( ) ; %` (when asked)
  std::uint64_t high(std::size_t w) const { return raw_[w].high; }        // bytes above 0x7F

  // The first bit set in [from, to) (window-relative, to <= end - base) of mask(w), a question
  // above asked word by word, or `to`.
  template <class Mask>
  static std::size_t next_bit(const Mask& mask, std::size_t from, std::size_t to) {
    if (from >= to) return to;
    std::size_t w = from / 64;
    std::uint64_t bits = mask(w) & (~std::uint64_t{0} << (from % 64));
    for (;;) {
      if (bits) return std::min(to, 64 * w + static_cast<std::size_t>(std::countr_zero(bits)));
      if (64 * ++w >= to) return to;
      bits = mask(w);
    }
  }

 private:
  struct Raw {
    std::uint64_t lf = 0, open = 0, close = 0, dash_star = 0, cr = 0, high = 0, comm = 0;
  };
  std::uint64_t lf_next(std::size_t w) const { return (raw_[w].lf >> 1) | (raw_[w + 1].lf << 63); }
#if PLANILLA_SPLIT_AVX2
  // raw_word() for `count` whole words at `p`, 32 bytes at a time where the CPU has AVX2 (the
  // build's baseline, x86-64-v2, has not): the window's pass is most of a shard's start-finding.
  [[gnu::target("avx2")]] static void raw_words_avx2(const char* p, std::size_t count, Raw* out, bool commentary) {
    for (std::size_t w = 0; w < count; ++w) {
      Raw r;
      for (int k = 0; k < 64; k += 32) {
        // No lambdas: they would not take this function's target.
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 64 * w + k));
        const __m256i lf = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n'));
        const __m256i open = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('['));
        const __m256i close = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(']'));
        const __m256i dash_star =
            _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('-')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('*')));
        const __m256i cr = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\r'));
        r.lf |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(lf))} << k;
        r.open |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(open))} << k;
        r.close |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(close))} << k;
        r.dash_star |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(dash_star))} << k;
        r.cr |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(cr))} << k;
        r.high |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(v))} << k;  // the sign bit
        if (commentary) {
          const __m256i comm =
              _mm256_or_si256(_mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('{')),
                                                              _mm256_cmpeq_epi8(v, _mm256_set1_epi8('}'))),
                                              _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('(')),
                                                              _mm256_cmpeq_epi8(v, _mm256_set1_epi8(')')))),
                              _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(';')),
                                              _mm256_cmpeq_epi8(v, _mm256_set1_epi8('%'))));
          r.comm |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(comm))} << k;
        }
      }
      out[w] = r;
    }
  }
  // The same, 64 bytes per compare where the CPU has AVX-512 BW (a compare gives a word's mask).
  [[gnu::target("avx512bw")]] static void raw_words_avx512(const char* p, std::size_t count, Raw* out,
                                                           bool commentary) {
    for (std::size_t w = 0; w < count; ++w) {
      const __m512i v = _mm512_loadu_si512(p + 64 * w);
      Raw& r = out[w];
      r.lf = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\n'));
      r.open = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('['));
      r.close = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(']'));
      r.dash_star = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('-')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('*'));
      r.cr = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\r'));
      r.high = _mm512_movepi8_mask(v);  // above 0x7F
      if (commentary)
        r.comm = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('{')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('}')) |
                 _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('(')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(')')) |
                 _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(';')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('%'));
    }
  }
#endif
  static Raw raw_word(std::string_view d, std::size_t at, bool commentary) {
    Raw r;
    if (at >= d.size()) return r;
#ifdef __SSE2__
    if (at + 64 <= d.size()) {
      for (int k = 0; k < 64; k += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d.data() + at + k));
        const auto mask = [&](__m128i m) { return std::uint64_t{static_cast<unsigned>(_mm_movemask_epi8(m))} << k; };
        const auto eq = [&](char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
        r.lf |= mask(eq('\n'));
        r.open |= mask(eq('['));
        r.close |= mask(eq(']'));
        r.dash_star |= mask(_mm_or_si128(eq('-'), eq('*')));
        r.cr |= mask(eq('\r'));
        r.high |= mask(v);  // the sign bit: above 0x7F
      }
      if (commentary)
        for (int k = 0; k < 64; k += 16) r.comm |= std::uint64_t{commentary_mask(d, at + k)} << k;
      return r;
    }
#endif
    for (std::size_t i = at; i < std::min(d.size(), at + 64); ++i) {
      const auto c = static_cast<unsigned char>(d[i]);
      const std::uint64_t bit = std::uint64_t{1} << (i - at);
      r.lf |= c == '\n' ? bit : 0;
      r.open |= c == '[' ? bit : 0;
      r.close |= c == ']' ? bit : 0;
      r.dash_star |= c == '-' || c == '*' ? bit : 0;
      r.cr |= c == '\r' ? bit : 0;
      r.high |= c >= 0x80 ? bit : 0;
      r.comm |= commentary && is_commentary(static_cast<char>(c)) ? bit : 0;
    }
    return r;
  }

  bool commentary_ = false;
  std::uint64_t before_ = 0;  // bit 1: an LF just before the window's first byte; bit 0: two before
  Raw raw_[kWords + 1];       // one word more than the window: the byte after a bit (a `]`'s line end, an LF's `[`)
  char buffer_[kBytes + kAfter + 2];
};

enum class Fast { Game, Other, Past };  // Past: the game may run past the window

// one_game(input, p) for a game of the usual shape that ends inside the window (`p` in it), from
// the masks and the window's bytes: the same conditions, each a scan over words (see one_game for
// what they mean). Positions are window-relative but in `g`.
Fast fast_game(const MaskWindow& win, std::size_t p, OneGame& g) {
  using W = MaskWindow;
  const std::string_view d = win.view;
  const std::size_t to = win.end - win.base;
  p -= win.base;
  // The LFs of the game [p, k) counted, and its CRs and bytes above 0x7F gathered, word by word
  // in the passes below (lines by LF, so no CR).
  std::uint64_t lf = 0, cr = 0, high = 0;
  const auto take = [&](std::size_t w, std::uint64_t in) {
    lf += static_cast<std::uint64_t>(std::popcount(win.lf(w) & in));
    cr |= win.cr(w) & in;
    high |= win.high(w) & in;
  };
  // The bits of word w for the bytes at or after `at`.
  const auto from = [](std::size_t w, std::size_t at) {
    return 64 * w >= at ? ~std::uint64_t{0} : 64 * w + 64 <= at ? 0 : ~std::uint64_t{0} << (at % 64);
  };
  // Tag lines: every line up to the first empty one starts with `[`, every `]` ends its line. One
  // pass: the first blank line's LF (e, the LF ending the last tag line), no bad bit before it.
  std::size_t e = to;
  std::size_t w = p / 64;
  for (; 64 * w < to; ++w) {
    const std::uint64_t in = from(w, p);
    const std::uint64_t blank = win.blank_line(w) & in;
    const std::uint64_t bad = win.tag_bad(w) & in;
    if (blank) {
      const auto at = static_cast<unsigned>(std::countr_zero(blank));
      e = std::min(to, 64 * w + at);
      if (e + 2 >= to) return Fast::Past;
      if (bad & ~from(w, e)) return Fast::Other;
      break;
    }
    // (A bad bit at or past `to` may be the next window's: that window answers.)
    if (bad && 64 * w + static_cast<std::size_t>(std::countr_zero(bad)) < to) return Fast::Other;
    take(w, in);
  }
  if (e + 2 >= to) return Fast::Past;
  const std::size_t m = e + 2;
  if (d[p] != '[') return Fast::Other;
  const char first = d[m];
  if (first == '[' || first == ';' || first == '%' || is_text_blank(first)) return Fast::Other;
  // The next `\n\n[` (k), from the word of the blank line on (taking each word before k's).
  std::size_t k = to;
  for (; 64 * w < to; ++w) {
    if (const std::uint64_t open = win.game_open(w) & from(w, m)) {
      k = std::min(to, 64 * w + static_cast<std::size_t>(std::countr_zero(open)));
      break;
    }
    take(w, from(w, p));
  }
  if (k >= to) return Fast::Past;
  take(w, from(w, p) & ~from(w, k));
  if (cr) return Fast::Other;
  if (!looks_like_tag(d, k)) return Fast::Other;
  // The movetext's last token [t, z) before it.
  std::size_t z = k - 2;
  while (z > m && is_text_blank(d[z - 1])) --z;
  std::size_t t = z;
  while (t > m && !ends_token(static_cast<unsigned char>(d[t - 1]))) --t;
  // No other line-start `[` (blanks before it allowed), no result-like text before t.
  const auto attention = [&](std::size_t v) { return win.attention(v); };
  for (std::size_t b = W::next_bit(attention, m, k); b < k; b = W::next_bit(attention, b + 1, k)) {
    if (d[b] == '[') {
      std::size_t back = b;
      while (back > m && (d[back - 1] == ' ' || d[back - 1] == '\t' || d[back - 1] == '\f' || d[back - 1] == '\v'))
        --back;
      if (back > m && d[back - 1] == '\n') return Fast::Other;
    } else if (d[b] == '*') {
      if (b < t) return Fast::Other;
    } else {
      std::size_t begins = 0;
      if (result_dash(d, b, begins) && begins < t) return Fast::Other;
    }
  }
  g = OneGame{win.base + k, win.base + z, lf, high != 0, win.base + m, win.base + t};
  return Fast::Game;
}

}  // namespace

SplitStart find_split_start(std::string_view bytes, std::uint64_t at, std::optional<Encoding> forced) {
  return find_split_start(bytes, at, forced, [&](std::uint64_t offset, char* out, std::size_t length) {
    if (offset >= bytes.size()) return std::size_t{0};
    const std::size_t n = std::min<std::size_t>(length, bytes.size() - offset);
    std::memcpy(out, bytes.data() + offset, n);
    return n;
  });
}

SplitStart find_split_start(std::string_view bytes, std::uint64_t at, std::optional<Encoding> forced,
                            const SplitReadAt& read_at, const SplitStart& from) {
  SplitStart start;
  if (at == 0 || bytes.empty()) return start;
  const auto lead = static_cast<unsigned char>(bytes[0]);
  if (lead == 0xFF || lead == 0xFE) return start;  // UTF-16 is transcoded whole before it is cut
  const auto carry = [&](std::string_view game, std::optional<Encoding>& preference) {
    if (forced) return;
    const Encoding e = detect_encoding(game, preference);
    if (is_single_byte(e)) preference = e;
  };
  // The current fresh start: p, with the line, games before it and the preference there.
  std::size_t p = 0;
  std::uint32_t line = 1, games = 0;
  std::optional<Encoding> preference;
  if (from.offset > 0 && from.offset <= at && from.offset < bytes.size()) {
    p = static_cast<std::size_t>(from.offset);
    line = from.line;
    games = from.games_before;
    if (!forced) preference = from.encoding;
    start = SplitStart{p, line, games, preference};
  }
  auto window = std::make_unique<MaskWindow>();
  const auto next_game = [&] {
    OneGame g;
    if (p == 0 && bytes[0] != '[') return g;
    if (window->empty() || p < window->base || p >= window->end) window->build(read_at, bytes.size(), p);
    Fast f = fast_game(*window, p, g);
    if (f == Fast::Past && window->base != p && window->end < bytes.size()) {
      window->build(read_at, bytes.size(), p);
      f = fast_game(*window, p, g);
    }
    return f == Fast::Game ? g : one_game(bytes, p);
  };
  while (p < bytes.size()) {
    if (p > 0) start = SplitStart{p, line, games, preference};
    const OneGame g = next_game();
    if (g.next != std::string_view::npos) {
      if (g.next > at) break;
      if (g.high) carry(bytes.substr(p, g.end - p), preference);
      line += static_cast<std::uint32_t>(g.lf);
      ++games;
      p = g.next;
      continue;
    }
    // Any other shape: the splitter, from this start on, until it cuts a game at a line-start
    // `[` past it again (there it is fresh: tag_names_ and the rest start over).
    GameSplitter splitter(bytes.substr(p));
    if (p > 0) splitter.resume(p, line, games);
    RawGame raw;
    bool resumed = false;
    while (splitter.next(raw)) {
      if (raw.offset > p && raw.column == 1 && !raw.bytes.empty() && raw.bytes[0] == '[') {
        if (raw.offset > at) return start;
        p = raw.offset;
        line = raw.line;
        games = raw.number - 1;
        resumed = true;
        break;
      }
      carry(raw.bytes, preference);
    }
    if (!resumed) break;  // the end of the input
  }
  return start;
}

// The masks of the input a window at a time (MaskWindow, as the shard walk reads), for
// cut_usual_game(): a game of the usual shape is then checked by scans over words.
struct GameSplitter::Window {
  MaskWindow masks{true};
};

GameSplitter::~GameSplitter() = default;

// A game of the usual shape (one_game()) starting at the line-start `[` at i, where the splitter
// is between games, cut whole: what the byte rules below would cut, with the splitter left at the
// next game's `[` as they would leave it there, between games (the state a `[` that starts a tag
// section resets). The shape is asked of the window's masks (fast_game(), the shard walk's), and
// of the bytes (one_game()) when the game does not fit in a window. A result as its last token
// ends it (terminated) unless a label precedes it (`Result: 1-0`) or a comment or variation holds
// it (result_read_at()). False, changing nothing: the byte rules cut it.
bool GameSplitter::cut_usual_game(std::string_view d, std::size_t i, bool at_eof) {
  const std::uint64_t at = base_ + i, size = base_ + d.size();
  if (!window_) window_ = std::make_unique<Window>();
  MaskWindow& win = window_->masks;
  OneGame g;
  Fast f = Fast::Past;
  if (!win.empty() && at >= win.base && at < win.end) f = fast_game(win, at, g);
  if (f == Fast::Past &&
      (win.empty() || win.base != at || win.end < std::min<std::uint64_t>(size, at + MaskWindow::kBytes))) {
    // The window from this game on. Bytes before base_ (dropped by compact()) are only the
    // window's look-back at its first byte, which fast_game() does not ask there: read as NUL.
    win.build(
        [&](std::uint64_t offset, char* out, std::size_t length) {
          std::size_t n = 0;
          for (; offset < base_ && n < length; ++offset) out[n++] = '\0';
          if (offset >= size) return n;
          const std::size_t k = std::min<std::size_t>(length - n, size - offset);
          std::memcpy(out + n, d.data() + (offset - base_), k);
          return n + k;
        },
        size, at);
    f = fast_game(win, at, g);
  }
  // Whether a comment, variation, `;` or `%` line comes before the last token (then
  // result_read_at() says whether a result there is read): from the window's masks, or, for a
  // game past the window (few), taken to be so.
  bool commentary = true;
  if (f == Fast::Game) {
    const auto mask = [&](std::size_t w) { return win.commentary(w); };
    const std::size_t to = g.last_token - win.base;
    commentary = MaskWindow::next_bit(mask, g.movetext - win.base, to) < to;
    g.next -= base_;
    g.end -= base_;
    g.movetext -= base_;
    g.last_token -= base_;
  } else {
    g = one_game(d, i);
  }
  // looks_like_tag() at the next game reads up to kLookahead bytes: all of them in hand, as for
  // the byte rules (it then answers as from the whole input).
  if (g.next == std::string_view::npos || (!at_eof && g.next + kLookahead > d.size())) return false;
  std::size_t length = 0;
  const bool terminated = result_at(d, g.last_token, length) && g.last_token + length == g.end &&
                          (!commentary || result_read_at(d, g.movetext, g.last_token)) &&
                          !labelled_result(d, i, g.last_token);
  begin_game(i);
  end_ = g.end;
  terminated_ = terminated;
  ready_start_ = start_;
  ready_line_ = game_line_;
  ready_column_ = game_column_;
  ready_ascii_ = !g.high;
  in_game_ = false;
  line_ += static_cast<std::uint32_t>(g.lf);
  column_ = 1;
  line_blank_ = true;
  prev_was_cr_ = false;
  section_ = Section::None;
  scan_ = g.next;
  ++cut_whole_;
  return true;
}

std::vector<RawGame> split_games(std::string_view bytes) {
  std::vector<RawGame> games;
  GameSplitter splitter(bytes);
  RawGame g;
  while (splitter.next(g)) games.push_back(g);
  return games;
}

}  // namespace planilla
