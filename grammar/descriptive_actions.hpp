// Actions for grammar/descriptive.hpp: they fill a DescriptiveMove.
//
// PEGTL runs an action as soon as its rule matches, even when an enclosing alternative fails
// later and the parser backtracks. So the small rules (letters, files, ranks) only write to
// scratch fields, and only the rules whose success is final for their part (mover, origin,
// destination, captured piece) copy scratch into the move.
#pragma once

#include <tao/pegtl.hpp>

#include "grammar/descriptive.hpp"
#include "notation/descriptive.hpp"

namespace planilla::grammar::descriptive {

struct ParseState {
  DescriptiveMove move;
  // Scratch, written by the small rules.
  Wing wing = Wing::Any;
  int kind = 0;  // 0 rook, 1 knight, 2 bishop (the file's piece)
  FileMask files = kAllFiles;
  bool center_file = false;  // the file was named by a wing letter alone (Q/K, D/R)
  std::uint8_t rank = 0;
  PieceType piece = PieceType::None;
  // Origin kind chosen inside brackets: 1 square, 2 file, 3 rank.
  int origin_kind = 0;
  FileMask origin_files = kAllFiles;
  std::uint8_t origin_rank = 0;
};

inline FileMask wing_kind_file(Wing w, int kind) {
  // Queen's side: a (rook), b (knight), c (bishop); King's side mirrored.
  const int qfile = kind == 0 ? 0 : kind == 1 ? 1 : 2;
  return static_cast<FileMask>(1u << (w == Wing::Queen ? qfile : 7 - qfile));
}
inline FileMask kind_files(int kind) {
  const int qfile = kind == 0 ? 0 : kind == 1 ? 1 : 2;
  return static_cast<FileMask>((1u << qfile) | (1u << (7 - qfile)));
}
inline FileMask wing_center_file(Wing w) { return file_bit(w == Wing::Queen ? File::D : File::E); }

template <typename Rule>
struct action : nothing<Rule> {};

// ---- scratch writers (shared)
template <>
struct action<rank_digit> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.rank = static_cast<std::uint8_t>(in.peek_char() - '0');
  }
};

template <>
struct action<castle_long> {
  static void apply0(ParseState& s) { s.move.castle = CastlingSide::Queen; }
};
template <>
struct action<castle_short> {
  static void apply0(ParseState& s) { s.move.castle = CastlingSide::King; }
};
template <>
struct action<castles_side_king> {
  static void apply0(ParseState& s) { s.move.castle = CastlingSide::King; }
};
template <>
struct action<castles_side_queen> {
  static void apply0(ParseState& s) { s.move.castle = CastlingSide::Queen; }
};
template <>
struct action<castles> {
  static void apply0(ParseState& s) {
    if (!s.move.castle) s.move.castle_any = true;
  }
};

template <>
struct action<suffix_mate> {
  static void apply0(ParseState& s) { s.move.check = DescriptiveCheck::Mate; }
};
template <>
struct action<suffix_double> {
  static void apply0(ParseState& s) { s.move.check = DescriptiveCheck::Double; }
};
template <>
struct action<suffix_discovered> {
  static void apply0(ParseState& s) { s.move.check = DescriptiveCheck::Discovered; }
};
template <>
struct action<suffix_check> {
  static void apply0(ParseState& s) {
    if (s.move.check == DescriptiveCheck::None) s.move.check = DescriptiveCheck::Check;
  }
};
template <>
struct action<suffix_ep> {
  static void apply0(ParseState& s) { s.move.en_passant_mark = true; }
};

// ---- English scratch
template <>
struct action<en_wing_queen> {
  static void apply0(ParseState& s) { s.wing = Wing::Queen; }
};
template <>
struct action<en_wing_king> {
  static void apply0(ParseState& s) { s.wing = Wing::King; }
};
template <>
struct action<en_kind_rook> {
  static void apply0(ParseState& s) { s.kind = 0; }
};
template <>
struct action<en_kind_knight> {
  static void apply0(ParseState& s) { s.kind = 1; }
};
template <>
struct action<en_kind_bishop> {
  static void apply0(ParseState& s) { s.kind = 2; }
};
template <>
struct action<en_file_full> {
  static void apply0(ParseState& s) {
    s.files = wing_kind_file(s.wing, s.kind);
    s.center_file = false;
  }
};
template <>
struct action<en_file_short> {
  static void apply0(ParseState& s) {
    s.files = kind_files(s.kind);
    s.center_file = false;
  }
};
template <>
struct action<en_file_center> {
  static void apply0(ParseState& s) {
    s.files = wing_center_file(s.wing);
    s.center_file = true;
  }
};
template <>
struct action<en_rank_square> {
  static void apply0(ParseState& s) { s.rank = 1; }
};

#define PLANILLA_PIECE_ACTION(rule, type)                            \
  template <>                                                        \
  struct action<rule> {                                              \
    static void apply0(ParseState& s) { s.piece = PieceType::type; } \
  };
PLANILLA_PIECE_ACTION(en_piece_pawn, Pawn)
PLANILLA_PIECE_ACTION(en_piece_knight, Knight)
PLANILLA_PIECE_ACTION(en_piece_bishop, Bishop)
PLANILLA_PIECE_ACTION(en_piece_rook, Rook)
PLANILLA_PIECE_ACTION(en_piece_queen, Queen)
PLANILLA_PIECE_ACTION(en_piece_king, King)
PLANILLA_PIECE_ACTION(es_piece_pawn, Pawn)
PLANILLA_PIECE_ACTION(es_piece_knight, Knight)
PLANILLA_PIECE_ACTION(es_piece_rook, Rook)
PLANILLA_PIECE_ACTION(es_piece_queen, Queen)
PLANILLA_PIECE_ACTION(es_piece_king, King)
#undef PLANILLA_PIECE_ACTION
template <char B>
struct action<es_piece_bishop<B>> {
  static void apply0(ParseState& s) { s.piece = PieceType::Bishop; }
};

// ---- English commits
template <>
struct action<en_mover_pawn> {
  static void apply0(ParseState& s) {
    s.move.piece = PieceType::Pawn;
    s.move.mover = Designator{s.files, Wing::Any, false};
  }
};
template <>
struct action<en_mover_identity> {
  static void apply0(ParseState& s) {
    s.move.piece = s.piece;
    s.move.mover = Designator{kAllFiles, s.wing, false};
  }
};
template <>
struct action<en_mover_plain> {
  static void apply0(ParseState& s) {
    s.move.piece = s.piece;
    s.move.mover = Designator{};
  }
};
template <>
struct action<en_origin_square> {
  static void apply0(ParseState& s) {
    s.origin_kind = 1;
    s.origin_files = s.files;
    s.origin_rank = s.rank;
  }
};
template <>
struct action<en_origin_file> {
  static void apply0(ParseState& s) {
    s.origin_kind = 2;
    s.origin_files = s.files;
    s.origin_rank = 0;
  }
};
template <>
struct action<en_origin_rank> {
  static void apply0(ParseState& s) {
    s.origin_kind = 3;
    s.origin_files = kAllFiles;
    s.origin_rank = s.rank;
  }
};
template <>
struct action<en_origin_paren> {
  static void apply0(ParseState& s) {
    s.move.origin_files = s.origin_files;
    s.move.origin_rank = s.origin_rank;
  }
};
template <>
struct action<en_origin_glued> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.move.origin_rank = static_cast<std::uint8_t>(in.peek_char() - '0');
  }
};
template <>
struct action<en_capture_mark> {
  static void apply0(ParseState& s) { s.move.capture = true; }
};
template <>
struct action<en_captured_pawn> {
  static void apply0(ParseState& s) {
    s.move.captured = PieceType::Pawn;
    s.move.captured_designator = Designator{s.files, Wing::Any, false};
  }
};
template <>
struct action<en_captured_identity> {
  static void apply0(ParseState& s) {
    s.move.captured = s.piece;
    s.move.captured_designator = Designator{kAllFiles, s.wing, false};
  }
};
template <>
struct action<en_captured_plain> {
  static void apply0(ParseState& s) {
    s.move.captured = s.piece;
    s.move.captured_designator = Designator{};
  }
};
template <>
struct action<en_capture_word> : action<en_capture_mark> {};
template <>
struct action<en_dest_square> {
  static void apply0(ParseState& s) {
    s.move.to_files = s.files;
    s.move.to_rank = s.rank;
  }
};
template <>
struct action<en_capture_target> : action<en_dest_square> {};
template <>
struct action<en_capture_target_tight> : action<en_dest_square> {};
template <>
struct action<en_dest_origin_hyphen> {
  static void apply0(ParseState& s) { s.move.repairs |= kRepairWordForm; }
};
template <>
struct action<en_dest_no_hyphen> {
  static void apply0(ParseState& s) { s.move.repairs |= kRepairMissingHyphen; }
};
template <>
struct action<en_verb_checks> {
  static void apply0(ParseState& s) {
    s.move.repairs |= kRepairVerb;
    if (s.move.check == DescriptiveCheck::None) s.move.check = DescriptiveCheck::Check;
  }
};
template <>
struct action<en_verb_other> {
  static void apply0(ParseState& s) { s.move.repairs |= kRepairVerb; }
};
template <>
struct action<en_dest_file> {
  static void apply0(ParseState& s) {
    s.move.to_files = s.files;
    s.move.to_rank = 1;  // "R-B": a file alone names the first rank (NOTATION.md §2.1.4)
    s.move.file_only = true;
  }
};
template <>
struct action<en_promo_piece> {
  static void apply0(ParseState& s) { s.move.promotion = s.piece; }
};

// ---- Spanish / French scratch and commits
template <>
struct action<es_wing_queen> {
  static void apply0(ParseState& s) { s.wing = Wing::Queen; }
};
template <>
struct action<es_wing_king> {
  static void apply0(ParseState& s) { s.wing = Wing::King; }
};
template <>
struct action<es_kind_rook> {
  static void apply0(ParseState& s) { s.kind = 0; }
};
template <>
struct action<es_kind_knight> {
  static void apply0(ParseState& s) { s.kind = 1; }
};
template <char B>
struct action<es_kind_bishop<B>> {
  static void apply0(ParseState& s) { s.kind = 2; }
};
template <char B>
struct action<es_file_full<B>> {
  static void apply0(ParseState& s) {
    s.files = wing_kind_file(s.wing, s.kind);
    s.center_file = false;
  }
};
template <char B>
struct action<es_file_short<B>> {
  static void apply0(ParseState& s) {
    s.files = kind_files(s.kind);
    s.center_file = false;
  }
};
template <>
struct action<es_file_center> {
  static void apply0(ParseState& s) {
    s.files = wing_center_file(s.wing);
    s.center_file = true;
  }
};

// A Spanish designator after a piece letter: for a pawn its file ("PD", "PAR"); for a piece a
// lone D/R is both the identity and a file name ("CD" queen's knight; "DxAT" is not identity).
inline Designator es_designator_value(const ParseState& s, PieceType piece) {
  if (piece == PieceType::Pawn || !s.center_file) return Designator{s.files, Wing::Any, false};
  if (piece == PieceType::Rook || piece == PieceType::Knight || piece == PieceType::Bishop)
    return Designator{s.files, s.wing, true};
  return Designator{s.files, Wing::Any, false};
}

template <char B>
struct action<es_mover_designated<B>> {
  static void apply0(ParseState& s) {
    s.move.piece = s.piece;
    s.move.mover = es_designator_value(s, s.piece);
  }
};
template <char B>
struct action<es_mover_plain<B>> {
  static void apply0(ParseState& s) {
    s.move.piece = s.piece;
    s.move.mover = Designator{};
  }
};
template <>
struct action<es_origin_glued> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    const char* p = in.begin();
    if (*p == '\\') ++p;
    s.move.origin_rank = static_cast<std::uint8_t>(*p - '0');
  }
};
template <char B>
struct action<es_origin_square<B>> {
  static void apply0(ParseState& s) {
    s.origin_files = s.files;
    s.origin_rank = s.rank;
  }
};
template <char B>
struct action<es_origin_file<B>> {
  static void apply0(ParseState& s) {
    s.origin_files = s.files;
    s.origin_rank = 0;
  }
};
template <>
struct action<es_origin_rank> {
  static void apply0(ParseState& s) {
    s.origin_files = kAllFiles;
    s.origin_rank = s.rank;
  }
};
template <char B>
struct action<es_origin_paren<B>> {
  static void apply0(ParseState& s) {
    s.move.origin_files = s.origin_files;
    s.move.origin_rank = s.origin_rank;
  }
};
template <>
struct action<es_capture_mark> {
  static void apply0(ParseState& s) { s.move.capture = true; }
};
template <char B>
struct action<es_captured_designated<B>> {
  static void apply0(ParseState& s) {
    s.move.captured = s.piece;
    s.move.captured_designator = es_designator_value(s, s.piece);
  }
};
template <char B>
struct action<es_captured_plain<B>> {
  static void apply0(ParseState& s) {
    s.move.captured = s.piece;
    s.move.captured_designator = Designator{};
  }
};
template <char B>
struct action<es_capture_target<B>> {
  static void apply0(ParseState& s) {
    s.move.to_files = s.files;
    s.move.to_rank = s.rank;
  }
};
template <char B>
struct action<es_dest_square<B>> {
  static void apply0(ParseState& s) {
    s.move.to_files = s.files;
    s.move.to_rank = s.rank;
  }
};
template <char B>
struct action<es_promo_piece<B>> {
  static void apply0(ParseState& s) { s.move.promotion = s.piece; }
};

}  // namespace planilla::grammar::descriptive
