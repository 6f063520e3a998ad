// resolve(): a WrittenMove on a Position → exactly one legal Move, or why not.
//
// The hot path (about nine million calls on the benchmark) is: one filtered generator call
// (piece type × origin hints × target), a few bit tests, gives_check() for the check mark, and
// mate detection only for checking moves. Nothing allocates unless a warning or an error is
// produced: every message is built on that path only.
//
// Reading rules beyond the header (decided here, tested in tests/unit/notation_resolve.cpp):
//  - Capture marks are checked in San and Lan (missing and spurious); in Long only a spurious
//    mark is reported (FIDE C.9: `x` may be omitted); Uci and Iccf have no capture marks.
//  - Check marks are checked in every style; in Uci and Iccf only when one was written.
//  - Castling from squares: `e1g1`/`e1c1` (standard chess) and king-takes-own-rook (any mode)
//    are canonical in Uci and Iccf and warned (W-KING-MOVE-CASTLING) in Lan/Long/San forms,
//    whose canonical castling is O-O. In Chess960 a king move onto its castling square is the
//    plain king move when that is legal (W-UCI-CASTLING when castling was legal too); otherwise
//    castling, canonical in Iccf (write.cpp's convention) and warned elsewhere.
//  - A lower-case piece letter that is also a file (English `b`, Spanish `c`) is a file first:
//    `bc4` and `bxc4` are the pawn capture from the b-file (`bc4` with W-CAPTURE-MISSING), and
//    are read as a bishop move (W-PIECE-CASE) only when no pawn can make them.
#include "notation/resolve.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <string>

#include "notation/write.hpp"

namespace planilla {
namespace {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard file_mask(File f) { return kFileA << index_of(f); }
constexpr Bitboard rank_mask(Rank r) { return Bitboard{0xFF} << (8 * index_of(r)); }
constexpr unsigned type_bit(PieceType t) { return 1u << index_of(t); }

// The file whose letter is `t`'s one-letter piece letter in lower case (English bishop → b).
std::optional<File> letter_file(const Language& lang, PieceType t) {
  const std::string_view letter = lang.letters[index_of(t)];
  if (letter.size() != 1) return std::nullopt;
  const char lower = static_cast<char>(letter[0] | 0x20);
  if (letter[0] < 'A' || letter[0] > 'Z' || lower < 'a' || lower > 'h') return std::nullopt;
  return static_cast<File>(lower - 'a');
}

// The piece (not pawn) whose letter is file `f` written in lower case, or None.
PieceType file_piece(const Language& lang, File f) {
  for (PieceType t : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King})
    if (letter_file(lang, t) == f) return t;
  return PieceType::None;
}

bool is_coordinate_style(NotationStyle s) { return s == NotationStyle::Uci || s == NotationStyle::Iccf; }

std::string_view piece_word(PieceType t) {
  switch (t) {
    case PieceType::Pawn: return "pawn";
    case PieceType::Knight: return "knight";
    case PieceType::Bishop: return "bishop";
    case PieceType::Rook: return "rook";
    case PieceType::Queen: return "queen";
    case PieceType::King: return "king";
    case PieceType::None: break;
  }
  return "piece";
}

std::string_view color_word(Color c) { return c == Color::White ? "white" : "black"; }
std::string_view side_name(Color c) { return c == Color::White ? "White" : "Black"; }

void append_square(std::string& out, Square s) {
  out += file_char(file_of(s));
  out += rank_char(rank_of(s));
}

std::string square_name(Square s) {
  std::string out;
  append_square(out, s);
  return out;
}

// "c3", "c3 and e3", "b1, c3 and e3".
std::string square_list(Bitboard squares) {
  std::string out;
  const int n = std::popcount(squares);
  int i = 0;
  while (squares != 0) {
    const Square s = square_at(std::countr_zero(squares));
    squares &= squares - 1;
    if (i > 0) out += (i == n - 1) ? " and " : ", ";
    append_square(out, s);
    ++i;
  }
  return out;
}

// The written move, re-spelled approximately as written, for messages ("Nd7", "e8", "f8g8").
std::string describe(const WrittenMove& w, const Language& lang) {
  std::string s;
  if (w.style == NotationStyle::Null) return "--";
  if (w.castle) {
    s = *w.castle == CastlingSide::King ? "O-O" : "O-O-O";
  } else if (w.style == NotationStyle::Iccf) {
    if (w.from_file) s += static_cast<char>('1' + index_of(*w.from_file));
    if (w.from_rank) s += static_cast<char>('1' + index_of(*w.from_rank));
    if (w.to_file) s += static_cast<char>('1' + index_of(*w.to_file));
    if (w.to_rank) s += static_cast<char>('1' + index_of(*w.to_rank));
    switch (w.promotion) {
      case PieceType::Queen: s += '1'; break;
      case PieceType::Rook: s += '2'; break;
      case PieceType::Bishop: s += '3'; break;
      case PieceType::Knight: s += '4'; break;
      case PieceType::Pawn:
      case PieceType::King:
      case PieceType::None: break;
    }
    return s;
  } else {
    if (w.piece != PieceType::None && (w.piece != PieceType::Pawn || w.pawn_letter_written)) {
      std::string_view letter = lang.letters[index_of(w.piece)];
      if (letter.empty()) letter = english().letters[index_of(w.piece)];
      for (char ch : letter)
        s += (w.piece_lowercase && ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
    }
    if (w.from_file && !w.also_pawn_capture) s += file_char(*w.from_file);
    if (w.from_rank) s += rank_char(*w.from_rank);
    if (w.capture) s += 'x';
    else if (w.style == NotationStyle::Lan && w.has_full_origin()) s += '-';
    if (w.to_file) s += file_char(*w.to_file);
    if (w.to_rank) s += rank_char(*w.to_rank);
    if (w.promotion != PieceType::None) {
      if (w.style == NotationStyle::Uci) {
        s += static_cast<char>(english().letters[index_of(w.promotion)][0] - 'A' + 'a');
      } else {
        s += '=';
        s += lang.letters[index_of(w.promotion)];
      }
    }
  }
  switch (w.check) {
    case CheckMark::None: break;
    case CheckMark::Check: s += '+'; break;
    case CheckMark::DoubleCheck: s += "++"; break;
    case CheckMark::Mate: s += '#'; break;
  }
  if (w.en_passant_mark) s += " e.p.";
  return s;
}

// --- Geometry for error messages ---------------------------------------------------------
// The board answers "which moves are legal"; to say WHY a written move is not, we look at the
// pieces ourselves: could the piece get there at all (geometry), and what would attack the king
// if it did. This runs on the error path only.

using Mailbox = std::array<Piece, 64>;

Mailbox mailbox_of(const Position& pos) {
  Mailbox b{};
  for (int i = 0; i < 64; ++i) b[i] = pos.piece_at(square_at(i));
  return b;
}

constexpr bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }
constexpr int at(int f, int r) { return r * 8 + f; }

constexpr std::array<std::array<int, 2>, 8> kKnightSteps = {
    {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
constexpr std::array<std::array<int, 2>, 8> kKingSteps = {
    {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};

bool attacked(const Mailbox& b, Square s, Color by) {
  const int f = index_of(file_of(s));
  const int r = index_of(rank_of(s));
  const int pawn_rank = by == Color::White ? r - 1 : r + 1;
  for (int df : {-1, 1})
    if (on_board(f + df, pawn_rank) && b[at(f + df, pawn_rank)] == Piece{by, PieceType::Pawn}) return true;
  for (auto [df, dr] : kKnightSteps)
    if (on_board(f + df, r + dr) && b[at(f + df, r + dr)] == Piece{by, PieceType::Knight}) return true;
  for (auto [df, dr] : kKingSteps)
    if (on_board(f + df, r + dr) && b[at(f + df, r + dr)] == Piece{by, PieceType::King}) return true;
  for (auto [df, dr] : kKingSteps) {
    const bool diagonal = df != 0 && dr != 0;
    for (int x = f + df, y = r + dr; on_board(x, y); x += df, y += dr) {
      const Piece p = b[at(x, y)];
      if (p.type == PieceType::None) continue;
      if (p.color == by && (p.type == PieceType::Queen || p.type == (diagonal ? PieceType::Bishop : PieceType::Rook)))
        return true;
      break;
    }
  }
  return false;
}

// Could a `t` of colour `us` on `from` move to `to` if pins and checks did not matter?
bool can_reach(const Mailbox& b, Square from, Square to, PieceType t, Color us, Square ep) {
  const int f0 = index_of(file_of(from)), r0 = index_of(rank_of(from));
  const int f1 = index_of(file_of(to)), r1 = index_of(rank_of(to));
  const int df = f1 - f0, dr = r1 - r0;
  const Piece target = b[index_of(to)];
  if (from == to || (target.type != PieceType::None && target.color == us)) return false;
  const auto slide = [&](bool diagonal) {
    if (diagonal ? (df == 0 || df * df != dr * dr) : (df != 0 && dr != 0)) return false;
    const int sx = (df > 0) - (df < 0), sy = (dr > 0) - (dr < 0);
    for (int x = f0 + sx, y = r0 + sy; x != f1 || y != r1; x += sx, y += sy)
      if (b[at(x, y)].type != PieceType::None) return false;
    return true;
  };
  switch (t) {
    case PieceType::Pawn: {
      const int forward = us == Color::White ? 1 : -1;
      if (df == 0) {
        if (target.type != PieceType::None) return false;
        if (dr == forward) return true;
        const int start = us == Color::White ? 1 : 6;
        return dr == 2 * forward && r0 == start && b[at(f0, r0 + forward)].type == PieceType::None;
      }
      return (df == 1 || df == -1) && dr == forward && (target.type != PieceType::None || to == ep);
    }
    case PieceType::Knight: return (df * df + dr * dr) == 5;
    case PieceType::Bishop: return slide(true);
    case PieceType::Rook: return slide(false);
    case PieceType::Queen: return slide(true) || slide(false);
    case PieceType::King: return df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
    case PieceType::None: break;
  }
  return false;
}

// Would the mover's king be attacked after from→to (en passant removes the passed pawn)?
bool exposes_king(Mailbox b, Square from, Square to, Color us, Square ep) {
  const Piece mover = b[index_of(from)];
  if (mover.type == PieceType::Pawn && to == ep && b[index_of(to)].type == PieceType::None)
    b[index_of(make_square(file_of(to), rank_of(from)))] = Piece{};
  b[index_of(to)] = mover;
  b[index_of(from)] = Piece{};
  Square king = Square::None;
  for (int i = 0; i < 64; ++i)
    if (b[i] == Piece{us, PieceType::King}) king = square_at(i);
  return king != Square::None && attacked(b, king, ~us);
}

// Squares from a to b on one rank, both included.
Bitboard rank_span(Square a, Square b) {
  const int lo = std::min(index_of(a), index_of(b)), hi = std::max(index_of(a), index_of(b));
  Bitboard out = 0;
  for (int i = lo; i <= hi; ++i) out |= Bitboard{1} << i;
  return out;
}

// Why castling on `side` is not legal, in words (the board only says that it is not).
std::string castling_failure(const Position& pos, CastlingSide side) {
  const Color us = pos.side_to_move();
  const Square rook = pos.castling_rook(us, side);
  if (rook == Square::None) return "no castling right (the king or that rook has moved)";
  if (pos.in_check()) return "the king is in check";
  const Square king = pos.king_square(us);
  const Square king_to = castling_king_target(us, side);
  const Square rook_to = castling_rook_target(us, side);
  const Bitboard must_be_empty = (rank_span(king, king_to) | rank_span(rook, rook_to)) & ~bb(king) & ~bb(rook);
  const Bitboard blockers = must_be_empty & pos.occupied();
  if (blockers != 0) return "the squares between king and rook are not empty (" + square_list(blockers) + ")";
  Mailbox b = mailbox_of(pos);
  b[index_of(king)] = Piece{};
  b[index_of(rook)] = Piece{};
  Bitboard path = rank_span(king, king_to) & ~bb(king);
  while (path != 0) {
    const Square s = square_at(std::countr_zero(path));
    path &= path - 1;
    if (s == king_to) continue;
    if (attacked(b, s, ~us)) return "the king would pass through " + square_name(s) + ", which is attacked";
  }
  b[index_of(rook_to)] = Piece{us, PieceType::Rook};
  if (attacked(b, king_to, ~us)) return "the king would be in check on " + square_name(king_to);
  return "castling is not legal in this position";
}

struct Candidates {
  MoveList moves;
  bool dropped_castling = false;    // a king move onto the castling rook, read as castling only leniently
  bool promotion_mismatch = false;  // moves matched, but none promotes to the written piece
};

struct Context {
  const Position& pos;
  const ResolveOptions& options;
  const Language& lang;
  Color us;
};

Bitboard from_mask_of(const WrittenMove& w) {
  Bitboard m = ~Bitboard{0};
  if (w.from_file) m &= file_mask(*w.from_file);
  if (w.from_rank) m &= rank_mask(*w.from_rank);
  return m;
}

Bitboard to_mask_of(const WrittenMove& w) {
  return w.to_rank ? bb(make_square(*w.to_file, *w.to_rank)) : file_mask(*w.to_file);
}

// The filtered generator's moves for piece type `type` that match `w`.
void gather(const Context& c, const WrittenMove& w, PieceType type, Candidates& out) {
  MoveList raw;
  c.pos.legal_moves(raw, type_bit(type), from_mask_of(w), to_mask_of(w));
  // King-takes-own-rook is castling itself when written with both squares (e1h1); a SAN-style
  // "Kh1" onto the rook is a king move written for castling, decided by the caller.
  const bool keep_castling = w.has_full_origin();
  for (Move m : raw) {
    if (m.is_castling() && !keep_castling) {
      out.dropped_castling = true;
      continue;
    }
    if (!w.to_rank && !c.pos.is_capture(m)) continue;  // `ed` names captures only
    if (w.promotion != PieceType::None && m.promotion() != w.promotion) {
      if (m.kind() != MoveKind::Promotion) out.promotion_mismatch = true;
      continue;
    }
    out.moves.push_back(m);
  }
}

// Distinct (origin, target) pairs: the four promotions of one pawn count once.
int distinct_moves(const MoveList& moves) {
  int n = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    bool seen = false;
    for (std::size_t j = 0; j < i && !seen; ++j)
      seen = moves[j].from() == moves[i].from() && moves[j].to() == moves[i].to();
    n += seen ? 0 : 1;
  }
  return n;
}

// `words()` makes the message, when the options ask for one (ResolveOptions::describe).
template <class Words>
ResolveError make_error(const Context& c, Code code, Words&& words, const MoveList* candidates = nullptr) {
  ResolveError e{code, c.options.describe ? std::string(words()) : std::string(), {}};
  if (candidates != nullptr) e.candidates.assign(candidates->begin(), candidates->end());
  return e;
}

std::string san(const Context& c, Move m) {
  WriteOptions wo;
  wo.language = &c.lang;
  return write_move(c.pos, m, wo);
}

// "Nbd7 or Nfd7", "e8=Q, e8=R, e8=B or e8=N".
std::string candidate_list(const Context& c, const MoveList& moves) {
  std::string out;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i > 0) out += (i + 1 == moves.size()) ? " or " : ", ";
    out += san(c, moves[i]);
  }
  return out;
}

// Collects warnings; in strict mode the first one becomes the error.
class Warnings {
 public:
  Warnings(const ResolveOptions& options, std::vector<ResolveWarning>& out) : strict_(options.strict), out_(out) {}
  // Returns false when resolution must stop (strict mode).
  bool add(Code code, std::string message) {
    if (strict_) {
      error_ = ResolveError{code, std::move(message), {}};
      return false;
    }
    out_.push_back(ResolveWarning{code, std::move(message)});
    return true;
  }
  std::optional<ResolveError>& error() { return error_; }

 private:
  bool strict_;
  std::vector<ResolveWarning>& out_;
  std::optional<ResolveError> error_;
};

int hint_count(Disambiguation d) {
  switch (d) {
    case Disambiguation::None: return 0;
    case Disambiguation::File:
    case Disambiguation::Rank: return 1;
    case Disambiguation::Square: return 2;
  }
  return 0;
}

// The move is decided; compare the writing with the canonical one. `note` is a warning the
// castling logic already decided (KingMoveForCastling / UciCastlingAmbiguous), if any.
Result<Resolved, ResolveError> finalize(const Context& c, const WrittenMove& w, Move m, std::optional<Code> note) {
  if (!c.options.describe) return Resolved{m, {}};  // no remark (strict is off: none would fail)
  Resolved r{m, {}};
  Warnings warn(c.options, r.warnings);
  const auto fail = [&]() -> Result<Resolved, ResolveError> { return Unexpected{std::move(*warn.error())}; };
  const Position& pos = c.pos;

  if (w.piece_lowercase && !warn.add(Code::PieceLetterCase, "lower-case piece letter: " + san(c, m))) return fail();
  if (w.pawn_letter_written && !warn.add(Code::PawnLetter, "pawn letter written: " + san(c, m))) return fail();
  if (note) {
    std::string message;
    if (*note == Code::UciCastlingAmbiguous) {
      WriteOptions uci;
      uci.style = NotationStyle::Uci;
      uci.uci_chess960 = true;
      const Move castle = *pos.castling_move(file_of(m.to()) == File::G ? CastlingSide::King : CastlingSide::Queen);
      message = describe(w, c.lang) + " is read as the plain king move " + san(c, m) + "; castling would be " +
                write_move(pos, castle, uci) + " (" + san(c, castle) + ")";
    } else {
      message = "king move written for castling: " + san(c, m);
    }
    if (!warn.add(*note, std::move(message))) return fail();
  }

  if (!m.is_castling()) {
    const bool capture = pos.is_capture(m);
    const bool marks_required = w.style == NotationStyle::San || w.style == NotationStyle::Lan;
    const bool marks_exist = marks_required || w.style == NotationStyle::Long;
    if (capture && !w.capture && marks_required &&
        !warn.add(Code::CaptureMissing, "capture mark missing: " + san(c, m)))
      return fail();
    if (!capture && w.capture && marks_exist &&
        !warn.add(Code::CaptureSpurious, "capture mark on a move that captures nothing: " + san(c, m)))
      return fail();
    if (!w.to_rank && !warn.add(Code::AbbreviatedCapture, "target rank left out: " + san(c, m))) return fail();
    if (w.style == NotationStyle::San && (w.from_file || w.from_rank)) {
      const PieceType piece = pos.moving_piece(m);
      const int written = (w.from_file ? 1 : 0) + (w.from_rank ? 1 : 0);
      // Canonical pawn captures (exd5) need exactly their file: skip the generator call.
      const bool canonical_pawn = piece == PieceType::Pawn && capture && written == 1 && w.from_file;
      if (!canonical_pawn && written > hint_count(san_disambiguation(pos, m)) &&
          !warn.add(Code::OverDisambiguated, "more origin hints than needed: " + san(c, m)))
        return fail();
    }
  }
  if (w.en_passant_mark && !m.is_en_passant() &&
      !warn.add(Code::EnPassantMark, "e.p. mark on a move that is not en passant: " + san(c, m)))
    return fail();

  // Check and mate marks. Uci and Iccf write none, so silence there says nothing.
  if (!(is_coordinate_style(w.style) && w.check == CheckMark::None)) {
    const bool check = pos.gives_check(m);
    bool mate = false;
    int checkers = 0;
    if (check) {
      const Position after = pos.after(m);
      mate = after.is_checkmate();
      checkers = std::popcount(after.checkers());
    }
    const bool double_plus_checks = c.lang.double_plus_is_double_check;
    const bool written_mate = w.check == CheckMark::Mate || (w.check == CheckMark::DoubleCheck && !double_plus_checks);
    const bool written_check = w.check == CheckMark::Check || (w.check == CheckMark::DoubleCheck && double_plus_checks);
    if (mate && !written_mate) {
      if (!warn.add(Code::MateMissing, "mate mark missing: " + san(c, m))) return fail();
    } else if (!mate && written_mate) {
      if (!warn.add(Code::MateSpurious, std::string(check ? "mate mark on a check that is not mate: "
                                                          : "mate mark on a move that does not check: ") +
                                            san(c, m)))
        return fail();
    } else if (check && !mate && !written_check) {
      if (!warn.add(Code::CheckMissing, "check mark missing: " + san(c, m))) return fail();
    } else if (!check && written_check) {
      if (!warn.add(Code::CheckSpurious, "check mark on a move that does not give check: " + san(c, m))) return fail();
    } else if (check && !mate && w.check == CheckMark::DoubleCheck && checkers < 2) {
      if (!warn.add(Code::CheckSpurious, "++ (double check) written for a single check: " + san(c, m))) return fail();
    }
  }
  return r;
}

// Why no legal move matches, in words: no such piece, cannot get there, pinned, in check.
std::string explain_illegal(const Context& c, const WrittenMove& w, PieceType type, const Candidates& cand) {
  const Position& pos = c.pos;
  std::string head = describe(w, c.lang) + ": ";
  if (w.promotion == PieceType::King || w.promotion == PieceType::Pawn)
    return head + "a pawn promotes to a queen, rook, bishop or knight";
  if (cand.promotion_mismatch) return head + "only a pawn that reaches the last rank promotes";
  if (!w.to_rank && type != PieceType::Pawn) return head + "the target square has no rank";

  const Bitboard from_mask = from_mask_of(w);
  const Bitboard to_mask = to_mask_of(w);
  const std::string word(piece_word(type));

  // A king move onto a castling square (or onto the castling rook): say why castling fails.
  if (type == PieceType::King) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      const Square rook = pos.castling_rook(c.us, side);
      const bool onto_castle = w.to_rank && (to_mask == bb(castling_king_target(c.us, side)) ||
                                             (rook != Square::None && to_mask == bb(rook)));
      if (!onto_castle || !(from_mask & bb(pos.king_square(c.us)))) continue;
      const char* name = side == CastlingSide::King ? "O-O" : "O-O-O";
      if (pos.castling_move(side)) {
        if (!c.options.king_move_castling)
          return head + "castling is written " + name + " (king moves written for castling are not accepted)";
      } else if (w.has_full_origin() || rook != Square::None) {
        return head + name + " is not legal: " + castling_failure(pos, side);
      }
    }
  }

  Bitboard ours = pos.pieces(c.us, type) & from_mask;
  if (ours == 0) {
    if (w.has_full_origin()) {
      const Piece p = pos.piece_at(*w.origin());
      if (p.type == PieceType::None) return head + "there is no piece on " + square_name(*w.origin());
      return head + "the piece on " + square_name(*w.origin()) + " is a " + std::string(color_word(p.color)) + " " +
             std::string(piece_word(p.type)) + ", not a " + std::string(color_word(c.us)) + " " + word;
    }
    if (w.from_file || w.from_rank) {
      std::string where = w.from_file ? std::string("the ") + file_char(*w.from_file) + "-file"
                                      : std::string("rank ") + rank_char(*w.from_rank);
      return head + "there is no " + std::string(color_word(c.us)) + " " + word + " on " + where;
    }
    return head + std::string(side_name(c.us)) + " has no " + word;
  }

  const Mailbox board = mailbox_of(pos);
  const Square ep = pos.ep_square();
  if (w.to_rank) {
    const Square to = make_square(*w.to_file, *w.to_rank);
    const Piece there = board[index_of(to)];
    if (there.type != PieceType::None && there.color == c.us)
      return head + square_name(to) + " is occupied by a " + std::string(color_word(c.us)) + " " +
             std::string(piece_word(there.type));
  }
  Bitboard movers = 0;
  for (Bitboard from_bits = ours; from_bits != 0; from_bits &= from_bits - 1) {
    const Square from = square_at(std::countr_zero(from_bits));
    for (Bitboard to_bits = to_mask; to_bits != 0; to_bits &= to_bits - 1)
      if (can_reach(board, from, square_at(std::countr_zero(to_bits)), type, c.us, ep)) movers |= bb(from);
  }
  const std::string target = w.to_rank ? square_name(make_square(*w.to_file, *w.to_rank))
                                       : std::string("the ") + file_char(*w.to_file) + "-file";
  if (movers == 0) {
    const bool pawn_capture = type == PieceType::Pawn && (w.capture || (w.from_file && w.from_file != w.to_file));
    std::string text = head + "no " + word + " can " + (pawn_capture ? "capture on " : "reach ") + target;
    if (w.has_full_origin()) text += " from " + square_name(*w.origin());
    return text;
  }
  if (type == PieceType::King) return head + "the king would be in check on " + target;
  if (pos.in_check()) return head + "the king is in check and this move does not parry it";
  Bitboard pinned = 0;
  for (Bitboard from_bits = movers; from_bits != 0; from_bits &= from_bits - 1) {
    const Square from = square_at(std::countr_zero(from_bits));
    for (Bitboard to_bits = to_mask; to_bits != 0; to_bits &= to_bits - 1) {
      const Square to = square_at(std::countr_zero(to_bits));
      if (can_reach(board, from, to, type, c.us, ep) && exposes_king(board, from, to, c.us, ep)) pinned |= bb(from);
    }
  }
  if (pinned != 0) {
    const bool several = std::popcount(pinned) > 1;
    return head + "the " + word + (several ? "s on " : " on ") + square_list(pinned) +
           (several ? " are pinned" : " is pinned") + " (the king would be in check)";
  }
  return head + "no legal move matches";
}

Result<Resolved, ResolveError> resolve_castle(const Context& c, const WrittenMove& w) {
  const CastlingSide side = *w.castle;
  if (auto m = c.pos.castling_move(side)) return finalize(c, w, *m, std::nullopt);
  return Unexpected{
      make_error(c, Code::Illegal, [&] { return describe(w, c.lang) + ": " + castling_failure(c.pos, side); })};
}

// Coordinate and king-move forms of castling (e1g1, Ke1-g1, Kg1, 960 f8g8). Adjusts `cand`
// and returns the warning to attach, if any.
std::optional<Code> castling_from_king_move(const Context& c, const WrittenMove& w, PieceType type, Candidates& cand) {
  if (type != PieceType::King || !w.has_full_target()) return std::nullopt;
  const Position& pos = c.pos;
  const Square king = pos.king_square(c.us);
  const Square to = *w.target();
  const bool coordinate = is_coordinate_style(w.style);

  if (w.has_full_origin()) {
    if (*w.origin() != king) return std::nullopt;
    // King takes own rook: the generator already produced the castling move.
    if (cand.moves.size() == 1 && cand.moves[0].is_castling()) {
      if (coordinate) return std::nullopt;
      if (!c.options.king_move_castling) {
        cand.moves.clear();
        return std::nullopt;
      }
      return Code::KingMoveForCastling;
    }
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      if (to != castling_king_target(c.us, side)) continue;
      const auto castle = pos.castling_move(side);
      if (!castle) continue;
      if (!cand.moves.empty()) {
        // Chess960 only: the plain king move stands. Bare squares (f8g8) may also be castling
        // written the standard-UCI way; with a king letter (Kf8-g8) castling would be O-O.
        if (w.piece != PieceType::None) return std::nullopt;
        return Code::UciCastlingAmbiguous;
      }
      const bool canonical = (coordinate && !pos.is_chess960()) || w.style == NotationStyle::Iccf;
      if (!canonical && !c.options.king_move_castling) return std::nullopt;
      cand.moves.push_back(*castle);
      return canonical ? std::nullopt : std::optional<Code>(Code::KingMoveForCastling);
    }
    return std::nullopt;
  }

  // SAN-style Kg1 / Kh1 for castling: only when no plain king move matches.
  if (!cand.moves.empty() || !c.options.king_move_castling) return std::nullopt;
  for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
    const auto castle = pos.castling_move(side);
    if (!castle) continue;
    if (to == castling_king_target(c.us, side) || (cand.dropped_castling && to == castle->to()))
      cand.moves.push_back(*castle);
  }
  if (cand.moves.empty()) return std::nullopt;
  return Code::KingMoveForCastling;
}

}  // namespace

Result<Resolved, ResolveError> resolve(const WrittenMove& written, const Position& pos, const ResolveOptions& options) {
  assert(options.describe || !options.strict);  // no remark to make an error of
  const Language& lang = options.language != nullptr ? *options.language : english();
  const Context c{pos, options, lang, pos.side_to_move()};

  if (written.style == NotationStyle::Null) return Resolved{Move::null(), {}};
  if (written.castle) return resolve_castle(c, written);
  if (!written.to_file)
    return Unexpected{make_error(c, Code::Illegal, [&] { return describe(written, lang) + ": no target square"; })};

  // `bc4` as the grammar reports it: the piece reading, whose from_file is the letter itself and
  // not an origin hint (the pawn reading is tried below).
  const WrittenMove* w = &written;
  WrittenMove piece_reading;
  if (written.also_pawn_capture) {
    piece_reading = written;
    piece_reading.from_file.reset();
    piece_reading.also_pawn_capture = false;
    w = &piece_reading;
  }

  // Which piece: the letter; else whatever stands on a fully written origin (UCI, e2-e4); else
  // a pawn.
  PieceType type = w->piece;
  if (type == PieceType::None) {
    type = PieceType::Pawn;
    if (w->has_full_origin()) {
      const Piece p = pos.piece_at(*w->origin());
      if (p.type == PieceType::None)
        return Unexpected{make_error(c, Code::Illegal, [&] {
          return describe(written, lang) + ": there is no piece on " + square_name(*w->origin());
        })};
      if (p.color != c.us)
        return Unexpected{make_error(c, Code::Illegal, [&] {
          return describe(written, lang) + ": the piece on " + square_name(*w->origin()) + " is " +
                 std::string(side_name(p.color)) + "'s, and " + std::string(side_name(c.us)) + " is to move";
        })};
      type = p.type;
    }
  }

  Candidates cand;
  gather(c, *w, type, cand);

  // A lower-case letter that is also a file (English b, Spanish c …) reads both as the piece and
  // as that file's pawn (see the file comment). With a capture mark the pawn capture is
  // canonical SAN (bxc4) and wins when legal; without one, neither reading is canonical.
  WrittenMove alternative;
  if (written.style == NotationStyle::San && w->has_full_target() && !w->from_rank) {
    std::optional<File> pawn_file;
    PieceType piece_alt = PieceType::None;
    if (written.also_pawn_capture) pawn_file = written.from_file;
    else if (w->piece_lowercase && !w->from_file && w->piece != PieceType::Pawn)
      pawn_file = letter_file(lang, w->piece);
    else if (w->piece == PieceType::None && !w->pawn_letter_written && w->from_file &&
             (cand.moves.empty() || !w->capture))
      piece_alt = file_piece(lang, *w->from_file);
    if (pawn_file || piece_alt != PieceType::None) {
      alternative = *w;
      alternative.also_pawn_capture = false;
      alternative.piece = pawn_file ? PieceType::None : piece_alt;
      alternative.piece_lowercase = !pawn_file;
      alternative.from_file = pawn_file;
      const PieceType alt_type = pawn_file ? PieceType::Pawn : piece_alt;
      Candidates alt;
      gather(c, alternative, alt_type, alt);
      // A lower-case file letter is the pawn's file (PGN 8.2.3: piece letters are upper case), so
      // the pawn reading wins whenever it is legal; the piece reading is taken, with
      // W-PIECE-CASE, only when the pawn cannot make the move.
      const bool pawn_wins = pawn_file && !alt.moves.empty();
      if (!alt.moves.empty() && (cand.moves.empty() || pawn_wins)) {
        cand = alt;
        type = alt_type;
        w = &alternative;
      }
    }
  }

  std::optional<Code> note = castling_from_king_move(c, *w, type, cand);

  if (cand.moves.empty())
    return Unexpected{make_error(c, Code::Illegal, [&] { return explain_illegal(c, *w, type, cand); })};

  const int distinct = distinct_moves(cand.moves);
  if (distinct > 1)
    return Unexpected{make_error(
        c, Code::Ambiguous, [&] { return describe(written, lang) + " is ambiguous: " + candidate_list(c, cand.moves); },
        &cand.moves)};
  const Move m = cand.moves[0];
  if (w->promotion == PieceType::None && m.kind() == MoveKind::Promotion) {
    MoveList ordered;  // queen, rook, bishop, knight: the order players think in
    for (PieceType p : {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
      for (Move x : cand.moves)
        if (x.promotion() == p) ordered.push_back(x);
    return Unexpected{make_error(
        c, Code::PromotionPieceMissing,
        [&] { return describe(written, lang) + ": the pawn must promote; write " + candidate_list(c, ordered); },
        &ordered)};
  }
  return finalize(c, *w, m, note);
}

}  // namespace planilla
