// write_move(): a table per style and for several languages, then the round-trip property: for
// every legal move of a set of positions, in every style × every language, write → parse_move →
// resolve gives the same move with no warning.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <string_view>

#include "board/fen.hpp"
#include "grammar/move_parser.hpp"
#include "notation/diagnostic.hpp"
#include "notation/language.hpp"
#include "notation/resolve.hpp"
#include "notation/write.hpp"

#include "tests/support/board_fixtures.hpp"

namespace planilla {
namespace {

Move fixture_move(const Position& pos, std::string_view uci) { return test::fixture_move(pos, uci); }
Position position(std::string_view text) { return test::fixture_position(text); }

const Language& lang(std::string_view code) {
  const Language* l = find_language(code);
  REQUIRE_MESSAGE(l != nullptr, "no language " << code);
  return *l;
}

constexpr const char* kItalian = "moves: e2e4 e7e5 g1f3 b8c6 f1c4 f8c5";
constexpr const char* kQueenSide = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr const char* kPromotion = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
constexpr const char* kPromotionCapture = "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1";
constexpr const char* kEnPassant = "moves: e2e4 a7a6 e4e5 d7d5";
constexpr const char* kFool = "moves: f2f3 e7e5 g2g4";
constexpr const char* kQueens = "8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1";
constexpr const char* kRooks = "7k/8/R7/8/8/8/8/R3K3 w - - 0 1";
constexpr const char* kKnights = "moves: g1f3 d7d5 d2d3 g8f6";
constexpr const char* kSp140 = "960 nbrqnkbr/pppppppp/8/8/8/8/PPPPPPPP/NBRQNKBR w KQkq - 0 1";
constexpr const char* kSp140Castle =
    "960 nbrqnkbr/pppppppp/8/8/8/8/PPPPPPPP/NBRQNKBR w KQkq - 0 1 moves: f2f4 h7h6 g2g3 f7f5 e1g2 g8f7 e2e4";
constexpr const char* kSp140Long =
    "960 nbrqnkbr/pppppppp/8/8/8/8/PPPPPPPP/NBRQNKBR w KQkq - 0 1 moves: f2f4 h7h6 g2g3 f7f5 e1g2 g8f7 e2e4 "
    "f8h8 d1g4 e8f6";
constexpr const char* kKingOnG1 = "960 6k1/8/8/8/8/8/8/R5KR w HA - 0 1";
constexpr const char* kKingOnB1 = "960 1k6/8/8/8/8/8/8/RK5R w HA - 0 1";

struct WriteCase {
  const char* position;
  const char* move;  // UCI squares, castling as king takes rook
  NotationStyle style;
  const char* language;  // code
  const char* expected;
  bool castling_zeros = false;
  bool promotion_equals = true;
  bool phonetic_files = false;
  bool uci_chess960 = false;
  bool check_marks = true;
};

void check_writes(std::initializer_list<WriteCase> cases) {
  for (const WriteCase& c : cases) {
    CAPTURE(c.position);
    CAPTURE(c.move);
    CAPTURE(c.language);
    const Position pos = position(c.position);
    WriteOptions o;
    o.language = &lang(c.language);
    o.style = c.style;
    o.castling_zeros = c.castling_zeros;
    o.promotion_equals = c.promotion_equals;
    o.phonetic_files = c.phonetic_files;
    o.uci_chess960 = c.uci_chess960;
    o.check_marks = c.check_marks;
    const Move m = std::string_view(c.move) == "null" ? Move::null() : fixture_move(pos, c.move);
    CHECK(write_move(pos, m, o) == c.expected);
    std::string appended = "1. ";
    append_move(appended, pos, m, o);
    CHECK(appended == std::string("1. ") + c.expected);
  }
}

}  // namespace

TEST_CASE("write: SAN in English (PGN export form)") {
  using S = NotationStyle;
  check_writes({
      {"moves:", "g1f3", S::San, "en", "Nf3"},
      {"moves:", "e2e4", S::San, "en", "e4"},
      {"moves: e2e4 d7d5", "e4d5", S::San, "en", "exd5"},
      {kEnPassant, "e5d6", S::San, "en", "exd6"},  // PGN: no e.p. mark
      {kKnights, "b1d2", S::San, "en", "Nbd2"},
      {kKnights, "f3d2", S::San, "en", "Nfd2"},
      {kKnights, "f3e5", S::San, "en", "Ne5"},
      {kRooks, "a1a3", S::San, "en", "R1a3"},
      {kRooks, "a6a3", S::San, "en", "R6a3"},
      {kQueens, "h4e1", S::San, "en", "Qh4e1"},
      {kQueens, "e4e1", S::San, "en", "Qee1"},
      {kQueens, "h1e1", S::San, "en", "Q1e1"},
      {kPromotion, "e7e8q", S::San, "en", "e8=Q"},
      {kPromotion, "e7e8n", S::San, "en", "e8=N+"},
      {kPromotion, "e7e8q", S::San, "en", "e8Q", false, false},
      {kPromotionCapture, "e7d8q", S::San, "en", "exd8=Q+"},
      {kItalian, "e1h1", S::San, "en", "O-O"},
      {kItalian, "e1h1", S::San, "en", "0-0", true},
      {kQueenSide, "e1a1", S::San, "en", "O-O-O"},
      {kQueenSide, "e1a1", S::San, "en", "0-0-0", true},
      {kFool, "d8h4", S::San, "en", "Qh4#"},
      {kFool, "d8h4", S::San, "en", "Qh4", false, true, false, false, false},
      {"moves: e2e4 f7f6", "d1h5", S::San, "en", "Qh5+"},
      {"moves:", "null", S::San, "en", "--"},
  });
}

TEST_CASE("write: SAN with other languages' letters") {
  using S = NotationStyle;
  check_writes({
      {"moves:", "g1f3", S::San, "es", "Cf3"},
      {"moves:", "g1f3", S::San, "de", "Sf3"},
      {"moves:", "g1f3", S::San, "fr", "Cf3"},
      {"moves:", "g1f3", S::San, "ru", "Кf3"},
      {"moves: e2e4 e7e5", "f1c4", S::San, "es", "Ac4"},
      {"moves: e2e4 e7e5", "f1c4", S::San, "fr", "Fc4"},
      {"moves: e2e4 e7e5", "f1c4", S::San, "de", "Lc4"},
      {"moves: e2e4 e7e5", "f1c4", S::San, "ru", "Сc4"},
      {"4k3/8/8/8/8/8/8/6K1 w - - 0 1", "g1h1", S::San, "ru", "Крh1"},
      {"4k3/8/8/8/8/8/8/6K1 w - - 0 1", "g1h1", S::San, "es", "Rh1"},
      {"4k3/8/8/8/8/8/8/6K1 w - - 0 1", "g1h1", S::San, "de", "Kh1"},
      {kPromotion, "e7e8q", S::San, "es", "e8=D"},
      {kPromotion, "e7e8q", S::San, "de", "e8D", false, false},
      {kPromotion, "e7e8q", S::San, "ru", "e8=Ф"},
      {kFool, "d8h4", S::San, "es", "Dh4#"},
      {kItalian, "e1h1", S::San, "es", "O-O"},
      {kKnights, "b1d2", S::San, "es", "Cbd2"},
  });
}

TEST_CASE("write: figurine, white glyphs for White and black glyphs for Black") {
  using S = NotationStyle;
  check_writes({
      {"moves:", "g1f3", S::Figurine, "en", "♘f3"},
      {"moves: g1f3", "b8c6", S::Figurine, "en", "♞c6"},
      {"moves: e2e4 e7e5", "f1c4", S::Figurine, "de", "♗c4"},  // language-free
      {"moves: e2e4 d7d5", "e4d5", S::Figurine, "en", "exd5"},
      {kPromotion, "e7e8q", S::Figurine, "en", "e8=♕"},
      {kFool, "d8h4", S::Figurine, "en", "♛h4#"},
      {kKnights, "b1d2", S::Figurine, "en", "♘bd2"},
      {kItalian, "e1h1", S::Figurine, "en", "O-O"},
  });
}

TEST_CASE("write: LAN and FIDE's compact long form") {
  using S = NotationStyle;
  check_writes({
      {"moves:", "g1f3", S::Lan, "en", "Ng1-f3"},
      {"moves:", "e2e4", S::Lan, "en", "e2-e4"},
      {"moves: e2e4 d7d5", "e4d5", S::Lan, "en", "e4xd5"},
      {"moves: e2e4 e7e5 g1f3 b8c6", "f3e5", S::Lan, "en", "Nf3xe5"},
      {kPromotionCapture, "e7d8q", S::Lan, "en", "e7xd8=Q+"},
      {kItalian, "e1h1", S::Lan, "en", "O-O"},
      {"moves:", "g1f3", S::Lan, "es", "Cg1-f3"},
      {"moves:", "g1f3", S::Lan, "ru", "Кg1-f3"},
      {"moves:", "g1f3", S::Long, "en", "Ng1f3"},
      {"moves:", "e2e4", S::Long, "en", "e2e4"},
      {kEnPassant, "e5d6", S::Long, "en", "e5xd6"},
      {kPromotionCapture, "e7d8q", S::Long, "en", "e7xd8Q+"},
      {kPromotion, "e7e8q", S::Long, "es", "e7e8D"},
      {"moves: e2e4 f7f6", "d1h5", S::Long, "de", "Dd1h5+"},
      {kQueenSide, "e1a1", S::Long, "en", "O-O-O"},
  });
}

TEST_CASE("write: UCI and ICCF, standard chess and Chess960") {
  using S = NotationStyle;
  check_writes({
      {"moves:", "e2e4", S::Uci, "en", "e2e4"},
      {kPromotion, "e7e8q", S::Uci, "es", "e7e8q"},  // UCI letters are English, lower case
      {kPromotion, "e7e8n", S::Uci, "en", "e7e8n"},
      {kItalian, "e1h1", S::Uci, "en", "e1g1"},
      {kItalian, "e1h1", S::Uci, "en", "e1h1", false, true, false, true},  // uci_chess960
      {kQueenSide, "e1a1", S::Uci, "en", "e1c1"},
      {kSp140Castle, "f8h8", S::Uci, "en", "f8h8"},
      {kSp140Castle, "f8g8", S::Uci, "en", "f8g8"},
      {kSp140Long, "f1c1", S::Uci, "en", "f1c1"},
      {kKingOnG1, "g1h1", S::Uci, "en", "g1h1"},
      {"moves:", "null", S::Uci, "en", "0000"},
      {"moves:", "e2e4", S::Iccf, "en", "5254"},
      {"moves:", "g1f3", S::Iccf, "en", "7163"},
      {"k7/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8q", S::Iccf, "en", "37381"},
      {"k7/5P2/8/8/8/8/8/4K3 w - - 0 1", "f7f8r", S::Iccf, "en", "67682"},
      {kPromotion, "e7e8b", S::Iccf, "en", "57583"},
      {kPromotion, "e7e8n", S::Iccf, "en", "57584"},
      {kItalian, "e1h1", S::Iccf, "en", "5171"},
      {kQueenSide, "e1a1", S::Iccf, "en", "5131"},
      {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8h8", S::Iccf, "en", "5878"},
      {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8", S::Iccf, "en", "5838"},
      // Chess960: the king's start and end squares, unless a plain king move has them too or the
      // king does not move; then king takes rook.
      {kSp140Long, "f1c1", S::Iccf, "en", "6131"},
      {kSp140Castle, "f8h8", S::Iccf, "en", "6888"},
      {kSp140Castle, "f8g8", S::Iccf, "en", "6878"},
      {kKingOnG1, "g1h1", S::Iccf, "en", "7181"},
      {kKingOnG1, "g1a1", S::Iccf, "en", "7131"},
      {"moves:", "null", S::Iccf, "en", "0000"},
  });
}

TEST_CASE("write: spoken (FIDE announcements), English and Spanish, phonetic files") {
  using S = NotationStyle;
  check_writes({
      {"moves:", "g1f3", S::Spoken, "en", "Knight f three"},
      {"moves:", "e2e4", S::Spoken, "en", "e four"},
      {"moves: e2e4 d7d5", "e4d5", S::Spoken, "en", "e takes d five"},
      {"moves: e2e4 e7e5 g1f3 b8c6", "f3e5", S::Spoken, "en", "Knight takes e five"},
      {kKnights, "b1d2", S::Spoken, "en", "Knight b d two"},
      {kEnPassant, "e5d6", S::Spoken, "en", "e takes d six en passant"},
      {kPromotion, "e7e8q", S::Spoken, "en", "e eight promotes to queen"},
      {kPromotion, "e7e8n", S::Spoken, "en", "e eight promotes to knight check"},
      {kFool, "d8h4", S::Spoken, "en", "Queen h four mate"},
      {kItalian, "e1h1", S::Spoken, "en", "Castles short"},
      {kQueenSide, "e1a1", S::Spoken, "en", "Castles long"},
      {"moves:", "g1f3", S::Spoken, "en", "Knight Felix three", false, true, true},
      {"moves:", "e2e4", S::Spoken, "en", "Eva four", false, true, true},
      {"moves:", "null", S::Spoken, "en", "null move"},
      {"moves:", "g1f3", S::Spoken, "es", "Caballo f tres"},
      {"moves: e2e4 e7e5 g1f3 b8c6", "f3e5", S::Spoken, "es", "Caballo toma e cinco"},
      {kFool, "d8h4", S::Spoken, "es", "Dama h cuatro jaque mate"},
      {"moves: e2e4 f7f6", "d1h5", S::Spoken, "es", "Dama h cinco jaque"},
      {kItalian, "e1h1", S::Spoken, "es", "Enroque corto"},
      {kQueenSide, "e1a1", S::Spoken, "es", "Enroque largo"},
      {kPromotion, "e7e8q", S::Spoken, "es", "e ocho promociona a dama"},
      {"moves:", "g1f3", S::Spoken, "es", "Caballo Félix tres", false, true, true},
      {"moves:", "g1f3", S::Spoken, "de", "Springer f drei"},
      {"moves:", "g1f3", S::Spoken, "fr", "Cavalier f trois"},
      // No spoken vocabulary: the language's piece words, squares as written, PGN symbols.
      {"moves:", "g1f3", S::Spoken, "ru", "Конь f3"},
      {"moves: e2e4 e7e5 g1f3 b8c6", "f3e5", S::Spoken, "ru", "Конь x e5"},
      {kFool, "d8h4", S::Spoken, "ru", "Ферзь h4 #"},
  });
}

TEST_CASE("write: spoken in every language is well-formed words") {
  // Spoken text cannot be parsed back (no spoken grammar), so check its shape instead: every
  // legal move gives non-empty words separated by single spaces, for every language row.
  for (const char* text : {"moves:", kPromotionCapture, kItalian, kQueenSide, kKnights, kEnPassant, kFool}) {
    const Position pos = position(text);
    for (const Language& language : all_languages()) {
      for (bool phonetic : {false, true}) {
        WriteOptions o;
        o.language = &language;
        o.style = NotationStyle::Spoken;
        o.phonetic_files = phonetic;
        for (Move m : pos.legal_moves()) {
          const std::string s = write_move(pos, m, o);
          CAPTURE(language.code);
          CAPTURE(s);
          CHECK_FALSE(s.empty());
          CHECK(s.find("  ") == std::string::npos);
          CHECK(s.front() != ' ');
          CHECK(s.back() != ' ');
        }
      }
    }
  }
}

TEST_CASE("write: san_disambiguation") {
  const Position knights = position(kKnights);
  CHECK(san_disambiguation(knights, fixture_move(knights, "b1d2")) == Disambiguation::File);
  CHECK(san_disambiguation(knights, fixture_move(knights, "f3e5")) == Disambiguation::None);
  const Position rooks = position(kRooks);
  CHECK(san_disambiguation(rooks, fixture_move(rooks, "a1a3")) == Disambiguation::Rank);
  const Position queens = position(kQueens);
  CHECK(san_disambiguation(queens, fixture_move(queens, "h4e1")) == Disambiguation::Square);
  const Position capture = position("moves: e2e4 d7d5");
  CHECK(san_disambiguation(capture, fixture_move(capture, "e4d5")) == Disambiguation::File);
}

TEST_CASE("write → parse_move → resolve round-trips every legal move in every style × language") {
  const char* positions[] = {
      "moves:",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // kiwipete
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",  // promotions for Black
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",  // and for White
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      kEnPassant,
      kFool,
      kQueens,
      kRooks,
      kKnights,
      kItalian,
      kQueenSide,
      kPromotionCapture,
      "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",  // discovered and double checks
      kSp140,
      kSp140Castle,
      kSp140Long,
      kKingOnG1,
      kKingOnB1,
      "960 bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
  };
  const NotationStyle styles[] = {NotationStyle::San,  NotationStyle::Figurine, NotationStyle::Lan,
                                  NotationStyle::Long, NotationStyle::Uci,      NotationStyle::Iccf};
  struct Variant {
    bool castling_zeros;
    bool promotion_equals;
  };
  const Variant variants[] = {{false, true}, {true, false}};

  long checked = 0;
  long expected_uci_ambiguity = 0;
  long failures = 0;
  for (const char* text : positions) {
    CAPTURE(text);
    const Position pos = position(text);
    const MoveList moves = pos.legal_moves();
    for (const Language& language : all_languages()) {
      for (NotationStyle style : styles) {
        for (const Variant& v : variants) {
          for (Move m : moves) {
            WriteOptions wo;
            wo.language = &language;
            wo.style = style;
            wo.castling_zeros = v.castling_zeros;
            wo.promotion_equals = v.promotion_equals;
            const std::string token = write_move(pos, m, wo);
            const auto parsed = parse_move(token, language);
            ResolveOptions ro;
            ro.language = &language;
            std::string problem;
            if (!parsed.has_value()) {
              problem = "parse error: " + parsed.error().message;
            } else {
              const auto r = resolve(parsed->move, pos, ro);
              if (!r.has_value()) {
                problem = std::string(code_name(r.error().code)) + ": " + r.error().message;
              } else if (r->move != m) {
                problem = "resolved to another move";
              } else if (!r->warnings.empty()) {
                // Documented exception: in Chess960 a bare-squares king move onto its castling
                // square while castling is legal is read as the king move, with W-UCI-CASTLING.
                const bool documented = r->warnings.size() == 1 && r->warnings[0].code == Code::UciCastlingAmbiguous &&
                                        pos.is_chess960() && !m.is_castling() &&
                                        (style == NotationStyle::Uci || style == NotationStyle::Iccf);
                if (documented) ++expected_uci_ambiguity;
                else problem = std::string(code_name(r->warnings[0].code)) + ": " + r->warnings[0].message;
              }
            }
            ++checked;
            if (!problem.empty()) {
              ++failures;
              if (failures <= 25)
                FAIL_CHECK(language.code << " style " << static_cast<int>(style) << " '" << token << "': " << problem);
            }
          }
        }
      }
    }
  }
  MESSAGE("round trip: " << checked << " (position, move, style, language, options) cases, " << expected_uci_ambiguity
                         << " documented W-UCI-CASTLING, " << failures << " failures");
  CHECK(failures == 0);
  CHECK(expected_uci_ambiguity > 0);
}

TEST_CASE("write: format_move (fixed buffer) writes what append_move appends") {
  const char* positions[] = {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                             kEnPassant,
                             kPromotionCapture,
                             kQueens,
                             kKnights,
                             kSp140Castle,
                             "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
                             "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1"};
  const NotationStyle styles[] = {NotationStyle::San,  NotationStyle::Figurine, NotationStyle::Lan,
                                  NotationStyle::Long, NotationStyle::Uci,      NotationStyle::Iccf};
  long compared = 0;
  for (const char* text : positions) {
    CAPTURE(text);
    const Position pos = position(text);
    for (const Language& language : all_languages()) {
      for (NotationStyle style : styles) {
        WriteOptions wo;
        wo.language = &language;
        wo.style = style;
        for (Move m : pos.legal_moves()) {
          // With the facts the reader knows (a wrong mark here must show in both) and without.
          SanFacts facts;
          facts.disambiguation = san_disambiguation(pos, m);
          facts.check = pos.gives_check(m);
          facts.mate = facts.check && pos.after(m).is_checkmate();
          const SanFacts* const known = &facts;
          for (const SanFacts* f : {static_cast<const SanFacts*>(nullptr), known}) {
            std::string expected;
            append_move(expected, pos, m, wo, f);
            MoveText formatted;
            REQUIRE(format_move(formatted, pos, m, wo, f));
            CHECK(formatted.view() == expected);
            ++compared;
          }
        }
      }
    }
  }
  MESSAGE("format_move = append_move in " << compared << " cases");
  const Position start = Position::startpos();
  MoveText text;
  WriteOptions spoken;
  spoken.style = NotationStyle::Spoken;
  CHECK_FALSE(format_move(text, start, start.legal_moves()[0], spoken));  // words: append_move's
  // Past the capacity nothing is written and the overflow is remembered, until clear().
  text.clear();
  text += std::string_view("e4");
  text += std::string(MoveText::kCapacity, 'x');
  CHECK(text.overflow());
  CHECK(text.view() == "e4");
  text.clear();
  CHECK_FALSE(text.overflow());
  CHECK(text.view().empty());
}

}  // namespace planilla
