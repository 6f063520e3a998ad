// PGN export format (PGN standard, section 8): the Seven Tag Roster first and in order (missing
// ones filled with "?"), the other tags after in their original order, movetext wrapped at 80
// columns with move numbers where the standard puts them, comments, NAGs and variations kept,
// the result at the end. Chess960 games get [Variant "Chess960"], [SetUp "1"] and [FEN].
// Moves are written in any style × language through append_move(); tag values are kept as read.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "board/fen.hpp"
#include "converters/input/byte_buffer.hpp"
#include "converters/pgn/game.hpp"
#include "converters/pgn/visitor.hpp"
#include "notation/write.hpp"

namespace planilla {

struct PgnWriteOptions {
  WriteOptions moves;                 // English SAN by default (the PGN export form)
  FenDialect fen = FenDialect::XFen;  // for the FEN tag of set-up and Chess960 games
  std::size_t line_width = 80;
};

// Copies n bytes: a token or a numbered move is a few bytes, so up to 16 go as two overlapping
// word copies, with no call and no byte loop (a memcpy call for each was 1 % of convert).
namespace detail {
inline void copy_short(char* p, const char* q, std::size_t n) {
  if (n > 16) {
    std::memcpy(p, q, n);
  } else if (n >= 8) {
    std::memcpy(p, q, 8);
    std::memcpy(p + n - 8, q + n - 8, 8);
  } else if (n >= 4) {
    std::memcpy(p, q, 4);
    std::memcpy(p + n - 4, q + n - 4, 4);
  } else if (n > 0) {
    p[0] = q[0];
    p[n / 2] = q[n / 2];
    p[n - 1] = q[n - 1];
  }
}
// The same up to 32 bytes (a tag's name, a roster line), as two overlapping 16-byte copies from 16.
inline void copy_line(char* p, const char* q, std::size_t n) {
  if (n > 32 || n < 16) {
    copy_short(p, q, n);
  } else {
    std::memcpy(p, q, 16);
    std::memcpy(p + n - 16, q + n - 16, 16);
  }
}
}  // namespace detail

// A visitor that writes each game it is driven through, appending to `out` at end_game().
class PgnWriter : public Visitor {
 public:
  explicit PgnWriter(std::string& out, PgnWriteOptions options = {});
  ~PgnWriter() override;
  // The calling thread's writer, aimed at `out` with `options`: convert and normalize write
  // game after game of a run through it (a writer made and freed per game was a fifth of the work
  // of a game with no move).
  static PgnWriter& for_thread(std::string& out, const PgnWriteOptions& options);
  PgnWriter(const PgnWriter&) = delete;
  PgnWriter& operator=(const PgnWriter&) = delete;
  void begin_game(std::uint32_t number) override;
  void tag(std::string_view name, std::string_view value) override;
  Skip end_tags(const Position& start, bool chess960) override;
  void move(const MoveEvent& event) override;
  void nag(unsigned value) override;
  void comment(std::string_view text, CommentKind kind) override;
  void begin_variation() override;
  void end_variation() override;
  void result(GameResult result) override;
  void end_game() override;

 private:
  // Text built a token at a time, without a string's append call per token (a game's movetext is
  // hundreds of them): grows like a vector, read back as one view.
  class TextBuffer {
   public:
    void clear() { size_ = 0; }
    void push(char c) {
      if (size_ == bytes_.capacity()) grow(1);
      bytes_.data()[size_++] = c;
    }
    void append(std::string_view s) {
      const std::size_t n = s.size();
      if (n > bytes_.capacity() - size_) grow(n);
      detail::copy_short(bytes_.data() + size_, s.data(), n);
      size_ += n;
    }
    // Room for `n` bytes after the text, to be written there and then kept (keep()) or not.
    char* free_end(std::size_t n) {
      if (n > bytes_.capacity() - size_) grow(n);
      return bytes_.data() + size_;
    }
    void keep(std::size_t n) { size_ += n; }
    std::string_view view() const { return {bytes_.data(), size_}; }
    std::size_t capacity() const { return bytes_.capacity(); }
    void swap(TextBuffer& o) noexcept {
      bytes_.swap(o.bytes_);
      std::swap(size_, o.size_);
    }

   private:
    // The text is written into the buffer's room (its own size stays 0), which grows in place
    // and is never filled with zeros first: a string that doubled wrote zeros into the whole new
    // half, so a 15 MB movetext was resident twice over.
    void grow(std::size_t n) { bytes_.reserve(std::max(2 * bytes_.capacity(), size_ + n)); }
    ByteBuffer bytes_;
    std::size_t size_ = 0;
  };
  // A tag as offsets into tag_text_: one buffer for every tag of a game, no string per tag.
  // `kind`: the name's place in the Seven Tag Roster (0-6), or kSetUpTag, kFenTag, kVariantTag,
  // kOtherTag: classified once as the tag comes, not compared with each name at the game's end.
  struct TagRef {
    std::uint32_t name = 0, name_size = 0, value = 0, value_size = 0;
    std::uint8_t kind = 0;
  };
  enum : std::uint8_t { kSetUpTag = 7, kFenTag = 8, kVariantTag = 9, kOtherTag = 255 };
  static std::uint8_t tag_kind(std::string_view name);
  std::string_view name_of(const TagRef& t) const { return std::string_view(tag_text_).substr(t.name, t.name_size); }
  std::string_view value_of(const TagRef& t) const { return std::string_view(tag_text_).substr(t.value, t.value_size); }

  // The per-game buffers, kept by each thread between writers: convert and normalize make a
  // writer per game, and growing these afresh cost about 15 allocations a game (bench/RESULTS.md).
  struct Buffers {
    std::vector<TagRef> tags;
    std::string tag_text;
    TextBuffer movetext;
  };
  static Buffers& spare_buffers();

  void put(std::string_view token, bool glue = false);
  void put_comment_word(std::string_view word, bool open, bool close);
  void put_spaced_comment(std::string_view words);
  // Does this writer write SAN exactly as it stands in `lang`'s letters (MoveEvent::san)? Asked
  // per move, answered once per language.
  bool writes_san_in(const Language* lang) { return lang == san_language_ ? san_same_ : writes_san_in_slow(lang); }
  bool writes_san_in_slow(const Language* lang);
  void flush_unresolved();
  void newline();
  std::string* out_;
  PgnWriteOptions options_;
  std::vector<TagRef> tags_;
  std::string tag_text_;
  // The first tag of each roster name (its index in tags_, -1: none) and whether a FEN came.
  std::array<std::int32_t, 7> first_roster_{-1, -1, -1, -1, -1, -1, -1};
  bool had_fen_ = false;
  // The start position when the game has its own (a Chess960 game always): most games start from
  // the standard one, and a copy of it per game was a tenth of writing a game of no moves.
  std::optional<Position> start_;
  bool chess960_ = false;
  GameResult result_ = GameResult::None;
  TextBuffer movetext_;
  std::string scratch_;
  MoveText move_text_;
  std::string unresolved_;  // tokens that did not resolve, written as one comment
  std::size_t column_ = 0;
  bool need_number_ = true;
  bool after_open_ = false;                 // last token was "(": the next one is glued to it
  const Language* san_language_ = nullptr;  // writes_san_in()'s last question and answer
  bool san_same_ = false;
};

// The game in PGN export format, followed by a blank line.
void append_pgn(std::string& out, const Game& game, const PgnWriteOptions& options = {});
std::string write_pgn(const Game& game, const PgnWriteOptions& options = {});

// A tag value with \ and " escaped.
std::string escape_tag_value(std::string_view value);

// The comment a move's draw offer (FIDE's "(=)", MoveNode::draw_offer) is written as: `(` would
// open a variation for any other PGN reader.
inline constexpr std::string_view kDrawOfferComment = "(=)";

}  // namespace planilla
