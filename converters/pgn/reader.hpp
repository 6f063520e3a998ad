// Reading PGN archives: bytes → games with diagnostics. A file (or stream) is split into games
// (converters/split.hpp), each game is decoded on its own (converters/decode.hpp), parsed by the
// PGN grammar, and every move token is parsed by the move grammar and resolved on the board.
// Diagnostics carry the file, line, column (code points), byte offset, game number, ply and
// variation of the ORIGINAL bytes. Nothing here throws on malformed input.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converters/input/decode.hpp"
#include "converters/input/split.hpp"
#include "converters/pgn/game.hpp"
#include "converters/pgn/visitor.hpp"
#include "grammar/move_parser.hpp"
#include "grammar/pgn_parser.hpp"
#include "notation/descriptive.hpp"
#include "notation/diagnostic.hpp"
#include "notation/language.hpp"
#include "notation/resolve.hpp"

namespace planilla {

struct ReadOptions {
  std::string file_name;               // put in every Diagnostic ("" for stdin)
  std::optional<Encoding> encoding;    // explicit override; detected per game otherwise
  const Language* language = nullptr;  // language of the move tokens; nullptr = English
  MoveStyles styles = MoveStyles::all();
  ResolveOptions resolve;
  // Mixed writing (a Spanish score with an English Bg5): a move token that the game's language
  // cannot parse, or that names no legal move in it, is read with these letters, in order; when
  // the readings that resolve all give the same move it is accepted with W-MIXED-LANGUAGE. Tried
  // only after a failure, so a game that reads cleanly costs nothing more. Empty: none.
  std::vector<const Language*> fallback_languages;
  // The letters of the SAN written into Diagnostic::candidates and ::suggestions (`check --lang`);
  // nullptr: the letters the game was read with, so a Spanish scoresheet's `Tc1` is answered
  // with `Tac1`, not with an English `Rac1` that means a king move to a Spanish reader.
  const Language* suggestion_language = nullptr;
  // Limits (README "Limits"): past one, the game gets E-LIMIT at that place and is rejected whole.
  // The grammar's own struct: both lanes of the reader and the PGN grammar read the same values.
  grammar::PgnParseOptions limits;
  std::size_t chunk_size = std::size_t{1} << 20;
  // read_job(): try the fast lane (converters/pgn/fast_reader.hpp) first. Off only to compare the
  // two lanes (tests) — the output is the same either way.
  bool fast_lane = true;
  // read_job(): build the game model (Game) of a game the fast lane takes. `check` without an
  // HTML report needs only the diagnostics, the move count (GameRecord::unmodelled_moves) and
  // the start position (Game::start, for move numbers); a game that needs a closer look later (a
  // tie between letter sets) is read again with its model.
  bool keep_model = true;
  // The fast lane writes the position before the move into each main-line diagnostic it gives
  // (Diagnostic::fen): `check --format json` then shows a game's positions without reading the
  // game again for its model (model_if_diagnosed: 13 % of such a run's instructions).
  bool fen_in_diagnostics = false;
  // run_pipeline() with one job: cut the games on the calling thread and read them on a worker
  // (Schedule::Produce). Set for a compressed input, whose decompression already runs on a
  // thread of its own and leaves the second core mostly idle; plain input at one job is cut and
  // read on one thread.
  bool overlap_cutting = false;
  // Language detection's attempts (converters/arbiter/detect.cpp): asked after each diagnostic the
  // general reader adds; true stops the game there when more than 256 bytes of it are left (a
  // shorter rest costs less to read than to unwind). An attempt stops once it can no longer be
  // the better reading, so a game is not read to its end once per letter set. A stopped record holds the diagnostics so
  // far and a partial game: only its score is used.
  std::function<bool(const Diagnostic&)> stop_after;
  // `--shard`: only the games that START in [range_begin, range_end) (byte offsets of the input)
  // are read; the others are still cut, so game numbers, lines and the encoding carried from
  // game to game are those of a whole-input run, and N shards' outputs concatenate to one run's.
  std::uint64_t range_begin = 0;
  std::uint64_t range_end = UINT64_MAX;
  // Where the input given to the reader begins, when not at the input's beginning: a start from
  // find_split_start() (split.hpp) at or before range_begin, with the line, game count and
  // encoding preference a whole-input run has there. The stream (or the bytes) hold the input
  // from `start.offset` on; `--shard` then cuts only from the start to the end of its range.
  SplitStart start;
};

// The `index`-th (0-based) of `count` equal byte ranges of an input of `size` bytes; the last
// one runs to the end of the input (also past `size` when the input grew).
// Example: shard_range(100, 1, 3) → {33, 66}.
struct ByteRange {
  std::uint64_t begin = 0;
  std::uint64_t end = UINT64_MAX;
};
ByteRange shard_range(std::uint64_t size, unsigned index, unsigned count);

// What the reader's fast lane saw on its way that a later stage would otherwise scan the game
// text for again.
struct LaneNotes {
  // The language tie check (converters/arbiter/detect.cpp) looks at the main line's tokens that begin
  // with a capital other than castling's O, or with a letter of UTF-8: here the offset in the
  // game's bytes of the first token of each distinct beginning of two code points (`Nf`, `Кр`).
  // Valid when `lettered_known`.
  std::vector<std::uint32_t> lettered;
  bool lettered_known = false;
  // The lane declined the game for what no letter set changes (a limit, a construct it leaves to
  // the general reader), not at a move: detection's readings with other letters skip the lane,
  // which would read the game up to the same place and decline again.
  bool declined_by_form = false;
  // The lane declined at a move its resolver rejects (no legal move, several, or a promotion
  // without its piece: an unresolved-move code, not a remark made an error by --strict). The
  // general reader resolves the same written move on the same position: without fallback
  // letters it reports that move error there, and the reading is not clean.
  bool declined_at_move_error = false;
  // The move token the lane declined at, when it declined at one (at a token that is not read in
  // these letters, or not resolved): its offset in the game's bytes and its size (0: none).
  // Detection asks another letter set first when that token may be another's
  // (converters/arbiter/detect.cpp, evident_reading).
  std::uint32_t declined_token_at = 0;
  std::uint32_t declined_token_size = 0;
  // The lane took the game and read each of its move tokens as plain SAN (no move grammar): it
  // read the game through its letter table alone, and another letter set with the same table
  // (fast_lane_letters_alike()) reads it the same, move for move and remark for remark.
  bool plain_moves = false;
};

// The letters, or the descriptive dialect, a game's moves were read in: set by the reader (the
// options' language, English by default), replaced by `--from auto`'s detection
// (converters/arbiter/detect.hpp) and by descriptive reading.
struct Reading {
  const Language* language = &english();      // nullptr: descriptive, see `dialect`
  std::optional<DescriptiveDialect> dialect;  // set exactly when `language` is nullptr
  friend bool operator==(const Reading&, const Reading&) = default;
};

// One game as read: its original bytes, the model, and what was found.
struct GameRecord {
  std::uint32_t number = 0;  // 1-based in the input
  std::uint64_t offset = 0;  // byte offset of the game in the input
  std::uint32_t line = 1;
  std::uint32_t column = 1;  // of original[0], in code points: a game can begin mid-line
  ByteBuffer original;       // the game's bytes exactly as read (in its own encoding)
  Encoding encoding = Encoding::Ascii;
  Game game;
  // Moves read (variations included) that are not in `game`: a game read without its model
  // (ReadOptions::keep_model); 0 otherwise.
  std::uint64_t unmodelled_moves = 0;
  LaneNotes lane_notes;
  Reading reading;
  // read_job()'s `direct` visitor saw the whole game, as `game` reads it (interpret_game() clears
  // it when it replaces the reading).
  bool direct_visited = false;
  // read_job() left the general reader's reading to interpret_game() (read_job's
  // `defer_general`): the game's place as cut, and the file's encoding before it. Only
  // interpret_game() sees such a record; it reads the game (read_deferred) and clears this.
  struct Deferred {
    RawGame raw;  // raw.bytes: re-pointed at `original` when read
    std::optional<Encoding> prefer;
  };
  std::optional<Deferred> deferred;
  std::vector<Diagnostic> diagnostics;

  std::size_t count(Severity s) const;
  bool has_errors() const { return count(Severity::Error) > 0; }
  // Reading stopped before the game's end (E-LIMIT), or an error and no tag, move or result read
  // (text that is no game, a tag section that is none): `game` holds less than the text, or
  // nothing of it.
  bool stopped_early() const;
};

// Reads one game's bytes with `visitor` (the reader's core; PgnReader loops it). Diagnostics are
// appended to `diagnostics`; returns the encoding the game was decoded with.
// `file_offset_of`, when given, maps an offset in `raw.bytes` to the file's original bytes (for
// input that was transcoded before splitting, i.e. UTF-16). `raw.detected`, when set, is taken as
// what detect_encoding(raw.bytes, prefer) answers.
Encoding read_game(const RawGame& raw, Visitor& visitor, std::vector<Diagnostic>& diagnostics,
                   const ReadOptions& options, std::optional<Encoding> prefer = std::nullopt,
                   const OffsetMap* file_map = nullptr, std::optional<Encoding> transcoded_from = std::nullopt);

// One game cut from the input and owning its bytes: the unit of parallel work. PgnReader::
// next_job() cuts it (sequential: the file-level encoding preference is carried from game to
// game there, so every job decodes exactly as the sequential reader would); read_job() reads it
// on any thread.
struct GameJob {
  ByteBuffer bytes;                         // the game's bytes (UTF-8 already for UTF-16 input)
  RawGame raw;                              // place in the input; raw.bytes is re-pointed at `bytes`
  std::optional<Encoding> prefer;           // the file's encoding as known before this game
  const OffsetMap* file_map = nullptr;      // UTF-16 input: decoded → original offsets (reader-owned)
  std::optional<Encoding> transcoded_from;  // UTF-16 input
};

// A game in a single-byte code page (Latin-1, Windows-1251, KOI8…) through the fast lane: its
// UTF-8 decoding is read with the decoder's map taking offsets back to the game's bytes, and the
// N-ENCODING note comes first, as read_game() gives them. Returns the encoding; nullopt when the
// lane does not take the game (not a code page, invalid bytes, anything the lane leaves to the
// general reader): `diagnostics` are then as they were, and the visitor must be reset.
std::optional<Encoding> fast_read_code_page(const RawGame& raw, std::optional<Encoding> prefer, Visitor& visitor,
                                            std::vector<Diagnostic>& diagnostics, const ReadOptions& options,
                                            const Language& language, LaneNotes* notes = nullptr);

// Reads one job into `record` (model, diagnostics, original bytes). Thread-safe; `job.bytes` is
// swapped with record.original (the job is left with the record's old buffer, to be reused).
// `direct`, when given, is driven too when the fast lane takes the game (record.direct_visited
// then says so): a writer writes the game while it is read, and no model needs replaying. With
// ReadOptions::keep_model off, such a game is then not modelled at all. When the fast lane does
// not take the game, `direct` has seen a prefix of its events (never end_game()).
// `defer_general`: when the fast lane declines a game, the general reader's reading is left to
// interpret_game() (GameRecord::deferred), which under `--from auto` may not need it: a Spanish
// game that English letters stumble on was read in full by the general reader as English before
// the lane read it as Spanish. Only for a caller that passes every record to interpret_game().
void read_job(GameJob& job, GameRecord& record, const ReadOptions& options, Visitor* direct = nullptr,
              bool defer_general = false);

// The general reader's reading of a game read_job() deferred, into `record` (its model,
// diagnostics and encoding, replaced), as read_job() would have made it with `options`; a
// ReadOptions::stop_after in them may leave it partial. GameRecord::deferred is kept.
void read_deferred(GameRecord& record, const ReadOptions& options);

class PgnReader {
 public:
  // Streams `in` (memory bounded by the largest game); `in` must outlive the reader.
  PgnReader(std::istream& in, ReadOptions options = {});
  // Reads bytes already in memory (no copy); `bytes` must outlive the reader.
  PgnReader(std::string_view bytes, ReadOptions options = {});
  ~PgnReader();
  PgnReader(const PgnReader&) = delete;
  PgnReader& operator=(const PgnReader&) = delete;

  // The next game with its model; false at the end of the input.
  bool next(GameRecord& record);
  // The next game cut from the input without reading it (see GameJob); false at the end.
  bool next_job(GameJob& job);

  // The next game through a visitor only (no model is built); `record.game` is left empty.
  bool next(GameRecord& record, Visitor& visitor);

  // Problems of the file itself (unreadable stream); usually empty.
  const std::vector<Diagnostic>& file_diagnostics() const { return file_diagnostics_; }

 private:
  void start();
  // The splitter's next game that starts inside the options' byte range; false at its end.
  bool next_in_range(RawGame& raw);
  ReadOptions options_;
  std::istream* in_ = nullptr;
  std::string_view memory_;
  std::unique_ptr<GameSplitter> splitter_;
  bool started_ = false;
  // UTF-16 input is transcoded whole before splitting (it is not ASCII-compatible).
  std::optional<Encoding> utf16_;
  Decoded transcoded_;
  std::string slurped_;                    // a stream that had to be read whole (UTF-16 suspected)
  std::optional<Encoding> file_encoding_;  // last non-ASCII encoding seen: the next games' prior
  std::vector<Diagnostic> file_diagnostics_;
};

// Convenience for tests and small inputs: every game of `bytes`.
std::vector<GameRecord> read_pgn(std::string_view bytes, const ReadOptions& options = {});

// "file:line:column: E-ILLEGAL: message (game 3, ply 12, variation 1)"
std::string format_diagnostic(const Diagnostic& d);

}  // namespace planilla
