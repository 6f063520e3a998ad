#include "tests/support/board_fixtures.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "board/fen.hpp"

namespace planilla::test {

Square fixture_square(std::string_view name) {
  return make_square(static_cast<File>(name[0] - 'a'), static_cast<Rank>(name[1] - '1'));
}

Move fixture_move(const Position& pos, std::string_view uci) {
  const Square from = fixture_square(uci.substr(0, 2)), to = fixture_square(uci.substr(2, 2));
  const Piece mover = pos.piece_at(from), target = pos.piece_at(to);
  Move m(from, to);
  if (mover.type == PieceType::King && target.type == PieceType::Rook && target.color == mover.color)
    m = Move(from, to, MoveKind::Castling);
  else if (mover.type == PieceType::Pawn && file_of(from) != file_of(to) && target.type == PieceType::None)
    m = Move(from, to, MoveKind::EnPassant);
  if (uci.size() == 5) {
    const PieceType p = uci[4] == 'q'   ? PieceType::Queen
                        : uci[4] == 'r' ? PieceType::Rook
                        : uci[4] == 'b' ? PieceType::Bishop
                                        : PieceType::Knight;
    m = Move(from, to, MoveKind::Promotion, p);
  }
  if (!pos.is_legal(m)) throw std::invalid_argument("fixture move " + std::string(uci) + " is not legal");
  return m;
}

Position fixture_position(std::string_view text) {
  FenOptions options;
  if (text.starts_with("960 ")) {
    options.force_chess960 = true;
    text.remove_prefix(4);
  }
  const std::size_t moves_at = text.find("moves:");
  const std::string_view fen = text.substr(0, std::min(moves_at, text.size()));
  Position pos = Position::startpos();
  if (!fen.empty()) {
    auto parsed = position_from_fen(fen, options);
    if (!parsed) throw std::invalid_argument("bad fixture FEN " + std::string(fen) + ": " + parsed.error());
    pos = *parsed;
  }
  if (moves_at == std::string_view::npos) return pos;
  std::string_view rest = text.substr(moves_at + 6);
  while (!rest.empty()) {
    while (rest.starts_with(' ')) rest.remove_prefix(1);
    const std::size_t end = std::min(rest.find(' '), rest.size());
    if (end == 0) break;
    pos.play(fixture_move(pos, rest.substr(0, end)));
    rest.remove_prefix(end);
  }
  return pos;
}

}  // namespace planilla::test
