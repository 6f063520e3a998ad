// The header of a typed scoresheet: the lines a club player or arbiter types above the moves
// when there are no PGN tags (`Torneo Abierto de Gijón`, `Ronda 3`, `Blancas: Pérez, Juan`,
// `Fecha: 12/03/2024`, `Resultado: 1-0`). They are read into PGN tags (Event, Site, Round,
// White, Black, Date in PGN form, Result, Board, Opening) by the header words of es, en, de, fr,
// it, pt, nl, ca and ru; a line that is neither a header nor moves is kept as a comment, never
// read as moves.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planilla {

struct ScoresheetTag {
  std::string name;        // PGN tag name: "Event", "White", …
  std::string value;       // in PGN form ("2024.03.12" for a date)
  std::size_t offset = 0;  // byte offset of its line in the text
};

struct ScoresheetLine {  // a header-block line kept as a comment
  std::string text;
  std::size_t offset = 0;
};

struct ScoresheetHeader {
  std::vector<ScoresheetTag> tags;       // in the order written
  std::vector<ScoresheetLine> comments;  // lines that are neither header nor moves
  std::vector<std::string> remarks;      // what was assumed ("date 03/04/2024 read day first")
  std::size_t end = 0;                   // bytes [0, end) are the header block
  std::string language;                  // code of the header words' language ("es")
};

// The header block at the start of a game's text, if it has one: only for text without a PGN
// tag section, and only lines before the first line that holds a move. Empty when no line of the
// block is a header line (free text alone is left to the move reader, which reports it).
// Errors: none. Example: read_scoresheet_header("Ronda 3\nBlancas: Pérez\n\n1.e4 e5 *") gives
//          tags Round "3" and White "Pérez", end at the "1.e4" line.
std::optional<ScoresheetHeader> read_scoresheet_header(std::string_view text);

// A date as typed on a scoresheet in PGN form ("YYYY.MM.DD", "??" where unknown); `day_first`
// decides 03/04/2024 (true for every header language but English, where it is left unknown).
// Errors: nullopt when the text is no date. Example: pgn_date("12/03/2024", true) == "2024.03.12".
std::optional<std::string> pgn_date(std::string_view text, bool day_first, std::string* remark = nullptr);

}  // namespace planilla
