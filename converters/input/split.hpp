// Finding game boundaries in a PGN byte stream without parsing the games.
//
// A game is an optional tag section followed by movetext, up to a result token at variation
// depth 0 (outside comments and tag values), or up to the next tag section, or the end of the
// input. Tag sections separated by a blank line are separate (tag-only) games. The scanner
// works on the original bytes: every encoding planilla reads except UTF-16 is ASCII-compatible,
// and PGN structure is ASCII, so games can be cut before they are decoded (and rejected byte for
// byte as read).
//
// Memory is bounded by the largest game plus one read chunk: a game is handed out as a view into
// the reader's buffer, valid until the next call to next().
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converters/input/byte_buffer.hpp"
#include "converters/input/decode.hpp"

namespace planilla {

struct RawGame {
  std::string_view bytes;    // exact original bytes, first to last non-blank byte
  std::uint64_t offset = 0;  // of bytes[0] in the input
  std::uint32_t line = 1;    // 1-based line of bytes[0] (LF, CRLF and CR each end a line)
  std::uint32_t column = 1;  // 1-based column of bytes[0], in UTF-8 code points
  std::uint32_t number = 0;  // 1-based game number in the input
  bool terminated = false;   // ended by a result token (else: next tag section or end of input)
  // The cutter saw that no byte of `bytes` is above 0x7F (a game it cut whole); false: not known.
  bool ascii = false;
  // detect_encoding(bytes, the file's preference), when a reader has asked it already (the
  // cutter does, to carry the preference to the next game); not set when the encoding is forced.
  std::optional<Encoding> detected;
};

// A byte of a tag name as the PGN grammar reads it: ASCII letters and digits (std::isalnum in the
// C locale) and '_'. The splitter and the reader's fast lane both look names up here.
inline constexpr std::array<bool, 256> kTagNameBytes = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[static_cast<std::size_t>(c)] =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  return t;
}();
inline bool is_tag_name_byte(char c) { return kTagNameBytes[static_cast<unsigned char>(c)]; }

struct SplitOptions {
  std::size_t chunk_size = std::size_t{1} << 20;  // bytes read from the stream at a time
  // A game of the usual shape (tag lines, an empty line, movetext without comments or
  // variations, an empty line before the next game) is cut from bit masks of its bytes, as the
  // shard walk cuts it, not byte by byte: the same games (tests/unit/converters_split.cpp
  // compares the two). false: byte by byte only.
  bool whole_usual_games = true;
};

class GameSplitter {
 public:
  // Reads `in` in chunks; `in` must outlive the splitter.
  explicit GameSplitter(std::istream& in, SplitOptions options = {});
  // Splits bytes already in memory (no copy); `bytes` must outlive the splitter.
  explicit GameSplitter(std::string_view bytes, SplitOptions options = {});
  ~GameSplitter();
  GameSplitter(const GameSplitter&) = delete;
  GameSplitter& operator=(const GameSplitter&) = delete;

  // The next game, or false at the end of the input. The previous game's view is invalidated.
  bool next(RawGame& game);

  // Moves the bytes of the game next() just returned into `out` instead of copying them: the
  // read buffer itself becomes the game's storage (streams only; false for in-memory input).
  // A huge game (a 100 MB comment) is then held once, not twice. The game's view is invalid
  // afterwards; use `out`.
  bool take_game(ByteBuffer& out);

  // Starts at `offset` of the input instead of its beginning (the stream, or `bytes`, holds the
  // input from there on) with the line and game count a whole-input run has there. Only at a
  // game start that find_split_start() gives, before the first next().
  void resume(std::uint64_t offset, std::uint32_t line, std::uint32_t games_before);

  bool had_utf8_bom() const { return bom_; }
  std::uint64_t bytes_consumed() const { return base_ + scan_; }
  // Largest amount of input held at once: for tests of the memory bound.
  std::size_t peak_buffer() const { return peak_; }
  // Games cut whole (SplitOptions::whole_usual_games): for the tests that compare the two ways.
  std::size_t games_cut_whole() const { return cut_whole_; }

 private:
  enum class Mode : std::uint8_t { Normal, BraceComment, LineComment, TagLine, TagString };
  enum class Section : std::uint8_t { None, Tags, Movetext };

  bool fill();     // reads one more chunk; false at end of input
  void compact();  // drops bytes before the current game (or scan point)
  std::string_view data() const;
  // Scans from scan_; returns true when a game ended (end_ set). Stops before the last few bytes
  // while more input may come, so look-ahead never crosses the end of the buffer.
  bool scan(bool at_eof);
  // Takes the run of bytes from `i` (below `limit`) that change nothing but the column and the
  // game's last content; returns where the run ends (`i` when there is none).
  std::size_t skip_run(std::string_view d, std::size_t i, std::size_t limit);
  void begin_game(std::size_t at);
  bool result_at(std::string_view d, std::size_t i, std::size_t& length) const;
  bool cut_usual_game(std::string_view d, std::size_t i, bool at_eof);
  void newline();

  std::istream* in_ = nullptr;
  std::string_view memory_;
  ByteBuffer buffer_;       // grows in place: a huge game is not resident twice while it grows
  std::size_t filled_ = 0;  // the bytes of buffer_ read so far (its size may be more)
  bool eof_ = false;
  bool bom_ = false;
  bool first_fill_ = true;
  SplitOptions options_;

  std::uint64_t base_ = 0;        // input offset of data()[0]
  std::size_t scan_ = 0;          // next byte to scan, relative to data()
  std::size_t start_ = 0;         // current game's first byte (valid when in_game_)
  std::size_t last_content_ = 0;  // one past the last non-blank byte of the current game
  std::size_t end_ = 0;           // one past the game that just ended
  std::size_t ready_start_ = 0;   // first byte of the game that just ended
  std::uint32_t ready_line_ = 1, ready_column_ = 1;
  bool ready_ascii_ = false;
  bool in_game_ = false;
  bool terminated_ = false;
  bool takeable_ = false;  // next() returned a game that take_game() may still move out
  std::size_t peak_ = 0;
  std::size_t cut_whole_ = 0;
  struct Window;                    // (split.cpp)
  std::unique_ptr<Window> window_;  // made at the first game cut whole

  // Scanner state (survives chunk boundaries).
  Mode mode_ = Mode::Normal;
  Section section_ = Section::None;
  int depth_ = 0;
  bool line_blank_ = true;        // only blanks so far on this line
  bool blank_line_seen_ = false;  // an empty line since the last tag line
  bool prev_was_cr_ = false;
  std::uint32_t line_ = 1;
  std::uint32_t column_ = 1;
  std::uint32_t game_line_ = 1, game_column_ = 1;
  std::uint32_t count_ = 0;
  // The game's result was read and only blanks followed on its line: the same result written
  // again there still belongs to the game (scan()). last_content_ is the result's end meanwhile.
  bool after_result_ = false;
  std::array<char, 8> result_text_{};  // the result as written ("1/2-1/2" at most)
  std::uint8_t result_size_ = 0;
  // Tag names of the current tag section (a repeated name after a blank line starts a new game).
  static constexpr std::size_t kMaxTrackedTags = 64;
  std::vector<std::string> tag_names_;
};

// Where a reader may start cutting in the middle of an input (`--shard`) and cut exactly the
// games a whole-input run cuts from there on: a game start of that run at the beginning of a
// line, where a fresh splitter is in the state the whole run is in (a `[` that starts a tag
// section), with the line, the number of games before it and the encoding preference the run
// carries there (PgnReader's: the last single-byte encoding detected).
struct SplitStart {
  std::uint64_t offset = 0;  // 0: the beginning (nothing skipped)
  std::uint32_t line = 1;
  std::uint32_t games_before = 0;
  std::optional<Encoding> encoding;
};

// The last such start at or before `at` in `bytes` (the whole input). Walks the input a game at
// a time: a game of the usual shape (tag lines, an empty line, movetext whose only result-like
// text is its last token, then an empty line and the next `[Name "`) is counted from bit masks
// of a 64 KB window (one SIMD pass marks LF, CR, `[`, `]`, `-`, `*` and bytes above 0x7F); any
// other stretch is cut by the splitter itself, from the last start on, until it cuts a game at a
// line-start `[` again. tests/unit/converters_shard.cpp compares it with the splitter.
// `forced`: the encoding is given (no preference is carried). UTF-16 input (its first byte 0xFF
// or 0xFE) gives the beginning.
SplitStart find_split_start(std::string_view bytes, std::uint64_t at, std::optional<Encoding> forced = std::nullopt);
// The same, reading the input a window at a time with `read_at` (`length` bytes at `offset` into
// `out`, returning how many: fewer only at the end) and touching `bytes` only where a game is not
// of the usual shape. For a mapped file, read_at is pread: a copy from the page cache costs less
// than reading the mapping page by page (bench/RESULTS.md).
// `from`: a start that a walk of the same bytes gave (at or before `at`), to walk on from there
// instead of from the beginning; the result is the same (a walk's state at a start is the start
// itself). With `forced` set, from.encoding is not used. A split index (split_index.hpp) keeps
// such starts.
using SplitReadAt = std::function<std::size_t(std::uint64_t offset, char* out, std::size_t length)>;
SplitStart find_split_start(std::string_view bytes, std::uint64_t at, std::optional<Encoding> forced,
                            const SplitReadAt& read_at, const SplitStart& from = {});

// Convenience: every game of an in-memory text.
std::vector<RawGame> split_games(std::string_view bytes);

}  // namespace planilla
