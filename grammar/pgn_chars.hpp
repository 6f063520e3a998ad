// PGN's byte classes, one table for every scanner of movetext: the PEGTL grammar
// (grammar/pgn.hpp, whose rules tests/unit/grammar_pgn.cpp holds equal to this table byte for
// byte), the reader's fast lane (converters/pgn/fast_reader.cpp) and the game cutter
// (converters/input/split.cpp). A byte that ends a move token in one ends it in all three.
#pragma once

#include <string>
#include <string_view>

namespace planilla::grammar {

// White space within a line (the grammar's blank_char); '\n' ends a line.
inline constexpr std::string_view kBlankBytes = " \t\f\v\r";
// The bytes besides white space that end a move token (the grammar's delimiter): comments,
// variations, tag brackets, a line comment, a tag value's quote.
inline constexpr std::string_view kPunctuationBytes = "{}()[];\"";

constexpr bool is_pgn_blank(unsigned char c) {
  return kBlankBytes.find(static_cast<char>(c)) != std::string_view::npos;
}
constexpr bool is_pgn_space(unsigned char c) { return c == '\n' || is_pgn_blank(c); }
// Ends a move token: white space, a line end or punctuation.
constexpr bool is_pgn_delimiter(unsigned char c) {
  return is_pgn_space(c) || kPunctuationBytes.find(static_cast<char>(c)) != std::string_view::npos;
}

// `text` with each run of white space (line ends too) made one space, none at the ends: a piece
// of a score quoted on one line, in a note or a comment.
inline std::string squeeze_spaces(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (!is_pgn_space(static_cast<unsigned char>(c))) out += c;
    else if (!out.empty() && out.back() != ' ') out += ' ';
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace planilla::grammar
