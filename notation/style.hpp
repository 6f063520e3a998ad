// Notation styles: one enum for the form a move is read in (grammar/ classifies each token)
// and the form it is written in (notation/write.hpp, `--to`), and one table that gives each
// style its command-line name, its reading name and how a whole game is laid out in it.
// parse_spec (notation/spec.cpp), the writers, convert/normalize and the CLI help read this
// table; a new output style is a value and a row here, plus its writer in notation/write.cpp.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace planilla {

enum class NotationStyle : std::uint8_t {
  San,                 // Nf3, exd5, e8=Q, O-O, with the language's letters (figurines read as SAN)
  Lan,                 // Ng1-f3, Ng1xf3, e2-e4, e7xd8=Q
  Long,                // FIDE compact long: Ng1f3, e2e4
  Uci,                 // g1f3, e7e8q; castling e1g1 in standard chess, king-takes-rook in Chess960
  Iccf,                // 5254, 57581 …
  Null,                // --, Z0, 0000 (PGN null move; read only)
  Figurine,            // ♘f3 (language-free; written only)
  Spoken,              // "Knight f three" / "Caballo f tres"
  Descriptive,         // P-K4, N-KB3 (en, es)
  DescriptiveClassic,  // Kt-KB3 (en)
};

// How a game is written out in a style.
enum class StyleLayout : std::uint8_t {
  Pgn,          // PGN, each move by write_move()
  Descriptive,  // PGN, each move by the descriptive writer (converters/pgn/descriptive_io)
  Spoken,       // a header line and one move a line
  ReadOnly,     // not an output style
};

struct StyleRow {
  NotationStyle style;
  std::string_view name;       // in `--to` / `--from` (LANG:name, or name alone); empty: none
  std::string_view read_name;  // in the grammar's messages ("UCI moves are not accepted here")
  bool needs_language;         // false: written alone (figurine, uci, iccf)
  StyleLayout layout;
};

// In the order the error messages and the help list them.
inline constexpr StyleRow kStyleTable[] = {
    {NotationStyle::San, "san", "SAN", true, StyleLayout::Pgn},
    {NotationStyle::Lan, "lan", "long algebraic (LAN)", true, StyleLayout::Pgn},
    {NotationStyle::Long, "long", "FIDE long", true, StyleLayout::Pgn},
    {NotationStyle::Spoken, "spoken", "spoken", true, StyleLayout::Spoken},
    {NotationStyle::Descriptive, "descriptive", "descriptive", true, StyleLayout::Descriptive},
    {NotationStyle::DescriptiveClassic, "descriptive-classic", "descriptive", true, StyleLayout::Descriptive},
    {NotationStyle::Figurine, "figurine", "figurine", false, StyleLayout::Pgn},
    {NotationStyle::Uci, "uci", "UCI", false, StyleLayout::Pgn},
    {NotationStyle::Iccf, "iccf", "ICCF numeric", false, StyleLayout::Pgn},
    {NotationStyle::Null, "", "null", false, StyleLayout::ReadOnly},
};

constexpr const StyleRow& style_row(NotationStyle style) {
  for (const StyleRow& row : kStyleTable)
    if (row.style == style) return row;
  return kStyleTable[0];
}
constexpr std::string_view style_name(NotationStyle style) { return style_row(style).name; }
constexpr StyleLayout style_layout(NotationStyle style) { return style_row(style).layout; }
constexpr bool is_descriptive(NotationStyle style) { return style_layout(style) == StyleLayout::Descriptive; }

// The layouts of the output styles (every one but read-only).
inline constexpr StyleLayout kOutputLayouts[] = {StyleLayout::Pgn, StyleLayout::Spoken, StyleLayout::Descriptive};

// The style names for messages and help, e.g. "san lan long … (after LANG:), figurine uci iccf
// (alone)"; only the styles whose layout is in `layouts`.
std::string style_names(std::span<const StyleLayout> layouts);

}  // namespace planilla
