// resolve(): a table per outcome (canonical, each warning, each error), the leniency inputs of
// ANCHORS.md's appendix, Chess960 castling, strict mode, and the same inputs read by the real
// grammar (parse_move) so both ends agree.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "board/fen.hpp"
#include "grammar/move_parser.hpp"
#include "notation/diagnostic.hpp"
#include "notation/language.hpp"
#include "notation/resolve.hpp"
#include "notation/write.hpp"

#include "tests/support/board_fixtures.hpp"

namespace planilla {
namespace {

Move mv(const Position& pos, std::string_view uci) { return test::fixture_move(pos, uci); }
Position setup(std::string_view text) { return test::fixture_position(text); }

// The fixtures' own tiny notation for WrittenMove values, so these tables do not depend on the
// grammar (the parse_move table below checks the grammar's values against the same outcomes):
// [KQRBNP][file][rank][x|-|:][file][rank][=|(][QRBN][)][+|++|#][ e.p.], O-O, O-O-O, 0-0, --.
WrittenMove wm(std::string_view t, NotationStyle style = NotationStyle::San) {
  WrittenMove w;
  w.style = style;
  if (t == "--") {
    w.style = NotationStyle::Null;
    return w;
  }
  const auto strip = [&](std::string_view suffix) {
    if (!t.ends_with(suffix)) return false;
    t.remove_suffix(suffix.size());
    return true;
  };
  if (strip(" e.p.") || strip("e.p.") || strip("ep")) w.en_passant_mark = true;
  if (strip("++")) w.check = CheckMark::DoubleCheck;
  else if (strip("+")) w.check = CheckMark::Check;
  else if (strip("#")) w.check = CheckMark::Mate;
  if (t == "O-O" || t == "0-0") {
    w.castle = CastlingSide::King;
    return w;
  }
  if (t == "O-O-O" || t == "0-0-0") {
    w.castle = CastlingSide::Queen;
    return w;
  }
  const auto piece_of = [](char c) {
    switch (c) {
      case 'K': return PieceType::King;
      case 'Q':
      case 'q':
      case '1': return PieceType::Queen;
      case 'R':
      case 'r':
      case '2': return PieceType::Rook;
      case 'B':
      case 'b':
      case '3': return PieceType::Bishop;
      case 'N':
      case 'n':
      case '4': return PieceType::Knight;
      case 'P': return PieceType::Pawn;
      default: return PieceType::None;
    }
  };
  if (style == NotationStyle::Iccf) {
    w.from_file = static_cast<File>(t[0] - '1');
    w.from_rank = static_cast<Rank>(t[1] - '1');
    w.to_file = static_cast<File>(t[2] - '1');
    w.to_rank = static_cast<Rank>(t[3] - '1');
    if (t.size() == 5) w.promotion = piece_of(t[4]);
    w.promotion_marked = t.size() == 5;
    return w;
  }
  std::size_t i = 0;
  if (!t.empty() && std::string_view("KQRBNP").find(t[0]) != std::string_view::npos) {
    w.piece = piece_of(t[0]);
    w.pawn_letter_written = t[0] == 'P';
    i = 1;
  }
  std::vector<std::pair<char, int>> coords;  // ('f', file) or ('r', rank)
  for (; i < t.size(); ++i) {
    const char c = t[i];
    if (c >= 'a' && c <= 'h' && !(style == NotationStyle::Uci && coords.size() == 4)) coords.push_back({'f', c - 'a'});
    else if (c >= '1' && c <= '8') coords.push_back({'r', c - '1'});
    else if (c == 'x' || c == ':') w.capture = true;
    else if (piece_of(c) != PieceType::None) {
      w.promotion = piece_of(c);
      w.promotion_marked = true;
    }
  }
  // The target is the last file (+ rank); whatever precedes it are origin hints.
  std::size_t end = coords.size();
  if (end >= 2 && coords[end - 1].first == 'r' && coords[end - 2].first == 'f') {
    w.to_file = static_cast<File>(coords[end - 2].second);
    w.to_rank = static_cast<Rank>(coords[end - 1].second);
    end -= 2;
  } else if (end >= 1 && coords[end - 1].first == 'f') {
    w.to_file = static_cast<File>(coords[end - 1].second);
    end -= 1;
  }
  for (std::size_t k = 0; k < end; ++k) {
    if (coords[k].first == 'f') w.from_file = static_cast<File>(coords[k].second);
    if (coords[k].first == 'r') w.from_rank = static_cast<Rank>(coords[k].second);
  }
  return w;
}

WrittenMove lower(WrittenMove w) {
  w.piece_lowercase = true;
  return w;
}

std::string codes(const std::vector<ResolveWarning>& warnings) {
  std::string out;
  for (const auto& w : warnings) {
    if (!out.empty()) out += ' ';
    out += code_name(w.code);
  }
  return out;
}

constexpr const char* kStart = "moves:";
constexpr const char* kItalian = "moves: e2e4 e7e5 g1f3 b8c6 f1c4 f8c5";  // O-O legal for White
constexpr const char* kSp140 = "960 nbrqnkbr/pppppppp/8/8/8/8/PPPPPPPP/NBRQNKBR w KQkq - 0 1";
// The appendix game: after f4 h6 g3 f5 Ng2 Bf7 e4, Black may castle (f8h8) or play the plain Kg8
// (f8g8); after O-O Qg4 Nf6, White castles long (f1c1, king takes the c1 rook).
constexpr const char* kSp140Castle =
    "960 nbrqnkbr/pppppppp/8/8/8/8/PPPPPPPP/NBRQNKBR w KQkq - 0 1 moves: f2f4 h7h6 g2g3 f7f5 e1g2 g8f7 e2e4";
constexpr const char* kSp140Long =
    "960 nbrqnkbr/pppppppp/8/8/8/8/PPPPPPPP/NBRQNKBR w KQkq - 0 1 moves: f2f4 h7h6 g2g3 f7f5 e1g2 g8f7 e2e4 "
    "f8h8 d1g4 e8f6";

struct OkCase {
  const char* position;
  WrittenMove written;
  const char* expected;  // the move, UCI squares with castling as king takes rook
  const char* warnings;  // code names, space-separated
  const Language* language = nullptr;
};

void check_ok(const OkCase& c) {
  const Position pos = setup(c.position);
  ResolveOptions options;
  options.language = c.language;
  const auto r = resolve(c.written, pos, options);
  REQUIRE_MESSAGE(r.has_value(), (r.has_value() ? "" : r.error().message));
  CHECK(r->move == mv(pos, c.expected));
  CHECK(codes(r->warnings) == c.warnings);
  for (const auto& w : r->warnings) CHECK_FALSE(w.message.empty());
}

}  // namespace

TEST_CASE("resolve: canonical writing resolves without warnings") {
  const OkCase cases[] = {
      {kStart, wm("Nf3"), "g1f3", ""},
      {kStart, wm("e4"), "e2e4", ""},
      {kStart, wm("e3"), "e2e3", ""},
      {"moves: e2e4 d7d5", wm("exd5"), "e4d5", ""},
      {"moves: e2e4 a7a6 e4e5 d7d5", wm("exd6"), "e5d6", ""},
      {"moves: e2e4 a7a6 e4e5 d7d5", wm("exd6 e.p."), "e5d6", ""},  // FIDE C.9.3 allows the mark
      {"moves: e2e4 e7e5 g1f3 b8c6", wm("Nxe5"), "f3e5", ""},
      {"moves: g1f3 d7d5 d2d3 g8f6", wm("Nbd2"), "b1d2", ""},
      {"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", wm("Rh2"), "h1h2", ""},
      {"7k/8/R7/8/8/8/8/R3K3 w - - 0 1", wm("R1a3"), "a1a3", ""},
      {"8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1", wm("Qh4e1"), "h4e1", ""},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", wm("e8=Q"), "e7e8q", ""},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", wm("e8Q"), "e7e8q", ""},    // FIDE's bare letter
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", wm("e8(Q)"), "e7e8q", ""},  // parenthesised
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", wm("e8=N+"), "e7e8n", ""},
      {kItalian, wm("O-O"), "e1h1", ""},
      {kItalian, wm("0-0"), "e1h1", ""},  // FIDE zeros
      {"moves: e2e4 e7e5 d1h5 b8c6 f1c4 g8f6", wm("Qxf7#"), "h5f7", ""},
      {"moves: f2f3 e7e5 g2g4", wm("Qh4#"), "d8h4", ""},
      {"moves: f2f3 e7e5 g2g4", wm("Qh4++"), "d8h4", ""},  // ++ is mate in FIDE/English
      {kStart, wm("--"), "b1b1", ""},
  };
  for (const auto& c : cases) {
    CAPTURE(c.position);
    CAPTURE(c.expected);
    if (std::string_view(c.expected) == "b1b1") {
      const auto r = resolve(c.written, setup(c.position));
      REQUIRE(r.has_value());
      CHECK(r->move.is_null());
      continue;
    }
    check_ok(c);
  }
}

TEST_CASE("resolve: coordinate styles (LAN, Long, UCI, ICCF)") {
  const OkCase cases[] = {
      {kStart, wm("e2-e4", NotationStyle::Lan), "e2e4", ""},
      {kStart, wm("Ng1-f3", NotationStyle::Lan), "g1f3", ""},
      {"moves: e2e4 d7d5", wm("e4xd5", NotationStyle::Lan), "e4d5", ""},
      {kStart, wm("Ng1f3", NotationStyle::Long), "g1f3", ""},
      {kStart, wm("e2e4", NotationStyle::Long), "e2e4", ""},
      {"moves: e2e4 d7d5", wm("e4d5", NotationStyle::Long), "e4d5", ""},  // FIDE: x optional
      {kStart, wm("g1f3", NotationStyle::Uci), "g1f3", ""},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", wm("e7e8q", NotationStyle::Uci), "e7e8q", ""},
      {kItalian, wm("e1g1", NotationStyle::Uci), "e1h1", ""},  // standard UCI castling
      {kItalian, wm("e1h1", NotationStyle::Uci), "e1h1", ""},  // UCI_Chess960 form, any mode
      {kStart, wm("5254", NotationStyle::Iccf), "e2e4", ""},
      {"k7/2P5/8/8/8/8/8/4K3 w - - 0 1", wm("37383", NotationStyle::Iccf), "c7c8b", ""},
      {kItalian, wm("5171", NotationStyle::Iccf), "e1h1", ""},  // castling as the king's move
      {"moves: e2e4 d7d5", wm("5445", NotationStyle::Iccf), "e4d5", ""},
  };
  for (const auto& c : cases) {
    CAPTURE(c.position);
    CAPTURE(c.expected);
    check_ok(c);
  }
}

TEST_CASE("resolve: lenient repairs, one named warning each") {
  const Language* ru = find_language("ru");
  REQUIRE(ru != nullptr);
  const OkCase cases[] = {
      // Capture marks.
      {"moves: e2e4 e7e5 g1f3 b8c6", wm("Ne5"), "f3e5", "W-CAPTURE-MISSING"},
      {"moves: e2e4 d7d5", wm("ed5"), "e4d5", "W-CAPTURE-MISSING"},
      {"moves: e2e4 d7d5", wm("e4-d5", NotationStyle::Lan), "e4d5", "W-CAPTURE-MISSING"},
      {kStart, wm("Nxf3"), "g1f3", "W-CAPTURE-SPURIOUS"},
      {kStart, wm("e2xe4", NotationStyle::Long), "e2e4", "W-CAPTURE-SPURIOUS"},
      // Minimal pawn captures: accepted when unique.
      {"moves: e2e4 d7d5", wm("ed"), "e4d5", "W-CAPTURE-MISSING W-ABBREVIATED"},
      {"moves: e2e4 d7d5", wm("exd"), "e4d5", "W-ABBREVIATED"},
      // Check and mate marks.
      {"moves: e2e4 e7e5", wm("Qh5+"), "d1h5", "W-CHECK-SPURIOUS"},
      {"moves: e2e4 f7f6", wm("Qh5"), "d1h5", "W-CHECK-MISSING"},
      {"moves: f2f3 e7e5 g2g4", wm("Qh4"), "d8h4", "W-MATE-MISSING"},
      {"moves: f2f3 e7e5 g2g4", wm("Qh4+"), "d8h4", "W-MATE-MISSING"},
      {"moves: e2e4 f7f6", wm("Qh5#"), "d1h5", "W-MATE-SPURIOUS"},
      {"moves: e2e4 e7e5", wm("Qh5#"), "d1h5", "W-MATE-SPURIOUS"},
      {"moves: e2e4 e7e5", wm("Qh5++"), "d1h5", "W-MATE-SPURIOUS"},
      // ++ as double check (Russian tradition).
      {"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", wm("Nf6++"), "e4f6", "", ru},
      {"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", wm("Nc3++"), "e4c3", "W-CHECK-SPURIOUS", ru},
      {"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", wm("Nf6++"), "e4f6", "W-MATE-SPURIOUS"},
      {"moves: f2f3 e7e5 g2g4", wm("Qh4++"), "d8h4", "W-MATE-MISSING", ru},
      {"moves: f2f3 e7e5 g2g4", wm("Qh4#"), "d8h4", "", ru},
      // Check marks do not disambiguate (PGN §8.2.3.5): the mark is wrong, the move stands.
      {"moves: e2e4 e7e5", wm("Bc4+"), "f1c4", "W-CHECK-SPURIOUS"},
      // Over-disambiguation: SAN only, and a full origin only when fewer hints suffice.
      {kStart, wm("Ngf3"), "g1f3", "W-OVER-DISAMBIGUATED"},
      {kStart, wm("N1f3"), "g1f3", "W-OVER-DISAMBIGUATED"},
      {kStart, wm("Ng1f3"), "g1f3", "W-OVER-DISAMBIGUATED"},
      {kStart, wm("e2e4"), "e2e4", "W-OVER-DISAMBIGUATED"},
      {"moves: g1f3 d7d5 d2d3 g8f6", wm("Nb1d2"), "b1d2", "W-OVER-DISAMBIGUATED"},
      {"8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1", wm("Qh4e1"), "h4e1", ""},
      // Letters.
      {kStart, lower(wm("Nf3")), "g1f3", "W-PIECE-CASE"},
      {kStart, wm("Pe4"), "e2e4", "W-PAWN-LETTER"},
      // e.p. mark on a move that is not en passant.
      {"moves: e2e4 d7d5", wm("exd5 e.p."), "e4d5", "W-EP-MARK"},
      // King moves written for castling.
      {kItalian, wm("Kg1"), "e1h1", "W-KING-MOVE-CASTLING"},
      {kItalian, wm("Kh1"), "e1h1", "W-KING-MOVE-CASTLING"},
      {kItalian, wm("Ke1-g1", NotationStyle::Lan), "e1h1", "W-KING-MOVE-CASTLING"},
      {kItalian, wm("Ke1g1", NotationStyle::Long), "e1h1", "W-KING-MOVE-CASTLING"},
      // Several repairs at once, in a stable order.
      {"moves: e2e4 e7e5 g1f3 b8c6", lower(wm("Ne5+")), "f3e5", "W-PIECE-CASE W-CAPTURE-MISSING W-CHECK-SPURIOUS"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.position);
    CAPTURE(c.expected);
    check_ok(c);
  }
}

TEST_CASE("resolve: lower-case b reads as bishop or b-pawn") {
  // After 1.e4 e5 only the bishop reading is legal: a bishop move with a case warning.
  check_ok({"moves: e2e4 e7e5", wm("bc4"), "f1c4", "W-PIECE-CASE"});
  // The grammar may also hand over the bishop reading directly.
  WrittenMove bishop = lower(wm("Bc4"));
  check_ok({"moves: e2e4 e7e5", bishop, "f1c4", "W-PIECE-CASE"});

  // The grammar's form (grammar/move_parser.hpp): the bishop reading, with the letter's file
  // kept for the pawn reading.
  WrittenMove grammar_form = bishop;
  grammar_form.from_file = File::B;
  grammar_form.also_pawn_capture = true;
  check_ok({"moves: e2e4 e7e5", grammar_form, "f1c4", "W-PIECE-CASE"});
  // Only the pawn reading legal: b3xc4 with its capture mark missing.
  check_ok({"rnbqkbnr/ppp1pppp/8/8/2p5/1P6/P1PPPPPP/RNBQKBNR w KQkq - 0 3", grammar_form, "b3c4", "W-CAPTURE-MISSING"});

  // b3 pawn, black pawn on c4 and a bishop that reaches c4: both readings are legal, and the
  // lower-case letter is the b-file (PGN import format; issue 18: master.pgn's `26.bc5`).
  const char* both = "rnbqkbnr/ppp1pppp/8/8/2p1P3/1P6/P1PP1PPP/RNBQKBNR w KQkq - 0 4";
  for (const WrittenMove& w : {wm("bc4"), bishop, grammar_form}) check_ok({both, w, "b3c4", "W-CAPTURE-MISSING"});
  WrittenMove colon = wm("b:c4");
  check_ok({both, colon, "b3c4", ""});
  // With the capture mark the pawn capture is canonical SAN and wins.
  check_ok({both, wm("bxc4"), "b3c4", ""});
  WrittenMove bishop_capture = lower(wm("Bxc4"));
  check_ok({both, bishop_capture, "b3c4", ""});
}

TEST_CASE("resolve: Chess960 castling (SP 140)") {
  const OkCase cases[] = {
      {kSp140Castle, wm("O-O"), "f8h8", ""},
      {kSp140Castle, wm("f8h8", NotationStyle::Uci), "f8h8", ""},
      {kSp140Castle, wm("Kg8"), "f8g8", ""},  // SAN: Kg8 is the king move, castling is O-O
      {kSp140Castle, wm("f8g8", NotationStyle::Uci), "f8g8", "W-UCI-CASTLING"},
      {kSp140Castle, wm("6878", NotationStyle::Iccf), "f8g8", "W-UCI-CASTLING"},
      {kSp140Castle, wm("6888", NotationStyle::Iccf), "f8h8", ""},
      // White's O-O-O in SP 140: king f1 → c1, the c1 rook → d1; UCI f1c1 is king takes rook.
      {kSp140Long, wm("O-O-O"), "f1c1", ""},
      {kSp140Long, wm("f1c1", NotationStyle::Uci), "f1c1", ""},
      {kSp140Long, wm("6131", NotationStyle::Iccf), "f1c1", ""},
      // King already on g1: O-O moves only the rook (UCI g1h1); ICCF writes king takes rook.
      {"960 6k1/8/8/8/8/8/8/R5KR w HA - 0 1", wm("O-O"), "g1h1", ""},
      {"960 6k1/8/8/8/8/8/8/R5KR w HA - 0 1", wm("7181", NotationStyle::Iccf), "g1h1", ""},
      {"960 6k1/8/8/8/8/8/8/R5KR w HA - 0 1", wm("O-O-O"), "g1a1", ""},
      {"960 6k1/8/8/8/8/8/8/R5KR w HA - 0 1", wm("7131", NotationStyle::Iccf), "g1a1", ""},
      // rk6/…/RK5R: b1c1 is an ordinary king move; castling is b1a1.
      {"960 1k6/8/8/8/8/8/8/RK5R w HA - 0 1", wm("b1c1", NotationStyle::Uci), "b1c1", "W-UCI-CASTLING"},
      {"960 1k6/8/8/8/8/8/8/RK5R w HA - 0 1", wm("b1a1", NotationStyle::Uci), "b1a1", ""},
      // A king-to-destination UCI castling that no plain move explains: castling, warned.
      {"960 1k6/8/8/8/8/8/8/RK5R w HA - 0 1", wm("b1g1", NotationStyle::Uci), "b1h1", "W-KING-MOVE-CASTLING"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.position);
    CAPTURE(c.expected);
    check_ok(c);
  }
  CHECK(setup(kSp140).is_chess960());
  // The X-FEN of the appendix reads the same without forcing: KQkq names the outer rooks.
  const auto plain = position_from_fen("nbrqnkbr/pppppppp/8/8/8/8/PPPPPPPP/NBRQNKBR w KQkq - 0 1");
  REQUIRE(plain.has_value());
  CHECK(plain->castling_rook(Color::White, CastlingSide::Queen) == Square::C1);
}

struct ErrorCase {
  const char* position;
  WrittenMove written;
  Code code;
  const char* message_part;
  std::vector<const char*> candidates;  // UCI squares (castling as king takes rook)
  bool strict = false;
  bool king_move_castling = true;
};

TEST_CASE("resolve: errors say why") {
  const ErrorCase cases[] = {
      // Illegal, with the reason in words.
      {"moves: e2e4 e7e5", wm("Ke3"), Code::Illegal, "Ke3: no king can reach e3", {}},
      {kStart, wm("Ne5"), Code::Illegal, "no knight can reach e5", {}},
      {kStart, wm("Qd3"), Code::Illegal, "no queen can reach d3", {}},
      {kStart, wm("e5"), Code::Illegal, "no pawn can reach e5", {}},
      {kStart, wm("exd3"), Code::Illegal, "no pawn can capture on d3", {}},
      {kStart, wm("Nd2"), Code::Illegal, "d2 is occupied by a white pawn", {}},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", wm("Nf3"), Code::Illegal, "White has no knight", {}},
      {"4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1", wm("Be3"), Code::Illegal, "the bishop on d2 is pinned", {}},
      {"4r1k1/8/8/8/8/8/8/2B1K3 w - - 0 1", wm("Bb2"), Code::Illegal, "the king is in check", {}},
      {"4r1k1/8/8/8/8/8/8/2B1K3 w - - 0 1", wm("Ke2"), Code::Illegal, "the king would be in check on e2", {}},
      {kStart,
       wm("Bg1-f3", NotationStyle::Lan),
       Code::Illegal,
       "the piece on g1 is a white knight, not a white bishop",
       {}},
      {kStart, wm("e3e4", NotationStyle::Uci), Code::Illegal, "there is no piece on e3", {}},
      {kStart, wm("e7e5", NotationStyle::Uci), Code::Illegal, "the piece on e7 is Black's", {}},
      {kStart, wm("e4=Q"), Code::Illegal, "only a pawn that reaches the last rank promotes", {}},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", wm("e8=K"), Code::Illegal, "promotes to a queen, rook, bishop or knight", {}},
      // Castling, with the reason.
      {kStart, wm("O-O"), Code::Illegal, "O-O: the squares between king and rook are not empty (f1 and g1)", {}},
      {"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", wm("O-O"), Code::Illegal, "O-O: no castling right", {}},
      {"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", wm("O-O"), Code::Illegal, "O-O: the king is in check", {}},
      {"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", wm("O-O"), Code::Illegal, "the king would pass through f1", {}},
      {"r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", wm("O-O"), Code::Illegal, "the king would be in check on g1", {}},
      {"r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1",
       wm("e1g1", NotationStyle::Uci),
       Code::Illegal,
       "O-O is not legal: the king would be in check on g1",
       {}},
      {"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", wm("Kg1"), Code::Illegal, "no king can reach g1", {}},
      {kItalian, wm("Kg1"), Code::Illegal, "castling is written O-O", {}, false, false},
      // Ambiguous, with the candidates.
      {"moves: e2e4 e7e5 g1e2 g8f6", wm("Nc3"), Code::Ambiguous, "Nc3 is ambiguous: Nbc3 or Nec3", {"b1c3", "e2c3"}},
      {"moves: g1f3 d7d5 d2d3 g8f6", wm("Nd2"), Code::Ambiguous, "Nd2 is ambiguous: Nbd2 or Nfd2", {"b1d2", "f3d2"}},
      {"7k/8/R7/8/8/8/8/R3K3 w - - 0 1",
       wm("Ra3"),
       Code::Ambiguous,
       "Ra3 is ambiguous: R1a3 or R6a3",
       {"a1a3", "a6a3"}},
      // Check marks never disambiguate: both knights still match.
      {"moves: e2e4 e7e5 g1e2 g8f6", wm("Nc3+"), Code::Ambiguous, "Nc3+ is ambiguous", {"b1c3", "e2c3"}},
      // Promotion without its piece: never a queen by default.
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1",
       wm("e8"),
       Code::PromotionPieceMissing,
       "e8=Q, e8=R, e8=B or e8=N+",
       {"e7e8q", "e7e8r", "e7e8b", "e7e8n"}},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1",
       wm("e7e8", NotationStyle::Uci),
       Code::PromotionPieceMissing,
       "the pawn must promote",
       {"e7e8q", "e7e8r", "e7e8b", "e7e8n"}},
      // Strict mode: the first warning is the error.
      {"moves: e2e4 e7e5 g1f3 b8c6", wm("Ne5"), Code::CaptureMissing, "capture mark missing: Nxe5", {}, true},
      {kStart, wm("Ngf3"), Code::OverDisambiguated, "Nf3", {}, true},
      {kItalian, wm("Kg1"), Code::KingMoveForCastling, "O-O", {}, true},
      {"moves: e2e4 e7e5", wm("Qh5+"), Code::CheckSpurious, "Qh5", {}, true},
  };
  for (const auto& c : cases) {
    CAPTURE(c.position);
    CAPTURE(c.message_part);
    const Position pos = setup(c.position);
    ResolveOptions options;
    options.strict = c.strict;
    options.king_move_castling = c.king_move_castling;
    const auto r = resolve(c.written, pos, options);
    REQUIRE_FALSE(r.has_value());
    CHECK(code_name(r.error().code) == code_name(c.code));
    CHECK_MESSAGE(r.error().message.find(c.message_part) != std::string::npos, r.error().message);
    REQUIRE(r.error().candidates.size() == c.candidates.size());
    for (std::size_t i = 0; i < c.candidates.size(); ++i) CHECK(r.error().candidates[i] == mv(pos, c.candidates[i]));
  }
}

// ResolveOptions::describe off (the suggestions' look-ahead): the same move, or the same error
// code and candidates, without a message or a remark. Rows of every outcome above.
TEST_CASE("resolve: without words, the same move or the same error") {
  struct Row {
    const char* position;
    WrittenMove written;
  };
  const Row rows[] = {
      {"moves: e2e4 e7e5", wm("Nf3")},                      // canonical
      {"moves: e2e4 e7e5 g1f3 b8c6", wm("Ne5")},            // W-CAPTURE-MISSING
      {"moves: e2e4 f7f6", wm("Qh5")},                      // W-CHECK-MISSING
      {"moves: f2f3 e7e5 g2g4", wm("Qh4+")},                // W-MATE-MISSING
      {"moves: e2e4 e7e5", wm("Qh5#")},                     // W-MATE-SPURIOUS
      {"moves: e2e4 d7d5", wm("ed")},                       // two remarks
      {"moves: e2e4 e7e5 g1f3 b8c6 f1c4 g8f6", wm("O-O")},  // castling
      {"moves: e2e4 e7e5 g1f3 b8c6 f1c4 g8f6", wm("Kg1")},  // W-KING-CASTLING
      {"moves: e2e4 e7e5", wm("Ke3")},                      // Illegal
      {"4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1", wm("Be3")},     // Illegal: pinned
      {kStart, wm("O-O")},                                  // Illegal castling
      {kStart, wm("e3e4", NotationStyle::Uci)},             // Illegal: no piece there
      {"moves: e2e4 e7e5 g1e2 g8f6", wm("Nc3")},            // Ambiguous
      {"8/P7/8/8/8/8/8/k3K3 w - - 0 1", wm("a8")},          // promotion piece missing
  };
  for (const Row& row : rows) {
    const Position pos = setup(row.position);
    CAPTURE(row.position);
    ResolveOptions quiet;
    quiet.describe = false;
    const auto said = resolve(row.written, pos);
    const auto bare = resolve(row.written, pos, quiet);
    REQUIRE(said.has_value() == bare.has_value());
    if (said) {
      CHECK(bare->move == said->move);
      CHECK(bare->warnings.empty());
    } else {
      CHECK(bare.error().code == said.error().code);
      CHECK(bare.error().candidates == said.error().candidates);
      CHECK(bare.error().message.empty());
      CHECK_FALSE(said.error().message.empty());
    }
  }
}

TEST_CASE("resolve: a canonical move allocates no warning storage") {
  const Position pos = setup("moves: e2e4 e7e5");
  const auto r = resolve(wm("Nf3"), pos);
  REQUIRE(r.has_value());
  CHECK(r->warnings.capacity() == 0);
}

TEST_CASE("resolve: the grammar's values for the appendix inputs") {
  // The same leniency inputs, read by parse_move, must land on the same outcomes.
  struct GrammarCase {
    const char* position;
    const char* token;
    const char* expected;  // UCI squares, or "" for an error
    const char* warnings;  // code names, or the error code's name
  };
  const GrammarCase cases[] = {
      {kItalian, "0-0", "e1h1", ""},
      {kItalian, "o-o", "e1h1", ""},
      {kItalian, "Kg1", "e1h1", "W-KING-MOVE-CASTLING"},
      {kItalian, "e1g1", "e1h1", ""},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e8=Q", "e7e8q", ""},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e8Q", "e7e8q", ""},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e8(Q)", "e7e8q", ""},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e8/Q", "e7e8q", ""},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e8", "", "E-PROMOTION"},
      {"moves: e2e4 a7a6 e4e5 d7d5", "exd6", "e5d6", ""},
      {"moves: e2e4 a7a6 e4e5 d7d5", "exd6e.p.", "e5d6", ""},
      {"moves: e2e4 a7a6 e4e5 d7d5", "exd6ep", "e5d6", ""},
      {kStart, "Ngf3", "g1f3", "W-OVER-DISAMBIGUATED"},
      {"moves: e2e4 e7e5 g1f3 b8c6", "Ne5", "f3e5", "W-CAPTURE-MISSING"},
      {"moves: e2e4 d7d5", "ed5", "e4d5", "W-CAPTURE-MISSING"},
      {"moves: e2e4 d7d5", "ed", "e4d5", "W-CAPTURE-MISSING W-ABBREVIATED"},
      {"moves: e2e4 e7e5", "Qh5+", "d1h5", "W-CHECK-SPURIOUS"},
      {"moves: f2f3 e7e5 g2g4", "Qh4++", "d8h4", ""},
      {"moves: e2e4 e7e5", "Ke3", "", "E-ILLEGAL"},
      {"moves: e2e4 e7e5 g1e2 g8f6", "Nc3", "", "E-AMBIGUOUS"},
      {kStart, "nf3", "g1f3", "W-PIECE-CASE"},
      {"moves: e2e4 e7e5", "bc4", "f1c4", "W-PIECE-CASE"},
      {kStart, "Pe4", "e2e4", "W-PAWN-LETTER"},
      {kStart, "e2-e4", "e2e4", ""},
      {kStart, "Ng1-f3", "g1f3", ""},
      {kStart, "5254", "e2e4", ""},
      {kSp140Castle, "f8g8", "f8g8", "W-UCI-CASTLING"},
      {kSp140Castle, "f8h8", "f8h8", ""},
      {kSp140Castle, "O-O", "f8h8", ""},
  };
  for (const auto& c : cases) {
    CAPTURE(c.position);
    CAPTURE(c.token);
    const Position pos = setup(c.position);
    const auto parsed = parse_move(c.token, english());
    REQUIRE_MESSAGE(parsed.has_value(), (parsed.has_value() ? "" : parsed.error().message));
    const auto r = resolve(parsed->move, pos);
    if (std::string_view(c.expected).empty()) {
      REQUIRE_FALSE(r.has_value());
      CHECK(code_name(r.error().code) == c.warnings);
    } else {
      REQUIRE_MESSAGE(r.has_value(), (r.has_value() ? "" : r.error().message));
      CHECK(r->move == mv(pos, c.expected));
      CHECK(codes(r->warnings) == c.warnings);
    }
  }
}

}  // namespace planilla
