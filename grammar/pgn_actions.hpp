// Actions of the PGN grammar: they turn matched rules into PgnHandler events. The state is
// passed through parse(); no action looks at a board.
#pragma once

#include <string>
#include <vector>

#include <tao/pegtl.hpp>

#include "grammar/pgn.hpp"
#include "grammar/pgn_parser.hpp"

namespace planilla::grammar::pgn {

struct ParseState {
  ParseState(PgnHandler& h, const PgnParseOptions& o) : handler(h), limits(o), max_depth(o.max_depth) {}
  PgnHandler& handler;
  const PgnParseOptions& limits;
  int max_depth = 64;
  int depth = 0;
  std::size_t tags = 0;
  std::size_t moves = 0;
  bool limit_hit = false;
  std::uint64_t tag_offset = 0;
  std::string tag_name;
  std::string tag_value;
  bool tag_quote = false;
  std::string tag_loose;      // quotes read past (W-TAG-QUOTE): "the closing quote is missing", …
  bool in_tag = false;        // between [ and ]: an error here is E-TAG
  bool tag_unquoted = false;  // the value has no quotes (tag_unquoted)
  // A line of the tag section that is no tag pair (tag_entry), held until the section shows it
  // is one: said and skipped once a tag pair stands before or after it; in a section with none
  // (a book's `[Illustration]`, a board diagram), the first stops the game as E-TAG.
  struct SkippedLine {
    std::string why;
    tao::pegtl::position at;  // where the tag pair failed
    std::string text;
    std::uint64_t offset = 0;  // the line's
  };
  std::string tag_error;  // the last tag pair's error (tag_entry), for bad_tag_line
  tao::pegtl::position tag_error_at{0, 1, 1, ""};
  std::vector<SkippedLine> skipped;
  std::uint64_t comment_offset = 0;
};

template <typename Input>
std::uint64_t offset_of(const Input& in) {
  return static_cast<std::uint64_t>(in.iterator().byte);
}

// Digits to a number, saturating (a move number or NAG of 30 digits is still one token).
inline std::uint64_t saturating_number(std::string_view digits) {
  std::uint64_t n = 0;
  for (char c : digits) {
    if (n > 1'000'000'000'000ull) return n;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return n;
}

// Stops the game with E-LIMIT at `in` (parse_pgn_game turns the exception into the diagnostic).
template <typename Input>
[[noreturn]] void limit_exceeded(const Input& in, ParseState& s, const std::string& what, std::size_t limit,
                                 const char* option) {
  s.limit_hit = true;
  throw tao::pegtl::parse_error(what + " (limit " + std::to_string(limit) + ", " + option + ")", in);
}

// After a move token or stray character: a game with max_errors errors is read no further from
// here (a move token's own error is known only when the next element flushes it, so the game
// lists max_errors errors and stops at the move token after the last of them).
template <typename Input>
void check_errors(const Input& in, ParseState& s) {
  if (s.handler.errors() >= s.limits.max_errors)
    limit_exceeded(in, s, "as many errors as the limit", s.limits.max_errors, "max_errors");
}

template <typename Rule>
struct action : tao::pegtl::nothing<Rule> {};

template <>
struct action<tag_open> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.tag_offset = offset_of(in);
    s.in_tag = true;
    s.tag_value.clear();
    s.tag_quote = false;
    s.tag_loose.clear();
    s.tag_unquoted = false;
  }
};

inline void note_tag_loose(ParseState& s, const char* what) {
  s.tag_loose += s.tag_loose.empty() ? "" : ", ";
  s.tag_loose += what;
}

// The slips a tag pair is read past that only say so (W-TAG-QUOTE), each rule's words; the rules
// that decide more (tag_unquoted, tag_separator, tag_close_missing) have actions of their own.
template <typename Rule>
inline constexpr const char* kTagSlip = nullptr;
template <>
inline constexpr const char* kTagSlip<tag_open_typographic> = "a typographic opening quote";
template <>
inline constexpr const char* kTagSlip<tag_open_missing> = "the opening quote missing";
template <>
inline constexpr const char* kTagSlip<tag_close_typographic> = "a typographic closing quote";
template <>
inline constexpr const char* kTagSlip<tag_extra_open> = "a [ too many";
template <>
inline constexpr const char* kTagSlip<tag_extra_close> = "a ] too many";
template <>
inline constexpr const char* kTagSlip<tag_bracket_missing> = "the closing ] missing";
template <>
inline constexpr const char* kTagSlip<tag_bracket_next_line> = "the closing ] on the next line";

template <typename Rule>
requires(kTagSlip<Rule> != nullptr) struct action<Rule> {
  static void apply0(ParseState& s) { note_tag_loose(s, kTagSlip<Rule>); }
};

// A value without quotes is evident only after a tag name of the standard or of common use: a
// book's `[Illustration: the board]` or `[This file was first posted …]` is no tag pair.
inline bool is_known_tag_name(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "Event",       "Site",      "Date",        "Round",      "White",     "Black",     "Result",
      "WhiteElo",    "BlackElo",  "WhiteTitle",  "BlackTitle", "WhiteTeam", "BlackTeam", "WhiteFideId",
      "BlackFideId", "WhiteType", "BlackType",   "ECO",        "Opening",   "Variation", "SubVariation",
      "Annotator",   "PlyCount",  "TimeControl", "Time",       "UTCDate",   "UTCTime",   "Termination",
      "Mode",        "FEN",       "SetUp",       "Variant",    "EventDate", "EventType", "EventRounds",
      "Board",       "Section",   "Stage",       "Source",     "SourceDate"};
  for (std::string_view n : kNames)
    if (n == name) return true;
  return false;
}

template <>
struct action<tag_unquoted> {
  static bool apply0(ParseState& s) {
    if (!is_known_tag_name(s.tag_name)) return false;
    note_tag_loose(s, "no quotes");
    s.tag_unquoted = true;
    return true;
  }
};

// A value with a quote inside and no closing quote has no evident end: E-TAG.
template <>
struct action<tag_close_missing> {
  static bool apply0(ParseState& s) {
    if (s.tag_quote) return false;
    if (!s.tag_unquoted) note_tag_loose(s, "the closing quote missing");
    return true;
  }
};

template <>
struct action<tag_separator> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    note_tag_loose(s, in.peek_char() == ':' ? "a : after the name" : "an = after the name");
  }
};

template <>
struct action<tag_name> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.tag_name.assign(in.begin(), in.end());
  }
};

// Checked before appending, by every rule that adds to the value: a 10 MB value is never copied.
template <typename Input>
void check_tag_value(const Input& in, ParseState& s, std::size_t adding) {
  if (s.tag_value.size() + adding > s.limits.max_tag_value_bytes)
    limit_exceeded(in, s, "tag value longer than the limit", s.limits.max_tag_value_bytes, "max_tag_value_bytes");
}

template <>
struct action<tag_escape> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    check_tag_value(in, s, 1);
    s.tag_value.push_back(in.begin()[1]);  // the escaped character: \ or "
  }
};

template <>
struct action<tag_plain> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    check_tag_value(in, s, in.size());
    s.tag_value.append(in.begin(), in.end());
  }
};

template <>
struct action<tag_inner_quote> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    check_tag_value(in, s, 1);
    s.tag_value.push_back('"');
    s.tag_quote = true;
  }
};

template <>
struct action<tag_backslash> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    check_tag_value(in, s, 1);
    s.tag_value.push_back('\\');
  }
};

template <>
struct action<tag_pair> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    if (!s.skipped.empty()) say_skipped_lines(in, s);  // (the lines before this pair)
    if (++s.tags > s.limits.max_tags)
      limit_exceeded(in, s, "more tag pairs than the limit", s.limits.max_tags, "max_tags");
    s.in_tag = false;
    s.handler.tag(s.tag_name, s.tag_value, s.tag_offset, s.tag_quote);
    if (!s.tag_loose.empty()) s.handler.tag_loose(s.tag_name, s.tag_loose, s.tag_offset);
  }
};

// A tag pair's error, past which the game is read on (bad_tag_line); not a limit's, which stops it.
template <>
struct action<tag_entry> : tao::pegtl::nothing<tag_entry> {  // (no apply: a hook, not an action)
  static bool recover(const tao::pegtl::parse_error& e, ParseState& s) {
    if (s.limit_hit) return false;
    s.in_tag = false;
    s.tag_error.assign(e.message());
    if (!e.positions().empty()) s.tag_error_at = e.positions().front();
    return true;
  }
};

// The lines held in ParseState::skipped, said: an E-TAG each, then the line (skipped_tag_line).
template <typename Input>
void say_skipped_lines(const Input& in, ParseState& s) {
  for (const ParseState::SkippedLine& l : s.skipped) {
    const bool two = l.text.find('\n') != std::string::npos;  // (tag_continuation)
    s.handler.syntax_error(Code::TagSyntax,
                           l.why + (two ? ": the line and the next are skipped" : ": the line is skipped"), l.offset);
    s.handler.skipped_tag_line(l.text, l.offset);
    check_errors(in, s);
  }
  s.skipped.clear();
}

template <>
struct action<bad_tag_line> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.skipped.push_back(ParseState::SkippedLine{s.tag_error, s.tag_error_at, in.string(), offset_of(in)});
    if (s.tags > 0) say_skipped_lines(in, s);
  }
};

template <>
struct action<tag_section> {
  static void apply0(ParseState& s) {
    if (!s.skipped.empty()) {  // no tag pair at all: not a tag section (ParseState::skipped)
      s.in_tag = true;
      throw tao::pegtl::parse_error(s.skipped.front().why, s.skipped.front().at);
    }
    s.handler.end_tags();
  }
};

template <>
struct action<brace_open> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.comment_offset = offset_of(in);
  }
};

template <typename Input>
void check_comment(const Input& in, ParseState& s) {
  if (in.size() > s.limits.max_comment_bytes)
    limit_exceeded(in, s, "comment longer than the limit", s.limits.max_comment_bytes, "max_comment_bytes");
}

template <>
struct action<brace_text> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    check_comment(in, s);
    s.handler.comment(in.string_view(), CommentKind::Brace, s.comment_offset);
  }
};

template <>
struct action<line_comment_text> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    check_comment(in, s);
    s.handler.comment(in.string_view(), CommentKind::Line, offset_of(in) - 1);
  }
};

template <>
struct action<escape_text> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    check_comment(in, s);
    s.handler.comment(in.string_view(), CommentKind::Escape, offset_of(in) - 1);
  }
};

template <>
struct action<nag_value> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    std::uint64_t n = saturating_number(in.string_view());
    // The text with its `$`, which the input holds just before the digits.
    const std::string_view written(in.begin() - 1, in.size() + 1);
    s.handler.nag(n > 0xFFFF'FFFFull ? 0xFFFF'FFFFu : static_cast<unsigned>(n), written, offset_of(in) - 1);
  }
};

template <>
struct action<glyph> {  // on the whole rule: glyph_text alone may match and then fail token_end
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.handler.nag(glyph_nag(in.string_view()), in.string_view(), offset_of(in));
  }
};

template <>
struct action<ep_mark> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.handler.en_passant_mark(in.string_view(), offset_of(in));
  }
};

template <>
struct action<draw_offer> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.handler.draw_offer(offset_of(in));
  }
};

template <>
struct action<loose_result> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.handler.loose_result(in.string_view(), loose_result_canonical(in.string_view()), offset_of(in));
  }
};

template <>
struct action<mark_apart> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.handler.mark_apart(in.string_view(), offset_of(in));
  }
};

template <>
struct action<move_number> {  // whole rule: `12.`, `12...`, `12` (four digits or more are a move token: ICCF, 0000)
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    std::string_view text = in.string_view();
    s.handler.move_number(saturating_number(text.substr(0, text.find_first_not_of("0123456789"))), offset_of(in));
  }
};

template <>
struct action<move_token> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    if (++s.moves > s.limits.max_moves)
      limit_exceeded(in, s, "more moves than the limit", s.limits.max_moves, "max_moves");
    s.handler.move(in.string_view(), offset_of(in));
    check_errors(in, s);
  }
};

template <>
struct action<stray> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.handler.syntax_error(Code::PgnSyntax, "unexpected '" + in.string() + "' in movetext (skipped)", offset_of(in));
    check_errors(in, s);
  }
};

template <>
struct action<tag_stray_close> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.handler.syntax_error(Code::PgnSyntax, "a ']' alone on its line among the tags (skipped)", offset_of(in));
    check_errors(in, s);
  }
};

template <>
struct action<stray_close> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    action<stray>::apply(in, s);
  }
};

template <>
struct action<variation_open> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    if (++s.depth > s.max_depth)
      limit_exceeded(in, s, "variations nested deeper than the limit", static_cast<std::size_t>(s.max_depth),
                     "max_depth");
    s.handler.begin_variation(offset_of(in));
  }
};

template <>
struct action<variation_close> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    --s.depth;
    s.handler.end_variation(offset_of(in));
  }
};

template <>
struct action<result> {
  template <typename Input>
  static void apply(const Input& in, ParseState& s) {
    s.handler.result(in.string_view(), offset_of(in));
  }
};

}  // namespace planilla::grammar::pgn
