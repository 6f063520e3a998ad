// The grammar of one algebraic move token: SAN in every language (and figurines), LAN, FIDE's
// compact long form, UCI, ICCF numeric, null moves. Rules only; the actions that fill a
// WrittenMove are in grammar/move_actions.hpp, the error messages in grammar/move_errors.hpp.
//
// The grammar runs on text that grammar/move_parser.cpp has already normalised (NFC, dashes to
// '-', fullwidth to ASCII, look-alike file letters to Latin), so files and ranks are ASCII here.
// PEG choice never backtracks into a rule that succeeded, so every rule that records an origin
// looks ahead (at<>) far enough to know it really is an origin: `Nbd7` vs `Nd7`, `e2e4` vs `e4`.
#pragma once

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

namespace planilla::grammar::move {
using namespace tao::pegtl;

// Runtime-table rules (like the operator table of PEGTL's calculator example): they match
// against the active Language passed as parse() state. Longest spelling first, so `Кр` beats
// `К` and `Kt` beats `K`; the Unicode figurines U+2654–265F (plus an optional VS15/VS16) match in
// every language.
struct piece_letter {
  using rule_t = piece_letter;
  template <apply_mode, rewind_mode, template <typename...> class, template <typename...> class, typename ParseInput,
            typename State>
  static bool match(ParseInput& in, State& state) {
    return state.match_piece(in);
  }
};
struct promotion_piece {
  using rule_t = promotion_piece;
  template <apply_mode, rewind_mode, template <typename...> class, template <typename...> class, typename ParseInput,
            typename State>
  static bool match(ParseInput& in, State& state) {
    return state.match_promotion_piece(in);
  }
};
// The same match where a piece is required (after `=` or `/`): a rule of its own, so only these
// places raise "promotion piece missing".
struct required_promotion_piece {
  using rule_t = required_promotion_piece;
  template <apply_mode, rewind_mode, template <typename...> class, template <typename...> class, typename ParseInput,
            typename State>
  static bool match(ParseInput& in, State& state) {
    return state.match_promotion_piece(in);
  }
};
// `X` / Cyrillic `Х` after a move: mate, only in languages whose row says so (ru, uk, cs).
struct mate_x {
  using rule_t = mate_x;
  template <apply_mode, rewind_mode, template <typename...> class, template <typename...> class, typename ParseInput,
            typename State>
  static bool match(ParseInput& in, State& state) {
    return state.match_mate_x(in);
  }
};

// clang-format off
struct file : range< 'a', 'h' > {};
struct rank : range< '1', '8' > {};
struct dash : one< '-' > {};
// x, X, :, × (U+00D7), ✕ (U+2715, Greek pages), Cyrillic х/Х typed for x.
struct capture_sign : sor< one< 'x', 'X', ':' >, utf8::one< 0x00D7, 0x2715, 0x0445, 0x0425 > > {};

// Castling: O, o, 0, and the Greek/Cyrillic capital and small O that keyboards produce.
struct castle_o : sor< one< 'O', 'o', '0' >, utf8::one< 0x039F, 0x03BF, 0x041E, 0x043E > > {};
struct castle_queen_side : seq< castle_o, dash, castle_o, dash, castle_o > {};
struct castle_king_side : seq< castle_o, dash, castle_o > {};
struct castle_queen_side_zeros : string< '0', '0', '0' > {};
struct castle_king_side_zeros : string< '0', '0' > {};
struct castling : sor< castle_queen_side, castle_king_side, castle_queen_side_zeros, castle_king_side_zeros > {};

// PGN and engine null moves.
struct null_move : sor< string< '-', '-' >, string< '0', '0', '0', '0' >, string< 'Z', '0' >, istring< 'n', 'u', 'l', 'l' > > {};

// ICCF numeric: from-square, to-square as digits 1–8, optional promotion digit 1–4.
struct iccf_digit : range< '1', '8' > {};
struct iccf_promotion_digit : range< '1', '4' > {};
struct iccf_move : seq< rep< 4, iccf_digit >, opt< iccf_promotion_digit >, not_at< digit > > {};

// Squares in their roles.
struct target_square : seq< file, rank > {};
struct target_file : seq< file, not_at< rank > > {};                                  // `ed`, `exd`
struct origin_square : seq< file, rank, at< opt< sor< dash, capture_sign > >, file, rank > > {};
struct origin_file : seq< file, at< opt< capture_sign >, file, rank > > {};           // Nbd7
struct origin_rank : seq< rank, at< opt< capture_sign >, file, rank > > {};           // R1a3
struct pawn_file : seq< file, at< opt< capture_sign >, file > > {};                   // exd5 ed5 ed
struct lan_dash : dash {};
struct lan_capture : capture_sign {};
struct lan_separator : sor< lan_dash, lan_capture > {};
struct infix_capture : capture_sign {};

// Two squares: LAN (e2-e4, Ng1xf3), FIDE long (Ng1f3), UCI (g1f3), SAN with a full origin.
struct coordinate_body : seq< origin_square, opt< lan_separator >, target_square > {};
struct pawn_capture_body : seq< pawn_file, opt< infix_capture >, sor< target_square, target_file > > {};
struct pawn_body : sor< coordinate_body, pawn_capture_body, target_square > {};
struct piece_target : sor< coordinate_body,
                           seq< origin_file, opt< infix_capture >, target_square >,
                           seq< origin_rank, opt< infix_capture >, target_square >,
                           seq< opt< infix_capture >, target_square > > {};
struct piece_body : if_must< piece_letter, piece_target > {};

// Suffixes.
struct en_passant_word : sor< istring< 'e', '.', 'p', '.' >, istring< 'e', '.', 'p' >,
                              istring< 'a', '.', 'p', '.' >, istring< 'a', '.', 'p' >,
                              istring< 'e', 'p', '.' >, istring< 'e', 'p' > > {};
struct en_passant_mark : sor< seq< one< '(' >, en_passant_word, one< ')' > >, en_passant_word > {};
struct en_passant : seq< opt< one< ' ' > >, en_passant_mark > {};

struct promotion_equals : if_must< one< '=' >, required_promotion_piece > {};
struct promotion_paren : seq< one< '(' >, promotion_piece, one< ')' > > {};
struct promotion_slash : if_must< one< '/' >, required_promotion_piece > {};
struct promotion_bare : seq< not_at< en_passant_mark >, promotion_piece > {};
struct promotion : sor< promotion_equals, promotion_paren, promotion_slash, promotion_bare > {};

struct capture_suffix : one< ':' > {};                                                // Le5:, cd:

struct double_plus : sor< string< '+', '+' >, string< '+', ' ', '+' > > {};           // Czech `+ +`
struct check_sign : sor< one< '+' >, utf8::one< 0x2020 > > {};                        // + †
struct mate_sign : sor< one< '#' >, utf8::one< 0x2021, 0x2260 > > {};                 // # ‡ ≠
struct check_suffix : sor< double_plus, check_sign, mate_sign, mate_x > {};
struct check_and_en_passant : sor< seq< en_passant, opt< check_suffix > >,
                                   seq< check_suffix, opt< en_passant > > > {};

struct annotation : sor< string< '!', '!' >, string< '!', '?' >, string< '?', '?' >, string< '?', '!' >,
                         one< '!' >, one< '?' > > {};
struct draw_offer : seq< opt< one< ' ' > >, string< '(', '=', ')' > > {};

struct suffixes : seq< opt< promotion >, opt< capture_suffix >, opt< check_and_en_passant >,
                       opt< annotation >, opt< draw_offer > > {};

// Whole tokens. `restart` clears what an abandoned alternative recorded; the piece alternative
// is last, so `bbc4` (lower-case bishop) is tried only after every pawn reading failed.
struct restart : success {};
// `e5.`: in PGN a period is a token of its own (8.2.2), so periods glued to a move are read apart
// from it and, like the periods of a move number, carry nothing.
struct trailing_periods : star< one< '.' > > {};
struct move_end : eof {};
struct piece_move_end : eof {};
struct null_token : seq< restart, null_move, opt< check_and_en_passant >, opt< annotation >, move_end > {};
struct castling_token : seq< restart, castling, opt< check_and_en_passant >, opt< annotation >, opt< draw_offer >, trailing_periods, move_end > {};
struct iccf_token : seq< restart, iccf_move, move_end > {};
struct pawn_token : seq< restart, pawn_body, suffixes, trailing_periods, move_end > {};
struct piece_token : seq< restart, piece_body, suffixes, trailing_periods, must< piece_move_end > > {};
struct grammar : sor< null_token, castling_token, iccf_token, pawn_token, piece_token > {};
// clang-format on

}  // namespace planilla::grammar::move

// The runtime-table rules consume at least one byte when they succeed.
namespace tao::pegtl {
template <typename Name>
struct analyze_traits<Name, planilla::grammar::move::piece_letter> : analyze_any_traits<> {};
template <typename Name>
struct analyze_traits<Name, planilla::grammar::move::promotion_piece> : analyze_any_traits<> {};
template <typename Name>
struct analyze_traits<Name, planilla::grammar::move::required_promotion_piece> : analyze_any_traits<> {};
template <typename Name>
struct analyze_traits<Name, planilla::grammar::move::mate_x> : analyze_any_traits<> {};
}  // namespace tao::pegtl
