// Book-to-PGN: find the game scores printed in a book's plain text (Project Gutenberg style) and
// read them as descriptive notation.
//
// Extraction rules (the same for every edition of a book; documented in the README):
//  1. Decode: text that is valid UTF-8 is kept; otherwise it is read as Latin-1 (so the
//     capture sign "×", byte 0xD7, becomes U+00D7). CRLF and CR become LF.
//  2. Markup inside the text is removed: page markers `{123}`, `[Illustration]` /
//     `[Illustration: …]`, and the transcriber's `/*` `*/` brackets (their content, the score as
//     set on the page, is kept).
//  3. A game starts at a heading line `GAME <n>.` (also `GAME <n>:` / `Game No. <n>`); its
//     title is the rest of that line. It ends at the next heading, a line of `*` separators, or a
//     `PART`/`CHAPTER`/`End of` line.
//  4. Score lines are the lines of a game that, in the book, were indented (4 or more spaces, or
//     came from a transcriber block) and start with a move number: the two-column listings
//     `13. Kt - Kt 5 ch   K - Kt 3` and `7. ........   Kt x Kt` (also `4 ........`). Unindented
//     lines are the author's notes: their move runs are variations, not the game.
//  5. In a score line every `<n>.` / `<n> ........` sets the move number and side; the moves
//     between are read with the English descriptive grammar, several per column when single
//     spaced (each move is the longest reading after which the line still reads: "QxB PxP" is
//     QxB, PxP, not "QxB P" + "xP"). A move number that skips ahead records a gap (the plies the book leaves out); a
//     repeated White move before `<n>. ........` is the book restating where it resumes.
//  6. `Resigns`, `Drawn`, `1-0`, `0-1`, `1/2-1/2` end the score.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.hpp"
#include "notation/descriptive.hpp"
#include "notation/diagnostic.hpp"

namespace planilla {

// One ply as printed: its text, the move number and side the listing gave it.
struct BookPly {
  int number = 0;
  Color side = Color::White;
  std::string text;     // e.g. "Q R - Kt 1"
  DescriptiveMove move;
  std::uint32_t line = 0;  // 1-based line of the decoded text
};

struct BookGap {
  int number = 0;        // first missing move number
  Color side = Color::White;
  std::uint32_t line = 0;  // where the listing resumed
  std::string message;   // "moves 4… to 5 (Black) are not in the score"
};

struct BookGame {
  int number = 0;
  std::string title;           // "QUEEN'S GAMBIT DECLINED"
  std::uint32_t first_line = 0;  // heading line (1-based)
  std::uint32_t last_line = 0;
  std::vector<BookPly> plies;  // the main line up to the first gap or unreadable token
  std::vector<BookGap> gaps;
  std::string result;          // "Resigns", "Drawn", … as printed; "" when none
  std::vector<Diagnostic> diagnostics;  // unreadable tokens in score lines
};

struct BookExtraction {
  std::string text;            // the decoded, markup-free text the line numbers refer to
  bool was_latin1 = false;
  std::vector<BookGame> games;
};

// Rule 1: bytes → UTF-8 with LF line ends. `was_latin1` reports the transcoding.
// Example: decode_book_text("P \xD7 P\r\n") == "P × P\n".
std::string decode_book_text(std::string_view bytes, bool* was_latin1 = nullptr);

// Rule 2 on one line: "{207} /*    35. K - Kt 1 P - Kt 5 */" → "     35. K - Kt 1 P - Kt 5 ".
// Sets `from_transcriber_block` when the line held /* or */ (or is inside such a block,
// tracked through `in_block`).
std::string strip_book_markup(std::string_view line, bool& in_block, bool* from_transcriber_block = nullptr);

// Rules 1–6 over a whole book. Errors: none thrown; unreadable tokens become diagnostics of the
// game they are in, and the game's plies stop there.
// Example: extract_book_games(capablanca).games.size() == 14.
BookExtraction extract_book_games(std::string_view bytes);

struct BookReplay {
  DescriptiveGameResult resolution;
  bool complete = false;       // every extracted ply resolved and the score did not stop early
  bool gap_reported = false;   // the book leaves moves out and the replay stopped at that gap
  std::string summary;         // "complete (98 plies)" / "stops at 30. P K 4: no legal move …"
};

// Resolves a book game from the standard start position and summarises the outcome.
// Example: replay_book_game(games[0]).complete == true for Marshall–Capablanca 1909.
BookReplay replay_book_game(const BookGame& game);

// PGN of a replayed game: tags (Event from the title, Round = game number, Annotator note of
// the source), the moves in English SAN, and a comment naming any gap or failure.
std::string book_game_to_pgn(const BookGame& game, const BookReplay& replay);

}  // namespace planilla
