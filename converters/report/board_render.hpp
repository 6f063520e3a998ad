// A position drawn for people: a Unicode board for terminals and a self-contained SVG (used by
// `planilla show --svg` and the HTML report, which draws the suspect move and suggestions).
#pragma once

#include <string>
#include <vector>

#include "board/position.hpp"

namespace planilla {

struct BoardArrow {
  Square from = Square::None;
  Square to = Square::None;
  enum class Kind : std::uint8_t { Played, Suggested, Candidate } kind = Kind::Played;
};

struct RenderOptions {
  bool flipped = false;  // Black at the bottom
  std::vector<BoardArrow> arrows;
  Square highlight = Square::None;  // e.g. the square a written move pointed at
  int square_size = 40;             // SVG pixels
  // Draw with the page's shared definitions (svg_page_defs(): squares, labels, pieces, arrow
  // head) instead of standalone: a page of many boards carries the drawing of each piece once.
  bool page_defs = false;
};

// Eight lines of figurines with rank and file labels, e.g. "8 ♜♞♝♛♚♝♞♜" … "  a b c d e f g h".
std::string render_text(const Position& pos, const RenderOptions& options = {});
// A standalone <svg> element (no external fonts or images; pieces are Unicode glyphs).
std::string render_svg(const Position& pos, const RenderOptions& options = {});
// The hidden <svg> a page includes once before boards drawn with RenderOptions::page_defs.
std::string svg_page_defs(int square_size = 40);

}  // namespace planilla
