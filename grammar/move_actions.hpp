// Actions of the move grammar (grammar/move.hpp) and the parse state they fill. The state carries
// the active language's piece table, so the runtime-table rules match the right letters, and a
// WrittenMove under construction. Actions only record what was written; deciding the style
// (SAN, LAN, Long, UCI) and the lower-case `bc4` reading happens after the parse, in
// grammar/move_parser.cpp, because it needs the whole token.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <tao/pegtl.hpp>

#include "board/types.hpp"
#include "grammar/move.hpp"
#include "notation/language.hpp"
#include "notation/written_move.hpp"

namespace planilla::grammar::move {

// One way of writing a piece in a language: a canonical letter, an alternate (`Kt`), its lower
// case (`nf3`), or a Latin twin of a Cyrillic/Greek letter (`Kf3` typed for Russian `Кf3`).
struct PieceSpelling {
  std::string text;
  PieceType type = PieceType::None;
  bool lowercase = false;
  bool lookalike = false;
};

enum class Script : std::uint8_t { Latin, Cyrillic, Greek };

// Everything the grammar needs from a Language, precomputed once per row.
struct LanguageTable {
  const Language* language = nullptr;
  Script script = Script::Latin;
  std::vector<PieceSpelling> spellings;  // longest first
  // The non-pawn piece whose lower-case one-letter spelling is this file letter (English `b`).
  std::array<PieceType, 8> file_piece{PieceType::None, PieceType::None, PieceType::None, PieceType::None,
                                      PieceType::None, PieceType::None, PieceType::None, PieceType::None};
};

// The table of a row; rows of all_languages() are built once (thread-safe static), any other
// row is built into `scratch` on each call, which is what the returned reference then names.
// Errors: none (std::bad_alloc aside). Example: table_for(english(), s).spellings.front().text == "Kt".
const LanguageTable& table_for(const Language& language, LanguageTable& scratch);

struct PieceMatch {
  PieceType type = PieceType::None;
  bool lowercase = false;
  bool lookalike = false;
  bool figurine = false;
  bool uci_letter = false;   // q r b n after a bare coordinate move (UCI), in any language
  std::uint32_t offset = 0;  // bytes from the start of the parsed text
  std::uint32_t length = 0;
};

// Longest piece spelling of `table` (or a figurine, with its VS15/VS16) at [cur, end).
// Errors: none; type None when nothing matches. Example: "Крe1" in Russian → King, length 4.
PieceMatch match_piece_text(const LanguageTable& table, const char* cur, const char* end);

struct MoveState {
  enum class Kind : std::uint8_t { None, Null, Castling, Iccf, Algebraic };
  enum class PromotionForm : std::uint8_t { None, Equals, Paren, Slash, Bare };

  const LanguageTable& table;
  const char* text_begin;

  WrittenMove move;
  Kind kind = Kind::None;
  PieceMatch last;   // the last runtime-table match, committed by an action
  PieceMatch piece;  // the piece letter of a piece move
  bool has_piece = false;
  bool coordinate = false;  // two squares (LAN, Long, UCI, SAN with a full origin)
  bool separator_dash = false;
  bool separator_capture = false;
  PromotionForm promotion_form = PromotionForm::None;
  PieceMatch promotion;
  const char* unexpected = nullptr;  // furthest place an alternative found trailing text

  MoveState(const LanguageTable& t, const char* begin) : table(t), text_begin(begin) {}

  std::uint32_t offset_of(const char* p) const { return static_cast<std::uint32_t>(p - text_begin); }

  void reset() {
    move = WrittenMove{};
    kind = Kind::None;
    piece = PieceMatch{};
    has_piece = false;
    coordinate = separator_dash = separator_capture = false;
    promotion_form = PromotionForm::None;
    promotion = PieceMatch{};
  }

  template <typename ParseInput>
  bool match_piece(ParseInput& in) {
    last = match_piece_text(table, in.current(), in.end());
    if (last.type == PieceType::None) return false;
    last.offset = offset_of(in.current());
    in.bump_in_this_line(last.length);
    return true;
  }

  // UCI writes q r b n whatever the language, so after two bare squares those letters are
  // UCI's before they are the language's (Hungarian `b` would otherwise be a rook).
  template <typename ParseInput>
  bool match_promotion_piece(ParseInput& in) {
    if (coordinate && !has_piece && in.size(1) >= 1) {
      PieceType uci = PieceType::None;
      switch (in.peek_char()) {
        case 'q': uci = PieceType::Queen; break;
        case 'r': uci = PieceType::Rook; break;
        case 'b': uci = PieceType::Bishop; break;
        case 'n': uci = PieceType::Knight; break;
        default: break;
      }
      if (uci != PieceType::None) {
        last = PieceMatch{
            .type = uci, .lowercase = true, .uci_letter = true, .offset = offset_of(in.current()), .length = 1};
        in.bump_in_this_line(1);
        return true;
      }
    }
    return match_piece(in);
  }

  template <typename ParseInput>
  bool match_mate_x(ParseInput& in) {
    if (!table.language->x_is_mate || in.empty()) return false;
    if (in.peek_char() == 'X') {
      in.bump_in_this_line(1);
      return true;
    }
    // Cyrillic capital Ha, U+0425 = D0 A5.
    if (in.size(2) >= 2 && in.peek_uint8(0) == 0xD0 && in.peek_uint8(1) == 0xA5) {
      in.bump_in_this_line(2);
      return true;
    }
    return false;
  }

  void note_unexpected(const char* p) {
    if (unexpected == nullptr || p > unexpected) unexpected = p;
  }
};

template <typename Rule>
struct action : tao::pegtl::nothing<Rule> {};

template <>
struct action<restart> {
  static void apply0(MoveState& s) { s.reset(); }
};

template <>
struct action<piece_letter> {
  static void apply0(MoveState& s) {
    s.piece = s.last;
    s.has_piece = true;
  }
};

template <>
struct action<castle_king_side> {
  static void apply0(MoveState& s) {
    s.kind = MoveState::Kind::Castling;
    s.move.castle = CastlingSide::King;
  }
};
template <>
struct action<castle_king_side_zeros> : action<castle_king_side> {};
template <>
struct action<castle_queen_side> {
  static void apply0(MoveState& s) {
    s.kind = MoveState::Kind::Castling;
    s.move.castle = CastlingSide::Queen;
  }
};
template <>
struct action<castle_queen_side_zeros> : action<castle_queen_side> {};

template <>
struct action<null_move> {
  static void apply0(MoveState& s) { s.kind = MoveState::Kind::Null; }
};

template <>
struct action<iccf_move> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, MoveState& s) {
    const char* p = in.begin();
    s.kind = MoveState::Kind::Iccf;
    s.move.from_file = static_cast<File>(p[0] - '1');
    s.move.from_rank = static_cast<Rank>(p[1] - '1');
    s.move.to_file = static_cast<File>(p[2] - '1');
    s.move.to_rank = static_cast<Rank>(p[3] - '1');
    if (in.size() == 5) {
      // ICCF promotion digit: 1 queen, 2 rook, 3 bishop, 4 knight.
      constexpr PieceType kIccfPromotion[] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight};
      s.move.promotion = kIccfPromotion[p[4] - '1'];
      s.move.promotion_marked = true;
    }
  }
};

template <>
struct action<target_square> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, MoveState& s) {
    s.kind = MoveState::Kind::Algebraic;
    s.move.to_file = static_cast<File>(in.begin()[0] - 'a');
    s.move.to_rank = static_cast<Rank>(in.begin()[1] - '1');
  }
};
template <>
struct action<target_file> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, MoveState& s) {
    s.kind = MoveState::Kind::Algebraic;
    s.move.to_file = static_cast<File>(in.begin()[0] - 'a');
  }
};
template <>
struct action<origin_square> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, MoveState& s) {
    s.move.from_file = static_cast<File>(in.begin()[0] - 'a');
    s.move.from_rank = static_cast<Rank>(in.begin()[1] - '1');
  }
};
template <>
struct action<origin_file> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, MoveState& s) {
    s.move.from_file = static_cast<File>(in.begin()[0] - 'a');
  }
};
template <>
struct action<pawn_file> : action<origin_file> {};
template <>
struct action<origin_rank> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, MoveState& s) {
    s.move.from_rank = static_cast<Rank>(in.begin()[0] - '1');
  }
};
template <>
struct action<coordinate_body> {
  static void apply0(MoveState& s) { s.coordinate = true; }
};
template <>
struct action<lan_dash> {
  static void apply0(MoveState& s) { s.separator_dash = true; }
};
template <>
struct action<lan_capture> {
  static void apply0(MoveState& s) {
    s.separator_capture = true;
    s.move.capture = true;
  }
};
template <>
struct action<infix_capture> {
  static void apply0(MoveState& s) { s.move.capture = true; }
};
template <>
struct action<capture_suffix> {
  static void apply0(MoveState& s) {
    s.move.capture = true;
    s.move.capture_suffix = true;
  }
};

template <MoveState::PromotionForm Form>
struct promotion_action {
  static void apply0(MoveState& s) {
    s.promotion_form = Form;
    s.promotion = s.last;
    s.move.promotion = s.last.type;
    s.move.promotion_marked = true;
  }
};
template <>
struct action<promotion_equals> : promotion_action<MoveState::PromotionForm::Equals> {};
template <>
struct action<promotion_paren> : promotion_action<MoveState::PromotionForm::Paren> {};
template <>
struct action<promotion_slash> : promotion_action<MoveState::PromotionForm::Slash> {};
template <>
struct action<promotion_bare> : promotion_action<MoveState::PromotionForm::Bare> {};

template <>
struct action<double_plus> {
  static void apply0(MoveState& s) { s.move.check = CheckMark::DoubleCheck; }
};
template <>
struct action<check_sign> {
  static void apply0(MoveState& s) { s.move.check = CheckMark::Check; }
};
template <>
struct action<mate_sign> {
  static void apply0(MoveState& s) { s.move.check = CheckMark::Mate; }
};
template <>
struct action<mate_x> : action<mate_sign> {};
template <>
struct action<en_passant_mark> {
  static void apply0(MoveState& s) { s.move.en_passant_mark = true; }
};
template <>
struct action<draw_offer> {
  static void apply0(MoveState& s) { s.move.draw_offer = true; }
};

template <>
struct action<annotation> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, MoveState& s) {
    const std::string_view glyph(in.begin(), in.size());
    // PGN §10: ! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6.
    constexpr std::string_view kGlyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
    for (std::uint8_t i = 0; i < 6; ++i) {
      if (glyph == kGlyphs[i]) s.move.nag = static_cast<std::uint8_t>(i + 1);
    }
  }
};

}  // namespace planilla::grammar::move
