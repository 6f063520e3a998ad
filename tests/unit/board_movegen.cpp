// Legal move generation and make-move: the tricky rules one by one, then perft of known
// positions and invariants checked over whole small trees.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "board/attacks.hpp"
#include "board/fen.hpp"
#include "board/position.hpp"
#include "board/zobrist.hpp"

using namespace planilla;

namespace {

Position load(const std::string& fen, FenOptions opts = {}) {
  auto pos = position_from_fen(fen, opts);
  INFO(std::string(fen));
  REQUIRE_MESSAGE(pos.has_value(), (pos ? "" : pos.error()));
  return *pos;
}

Position load_relaxed(const std::string& fen) {
  FenOptions opts;
  opts.relax.allow_impossible_check = true;
  return load(fen, opts);
}

Move castle(Square king, Square rook) { return Move(king, rook, MoveKind::Castling); }

}  // namespace

TEST_CASE("Chess960 castling: every FIDE rule, move by move") {
  struct Row {
    const char* why;
    const char* fen;
    Move move;
    bool legal;
    const char* after;  // placement + side after castling, when legal
  };
  const Row rows[] = {
      {"king b1 and rook a1: king to c1, rook to d1", "4k3/8/8/8/8/8/8/RK6 w A - 0 1", castle(Square::B1, Square::A1),
       true, "4k3/8/8/8/8/8/8/2KR4 b"},
      {"the king's destination is attacked", "2r1k3/8/8/8/8/8/8/RK6 w A - 0 1", castle(Square::B1, Square::A1), false,
       nullptr},
      {"only the rook's destination is attacked: fine", "3rk3/8/8/8/8/8/8/RK6 w A - 0 1",
       castle(Square::B1, Square::A1), true, "3rk3/8/8/8/8/8/8/2KR4 b"},
      {"king and rook swap squares", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", castle(Square::F1, Square::G1), true,
       "4k3/8/8/8/8/8/8/5RK1 b"},
      {"king and rook swap squares on the c-side", "4k3/8/8/8/8/8/8/NBRK4 w C - 0 1", castle(Square::D1, Square::C1),
       true, "4k3/8/8/8/8/8/8/NBKR4 b"},
      {"the king does not move", "4k3/8/8/8/8/8/8/6KR w H - 0 1", castle(Square::G1, Square::H1), true,
       "4k3/8/8/8/8/8/8/5RK1 b"},
      {"the rook does not move", "4k3/8/8/8/8/8/8/4KR2 w F - 0 1", castle(Square::E1, Square::F1), true,
       "4k3/8/8/8/8/8/8/5RK1 b"},
      {"king on c1 stays, rook a1 to d1", "4k3/8/8/8/8/8/8/R1K5 w A - 0 1", castle(Square::C1, Square::A1), true,
       "4k3/8/8/8/8/8/8/2KR4 b"},
      {"a piece on the rook's path blocks", "4k3/8/8/8/8/8/8/RN3K2 w A - 0 1", castle(Square::F1, Square::A1), false,
       nullptr},
      {"a piece on the king's path blocks", "4k3/8/8/8/8/8/8/1K2N2R w H - 0 1", castle(Square::B1, Square::H1), false,
       nullptr},
      {"a square the king crosses is attacked", "4k3/8/8/8/8/5r2/8/1K5R w H - 0 1", castle(Square::B1, Square::H1),
       false, nullptr},
      // The 960 pin subtlety: the castling rook on b1 shields c1 from the a1 rook; once it
      // leaves for d1 the king on c1 would be in check.
      {"the castling rook hid an attack on the king's destination", "4k3/8/8/8/8/8/8/rR3K2 w B - 0 1",
       castle(Square::F1, Square::B1), false, nullptr},
      {"no castling out of check", "4k3/8/8/8/8/8/8/1K4rR w H - 0 1", castle(Square::B1, Square::H1), false, nullptr},
      {"standard O-O-O may cross b1 while b1 is attacked", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
       castle(Square::E1, Square::A1), true, "1r2k3/8/8/8/8/8/8/2KR4 b"},
      {"standard O-O through an attacked f1", "5rk1/8/8/8/8/8/8/4K2R w K - 0 1", castle(Square::E1, Square::H1), false,
       nullptr},
  };
  for (const auto& row : rows) {
    INFO(std::string(row.why) << ": " << row.fen);
    const Position pos = load(row.fen);
    CHECK(pos.is_legal(row.move) == row.legal);
    CHECK(pos.legal_moves().contains(row.move) == row.legal);
    CHECK(pos.castling_move(castling_side(row.move)).has_value() == row.legal);
    if (row.legal) {
      const Position after = pos.after(row.move);
      const std::string fen = write_fen(after);
      CHECK(fen.substr(0, fen.find(' ', fen.find(' ') + 1)) == row.after);
      CHECK(after.castling_rooks() == 0);
      CHECK(!pos.is_capture(row.move));
      CHECK(pos.moving_piece(row.move) == PieceType::King);
    }
  }
}

TEST_CASE("en passant: legal, illegal along the rank, evading check, canonical square") {
  struct Row {
    const char* why;
    const char* fen;
    Move move;
    bool legal;
  };
  const Row rows[] = {
      {"plain capture", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", Move(Square::E5, Square::D6, MoveKind::EnPassant), true},
      {"captures the checking pawn", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
       Move(Square::E4, Square::D3, MoveKind::EnPassant), true},
      {"capturing pawn pinned on a diagonal it leaves", "4k3/6b1/8/3pP3/8/2K5/8/8 w - d6 0 1",
       Move(Square::E5, Square::D6, MoveKind::EnPassant), false},
      {"capturing pawn pinned on the diagonal it moves along", "1b2k3/8/8/3pP3/8/6K1/8/8 w - d6 0 1",
       Move(Square::E5, Square::D6, MoveKind::EnPassant), true},
  };
  for (const auto& row : rows) {
    INFO(std::string(row.why) << ": " << row.fen);
    const Position pos = load(row.fen);
    CHECK(pos.is_legal(row.move) == row.legal);
    CHECK(pos.legal_moves().contains(row.move) == row.legal);
    if (row.legal) {
      CHECK(pos.is_capture(row.move));
      const Position after = pos.after(row.move);
      CHECK(after.piece_at(row.move.to()).type == PieceType::Pawn);
      CHECK(after.piece_at(make_square(file_of(row.move.to()), rank_of(row.move.from()))).type == PieceType::None);
      CHECK(after.halfmove_clock() == 0);
    }
  }

  // The capture that would uncover a rook along the fifth rank: the double push leaves no
  // e.p. square at all (canonical), so the key matches the same position without it.
  const Position before = load("8/3p4/8/K3P2r/8/8/8/7k b - - 0 1");
  const Position pushed = before.after(Move(Square::D7, Square::D5));
  CHECK(pushed.ep_square() == Square::None);
  CHECK_FALSE(pushed.legal_moves().contains(Move(Square::E5, Square::D6, MoveKind::EnPassant)));
  CHECK(pushed.key() == load("8/8/8/K2pP2r/8/8/8/7k w - - 0 2").key());

  // Same structure without the rook: now the capture is legal and the square is kept.
  const Position free_push = load("8/3p4/8/K3P3/8/8/8/7k b - - 0 1").after(Move(Square::D7, Square::D5));
  CHECK(free_push.ep_square() == Square::D6);
  CHECK(free_push.legal_moves().contains(Move(Square::E5, Square::D6, MoveKind::EnPassant)));
  CHECK(free_push.key() != load("8/8/8/K2pP3/8/8/8/7k w - - 0 2").key());

  // The e.p. capture that blocks a check (shakmaty's align-ep; an impossible check, loaded
  // leniently): the pawn lands on d3, between the queen and the king.
  const Position block = load_relaxed("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1");
  CHECK(block.legal_moves().contains(Move(Square::E4, Square::D3, MoveKind::EnPassant)));
  CHECK(block.legal_moves().size() == 6);
}

TEST_CASE("promotions, capture-promotions and checks") {
  const Position pos = load("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  const MoveList moves = pos.legal_moves();
  int promotions = 0;
  for (Move m : moves) promotions += m.kind() == MoveKind::Promotion;
  CHECK(promotions == 8);  // a8 and xb8, four pieces each
  struct Row {
    Move move;
    bool check;
    bool capture;
  };
  const Row rows[] = {
      {Move(Square::A7, Square::B8, MoveKind::Promotion, PieceType::Queen), true, true},
      {Move(Square::A7, Square::B8, MoveKind::Promotion, PieceType::Rook), true, true},
      {Move(Square::A7, Square::B8, MoveKind::Promotion, PieceType::Bishop), false, true},
      {Move(Square::A7, Square::B8, MoveKind::Promotion, PieceType::Knight), false, true},
      {Move(Square::A7, Square::A8, MoveKind::Promotion, PieceType::Queen), false, false},
  };
  for (const auto& row : rows) {
    INFO(row.move.raw());
    CHECK(moves.contains(row.move));
    CHECK(pos.gives_check(row.move) == row.check);
    CHECK(pos.is_capture(row.move) == row.capture);
    const Position after = pos.after(row.move);
    CHECK(after.piece_at(row.move.to()) == Piece{Color::White, row.move.promotion()});
    CHECK(after.in_check() == row.check);
  }
  // Promoting out of check by capturing the checker (a knight on b8 checking... the king on a6).
  const Position out_of_check = load("1n6/P7/K7/8/8/8/8/7k w - - 0 1");
  const MoveList evasions = out_of_check.legal_moves();
  CHECK(evasions.contains(Move(Square::A7, Square::B8, MoveKind::Promotion, PieceType::Knight)));
  CHECK_FALSE(evasions.contains(Move(Square::A7, Square::A8, MoveKind::Promotion, PieceType::Queen)));
}

TEST_CASE("double check allows only king moves; pins restrict pieces to their line") {
  const Position dbl = load("4k3/8/8/8/1b6/8/4r3/R3K2R w KQ - 0 1");
  CHECK(popcount(dbl.checkers()) == 2);
  const MoveList moves = dbl.legal_moves();
  CHECK(moves.size() == 3);
  CHECK(moves.contains(Move(Square::E1, Square::E2)));
  CHECK(moves.contains(Move(Square::E1, Square::D1)));
  CHECK(moves.contains(Move(Square::E1, Square::F1)));

  // Knight pinned: no moves. Rook pinned on the file: moves along it, captures the pinner.
  const Position knight_pin = load("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1");
  for (Move m : knight_pin.legal_moves()) CHECK(m.from() != Square::E2);
  const Position rook_pin = load("4r2k/8/8/8/8/4R3/8/4K3 w - - 0 1");
  int rook_moves = 0;
  for (Move m : rook_pin.legal_moves()) {
    if (m.from() != Square::E3) continue;
    CHECK(file_of(m.to()) == File::E);
    ++rook_moves;
  }
  CHECK(rook_moves == 6);  // e2, e4-e7, xe8
  CHECK(rook_pin.legal_moves().contains(Move(Square::E3, Square::E8)));
  // A pinned pawn may capture its pinner diagonally but not push.
  const Position pawn_pin = load("7k/8/8/8/8/5b2/4P3/3K4 w - - 0 1");
  CHECK(pawn_pin.legal_moves().contains(Move(Square::E2, Square::F3)));
  CHECK_FALSE(pawn_pin.legal_moves().contains(Move(Square::E2, Square::E3)));
  // The king may not step back along the checking ray.
  const Position ray = load("4r2k/8/8/8/8/8/8/4K3 w - - 0 1");
  CHECK_FALSE(ray.legal_moves().contains(Move(Square::E1, Square::E2)));
  CHECK(ray.legal_moves().size() == 4);  // d1 d2 f1 f2
}

TEST_CASE("filtered generation yields exactly the matching subset") {
  const Position pos = load("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const MoveList all = pos.legal_moves();
  const std::pair<unsigned, Bitboard> filters[] = {
      {1u << index_of(PieceType::Knight), ~Bitboard{0}},
      {1u << index_of(PieceType::Pawn), bb(Square::D6) | bb(Square::E6)},
      {1u << index_of(PieceType::King), bb(Square::H1) | bb(Square::A1)},  // castling by rook square
      {(1u << index_of(PieceType::Queen)) | (1u << index_of(PieceType::Bishop)), kRank1 << 40},
      {0x3Fu, bb(Square::G6)},
  };
  for (const auto& [types, to_mask] : filters) {
    for (Bitboard from_mask : {~Bitboard{0}, kFileA | file_bb(File::E), bb(Square::E5)}) {
      INFO("types " << types << " from " << from_mask << " to " << to_mask);
      MoveList filtered;
      pos.legal_moves(filtered, types, from_mask, to_mask);
      std::size_t expected = 0;
      for (Move m : all) {
        const bool match =
            (types & (1u << index_of(pos.moving_piece(m)))) && (from_mask & bb(m.from())) && (to_mask & bb(m.to()));
        expected += match;
        if (match) CHECK(filtered.contains(m));
      }
      CHECK(filtered.size() == expected);
    }
  }
  MoveList castles;
  pos.legal_moves(castles, 1u << index_of(PieceType::King), ~Bitboard{0}, bb(Square::H1));
  CHECK(castles.size() == 1);
  CHECK(castles[0] == castle(Square::E1, Square::H1));
}

TEST_CASE("is_legal rejects anything not generated") {
  const Position pos = Position::startpos();
  const Move bad[] = {
      Move(Square::E2, Square::E5),
      Move(Square::E1, Square::H1, MoveKind::Castling),
      Move(Square::E7, Square::E5),  // not our piece
      Move(Square::E3, Square::E4),  // empty square
      Move(Square::E2, Square::E4, MoveKind::EnPassant),
      Move(Square::B1, Square::C3, MoveKind::Promotion, PieceType::Queen),
      Move(),
      Move::null(),
  };
  for (Move m : bad) {
    INFO(m.raw());
    CHECK_FALSE(pos.is_legal(m));
  }
  CHECK(pos.is_legal(Move(Square::G1, Square::F3)));
  CHECK(pos.is_legal(Move(Square::E2, Square::E4)));
}

TEST_CASE("perft of known positions at small depth, with and without bulk counting") {
  struct Row {
    const char* fen;
    int depth;
    std::uint64_t nodes;
  };
  const Row rows[] = {
      {"startpos", 4, 197281},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467},
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379},
      {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89890},
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3, 12189},
      // Counts below from Stockfish 15.1 `go perft` (UCI_Chess960 for the first).
      {"2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1", 3, 11459},  // both sides castle in Chess960
      {"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 4, 10138},        // pychess: avoid illegal e.p.
      {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 4, 13931},      // e.p. capture checks
  };
  for (const auto& row : rows) {
    INFO(std::string(row.fen) << " depth " << row.depth);
    const Position pos = load(row.fen);
    CHECK(perft(pos, row.depth) == row.nodes);
    CHECK(perft(pos, row.depth, false) == row.nodes);
  }
  CHECK(perft(Position::startpos(), 0) == 1);
}

namespace {
// Walks the tree checking what every node must satisfy: the key equals the rebuilt position's,
// checkers agree with attackers_to, generated moves are legal and their effects hold.
void check_invariants(const Position& pos, int depth, int& nodes) {
  ++nodes;
  const Color us = pos.side_to_move();
  CHECK(pos.checkers() == pos.attackers_to(pos.king_square(us), ~us));
  auto rebuilt = Position::from_setup(pos.to_setup(), pos.castling_mode());
  REQUIRE(rebuilt.has_value());
  CHECK(rebuilt->key() == pos.key());
  CHECK(*rebuilt == pos);
  if (depth == 0) return;
  for (Move m : pos.legal_moves()) {
    CHECK(pos.is_legal(m));
    const Position child = pos.after(m);
    CHECK(child.attackers_to(child.king_square(us), ~us) == 0);  // we did not leave our king in check
    // play_from() writes what a copy and play() make, into a position that held another.
    Position written = Position::startpos();
    written.play_from(pos, m);
    CHECK(written == child);
    CHECK(written.checkers() == child.checkers());
    CHECK(written.castling_rooks() == child.castling_rooks());
    CHECK(written.castling_mode() == child.castling_mode());
    CHECK(written.key() == child.key());
    CHECK(pos.gives_check(m) == child.in_check());
    const int captured = popcount(pos.occupied()) - popcount(child.occupied());
    CHECK(captured == (pos.is_capture(m) ? 1 : 0));
    check_invariants(child, depth - 1, nodes);
  }
}
}  // namespace

TEST_CASE("invariants over small trees") {
  const char* fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "2r1kr2/pp4pp/8/3pP3/8/8/PP4PP/1R2K1R1 w GBfc d6 0 1",
      "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  };
  for (const char* fen : fens) {
    INFO(std::string(fen));
    int nodes = 0;
    check_invariants(load(fen), 2, nodes);
    CHECK(nodes > 20);
  }
}

TEST_CASE("Zobrist keys: transpositions match, side and rights differ") {
  Position a = Position::startpos();
  for (Move m : {Move(Square::G1, Square::F3), Move(Square::G8, Square::F6), Move(Square::F3, Square::G1),
                 Move(Square::F6, Square::G8)})
    a.play(m);
  CHECK(a.key() == Position::startpos().key());
  CHECK_FALSE(a == Position::startpos());  // the clocks moved on
  const Position e4 = Position::startpos().after(Move(Square::E2, Square::E4));
  CHECK(e4.ep_square() == Square::None);  // no black pawn can take: not written, not hashed
  CHECK(e4.key() == load("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key());
  CHECK(load("startpos").key() != load("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").key());
  CHECK(load("startpos").key() != load("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1").key());
  // Moving a castling rook, or the king, drops the right.
  const Position ra = load("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  CHECK(ra.after(Move(Square::A1, Square::B1)).castling_rooks() == (bb(Square::H1) | bb(Square::A8) | bb(Square::H8)));
  CHECK(ra.after(Move(Square::E1, Square::E2)).castling_rooks() == (bb(Square::A8) | bb(Square::H8)));
  CHECK(ra.after(Move(Square::A1, Square::A8)).castling_rooks() == (bb(Square::H1) | bb(Square::H8)));
}

TEST_CASE("null move passes the turn") {
  const Position pos = Position::startpos().after(Move(Square::E2, Square::E4));
  const Position passed = pos.after(Move::null());
  CHECK(passed.side_to_move() == Color::White);
  CHECK(passed.fullmove_number() == 2);
  CHECK(passed.occupied() == pos.occupied());
  CHECK(passed.key() == (pos.key() ^ zobrist::side()));
}

namespace {
// Every position of the tree two plies deep from `fen` (Chess960 when its castling rights name
// files, as Shredder-FEN's do).
std::vector<Position> small_tree(const std::string& fen) {
  std::istringstream fields(fen);
  std::string board, side, rights;
  fields >> board >> side >> rights;
  const Position root = load(fen, FenOptions{.force_chess960 = rights.find_first_not_of("KQkq-") != std::string::npos});
  std::vector<Position> layer{root}, tree{root};
  for (int depth = 0; depth < 2; ++depth) {
    std::vector<Position> next;
    for (const Position& p : layer)
      for (Move m : p.legal_moves()) next.push_back(p.after(m));
    tree.insert(tree.end(), next.begin(), next.end());
    layer = std::move(next);
  }
  return tree;
}
}  // namespace

TEST_CASE("moves_to: the filtered generator's moves to one square, castling aside, in every position of small trees") {
  // Kiwipete, the en-passant and promotion positions of the perft suites, a Chess960 start.
  const char* const fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
  };
  std::size_t positions = 0, queries = 0;
  for (const char* fen : fens) {
    for (const Position& pos : small_tree(fen)) {
      ++positions;
      for (int type = index_of(PieceType::Pawn); type <= index_of(PieceType::King); ++type)
        for (int sq = 0; sq < 64; ++sq)
          for (Bitboard from_mask : {~Bitboard{0}, file_bb(File::B) | rank_bb(Rank::R2)}) {
            MoveList expected, got;
            pos.legal_moves(expected, 1u << type, from_mask, bb(square_at(sq)));
            pos.moves_to(got, static_cast<PieceType>(type), from_mask, square_at(sq));
            std::size_t castles = 0;
            for (Move m : expected) {
              if (m.is_castling()) {
                ++castles;
                continue;
              }
              if (!got.contains(m)) FAIL_CHECK(write_fen(pos) << ": " << m.raw() << " missing");
            }
            if (got.size() + castles != expected.size()) FAIL_CHECK(write_fen(pos) << " type " << type << " to " << sq);
            ++queries;
          }
    }
  }
  MESSAGE(positions << " positions, " << queries << " queries");
  CHECK(positions > 4000);
}

TEST_CASE("castling_move: the generator's castling move on each side, in every position of small trees") {
  // Kiwipete, castling through and into attacks, Chess960 starts with the king beside a rook
  // and with the rook shielding the king's destination along the rank.
  const char* const fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
      "r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w BGbg - 0 1",
      "1r1kr3/8/8/8/8/8/8/1RK1R2q w BEbe - 0 1",
  };
  std::size_t positions = 0, castles = 0;
  for (const char* fen : fens) {
    for (const Position& pos : small_tree(fen)) {
      ++positions;
      const MoveList legal = pos.legal_moves();
      for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
        std::optional<Move> expected;
        for (Move m : legal)
          if (m.is_castling() && castling_side(m) == side) expected = m;
        castles += expected.has_value();
        if (pos.castling_move(side) != expected) FAIL_CHECK(write_fen(pos) << " side " << static_cast<int>(side));
      }
    }
  }
  MESSAGE(positions << " positions, " << castles << " castling moves");
  CHECK(castles > 1000);
}
