// Writing a legal move on a position in any style and language (the inverse of grammar/ +
// resolve). Options are small structs; the canonical English SAN is the PGN export form.
#pragma once

#include <string>

#include "board/position.hpp"
#include "notation/language.hpp"
#include "notation/style.hpp"

namespace planilla {

struct WriteOptions {
  const Language* language = nullptr;  // nullptr = English
  NotationStyle style = NotationStyle::San;
  bool castling_zeros = false;   // 0-0 instead of O-O
  bool promotion_equals = true;  // e8=Q (PGN) vs e8Q (FIDE)
  bool check_marks = true;       // + and #
  bool phonetic_files = false;   // spoken: Anna, Bella, … instead of a, b, …
  bool uci_chess960 = false;     // force king-takes-rook castling in UCI (else by position)
};

// Precondition: `move` is legal in `pos` (or Move::null(): "--" / "0000" / "null move").
// Errors: none; an illegal move is a precondition violation, not a reported error.
// Example: write_move(startpos, g1f3, {.language = find_language("es")}) == "Cf3";
//          with .style = NotationStyle::Iccf it is "7163", with NotationStyle::Spoken "Caballo f tres".
// Conventions chosen where the references leave room (notation/write.cpp has the reasons):
// Long writes `x` in captures and the bare promotion letter (e5xd6, e7d8Q); ICCF in Chess960
// writes castling as the king's start and end squares, or as king-takes-rook when those squares
// would read as a plain king move; Spoken has full words for en/es/de/fr and otherwise the
// language's piece words with squares and symbols ("Конь x e5 +").
std::string write_move(const Position& pos, Move move, const WriteOptions& options = {});
// Appends to `out` (no allocation when `out` has capacity): the hot path of converters.
void append_move(std::string& out, const Position& pos, Move move, const WriteOptions& options = {});

// Which origin hints SAN needs so that `move` names exactly one legal move (PGN §8.2.3.4: the
// file first, then the rank, then both). Pawn captures always need their file. Shared by the
// writers and by resolve()'s over-disambiguation warning.
// Errors: none (precondition: `move` is legal and not null).
// Example: after 1.Nf3 d5 2.d3 Nf6 both white knights reach d2, so b1-d2 needs File (Nbd2),
// while f3-e5 needs None (Ne5).
enum class Disambiguation : std::uint8_t { None, File, Rank, Square };
Disambiguation san_disambiguation(const Position& pos, Move move);

// What the SAN and long writers would compute beyond the position and the move, when the
// caller already knows it (the reader's fast lane has just resolved the move): SAN's origin
// hints and whether the move checks or mates. Saves a move generation and a mate test per move.
struct SanFacts {
  Disambiguation disambiguation = Disambiguation::None;
  bool check = false;
  bool mate = false;
  friend bool operator==(const SanFacts&, const SanFacts&) = default;
};
// append_move() with the facts given (nullptr: computed). Precondition: the facts are true.
void append_move(std::string& out, const Position& pos, Move move, const WriteOptions& options, const SanFacts* facts);

// A number's decimal digits appended to `out` (move numbers, NAGs, a diagnostic's place): the
// writers' and reports' one way, without a stream.
void append_decimal(std::string& out, std::uint64_t value);

// A move's text in a fixed buffer: what the writers of whole archives format a move into, with
// no string to grow per move. Text past the capacity is dropped and remembered (overflow()).
class MoveText {
 public:
  static constexpr std::size_t kCapacity = 48;
  MoveText& operator+=(char c) {
    if (size_ < kCapacity) data_[size_++] = c;
    else overflow_ = true;
    return *this;
  }
  MoveText& operator+=(std::string_view s) {
    if (s.size() > kCapacity - size_) {
      overflow_ = true;
      return *this;
    }
    for (char c : s) data_[size_++] = c;  // letters are a byte or a few: no memcpy call
    return *this;
  }
  void clear() {
    size_ = 0;
    overflow_ = false;
  }
  bool overflow() const { return overflow_; }
  std::string_view view() const { return {data_, size_}; }

 private:
  char data_[kCapacity];
  std::size_t size_ = 0;
  bool overflow_ = false;
};

// append_move() into a MoveText. False when the text is not there: the spoken style (words go
// through append_move) or letters too long for the buffer; then use append_move.
bool format_move(MoveText& out, const Position& pos, Move move, const WriteOptions& options,
                 const SanFacts* facts = nullptr);

}  // namespace planilla
