// Messages for the PGN grammar's error points (every rule under must<> / if_must<>), used through
// PEGTL's must_if control: a missing message is a compile-time error.
#pragma once

#include <tao/pegtl.hpp>

#include "grammar/pgn.hpp"

namespace planilla::grammar::pgn {

template <typename>
inline constexpr const char* error_message = nullptr;

// clang-format off
template <> inline constexpr auto error_message<blanks> = "expected blanks";  // cannot fail: star<>
template <> inline constexpr auto error_message<opt< tag_extra_open >> = "expected [";  // cannot fail: opt<>
template <> inline constexpr auto error_message<opt< tag_separator >> = "expected a separator";  // cannot fail: opt<>
template <> inline constexpr auto error_message<tag_name> = "tag pair without a valid name (letters, digits, _)";
template <> inline constexpr auto error_message<tag_value_open> = "tag value must start with a double quote";
template <> inline constexpr auto error_message<tag_value_text> = "invalid tag value";  // cannot fail: star<>
template <> inline constexpr auto error_message<tag_value_close> = "tag value not closed by a double quote on the same line";
template <> inline constexpr auto error_message<tag_close> = "tag pair not closed by ]";
template <> inline constexpr auto error_message<brace_text> = "invalid comment";  // cannot fail: star<>
template <> inline constexpr auto error_message<brace_close> = "comment { not closed by }";
template <> inline constexpr auto error_message<movetext> = "invalid movetext";  // cannot fail: star<>
template <> inline constexpr auto error_message<variation_close> = "variation ( not closed by ) before the end of the game";
template <> inline constexpr auto error_message<game_end> = "unexpected character in movetext";
// clang-format on

struct errors {
  template <typename Rule>
  static constexpr auto message = error_message<Rule>;
};

template <typename Rule>
using control = tao::pegtl::must_if<errors>::control<Rule>;

}  // namespace planilla::grammar::pgn
