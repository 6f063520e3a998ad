// Error messages of the move grammar (STYLE.md practice 7) and the parse control that raises them.
// Only rules used after a committing prefix have a message: the piece letter commits to a
// square, `=` and `/` commit to a promotion piece, a piece move commits to ending the token.
// grammar/move_parser.cpp turns the raised parse_error into a MoveSyntaxError and, for these
// rules, rewrites the message with the text at hand ("square expected after 'N'").
#pragma once

#include <tao/pegtl.hpp>

#include "grammar/move.hpp"

namespace planilla::grammar::move {

// clang-format off
template <typename> inline constexpr const char* error_message = nullptr;
template <> inline constexpr auto error_message<piece_target> = "square expected after the piece letter";
template <> inline constexpr auto error_message<required_promotion_piece> = "promotion piece missing";
template <> inline constexpr auto error_message<piece_move_end> = "unexpected text after the move";
// clang-format on

struct errors {
  template <typename Rule>
  static constexpr auto message = error_message<Rule>;
};

template <typename Rule>
struct control : tao::pegtl::must_if<errors>::control<Rule> {};

// Where a whole-token alternative stopped short of the end. When every alternative fails, the
// furthest such place is where the token stopped being a move ("e4Z": at 'Z').
template <>
struct control<move_end> : tao::pegtl::must_if<errors>::control<move_end> {
  template <typename ParseInput, typename State>
  static void failure(const ParseInput& in, State& state) noexcept {
    state.note_unexpected(in.current());
  }
};

}  // namespace planilla::grammar::move
