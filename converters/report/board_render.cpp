#include "converters/report/board_render.hpp"

#include <array>
#include <string_view>

namespace planilla {

namespace {

// U+2654..U+265F: white K Q R B N P, then black; PieceType order is P N B R Q K.
std::string_view glyph(Piece p) {
  static constexpr std::array<std::string_view, 6> kWhite = {"♙", "♘", "♗", "♖", "♕", "♔"};
  static constexpr std::array<std::string_view, 6> kBlack = {"♟", "♞", "♝", "♜", "♛", "♚"};
  return p.color == Color::White ? kWhite[index_of(p.type)] : kBlack[index_of(p.type)];
}

// Board coordinates of a square's top-left corner in the SVG, honouring the flip.
std::pair<int, int> corner(Square s, const RenderOptions& o) {
  int file = index_of(file_of(s)), rank = index_of(rank_of(s));
  int col = o.flipped ? 7 - file : file;
  int row = o.flipped ? rank : 7 - rank;
  return {col * o.square_size + o.square_size / 2, row * o.square_size};  // left margin = half a square
}

}  // namespace

std::string render_text(const Position& pos, const RenderOptions& options) {
  std::string out;
  for (int r = 0; r < 8; ++r) {
    int rank = options.flipped ? r : 7 - r;
    out += static_cast<char>('1' + rank);
    out += ' ';
    for (int c = 0; c < 8; ++c) {
      int file = options.flipped ? 7 - c : c;
      Piece p = pos.piece_at(make_square(static_cast<File>(file), static_cast<Rank>(rank)));
      if (p.type == PieceType::None)
        out += ((file + rank) % 2 == 0) ? "·" : " ";  // dark squares dotted: readable without colour
      else out += glyph(p);
      out += ' ';
    }
    out.back() = '\n';
  }
  out += "  ";
  for (int c = 0; c < 8; ++c) {
    out += static_cast<char>('a' + (options.flipped ? 7 - c : c));
    out += c == 7 ? '\n' : ' ';
  }
  return out;
}

namespace {

constexpr std::string_view kPieceIds = "pnbrqk";

std::string piece_id(Piece p) {
  std::string id = "pc-";
  id += p.color == Color::White ? 'w' : 'b';
  id += kPieceIds[index_of(p.type)];
  return id;
}

std::string arrow_colour(BoardArrow::Kind kind) {
  return kind == BoardArrow::Kind::Played ? "#c0392b" : kind == BoardArrow::Kind::Suggested ? "#27ae60" : "#2980b9";
}

// A board that uses svg_page_defs(): the empty board of its orientation, the highlighted square,
// one <use> per piece and the arrows.
std::string render_with_page_defs(const Position& pos, const RenderOptions& options) {
  const int sq = options.square_size;
  const int size = 8 * sq + sq / 2;
  auto num = [](int v) { return std::to_string(v); };
  std::string out = "<svg viewBox=\"0 0 " + num(size) + " " + num(size) + "\" width=\"" + num(size) + "\" height=\"" +
                    num(size) + "\" role=\"img\"><use href=\"#board-" + (options.flipped ? "b" : "w") + "\"/>";
  if (options.highlight != Square::None) {
    auto [x, y] = corner(options.highlight, options);
    out += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(sq) + "\" height=\"" + num(sq) +
           "\" fill=\"#e8c547\"/>";
  }
  for (int i = 0; i < 64; ++i) {
    Square s = square_at(i);
    Piece p = pos.piece_at(s);
    if (p.type == PieceType::None) continue;
    auto [x, y] = corner(s, options);
    out += "<use href=\"#" + piece_id(p) + "\" x=\"" + num(x) + "\" y=\"" + num(y) + "\"/>";
  }
  for (const BoardArrow& a : options.arrows) {
    if (a.from == Square::None || a.to == Square::None) continue;
    auto [x1, y1] = corner(a.from, options);
    auto [x2, y2] = corner(a.to, options);
    out += "<line x1=\"" + num(x1 + sq / 2) + "\" y1=\"" + num(y1 + sq / 2) + "\" x2=\"" + num(x2 + sq / 2) +
           "\" y2=\"" + num(y2 + sq / 2) + "\" stroke=\"" + arrow_colour(a.kind) + "\" class=\"arrow\"/>";
  }
  return out + "</svg>";
}

}  // namespace

std::string svg_page_defs(int sq) {
  auto num = [](int v) { return std::to_string(v); };
  const int margin = sq / 2;
  std::string out = "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>";
  out +=
      "<marker id=\"ah\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" "
      "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"context-stroke\"/></marker>";
  for (int flipped = 0; flipped < 2; ++flipped) {
    RenderOptions o;
    o.square_size = sq;
    o.flipped = flipped == 1;
    out += std::string("<g id=\"board-") + (flipped ? "b" : "w") + "\">";
    for (int i = 0; i < 64; ++i) {
      Square s = square_at(i);
      auto [x, y] = corner(s, o);
      bool dark = (index_of(file_of(s)) + index_of(rank_of(s))) % 2 == 0;
      out += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(sq) + "\" height=\"" + num(sq) +
             "\" fill=\"" + (dark ? "#b58863" : "#f0d9b5") + "\"/>";
    }
    for (int i = 0; i < 8; ++i) {
      int file = o.flipped ? 7 - i : i;
      int rank = o.flipped ? i : 7 - i;
      out += "<text x=\"" + num(margin + i * sq + sq / 2) + "\" y=\"" + num(8 * sq + margin * 3 / 4) +
             "\" font-size=\"" + num(sq / 3) + "\" text-anchor=\"middle\">" +
             std::string(1, static_cast<char>('a' + file)) + "</text>";
      out += "<text x=\"" + num(margin / 2) + "\" y=\"" + num(i * sq + sq / 2 + sq / 8) + "\" font-size=\"" +
             num(sq / 3) + "\" text-anchor=\"middle\">" + std::string(1, static_cast<char>('1' + rank)) + "</text>";
    }
    out += "</g>";
  }
  for (Color c : {Color::White, Color::Black})
    for (int t = 0; t < 6; ++t) {
      Piece p{c, static_cast<PieceType>(t)};
      out += "<symbol id=\"" + piece_id(p) + "\" viewBox=\"0 0 " + num(sq) + " " + num(sq) + "\" width=\"" + num(sq) +
             "\" height=\"" + num(sq) + "\"><text x=\"" + num(sq / 2) + "\" y=\"" + num(sq * 4 / 5) +
             "\" font-size=\"" + num(sq * 4 / 5) + "\" text-anchor=\"middle\">" + std::string(glyph(p)) +
             "</text></symbol>";
    }
  return out + "</defs></svg>";
}

std::string render_svg(const Position& pos, const RenderOptions& options) {
  if (options.page_defs) return render_with_page_defs(pos, options);
  const int sq = options.square_size;
  const int margin = sq / 2;
  const int size = 8 * sq + margin;
  std::string out;
  out.reserve(8192);
  auto num = [](int v) { return std::to_string(v); };
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + num(size) + " " + num(size) + "\" width=\"" +
         num(size) + "\" height=\"" + num(size) + "\" role=\"img\">";
  out +=
      "<defs><marker id=\"ah\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" "
      "markerHeight=\"3\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"context-stroke\"/></marker></defs>";
  for (int i = 0; i < 64; ++i) {
    Square s = square_at(i);
    auto [x, y] = corner(s, options);
    bool dark = (index_of(file_of(s)) + index_of(rank_of(s))) % 2 == 0;
    std::string fill = s == options.highlight ? "#e8c547" : (dark ? "#b58863" : "#f0d9b5");
    out += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(sq) + "\" height=\"" + num(sq) +
           "\" fill=\"" + fill + "\"/>";
    Piece p = pos.piece_at(s);
    if (p.type != PieceType::None) {
      out += "<text x=\"" + num(x + sq / 2) + "\" y=\"" + num(y + sq * 4 / 5) + "\" font-size=\"" + num(sq * 4 / 5) +
             "\" text-anchor=\"middle\">";
      out += glyph(p);
      out += "</text>";
    }
  }
  // File and rank labels in the margins.
  for (int i = 0; i < 8; ++i) {
    int file = options.flipped ? 7 - i : i;
    int rank = options.flipped ? i : 7 - i;
    out += "<text x=\"" + num(margin + i * sq + sq / 2) + "\" y=\"" + num(8 * sq + margin * 3 / 4) + "\" font-size=\"" +
           num(sq / 3) + "\" text-anchor=\"middle\">" + std::string(1, static_cast<char>('a' + file)) + "</text>";
    out += "<text x=\"" + num(margin / 2) + "\" y=\"" + num(i * sq + sq / 2 + sq / 8) + "\" font-size=\"" +
           num(sq / 3) + "\" text-anchor=\"middle\">" + std::string(1, static_cast<char>('1' + rank)) + "</text>";
  }
  for (const BoardArrow& a : options.arrows) {
    if (a.from == Square::None || a.to == Square::None) continue;
    auto [x1, y1] = corner(a.from, options);
    auto [x2, y2] = corner(a.to, options);
    std::string_view colour = a.kind == BoardArrow::Kind::Played      ? "#c0392b"
                              : a.kind == BoardArrow::Kind::Suggested ? "#27ae60"
                                                                      : "#2980b9";
    out += "<line x1=\"" + num(x1 + sq / 2) + "\" y1=\"" + num(y1 + sq / 2) + "\" x2=\"" + num(x2 + sq / 2) +
           "\" y2=\"" + num(y2 + sq / 2) + "\" stroke=\"" + std::string(colour) + "\" stroke-width=\"" + num(sq / 7) +
           "\" stroke-opacity=\"0.8\" marker-end=\"url(#ah)\"/>";
  }
  out += "</svg>";
  return out;
}

}  // namespace planilla
