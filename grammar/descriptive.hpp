// PEGTL rules for one descriptive-notation move (NOTATION.md §2.1.2, §2.1.4, §2.2, §2.3).
// Rules only; the actions that build a DescriptiveMove are in descriptive_actions.hpp.
//
// English is read as printed, spaces and dots allowed between the parts: `P-K4`, `P - Q B 4`,
// `K R - Kt 1`, `Kt (Q 6) - B 5`, `B x B P`, `Q × P ch`, `P. to K's 4th.`, `R–K.Sq.`, `Castles KR`.
// Spanish and French put the rank first (`P4R`, `C3AR`, `C.3FR`); one template serves both,
// with the bishop's letter as the parameter (A alfil, F fou).
#pragma once

#include <tao/pegtl.hpp>

namespace planilla::grammar::descriptive {

using namespace tao::pegtl;  // NOLINT: the grammar reads better with PEGTL's names

// clang-format off

// ---- shared pieces
struct gap : opt< blank > {};  // one space at most: two or more separate columns
struct rank_digit : range< '1', '8' > {};
struct en_dash_char : sor< one< '-' >, string< '\xE2', '\x80', '\x93' >, string< '\xE2', '\x80', '\x94' > > {};
struct word_end : not_at< alpha > {};
struct capture_sign : sor< one< 'x' >, one< 'X' >, string< '\xC3', '\x97' > > {};

struct castle_o : sor< one< 'O' >, one< '0' >, one< 'o' > > {};
struct castle_long : seq< castle_o, gap, en_dash_char, gap, castle_o, gap, en_dash_char, gap, castle_o > {};
struct castle_short : seq< castle_o, gap, en_dash_char, gap, castle_o, not_at< alnum > > {};
struct castles_word : seq< sor< TAO_PEGTL_ISTRING("castles"), TAO_PEGTL_ISTRING("castle"),
                                TAO_PEGTL_ISTRING("enroque"), TAO_PEGTL_ISTRING("roque") >,
                           word_end, opt< one< '.' > > > {};
struct castles_side_king : seq< gap, opt< one< '(' > >, one< 'K' >, opt< one< '.' > >, gap, one< 'R' >,
                                opt< one< '.' > >, opt< one< ')' > >, not_at< gap, en_dash_char > > {};
struct castles_side_queen : seq< gap, opt< one< '(' > >, one< 'Q' >, opt< one< '.' > >, gap, one< 'R' >,
                                 opt< one< '.' > >, opt< one< ')' > >, not_at< gap, en_dash_char > > {};
struct castles : seq< castles_word, opt< sor< castles_side_king, castles_side_queen > > > {};
struct castle : sor< castle_long, castle_short, castles > {};

// Suffixes common to every dialect (annotation glyphs are accepted and ignored).
// The word as old books print it: `mate`, `mates`, `checkmate`, after a comma or in brackets
// (`B to K 7th, mate.`, `Q takes P (mate)`).
struct mate_word : sor< TAO_PEGTL_ISTRING("checkmate"), TAO_PEGTL_ISTRING("mates"), TAO_PEGTL_ISTRING("mate") > {};
// What sets the word apart: a comma, a colon or a dash (`, mate.`, `: mate`, `--mate`, `—mate`).
struct mark_separator : sor< one< ',' >, one< ':' >, string< '-', '-' >, string< '\xE2', '\x80', '\x94' >,
                             string< '\xE2', '\x80', '\x93' > > {};
// A mark's word set apart or in brackets, with its dot: `, mate.`, `(ch.)`.
template <typename Word>
struct marked_word
    : seq< opt< mark_separator >, gap, opt< one< '(' > >, Word, word_end, opt< one< '.' > >, opt< one< ')' > > > {};
struct suffix_mate : sor< string< '+', '+' >, one< '#' >, string< '\xE2', '\x80', '\xA1' >, marked_word< mate_word > > {};
struct suffix_double : seq< sor< TAO_PEGTL_STRING("dbl"), TAO_PEGTL_STRING("double") >, opt< one< '.' > >,
                            gap, TAO_PEGTL_STRING("ch"), word_end, opt< one< '.' > > > {};
struct suffix_discovered : seq< TAO_PEGTL_STRING("dis"), opt< one< '.' > >, gap, TAO_PEGTL_STRING("ch"),
                                word_end, opt< one< '.' > > > {};
struct suffix_check_word : marked_word< TAO_PEGTL_STRING("ch") > {};
struct suffix_check : sor< suffix_check_word, one< '+' >, string< '\xE2', '\x80', '\xA0' > > {};
struct suffix_ep : sor< TAO_PEGTL_STRING("e.p."), TAO_PEGTL_STRING("e. p."), TAO_PEGTL_STRING("a.p."),
                        seq< TAO_PEGTL_STRING("ep"), word_end > > {};
struct suffix_glyph : plus< sor< one< '!' >, one< '?' > > > {};
struct suffix : sor< suffix_ep, suffix_mate, suffix_double, suffix_discovered, suffix_check, suffix_glyph > {};
struct suffixes : star< gap, suffix > {};

// ---- English
struct en_letter_end : seq< opt< one< '.' > >, opt< one< '\'' >, one< 's' > > > {};
struct en_wing_queen : seq< one< 'Q' >, en_letter_end > {};
struct en_wing_king : seq< one< 'K' >, not_at< one< 't' > >, en_letter_end > {};
struct en_wing : sor< en_wing_queen, en_wing_king > {};
struct en_kind_rook : seq< one< 'R' >, en_letter_end > {};
struct en_kind_knight : seq< sor< string< 'K', 't' >, one< 'N' > >, en_letter_end > {};
struct en_kind_bishop : seq< one< 'B' >, en_letter_end > {};
struct en_kind : sor< en_kind_rook, en_kind_knight, en_kind_bishop > {};
struct en_file_full : seq< en_wing, gap, en_kind > {};
struct en_file_short : seq< en_kind > {};
struct en_file_center : seq< en_wing > {};
struct en_file : sor< en_file_full, en_file_short, en_file_center > {};

struct en_ordinal : sor< TAO_PEGTL_STRING("st"), TAO_PEGTL_STRING("nd"), TAO_PEGTL_STRING("rd"),
                         TAO_PEGTL_STRING("th"), one< 'd' > > {};
struct en_rank_number : seq< rank_digit, opt< en_ordinal >, opt< one< '.' > > > {};
struct en_rank_square : seq< one< 'S', 's' >, one< 'q' >, opt< one< '.' > > > {};
struct en_rank : sor< en_rank_number, en_rank_square > {};
struct en_square : seq< en_file, gap, en_rank > {};

struct en_piece_pawn : seq< one< 'P' >, en_letter_end > {};
struct en_piece_knight : seq< sor< string< 'K', 't' >, one< 'N' > >, en_letter_end > {};
struct en_piece_bishop : seq< one< 'B' >, en_letter_end > {};
struct en_piece_rook : seq< one< 'R' >, en_letter_end > {};
struct en_piece_queen : seq< one< 'Q' >, en_letter_end > {};
struct en_piece_king : seq< one< 'K' >, not_at< one< 't' > >, en_letter_end > {};
struct en_piece : sor< en_piece_pawn, en_piece_knight, en_piece_bishop, en_piece_rook, en_piece_queen,
                       en_piece_king > {};
struct en_minor_or_rook : sor< en_piece_knight, en_piece_bishop, en_piece_rook > {};

// Mover: "KBP" (pawn by its current file), "QKt" (piece by identity), "Kt".
struct en_mover_pawn : seq< en_file, gap, en_piece_pawn > {};
struct en_mover_identity : seq< en_wing, gap, en_minor_or_rook > {};
struct en_mover_plain : seq< en_piece > {};
struct en_mover : sor< en_mover_pawn, en_mover_identity, en_mover_plain > {};

// Origin: "R(1)", "N(Q2)", "R(B)", "Kt (Q 6)", or a rank glued on: "R1-K1".
struct en_origin_square : seq< en_square > {};
struct en_origin_file : seq< en_file > {};
struct en_origin_rank : seq< rank_digit, opt< en_ordinal >, opt< one< '.' > > > {};
struct en_origin_paren : seq< one< '(' >, gap, sor< en_origin_square, en_origin_file, en_origin_rank >, gap,
                              one< ')' > > {};
struct en_capture_mark : sor< capture_sign, seq< TAO_PEGTL_STRING("takes"), word_end > > {};
struct en_move_dash : sor< en_dash_char, seq< TAO_PEGTL_STRING("to"), word_end > > {};
struct en_origin_glued : seq< rank_digit, at< gap, sor< en_move_dash, en_capture_mark > > > {};
struct en_origin : sor< en_origin_paren, en_origin_glued > {};

// Capture: "BxKtP", "PxP(Q5)", "B×N/QB6", "PxR(Q)".
struct en_captured_pawn : seq< en_file, gap, en_piece_pawn > {};
struct en_captured_identity : seq< en_wing, gap, en_minor_or_rook, not_at< gap, en_rank > > {};
struct en_captured_plain : seq< en_piece > {};
struct en_captured : sor< en_captured_pawn, en_captured_identity, en_captured_plain > {};
struct en_capture_target : seq< en_square > {};
struct en_capture_square : sor< seq< one< '/' >, gap, en_capture_target >,
                                seq< one< '(' >, gap, en_capture_target, gap, one< ')' > > > {};
struct en_promo_piece : seq< sor< en_piece_knight, en_piece_bishop, en_piece_rook, en_piece_queen > > {};
struct en_promotion : sor< seq< one< '(' >, gap, en_promo_piece, gap, one< ')' > >,
                           seq< one< '=' >, gap, en_promo_piece >, seq< one< '/' >, gap, en_promo_piece > > {};
struct en_capture_part : seq< en_capture_mark, gap, en_captured, opt< gap, en_capture_square > > {};
// "Q takes K8": the square alone, the piece there unnamed (nineteenth-century books). Only after
// the word, with the rank set against the file: in "BxN 5 QxB" the 5 is the next move's number.
struct en_square_tight : seq< en_file, en_rank_number > {};
struct en_capture_word : seq< TAO_PEGTL_STRING("takes"), word_end > {};
struct en_capture_target_tight : seq< en_square_tight > {};
struct en_capture_on_square : seq< en_capture_word, gap, en_capture_target_tight > {};

// Destination: "-K4", " - Q B 4", " to K's 4th", "K4" with the hyphen missing, "-B" (file only).
struct en_dest_square : seq< en_square > {};
struct en_dest_hyphen : seq< en_move_dash, gap, en_dest_square > {};
// The origin set after the hyphen, before the square: "R-(B5)B7" (the rook on B5 to B7).
struct en_origin_after_dash : seq< en_origin_paren > {};
struct en_dest_origin_hyphen : seq< en_move_dash, gap, en_origin_after_dash, gap, en_dest_square > {};
struct en_dest_no_hyphen : seq< en_dest_square > {};
struct en_dest_file : seq< en_file > {};
struct en_dest_file_only : seq< en_move_dash, gap, en_dest_file, not_at< gap, alnum > > {};
// A verb instead of a square ("Q. checks.", "R interposes"): any square; the board decides.
struct en_verb_checks : seq< sor< TAO_PEGTL_STRING("checks"), TAO_PEGTL_STRING("gives check") >, word_end,
                             opt< one< '.' > > > {};
struct en_verb_other : seq< sor< TAO_PEGTL_STRING("interposes"), TAO_PEGTL_STRING("covers") >, word_end,
                            opt< one< '.' > > > {};
struct en_dest_verb : sor< en_verb_checks, en_verb_other > {};
struct en_move_part : sor< en_dest_hyphen, en_dest_origin_hyphen, en_dest_file_only, en_dest_no_hyphen, en_dest_verb > {};

struct en_piece_move : seq< en_mover, opt< gap, en_origin >, gap, sor< en_capture_on_square, en_capture_part, en_move_part >,
                            opt< gap, en_promotion > > {};
struct en_move : seq< sor< castle, en_piece_move >, suffixes > {};

// ---- Spanish (B = 'A') and French (B = 'F')
struct es_wing_queen : one< 'D' > {};
struct es_wing_king : one< 'R' > {};
struct es_wing : sor< es_wing_queen, es_wing_king > {};
struct es_kind_rook : one< 'T' > {};
struct es_kind_knight : one< 'C' > {};
template< char B > struct es_kind_bishop : one< B > {};
template< char B > struct es_kind : sor< es_kind_rook, es_kind_knight, es_kind_bishop< B > > {};
template< char B > struct es_file_full : seq< es_kind< B >, es_wing > {};
template< char B > struct es_file_short : seq< es_kind< B > > {};
struct es_file_center : seq< es_wing > {};
template< char B > struct es_file : sor< es_file_full< B >, es_file_short< B >, es_file_center > {};
struct es_rank : seq< rank_digit > {};
template< char B > struct es_square : seq< es_rank, es_file< B > > {};

struct es_piece_pawn : one< 'P' > {};
struct es_piece_knight : one< 'C' > {};
template< char B > struct es_piece_bishop : one< B > {};
struct es_piece_rook : one< 'T' > {};
struct es_piece_queen : one< 'D' > {};
struct es_piece_king : one< 'R' > {};
template< char B > struct es_piece : sor< es_piece_pawn, es_piece_knight, es_piece_bishop< B >, es_piece_rook,
                                          es_piece_queen, es_piece_king > {};

struct es_capture_mark : sor< capture_sign, seq< TAO_PEGTL_STRING("pr"), word_end > > {};
template< char B > struct es_designator : seq< es_file< B >, at< sor< rank_digit, one< '-', '\\', '.', '(' >,
                                                                        blank, es_capture_mark > > > {};
template< char B > struct es_mover_designated : seq< es_piece< B >, es_designator< B > > {};
template< char B > struct es_mover_plain : seq< es_piece< B > > {};
template< char B > struct es_mover : sor< es_mover_designated< B >, es_mover_plain< B > > {};

// Origin: "T1xP", "C7-5C", "C\7-5C", or bracketed as the writer's last resort "C(7TD)-5C".
struct es_origin_glued : seq< opt< one< '\\' > >, rank_digit, at< gap, sor< one< '-' >, es_capture_mark > > > {};
template< char B > struct es_origin_square : seq< es_square< B > > {};
template< char B > struct es_origin_file : seq< es_file< B > > {};
struct es_origin_rank : seq< rank_digit > {};
template< char B > struct es_origin_paren : seq< one< '(' >, sor< es_origin_square< B >, es_origin_file< B >,
                                                                  es_origin_rank >, one< ')' > > {};
template< char B > struct es_origin : sor< es_origin_paren< B >, es_origin_glued > {};

template< char B > struct es_captured_designated : seq< es_piece< B >, es_file< B >, not_at< rank_digit > > {};
template< char B > struct es_captured_plain : seq< es_piece< B > > {};
template< char B > struct es_captured : sor< es_captured_designated< B >, es_captured_plain< B > > {};
template< char B > struct es_capture_target : seq< es_square< B > > {};
template< char B > struct es_capture_square : seq< one< '(' >, es_capture_target< B >, one< ')' > > {};
template< char B > struct es_capture_part : seq< gap, es_capture_mark, gap, es_captured< B >,
                                                 opt< es_capture_square< B > > > {};
template< char B > struct es_dest_square : seq< es_square< B > > {};
template< char B > struct es_move_part : seq< opt< gap, one< '-' > >, gap, es_dest_square< B > > {};
template< char B > struct es_promo_piece : sor< es_piece_knight, es_piece_bishop< B >, es_piece_rook,
                                                es_piece_queen > {};
template< char B > struct es_promotion : sor< seq< one< '=' >, es_promo_piece< B > >,
                                              seq< one< '(' >, es_promo_piece< B >, one< ')' > >,
                                              seq< one< '/' >, es_promo_piece< B > > > {};
template< char B > struct es_piece_move : seq< es_mover< B >, opt< es_origin< B > >, opt< one< '.' > >,
                                               sor< es_capture_part< B >, es_move_part< B > >,
                                               opt< es_promotion< B > > > {};
template< char B > struct es_move : seq< sor< castle, es_piece_move< B > >, suffixes > {};

// clang-format on

}  // namespace planilla::grammar::descriptive
