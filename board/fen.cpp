// FEN / X-FEN / Shredder-FEN: a small hand parser with field-specific messages, and a writer
// whose castling dialect is explicit.
#include "board/fen.hpp"

#include <charconv>
#include <vector>

#include "board/bitboard.hpp"

namespace planilla {

namespace {

constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Unexpected<FenError> fen_error(int field, std::string message) {
  return Unexpected<FenError>{FenError{field, "Invalid FEN: " + std::move(message)}};
}

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    const std::size_t start = i;
    while (i < text.size() && !(text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

std::optional<PieceType> piece_type_from_char(char c) {
  switch (c | 0x20) {  // lower case
    case 'p': return PieceType::Pawn;
    case 'n': return PieceType::Knight;
    case 'b': return PieceType::Bishop;
    case 'r': return PieceType::Rook;
    case 'q': return PieceType::Queen;
    case 'k': return PieceType::King;
    default: return std::nullopt;
  }
}

char piece_char(Piece p) {
  constexpr char kLetters[] = "pnbrqk";
  const char c = kLetters[index_of(p.type)];
  return p.color == Color::White ? static_cast<char>(c - 'a' + 'A') : c;
}

// Built with append: GCC 12 at -O3 warns falsely (-Wrestrict, bug 105329) on "'" + str + "'".
std::string quoted(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out.append(1, '\'').append(s).append(1, '\'');
  return out;
}

// Parses placement field 1 into setup.board.
std::optional<Unexpected<FenError>> parse_placement(std::string_view field, Setup& setup) {
  int rank = 7, file = 0;
  for (char c : field) {
    if (c == '/') {
      if (file != 8)
        return fen_error(1,
                         "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, expected 8");
      if (--rank < 0) return fen_error(1, "board has more than 8 ranks");
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return fen_error(1, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
    } else if (auto type = piece_type_from_char(c)) {
      if (file >= 8) return fen_error(1, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
      setup.board[rank * 8 + file] = Piece{c >= 'a' ? Color::Black : Color::White, *type};
      ++file;
    } else {
      return fen_error(1, "unexpected character " + quoted(std::string(1, c)) +
                              " in piece placement (expected PNBRQK, pnbrqk, 1-8 or '/')");
    }
  }
  if (rank != 0) return fen_error(1, "board has " + std::to_string(8 - rank) + " ranks, expected 8");
  if (file != 8) return fen_error(1, "rank 1 has " + std::to_string(file) + " squares, expected 8");
  return std::nullopt;
}

// The rook square a castling letter stands for. K/Q: the outermost rook of that colour on its
// back rank on the king's h-/a-side (falling back to the h/a corner, which validation then
// rejects if no rook is there); A-H / a-h: the square on that file.
Square castling_square(const Setup& setup, char c) {
  const Color color = (c >= 'a') ? Color::Black : Color::White;
  const int rank = color == Color::White ? 0 : 7;
  const char lower = static_cast<char>(c | 0x20);
  if (lower >= 'a' && lower <= 'h') return square_at(rank * 8 + (lower - 'a'));
  int king_file = -1;
  for (int f = 0; f < 8; ++f)
    if (setup.board[rank * 8 + f] == Piece{color, PieceType::King}) king_file = f;
  const Piece rook{color, PieceType::Rook};
  if (lower == 'k') {
    if (king_file >= 0)
      for (int f = 7; f > king_file; --f)
        if (setup.board[rank * 8 + f] == rook) return square_at(rank * 8 + f);
    return square_at(rank * 8 + 7);
  }
  if (king_file >= 0)
    for (int f = 0; f < king_file; ++f)
      if (setup.board[rank * 8 + f] == rook) return square_at(rank * 8 + f);
  return square_at(rank * 8);
}

std::optional<int> parse_number(std::string_view s) {
  int value = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || ptr != s.data() + s.size() || value < 0 || value > 65535) return std::nullopt;
  return value;
}

}  // namespace

Result<Setup, FenError> parse_fen(std::string_view text) {
  auto fields = split_fields(text);
  if (fields.size() == 1 && fields[0] == "startpos") fields = split_fields(kStartFen);
  if (fields.empty()) return fen_error(0, "empty text");
  if (fields.size() < 2) return fen_error(2, "missing side to move after the piece placement");
  if (fields.size() < 3) return fen_error(3, "missing castling rights field (use '-' for none)");
  if (fields.size() < 4) return fen_error(4, "missing en passant field (use '-' for none)");
  if (fields.size() > 6) return fen_error(0, "unexpected text after the fullmove number: " + quoted(fields[6]));

  Setup setup;
  if (auto err = parse_placement(fields[0], setup)) return *err;

  if (fields[1] == "w") {
    setup.turn = Color::White;
  } else if (fields[1] == "b") {
    setup.turn = Color::Black;
  } else {
    return fen_error(2, "side to move must be 'w' or 'b', got " + quoted(fields[1]));
  }

  if (fields[2] != "-") {
    for (char c : fields[2]) {
      const char lower = static_cast<char>(c | 0x20);
      if (!(lower == 'k' || lower == 'q' || (lower >= 'a' && lower <= 'h')))
        return fen_error(3, "castling rights must be '-' or letters from KQkq, A-H or a-h, got " + quoted(fields[2]));
      setup.castling_rooks |= bb(castling_square(setup, c));
    }
  }

  if (fields[3] != "-") {
    const auto ep = fields[3];
    if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
      return fen_error(4, "en passant square must be '-' or a square such as e3, got " + quoted(ep));
    setup.ep_square = make_square(static_cast<File>(ep[0] - 'a'), static_cast<Rank>(ep[1] - '1'));
  }

  if (fields.size() > 4) {
    auto n = parse_number(fields[4]);
    if (!n) return fen_error(5, "halfmove clock must be a number from 0 to 65535, got " + quoted(fields[4]));
    setup.halfmove_clock = *n;
  }
  if (fields.size() > 5) {
    auto n = parse_number(fields[5]);
    if (!n) return fen_error(6, "fullmove number must be a number from 1 to 65535, got " + quoted(fields[5]));
    setup.fullmove_number = *n == 0 ? 1 : *n;  // some writers emit 0; the game starts at move 1
  }
  return setup;
}

bool needs_chess960(const Setup& setup) {
  for (Color c : {Color::White, Color::Black}) {
    const Bitboard rights = setup.castling_rooks & back_rank(c);
    if (!rights) continue;
    if (rights & ~(kFileA | kFileH)) return true;
    const Square e = relative_square(c, Square::E1);
    if (setup.board[index_of(e)] != Piece{c, PieceType::King}) return true;
  }
  return false;
}

Result<Position, std::string> position_from_fen(std::string_view text, FenOptions options) {
  auto setup = parse_fen(text);
  if (!setup) return Unexpected{setup.error().message};
  const CastlingMode mode =
      options.force_chess960 || needs_chess960(*setup) ? CastlingMode::Chess960 : CastlingMode::Standard;
  auto pos = Position::from_setup(*setup, mode, options.relax);
  if (!pos) return Unexpected{"Invalid position: " + pos.error().message()};
  return std::move(pos).value();
}

std::string write_fen(const Position& pos, FenDialect dialect) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.piece_at(square_at(rank * 8 + file));
      if (p.type == PieceType::None) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += piece_char(p);
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  out += pos.side_to_move() == Color::White ? " w " : " b ";

  const std::size_t castling_start = out.size();
  for (Color c : {Color::White, Color::Black}) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      const Square rook = pos.castling_rook(c, side);
      if (rook == Square::None) continue;
      char letter = file_char(file_of(rook));
      if (dialect == FenDialect::XFen) {
        // KQkq when no other rook of this colour stands further out on that side.
        const Bitboard own_rooks = pos.pieces(c, PieceType::Rook) & back_rank(c);
        const Bitboard beyond =
            side == CastlingSide::King ? own_rooks & ~((bb(rook) << 1) - 1) : own_rooks & (bb(rook) - 1);
        if (!beyond) letter = side == CastlingSide::King ? 'k' : 'q';
      }
      out += c == Color::White ? static_cast<char>(letter - 'a' + 'A') : letter;
    }
  }
  if (out.size() == castling_start) out += '-';

  out += ' ';
  if (pos.ep_square() == Square::None) {
    out += '-';
  } else {
    out += file_char(file_of(pos.ep_square()));
    out += rank_char(rank_of(pos.ep_square()));
  }
  out += ' ';
  out += std::to_string(pos.halfmove_clock());
  out += ' ';
  out += std::to_string(pos.fullmove_number());
  return out;
}

}  // namespace planilla
