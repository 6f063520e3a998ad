// Test support: a game (SAN) written as an old book prints it, in one typography class, so the
// book reader can be checked on text it has never seen (round trip: SAN → book text → `book`).
#pragma once

#include <string>
#include <vector>

namespace planilla::test {

enum class BookTypography {
  Hyphen,   // "Kt-KB3", "PxP", "O-O"                      (the writer's own)
  ToTakes,  // "Kt to KB3", "P takes P", "Castles"
  HisHer,   // "K. Kt. to K. B's 3d.", "Q. to her 2d.", "Castles on Q's side"
  Square,   // "R to K square", "Kt to B square"
};

enum class BookLayout {
  OneColumn,   // "  12. P-K4        P-K4"
  TwoColumns,  // "  1 P-K4  P-K4     25 R-K1  Q-Q2"   (moves N and N+k on one line)
  WhiteBlack,  // "  1. P-K4         1. P-K4"            (a White and a Black column)
};

// The SAN moves of `san` (space-separated, from the start position) as book text: a heading,
// a players line, the score in `layout`, notes between some moves, and `result` at the end.
std::string write_book_score(const std::string& heading, const std::string& san, BookTypography typography,
                             BookLayout layout, const std::string& result);

// SAN → the moves (legal from the start position), as English SAN again: a check of the input.
std::vector<std::string> san_moves(const std::string& san);

}  // namespace planilla::test
