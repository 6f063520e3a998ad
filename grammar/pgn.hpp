// PGN game grammar (one game's text, already decoded to UTF-8 with LF line ends). Rules only:
// actions live in grammar/pgn_actions.hpp, error messages in grammar/pgn_errors.hpp.
//
// Move tokens are not interpreted here: a token is the maximal run of characters that are not
// white space and not one of { } ( ) [ ] ; " — plus `(X)` glued to it with X one code point
// (`e8(Q)`, `e4(=)`). Its text goes to the move grammar (grammar/move_parser.hpp) unchanged.
#pragma once

#include <array>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

#include "grammar/pgn_chars.hpp"

namespace planilla::grammar::pgn {

namespace pegtl = tao::pegtl;
using namespace tao::pegtl;  // NOLINT: rule files read as grammars

// clang-format off

// ---- white space -----------------------------------------------------------------------------
struct blank_char : one< ' ', '\t', '\f', '\v', '\r' > {};
struct space : sor< blank_char, one< '\n' > > {};
struct spaces : plus< space > {};
struct blanks : star< blank_char > {};
struct bom : string< '\xEF', '\xBB', '\xBF' > {};

// Characters that end a move token.
struct delimiter : sor< space, one< '{', '}', '(', ')', '[', ']', ';', '"' > > {};
struct token_end : sor< eof, at< delimiter > > {};

// ---- tag pairs -------------------------------------------------------------------------------
// The value ends at the first quote followed by `]`, so unescaped quotes inside a value are read
// as text when that is unambiguous (`"Club "X""`), and a backslash right before the closing
// quote is a literal backslash (`"Tournament \"`). Tags may share a line with other tags or
// with the movetext (whole games on one line exist).
struct next_line_tag : seq< eol, blanks, one< '[' > > {};
// A quote that ends its line ends the value too: the closing `]` is missing (W-TAG-QUOTE).
struct tag_value_end : seq< one< '"' >, blanks, sor< one< ']' >, at< next_line_tag >, at< eolf > > > {};
// `\"` is an escaped quote unless it is the very end of the tag line (`"Tournament \"]` then a
// line end or the next tag): `[G "\"]"]` is the value `"]`.
struct tag_line_end : seq< one< '"' >, blanks, one< ']' >, blanks, sor< eolf, at< one< '[' > > > > {};
struct tag_escape : seq< one< '\\' >, sor< one< '\\' >, seq< not_at< tag_line_end >, one< '"' > > > > {};
struct tag_inner_quote : seq< not_at< tag_value_end >, one< '"' > > {};
// Quotes a person reads past (W-TAG-QUOTE, never silent): a typographic quote (“ ” „, often a
// Windows-1252 0x93 decoded), the closing quote missing before a `]` that ends the line or before
// the line end when the next line is the next tag, the opening quote missing when the value
// ends with `"]` on the same line, both missing when it ends with `]` at the line's end
// (`[White Kasparov]`), the closing `]` missing at the line's end, or doubled there, a doubled
// `[`, and a `:` or `=` after the name. Anything else is E-TAG
// (tag_entry).
struct typo_quote : sor< string< '\xE2', '\x80', '\x9C' >, string< '\xE2', '\x80', '\x9D' >,
                         string< '\xE2', '\x80', '\x9E' > > {};
struct loose_value_end : sor< seq< one< ']' >, blanks, eolf >, seq< typo_quote, blanks, one< ']' > > > {};
struct tag_plain : plus< not_at< loose_value_end >, not_one< '"', '\\', '\n' > > {};
struct tag_backslash : one< '\\' > {};
struct tag_value_text : star< sor< tag_escape, tag_plain, tag_inner_quote, tag_backslash > > {};
struct tag_open : one< '[' > {};
struct tag_name : plus< sor< alnum, one< '_' > > > {};
struct tag_open_typographic : typo_quote {};
struct tag_open_missing : at< plus< not_one< '"', '\n', '[', ']' > >, one< '"' >, blanks, one< ']' > > {};
struct tag_unquoted : at< plus< not_one< '"', '\n', '[', ']' > >, one< ']' >, blanks, eolf > {};
struct tag_value_open : sor< one< '"' >, tag_open_typographic, tag_open_missing, tag_unquoted > {};
struct tag_close_typographic : seq< typo_quote, at< blanks, one< ']' > > > {};
struct tag_close_missing : at< sor< seq< blanks, one< ']' >, blanks, eolf >, next_line_tag > > {};
struct tag_value_close : sor< one< '"' >, tag_close_typographic, tag_close_missing > {};
struct tag_bracket_missing : at< sor< next_line_tag, eolf > > {};
// `[White "Ann"` and the `]` alone on the next line.
struct tag_bracket_next_line : seq< blanks, eol, blanks, one< ']' >, blanks, at< eolf > > {};
struct tag_extra_close : seq< blanks, plus< one< ']' > >, at< blanks, eolf > > {};  // `[Event "x"]]`
struct tag_close : sor< seq< one< ']' >, opt< tag_extra_close > >, tag_bracket_next_line, tag_bracket_missing > {};
struct tag_extra_open : plus< one< '[' > > {};  // `[[Event "x"]`
struct tag_separator : one< ':', '=' > {};      // `[Event: "x"]`, `[Event="x"]`
struct tag_pair : if_must< tag_open, opt< tag_extra_open >, blanks, tag_name, blanks, opt< tag_separator >, blanks,
                           tag_value_open, tag_value_text, tag_value_close, blanks, tag_close > {};
// A tag pair, or a line that begins like one and cannot be read as one (`[White "Ann`, `[%clk
// 0:01]`): E-TAG, and the line is skipped whole, so that the tags and moves after it are still
// read (tag_entry below; a limit still stops the game).
struct tag_entry;
// A `]` alone on its line among the tags (the one a tag pair above it lacks, or one too many):
// skipped with E-PGN-SYNTAX, and the tags below it are still this game's (the cutter keeps them
// in one section too, converters/input/split.cpp).
struct tag_stray_close : seq< one< ']' >, blanks, at< eolf > > {};
struct tag_section : star< sor< tag_entry, tag_stray_close >, star< space > > {};

// ---- comments and escapes --------------------------------------------------------------------
struct brace_open : one< '{' > {};
struct brace_text : star< not_one< '}' > > {};
struct brace_close : one< '}' > {};
struct brace_comment : if_must< brace_open, brace_text, brace_close > {};
struct line_comment_text : until< at< eolf > > {};
struct line_comment : seq< one< ';' >, line_comment_text > {};
struct escape_text : until< at< eolf > > {};
struct escape_line : seq< bol, one< '%' >, escape_text > {};

// ---- movetext elements -----------------------------------------------------------------------
struct nag_value : plus< digit > {};
struct nag : seq< one< '$' >, nag_value > {};

struct ellipsis_char : sor< one< '.' >, string< '\xE2', '\x80', '\xA6' > > {};  // . or …
struct move_number_digits : plus< digit > {};
// `1.`, `1 .`, `1...`, and `2` with no period at all: the PGN import format (8.2.2) allows zero or
// more periods. A bare number is one to three digits not beginning with 0: `00` and `000` are
// castling, four digits or more an ICCF move (`5254`) or the null move `0000`.
struct bare_move_number : seq< range< '1', '9' >, rep_max< 2, digit >, token_end > {};
struct move_number : sor< seq< move_number_digits, blanks, plus< ellipsis_char > >, bare_move_number > {};
struct dots : seq< plus< ellipsis_char >, token_end > {};  // "..." standing alone

struct result_token : sor< string< '1', '/', '2', '-', '1', '/', '2' >,
                           string< '1', '-', '0' >,
                           string< '0', '-', '1' >,
                           string< '\xC2', '\xBD', '-', '\xC2', '\xBD' >,  // ½-½
                           one< '*' > > {};
struct result : seq< result_token, token_end > {};
// A result written loosely (W-RESULT-LOOSE): a dash look-alike or a colon (`1–0`, `0:1`,
// `½–½`), or a half alone (`½`, `1/2`). Glued to the end of a move token, a result is split off
// (`gxf41-0`, `h6*`): no move of any notation ends that way.
struct dash_like : sor< one< '-', ':' >, string< '\xE2', '\x80', '\x90' >, string< '\xE2', '\x80', '\x91' >,
                        string< '\xE2', '\x80', '\x92' >, string< '\xE2', '\x80', '\x93' >,
                        string< '\xE2', '\x80', '\x94' >, string< '\xE2', '\x88', '\x92' > > {};  // ‐ ‑ ‒ – — −
struct half : sor< string< '1', '/', '2' >, string< '\xC2', '\xBD' > > {};
struct loose_dashed : sor< seq< half, dash_like, half >, seq< one< '1' >, dash_like, one< '0' > >,
                           seq< one< '0' >, dash_like, one< '1' > > > {};
struct loose_result : seq< sor< loose_dashed, half >, token_end > {};
struct glued_result : sor< result, seq< loose_dashed, token_end > > {};

// Standalone annotation glyphs (a glyph glued to a move belongs to the move token).
struct glyph_text : sor< string< '!', '!' >, string< '?', '?' >, string< '!', '?' >, string< '?', '!' >,
                         string< '+', '/', '-' >, string< '-', '/', '+' >,
                         string< '+', '/', '=' >, string< '=', '/', '+' >,
                         string< '+', '-' >, string< '-', '+' >,
                         string< '+', '=' >, string< '=', '+' >,
                         one< '!', '?', '=' >,
                         one< 'N' >,                            // novelty (ChessBase)
                         string< 'R', 'R' >,                    // editorial comment (ChessBase)
                         string< 'i', 'n', 'f' >,               // ∞ spelled out (kokopu reads it so)
                         string< '\xC2', '\xB1' >,              // ±
                         string< '\xE2', '\x88', '\x93' >,      // ∓
                         string< '\xE2', '\x88', '\x9E' >,      // ∞
                         string< '\xE2', '\xA9', '\xB2' >,      // ⩲
                         string< '\xE2', '\xA9', '\xB1' >,      // ⩱
                         string< '\xE2', '\x96', '\xA1' > > {}; // □
struct glyph : seq< glyph_text, token_end > {};

// e.p. / ep / a.p. written apart from the capture: it belongs to the previous move.
struct ep_text : sor< string< 'e', '.', 'p', '.' >, string< 'a', '.', 'p', '.' >, string< 'e', 'p' > > {};
struct ep_mark : seq< ep_text, token_end > {};
// (=) standing alone after a move: the FIDE draw offer of that move.
struct draw_offer : seq< string< '(', '=', ')' >, token_end > {};
// A check or mate sign written apart from its move (W-MARK-APART): `Qf8 mat`, `Re3 #1-0`,
// `Qh4 ++`, a mate word of another language (mat, matt, mate, mato, мат). It belongs to the
// previous move.
struct mark_word : sor< istring< 'm', 'a', 't', 't' >, istring< 'm', 'a', 't', 'e' >, istring< 'm', 'a', 't', 'o' >,
                        istring< 'm', 'a', 't' >, string< '\xD0', '\xBC', '\xD0', '\xB0', '\xD1', '\x82' > > {};
struct mark_sign : sor< string< '+', '+' >, one< '#', '+' >, string< '\xE2', '\x80', '\xA1' > > {};  // ‡
struct mark_apart : seq< sor< mark_sign, mark_word >, sor< token_end, at< glued_result > > > {};

// A run of two or more `*` (Markdown's bold `**Cxe5**`, `***`) is text, never a glued `*` result.
struct star_run : seq< one< '*' >, plus< one< '*' > > > {};
// clang-format on
// A run of ASCII bytes of which none ends a token or can begin a result (`0`, `1`, `*`, and `½`
// is not ASCII): what the next alternative of token_char reads one byte at a time, read in one
// step, so that a token megabytes long is read at memory speed. Matches one byte at least.
struct plain_token_run {
  using rule_t = plain_token_run;
  using subs_t = type_list<>;
  static constexpr std::array<bool, 256> kPlain = [] {
    std::array<bool, 256> t{};
    for (unsigned c = 0; c < 0x80; ++c)
      t[c] = c != '0' && c != '1' && c != '*' && !is_pgn_delimiter(static_cast<unsigned char>(c));
    return t;
  }();
  static bool plain(unsigned char c) { return kPlain[c]; }
  template <apply_mode, rewind_mode, template <typename...> class Action, template <typename...> class Control,
            typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&&...) {
    const char* p = in.current();
    const char* const end = in.end();
    while (p != end && plain(static_cast<unsigned char>(*p))) ++p;
    if (p == in.current()) return false;
    in.bump_in_this_line(static_cast<std::size_t>(p - in.current()));  // no line end in a token
    return true;
  }
};
// clang-format off
struct token_char : sor< plain_token_run, star_run, seq< not_at< delimiter >, not_at< glued_result >, utf8::any > > {};
// `(X)` glued to a token: X is one code point that is not white space or a delimiter.
struct paren_single : seq< one< '(' >, not_at< delimiter >, utf8::any, one< ')' > > {};
struct move_token : seq< plus< token_char >, star< paren_single, star< token_char > > > {};

struct variation_open : one< '(' > {};
struct variation_close : one< ')' > {};
struct movetext;
struct variation : if_must< variation_open, movetext, variation_close > {};

// Stray brackets, quotes or a closing brace in movetext: reported and skipped, so the moves after
// them are still read and checked (one pass finds every problem of a game).
struct stray : plus< one< '[', ']', '"', '}' > > {};
struct element : sor< spaces, brace_comment, line_comment, escape_line, nag, draw_offer, variation,
                      result, loose_result, move_number, dots, glyph, ep_mark, mark_apart, move_token, stray > {};
struct movetext : star< element > {};
// A line that begins like a tag pair and is not one: skipped to its end, and with it the next
// line when that one ends the value the first began (`[Site "Somewhere` / `on the Earth"]`).
struct tag_continuation : seq< eol, not_at< blanks, sor< one< '[' >, eolf > >,
                               until< seq< one< '"' >, blanks, one< ']' >, blanks, at< eolf > >, not_one< '\n' > > > {};
struct bad_tag_line : seq< one< '[' >, until< at< eolf > >, opt< tag_continuation > > {};
// clang-format on
// tag_pair, or on its error (if_must raises one) bad_tag_line from the same place. The action of
// tag_entry may decline to recover (`recover(error, states…)` returning false: a limit stops the
// game) and keeps what the error said for bad_tag_line's action; without one it recovers quietly.
struct tag_entry {
  using rule_t = tag_entry;
  using subs_t = type_list<tag_pair, bad_tag_line>;
  template <apply_mode A, rewind_mode M, template <typename...> class Action, template <typename...> class Control,
            typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&&... st) {
    const auto start = in.iterator();
    try {
      return Control<tag_pair>::template match<A, rewind_mode::required, Action, Control>(in, st...);
    } catch (const parse_error& e) {
      if constexpr (requires { Action<tag_entry>::recover(e, st...); }) {
        if (!Action<tag_entry>::recover(e, st...)) throw;
      }
      in.iterator() = start;
    }
    return Control<bad_tag_line>::template match<A, M, Action, Control>(in, st...);
  }
};
// clang-format off

// A `)` that closes no variation, in the main line: reported and skipped like the strays.
struct stray_close : one< ')' > {};
struct main_movetext : star< sor< element, stray_close > > {};

// Nothing can be left: main_movetext reads every character (or raises).
struct game_end : eof {};
// `;` and `%` lines before a tag section annotate the game (a rejects file puts its diagnostics
// there): they are read and not reported. Before a tag-less game they are ordinary comments.
struct preamble_comment : sor< seq< one< ';' >, until< at< eolf > > >, seq< bol, one< '%' >, until< at< eolf > > > > {};
struct preamble : seq< star< sor< space, preamble_comment > >, at< tag_open > > {};
struct game : seq< opt< bom >, star< space >, opt< preamble >, tag_section, main_movetext, must< game_end > > {};

// clang-format on

}  // namespace planilla::grammar::pgn

namespace tao::pegtl {
// plain_token_run consumes at least one byte when it succeeds.
template <typename Name>
struct analyze_traits<Name, planilla::grammar::pgn::plain_token_run> : analyze_any_traits<> {};
// tag_entry reads a tag pair or, failing that, the line it begins.
template <typename Name>
struct analyze_traits<Name, planilla::grammar::pgn::tag_entry>
    : analyze_sor_traits<planilla::grammar::pgn::tag_pair, planilla::grammar::pgn::bad_tag_line> {};
}  // namespace tao::pegtl
