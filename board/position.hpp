// Position: the board, side to move, castling rights (as rook squares), en passant square and
// clocks; legal move generation and make-move (copy-make: play() mutates, callers copy when they
// need the old position, or play_from() writes the new one from the old). The Zobrist key is
// computed when asked for, not kept up to date: the notation tool reads games and plays every
// move once, and only repetition counting (GameHistory) reads keys, so keeping one per move was
// work for no reader.
//
// Construction is two-stage (see fen.hpp): text → Setup (plain fields, no invariants) →
// Position::from_setup(), which validates and reports every broken rule at once.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "board/attacks.hpp"
#include "board/bitboard.hpp"
#include "board/move.hpp"
#include "board/result.hpp"
#include "board/types.hpp"

namespace planilla {

// A fixed-capacity list: no allocation on the hot path. 218 is the known maximum of legal moves
// in a reachable position, but from_setup() accepts unreachable ones too (up to 15 queens and a
// king per side); no piece has more than 27 moves, so 15 * 27 + 10 = 415 < kCapacity bounds every
// position from_setup() accepts.
class MoveList {
 public:
  static constexpr std::size_t kCapacity = 512;
  // The storage is deliberately left uninitialised: zeroing 1 KB per generated list would slow
  // perft measurably (bench/RESULTS.md). Only moves_[0, size_) is ever read.
  MoveList() {}  // NOLINT: not = default, which would value-initialise every slot
  void push_back(Move m) { moves_[size_++] = m; }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  union {
    Move moves_[kCapacity];
  };
  std::size_t size_ = 0;
};

// How castling rights are interpreted and written. Standard: KQkq refer to the a/h rooks with
// the king on e1/e8. Chess960: rights are any back-rank rook squares.
enum class CastlingMode : std::uint8_t { Standard, Chess960 };

// Plain, unvalidated position fields, as read from FEN (public fields, no invariants).
struct Setup {
  std::array<Piece, 64> board{};  // Piece{.type = None} for empty squares
  Color turn = Color::White;
  Bitboard castling_rooks = 0;  // squares of rooks that keep a castling right (both colours)
  Square ep_square = Square::None;
  int halfmove_clock = 0;
  int fullmove_number = 1;
  friend bool operator==(const Setup&, const Setup&) = default;
};

// Every rule a Setup can break; PositionError::kinds is a bitmask of all that failed.
enum PositionErrorKind : std::uint32_t {
  kEmptyBoard = 1u << 0,
  kMissingKing = 1u << 1,
  kTooManyKings = 1u << 2,
  kPawnsOnBackRank = 1u << 3,
  kInvalidCastlingRights = 1u << 4,  // a right whose king or rook is not where it must be
  kInvalidEpSquare = 1u << 5,        // e.p. square not behind a pawn that just moved two squares
  kOppositeCheck = 1u << 6,          // the side NOT to move is in check
  kImpossibleCheck = 1u << 7,        // more checkers than any legal move can produce
  kTooManyPieces = 1u << 8,          // more than 16 pieces of a colour or more than 8 pawns
};

struct PositionError {
  std::uint32_t kinds = 0;
  // Which colour broke a rule, where a rule is about one colour (missing king, too many pieces,
  // castling rights, pawns on the back rank): the same bits as `kinds`, per colour.
  std::uint32_t white_kinds = 0;
  std::uint32_t black_kinds = 0;
  // One readable sentence naming every failed rule, e.g. "missing white king; pawn on back rank".
  std::string message() const;
};

// Opt-in relaxations for lenient imports: the broken part is dropped instead of failing.
struct Relaxations {
  bool ignore_invalid_castling = false;  // drop rights that cannot hold
  bool ignore_invalid_ep = false;        // drop an e.p. square that cannot hold
  bool allow_pawns_on_back_rank = false;
  // Accept checks no legal last move could have given (three checkers, two knights, a check
  // inconsistent with the e.p. square, ...). Move generation stays correct for them; test suites
  // such as shakmaty's perft files contain such positions on purpose.
  bool allow_impossible_check = false;
};

namespace detail {
constexpr std::uint8_t pack_piece(Piece p) {
  return static_cast<std::uint8_t>(index_of(p.type) | index_of(p.color) << 3);
}
constexpr std::uint8_t kEmptySquare = pack_piece(Piece{});
constexpr std::array<std::uint8_t, 64> kEmptyBoard = [] {
  std::array<std::uint8_t, 64> b{};
  b.fill(kEmptySquare);
  return b;
}();
}  // namespace detail

class Position {
 public:
  // The standard start position (so a default-constructed Position is always valid).
  Position();
  static Position startpos();
  // Chess960 start position by Scharnagl number 0..959 (518 is the standard array); nullopt
  // outside that range.
  static std::optional<Position> chess960(int number);
  // Validates `setup` and returns the position or every broken rule at once. With
  // CastlingMode::Standard a castling right is only valid for a king on e1/e8 and a rook on
  // a/h; Chess960 accepts any back-rank rook on either side of the king.
  static Result<Position, PositionError> from_setup(const Setup& setup, CastlingMode mode, Relaxations relax = {});
  Setup to_setup() const;

  // Board queries.
  Piece piece_at(Square s) const;  // type None when empty
  Bitboard pieces(Color c) const;
  Bitboard pieces(Color c, PieceType t) const;
  Bitboard pieces(PieceType t) const;  // both colours
  Bitboard occupied() const;
  Square king_square(Color c) const;
  Color side_to_move() const;
  CastlingMode castling_mode() const;
  bool is_chess960() const { return castling_mode() == CastlingMode::Chess960; }
  // Square of the rook that holds `c`'s right to castle on `side`, or Square::None.
  Square castling_rook(Color c, CastlingSide side) const;
  Bitboard castling_rooks() const;  // all rook squares that hold a right
  // The e.p. target square, only when an en passant capture is legal (canonical FEN form).
  Square ep_square() const;
  int halfmove_clock() const;
  int fullmove_number() const;
  // Zobrist hash of the position (zobrist.hpp), computed from the board on each call.
  std::uint64_t key() const;

  // Check state.
  bool in_check() const;
  Bitboard checkers() const;
  // Pieces of colour `by` that attack `s` given the current occupancy.
  Bitboard attackers_to(Square s, Color by) const;

  // Legal move generation; both forms replace the contents of `out`. The filtered form serves
  // the resolver: it generates only moves of the piece types in `types` (bit i = PieceType i)
  // from squares in `from_mask` to squares in `to_mask` (for castling, to_mask is tested against
  // the rook square), with no full list.
  void legal_moves(MoveList& out) const;
  void legal_moves(MoveList& out, unsigned types, Bitboard from_mask, Bitboard to_mask) const;
  MoveList legal_moves() const;
  // The legal moves of a `type` piece from a square of `from_mask` to `to`, castling left out:
  // the same moves as legal_moves(out, 1 << type, from_mask, bb(to)) without castling, found
  // from the target backwards (the reader's question for every move of a game: which piece of
  // this kind can go there?).
  void moves_to(MoveList& out, PieceType type, Bitboard from_mask, Square to) const;
  // The legal castling move on `side`, or nullopt.
  std::optional<Move> castling_move(CastlingSide side) const;
  bool is_legal(Move m) const;     // m need not be pseudo-legal
  bool gives_check(Move m) const;  // m must be legal
  bool is_capture(Move m) const;   // en passant counts; castling does not
  PieceType moving_piece(Move m) const;

  // Plays a legal move (precondition: is_legal(m)). Move::null() passes the turn.
  void play(Move m);
  // *this becomes `before` with `m` played (before.is_legal(m)): `*this = before; play(m)`, but
  // a plain move's position is written from `before`'s fields, not read back from a copy just
  // stored. `before` must not be *this.
  void play_from(const Position& before, Move m);
  Position after(Move m) const {
    Position p = *this;
    p.play(m);
    return p;
  }

  // Terminal and draw conditions that depend on this position alone.
  bool is_checkmate() const;
  bool is_stalemate() const;
  // Neither side can mate by any series of legal moves (K v K, K+minor v K, bishops of one
  // colour only): FIDE 5.2.2 dead position for these material cases.
  bool has_insufficient_material() const;
  bool has_insufficient_material(Color c) const;  // `c` alone cannot mate

  // Equal board, side to move, castling rights, e.p. square (canonical) and clocks. The castling
  // mode is not compared: it only says how rights are read and written.
  friend bool operator==(const Position& a, const Position& b);

 private:
  struct StartTag {};
  explicit Position(StartTag);  // the start position, built piece by piece
  static const Position& start_instance();
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void remove_castling_rights(Bitboard rooks);
  // play() and play_from(): a plain move inline, with `before` copied first when kCopy.
  template <bool kCopy>
  void make_move(const Position& before, Move m);
  // play() for castling, en passant, promotions and the null move (out of line: rare).
  void play_special(Move m);
  Bitboard attackers_to(Square s, Color by, Bitboard occupied) const;
  // May the side to move, not in check, with its king on `ksq`, castle with the rook on `rook`
  // on `side`? (The right is the caller's to have checked.)
  bool castling_clear(Square ksq, Square rook, CastlingSide side) const;
  // Is the e.p. capture from `from` legal for the side to move (ep_square_ not yet required)?
  bool ep_capture_legal(Square from, Square ep) const;
  // After a double push over `ep`: keep the e.p. square only if a legal capture exists.
  void set_ep_if_capturable(Square ep);
  void finish_setup();  // recomputes checkers_ from the board
  static constexpr std::uint8_t pack(Piece p) { return detail::pack_piece(p); }
  static constexpr Piece unpack(std::uint8_t b) {
    return Piece{static_cast<Color>(b >> 3), static_cast<PieceType>(b & 7)};
  }
  static constexpr std::uint8_t kEmpty = detail::kEmptySquare;
  PieceType type_at(Square s) const { return static_cast<PieceType>(board_[index_of(s)] & 7); }

  // Layout is the implementation's business; keep it small (copy-make is the playing model).
  std::array<Bitboard, 2> by_color_{};
  std::array<Bitboard, kPieceTypes> by_type_{};
  // The mailbox, one byte a square (type | colour << 3; an empty square is Piece{}'s byte): a
  // byte rather than a Piece keeps the position small, and the reader copies one per move.
  std::array<std::uint8_t, 64> board_ = detail::kEmptyBoard;
  Bitboard castling_rooks_ = 0;
  Bitboard checkers_ = 0;
  Square ep_square_ = Square::None;
  Color turn_ = Color::White;
  CastlingMode mode_ = CastlingMode::Standard;
  std::uint16_t halfmove_clock_ = 0;
  std::uint16_t fullmove_number_ = 1;
};

// Bulk-counted perft: leaf nodes at `depth`. With bulk=false every leaf is made (slower, and
// checks make-move too).
std::uint64_t perft(const Position& pos, int depth, bool bulk = true);

// The queries and board updates every move makes, defined here so that they inline into the
// reader, the resolver and the writer (in position.cpp each was a call).
inline Piece Position::piece_at(Square s) const { return unpack(board_[index_of(s)]); }
inline Bitboard Position::pieces(Color c) const { return by_color_[index_of(c)]; }
inline Bitboard Position::pieces(Color c, PieceType t) const { return by_color_[index_of(c)] & by_type_[index_of(t)]; }
inline Bitboard Position::pieces(PieceType t) const { return by_type_[index_of(t)]; }
inline Bitboard Position::occupied() const { return by_color_[0] | by_color_[1]; }
inline Square Position::king_square(Color c) const { return lsb(pieces(c, PieceType::King)); }
inline Color Position::side_to_move() const { return turn_; }
inline CastlingMode Position::castling_mode() const { return mode_; }
inline Bitboard Position::castling_rooks() const { return castling_rooks_; }
inline Square Position::ep_square() const { return ep_square_; }
inline int Position::halfmove_clock() const { return halfmove_clock_; }
inline int Position::fullmove_number() const { return fullmove_number_; }
inline bool Position::in_check() const { return checkers_ != 0; }
inline bool Position::is_capture(Move m) const {
  if (m.is_en_passant()) return true;
  if (m.is_castling() || m.is_null() || m.is_none()) return false;
  return board_[index_of(m.to())] != kEmpty;
}
inline Bitboard Position::checkers() const { return checkers_; }

inline Bitboard Position::attackers_to(Square s, Color by, Bitboard occupied) const {
  const auto& t = attack_tables();
  const Bitboard them = by_color_[index_of(by)];
  const int i = index_of(s);
  return them &
         ((t.pawn[index_of(~by)][i] & by_type_[index_of(PieceType::Pawn)]) |
          (t.knight[i] & by_type_[index_of(PieceType::Knight)]) | (t.king[i] & by_type_[index_of(PieceType::King)]) |
          (t.bishop(s, occupied) & (by_type_[index_of(PieceType::Bishop)] | by_type_[index_of(PieceType::Queen)])) |
          (t.rook(s, occupied) & (by_type_[index_of(PieceType::Rook)] | by_type_[index_of(PieceType::Queen)])));
}
inline Bitboard Position::attackers_to(Square s, Color by) const { return attackers_to(s, by, occupied()); }

inline void Position::put_piece(Piece p, Square s) {
  const Bitboard b = bb(s);
  by_color_[index_of(p.color)] |= b;
  by_type_[index_of(p.type)] |= b;
  board_[index_of(s)] = pack(p);
}

// Nearly every move of a game is one piece from one square to another, perhaps taking one: that
// case is inline, with both bits of each board flipped at once (remove_piece() and put_piece()
// unpack and pack a mailbox byte each). Out of line, through them, play() was 175 instructions a
// move of `check`; this made `check` 2.6 % fewer instructions and 5 % less CPU (bench/RESULTS.md).
// play() makes the move in place (make_move<false>, `before` is *this); play_from() writes it
// from another position (make_move<true>): the reader's copy-make, where a copy and a play() on
// it read back bytes the copy had just stored and the loads waited on the stores (4 % of
// `check`'s time on master.pgn, bench/RESULTS.md).
template <bool kCopy>
[[gnu::always_inline]] inline void Position::make_move(const Position& before, Move m) {
  if (m.kind() != MoveKind::Normal || m.is_null()) [[unlikely]] {
    if constexpr (kCopy) *this = before;
    play_special(m);
    return;
  }
  const Color us = before.turn_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Bitboard from_to = bb(from) | bb(to);
  const std::uint8_t moving = before.board_[index_of(from)], taken = before.board_[index_of(to)];
  const auto type = static_cast<PieceType>(moving & 7);
  if constexpr (kCopy) {
    board_ = before.board_;
    by_color_ = before.by_color_;
    by_type_ = before.by_type_;
  }
  board_[index_of(to)] = moving;
  board_[index_of(from)] = kEmpty;
  by_color_[index_of(us)] ^= from_to;
  by_type_[index_of(type)] ^= from_to;
  halfmove_clock_ = static_cast<std::uint16_t>(before.halfmove_clock_ + 1);
  if (taken != kEmpty) {
    by_color_[index_of(them)] ^= bb(to);
    by_type_[taken & 7] ^= bb(to);
    halfmove_clock_ = 0;
  }
  // A rook that moves or is taken loses its right; a king that moves loses both.
  castling_rooks_ = before.castling_rooks_ & ~(from_to | (type == PieceType::King ? back_rank(us) : 0));
  ep_square_ = Square::None;
  turn_ = them;
  mode_ = before.mode_;
  fullmove_number_ = static_cast<std::uint16_t>(before.fullmove_number_ + (us == Color::Black ? 1 : 0));
  checkers_ = attackers_to(king_square(them), us);
  if (type == PieceType::Pawn) {
    halfmove_clock_ = 0;
    if ((index_of(from) ^ index_of(to)) == 16) set_ep_if_capturable(square_at((index_of(from) + index_of(to)) / 2));
  }
}

inline void Position::play(Move m) { make_move<false>(*this, m); }
inline void Position::play_from(const Position& before, Move m) { make_move<true>(before, m); }

inline void Position::remove_piece(Square s) {
  const Piece p = unpack(board_[index_of(s)]);
  const Bitboard b = bb(s);
  by_color_[index_of(p.color)] ^= b;
  by_type_[index_of(p.type)] ^= b;
  board_[index_of(s)] = kEmpty;
}

}  // namespace planilla
