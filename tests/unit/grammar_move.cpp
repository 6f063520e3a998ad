// parse_move: text → WrittenMove for the algebraic family, table-driven. Each row names a token, a
// language and the expected value written compactly by describe() below, or an expected error
// (offset and a message fragment).
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include <tao/pegtl/contrib/analyze.hpp>

#include "grammar/move.hpp"
#include "grammar/move_parser.hpp"
#include "notation/language.hpp"

using namespace planilla;

namespace {

// One line per value: the style, then only the fields that differ from a default WrittenMove.
std::string describe(const ParsedMove& parsed) {
  const WrittenMove& m = parsed.move;
  constexpr const char* kStyles[] = {"San", "Lan", "Long", "Uci", "Iccf", "Null"};
  constexpr const char* kPieces = "PNBRQK";
  std::string out = kStyles[static_cast<int>(m.style)];
  if (m.piece != PieceType::None) out += std::string(" ") + kPieces[index_of(m.piece)];
  if (m.from_file || m.from_rank) {
    out += " from=";
    if (m.from_file) out += file_char(*m.from_file);
    if (m.from_rank) out += rank_char(*m.from_rank);
  }
  if (m.to_file || m.to_rank) {
    out += " to=";
    if (m.to_file) out += file_char(*m.to_file);
    if (m.to_rank) out += rank_char(*m.to_rank);
  }
  if (m.capture) out += m.capture_suffix ? " x:" : " x";
  if (m.promotion != PieceType::None) out += std::string(" =") + kPieces[index_of(m.promotion)];
  if (m.promotion_marked && m.promotion == PieceType::None) out += " =?";
  if (m.castle) out += *m.castle == CastlingSide::King ? " O-O" : " O-O-O";
  constexpr const char* kChecks[] = {"", " +", " ++", " #"};
  out += kChecks[static_cast<int>(m.check)];
  if (m.en_passant_mark) out += " ep";
  if (m.draw_offer) out += " (=)";
  if (m.nag != 0) out += " nag=" + std::to_string(m.nag);
  if (m.piece_lowercase) out += " lower";
  if (m.pawn_letter_written) out += " pawn-letter";
  if (m.also_pawn_capture) out += " also-pawn";
  if (parsed.folded) out += " folded";
  if (parsed.lookalike) out += " lookalike";
  if (parsed.figurine) out += " figurine";
  return out;
}

const Language& lang(const char* code) { return *find_language(code); }

MoveStyles only(std::initializer_list<NotationStyle> styles) {
  MoveStyles out{0};
  for (NotationStyle s : styles) out.bits |= 1u << static_cast<unsigned>(s);
  return out;
}

struct Row {
  std::string_view token;
  const char* language;
  std::string_view expected;
};

void check_rows(std::initializer_list<Row> rows, MoveStyles styles = MoveStyles::all()) {
  for (const Row& row : rows) {
    CAPTURE(row.token);
    CAPTURE(row.language);
    const auto parsed = parse_move(row.token, lang(row.language), styles);
    if (!parsed) {
      FAIL_CHECK("error at " << parsed.error().offset << ": " << parsed.error().message);
      continue;
    }
    CHECK(describe(*parsed) == row.expected);
  }
}

struct ErrorRow {
  std::string_view token;
  const char* language;
  std::uint32_t offset;
  const char* message_part;
};

void check_errors(std::initializer_list<ErrorRow> rows, MoveStyles styles = MoveStyles::all()) {
  for (const ErrorRow& row : rows) {
    CAPTURE(row.token);
    CAPTURE(row.language);
    const auto parsed = parse_move(row.token, lang(row.language), styles);
    if (parsed) {
      FAIL_CHECK("parsed as " << describe(*parsed));
      continue;
    }
    CHECK(parsed.error().offset == row.offset);
    CHECK_MESSAGE(parsed.error().message.find(row.message_part) != std::string::npos, parsed.error().message);
  }
}

}  // namespace

TEST_CASE("the move grammar has no cycles without progress") {
  CHECK(tao::pegtl::analyze<grammar::move::grammar>(-1) == 0);
}

TEST_CASE("SAN pieces, disambiguation, captures") {
  check_rows({
      {"Nf3", "en", "San N to=f3"},
      {"Nbd7", "en", "San N from=b to=d7"},
      {"R1a3", "en", "San R from=1 to=a3"},
      {"Nbxd7", "en", "San N from=b to=d7 x"},
      {"R1xa3", "en", "San R from=1 to=a3 x"},
      {"Kh1", "en", "San K to=h1"},
      {"Qxe5", "en", "San Q to=e5 x"},
      {"Q:e5", "en", "San Q to=e5 x"},
      {"B×e5", "en", "San B to=e5 x"},
      {"Le5:", "de", "San B to=e5 x:"},
      {"L:e5", "de", "San B to=e5 x"},
      {"Ktf3", "en", "San N to=f3"},
      {"Kte3xd5", "en", "Lan N from=e3 to=d5 x"},
      {"Cxe5+", "es", "San N to=e5 x +"},
      {"Dh5", "es", "San Q to=h5"},
      {"Rh1", "es", "San K to=h1"},
      {"Rh1", "en", "San R to=h1"},
      {"Pf3", "nl", "San N to=f3"},
      {"Pf3", "en", "San P to=f3 pawn-letter"},
  });
}

TEST_CASE("SAN pawns, minimal captures, promotion forms") {
  check_rows({
      {"e4", "en", "San to=e4"},
      {"exd5", "en", "San from=e to=d5 x"},
      {"ed5", "en", "San from=e to=d5"},
      {"ed", "en", "San from=e to=d"},
      {"exd", "en", "San from=e to=d x"},
      {"cd:", "de", "San from=c to=d x:"},
      {"e8=Q", "en", "San to=e8 =Q"},
      {"e8Q", "en", "San to=e8 =Q"},
      {"e8(Q)", "en", "San to=e8 =Q"},
      {"e8/Q", "en", "San to=e8 =Q"},
      {"e8=q", "en", "San to=e8 =Q"},
      {"e8=♕", "en", "San to=e8 =Q figurine"},
      {"exd8=N+", "en", "San from=e to=d8 x =N +"},
      {"e8D", "de", "San to=e8 =Q"},
      {"e8=Ф", "ru", "San to=e8 =Q"},
      {"g8V", "tr", "San to=g8 =Q"},
      {"Pe4", "en", "San P to=e4 pawn-letter"},
      {"Be4", "de", "San P to=e4 pawn-letter"},
      {"e8", "en", "San to=e8"},
  });
}

TEST_CASE("castling with every dash and zero") {
  check_rows({
      {"O-O", "en", "San O-O"},
      {"O-O-O", "en", "San O-O-O"},
      {"0-0", "en", "San O-O"},
      {"0-0-0", "en", "San O-O-O"},
      {"o-o", "en", "San O-O"},
      {"o-o-o", "en", "San O-O-O"},
      {"O–O", "en", "San O-O folded"},      // en dash
      {"O—O—O", "en", "San O-O-O folded"},  // em dash
      {"0−0", "en", "San O-O folded"},      // minus sign
      {"0‑0", "en", "San O-O folded"},      // U+2011
      {"0—0", "ru", "San O-O folded"},
      {"00", "en", "San O-O"},
      {"000", "en", "San O-O-O"},
      {"O-O+", "en", "San O-O +"},
      {"O-O-O#", "en", "San O-O-O #"},
      {"0-0!?", "de", "San O-O nag=5"},
      {"Ο-Ο", "el", "San O-O"},      // Greek capital omicron
      {"О-О-О", "ru", "San O-O-O"},  // Cyrillic capital O
  });
}

TEST_CASE("check, mate and double-check marks as written") {
  check_rows({
      {"Qh5+", "en", "San Q to=h5 +"},
      {"Qh4++", "en", "San Q to=h4 ++"},
      {"Qh4#", "en", "San Q to=h4 #"},
      {"Qh4‡", "en", "San Q to=h4 #"},
      {"Qh4†", "en", "San Q to=h4 +"},
      {"Фh4++", "ru", "San Q to=h4 ++"},
      {"Фh4X", "ru", "San Q to=h4 #"},
      {"Фh4Х", "ru", "San Q to=h4 #"},
      {"Фh4Х", "uk", "San Q to=h4 #"},
      {"Dh4X", "cs", "San Q to=h4 #"},
      {"Dh4+ +", "cs", "San Q to=h4 ++"},
      {"NXf3", "en", "San N to=f3 x"},  // infix X is a capture in every language
  });
  check_errors({
      {"Qh4X", "en", 3, "unexpected 'X' after the move"},
      {"Dh4X", "de", 3, "X for mate is not used in German"},
      {"Qh4+#", "en", 4, "unexpected '#'"},
  });
}

TEST_CASE("en passant, draw offer and annotation glyphs") {
  check_rows({
      {"exd6e.p.", "en", "San from=e to=d6 x ep"},
      {"exd6 e.p.", "en", "San from=e to=d6 x ep"},
      {"exd6ep", "en", "San from=e to=d6 x ep"},
      {"exd6 ep", "en", "San from=e to=d6 x ep"},
      {"exd6a.p.", "es", "San from=e to=d6 x ep"},
      {"exd6 a.p.", "es", "San from=e to=d6 x ep"},
      {"exd6 (a.p)", "ca", "San from=e to=d6 x ep"},
      {"exd6e.p.+", "en", "San from=e to=d6 x + ep"},
      {"exd6+ e.p.", "en", "San from=e to=d6 x + ep"},
      {"Kb1(=)", "en", "San K to=b1 (=)"},
      {"Kb1 (=)", "en", "San K to=b1 (=)"},
      {"Nf3+!? (=)", "en", "San N to=f3 + (=) nag=5"},
      {"e4!", "en", "San to=e4 nag=1"},
      {"e4?", "en", "San to=e4 nag=2"},
      {"e4!!", "en", "San to=e4 nag=3"},
      {"e4??", "en", "San to=e4 nag=4"},
      {"e4!?", "en", "San to=e4 nag=5"},
      {"e5?!", "en", "San to=e5 nag=6"},
      {"Qh4#!!", "en", "San Q to=h4 # nag=3"},
      // A period glued after the move is a PGN token of its own (8.2.2): master.pgn's `16 e5.`.
      {"e5.", "en", "San to=e5"},
      {"Nf3...", "en", "San N to=f3"},
      {"O-O.", "en", "San O-O"},
      {"exd6e.p..", "en", "San from=e to=d6 x ep"},
  });
}

TEST_CASE("lower-case piece letters and the b-file") {
  check_rows({
      {"nf3", "en", "San N to=f3 lower"},
      {"qh5", "en", "San Q to=h5 lower"},
      {"b4", "en", "San to=b4"},
      {"bxc4", "en", "San from=b to=c4 x"},
      {"bc4", "en", "San B from=b to=c4 lower also-pawn"},
      {"ba4", "en", "San B from=b to=a4 lower also-pawn"},
      {"be4", "en", "San B to=e4 lower"},
      {"bxe5", "en", "San B to=e5 x lower"},
      {"bb4", "en", "San B to=b4 lower"},
      {"bbc4", "en", "San B from=b to=c4 lower"},
      {"ed5", "en", "San from=e to=d5"},  // e is no English piece: plain pawn capture
      {"cd4", "es", "San N from=c to=d4 lower also-pawn"},
      {"de5", "de", "San Q from=d to=e5 lower also-pawn"},
      {"be5", "de", "San from=b to=e5"},  // German b is the pawn letter, not a piece
      {"a6", "es", "San to=a6"},
      {"крh1", "ru", "San K to=h1 lower"},
      {"ktf3", "en", "San N to=f3 lower"},
      {"şg1", "tr", "San K to=g1 lower"},
  });
}

TEST_CASE("LAN, FIDE long, UCI, ICCF and null moves") {
  check_rows({
      {"e2-e4", "en", "Lan from=e2 to=e4"},
      {"Ng1-f3", "en", "Lan N from=g1 to=f3"},
      {"Ng1xf3", "en", "Lan N from=g1 to=f3 x"},
      {"e7xd8=Q", "en", "Lan from=e7 to=d8 x =Q"},
      {"Qd1:d4", "en", "Lan Q from=d1 to=d4 x"},
      {"Кg1-f3", "ru", "Lan N from=g1 to=f3"},
      {"Кf6:e4", "ru", "Lan N from=f6 to=e4 x"},
      {"e5:d4", "ru", "Lan from=e5 to=d4 x"},
      {"e4xd5", "en", "Lan from=e4 to=d5 x"},
      {"Bf8-e7+", "en", "Lan B from=f8 to=e7 +"},
      {"e2–e4", "en", "Lan from=e2 to=e4 folded"},
      {"Cg1f3", "es", "Long N from=g1 to=f3"},
      {"Ng1f3", "en", "Long N from=g1 to=f3"},
      {"Qh4e1", "en", "Long Q from=h4 to=e1"},
      {"e7e8Q", "en", "Long from=e7 to=e8 =Q"},
      {"e7e8=Q", "en", "Long from=e7 to=e8 =Q"},
      {"e2e4+", "en", "Long from=e2 to=e4 +"},
      {"e2e4", "en", "Uci from=e2 to=e4"},
      {"g1f3", "en", "Uci from=g1 to=f3"},
      {"e7e8q", "en", "Uci from=e7 to=e8 =Q"},
      {"e7e8n", "de", "Uci from=e7 to=e8 =N"},
      {"e7e8b", "hu", "Uci from=e7 to=e8 =B"},
      {"e1g1", "en", "Uci from=e1 to=g1"},
      {"e1h1", "en", "Uci from=e1 to=h1"},
      {"5254", "en", "Iccf from=e2 to=e4"},
      {"37381", "en", "Iccf from=c7 to=c8 =Q"},
      {"67682", "en", "Iccf from=f7 to=f8 =R"},
      {"12113", "en", "Iccf from=a2 to=a1 =B"},
      {"47484", "en", "Iccf from=d7 to=d8 =N"},
      {"5171", "en", "Iccf from=e1 to=g1"},
      {"--", "en", "Null"},
      {"Z0", "en", "Null"},
      {"0000", "en", "Null"},
      {"null", "en", "Null"},
      {"NULL", "en", "Null"},
  });
}

TEST_CASE("style choice follows the allowed styles") {
  check_rows({{"Qh4e1", "en", "San Q from=h4 to=e1"},
              {"e2e4", "en", "San from=e2 to=e4"},
              {"Ng1xf3", "en", "San N from=g1 to=f3 x"},
              {"O-O", "en", "San O-O"}},
             only({NotationStyle::San}));
  check_rows({{"e2e4", "en", "Long from=e2 to=e4"},
              {"e7e8q", "en", "Long from=e7 to=e8 =Q"},
              {"Ng1xf3", "en", "Long N from=g1 to=f3 x"},
              {"O-O", "en", "Long O-O"}},
             only({NotationStyle::Long}));
  check_rows({{"e2e4", "en", "Uci from=e2 to=e4"}, {"e1h1", "en", "Uci from=e1 to=h1"}}, only({NotationStyle::Uci}));
  check_errors({{"Nf3", "en", 0, "SAN moves are not accepted here"},
                {"Ng1f3", "en", 0, "FIDE long moves are not accepted here"},
                {"e2-e4", "en", 0, "long algebraic (LAN) moves are not accepted here"},
                {"5254", "en", 0, "ICCF numeric moves are not accepted here"},
                {"0000", "en", 0, "null moves are not accepted here"}},
               only({NotationStyle::Uci}));
}

TEST_CASE("figurines in every language, either colour, optional VS16") {
  check_rows({
      {"♘f3", "en", "San N to=f3 figurine"},
      {"♞xe5", "en", "San N to=e5 x figurine"},
      {"♞c6", "es", "San N to=c6 figurine"},
      {"♗b5", "ru", "San B to=b5 figurine"},
      {"♔h1", "de", "San K to=h1 figurine"},
      {"♚g8", "el", "San K to=g8 figurine"},
      {"♛h4#", "fr", "San Q to=h4 # figurine"},
      {"♜a1-d1", "en", "Lan R from=a1 to=d1 figurine"},
      {"♟\xEF\xB8\x8F"
       "e5",
       "en", "San P to=e5 pawn-letter figurine"},
      {"♖\xEF\xB8\x8F"
       "e1",
       "it", "San R to=e1 figurine"},
      {"e8=♛", "en", "San to=e8 =Q figurine"},
  });
}

TEST_CASE("Unicode folding: look-alikes, fullwidth forms, NFC") {
  check_rows({
      {"е4", "en", "San to=e4 folded lookalike"},     // Cyrillic е
      {"Nс3", "en", "San N to=c3 folded lookalike"},  // Cyrillic с
      {"Кf3", "en", "San K to=f3 folded lookalike"},  // Cyrillic К in an English text
      {"Νf3", "en", "San N to=f3 folded lookalike"},  // Greek capital Nu
      {"е4", "ru", "San to=e4 folded lookalike"},
      {"Кс3", "ru", "San N to=c3 folded lookalike"},             // Cyrillic piece kept, file folded
      {"Кf3", "ru", "San N to=f3"},                              // plain Russian: nothing folded
      {"Kf3", "ru", "San N to=f3 folded lookalike"},             // Latin K typed for Russian К
      {"Cf1-b5", "ru", "Lan B from=f1 to=b5 folded lookalike"},  // Latin C for С
      {"Kpe1", "ru", "San K to=e1 folded lookalike"},
      {"Крe1:f2", "ru", "Lan K from=e1 to=f2 x"},
      {"Сс6:", "ru", "San B to=c6 x: folded lookalike"},
      {"ехd5", "ru", "San from=e to=d5 x folded lookalike"},  // Cyrillic е and х
      {"Ιζ3", "el", "San N to=f3 folded lookalike"},          // Greek knight, Greek file ζ = f
      {"Ρε1", "el", "San K to=e1 folded lookalike"},
      {"Pe1", "el", "San K to=e1 folded lookalike"},  // Latin P typed for Greek Ρ
      {"Ｎｆ３", "en", "San N to=f3 folded"},
      {"ｅ４", "en", "San to=e4 folded"},
      {"Sf3", "de", "San N to=f3"},
      {"Ş"
       "g1",
       "tr", "San K to=g1"},
      {"S\xCC\xA7g1", "tr", "San K to=g1 folded"},  // S + combining cedilla → Ş by NFC
      {"Žf3", "lt", "San N to=f3"},
      {"Ĉf3", "eo", "San N to=f3"},
      {"Цg1", "bg", "San K to=g1"},
      {"Оb5", "bg", "San B to=b5"},
      {"Сb5", "sr-Cyrl", "San N to=b5"},
  });
}

TEST_CASE("syntax errors carry an offset and a specific message") {
  check_errors({
      {"Zf3", "es", 0, "unknown piece letter 'Z' for Spanish (letters R D T A C)"},
      {"Qf3", "de", 0, "unknown piece letter 'Q' for German (letters K D T L S)"},
      {"e8=", "en", 3, "promotion piece missing after '='"},
      {"e8/", "en", 3, "promotion piece missing after '/'"},
      {"e8=Z", "en", 3, "unknown promotion piece 'Z' after '='"},
      {"e8=K", "en", 3, "cannot promote to a king"},
      {"N", "en", 1, "square expected after 'N'"},
      {"Nz3", "en", 1, "square expected after 'N'"},
      {"Кр", "ru", 4, "square expected after 'Кр'"},
      {"Ng9", "en", 1, "square expected after 'N'"},
      {"Nf3Z", "en", 3, "unexpected 'Z' after the move"},
      {"e4Z", "en", 2, "unexpected 'Z' after the move"},
      {"O-O-", "en", 3, "unexpected '-' after the move"},
      {"", "en", 0, "empty move"},
      {"e9", "en", 0, "is not a move"},
      {"1-0", "en", 0, "is not a move"},
      {"\xFF", "en", 0, "invalid UTF-8"},
      {"е9", "en", 0, "is not a move"},
      {"Фh4Ж", "ru", 4, "unexpected 'Ж' after the move"},  // offset in the original bytes
      {"Ｎｆ３Ｚ", "en", 9, "unexpected 'Z' after the move"},
  });
}

TEST_CASE("span, base offset, and the ASCII fast path agree with the Unicode path") {
  const auto a = parse_move("Nf3+", english(), MoveStyles::all(), 1234);
  REQUIRE(a);
  CHECK(a->move.span == SourceSpan{1234, 4});
  const auto b = parse_move("Ｎｆ３＋", english(), MoveStyles::all(), 7);
  REQUIRE(b);
  CHECK(b->move.span == SourceSpan{7, 12});
  WrittenMove same = b->move;
  same.span = a->move.span;
  CHECK(same == a->move);
}

TEST_CASE("a language row built outside the table works too") {
  Language custom = english();
  custom.code = "xx";
  custom.letters[index_of(PieceType::Knight)] = "Ж";
  const auto parsed = parse_move("Жf3", custom);
  REQUIRE(parsed);
  CHECK(describe(*parsed) == "San N to=f3");
}

TEST_CASE("Ruy Lopez in six languages reads like the English reference") {
  const std::vector<std::string_view> reference = {"e4",  "e5",  "Nf3", "Nc6", "Bb5",  "a6",  "Ba4", "Nf6", "O-O",
                                                   "Be7", "Re1", "b5",  "Bb3", "d6",   "c3",  "O-O", "h3",  "Na5",
                                                   "Bc2", "c5",  "d4",  "Qc7", "Nbd2", "Nc6", "Kh1"};
  struct Game {
    const char* code;
    std::vector<std::string_view> tokens;
  };
  const Game games[] = {
      {"de", {"e4", "e5", "Sf3", "Sc6", "Lb5", "a6",  "La4", "Sf6", "0-0", "Le7",  "Te1", "b5", "Lb3",
              "d6", "c3", "0-0", "h3",  "Sa5", "Lc2", "c5",  "d4",  "Dc7", "Sbd2", "Sc6", "Kh1"}},
      {"nl", {"e4", "e5", "Pf3", "Pc6", "Lb5", "a6",  "La4", "Pf6", "O-O", "Le7",  "Te1", "b5", "Lb3",
              "d6", "c3", "O-O", "h3",  "Pa5", "Lc2", "c5",  "d4",  "Dc7", "Pbd2", "Pc6", "Kh1"}},
      {"es", {"e4", "e5", "Cf3", "Cc6", "Ab5", "a6",  "Aa4", "Cf6", "O-O", "Ae7",  "Te1", "b5", "Ab3",
              "d6", "c3", "O-O", "h3",  "Ca5", "Ac2", "c5",  "d4",  "Dc7", "Cbd2", "Cc6", "Rh1"}},
      {"it", {"e4", "e5", "Cf3", "Cc6", "Ab5", "a6",  "Aa4", "Cf6", "O-O", "Ae7",  "Te1", "b5", "Ab3",
              "d6", "c3", "O-O", "h3",  "Ca5", "Ac2", "c5",  "d4",  "Dc7", "Cbd2", "Cc6", "Rh1"}},
      {"fr", {"e4", "e5", "Cf3", "Cc6", "Fb5", "a6",  "Fa4", "Cf6", "O-O", "Fe7",  "Te1", "b5", "Fb3",
              "d6", "c3", "O-O", "h3",  "Ca5", "Fc2", "c5",  "d4",  "Dc7", "Cbd2", "Cc6", "Rh1"}},
      {"ru", {"e4", "e5", "Кf3", "Кc6", "Сb5", "a6",  "Сa4", "Кf6", "0-0", "Сe7",  "Лe1", "b5",  "Сb3",
              "d6", "c3", "0-0", "h3",  "Кa5", "Сc2", "c5",  "d4",  "Фc7", "Кbd2", "Кc6", "Крh1"}},
  };
  for (const Game& game : games) {
    CAPTURE(game.code);
    REQUIRE(game.tokens.size() == reference.size());
    for (std::size_t i = 0; i < reference.size(); ++i) {
      CAPTURE(game.tokens[i]);
      const auto local = parse_move(game.tokens[i], lang(game.code));
      const auto english_move = parse_move(reference[i], english());
      REQUIRE(local);
      REQUIRE(english_move);
      CHECK(describe(*local) == describe(*english_move));
    }
  }
}

TEST_CASE("every letter of every row parses as its piece") {
  for (const Language& language : all_languages()) {
    for (int p = 0; p < kPieceTypes; ++p) {
      const std::string_view letter = language.letters[p];
      if (letter.empty()) continue;
      const std::string token = std::string(letter) + "d4";
      CAPTURE(language.code);
      CAPTURE(token);
      const auto parsed = parse_move(token, language);
      REQUIRE(parsed);
      CHECK(parsed->move.piece == static_cast<PieceType>(p));
      CHECK(parsed->move.target() == Square::D4);
      const auto promoted = parse_move("d8=" + std::string(letter), language);
      if (p == index_of(PieceType::King) || p == index_of(PieceType::Pawn)) {
        CHECK_FALSE(promoted);
      } else {
        REQUIRE(promoted);
        CHECK(promoted->move.promotion == static_cast<PieceType>(p));
      }
    }
  }
}

TEST_CASE("move grammar: a long token is quoted by its head in messages, whole in `written`") {
  CHECK(token_excerpt("Nf3") == "Nf3");
  const std::string long_token(100, 'N');
  CHECK(token_excerpt(long_token) == std::string(60, 'N') + "\u2026 (100 bytes)");
  // The cut never splits a code point: 59 ASCII bytes, then a two-byte Cyrillic К across 60.
  const std::string cyrillic = std::string(59, 'x') + "\xD0\x9A" + std::string(10, 'y');
  CHECK(token_excerpt(cyrillic) == std::string(59, 'x') + "\u2026 (71 bytes)");
  const auto parsed = parse_move(long_token, english());
  REQUIRE(!parsed);
  CHECK(parsed.error().message.size() < 120);
}

TEST_CASE("move grammar: a token longer than any move is read as far as its head") {
  // A failure well inside the head is the whole token's failure, at the same offset with the same
  // message; a head that reads on to its end gets "longer than any move".
  std::string glued_cyrillic;
  for (int i = 0; i < 40; ++i) glued_cyrillic += "\u041Af3";  // Кf3 × 40: 160 bytes
  std::string glued_san;
  for (int i = 0; i < 30; ++i) glued_san += "Nf3";  // 90 bytes
  struct Row {
    std::string token;
    const char* language;
    std::uint32_t offset;
    std::string message;
  };
  const std::vector<Row> rows{
      {glued_cyrillic, "ru", 6, "unexpected 'f' after the move"},  // (offsets in the original bytes)
      {glued_san, "en", 4, "unexpected 'f' after the move"},
      {"Z" + glued_san, "en", 0, "unknown piece letter 'Z' for English (letters K Q R B N)"},
      {std::string(100, 'N'), "en", 1, "square expected after 'N'"},
      {"e4" + std::string(70, '!'), "en", 4, "unexpected '!' after the move"},
      {"e9" + std::string(70, 'x'), "en", 0, "longer than any move (72 bytes)"},  // (head: "'e9x…' is not a move")
      {std::string(100, '9'), "en", 0, "longer than any move (100 bytes)"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.token);
    const auto parsed = parse_move(row.token, *find_language(row.language), MoveStyles::all(), 0);
    REQUIRE_FALSE(parsed);
    CHECK(parsed.error().offset == row.offset);
    CHECK(parsed.error().message == row.message);
  }
  // The head's answer is the whole token's: the same token cut to 64 bytes fails the same way.
  const auto head = parse_move(std::string_view(glued_san).substr(0, 63), english());
  const auto whole = parse_move(glued_san, english());
  REQUIRE_FALSE(head);
  REQUIRE_FALSE(whole);
  CHECK(head.error().offset == whole.error().offset);
  CHECK(head.error().message == whole.error().message);
}

TEST_CASE("a failing token's message is its language's and styles', however often it is read") {
  // parse_move keeps recent failures per thread: the same token read with other letters or other
  // styles must still get its own answer, and a token that fails in one language may be a move in
  // another.
  const Language& en = *find_language("en");
  const Language& de = *find_language("de");
  MoveStyles uci_only;
  uci_only.bits = 1u << static_cast<unsigned>(NotationStyle::Uci);
  for (int round = 0; round < 3; ++round) {
    CAPTURE(round);
    const auto zen = parse_move("Zz9", en, MoveStyles::all(), 0);
    const auto zde = parse_move("Zz9", de, MoveStyles::all(), 0);
    REQUIRE_FALSE(zen);
    REQUIRE_FALSE(zde);
    CHECK(zen.error().message.find("English") != std::string::npos);
    CHECK(zde.error().message.find("German") != std::string::npos);
    // `Sf3` is no English move but a German one.
    CHECK_FALSE(parse_move("Sf3", en, MoveStyles::all(), 0));
    const auto sde = parse_move("Sf3", de, MoveStyles::all(), 7);
    REQUIRE(sde);
    CHECK(sde->move.piece == PieceType::Knight);
    CHECK(sde->move.span.byte == 7);
    // `Nf3` is SAN, not UCI.
    CHECK(parse_move("Nf3", en, MoveStyles::all(), 0));
    const auto uci = parse_move("Nf3", en, uci_only, 0);
    REQUIRE_FALSE(uci);
    CHECK(uci.error().message.find("not accepted") != std::string::npos);
  }
}
