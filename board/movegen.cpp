// Legal move generation without make-and-test: check evasion masks, pinned pieces restricted
// to their pin line, king moves tested against attacks with the king lifted off the board, and
// the two moves that need a full look (en passant, castling) checked directly.
#include "board/attacks.hpp"
#include "board/bitboard.hpp"
#include "board/position.hpp"

namespace planilla {

namespace {

constexpr unsigned type_bit(PieceType t) { return 1u << index_of(t); }
constexpr unsigned kAllTypes = (1u << kPieceTypes) - 1;

// Appends moves from `from` to every square of `targets`.
inline void add_moves(MoveList& out, Square from, Bitboard targets) {
  while (targets) out.push_back(Move(from, pop_lsb(targets)));
}

// Appends pawn moves for every target square; the origin is `delta` squares behind the target.
inline void add_pawn_moves(MoveList& out, Bitboard targets, int delta) {
  while (targets) {
    const Square to = pop_lsb(targets);
    out.push_back(Move(square_at(index_of(to) - delta), to));
  }
}

inline void add_promotions(MoveList& out, Bitboard targets, int delta) {
  while (targets) {
    const Square to = pop_lsb(targets);
    const Square from = square_at(index_of(to) - delta);
    out.push_back(Move(from, to, MoveKind::Promotion, PieceType::Queen));
    out.push_back(Move(from, to, MoveKind::Promotion, PieceType::Rook));
    out.push_back(Move(from, to, MoveKind::Promotion, PieceType::Bishop));
    out.push_back(Move(from, to, MoveKind::Promotion, PieceType::Knight));
  }
}

// Pushes, captures and promotions of the pawns in `pawns`, landing on `allowed` squares.
// The caller restricts `allowed` for check evasion and, pawn by pawn, for pins.
template <Color kUs>
inline void add_pawn_set(MoveList& out, Bitboard pawns, Bitboard enemy, Bitboard empty, Bitboard allowed) {
  constexpr int kUp = kUs == Color::White ? 8 : -8;
  constexpr Bitboard kSeventh = kUs == Color::White ? kRank8 >> 8 : kRank1 << 8;
  constexpr Bitboard kThird = kUs == Color::White ? kRank1 << 16 : kRank8 >> 16;
  // Captures towards the h-file are +9 for White and -7 for Black; towards the a-file +7 / -9.
  constexpr int kEastDelta = kUs == Color::White ? 9 : -7;
  constexpr int kWestDelta = kUs == Color::White ? 7 : -9;

  const Bitboard normal = pawns & ~kSeventh;
  const Bitboard promoting = pawns & kSeventh;

  const Bitboard push1 = shift_forward(kUs, normal) & empty;
  const Bitboard push2 = shift_forward(kUs, push1 & kThird) & empty & allowed;
  add_pawn_moves(out, push1 & allowed, kUp);
  add_pawn_moves(out, push2, 2 * kUp);
  const Bitboard fwd = shift_forward(kUs, normal);
  add_pawn_moves(out, shift_east(fwd) & enemy & allowed, kEastDelta);
  add_pawn_moves(out, shift_west(fwd) & enemy & allowed, kWestDelta);

  if (promoting) {
    const Bitboard pfwd = shift_forward(kUs, promoting);
    add_promotions(out, pfwd & empty & allowed, kUp);
    add_promotions(out, shift_east(pfwd) & enemy & allowed, kEastDelta);
    add_promotions(out, shift_west(pfwd) & enemy & allowed, kWestDelta);
  }
}

}  // namespace

void Position::legal_moves(MoveList& out) const { legal_moves(out, kAllTypes, kAllSquares, kAllSquares); }

MoveList Position::legal_moves() const {
  MoveList list;
  legal_moves(list);
  return list;
}

void Position::legal_moves(MoveList& out, unsigned types, Bitboard from_mask, Bitboard to_mask) const {
  out.clear();
  const auto& t = attack_tables();
  const Color us = turn_, them = ~us;
  const Bitboard own = by_color_[index_of(us)];
  const Bitboard enemy = by_color_[index_of(them)];
  const Bitboard occ = own | enemy;
  const Square ksq = king_square(us);
  const Bitboard diag_sliders = enemy & (by_type_[index_of(PieceType::Bishop)] | by_type_[index_of(PieceType::Queen)]);
  const Bitboard orth_sliders = enemy & (by_type_[index_of(PieceType::Rook)] | by_type_[index_of(PieceType::Queen)]);

  // King steps: the destination must be safe with the king lifted off (a slider's ray
  // continues through the square it leaves).
  if ((types & type_bit(PieceType::King)) && (from_mask & bb(ksq))) {
    Bitboard targets = t.king[index_of(ksq)] & ~own & to_mask;
    const Bitboard occ_without_king = occ ^ bb(ksq);
    while (targets) {
      const Square to = pop_lsb(targets);
      if (!attackers_to(to, them, occ_without_king)) out.push_back(Move(ksq, to));
    }
  }
  if (more_than_one(checkers_)) return;  // double check: only the king may move

  Bitboard allowed = ~own & to_mask;
  if (checkers_) allowed &= between(ksq, lsb(checkers_)) | checkers_;

  // Our pieces pinned to our king: exactly one piece between the king and an enemy slider.
  Bitboard pinned = 0;
  Bitboard snipers = (t.rook(ksq, 0) & orth_sliders) | (t.bishop(ksq, 0) & diag_sliders);
  while (snipers) {
    const Bitboard blockers = between(ksq, pop_lsb(snipers)) & occ;
    if (blockers && !more_than_one(blockers)) pinned |= blockers & own;
  }

  if (types & type_bit(PieceType::Pawn)) {
    const Bitboard pawns = by_type_[index_of(PieceType::Pawn)] & own & from_mask;
    const Bitboard empty = ~occ;
    const auto add_set = us == Color::White ? add_pawn_set<Color::White> : add_pawn_set<Color::Black>;
    add_set(out, pawns & ~pinned, enemy, empty, allowed);
    for (Bitboard b = pawns & pinned; b;) {
      const Square from = pop_lsb(b);
      add_set(out, bb(from), enemy, empty, allowed & t.line[index_of(ksq)][index_of(from)]);
    }
    // En passant: rare, so each candidate is tested by lifting both pawns off the board,
    // which covers the pawn pinned along the rank and the capture that evades a check.
    if (ep_square_ != Square::None && (to_mask & bb(ep_square_))) {
      Bitboard candidates = t.pawn[index_of(them)][index_of(ep_square_)] & pawns;
      while (candidates) {
        const Square from = pop_lsb(candidates);
        if (ep_capture_legal(from, ep_square_)) out.push_back(Move(from, ep_square_, MoveKind::EnPassant));
      }
    }
  }

  if (types & type_bit(PieceType::Knight)) {
    for (Bitboard b = by_type_[index_of(PieceType::Knight)] & own & ~pinned & from_mask; b;) {
      const Square from = pop_lsb(b);
      add_moves(out, from, t.knight[index_of(from)] & allowed);
    }
  }

  // Sliders: a pinned one keeps to the line through its king.
  const auto add_slider = [&](PieceType type, auto attack) {
    for (Bitboard b = by_type_[index_of(type)] & own & from_mask; b;) {
      const Square from = pop_lsb(b);
      Bitboard targets = attack(from) & allowed;
      if (pinned & bb(from)) targets &= t.line[index_of(ksq)][index_of(from)];
      add_moves(out, from, targets);
    }
  };
  if (types & type_bit(PieceType::Bishop)) add_slider(PieceType::Bishop, [&](Square s) { return t.bishop(s, occ); });
  if (types & type_bit(PieceType::Rook)) add_slider(PieceType::Rook, [&](Square s) { return t.rook(s, occ); });
  if (types & type_bit(PieceType::Queen)) add_slider(PieceType::Queen, [&](Square s) { return t.queen(s, occ); });

  if (!checkers_ && (types & type_bit(PieceType::King)) && (from_mask & bb(ksq)) && (castling_rooks_ & back_rank(us))) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      const Square rook = castling_rook(us, side);
      if (rook == Square::None || !(to_mask & bb(rook))) continue;
      if (castling_clear(ksq, rook, side)) out.push_back(Move(ksq, rook, MoveKind::Castling));
    }
  }
}

// Castling (FIDE / Chess960): king to c/g, rook to d/f; every square either piece crosses or
// lands on must be empty except for those two pieces; no square the king stands on, crosses or
// lands on may be attacked. Attacks are tested with both pieces lifted off, so a castling rook
// that shielded the king's destination along the rank does not hide the attack.
bool Position::castling_clear(Square ksq, Square rook, CastlingSide side) const {
  const auto& t = attack_tables();
  const Color us = turn_, them = ~us;
  const Square king_to = castling_king_target(us, side);
  const Square rook_to = castling_rook_target(us, side);
  const Bitboard king_path = t.between[index_of(ksq)][index_of(king_to)] | bb(king_to);
  const Bitboard rook_path = t.between[index_of(rook)][index_of(rook_to)] | bb(rook_to);
  const Bitboard lifted = bb(ksq) | bb(rook);
  const Bitboard occ = occupied();
  if ((king_path | rook_path) & occ & ~lifted) return false;
  const Bitboard occ_lifted = occ ^ lifted;
  for (Bitboard b = king_path; b;)
    if (attackers_to(pop_lsb(b), them, occ_lifted)) return false;
  return true;
}

// In check, and no legal move. A king step is the usual escape and the cheapest to find, so it
// is looked for first; in double check it is the only one.
bool Position::is_checkmate() const {
  if (!checkers_) return false;
  // The king steps as legal_moves() finds them, but the first safe one answers (and the pins,
  // which a king step does not need, are not looked for).
  const auto& t = attack_tables();
  const Color us = turn_, them = ~us;
  const Square ksq = king_square(us);
  const Bitboard occ_without_king = occupied() ^ bb(ksq);
  for (Bitboard b = t.king[index_of(ksq)] & ~by_color_[index_of(us)]; b;)
    if (!attackers_to(pop_lsb(b), them, occ_without_king)) return false;
  if (more_than_one(checkers_)) return true;
  MoveList list;
  legal_moves(list, kAllTypes & ~type_bit(PieceType::King), kAllSquares, kAllSquares);
  return list.empty();
}

std::optional<Move> Position::castling_move(CastlingSide side) const {
  const Square rook = castling_rook(turn_, side);
  if (rook == Square::None || checkers_) return std::nullopt;
  const Square ksq = king_square(turn_);
  if (!castling_clear(ksq, rook, side)) return std::nullopt;
  return Move(ksq, rook, MoveKind::Castling);
}

bool Position::is_legal(Move m) const {
  if (m.is_none() || m.is_null()) return false;
  const Piece p = unpack(board_[index_of(m.from())]);
  if (p.type == PieceType::None || p.color != turn_) return false;
  MoveList list;
  legal_moves(list, type_bit(p.type), bb(m.from()), bb(m.to()));
  return list.contains(m);
}

void Position::moves_to(MoveList& out, PieceType type, Bitboard from_mask, Square to) const {
  out.clear();
  const auto& t = attack_tables();
  const Color us = turn_, them = ~us;
  const Bitboard own = by_color_[index_of(us)];
  const Bitboard enemy = by_color_[index_of(them)];
  const Bitboard occ = own | enemy;
  const Bitboard target = bb(to);
  if (own & target) return;
  const Square ksq = king_square(us);
  if (type == PieceType::King) {
    if ((from_mask & bb(ksq)) && (t.king[index_of(ksq)] & target) && !attackers_to(to, them, occ ^ bb(ksq)))
      out.push_back(Move(ksq, to));
    return;
  }
  if (more_than_one(checkers_)) return;  // double check: only the king may move
  // A single check is answered by capturing the checker or stepping between (en passant, which
  // may capture a checking pawn elsewhere, is tested on its own below).
  const bool evades = !checkers_ || ((between(ksq, lsb(checkers_)) | checkers_) & target);
  const Bitboard diag_sliders = enemy & (by_type_[index_of(PieceType::Bishop)] | by_type_[index_of(PieceType::Queen)]);
  const Bitboard orth_sliders = enemy & (by_type_[index_of(PieceType::Rook)] | by_type_[index_of(PieceType::Queen)]);
  // A piece on `from` may go to `to` unless that uncovers its king: when it stands on a line
  // with the king, lifting it off must not let an enemy slider through, or it must stay on the line.
  const auto keeps_king_safe = [&](Square from) {
    const Bitboard ray = t.line[index_of(ksq)][index_of(from)];
    if (!ray || (ray & target)) return true;
    const Bitboard lifted = occ ^ bb(from);
    const Bitboard sliders =
        (t.bishop(ksq, 0) & bb(from)) ? t.bishop(ksq, lifted) & diag_sliders : t.rook(ksq, lifted) & orth_sliders;
    return (sliders & ray) == 0;
  };
  const Bitboard pieces_of_type = by_type_[index_of(type)] & own & from_mask;
  if (type == PieceType::Pawn) {
    const int up = forward_delta(us);
    const bool promotes = rank_of(to) == (us == Color::White ? Rank::R8 : Rank::R1);
    const auto add = [&](Square from) {
      if (!keeps_king_safe(from)) return;
      if (!promotes) {
        out.push_back(Move(from, to));
        return;
      }
      for (PieceType p : {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
        out.push_back(Move(from, to, MoveKind::Promotion, p));
    };
    if (enemy & target) {
      if (evades)
        for (Bitboard b = t.pawn[index_of(them)][index_of(to)] & pieces_of_type; b;) add(pop_lsb(b));
      return;
    }
    if (to == ep_square_) {
      for (Bitboard b = t.pawn[index_of(them)][index_of(to)] & pieces_of_type; b;) {
        const Square from = pop_lsb(b);
        if (ep_capture_legal(from, to)) out.push_back(Move(from, to, MoveKind::EnPassant));
      }
      return;
    }
    if (!evades) return;
    const int behind = index_of(to) - up;
    if (behind < 0 || behind > 63) return;
    const Square one = square_at(behind);
    if (pieces_of_type & bb(one)) {
      add(one);
    } else if (!(occ & bb(one)) && relative_rank(us, rank_of(to)) == Rank::R4) {
      const Square two = square_at(behind - up);
      if (pieces_of_type & bb(two)) add(two);
    }
    return;
  }
  if (!evades) return;
  // The squares the piece reaches `to` from, without a branch on its type: a game's knight,
  // bishop, rook and queen moves come in no order a branch predictor could learn, and both
  // sliders' lines cost less than a mispredicted jump.
  const auto all_if = [](bool b) { return Bitboard{0} - static_cast<Bitboard>(b); };
  const Bitboard from = (t.knight[index_of(to)] & all_if(type == PieceType::Knight)) |
                        (t.bishop(to, occ) & all_if(type == PieceType::Bishop || type == PieceType::Queen)) |
                        (t.rook(to, occ) & all_if(type == PieceType::Rook || type == PieceType::Queen));
  for (Bitboard b = from & pieces_of_type; b;) {
    const Square f = pop_lsb(b);
    if (keeps_king_safe(f)) out.push_back(Move(f, to));
  }
}

}  // namespace planilla
