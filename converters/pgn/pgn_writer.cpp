#include "converters/pgn/pgn_writer.hpp"

#include <array>
#include <cstring>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace planilla {

namespace {

constexpr std::array<std::string_view, 7> kSevenTagRoster = {"Event", "Site",  "Date",  "Round",
                                                             "White", "Black", "Result"};
// The roster's lines for a tag the game lacks (Result is always written from the game's result):
// copied whole, a file of bare results is written at the speed of its output.
constexpr std::array<std::string_view, 6> kRosterDefaultLines = {"[Event \"?\"]\n",         "[Site \"?\"]\n",
                                                                 "[Date \"????.??.??\"]\n", "[Round \"?\"]\n",
                                                                 "[White \"?\"]\n",         "[Black \"?\"]\n"};

// The longest move text PgnWriter::move() writes in its one-copy path (`exf8=Q+` is 7 bytes; a
// long-algebraic or descriptive move is longer, and takes put()).
constexpr std::size_t kShortMove = 16;

// A tag value with \ and " escaped, written at `p` (room for twice its size); returns its end.
// The one escaping rule of the tag section (TagSink) and of escape_tag_value().
// Eight bytes at a time while none of them needs it (nearly every value): a byte at a time was
// about a sixth of writing a game's tag section.
char* write_escaped(char* p, std::string_view value) {
  constexpr std::uint64_t kOnes = 0x0101010101010101u;
  constexpr std::uint64_t kHigh = 0x8080808080808080u;
  // Whether a byte of `w` may be `c` (exact when none is: a false alarm only takes the slow path).
  auto may_hold = [](std::uint64_t w, unsigned char c) {
    const std::uint64_t x = w ^ (kOnes * c);
    return ((x - kOnes) & ~x & kHigh) != 0;
  };
  const char* s = value.data();
  const char* const end = s + value.size();
  while (end - s >= 8) {
    std::uint64_t w;
    std::memcpy(&w, s, 8);
    if (may_hold(w, '"') || may_hold(w, '\\')) break;
    std::memcpy(p, s, 8);
    p += 8;
    s += 8;
  }
  for (; s < end; ++s) {
    if (*s == '\\' || *s == '"') *p++ = '\\';
    *p++ = *s;
  }
  return p;
}

// A number's digits written backwards from `end`; returns where they begin.
constexpr char* digits_before(char* end, unsigned value) {
  do *--end = static_cast<char>('0' + value % 10);
  while ((value /= 10) != 0);
  return end;
}

// "12." (White) or "12..." (Black), written backwards to end just before `end`; its first byte.
constexpr char* move_number_text(char* end, bool white, unsigned fullmove) {
  for (int dots = white ? 1 : 3; dots > 0; --dots) *--end = '.';
  return digits_before(end, fullmove);
}

// The same texts for the numbers below 1000, each at the end of 8 bytes: a move number is one
// 8-byte copy (the digits' divisions and the dots' loop were 1.8 % of convert).
// `leading`: the same text and a space after it at the start of 8 bytes, for writing forward.
struct MoveNumberText {
  std::array<char, 8> bytes{};
  std::array<char, 8> leading{};
  std::uint8_t size = 0;
};
constexpr std::size_t kTabledMoveNumbers = 1000;
constexpr auto kMoveNumbers = [] {
  std::array<std::array<MoveNumberText, 2>, kTabledMoveNumbers> table{};
  for (std::size_t n = 0; n < kTabledMoveNumbers; ++n)
    for (std::size_t black = 0; black < 2; ++black) {
      MoveNumberText& t = table[n][black];
      char* const end = t.bytes.data() + t.bytes.size();
      t.size = static_cast<std::uint8_t>(end - move_number_text(end, black == 0, static_cast<unsigned>(n)));
      for (std::size_t k = 0; k < t.size; ++k) t.leading[k] = t.bytes[t.bytes.size() - t.size + k];
      t.leading[t.size] = ' ';
    }
  return table;
}();

// move_number_text() from the table when it holds the number; the 8 bytes before `end` are the
// caller's to write.
char* move_number_before(char* end, Color side, int fullmove) {
  if (fullmove >= 0 && static_cast<std::size_t>(fullmove) < kTabledMoveNumbers) {
    const MoveNumberText& t = kMoveNumbers[static_cast<std::size_t>(fullmove)][side == Color::White ? 0 : 1];
    std::memcpy(end - t.bytes.size(), t.bytes.data(), t.bytes.size());
    return end - t.size;
  }
  return move_number_text(end, side == Color::White, static_cast<unsigned>(fullmove));
}

// "12. " (White) or "12... " (Black) written forward at `p`, where kMoveNumberRoom bytes are the
// caller's to write; returns its end.
constexpr std::size_t kMoveNumberRoom = 24;
char* move_number_after(char* p, Color side, int fullmove) {
  if (fullmove >= 0 && static_cast<std::size_t>(fullmove) < kTabledMoveNumbers) {
    const MoveNumberText& t = kMoveNumbers[static_cast<std::size_t>(fullmove)][side == Color::White ? 0 : 1];
    std::memcpy(p, t.leading.data(), t.leading.size());
    return p + t.size + 1;
  }
  char buffer[kMoveNumberRoom];
  char* const end = buffer + sizeof buffer;
  char* const begin = move_number_text(end - 1, side == Color::White, static_cast<unsigned>(fullmove));
  end[-1] = ' ';
  std::memcpy(p, begin, static_cast<std::size_t>(end - begin));
  return p + (end - begin);
}

// Whether `size` bytes at `p` hold no line end, tab or CR, and no two spaces side by side.
// Eight bytes at a time (a byte at a time, it cost a clock comment as much as writing it).
bool single_spaced(const char* p, std::size_t size) {
  constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Fu;
  constexpr std::uint64_t kHigh = 0x8080808080808080u;
  constexpr std::uint64_t kOnes = 0x0101010101010101u;
  // The high bit of each byte of `w` equal to `c`, exactly.
  auto equal = [](std::uint64_t w, unsigned char c) {
    const std::uint64_t x = w ^ (kOnes * c);
    return ~(((x & kLow7) + kLow7) | x) & kHigh;
  };
  std::uint64_t carry = 0;  // the high bit of the previous word's last byte, when a space
  std::size_t k = 0;
#ifdef __SSE2__
  // Sixteen bytes at a time first (an engine's comment is a few hundred bytes).
  unsigned space_before = 0;  // 1 when the byte before the block is a space
  for (; k + 16 <= size; k += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k));
    const __m128i line =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))),
                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
    if (_mm_movemask_epi8(line) != 0) return false;
    const auto spaces = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' '))));
    if (spaces & ((spaces << 1) | space_before)) return false;
    space_before = spaces >> 15;
  }
  carry = std::uint64_t{space_before} << 7;
#endif
  for (; k + 8 <= size; k += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + k, 8);
    if (equal(w, '\n') | equal(w, '\t') | equal(w, '\r')) return false;
    const std::uint64_t spaces = equal(w, ' ');
    if (spaces & ((spaces << 8) | carry)) return false;
    carry = spaces >> 56;
  }
  bool space = carry != 0;
  for (; k < size; ++k) {
    const char c = p[k];
    if (c == '\n' || c == '\t' || c == '\r' || (c == ' ' && space)) return false;
    space = c == ' ';
  }
  return true;
}

}  // namespace

std::string escape_tag_value(std::string_view value) {
  std::string out(2 * value.size(), '\0');
  out.resize(static_cast<std::size_t>(write_escaped(out.data(), value) - out.data()));
  return out;
}

PgnWriter::Buffers& PgnWriter::spare_buffers() {
  thread_local Buffers spare;
  return spare;
}

namespace {
const Position& standard_start() {
  static const Position start = Position::startpos();
  return start;
}
}  // namespace

PgnWriter& PgnWriter::for_thread(std::string& out, const PgnWriteOptions& options) {
  // The spare buffers first: a thread's objects are destroyed in the reverse order of their
  // construction, and the writer's destructor hands its buffers back to them.
  spare_buffers();
  thread_local std::optional<PgnWriter> writer;
  if (!writer) {
    writer.emplace(out, options);
  } else {
    writer->out_ = &out;
    writer->options_ = options;
    writer->san_language_ = nullptr;  // (the answer depends on the options)
    writer->san_same_ = false;
  }
  return *writer;
}

PgnWriter::PgnWriter(std::string& out, PgnWriteOptions options) : out_(&out), options_(options) {
  Buffers& spare = spare_buffers();
  tags_.swap(spare.tags);
  tag_text_.swap(spare.tag_text);
  movetext_.swap(spare.movetext);
  tags_.clear();
  tag_text_.clear();
  movetext_.clear();
}

PgnWriter::~PgnWriter() {
  // Returned for the thread's next writer, unless a huge game grew them (not kept after it).
  constexpr std::size_t kKeep = std::size_t{64} << 10;
  if (movetext_.capacity() > kKeep || tag_text_.capacity() > kKeep || tags_.capacity() > 1024) return;
  Buffers& spare = spare_buffers();
  tags_.swap(spare.tags);
  tag_text_.swap(spare.tag_text);
  movetext_.swap(spare.movetext);
}

void PgnWriter::begin_game(std::uint32_t) {
  unresolved_.clear();  // (a game given up by the fast lane may have left some)
  tags_.clear();
  tag_text_.clear();
  first_roster_.fill(-1);
  had_fen_ = false;
  start_.reset();
  chess960_ = false;
  result_ = GameResult::None;
  movetext_.clear();
  column_ = 0;
  need_number_ = true;
  after_open_ = false;
}

// tag_kind()'s places are the roster's order.
static_assert(kSevenTagRoster[0] == "Event" && kSevenTagRoster[1] == "Site" && kSevenTagRoster[2] == "Date" &&
              kSevenTagRoster[3] == "Round" && kSevenTagRoster[4] == "White" && kSevenTagRoster[5] == "Black" &&
              kSevenTagRoster[6] == "Result");

std::uint8_t PgnWriter::tag_kind(std::string_view name) {
  switch (name.size()) {
    case 3: return name == "FEN" ? kFenTag : kOtherTag;
    case 4: return name == "Site" ? 1 : name == "Date" ? 2 : kOtherTag;
    case 5:
      return name == "Event"   ? 0
             : name == "Round" ? 3
             : name == "White" ? 4
             : name == "Black" ? 5
             : name == "SetUp" ? kSetUpTag
                               : kOtherTag;
    case 6: return name == "Result" ? 6 : kOtherTag;
    case 7: return name == "Variant" ? kVariantTag : kOtherTag;
    default: return kOtherTag;
  }
}

void PgnWriter::tag(std::string_view name, std::string_view value) {
  TagRef t;
  t.kind = tag_kind(name);
  if (t.kind < first_roster_.size() && first_roster_[t.kind] < 0)
    first_roster_[t.kind] = static_cast<std::int32_t>(tags_.size());
  had_fen_ = had_fen_ || t.kind == kFenTag;
  t.name = static_cast<std::uint32_t>(tag_text_.size());
  t.name_size = static_cast<std::uint32_t>(name.size());
  tag_text_ += name;
  t.value = static_cast<std::uint32_t>(tag_text_.size());
  t.value_size = static_cast<std::uint32_t>(value.size());
  tag_text_ += value;
  tags_.push_back(t);
}

Skip PgnWriter::end_tags(const Position& start, bool chess960) {
  if (chess960 || !(start == standard_start())) start_ = start;
  else start_.reset();
  chess960_ = chess960;
  return Skip::No;
}

void PgnWriter::newline() {
  movetext_.push('\n');
  column_ = 0;
}

// Appends a token with a separating space, breaking the line before it when it would pass the
// width. `glue`: no space before (a closing parenthesis, the rest of a comment's first word).
void PgnWriter::put(std::string_view token, bool glue) {
  bool no_space = glue || after_open_ || column_ == 0;
  std::size_t needed = token.size() + (no_space ? 0 : 1);
  if (column_ > 0 && column_ + needed > options_.line_width && !after_open_) {
    newline();
    no_space = true;
  }
  if (!no_space) {
    movetext_.push(' ');
    ++column_;
  }
  movetext_.append(token);
  column_ += token.size();
  after_open_ = false;
}

// put() of a comment's word with its opening brace (`open`) or closing brace (`close`) around it,
// written without building the token first.
void PgnWriter::put_comment_word(std::string_view word, bool open, bool close) {
  const std::size_t size = word.size() + (open ? 1 : 0) + (close ? 1 : 0);
  bool no_space = after_open_ || column_ == 0;
  if (column_ > 0 && column_ + size + (no_space ? 0 : 1) > options_.line_width && !after_open_) {
    newline();
    no_space = true;
  }
  if (!no_space) {
    movetext_.push(' ');
    ++column_;
  }
  if (open) movetext_.push('{');
  movetext_.append(word);
  if (close) movetext_.push('}');
  column_ += size;
  after_open_ = false;
}

// The words of `words` (one space apart, none at either end) in braces, as put_comment_word()
// would write them one by one: the words that fit on the line go in one copy, the first that
// does not begins the next line.
void PgnWriter::put_spaced_comment(std::string_view words) {
  const std::size_t n = words.size();
  if (column_ + n + (column_ == 0 || after_open_ ? 2 : 3) <= options_.line_width) {
    put_comment_word(words, true, true);  // all on this line, as one word (a clock comment)
    return;
  }
  std::size_t pos = std::min(words.find(' '), n);  // at the space after the words written, or n
  put_comment_word(words.substr(0, pos), true, pos == n);
  while (pos < n) {
    const std::size_t room = column_ < options_.line_width ? options_.line_width - column_ : 0;
    if (n - pos + 1 <= room) {  // the rest, and the closing brace
      movetext_.append(words.substr(pos));
      movetext_.push('}');
      column_ += n - pos + 1;
      return;
    }
    // The last space within reach ends the words that fit; the word after it does not.
    if (room > 0)
      if (const std::size_t q = words.rfind(' ', pos + room); q != std::string_view::npos && q > pos) {
        movetext_.append(words.substr(pos, q - pos));
        column_ += q - pos;
        pos = q;
      }
    newline();
    const std::size_t word_end = std::min(words.find(' ', pos + 1), n);
    movetext_.append(words.substr(pos + 1, word_end - pos - 1));
    column_ = word_end - pos - 1;
    if (word_end == n) {
      movetext_.push('}');
      ++column_;
    }
    pos = word_end;
  }
}

void PgnWriter::flush_unresolved() {
  if (unresolved_.empty()) return;
  std::string text = "not resolved, kept as written: " + unresolved_;
  unresolved_.clear();
  comment(text, CommentKind::Brace);
}

void PgnWriter::move(const MoveEvent& e) {
  if (!e.move && !e.preformatted) {
    // A token that did not resolve (and every one after it in its line: the position is lost)
    // cannot be written as a move; it is kept, as written, in a comment.
    if (!unresolved_.empty()) unresolved_ += ' ';
    unresolved_ += e.text;
    return;
  }
  if (!unresolved_.empty()) flush_unresolved();
  Color side = e.before.side_to_move();
  bool numbered = side == Color::White || need_number_;
  std::string_view text = e.text;  // preformatted by the caller when there is no move
  if (e.move && !e.san.empty() && writes_san_in(e.san_language)) {
    text = e.san;  // the reader's token is already this writer's text
  } else if (e.move) {
    if (format_move(move_text_, e.before, e.move, options_.moves, e.facts)) {
      text = move_text_.view();
    } else {
      scratch_.clear();
      append_move(scratch_, e.before, e.move, options_.moves, e.facts);
      text = scratch_;
    }
  }
  // The usual move, after a space on a line it fits, is written with its number straight into the
  // buffer's free end, and kept if it fits (two put() calls were a tenth of normalize's
  // instructions; building it on the stack first and copying it, 1 % of convert's).
  bool written = false;
  if (column_ > 0 && !after_open_ && text.size() <= kShortMove) {
    char* const start = movetext_.free_end(1 + kMoveNumberRoom + kShortMove);
    char* p = start;
    *p++ = ' ';
    if (numbered) p = move_number_after(p, side, e.before.fullmove_number());
    detail::copy_short(p, text.data(), text.size());
    const std::size_t size = static_cast<std::size_t>(p - start) + text.size();
    if (column_ + size <= options_.line_width) {
      movetext_.keep(size);
      column_ += size;
      written = true;
    }
  }
  if (!written) {
    if (numbered) {
      char buffer[16];
      char* const end = buffer + sizeof buffer;
      const char* const begin = move_number_before(end, side, e.before.fullmove_number());
      const std::string_view number(begin, static_cast<std::size_t>(end - begin));
      // A move number stays on the line of its move ("7." alone at a line's end reads badly).
      std::size_t both = number.size() + 1 + text.size() + (column_ == 0 || after_open_ ? 0 : 1);
      if (column_ > 0 && !after_open_ && column_ + both > options_.line_width) newline();
      put(number);
    }
    put(text);
  }
  need_number_ = false;
  // FIDE's draw offer (=) is no PGN token: a '(' opens a variation for every other reader. It is
  // kept in a comment after the move.
  if (e.draw_offer) comment(kDrawOfferComment, CommentKind::Brace);
}

bool PgnWriter::writes_san_in_slow(const Language* lang) {
  san_language_ = lang;
  const WriteOptions& o = options_.moves;
  const Language& mine = o.language ? *o.language : english();
  san_same_ = o.style == NotationStyle::San && o.check_marks && !o.phonetic_files && !o.castling_zeros;
  for (PieceType p : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King})
    san_same_ = san_same_ && mine.letters[index_of(p)] == lang->letters[index_of(p)];
  return san_same_;
}

void PgnWriter::nag(unsigned value) {
  if (!unresolved_.empty()) {  // the NAG of an unresolved move stays with it
    unresolved_ += " $" + std::to_string(value);
    return;
  }
  scratch_ = "$";
  append_decimal(scratch_, value);
  put(scratch_);
}

void PgnWriter::comment(std::string_view text, CommentKind kind) {
  flush_unresolved();  // clears before it writes its own comment: no recursion
  switch (kind) {
    case CommentKind::Brace: {
      // Words are re-flowed to the line width: white space inside a comment carries no meaning
      // in PGN, and the export format limits line length. Each word is put() as a token, the
      // first with its `{` and the last with its `}`, written in place: a vector of words and a
      // copy of each cost a quarter of converting an archive with a clock comment on every move
      // (bench/RESULTS.md).
      const auto is_space = [](char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; };
      const char* p = text.data();
      const char* const end = p + text.size();
      while (p < end && is_space(*p)) ++p;
      if (p == end) {
        put("{}");
        break;
      }
      const char* last = end;
      while (is_space(last[-1])) --last;
      // A comment whose words stand one space apart (a clock, an engine's line) is written a
      // line at a time; word by word, TCEC's engine comments were half of converting its games.
      if (const std::size_t size = static_cast<std::size_t>(last - p); single_spaced(p, size)) {
        put_spaced_comment(std::string_view(p, size));
        break;
      }
      bool first = true;
      while (p < end) {
        const char* word_end = p;
        while (word_end < end && !is_space(*word_end)) ++word_end;
        const char* next = word_end;
        while (next < end && is_space(*next)) ++next;
        put_comment_word(std::string_view(p, static_cast<std::size_t>(word_end - p)), first, next == end);
        first = false;
        p = next;
      }
      break;
    }
    case CommentKind::Line:
      scratch_ = ";";
      scratch_ += text;
      put(scratch_);
      newline();
      break;
    case CommentKind::Escape:
      if (column_ > 0) newline();
      movetext_.push('%');
      movetext_.append(text);
      newline();
      break;
  }
  need_number_ = true;
}

void PgnWriter::begin_variation() {
  flush_unresolved();
  put("(");
  after_open_ = true;
  need_number_ = true;
}

void PgnWriter::end_variation() {
  flush_unresolved();
  put(")", true);
  need_number_ = true;
}

void PgnWriter::result(GameResult r) { result_ = r; }

namespace {

// A tag section written through a pointer into `out`, which is grown once for the worst case
// (every value byte escaped) and cut to what was written: a game's seven roster tags were about
// 35 string appends, the cost of writing a game without moves (bench/RESULTS.md).
class TagSink {
 public:
  TagSink(std::string& out, std::size_t most) : out_(out) {
    const std::size_t at = out_.size();
    out_.resize(at + most);
    p_ = out_.data() + at;
  }
  TagSink(const TagSink&) = delete;
  TagSink& operator=(const TagSink&) = delete;
  ~TagSink() { out_.resize(static_cast<std::size_t>(p_ - out_.data())); }
  void tag(std::string_view name, std::string_view value) {
    *p_++ = '[';
    detail::copy_line(p_, name.data(), name.size());
    p_ += name.size();
    *p_++ = ' ';
    *p_++ = '"';
    p_ = write_escaped(p_, value);
    *p_++ = '"';
    *p_++ = ']';
    *p_++ = '\n';
  }
  // A whole line, written as it is.
  void line(std::string_view text) {
    detail::copy_line(p_, text.data(), text.size());
    p_ += text.size();
  }

 private:
  std::string& out_;
  char* p_;
};

}  // namespace

void PgnWriter::end_game() {
  flush_unresolved();
  // Tag section: the Seven Tag Roster in order, then the set-up tags, then the rest as read.
  const bool set_up = chess960_ || had_fen_ || start_.has_value();
  const std::string fen = set_up ? write_fen(start_ ? *start_ : standard_start(), options_.fen) : std::string();
  // Every tag as read (names and values at most doubled), the roster's defaults, the set-up tags.
  const std::size_t most = 2 * tag_text_.size() + 5 * tags_.size() + 7 * 24 + 64 + 2 * fen.size();
  out_->reserve(out_->size() + most + movetext_.view().size() + 16);
  {
    TagSink sink(*out_, most);
    std::array<bool, kSevenTagRoster.size()> used{};
    for (std::size_t k = 0; k < kSevenTagRoster.size(); ++k) {
      std::string_view name = kSevenTagRoster[k];
      if (name == "Result") {
        sink.tag(name, result_text(result_));
        continue;
      }
      const TagRef* found = first_roster_[k] < 0 ? nullptr : &tags_[static_cast<std::size_t>(first_roster_[k])];
      used[k] = found != nullptr;
      if (found) sink.tag(name, value_of(*found));
      else sink.line(kRosterDefaultLines[k]);
    }
    if (chess960_) sink.tag("Variant", "Chess960");
    if (set_up) {
      sink.tag("SetUp", "1");
      sink.tag("FEN", fen);
    }
    std::array<bool, kSevenTagRoster.size()> skipped{};
    for (const TagRef& t : tags_) {
      if (t.kind == kSetUpTag || t.kind == kFenTag || (chess960_ && t.kind == kVariantTag)) continue;
      if (t.kind < kSevenTagRoster.size()) {
        // The first of each roster tag was written above (Result is always regenerated).
        const std::size_t k = t.kind;
        if (!skipped[k] && (used[k] || kSevenTagRoster[k] == "Result")) {
          skipped[k] = true;
          continue;
        }
      }
      sink.tag(name_of(t), value_of(t));
    }
  }
  *out_ += '\n';
  put(result_text(result_));
  *out_ += movetext_.view();
  *out_ += "\n\n";
}

void append_pgn(std::string& out, const Game& game, const PgnWriteOptions& options) {
  PgnWriter writer(out, options);
  game.accept(writer);
}

std::string write_pgn(const Game& game, const PgnWriteOptions& options) {
  std::string out;
  append_pgn(out, game, options);
  return out;
}

}  // namespace planilla
