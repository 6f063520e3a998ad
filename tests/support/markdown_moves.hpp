// Numbered move runs and board diagrams found in Markdown/HTML prose (books and web editions
// that quote games inside running text, e.g. the Spanish web edition of Capablanca's Chess
// Fundamentals in ../shared/corpus/localized/). Extraction only: no board. Placing a run on a
// position and resolving it is the caller's business (tests/corpus/es_capablanca.cpp shows one
// set of rules).
//
// Extraction rules (the text is UTF-8; offsets are byte offsets into it):
// 1. Markup is removed before reading moves, keeping every byte's original offset:
//    - HTML tags `<…>` become white space. `<b>`/`<strong>` … `</b>`/`</strong>` emphasise;
//    - Markdown emphasis markers: every run of `*` toggles emphasis (`**1. e4**`, `***…***`);
//      `_` is left alone (it occurs inside words and URLs);
//    - a blank line ends a paragraph (and any open emphasis); a line whose first non-blank byte
//      is `#` is a heading and starts a new section.
// 2. A diagram is a `<chess-board …>` tag with a `position="FEN"` attribute. Its caption is the
//    tag-free text of the next `<figcaption>…</figcaption>` before the next `<chess-board`; the
//    caption is not part of the running text (it names a move, it does not play one). When the
//    caption contains a numbered move ("Posición después de la jugada 8. … c6"), that move's
//    number, side and text are kept as the diagram's `after` label.
// 3. Tokens are separated by white space. Leading `(` `[` `«` `"` and trailing `,` `;` `:` `.`
//    `)` `]` `»` `"` `!` `?` are not part of a move token; trailing punctuation other than `!`
//    and `?` ends the run after that token (the prose goes on). A number token is `N.`, `N…`,
//    `N...` or `N.…` (U+2026 or three dots); the number may be glued to its move (`12.Cf3`,
//    `12…Cc6`, `12...Cc6`). `…` or `...` alone stands for "Black's move follows" after `N.`, or
//    for an omitted move at the end of a run (`2. Rg2 …`).
// 4. A run starts at a number token and reads: White's move (after `N.`), then Black's move
//    (same N), then `N+1.` and so on; a Black start is `N…` or `N. …`. A move token is one that
//    parse_move accepts in the given language as SAN, LAN or FIDE's long form (no UCI or ICCF:
//    years and page numbers would read as ICCF moves). The run ends at the first token that does
//    not fit (prose, a wrong number, a change of emphasis, end of paragraph); a number token
//    with no move after it (a section title "## 10. Un final…") makes no run.
// 5. A run is `emphasized` when its first number token is (bold runs are the main line in most
//    books; plain ones are variations in the commentary).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "board/types.hpp"
#include "notation/language.hpp"

namespace planilla {

struct MarkdownMove {
  std::string text;        // the token without surrounding punctuation ("Cxe5+")
  std::size_t offset = 0;  // byte offset of the token in the input
  int number = 0;          // the move number written for it
  Color side = Color::White;
};

struct MoveRun {
  std::size_t offset = 0;  // byte offset of the run's first number token
  std::size_t end = 0;     // byte offset just past its last token
  int number = 0;          // number and side of the first move
  Color side = Color::White;
  int section = 0;    // headings before the run
  int paragraph = 0;  // paragraphs (blank-line separated) before the run
  bool emphasized = false;
  std::vector<MarkdownMove> moves;  // at least one

  // Number and side of the move that would come after the run.
  int next_number() const;
  Color next_side() const;
};

struct MarkdownDiagram {
  std::string fen;         // the position="…" attribute as written
  std::size_t offset = 0;  // byte offset of the `<chess-board` tag
  int section = 0;
  int paragraph = 0;
  std::string caption;  // tag-free, white space collapsed; "" when none
  // The numbered move the caption names (rule 2); moves.empty() when none.
  MoveRun after;
};

struct MarkdownMoves {
  std::vector<MoveRun> runs;              // in text order
  std::vector<MarkdownDiagram> diagrams;  // in text order
};

// Errors: none; text without runs gives empty vectors.
// Example: extract_markdown_moves("**1. e4 e5 2. Cf3 …**\nSi 2… d6", *find_language("es")) gives
// two runs: {1 White, emphasized, e4 e5 Cf3} and {2 Black, d6}.
MarkdownMoves extract_markdown_moves(std::string_view text, const Language& language);

}  // namespace planilla
