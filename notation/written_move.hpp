// WrittenMove: what a scoresheet or a program wrote for one move, as a value, before any board
// is consulted. grammar/ builds it; notation/resolve.hpp turns it into a legal Move or a
// diagnostic on a Position. One value type serves the whole algebraic family (SAN in every
// language, figurine, LAN, FIDE's compact long form, UCI, ICCF numeric); descriptive notation
// has its own value type (DescriptiveMove) because its shape is different.
#pragma once

#include <cstdint>
#include <optional>

#include "board/types.hpp"
#include "notation/style.hpp"

namespace planilla {

// Byte range of a token inside the text it was read from (the game's text or the file).
struct SourceSpan {
  std::uint64_t byte = 0;    // 0-based offset of the first byte
  std::uint32_t length = 0;  // bytes
  friend bool operator==(SourceSpan, SourceSpan) = default;
};

// A check/mate mark exactly as written; what `++` means depends on the tradition (mate in FIDE
// and English, double check in Russian/Czech/Chinese), decided when resolving.
enum class CheckMark : std::uint8_t { None, Check, DoubleCheck /* "++" */, Mate /* "#", "X", "mate" */ };

struct WrittenMove {
  // The form the token had (San to Iccf, or Null). Resolution rules differ slightly per form (a
  // UCI token has no piece letter; ICCF writes castling as the king's two-square move).
  NotationStyle style = NotationStyle::San;

  // Piece letter as written; None when no letter was written (a pawn in SAN; "whatever stands
  // on the origin" when a full origin square is given, as in UCI or `e2-e4`).
  PieceType piece = PieceType::None;
  bool piece_lowercase = false;      // `nf3`: accepted leniently, warned
  bool pawn_letter_written = false;  // `Pe4`: the pawn letter itself was written

  // Origin hints: none, a file, a rank, or both (a full square).
  std::optional<File> from_file;
  std::optional<Rank> from_rank;

  // Target. `to_file` without `to_rank` occurs only in minimal pawn captures (`ed`).
  std::optional<File> to_file;
  std::optional<Rank> to_rank;

  bool capture = false;         // x, :, × (any capture mark)
  bool capture_suffix = false;  // the old suffix form `Le5:` / `cd:`
  PieceType promotion = PieceType::None;
  bool promotion_marked = false;  // a promotion piece was written (with =, (), /, or bare)

  // Castling: O-O / 0-0 / o-o (with any dash) or the words of a language. For UCI/ICCF,
  // castling is recognised by the resolver from the squares instead.
  std::optional<CastlingSide> castle;

  CheckMark check = CheckMark::None;
  bool en_passant_mark = false;  // e.p., ep, a.p.
  bool draw_offer = false;       // (=) after the move (FIDE C.12)
  std::uint8_t nag = 0;          // suffix annotation glyph as NAG: ! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6

  SourceSpan span;  // the whole token as written, suffixes included

  // `bc4`: a lower-case piece letter that is also a file letter, followed by a square on an
  // adjacent file, with no capture mark. The grammar reports the piece reading (piece = Bishop,
  // piece_lowercase) and puts the letter's file in from_file; that from_file is NOT an origin
  // hint for the piece. The resolver tries the piece to the target from anywhere, and the pawn
  // capture from from_file (`bxc4`); see grammar/move_parser.hpp.
  bool also_pawn_capture = false;

  friend bool operator==(const WrittenMove&, const WrittenMove&) = default;

  bool has_full_origin() const { return from_file.has_value() && from_rank.has_value(); }
  bool has_full_target() const { return to_file.has_value() && to_rank.has_value(); }
  std::optional<Square> target() const {
    if (!has_full_target()) return std::nullopt;
    return make_square(*to_file, *to_rank);
  }
  std::optional<Square> origin() const {
    if (!has_full_origin()) return std::nullopt;
    return make_square(*from_file, *from_rank);
  }
};

}  // namespace planilla
