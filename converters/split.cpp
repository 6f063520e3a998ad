#include "converters/split.hpp"

#include <algorithm>
#include <array>
#include <bit>
#ifdef __SSE4_2__
#include <nmmintrin.h>
#endif
#include <istream>

namespace planilla {

namespace {

// Look-ahead the scanner may need past the byte it decides on: `1/2-1/2` plus a delimiter, a
// promotion `(X)` with a 4-byte code point, or `[Name "` in a comment.
constexpr std::size_t kLookahead = 32;

bool is_blank(unsigned char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }
bool is_newline(unsigned char c) { return c == '\n' || c == '\r'; }

bool ends_token(unsigned char c) {
  return is_blank(c) || is_newline(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' ||
         c == ';';
}

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
  StopTables() {
    for (auto& t : stop) t['\n'] = t['\r'] = true;
    auto& normal = stop[0];
    for (int c = 0x80; c < 256; ++c) normal[static_cast<std::size_t>(c)] = true;
    for (unsigned char c : {'[', ';', '%', '{', '(', ')', '0', '1', '*', ' ', '\t', '\f', '\v'}) normal[c] = true;
    for (unsigned char c : {'}', '['}) stop[1][c] = true;  // BraceComment
    // stop[2]: LineComment, only the line end.
    for (unsigned char c : {'"', ']'}) stop[3][c] = true;   // TagLine
    for (unsigned char c : {'"', '\\'}) stop[4][c] = true;  // TagString
    for (int c = 0; c < 256; ++c) normal_class[static_cast<std::size_t>(c)] = normal[static_cast<std::size_t>(c)] ? kStop : kInert;
    normal_class[' '] = normal_class['\t'] = kRunBlank;
    normal_class['0'] = normal_class['1'] = normal_class['*'] = kResultStart;
  }
};
const StopTables kStops;

#ifdef __SSE4_2__
// The same stop bytes as a set for SSE4.2's string compare, per mode (a run is then found 16
// bytes at a time; the byte tables above decide at the stop): the ASCII stop bytes of the mode's
// table, without Normal mode's run blanks. Normal mode also stops at every non-ASCII byte
// (tested by the sign bits).
struct SimdStops {
  __m128i set;
  int size;
};
const std::array<SimdStops, 5> kSimdStops = [] {
  std::array<SimdStops, 5> out{};
  for (std::size_t mode = 0; mode < out.size(); ++mode) {
    alignas(16) char bytes[16] = {};
    int size = 0;
    for (int c = 1; c < 0x80; ++c) {
      const bool run_blank = mode == 0 && kStops.normal_class[static_cast<std::size_t>(c)] == kRunBlank;
      if (kStops.stop[mode][static_cast<std::size_t>(c)] && !run_blank && size < 16) bytes[size++] = static_cast<char>(c);
    }
    out[mode] = SimdStops{_mm_load_si128(reinterpret_cast<const __m128i*>(bytes)), size};
  }
  return out;
}();

// How many of the 16 bytes at `p` come before the first stop byte of `mode` (16: none).
// `block` receives the bytes.
inline int plain_prefix(const unsigned char* p, std::size_t mode, __m128i& block) {
  block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const SimdStops& s = kSimdStops[mode];
  int n = _mm_cmpestri(s.set, s.size, block, 16, _SIDD_UBYTE_OPS | _SIDD_CMP_EQUAL_ANY | _SIDD_LEAST_SIGNIFICANT);
  if (mode == 0)
    if (const int high = _mm_movemask_epi8(block)) n = std::min(n, std::countr_zero(static_cast<unsigned>(high)));
  return n;
}
#endif

}  // namespace

GameSplitter::GameSplitter(std::istream& in, SplitOptions options) : in_(&in), options_(options) {
  options_.chunk_size = std::max<std::size_t>(options_.chunk_size, 2 * kLookahead);
}

GameSplitter::GameSplitter(std::string_view bytes) : memory_(bytes), eof_(true) {
  if (memory_.substr(0, 3) == "\xEF\xBB\xBF") {
    bom_ = true;
    scan_ = 3;
  }
}

std::string_view GameSplitter::data() const { return in_ ? std::string_view(buffer_) : memory_; }

void GameSplitter::compact() {
  std::size_t keep_from = in_game_ ? start_ : scan_;
  // Only when most of the buffer is dead: erasing the front on every game would be quadratic.
  if (keep_from == 0 || keep_from < buffer_.size() / 2) return;
  buffer_.erase(0, keep_from);
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
  std::size_t old = buffer_.size();
  buffer_.resize(old + options_.chunk_size);
  in_->read(buffer_.data() + old, static_cast<std::streamsize>(options_.chunk_size));
  auto got = static_cast<std::size_t>(in_->gcount());
  buffer_.resize(old + got);
  peak_ = std::max(peak_, buffer_.size());
  if (got == 0) {
    eof_ = true;
    return false;
  }
  if (first_fill_) {
    first_fill_ = false;
    if (std::string_view(buffer_).substr(0, 3) == "\xEF\xBB\xBF") {
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

void GameSplitter::newline() {
  ++line_;
  column_ = 1;
  if (line_blank_) blank_line_seen_ = true;
  line_blank_ = true;
  if (mode_ == Mode::LineComment || mode_ == Mode::TagLine || mode_ == Mode::TagString) mode_ = Mode::Normal;
}

std::size_t GameSplitter::skip_run(std::string_view d, std::size_t i, std::size_t limit) {
  // Most bytes of a file (inside move tokens, comments and tag values) only move the column and
  // the game's last content: they are taken here a run at a time, with the same effect as the
  // byte-at-a-time loop below (tests/unit/converters_split.cpp; the corpus tier's game counts
  // per file and normalize's byte-for-byte rejects hold the boundaries).
  const auto* p = reinterpret_cast<const unsigned char*>(d.data());
  std::size_t j = i;
  if (mode_ == Mode::Normal) {
    std::size_t last = 0;
    std::size_t line_from = i;      // where the part of the current line taken here begins
    bool line_content = false;      // a non-blank byte in that part
    if (!in_game_) {
      while (j < limit && (p[j] == ' ' || p[j] == '\t')) ++j;  // blanks between games
    } else {
      while (j < limit) {
#ifdef __SSE4_2__
        for (__m128i block; j + 16 <= limit;) {
          const int n = plain_prefix(p + j, 0, block);
          std::size_t content = j + static_cast<std::size_t>(n);  // after the last non-blank byte
          while (content > j && (p[content - 1] == ' ' || p[content - 1] == '\t')) --content;
          if (content > j) last = content, line_content = true;
          j += static_cast<std::size_t>(n);
          if (n < 16) break;
        }
        if (j >= limit) break;
#endif
        const unsigned char c = p[j];
        const std::uint8_t k = kStops.normal_class[c];
        if (k == kInert) {
          last = ++j;
          line_content = true;
        } else if (c == '\n' && !(j == i && prev_was_cr_)) {
          // A line end inside movetext: what scan() does with it (the second half of a CRLF,
          // j == i after the CR, stays scan()'s).
          column_ += static_cast<std::uint32_t>(j - line_from);
          if (line_content) line_blank_ = false;
          prev_was_cr_ = false;
          newline();
          line_from = ++j;
          line_content = false;
        } else if (k == kRunBlank) {
          ++j;
        } else if (k == kResultStart &&
                   (depth_ > 0 || (j > start_ && !ends_token(p[j - 1])) ||
                    (c != '*' && j + 1 < limit && p[j + 1] != '-' && p[j + 1] != '/'))) {
          // 0, 1 and * matter only where a result could begin: depth 0, a token's start, and
          // for 0 and 1 a '-' or '/' next (1-0, 0-1, 1/2-1/2; move numbers such as 12. are not).
          last = ++j;
          line_content = true;
        } else {
          break;
        }
      }
    }
    if (j == i) return i;
    column_ += static_cast<std::uint32_t>(j - line_from);
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
  for (;;) {
#ifdef __SSE4_2__
    for (__m128i block; j + 16 <= limit;) {
      const int n = plain_prefix(p + j, static_cast<std::size_t>(mode_), block);
      // Code points: the bytes that are not UTF-8 continuation bytes (10xxxxxx).
      const __m128i top = _mm_and_si128(block, _mm_set1_epi8(static_cast<char>(0xC0)));
      const unsigned continuation =
          static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(top, _mm_set1_epi8(static_cast<char>(0x80)))));
      const unsigned taken = n == 16 ? 0xFFFFu : (1u << n) - 1;
      columns += static_cast<std::uint32_t>(n - std::popcount(continuation & taken));
      std::size_t content = j + static_cast<std::size_t>(n);
      while (content > j && is_blank(p[content - 1])) --content;
      if (content > j) last = content;
      j += static_cast<std::size_t>(n);
      if (n < 16) break;
    }
#endif
    const auto& stop = kStops.stop[static_cast<std::size_t>(mode_)];
    while (j < limit) {
      const unsigned char c = p[j];
      if (stop[c]) break;
      if (!is_blank(c)) last = j + 1;
      columns += (c & 0xC0) != 0x80;
      ++j;
    }
    // Within a tag pair, the quotes and the closing bracket only switch the mode (what scan()
    // does with them): the run goes on through them, so `Name "value"]` is one run, not six.
    if (j >= limit) break;
    const bool quote = p[j] == '"' && (mode_ == Mode::TagLine || mode_ == Mode::TagString);
    const bool bracket = p[j] == ']' && mode_ == Mode::TagLine;
    if (!quote && !bracket) break;
    mode_ = bracket ? Mode::Normal : mode_ == Mode::TagLine ? Mode::TagString : Mode::TagLine;
    last = ++j;
    ++columns;
    if (bracket) break;
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
    in_game_ = false;
  };
  for (; i < limit; ++i) {
    i = skip_run(d, i, limit);
    if (i >= limit) break;
    auto c = static_cast<unsigned char>(d[i]);
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
      case Mode::LineComment:
        break;
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
          if (token_start && result_at(d, i, len)) {
            column_ += code_points(d, i, i + len);
            finish(i + len, true);
            scan_ = i + len;
            section_ = Section::None;
            return true;
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
    finish(last_content_, false);
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
      takeable_ = true;
      return true;
    }
    if (at_eof) return false;
    fill();
  }
}

bool GameSplitter::take_game(std::string& out) {
  if (!in_ || !takeable_) return false;
  takeable_ = false;
  // What follows the game (the next game's start, unscanned bytes) is at most about one chunk.
  std::string rest = buffer_.substr(end_);
  out = std::move(buffer_);
  out.resize(end_);
  out.erase(0, ready_start_);
  buffer_ = std::move(rest);
  base_ += end_;
  scan_ -= end_;
  if (in_game_) {
    start_ -= end_;
    last_content_ -= std::min(last_content_, end_);
  }
  end_ = ready_start_ = 0;
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
