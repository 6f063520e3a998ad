// Book-to-PGN: find the game scores printed in a book's plain text (Project Gutenberg style) and
// read them as descriptive notation.
//
// Extraction rules (the same for every book; documented in the README):
//  1. Decode: valid UTF-8 is kept, otherwise Latin-1; CRLF and CR become LF.
//  2. Markup is removed: page markers `{123}`, `[Illustration…]`, transcriber `/*` `*/`.
//  3. A score is a run of numbered move lines: `1. P-K4  P-K4`, `1 P to K4   P to K4`,
//     `(1) P-Q4`, `IV. …`, `7. ........ Kt x Kt`, `8            B to Kt2` (Black's move), an
//     unnumbered line holding Black's move after a note, and two-column lines holding moves N and
//     N+k (`1 P to K4  P to K4   25 P takes P  B to B5`: the right column is read after the left
//     one ends, and only if its numbers continue the left's; otherwise the game stops there and
//     says so). A line holding moves N and N is a White column and a Black column.
//  4. A score starts at move 1 (a line of moves only; a run-in line `1. P-K4, P-K4; 2. …` only
//     under a heading, elsewhere it is a variation in the prose). Notes, diagrams and page
//     markers between its lines are skipped; a move number that goes back is a variation in the
//     notes; one that skips ahead is a gap the book leaves (the score stops there, reported).
//  5. A heading before the score (`GAME No. 1`, `GAME I.--Mr. Morphy v. Mr. Anderssen`, `No.17.`,
//     `Game IV. — …`, `A. Burn v. C. von Bardeleben.`, `Game 1, played on …`) and the lines
//     between it and the score give tags: White, Black (`White: X. Black: Y.`, `X v. Y`, a
//     White/Black column header and the names under it, `(Anderssen.)  (Kieseritzky.)` too),
//     Event (only a named one: `the London Tournament`, `the match between X and Y`), Round
//     (`round 3`, `Round IX`, `in the ninth round`), Date, Opening. The PGN keeps the heading
//     itself in a comment before the moves and the score's place in the book in [Annotator].
//  6. `Resigns`, `Drawn`, `and wins`, `and mates …`, `1-0`, `0-1`, `1/2-1/2` end the score.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.hpp"
#include "grammar/descriptive_parser.hpp"
#include "notation/descriptive.hpp"
#include "notation/diagnostic.hpp"

namespace planilla {

struct BookGap {
  int number = 0;  // first missing move number
  Color side = Color::White;
  std::uint32_t line = 0;  // where the listing resumed
  std::string message;     // "the score goes from move 4 (Black) to move 6 (White): …"
};

// Where and why a score stops before its last printed move.
struct BookStop {
  std::uint32_t line = 0;
  std::uint32_t column = 0;  // 1-based, in code points
  std::string token;         // the text as printed
  Code code = Code::Illegal;
  std::string message;
};

// One game score found in the book: its heading and tags, and the score text rebuilt in printed
// move order (cells of two-column listings in the order of their move numbers), each byte mapped
// to the book's text.
struct BookGame {
  int number = 0;       // 1-based in book order
  std::string heading;  // the heading line(s) as printed; "" when none
  bool has_heading = false;
  std::vector<std::pair<std::string, std::string>> tags;  // White, Black, Event, Round, Date, Opening
  std::string title;                                      // Opening / heading rest, for messages
  std::uint32_t first_line = 0;                           // first move line (or heading line), 1-based
  std::uint32_t last_line = 0;                            // last move or result line
  std::string score;                                      // "1. P-K4 P-K4 2. Kt-KB3 …" as printed, in move order
  std::vector<std::uint64_t> origin;                      // score.size() + 1 bytes of the book text
  std::vector<BookGap> gaps;
  std::string result;                    // "Resigns", "Drawn", "and wins", … as printed; "" when none
  std::vector<BookStop> layout_stops;    // the finder could not order the listing: read up to here
  std::vector<BookStop> layout_repairs;  // what the finder assumed to order the listing (N-DESC-REPAIR)
  std::uint32_t print_lines = 0;         // move lines read
  // The ASCII diagram printed just before a score that does not start from the initial
  // position (an end-game study): its placement as a FEN (side to move from the score's first
  // move, no castling), and the line of its last rank. "" when none.
  std::string diagram_fen;
  std::uint32_t diagram_line = 0;
};

struct BookExtraction {
  std::string text;  // the decoded, markup-free text the line numbers refer to
  bool was_latin1 = false;
  std::vector<BookGame> games;
};

// Rule 1: bytes → UTF-8 with LF line ends. `was_latin1` reports the transcoding.
// Example: decode_book_text("P \xD7 P\r\n") == "P × P\n".
std::string decode_book_text(std::string_view bytes, bool* was_latin1 = nullptr);

// Rule 2 on one line: "{207} /*    35. K - Kt 1 P - Kt 5 */" → "     35. K - Kt 1 P - Kt 5 ".
std::string strip_book_markup(std::string_view line, bool& in_block, bool* from_transcriber_block = nullptr);

// Finds every game score in a book's text (rules at the top of book.cpp). Errors: none thrown;
// what cannot be ordered is a layout stop of its game.
// Example: extract_book_games(capablanca) finds the 14 games under `GAME n.` headings.
BookExtraction extract_book_games(std::string_view bytes);

struct BookReplay {
  DescriptiveGame read;       // the score read and resolved from the start position
  std::size_t plies = 0;      // plies resolved
  bool complete = false;      // every printed move read, in order, and legal
  bool gap_reported = false;  // the book leaves moves out; all moves up to the gap replay
  std::optional<BookStop> stopped;
  std::vector<std::pair<std::string, int>> repairs;  // code → count ("N-DESC-REPAIR", 3)
  std::vector<Diagnostic> notes;                     // repairs and conventions placed on the book's lines
  std::string summary;                               // "complete (98 plies)" / "stops at line 120 'K-R9': …"
  std::string start_fen;  // "" from the initial position; the diagram's FEN when read from it
  bool mate = false;      // complete, and its last move mates (the last mover won, whatever is printed)
};

// Reads and resolves a found score. `text` is BookExtraction::text (for lines and columns).
BookReplay replay_book_game(const BookGame& game, std::string_view text);

// PGN of a replayed game: its tags, the heading in a comment, the moves in English SAN, a comment
// naming a gap or a stop.
std::string book_game_to_pgn(const BookGame& game, const BookReplay& replay);

// One JSON object (one line) for `--report`: game, first_line, last_line, heading, tags, plies,
// complete, stopped, repairs.
std::string book_game_report_json(const BookGame& game, const BookReplay& replay);

}  // namespace planilla
