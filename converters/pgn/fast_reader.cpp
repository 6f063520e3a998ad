#include "converters/pgn/fast_reader.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "board/bitboard.hpp"
#include "board/fen.hpp"
#include "converters/pgn/game.hpp"
#include "converters/pgn/game_rules.hpp"
#include "grammar/move_parser.hpp"
#include "grammar/pgn_chars.hpp"
#include "grammar/pgn_parser.hpp"
#include "notation/diagnostic.hpp"
#include "notation/resolve.hpp"
#include "notation/write.hpp"

namespace planilla {

namespace {

// Byte classes of the PGN game grammar (grammar/pgn_chars.hpp): blank_char, '\n', and the
// characters that end a move token, looked up in one load.
// kValueStop: the bytes that end the plain part of a tag value (the closing quote, an escape, a
// line end).
// kMovetextMark: the bytes movetext() handles itself (brackets, braces, quotes, `;`, `$`, `%`).
enum : std::uint8_t { kBlank = 1, kNewline = 2, kDelimiter = 4, kValueStop = 8, kMovetextMark = 16 };

constexpr std::array<std::uint8_t, 256> make_classes() {
  std::array<std::uint8_t, 256> t{};
  for (unsigned c = 0; c < 256; ++c) {
    const auto b = static_cast<unsigned char>(c);
    t[b] = static_cast<std::uint8_t>((grammar::is_pgn_blank(b) ? kBlank : 0) | (b == '\n' ? kNewline : 0) |
                                     (grammar::is_pgn_delimiter(b) ? kDelimiter : 0));
  }
  for (unsigned char c : {'"', '\\', '\n', '\r'}) t[c] |= kValueStop;
  for (unsigned char c : {'{', '}', ';', '$', '(', ')', '[', ']', '"', '%'}) t[c] |= kMovetextMark;
  return t;
}
constexpr std::array<std::uint8_t, 256> kClass = make_classes();

bool is_space(char c) { return (kClass[static_cast<unsigned char>(c)] & (kBlank | kNewline)) != 0; }
bool is_blank(char c) { return (kClass[static_cast<unsigned char>(c)] & kBlank) != 0; }
bool is_delimiter(char c) { return (kClass[static_cast<unsigned char>(c)] & kDelimiter) != 0; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

// Standalone tokens that the game grammar reads as something other than a move (its glyph and
// ep_mark rules): the fast lane leaves them to it.
bool is_other_element(std::string_view t) {
  return grammar::glyph_nag(t) != 0 || t == "e.p." || t == "a.p." || t == "ep";
}

// The piece letters of a language, as plain_ahead() reads them: one ASCII capital, in a table
// (PieceType::None elsewhere), or a UTF-8 letter of two to four bytes (`К`, `Кр`, `Ş`, `Ρ`), in a
// short list, longest first (`Кр`, the king, before `К`, the knight). `usable` is false when a
// letter would be read otherwise by the move grammar (an `X` where it is the mate sign), two
// pieces share one, or the language has none. An `O` (the Estonian bishop) is castling's only
// before a `-` (plain_ahead()); an `X` elsewhere is a piece (the Vietnamese rook).
struct LetterTable {
  struct Wide {
    std::string_view bytes;
    PieceType piece = PieceType::None;
  };
  std::array<PieceType, 128> piece{};
  std::array<Wide, 5> wide{};
  std::size_t wide_count = 0;
  bool usable = false;
};

LetterTable letter_table(const Language& lang) {
  LetterTable t;
  t.piece.fill(PieceType::None);
  int count = 0;
  std::string_view pawn = lang.letters[static_cast<std::size_t>(index_of(PieceType::Pawn))];
  for (PieceType p : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King}) {
    std::string_view l = lang.letters[static_cast<std::size_t>(index_of(p))];
    if (l.size() > 1 && static_cast<unsigned char>(l[0]) >= 0x80 && l.size() <= 4 && is_valid_utf8(l)) {
      // A letter of UTF-8 bytes only (two code points at most: `Кр`), none another's or the pawn's.
      if (std::any_of(l.begin(), l.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) continue;
      for (std::size_t k = 0; k < t.wide_count; ++k)
        if (t.wide[k].bytes == l) return t;
      if (l == pawn) return t;
      t.wide[t.wide_count++] = LetterTable::Wide{l, p};
      ++count;
      continue;
    }
    // (An X is a mate sign where the set writes one so: `Qh7X`.)
    if (l.size() != 1 || l[0] < 'A' || l[0] > 'Z' || (l[0] == 'X' && lang.x_is_mate)) continue;
    if (t.piece[static_cast<unsigned char>(l[0])] != PieceType::None) return t;  // two pieces, one letter
    t.piece[static_cast<unsigned char>(l[0])] = p;
    ++count;
  }
  // Longest first; the unused entries, empty, last.
  std::stable_sort(t.wide.begin(), t.wide.end(), [](const LetterTable::Wide& a, const LetterTable::Wide& b) {
    return a.bytes.size() > b.bytes.size();
  });
  // A pawn letter is read by the move grammar too (`Pe4`, with a warning): it must not be taken
  // for a piece here, and a piece letter equal to it would be ambiguous.
  if (pawn.size() == 1 && static_cast<unsigned char>(pawn[0]) < 128 &&
      t.piece[static_cast<unsigned char>(pawn[0])] != PieceType::None)
    return t;
  t.usable = count == 5;
  return t;
}

// The LetterTable of a language, made once for each of the table's rows (per_language()). (It
// was kept per thread by the row's address: a caller's row made where another had been, a local
// in a loop, found the other's table, and the lane read its `Se2` with the other's letters.)
const LetterTable& letters_of(const Language& lang) {
  return per_language(lang, [](const Language& l) { return letter_table(l); });
}

class FastReader {
 public:
  FastReader(const RawGame& raw, Visitor& visitor, std::vector<Diagnostic>& diagnostics, const ReadOptions& options,
             const Language& language, const OffsetMap* map)
      : s_(raw.bytes),
        raw_(raw),
        map_(map),
        visitor_(visitor),
        diagnostics_(diagnostics),
        options_(options),
        language_(language),
        letters_(letters_of(language)),
        count_only_(visitor.counts_moves_only()),
        lines_(raw.bytes, raw.line, raw.column) {
    resolve_options_ = options.resolve;
    resolve_options_.language = &language;
    // The thread's buffers from the previous game: a reader per game, and growing them afresh
    // cost several allocations a game.
    Spare& spare = spare_buffers();
    frames_.swap(spare.frames);
    lettered_.swap(spare.lettered);
    lettered_.clear();  // (frames_ keep their positions: push_frame() reuses them)
  }
  ~FastReader() {
    if (frames_.capacity() > 64 || lettered_.capacity() > 4096) return;  // deep variations: not kept
    Spare& spare = spare_buffers();
    frames_.swap(spare.frames);
    lettered_.swap(spare.lettered);
  }
  FastReader(const FastReader&) = delete;
  FastReader& operator=(const FastReader&) = delete;

  // The offsets of the main line's lettered tokens (LaneNotes::lettered) in the game's bytes, when
  // this game's text is simple enough for them to be exactly what detect.cpp's scan of those bytes
  // would find. A game the lane takes has non-ASCII bytes only in tag values and comments, which
  // that scan skips too, so a UTF-8 or code-page game's notes are as exact as an ASCII game's;
  // a code-page game's tokens are ASCII, two bytes in its decoding and in its bytes alike.
  bool lettered(std::vector<std::uint32_t>& out) const {
    if (!lettered_ok_) return false;
    out = lettered_;
    if (map_) {
      OffsetMap::Hint hint;  // (the offsets are in text order)
      for (std::uint32_t& at : out) at = static_cast<std::uint32_t>(map_->original(at, hint));
    }
    return true;
  }

  // Whether every move token run() took was plain SAN (LaneNotes::plain_moves).
  bool plain_moves() const { return plain_moves_; }
  // Whether run() declined at a move token or for its letters (the letters' business), as
  // opposed to the game's form.
  bool declined_at_move() const { return declined_at_move_; }
  // Whether run() declined at a move its resolver rejects (LaneNotes::declined_at_move_error).
  bool declined_at_move_error() const { return declined_at_move_error_; }
  // The move token run() declined at (LaneNotes::declined_token): offset and size, {0, 0} if none.
  std::pair<std::uint64_t, std::uint64_t> declined_token() const { return declined_token_; }

  bool run() {
    if (!letters_.usable) {
      declined_at_move_ = true;  // these letters only
      return false;
    }
    if (!options_.styles.allows(NotationStyle::San)) return false;
    // (fast_lane_max_bytes(); the lane takes what it can below it: detection reads a game again
    // with each letter set that could read it otherwise, and a 2 MB game left to the general
    // reader cost it thirteen slow readings.)
    if (s_.size() > fast_lane_max_bytes(options_.limits)) return false;
    if (raw_.detected ? *raw_.detected != Encoding::Ascii : !is_ascii(s_)) {
      // Valid UTF-8 is read as it stands (decode() returns the same bytes, and the diagnostics'
      // columns are counted in code points either way), but only inside tag values and comments:
      // a move token, move number or result with a non-ASCII character (`…`, `½-½`, `♘f3`,
      // `e8(♕)`) is the general reader's.
      if (raw_.detected != Encoding::Utf8) return false;
      non_ascii_ = true;
    }
    // The decoder turns CRLF into LF and a lone CR into LF: a CR is white space here, it ends a
    // `;` comment's line, and comments are passed on decoded (comment_text()). A lone CR (old Mac
    // line ends) makes lines that LineCursor does not count: such a game is taken only as long as
    // it needs no remark, and detect.cpp scans its text itself.
    for (const char* p = s_.data(); (p = static_cast<const char*>(std::memchr(p, '\r', s_.data() + s_.size() - p)));
         ++p)
      if (p + 1 == s_.data() + s_.size() || p[1] != '\n') {
        lone_cr_ = true;
        lettered_ok_ = false;
        break;
      }
    // detect.cpp's scan takes form feeds and vertical tabs for text, the scanner for space.
    if (std::memchr(s_.data(), '\f', s_.size()) || std::memchr(s_.data(), '\v', s_.size())) lettered_ok_ = false;
    visitor_.begin_game(raw_.number);
    if (!tags()) return false;
    if (!movetext()) return false;
    return finish();
  }

 private:
  // One line of play: the position before its last move, after it, and the next one being made,
  // in three slots that rotate: a move writes the next slot from the current one (play_from()).
  struct Frame {
    std::array<Position, 3> slots;  // before, current, and the next position being made
    // The roles as pointers into `slots` (a copy re-seats them into its own slots).
    Position* before_p = &slots[0];
    Position* current_p = &slots[1];
    Position* spare_p = &slots[2];
    bool has_move = false;
    LineNumbering numbering;  // the shift of a count from 1 after a FEN (number_fits_here())
    std::uint32_t ply = 1;
    std::uint32_t variation = 0;
    Frame() = default;
    Frame(const Frame& o)
        : slots(o.slots), has_move(o.has_move), numbering(o.numbering), ply(o.ply), variation(o.variation) {
      before_p = &slots[static_cast<std::size_t>(o.before_p - o.slots.data())];
      current_p = &slots[static_cast<std::size_t>(o.current_p - o.slots.data())];
      spare_p = &slots[static_cast<std::size_t>(o.spare_p - o.slots.data())];
    }
    Frame& operator=(const Frame&) = delete;
    Position& before() { return *before_p; }
    Position& current() { return *current_p; }
    Position& spare() { return *spare_p; }
    // The spare slot (the position after the move) becomes current, current becomes before.
    void advance() {
      Position* const old_before = before_p;
      before_p = current_p;
      current_p = spare_p;
      spare_p = old_before;
    }
  };

  void skip_spaces() {
    while (i_ < s_.size() && is_space(s_[i_])) ++i_;
  }
  void skip_blanks() {
    while (i_ < s_.size() && is_blank(s_[i_])) ++i_;
  }
  bool token_end(std::size_t at) const { return at >= s_.size() || is_delimiter(s_[at]); }

  // (Inlined into run(): out of line, as it was from 9d8ad45 on, m4.pgn check took 486.7 M
  // instructions, not 481.7 M.)
  [[gnu::always_inline]] bool tags() {
    skip_spaces();
    // `;` and `%` lines before the tags are the grammar's preamble.
    if (i_ < s_.size() && (s_[i_] == ';' || s_[i_] == '%')) return false;
    while (i_ < s_.size() && s_[i_] == '[') {
      ++i_;
      skip_blanks();
      std::size_t name_begin = i_;
      while (i_ < s_.size() && is_tag_name_byte(s_[i_])) ++i_;
      if (i_ == name_begin) return false;
      std::string_view name = s_.substr(name_begin, i_ - name_begin);
      skip_blanks();
      if (i_ >= s_.size() || s_[i_] != '"') return false;
      std::size_t value_begin = ++i_;
      while (i_ < s_.size() && !(kClass[static_cast<unsigned char>(s_[i_])] & kValueStop)) ++i_;
      if (i_ >= s_.size() || s_[i_] != '"') return false;  // an escape or a line end: the grammar's
      std::string_view value = s_.substr(value_begin, i_ - value_begin);
      if (value.size() > options_.limits.max_tag_value_bytes) return false;  // (no escapes: its size as read)
      const std::size_t after_quote = ++i_;
      skip_blanks();
      if (i_ >= s_.size() || s_[i_] != ']') return false;  // a quote inside the value: the grammar's case
      // A lone CR ends a line: the `]` on the next line is the grammar's (W-TAG-QUOTE).
      if (std::memchr(s_.data() + after_quote, '\r', i_ - after_quote)) return false;
      ++i_;
      if (++tag_count_ > options_.limits.max_tags) return false;
      // The first of each, as the general reader looks them up.
      if (name == "Result" && !has_result_tag_) result_tag_ = value, has_result_tag_ = true;
      else if (name == "FEN" && !has_fen_) fen_ = value, has_fen_ = true;
      else if (name == "Variant" && !has_variant_) variant_ = value, has_variant_ = true;
      visitor_.tag(name, value);
      skip_spaces();
    }
    // detect.cpp's scan skips the lines that begin with '[': movetext that starts on a tag's
    // line is skipped there too.
    for (std::size_t k = i_; k > 0 && s_[k - 1] != '\n';) {
      --k;
      if (s_[k] == '[') lettered_ok_ = false;
    }
    return start_position();
  }

  bool start_position() {
    // Without FEN and Variant tags (nearly every game) the answer is always the same: asked once,
    // not built and copied for each game.
    static const StartFromTags without_tags = start_from_tags(std::nullopt, std::nullopt);
    if (!has_variant_ && !has_fen_) return enter_start(without_tags);
    return enter_start(start_from_tags(has_variant_ ? std::optional(variant_) : std::nullopt,
                                       has_fen_ ? std::optional(fen_) : std::nullopt));
  }

  bool enter_start(const StartFromTags& start) {
    if (!start.playable || !start.remarks.empty()) return false;  // the grammar lane says why
    Frame& f = push_frame();
    f.current() = start.position;
    chess960_ = start.chess960;
    f.before() = f.current();
    return visitor_.end_tags(f.current(), chess960_) == Skip::No;
  }

  bool movetext() {
    while (i_ < s_.size()) {
      const char c = s_[i_];
      const std::uint8_t cls = kClass[static_cast<unsigned char>(c)];
      if (cls & (kBlank | kNewline)) {
        ++i_;
        continue;
      }
      if (result_) return false;  // anything after the result: the general reader decides
      // A move, a number or a result (nearly every element) goes straight to element().
      if (cls & kMovetextMark) {
        switch (c) {
          case '{': {
            const void* close = std::memchr(s_.data() + i_ + 1, '}', s_.size() - i_ - 1);
            if (!close) return false;
            std::size_t end = static_cast<std::size_t>(static_cast<const char*>(close) - s_.data());
            visitor_.comment(comment_text(s_.substr(i_ + 1, end - i_ - 1)), CommentKind::Brace);
            i_ = end + 1;
            continue;
          }
          case ';': {
            lettered_ok_ = false;  // detect.cpp's scan reads the words of ; comments
            std::size_t end = s_.find_first_of("\r\n", i_);
            if (end == std::string_view::npos) end = s_.size();
            visitor_.comment(s_.substr(i_ + 1, end - i_ - 1), CommentKind::Line);
            i_ = end;
            continue;
          }
          case '$': {
            std::size_t j = i_ + 1;
            unsigned value = 0;
            while (j < s_.size() && is_digit(s_[j]) && value <= 255)
              value = value * 10 + static_cast<unsigned>(s_[j++] - '0');
            if (j == i_ + 1 || value > 255) return false;
            visitor_.nag(value);
            i_ = j;
            continue;
          }
          case '(': {
            if (s_.substr(i_, 3) == "(=)") return false;  // draw offer
            if (!top().has_move) return false;
            if (static_cast<int>(depth_) > options_.limits.max_depth) return false;
            Frame& f = push_frame();  // may move the parent: look it up again
            Frame& parent = frames_[depth_ - 2];
            f.current() = parent.before();
            f.before() = parent.before();
            f.ply = parent.ply - 1;
            f.numbering = parent.numbering.variation();
            f.variation = ++variations_;
            visitor_.begin_variation();
            ++i_;
            continue;
          }
          case ')':
            if (depth_ <= 1) return false;
            --depth_;
            top_ = &frames_[depth_ - 1];
            visitor_.end_variation();
            ++i_;
            continue;
          case '[':
          case ']':
          case '"':
          case '}': return false;  // stray: reported by the grammar
          case '%':
            if (i_ == 0 || s_[i_ - 1] == '\n' || s_[i_ - 1] == '\r') return false;  // an escape line
            break;
          default: break;
        }
      }
      if (!element()) return false;
    }
    return depth_ == 1;
  }

  // A result, a move number, dots or a move token at i_.
  bool element() {
    WrittenMove w;
    std::size_t end = i_;
    if (plain_ahead(w, end)) {
      const std::size_t san_end = end;
      if (end == s_.size() || is_delimiter(s_[end]) || glyph_at(end, w)) return token_at(end, w, true, san_end - i_);
      end = i_;  // more than plain SAN: the move grammar's (which writes all of w)
    }
    const char c = s_[i_];
    const char next = i_ + 1 < s_.size() ? s_[i_ + 1] : ' ';
    if (c == '*' || ((c == '1' || c == '0') && (next == '-' || next == '/'))) {  // (a move number: no)
      for (std::string_view r : {"1-0", "0-1", "1/2-1/2", "*"}) {
        if (s_.substr(i_, r.size()) == r && token_end(i_ + r.size())) {
          if (depth_ > 1) return false;  // a result inside a variation: a warning
          result_ = parse_result(r);
          result_at_ = i_;
          i_ += r.size();
          return true;
        }
      }
    }
    if (is_digit(c)) {  // move number: digits, blanks, one or more dots; or 1-3 digits alone (grammar/pgn.hpp)
      std::size_t j = i_;
      std::uint64_t number = 0;  // (saturated: a number of more digits is no move's)
      for (; j < s_.size() && is_digit(s_[j]); ++j)
        number = number < kNoMoveNumber ? number * 10 + static_cast<unsigned>(s_[j] - '0') : number;
      if (c != '0' && j - i_ <= 3 && token_end(j)) {
        if (!number_fits_here(WrittenNumber{number, false, 0})) return false;
        i_ = j;
        return true;
      }
      std::size_t k = j;
      while (k < s_.size() && is_blank(s_[k])) ++k;
      if (k < s_.size() && s_[k] == '.') {
        const std::size_t dots = k;
        while (k < s_.size() && s_[k] == '.') ++k;
        if (!number_fits_here(WrittenNumber{number, k - dots >= 2, 0})) return false;
        i_ = k;
        return true;
      }
    } else if (c == '.') {  // dots standing alone
      std::size_t k = i_;
      while (k < s_.size() && s_[k] == '.') ++k;
      if (token_end(k)) {
        i_ = k;
        return true;
      }
    }
    while (end < s_.size() && !is_delimiter(s_[end])) ++end;
    return token_at(end, w, false, 0);
  }

  // Whether the move number `n` is taken here: one that fits (nearly every one), and a count the
  // main line's first number sets (number_sets_count()), with the later numbers of that count. Anything else goes to
  // the grammar lane, which decides whether it is a slip to remark on (W-MOVE-NUMBER). The lane keeps only the shift of
  // that count (no number before a move is passed over here, as the grammar lane passes over a second one), so it hands
  // over some games the grammar lane then reads without a remark, and never takes one it remarks on.
  bool number_fits_here(WrittenNumber n) {
    Frame& f = top();
    const Position& pos = f.current();
    // Only the main line's first number may set its count (number_slip()'s `first`): a second
    // one before the first move (`1. {c} 2. Nf3`) is passed over by the grammar lane, which then
    // remarks on Black's `2...`; here it is not taken (a fuzzer's find).
    const bool first = depth_ == 1 && !f.has_move && !main_line_numbered_;
    main_line_numbered_ = main_line_numbered_ || depth_ == 1;
    if (number_fits(n, pos)) [[likely]] {
      f.numbering = LineNumbering{};
      return true;
    }
    const LineNumbering shift = number_shift(n, pos);
    if (number_sets_count(n, pos, first)) {
      f.numbering = shift;
      return true;
    }
    return f.numbering.shifted() && f.numbering.same_shift(shift);
  }

  // The move token from i_ to `end`; `plain`: plain_ahead() has read it into w.
  // (Inlined into element(): out of line, it cost 2 % of a check of English SAN.)
  [[gnu::always_inline]] bool token_at(std::size_t end, WrittenMove& w, bool plain, std::size_t san_size) {
    // `e8(Q)`: a parenthesised code point glued to the token belongs to it.
    if (end + 2 < s_.size() && s_[end] == '(' && !is_delimiter(s_[end + 1]) && s_[end + 2] == ')') return false;
    std::string_view token = s_.substr(i_, end - i_);
    // (A plain token's letter may be UTF-8: `Кf3`; nothing else of a token may.)
    if (non_ascii_ && (!is_ascii(token.substr(plain ? wide_letter_size(token) : 0)) ||
                       (end + 1 < s_.size() && s_[end] == '(' && static_cast<unsigned char>(s_[end + 1]) >= 0x80))) {
      // (Not a token the game grammar reads otherwise, nor one a glued `(…)` may belong to, nor one
      // past the move limit: the general reader would not resolve it there.)
      if ((end >= s_.size() || s_[end] != '(') && moves_ < options_.limits.max_moves && !is_other_element(token))
        note_unresolved(token);
      return decline_at(end);
    }
    if (++moves_ > options_.limits.max_moves) return false;
    if (!move(token, i_, w, plain, san_size)) return decline_at(end);
    if (depth_ == 1 && token[0] >= 'A' && token[0] <= 'Z' && token[0] != 'O') note_lettered(token, i_);
    // detect.cpp's scan counts a main-line token that begins with a UTF-8 letter too (the lane
    // takes such a token only as a plain move in letters of UTF-8: `Кf3`, `Крe2`).
    if (depth_ == 1 && static_cast<unsigned char>(token[0]) >= 0x80) note_lettered_wide(token, i_);
    i_ = end;
    return true;
  }

  // The size of the UTF-8 piece letter `token` begins with (LetterTable::wide), 0 if none.
  [[gnu::noinline]] std::size_t wide_letter_size(std::string_view token) const {
    for (const LetterTable::Wide& wide : letters_.wide) {
      if (wide.bytes.empty()) break;
      if (token.substr(0, wide.bytes.size()) == wide.bytes) return wide.bytes.size();
    }
    return 0;
  }

  // Before declining at a move token the general reader reads, resolves the same way and remarks
  // on (a look-alike letter, a non-ASCII token): whether the resolver rejects it on this position,
  // as the general reader will (LaneNotes::declined_at_move_error). Detection then knows this
  // reading is not clean without reading the game again to find out: a Russian game's `Кf3`,
  // which English reads as a king move, was read by the general reader up to it.
  [[gnu::cold, gnu::noinline]] void note_unresolved(const WrittenMove& w) {
    const auto r = resolve(w, top().current(), resolve_options_);
    if (!r) declined_at_move_error_ = is_unresolved_move_code(r.error().code);
  }
  [[gnu::cold, gnu::noinline]] void note_unresolved(std::string_view token) {
    const auto parsed = parse_move(token, language_, options_.styles, 0);
    if (parsed && parsed->move.style != NotationStyle::Null) note_unresolved(parsed->move);
  }

  // Declines at the move token from i_ to `end` (LaneNotes::declined_token). Out of line: inlined,
  // it kept token_at() itself out of line (3 M instructions more on 1 MB of SAN).
  [[gnu::cold, gnu::noinline]] bool decline_at(std::size_t end) {
    declined_at_move_ = true;  // a move token: other letters may read it (`Кf3`)
    declined_token_ = {file_at(i_) - raw_.offset, file_at(end) - file_at(i_)};
    return false;
  }

  // Plain SAN read forward from i_ into w, in the one pass that also finds its end (`end`): the
  // shapes nearly every token of an archive has (`e4`, `Nf3`, `exd5`, `Nbd7`, `R1e2`, `Qxf7#`),
  // with an optional `+`/`#`, and castling (castle_ahead). False for anything else (promotion,
  // full-square origins, other marks), which goes through the move grammar itself; the caller
  // takes a glyph after it (glyph_at) or finds more than plain SAN.
  bool plain_ahead(WrittenMove& w, std::size_t& end) const {
    const char* const s = s_.data();
    const std::size_t n = s_.size();
    auto at = [&](std::size_t j) { return j < n ? s[j] : ' '; };  // the text's end ends a token
    std::size_t k = i_;
    char c = s[k];
    // Castling's `O-`; an `O` is otherwise a piece letter in the letter sets that have one (the
    // Estonian bishop: `Ob5`), as the move grammar reads it.
    if (c == 'O' && (letters_.piece['O'] == PieceType::None || (i_ + 1 < s_.size() && s[i_ + 1] == '-')))
      return castle_ahead(w, end);
    const auto c0 = static_cast<unsigned char>(c);
    PieceType piece = c0 < 128 ? letters_.piece[c0] : PieceType::None;
    if (piece != PieceType::None) {
      c = at(++k);
    } else if (c0 >= 0x80) {
      for (const LetterTable::Wide& wide : letters_.wide) {  // (the unused entries are empty, last)
        if (wide.bytes.empty()) break;
        if (s_.substr(k, wide.bytes.size()) != wide.bytes) continue;
        piece = wide.piece;
        k += wide.bytes.size();
        c = at(k);
        break;
      }
      if (piece == PieceType::None) return false;
    }
    char hint = 0;
    bool capture = false;
    if (!(is_file(c) && is_rank(at(k + 1)))) {  // not the target square yet: an origin hint first
      if (is_file(c) || (piece != PieceType::None && is_rank(c))) {
        hint = c;
        c = at(++k);
      } else if (piece == PieceType::None) {
        return false;
      }
      if (c == 'x') {
        capture = true;
        c = at(++k);
      } else if (piece == PieceType::None) {
        return false;  // a pawn's origin file comes with a capture (`ed` is not plain)
      }
      if (!(is_file(c) && is_rank(at(k + 1)))) return false;
    }
    const char rank = s[k + 1];
    k += 2;
    w.piece = piece;
    if (is_file(hint)) w.from_file = static_cast<File>(hint - 'a');
    else if (hint != 0) w.from_rank = static_cast<Rank>(hint - '1');
    w.to_file = static_cast<File>(c - 'a');
    w.to_rank = static_cast<Rank>(rank - '1');
    w.capture = capture;
    w.check = check_mark_at(k);
    end = k;
    return true;
  }

  // Castling as SAN writes it, `O-O` or `O-O-O` with an optional `+`/`#`, read from i_ (at an
  // `O`) into w as the move grammar reads it; `end` past it. False for any other spelling (`0-0`,
  // `o-o`, other dashes), which the move grammar reads.
  bool castle_ahead(WrittenMove& w, std::size_t& end) const {
    const char* const s = s_.data();
    const std::size_t n = s_.size();
    std::size_t k = i_ + 3;
    if (k > n || s[i_ + 1] != '-' || s[i_ + 2] != 'O') return false;
    CastlingSide side = CastlingSide::King;
    if (k + 1 < n && s[k] == '-' && s[k + 1] == 'O') {
      side = CastlingSide::Queen;
      k += 2;
    }
    w.castle = side;
    w.check = check_mark_at(k);
    end = k;
    return true;
  }

  // An optional `+` or `#` at k, k past it.
  CheckMark check_mark_at(std::size_t& k) const {
    if (k < s_.size() && s_[k] == '+') {
      ++k;
      return CheckMark::Check;
    }
    if (k < s_.size() && s_[k] == '#') {
      ++k;
      return CheckMark::Mate;
    }
    return CheckMark::None;
  }

  // A suffix glyph at k ending the token (at most two of ! and ?, as NAG 1-6): its NAG into w and
  // k past it.
  bool glyph_at(std::size_t& k, WrittenMove& w) const {
    const std::size_t from = k;
    while (k < s_.size() && k - from < 3 && (s_[k] == '!' || s_[k] == '?')) ++k;
    if (k == from || k - from > 2 || (k < s_.size() && !is_delimiter(s_[k]))) return false;
    w.nag = static_cast<std::uint8_t>(grammar::glyph_nag(s_.substr(from, k - from)));
    return true;
  }

  // A main-line token that begins with a capital: its first two bytes, once per game.
  void note_lettered(std::string_view token, std::size_t at) {
    if (token.size() < 2) {
      lettered_ok_ = false;
      return;
    }
    const std::size_t bit = static_cast<std::size_t>(token[0] - 'A') * 128 + static_cast<unsigned char>(token[1]);
    if (seen_[bit / 64] >> (bit % 64) & 1) return;
    seen_[bit / 64] |= std::uint64_t{1} << (bit % 64);
    lettered_.push_back(static_cast<std::uint32_t>(at));
  }

  // A main-line token that begins with a UTF-8 letter: its first two code points, as
  // detect.cpp's scan reads them (`Кр`, the Russian king, apart from `Кf`, a knight move), once
  // per game; the scan's offsets are those of the game's bytes, where a code page gives one byte
  // a letter (the scan reads them so too).
  void note_lettered_wide(std::string_view token, std::size_t at) {
    std::size_t end = 0;
    int points = 0;
    for (; points < 2 && end < token.size(); ++points) {
      ++end;
      while (end < token.size() && (static_cast<unsigned char>(token[end]) & 0xC0) == 0x80) ++end;
    }
    if (points < 2 || end > 7 || wide_seen_count_ == wide_seen_.size()) {
      lettered_ok_ = false;  // (never for a move the lane takes; a game of many letters: the scan's)
      return;
    }
    std::uint64_t packed = 0;
    std::memcpy(&packed, token.data(), end);
    packed |= std::uint64_t{end} << 60;  // (its size, in the byte the prefix leaves free)
    for (std::size_t k = 0; k < wide_seen_count_; ++k)
      if (wide_seen_[k] == packed) return;
    wide_seen_[wide_seen_count_++] = packed;
    lettered_.push_back(static_cast<std::uint32_t>(at));
  }

  // Plain SAN resolved directly: the one legal move of the written piece to the written square,
  // written with SAN's capture mark, check or mate mark and no more origin hints than it needs.
  // False when anything differs; the move grammar and the resolver then have the word.
  // `canonical`: the hints are SAN's own too (`Nbd7`, not `N8d7`), so the token less its glyph is
  // what the SAN writer writes for the move in this language.
  bool resolve_plain(const WrittenMove& w, const Position& pos, Position& next, Move& m, SanFacts& facts,
                     bool& canonical) {
    const PieceType type = w.piece == PieceType::None ? PieceType::Pawn : w.piece;
    Bitboard from = ~Bitboard{0};
    if (w.from_file) from &= file_bb(*w.from_file);
    if (w.from_rank) from &= rank_bb(*w.from_rank);
    const Square to = make_square(*w.to_file, *w.to_rank);
    pos.moves_to(list_, type, from, to);
    if (list_.size() != 1) return false;  // none, ambiguous, or a promotion without its piece
    m = list_[0];  // (castling is not among them: it is written as castling or left to resolve())
    if (pos.is_capture(m) != w.capture) return false;
    // Without hints the move is the only one of its piece to the square: SAN needs none.
    facts.disambiguation = Disambiguation::None;
    canonical = true;
    if (type != PieceType::Pawn && (w.from_file || w.from_rank)) {
      facts.disambiguation = san_disambiguation(pos, m);
      if (facts.disambiguation == Disambiguation::None) return false;  // more origin hints than needed
      canonical = facts.disambiguation == (w.from_file ? Disambiguation::File : Disambiguation::Rank);
    }
    next.play_from(pos, m);
    facts.check = next.in_check();
    facts.mate = facts.check && next.is_checkmate();
    const CheckMark due = facts.mate ? CheckMark::Mate : facts.check ? CheckMark::Check : CheckMark::None;
    return w.check == due;
  }

  // Castling as castle_ahead() or the move grammar read it, played directly when resolve() would
  // find the same move and no remark: it takes a castling token to pos.castling_move() and
  // remarks only on written marks (check and mate, e.p., letter case), so with none of those
  // differing from the move's own the result is the same. False: resolve() has the word.
  bool castle_plain(const WrittenMove& w, const Position& pos, Position& next, Move& m, SanFacts& facts) {
    if (!w.castle || w.piece_lowercase || w.pawn_letter_written || w.en_passant_mark) return false;
    if (w.check != CheckMark::None && w.check != CheckMark::Check && w.check != CheckMark::Mate) return false;
    const std::optional<Move> castle = pos.castling_move(*w.castle);
    if (!castle) return false;
    m = *castle;
    next.play_from(pos, m);
    facts.disambiguation = Disambiguation::None;
    facts.check = next.in_check();
    facts.mate = facts.check && next.is_checkmate();
    const CheckMark due = facts.mate ? CheckMark::Mate : facts.check ? CheckMark::Check : CheckMark::None;
    return w.check == due;
  }

  // `plain`: plain_ahead() read the token into w, san_size its size less a glyph; else w is empty
  // and the move grammar reads the token.
  bool move(std::string_view token, std::size_t at, WrittenMove& w, bool plain, std::size_t san_size) {
    declined_at_move_ = true;  // until the move is taken
    Frame& f = top();
    Position& next = f.spare();
    Move m;
    SanFacts facts;
    const SanFacts* known = &facts;
    bool canonical = false;
    // Castling read by castle_ahead() is SAN's own spelling, so canonical once taken as written.
    const bool taken = plain && (w.castle ? (canonical = castle_plain(w, f.current(), next, m, facts))
                                          : resolve_plain(w, f.current(), next, m, facts, canonical));
    if (!taken) {
      plain_moves_ = false;
      known = nullptr;
      canonical = false;
      // Castling spelt otherwise (`0-0`), promotions, other spellings and moves written with a
      // remark: the move grammar and the resolver themselves. A move that resolves keeps its
      // remarks (the same W- codes at the same place as the general reader's); one that does not
      // is the general reader's.
      if (is_other_element(token)) return false;  // (no plain move is one)
      auto parsed = parse_move(token, language_, options_.styles, file_at(at));
      if (!parsed || parsed->move.style == NotationStyle::Null) return false;
      if (parsed->folded) {  // (a look-alike letter: the general reader's remark)
        note_unresolved(parsed->move);
        return false;
      }
      w = parsed->move;
      if (castle_plain(w, f.current(), next, m, facts)) {
        known = &facts;
      } else {
        auto r = resolve(w, f.current(), resolve_options_);
        if (!r) {
          declined_at_move_error_ = is_unresolved_move_code(r.error().code);
          return false;
        }
        if (lone_cr_ && !r->warnings.empty()) return false;  // (lines_ counts LF line ends only)
        for (const ResolveWarning& warning : r->warnings) {
          add(warning.code, at, warning.message, token, f.ply, f.variation);
          if (options_.fen_in_diagnostics && f.variation == 0) diagnostics_.back().fen = write_fen(f.current());
        }
        m = r->move;
        next.play_from(f.current(), m);
      }
    }
    if (!count_only_) {  // (else counted in finish())
      // The span from registers into both: copying w.span would read 16 bytes just written as 8 +
      // 4, which the store buffer cannot forward (a store-forwarding stall; bench/RESULTS.md).
      const std::uint64_t begin = file_at(at);
      const SourceSpan span{begin,
                            static_cast<std::uint32_t>(map_ ? file_at(at + token.size()) - begin : token.size())};
      w.span = span;
      MoveEvent ev{token, span, &w, m, f.current(), f.ply, false};
      ev.facts = known;
      if (canonical) {
        ev.san = token.substr(0, san_size);
        ev.san_language = &language_;
      }
      visitor_.move(ev);
    }
    declined_at_move_ = false;
    if (w.nag != 0) visitor_.nag(w.nag);
    f.advance();
    f.has_move = true;
    ++f.ply;
    return true;
  }

  // A brace comment's text as the decoder gives it: CRLF and a lone CR become LF.
  // The text between line ends is copied whole (byte by byte, a CRLF archive's comments were 5 %
  // of checking it).
  std::string_view comment_text(std::string_view text) {
    std::size_t cr = text.find('\r');
    if (cr == std::string_view::npos) return text;
    decoded_comment_.clear();
    std::size_t from = 0;
    for (; cr != std::string_view::npos; cr = text.find('\r', from)) {
      decoded_comment_.append(text.substr(from, cr - from));
      if (cr + 1 == text.size() || text[cr + 1] != '\n') decoded_comment_ += '\n';  // a lone CR
      from = cr + 1;  // (a CRLF's LF is the next run's first byte)
    }
    decoded_comment_.append(text.substr(from));
    return decoded_comment_;
  }

  // A remark as GameReader::add() makes it: the offsets are the file's (ASCII, and a CR only
  // before an LF, so the text's columns are the decoded text's).
  void add(Code code, std::size_t offset, const std::string& message, std::string_view written, std::uint32_t ply,
           std::uint32_t variation) {
    diagnostics_.push_back(game_diagnostic(code, code_severity(code), options_.file_name, raw_, file_at(offset),
                                           lines_.at(offset), ply, variation, message, std::string(written)));
  }

  bool finish() {
    if (!result_) return false;  // no result token: a warning, or not a game
    // A Result tag the token overrules is kept in a comment: the general reader's.
    if (has_result_tag_ && result_tag_overruled(result_tag_, *result_)) return false;
    // The main line's moves, as the general reader counts them.
    const bool has_move = frames_.front().has_move;
    // With a result token and no Result tag, reconcile_result() can remark only on a lone
    // result that does not begin its line: other games do not ask it (500,000 empty games: 55 M
    // instructions for no remark).
    const bool lone = tag_count_ == 0 && !has_move;
    if (has_result_tag_ || (lone && raw_.column > 1)) {
      const ResultFromTags r = reconcile_result(*result_, has_result_tag_ ? std::optional(result_tag_) : std::nullopt,
                                                has_move, tag_count_ != 0, raw_.column > 1);
      if (!r.remarks.empty()) {
        // A lone result's one remark (`… 1-0 1-0`) is said here as the general reader says it, at
        // the token (20,000 bare results went to it one by one: 7× the time); a remark on the
        // Result tag is the general reader's.
        if (!lone || lone_cr_) return false;
        add(r.remarks[0].code, result_at_, r.remarks[0].message, {}, 0, 0);
      }
    }
    if (count_only_) visitor_.count_moves(moves_);
    visitor_.result(*result_);
    visitor_.end_game();
    return true;
  }

  std::string_view s_;
  const RawGame& raw_;
  // Decoded text's offsets to the game's bytes (a code-page game read from its UTF-8 decoding);
  // nullptr: the text is the game's bytes.
  const OffsetMap* map_ = nullptr;
  std::uint64_t file_at(std::size_t at) const { return raw_.offset + (map_ ? map_->original(at, map_hint_) : at); }
  mutable OffsetMap::Hint map_hint_;  // OffsetMap::original()'s place in map_'s anchors
  Visitor& visitor_;
  std::vector<Diagnostic>& diagnostics_;
  const ReadOptions& options_;
  const Language& language_;
  const LetterTable& letters_;
  // The visitor only counts moves (Visitor::counts_moves_only()): moves_ is told it at the end.
  const bool count_only_;
  ResolveOptions resolve_options_;
  std::size_t i_ = 0;
  std::size_t tag_count_ = 0;
  std::size_t moves_ = 0;
  std::string_view result_tag_, fen_, variant_;
  bool has_result_tag_ = false, has_fen_ = false, has_variant_ = false;
  bool chess960_ = false;
  std::optional<GameResult> result_;
  std::size_t result_at_ = 0;  // the result token's offset
  std::uint32_t variations_ = 0;
  bool lettered_ok_ = true;
  bool declined_at_move_ = false;
  bool declined_at_move_error_ = false;
  bool plain_moves_ = true;          // (plain_moves())
  bool main_line_numbered_ = false;  // a move number read in the main line (number_fits_here())
  std::pair<std::uint64_t, std::uint64_t> declined_token_{0, 0};
  bool non_ascii_ = false;  // UTF-8 in tag values or comments (run())
  bool lone_cr_ = false;    // a CR not before an LF (run())
  std::string decoded_comment_;
  std::vector<std::uint32_t> lettered_;
  std::array<std::uint64_t, 26 * 128 / 64> seen_{};
  std::array<std::uint64_t, 16> wide_seen_{};  // note_lettered_wide()'s prefixes, packed with their size
  std::size_t wide_seen_count_ = 0;
  LineCursor lines_;  // remarks' lines and columns
  // The lines open now are frames_[0, depth_); the frames beyond are kept from earlier games and
  // lines, so that a game does not construct three positions per line anew.
  std::vector<Frame> frames_;
  std::size_t depth_ = 0;
  Frame* top_ = nullptr;  // frames_[depth_ - 1]
  Frame& top() { return *top_; }
  Frame& push_frame() {
    if (depth_ == frames_.size()) frames_.emplace_back();
    Frame& f = frames_[depth_++];
    f.has_move = false;
    f.numbering = {};
    f.ply = 1;
    f.variation = 0;
    top_ = &f;
    return f;
  }
  MoveList list_;

  struct Spare {
    std::vector<Frame> frames;
    std::vector<std::uint32_t> lettered;
  };
  static Spare& spare_buffers() {
    thread_local Spare spare;
    return spare;
  }
};

}  // namespace

bool fast_read_game(const RawGame& raw, Visitor& visitor, std::vector<Diagnostic>& diagnostics,
                    const ReadOptions& options, const Language& language, LaneNotes* notes, const OffsetMap* map) {
  const std::size_t before = diagnostics.size();
  FastReader reader(raw, visitor, diagnostics, options, language, map);
  const bool taken = reader.run();
  if (!taken) diagnostics.resize(before);
  if (notes) {
    notes->lettered.clear();
    notes->lettered_known = taken && reader.lettered(notes->lettered);
    notes->declined_by_form = !taken && !reader.declined_at_move();
    notes->declined_at_move_error = !taken && reader.declined_at_move_error();
    const auto [at, size] = taken ? std::pair<std::uint64_t, std::uint64_t>{0, 0} : reader.declined_token();
    notes->declined_token_at = static_cast<std::uint32_t>(std::min<std::uint64_t>(at, UINT32_MAX));
    notes->declined_token_size = static_cast<std::uint32_t>(std::min<std::uint64_t>(size, UINT32_MAX));
    notes->plain_moves = taken && reader.plain_moves();
  }
  return taken;
}

bool fast_lane_letters_alike(const Language& a, const Language& b) {
  const LetterTable ta = letters_of(a);  // (a copy: a caller's own row's table is replaced by the next)
  const LetterTable& tb = letters_of(b);
  if (!ta.usable || !tb.usable || ta.piece != tb.piece || ta.wide_count != tb.wide_count) return false;
  for (std::size_t k = 0; k < ta.wide_count; ++k)
    if (ta.wide[k].bytes != tb.wide[k].bytes || ta.wide[k].piece != tb.wide[k].piece) return false;
  return true;
}

}  // namespace planilla
