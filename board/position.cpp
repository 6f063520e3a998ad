// Position state: construction and validation, queries, make-move, perft.
// Move generation lives in movegen.cpp.
#include "board/position.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "board/attacks.hpp"
#include "board/bitboard.hpp"
#include "board/zobrist.hpp"

namespace planilla {

namespace {

constexpr PieceType kBackRankOrder[8] = {PieceType::Rook, PieceType::Knight, PieceType::Bishop, PieceType::Queen,
                                         PieceType::King, PieceType::Bishop, PieceType::Knight, PieceType::Rook};

bool is_slider_type(PieceType t) { return t == PieceType::Bishop || t == PieceType::Rook || t == PieceType::Queen; }

}  // namespace

// The reader copies a position per move: keep it small (a one-byte mailbox, no stored key).
static_assert(sizeof(Position) <= 152);

// ---------------------------------------------------------------------------------------------
// Construction

// Built once (the reader makes several per game), by hand rather than through from_setup():
// no attack tables are needed (the start position has no checkers), so this is safe during
// static initialisation.
const Position& Position::start_instance() {
  static const Position start{StartTag{}};
  return start;
}

// A copy of the one start position (delegating to the copy constructor: the members' own
// initialisers are not run first only to be overwritten).
Position::Position() : Position(start_instance()) {}

Position::Position(StartTag) {
  for (int f = 0; f < 8; ++f) {
    put_piece(Piece{Color::White, kBackRankOrder[f]}, square_at(f));
    put_piece(Piece{Color::White, PieceType::Pawn}, square_at(8 + f));
    put_piece(Piece{Color::Black, PieceType::Pawn}, square_at(48 + f));
    put_piece(Piece{Color::Black, kBackRankOrder[f]}, square_at(56 + f));
  }
  castling_rooks_ = bb(Square::A1) | bb(Square::H1) | bb(Square::A8) | bb(Square::H8);
}

Position Position::startpos() { return Position(); }

std::optional<Position> Position::chess960(int number) {
  if (number < 0 || number > 959) return std::nullopt;
  // Scharnagl: light bishop, dark bishop, queen, knights (KRN table), then R K R in the rest.
  std::array<PieceType, 8> rank{};
  rank.fill(PieceType::None);
  int n = number;
  rank[2 * (n % 4) + 1] = PieceType::Bishop;
  n /= 4;
  rank[2 * (n % 4)] = PieceType::Bishop;
  n /= 4;
  auto place_on_nth_empty = [&rank](int nth, PieceType t) {
    for (auto& slot : rank) {
      if (slot != PieceType::None) continue;
      if (nth-- == 0) {
        slot = t;
        return;
      }
    }
  };
  place_on_nth_empty(n % 6, PieceType::Queen);
  n /= 6;
  // The ten ways to put two knights on five empty squares, in Scharnagl's order.
  constexpr int kKnights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  // Place the second knight first so the first one's index still counts the same empties.
  place_on_nth_empty(kKnights[n][1], PieceType::Knight);
  place_on_nth_empty(kKnights[n][0], PieceType::Knight);
  place_on_nth_empty(0, PieceType::Rook);
  place_on_nth_empty(0, PieceType::King);
  place_on_nth_empty(0, PieceType::Rook);

  Setup setup;
  for (int f = 0; f < 8; ++f) {
    setup.board[f] = Piece{Color::White, rank[f]};
    setup.board[8 + f] = Piece{Color::White, PieceType::Pawn};
    setup.board[48 + f] = Piece{Color::Black, PieceType::Pawn};
    setup.board[56 + f] = Piece{Color::Black, rank[f]};
    if (rank[f] == PieceType::Rook) setup.castling_rooks |= bb(square_at(f)) | bb(square_at(56 + f));
  }
  auto pos = from_setup(setup, CastlingMode::Chess960);
  assert(pos.has_value());
  return std::move(pos).value();
}

namespace {

// The one king of colour c on the board, or None when there is not exactly one.
Square single_king(const Setup& setup, Color c) {
  Square found = Square::None;
  for (int s = 0; s < 64; ++s) {
    if (setup.board[s] == Piece{c, PieceType::King}) {
      if (found != Square::None) return Square::None;
      found = square_at(s);
    }
  }
  return found;
}

}  // namespace

// Validates every rule at once; relaxations drop the broken part instead of failing.
Result<Position, PositionError> Position::from_setup(const Setup& setup, CastlingMode mode, Relaxations relax) {
  PositionError error;
  auto fail = [&error](std::uint32_t kind, std::optional<Color> c = std::nullopt) {
    error.kinds |= kind;
    if (c) (*c == Color::White ? error.white_kinds : error.black_kinds) |= kind;
  };

  Position pos;
  pos.by_color_ = {};
  pos.by_type_ = {};
  pos.board_.fill(kEmpty);
  pos.castling_rooks_ = 0;
  pos.mode_ = mode;
  pos.turn_ = setup.turn;
  for (int s = 0; s < 64; ++s)
    if (setup.board[s].type != PieceType::None) pos.put_piece(setup.board[s], square_at(s));

  if (pos.occupied() == 0) fail(kEmptyBoard);
  for (Color c : {Color::White, Color::Black}) {
    const int kings = popcount(pos.pieces(c, PieceType::King));
    if (kings == 0) fail(kMissingKing, c);
    if (kings > 1) fail(kTooManyKings, c);
    if (popcount(pos.pieces(c)) > 16 || popcount(pos.pieces(c, PieceType::Pawn)) > 8) fail(kTooManyPieces, c);
    if ((pos.pieces(c, PieceType::Pawn) & (kRank1 | kRank8)) && !relax.allow_pawns_on_back_rank)
      fail(kPawnsOnBackRank, c);
  }

  // Castling rights: a rook of the right colour on its back rank, the king on the same back
  // rank, at most one right per side of the king; Standard mode also wants the king on e1/e8
  // and the rooks on a/h. (A king on a corner file with a right is unreachable in Chess960, but
  // python-chess and shakmaty accept it and their perft suites count its castling.)
  Bitboard valid_rights = 0;
  for (Color c : {Color::White, Color::Black}) {
    const Bitboard requested = setup.castling_rooks & back_rank(c);
    if (!requested) continue;
    const Square king = single_king(setup, c);
    Bitboard ok = requested & pos.pieces(c, PieceType::Rook);
    if (king == Square::None || !(back_rank(c) & bb(king))) {
      ok = 0;
    } else if (mode == CastlingMode::Standard) {
      ok = file_of(king) == File::E ? ok & (kFileA | kFileH) : 0;
    }
    if (king != Square::None) {
      // Two rights on one side are ambiguous: keep the outermost rook (what KQkq would mean).
      const Bitboard h_side = ok & ~((bb(king) << 1) - 1);
      const Bitboard a_side = ok & ((bb(king)) - 1);
      ok = (h_side ? bb(msb(h_side)) : 0) | (a_side ? bb(lsb(a_side)) : 0);
    }
    if (ok != requested && !relax.ignore_invalid_castling) fail(kInvalidCastlingRights, c);
    valid_rights |= ok;
  }
  if (setup.castling_rooks & ~(kRank1 | kRank8) && !relax.ignore_invalid_castling) fail(kInvalidCastlingRights);
  pos.castling_rooks_ = valid_rights;

  // E.p. square: on the side to move's 6th rank, empty, with the enemy pawn in front of it
  // and an empty square behind it (where the pawn came from).
  Square ep = setup.ep_square;
  Square pushed = Square::None;
  if (ep != Square::None) {
    const Color them = ~setup.turn;
    bool ok = relative_rank(setup.turn, rank_of(ep)) == Rank::R6;
    if (ok) {
      pushed = square_at(index_of(ep) - forward_delta(setup.turn));
      const Square origin = square_at(index_of(ep) + forward_delta(setup.turn));
      ok = pos.piece_at(pushed) == Piece{them, PieceType::Pawn} && pos.piece_at(ep).type == PieceType::None &&
           pos.piece_at(origin).type == PieceType::None;
    }
    if (!ok) {
      if (!relax.ignore_invalid_ep) fail(kInvalidEpSquare);
      ep = Square::None;
      pushed = Square::None;
    }
  }

  const bool kings_ok = !(error.kinds & (kMissingKing | kTooManyKings));
  if (kings_ok) {
    const Color us = setup.turn, them = ~us;
    if (pos.attackers_to(pos.king_square(them), us)) fail(kOppositeCheck);
    const Square ksq = pos.king_square(us);
    const Bitboard checkers = pos.attackers_to(ksq, them);
    bool impossible = false;
    if (popcount(checkers) > 2) {
      impossible = true;
    } else if (popcount(checkers) == 2) {
      // A double check needs a slider uncovered by the moving piece, and the two checkers
      // cannot stand on one line through the king.
      const Square a = lsb(checkers), b = msb(checkers);
      impossible =
          aligned(a, b, ksq) || (!is_slider_type(pos.piece_at(a).type) && !is_slider_type(pos.piece_at(b).type));
    }
    if (!impossible && ep != Square::None) {
      // The last move was the double push: every checker must be that pawn or a slider it
      // uncovered by leaving its origin square.
      const Square origin = square_at(index_of(ep) + forward_delta(us));
      for (Bitboard b = checkers; b && !impossible;) {
        const Square c = pop_lsb(b);
        impossible = c != pushed && !(between(c, ksq) & bb(origin));
      }
    }
    if (impossible && !relax.allow_impossible_check) fail(kImpossibleCheck);
  }

  if (error.kinds) return Unexpected{error};

  pos.halfmove_clock_ = static_cast<std::uint16_t>(std::clamp(setup.halfmove_clock, 0, 65535));
  pos.fullmove_number_ = static_cast<std::uint16_t>(std::clamp(setup.fullmove_number, 1, 65535));
  pos.finish_setup();
  if (ep != Square::None) pos.set_ep_if_capturable(ep);
  return pos;
}

void Position::finish_setup() {
  ep_square_ = Square::None;
  checkers_ = attackers_to(king_square(turn_), ~turn_);
}

Setup Position::to_setup() const {
  Setup s;
  for (int i = 0; i < 64; ++i) s.board[i] = unpack(board_[i]);
  s.turn = turn_;
  s.castling_rooks = castling_rooks_;
  s.ep_square = ep_square_;
  s.halfmove_clock = halfmove_clock_;
  s.fullmove_number = fullmove_number_;
  return s;
}

std::string PositionError::message() const {
  std::string out;
  auto add = [&out, this](std::uint32_t kind, const char* text) {
    if (!(kinds & kind)) return;
    if (!out.empty()) out += "; ";
    const bool white = white_kinds & kind, black = black_kinds & kind;
    std::string t = text;
    // "{}" in the text is where the colour goes ("missing white king").
    const auto at = t.find("{}");
    if (at != std::string::npos) {
      const char* who = white && black ? "white and black" : white ? "white" : black ? "black" : "";
      t.replace(at, 2, who);
      if (!white && !black) t.erase(at, 1);  // drop the doubled space
    }
    out += t;
  };
  add(kEmptyBoard, "empty board");
  add(kMissingKing, "missing {} king");
  add(kTooManyKings, "more than one {} king");
  add(kTooManyPieces, "too many {} pieces (more than 16, or more than 8 pawns)");
  add(kPawnsOnBackRank, "{} pawn on the first or eighth rank");
  add(kInvalidCastlingRights, "invalid {} castling rights (king or rook not where the right needs it)");
  add(kInvalidEpSquare, "invalid en passant square (no pawn that just moved two squares)");
  add(kOppositeCheck, "the side not to move is in check");
  add(kImpossibleCheck, "impossible check (no legal last move gives these checks)");
  return out;
}

// ---------------------------------------------------------------------------------------------
// Queries

std::uint64_t Position::key() const {
  std::uint64_t key = 0;
  for (Bitboard b = occupied(); b;) {
    const Square s = pop_lsb(b);
    const Piece p = piece_at(s);
    key ^= zobrist::piece(p.color, p.type, s);
  }
  for (Bitboard b = castling_rooks_; b;) key ^= zobrist::castling(pop_lsb(b));
  if (ep_square_ != Square::None) key ^= zobrist::ep_file(file_of(ep_square_));
  if (turn_ == Color::Black) key ^= zobrist::side();
  return key;
}

Square Position::castling_rook(Color c, CastlingSide side) const {
  const Bitboard rooks = castling_rooks_ & back_rank(c);
  if (!rooks) return Square::None;
  const Bitboard king = pieces(c, PieceType::King);
  // Rights exist only while the king stands on its back rank between the rooks.
  const Bitboard a_side = rooks & (king - 1);
  const Bitboard h_side = rooks & ~a_side;
  if (side == CastlingSide::King) return h_side ? lsb(h_side) : Square::None;
  return a_side ? lsb(a_side) : Square::None;
}

PieceType Position::moving_piece(Move m) const {
  if (m.is_null() || m.is_none()) return PieceType::None;
  return type_at(m.from());
}

bool Position::gives_check(Move m) const { return after(m).in_check(); }

bool Position::is_stalemate() const {
  if (checkers_) return false;
  MoveList list;
  legal_moves(list);
  return list.empty();
}

// `c` cannot mate by any sequence of legal moves, with the opponent's help included.
// A lone knight needs an enemy piece other than a queen to block its victim's king; bishops
// on one square colour need an enemy pawn, knight or opposite-coloured bishop to do the same.
bool Position::has_insufficient_material(Color c) const {
  const Bitboard ours = pieces(c);
  const Bitboard theirs = pieces(~c);
  if (ours & (pieces(PieceType::Pawn) | pieces(PieceType::Rook) | pieces(PieceType::Queen))) return false;
  if (ours & pieces(PieceType::Knight)) {
    return popcount(ours) <= 2 && !(theirs & ~pieces(PieceType::King) & ~pieces(PieceType::Queen));
  }
  if (ours & pieces(PieceType::Bishop)) {
    const Bitboard bishops = pieces(PieceType::Bishop);
    const bool one_colour = !(bishops & kDarkSquares) || !(bishops & ~kDarkSquares);
    return one_colour && !pieces(PieceType::Pawn) && !pieces(PieceType::Knight);
  }
  return true;  // a lone king
}

bool Position::has_insufficient_material() const {
  return has_insufficient_material(Color::White) && has_insufficient_material(Color::Black);
}

bool operator==(const Position& a, const Position& b) {
  return a.board_ == b.board_ && a.turn_ == b.turn_ && a.castling_rooks_ == b.castling_rooks_ &&
         a.ep_square_ == b.ep_square_ && a.halfmove_clock_ == b.halfmove_clock_ &&
         a.fullmove_number_ == b.fullmove_number_;
}

// ---------------------------------------------------------------------------------------------
// Make-move

void Position::remove_castling_rights(Bitboard rooks) { castling_rooks_ &= ~rooks; }

bool Position::ep_capture_legal(Square from, Square ep) const {
  const auto& t = attack_tables();
  const Color us = turn_, them = ~us;
  const Square captured = square_at(index_of(ep) - forward_delta(us));
  const Bitboard occ = (occupied() ^ bb(from) ^ bb(captured)) | bb(ep);
  const Square ksq = king_square(us);
  const Bitboard enemy = by_color_[index_of(them)] & ~bb(captured);
  const Bitboard diag = by_type_[index_of(PieceType::Bishop)] | by_type_[index_of(PieceType::Queen)];
  const Bitboard orth = by_type_[index_of(PieceType::Rook)] | by_type_[index_of(PieceType::Queen)];
  return !(enemy & ((t.bishop(ksq, occ) & diag) | (t.rook(ksq, occ) & orth) |
                    (t.knight[index_of(ksq)] & by_type_[index_of(PieceType::Knight)]) |
                    (t.pawn[index_of(us)][index_of(ksq)] & by_type_[index_of(PieceType::Pawn)])));
}

void Position::set_ep_if_capturable(Square ep) {
  Bitboard candidates = pawn_attacks(~turn_, ep) & pieces(turn_, PieceType::Pawn);
  while (candidates) {
    if (ep_capture_legal(pop_lsb(candidates), ep)) {
      ep_square_ = ep;
      return;
    }
  }
}

// Copy-make: mutates this position. Rights, clocks, checkers and the canonical e.p. square are
// all updated here so every Position is complete without a history (the key is derived from
// them: key()). play() (position.hpp) makes a plain move itself and leaves the others here:
// castling, en passant, promotions and the null move (any move would do).
void Position::play_special(Move m) {
  const Color us = turn_, them = ~us;
  ep_square_ = Square::None;
  ++halfmove_clock_;
  Square double_push_ep = Square::None;

  if (m.is_null()) {
    // Passing the turn: nothing moves.
  } else if (m.is_castling()) {
    const Square king_from = m.from(), rook_from = m.to();
    const CastlingSide side = castling_side(m);
    // Remove both before placing both: in Chess960 the squares may overlap.
    remove_piece(king_from);
    remove_piece(rook_from);
    put_piece(Piece{us, PieceType::King}, castling_king_target(us, side));
    put_piece(Piece{us, PieceType::Rook}, castling_rook_target(us, side));
    remove_castling_rights(back_rank(us));
  } else {
    const Square from = m.from(), to = m.to();
    const Piece moving = unpack(board_[index_of(from)]);
    if (m.is_en_passant()) {
      remove_piece(square_at(index_of(to) - forward_delta(us)));
      halfmove_clock_ = 0;
    } else if (board_[index_of(to)] != kEmpty) {
      remove_piece(to);
      remove_castling_rights(bb(to));  // a captured rook loses its right
      halfmove_clock_ = 0;
    }
    remove_piece(from);
    put_piece(m.kind() == MoveKind::Promotion ? Piece{us, m.promotion()} : moving, to);
    if (moving.type == PieceType::Pawn) {
      halfmove_clock_ = 0;
      if ((index_of(from) ^ index_of(to)) == 16) double_push_ep = square_at((index_of(from) + index_of(to)) / 2);
    } else if (moving.type == PieceType::King) {
      remove_castling_rights(back_rank(us));
    } else if (castling_rooks_ & bb(from)) {
      remove_castling_rights(bb(from));
    }
  }

  turn_ = them;
  if (us == Color::Black) ++fullmove_number_;
  checkers_ = attackers_to(king_square(them), us);
  if (double_push_ep != Square::None) set_ep_if_capturable(double_push_ep);
}

// ---------------------------------------------------------------------------------------------
// Perft

namespace {
std::uint64_t perft_bulk(const Position& pos, int depth) {
  MoveList list;
  pos.legal_moves(list);
  if (depth == 1) return list.size();
  std::uint64_t nodes = 0;
  for (Move m : list) {
    Position child = pos;
    child.play(m);
    nodes += perft_bulk(child, depth - 1);
  }
  return nodes;
}

std::uint64_t perft_full(const Position& pos, int depth) {
  if (depth == 0) return 1;
  MoveList list;
  pos.legal_moves(list);
  std::uint64_t nodes = 0;
  for (Move m : list) {
    Position child = pos;
    child.play(m);
    nodes += perft_full(child, depth - 1);
  }
  return nodes;
}
}  // namespace

std::uint64_t perft(const Position& pos, int depth, bool bulk) {
  if (depth <= 0) return 1;
  return bulk ? perft_bulk(pos, depth) : perft_full(pos, depth);
}

}  // namespace planilla
