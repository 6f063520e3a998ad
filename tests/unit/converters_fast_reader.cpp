// converters/fast_reader: which games the fast lane takes, and that a game it takes is read
// exactly as the general reader reads it (same model, no diagnostic due).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "converters/arbiter/detect.hpp"
#include "converters/input/decode.hpp"
#include "converters/input/split.hpp"
#include "converters/pgn/fast_reader.hpp"
#include "converters/pgn/game.hpp"
#include "converters/pgn/pgn_writer.hpp"
#include "converters/pgn/reader.hpp"
#include "grammar/move_parser.hpp"
#include "notation/language.hpp"
#include "notation/write.hpp"

using namespace planilla;

namespace {

struct Lanes {
  bool taken = false;
  Game fast;
  Game general;
  std::vector<Diagnostic> diagnostics;  // of the general reader
  std::vector<Diagnostic> fast_diagnostics;
};

// The one game of `text` as the cutter hands it to read_job(), with its detected encoding.
RawGame single_game(std::string_view text) {
  std::vector<RawGame> raws = split_games(text);
  REQUIRE(raws.size() == 1);
  raws[0].detected = detect_encoding(raws[0].bytes);
  return raws[0];
}

// The fast lane's reading of `text` in the letters of `code` into `visitor`.
bool lane_read(std::string_view text, const Language& lang, Visitor& visitor, LaneNotes* notes = nullptr,
               std::size_t max_moves = ReadOptions{}.limits.max_moves) {
  const RawGame raw = single_game(text);
  ReadOptions options;
  options.language = &lang;
  options.limits.max_moves = max_moves;
  std::vector<Diagnostic> diagnostics;
  return fast_read_game(raw, visitor, diagnostics, options, lang, notes);
}
bool lane_read(std::string_view text, std::string_view code, Visitor& visitor, LaneNotes* notes = nullptr,
               std::size_t max_moves = ReadOptions{}.limits.max_moves) {
  return lane_read(text, *find_language(code), visitor, notes, max_moves);
}

Lanes read_both(std::string_view text, const Language& lang = english(), const ReadOptions& base = {}) {
  std::vector<RawGame> raws{single_game(text)};
  Lanes l;
  ReadOptions options = base;
  options.language = &lang;
  GameBuilder fast(l.fast);
  l.taken = fast_read_game(raws[0], fast, l.fast_diagnostics, options, lang);
  GameBuilder general(l.general);
  read_game(raws[0], general, l.diagnostics, options);
  return l;
}

}  // namespace

// The same diagnostics, field by field.
void check_same(const std::vector<Diagnostic>& fast, const std::vector<Diagnostic>& general) {
  REQUIRE(fast.size() == general.size());
  for (std::size_t i = 0; i < fast.size(); ++i) {
    CHECK(format_diagnostic(fast[i]) == format_diagnostic(general[i]));
    CHECK(fast[i].severity == general[i].severity);
    CHECK(fast[i].written == general[i].written);
    CHECK(fast[i].ply == general[i].ply);
  }
}

TEST_CASE("fast lane: taken when it reads the game as the general reader does") {
  struct Row {
    std::string name;
    std::string text;
    bool taken;
  };
  const Row rows[] = {
      {"plain game", "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n", true},
      {"move numbers glued and spaced", "1.e4 e5 2 . Nf3 2... Nc6 3.Bb5 *", true},
      {"comments, NAGs, glyphs, variations",
       "1. e4 {best by test} e5 $1 2. Nf3!? (2. f4 exf4 (2... d5) 3. Nf3) Nc6?! ; line\n3. Bb5 *", true},
      {"captures, check, mate", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0", true},
      {"disambiguation needed", "1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Ncb5 *", true},
      {"castling and promotion through the move grammar",
       "[FEN \"4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n1. b8=Q+ Kf7 2. 0-0+ Kg6 3. Qb1+ Kh5 4. Rf5+ *", true},
      {"CRLF line ends", "[Event \"x\"]\r\n\r\n1. e4 e5\r\n2. Nf3 *\r\n", true},
      {"Chess960 with a FEN",
       "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. g4 *", true},
      {"result only", "[Event \"x\"]\n\n*", true},
      // The resolver's remarks on moves that resolve are the fast lane's too.
      {"missing mate mark", "[Event \"x\"]\r\n\r\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6\r\n4. Qxf7 1-0", true},
      {"spurious check mark", "1. e4+ e5 (1... d5+ 2. exd5 (2. e5)) *", true},
      {"missing capture mark", "1. e4 d5 2. ed5 *", true},
      {"over-disambiguated", "1. Ngf3 *", true},
      // The shapes read forward in one pass (FastReader::plain_ahead), and their neighbours.
      {"origin file and rank hints, with and without capture",
       "[FEN \"4k3/8/8/3p4/8/8/8/R3K2R w - - 0 1\"]\n\n1. Rad1 Kf7 2. R1d3 Ke6 3. Rhh3 Ke5 4. Rdxd5+ Kxd5 *", true},
      {"pawn captures, check and mate glued to delimiters", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#{mate} 1-0", true},
      {"tokens glued to a variation's brackets", "1. e4 (1. d4) e5 (1... d5 2. exd5) 2. Nf3 *", true},
      {"glyphs after plain moves", "1. e4! e5?! 2. Nf3!! Nc6?? 3. Bb5!? a6 *", true},
      {"a capture without a rank (the move grammar's)", "1. e4 d5 2. exd *", true},
      // Castling as SAN writes it (FastReader::castle_ahead), and its neighbours.
      {"castling both ways, a glyph after it",
       "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. d3 Bg4 6. Nc3 Qd7 7. Be3 O-O-O!? *", true},
      {"castling with check", "[FEN \"5k2/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O+ Ke7 *", true},
      {"castling with mate", "[FEN \"2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. O-O-O# 1-0", true},
      {"castling's check mark missing", "[FEN \"5k2/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Ke7 *", true},
      {"castling's spurious check mark", "[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. O-O-O+ Kf7 *", true},
      {"Chess960 castling",
       "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n"
       "1. f4 f5 2. Rf3 Rf6 3. O-O O-O *",
       true},
      {"castling with zeros", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 0-0 *", true},
      {"castling in lower case", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. o-o Nf6 5. d3 o-o *", true},
      {"castling without the right", "[FEN \"4k3/8/8/8/8/8/8/4K2R w - - 0 1\"]\n\n1. O-O *", false},
      {"castling through check", "[FEN \"4kr2/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *", false},
      {"castling glued to more", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O-O-O *", false},
      {"castling with a draw offer", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O(=) *", false},
      {"a square glued to more", "1. e4 e5 2. Nf3g5 *", false},
      {"lower-case piece letter", "1. e4 e5 2. nf3 *", true},
      {"illegal move", "1. e5 *", false},
      {"Result tag disagrees", "[Result \"0-1\"]\n\n1. e4 1-0", false},
      {"Result tag overruled by *, without a remark", "[Result \"0-1\"]\n\n1. e4 *", false},
      {"Result tag of *", "[Result \"*\"]\n\n1. e4 1-0", true},
      {"the closing ] after a lone CR", "[Event \"x\"\r]\r\r1. e4 *", false},
      {"no result", "[Event \"x\"]\n\n1. e4 e5", false},
      {"result inside a variation", "1. e4 (1. d4 1-0) *", false},
      // A second number before the main line's first move is passed over by the grammar lane, so
      // it does not set the count: Black's 2... then gets W-MOVE-NUMBER (fuzz_pgn_reader's find).
      {"a second number before the first move", "[Event \"v\"]\n\n1. {c} 2. Nf3 ; line\n;esc\n2... Nc6 1/2-1/2\n",
       false},
      {"a count set by the first number", "2. Nf3 2... Nc6 3. e4 *", true},
      {"unclosed variation", "1. e4 (1. d4 *", false},
      // CR line ends: white space, the end of a `;` comment's line; comments passed on decoded.
      {"lone CR", "1. e4\re5 *", true},
      {"comments over CR and CRLF line ends", "1. e4 {two\r\nlines} e5 ; note\r\n2. Nf3 {old\rMac\r} Nc6 ; x\r3. Bb5 *",
       true},
      {"comments with CRs at their ends, doubled and alone",
       "1. e4 {\r\nfirst\r\r\nsecond\r} e5 {\r} 2. Nf3 {a\r\n\r\nb} *", true},
      {"a remark in a game with a lone CR", "1. e4\rd5 2. ed5 *", false},  // its line is the general reader's
      {"escape line after a CR", "1. e4\r% note\re5 *", false},
      // UTF-8 inside tag values and comments: the same bytes either way, columns in code points.
      {"UTF-8 in tag values and comments",
       "[White \"Ca\xC3\xB1"
       "ete\"]\n\n1. e4 {tr\xC3\xA8s bien} e5 ; \xC2\xA1ojo!\n2. Nf3 *",
       true},
      {"a remark after UTF-8 on its line", "{tr\xC3\xA8s} 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 1-0", true},
      {"UTF-8 ellipsis after a move number", "1. e4 1\xE2\x80\xA6 e5 *", false},
      {"UTF-8 result", "1. e4 e5 \xC2\xBD-\xC2\xBD", false},
      {"figurine",
       "1. e4 e5 2. \xE2\x99\x98"
       "f3 *",
       false},
      {"glued figurine promotion", "[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. b8(\xE2\x99\x95) *", false},
      {"Latin-1",
       "[White \"Ca\xF1"
       "ete\"]\n\n1. e4 *",
       false},
      {"escape line", "1. e4\n% note\ne5 *", false},
      {"draw offer", "1. e4 (=) e5 *", false},
      {"separate e.p. mark", "1. e4 d5 2. e5 f5 3. exf6 e.p. *", false},
      {"unknown variant", "[Variant \"Crazyhouse\"]\n\n1. e4 *", false},
      {"quote inside a tag value", "[Event \"Club \"X\"\"]\n\n1. e4 *", false},
      {"null move", "1. e4 -- 2. d4 *", false},
      // Move numbers: one that is not its move's is the general reader's (W-MOVE-NUMBER).
      {"a move number that is not its move's", "1. e4 e5 2. Nf3 Nc6 4. Bb5 *", false},
      {"Black's dots before White's move", "1. e4 e5 2... Nf3 *", false},
      {"one dot before Black's move", "1. e4 1. e5 2 Nf3 2 Nc6 *", true},
      {"the game's own numbers after a FEN of move 1",
       "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n30. Rh7 Kd8 31. Rh8+ Kc7 (31... Ke7 32. Rh7+) 32. Rh7+ *", true},
      {"a slip in the game's own numbers after a FEN of move 1",
       "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n30. Rh7 Kd8 31. Rh8+ Kc7 33. Rh7+ *", false},
      {"numbers from 1 after a FEN of a later move",
       "[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 4 23\"]\n\n1... Kd7 2. Rh7+ Kc6 (2... Ke6 3. Rh6+) 3. Rh6+ *", true},
      {"numbers from a FEN's move", "[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 4 23\"]\n\n23... Kd7 24. Rh7+ *", true},
  };
  for (const Row& r : rows) {
    CAPTURE(r.name);
    const Lanes l = read_both(r.text);
    CHECK(l.taken == r.taken);
    if (l.taken) {
      check_same(l.fast_diagnostics, l.diagnostics);
      CHECK(l.fast == l.general);
    }
  }
}

// A MoveEvent's `san` is what the SAN writer writes for its move in `san_language`'s letters,
// or empty: a SAN writer copies it (PgnWriter::move).
TEST_CASE("fast lane: the SAN it passes on is the SAN writer's text") {
  struct Recorder : Visitor {
    std::vector<std::string> san, written;
    void move(const MoveEvent& e) override {
      san.emplace_back(e.san);
      written.push_back(e.san.empty() ? std::string() : write_move(e.before, e.move, {.language = e.san_language}));
    }
  };
  struct Row {
    std::string name, text, code;
    std::vector<std::string> san;  // per move; "" where the lane passes none
  };
  const Row rows[] = {
      {"plain moves, capture, check",
       "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ *",
       "en",
       {"e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+"}},
      {"glyphs are not part of it", "1. e4! e5?! 2. Nf3!! *", "en", {"e4", "e5", "Nf3"}},
      {"SAN's own hint, and a rank where the file is SAN's",
       "1. Nf3 d5 2. d3 Nf6 3. N1d2 e5 4. Nb3 e4 5. Nfd4 *",
       "en",
       {"Nf3", "d5", "d3", "Nf6", "", "e5", "Nb3", "e4", "Nfd4"}},
      {"mate", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0", "en", {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"}},
      {"castling as SAN writes it; a remark goes the long way",
       "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Ngf6 5. d3 d6 6. Be3 Qe7 7. Nc3 Bd7 8. Qd2 O-O-O+? *",
       "en",
       {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "", "d3", "d6", "Be3", "Qe7", "Nc3", "Bd7", "Qd2", ""}},
      {"castling with check, and in other spellings",
       "[FEN \"5k2/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n1. O-O+ Ke7 2. Rae1+ Kd7 *",
       "en",
       {"O-O+", "Ke7", "Rae1+", "Kd7"}},
      {"zeros go the long way",
       "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *",
       "en",
       {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", ""}},
      {"Spanish letters", "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *", "es", {"e4", "e5", "Cf3", "Cc6", "Ab5", "a6"}},
  };
  for (const Row& r : rows) {
    CAPTURE(r.name);
    Recorder rec;
    lane_read(r.text, r.code, rec);
    const std::size_t n = std::min(rec.san.size(), r.san.size());
    CHECK(rec.san.size() >= r.san.size());
    for (std::size_t i = 0; i < n; ++i) {
      CAPTURE(i);
      CHECK(rec.san[i] == r.san[i]);
      CHECK(rec.san[i] == rec.written[i]);
    }
  }
}

// What the lane reads from a token itself (FastReader::plain_ahead, castle_ahead) is what the
// move grammar reads from it: the visitors see one WrittenMove either way.
TEST_CASE("fast lane: a token read ahead is the move grammar's WrittenMove") {
  struct Recorder : Visitor {
    std::vector<std::string> text;
    std::vector<WrittenMove> written;
    void move(const MoveEvent& e) override {
      text.emplace_back(e.text);
      written.push_back(*e.written);
    }
  };
  const char* const games[] = {
      "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. d3 Bg4 6. Nc3 Qd7 7. Be3 O-O-O!? *",
      "[FEN \"5k2/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n1. O-O+ Ke7 2. Rae1+ Kd7 3. Rxe8?? *",
      "[FEN \"2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. O-O-O# 1-0",
      "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. Be2 Bg4 5. d4 Bxe2 6. Ngxe2 *",
  };
  for (const char* game : games) {
    CAPTURE(game);
    Recorder rec;
    REQUIRE(lane_read(game, "en", rec));
    for (std::size_t i = 0; i < rec.text.size(); ++i) {
      CAPTURE(rec.text[i]);
      auto parsed = parse_move(rec.text[i], english(), ReadOptions{}.styles, rec.written[i].span.byte);
      REQUIRE(parsed);
      WrittenMove expected = parsed->move;
      expected.span = rec.written[i].span;
      CHECK(rec.written[i] == expected);
    }
  }
}

TEST_CASE("fast lane: the letters of the reading's language") {
  struct Row {
    std::string code;
    std::string text;
    bool taken;
  };
  const Row rows[] = {
      {"es", "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. O-O Ae7 6. Te1 b5 7. Ab3 d6 *", true},
      {"de", "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 *", true},
      {"fr", "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fa4 Cf6 5. O-O Fe7 6. Te1 *", true},
      {"es", "1. e4 e5 2. Nf3 *", false},  // English letters in a Spanish reading: the general reader's case
      // Estonian: O is the bishop, and castling's O-O stays castling.
      {"et", "1. e4 e5 2. Rf3 Rc6 3. Ob5 a6 4. Oxc6 dxc6 5. O-O Og4 6. h3 Oh5 7. d3 Lf6 8. Rbd2 O-O-O *", true},
      {"et", "1. e4 e5 2. Rf3 Rc6 3. Ob5 a6 4. Oxc6+ dxc6 *", true},  // a check mark on no check: remarked alike
      // Vietnamese: X is the rook (a mate sign only in the sets that write one so).
      {"vi",
       "1. e4 e5 2. Mf3 Mc6 3. Tb5 Mf6 4. O-O Mxe4 5. d4 Te7 6. He2 Md6 7. Txc6 bxc6 8. dxe5 Mb7 9. Mc3 O-O "
       "10. Xe1 Xe8 11. Te3 d5 12. Xad1 *",
       true},
  };
  for (const Row& r : rows) {
    CAPTURE(r.code);
    CAPTURE(r.text);
    const Language* lang = find_language(r.code);
    REQUIRE(lang != nullptr);
    const Lanes l = read_both(r.text, *lang);
    CHECK(l.taken == r.taken);
    if (l.taken) {
      check_same(l.fast_diagnostics, l.diagnostics);
      CHECK(l.fast == l.general);
    }
  }
}

// A typed game in the piece letters of `lang` (an English SAN text with N, B, R, Q, K replaced
// at the start of each move token).
std::string in_letters(std::string_view english_san, const Language& lang) {
  std::string out;
  bool token_start = true;
  for (char c : english_san) {
    const auto piece = c == 'N'   ? PieceType::Knight
                       : c == 'B' ? PieceType::Bishop
                       : c == 'R' ? PieceType::Rook
                       : c == 'Q' ? PieceType::Queen
                       : c == 'K' ? PieceType::King
                                  : PieceType::None;
    if (token_start && piece != PieceType::None) out += lang.letters[static_cast<std::size_t>(index_of(piece))];
    else out += c;
    token_start = c == ' ' || c == '.' || c == '\n' || c == '(';
  }
  return out;
}

// The letter sets of UTF-8 letters (Cyrillic, Greek, Ş, Ž, Ĉ) are read by the lane too, each
// game as the general reader reads it; a token with UTF-8 other than its piece letter is not.
TEST_CASE("fast lane: UTF-8 piece letters") {
  const std::string games[] = {
      "[White \"\xD0\x9F\xD0\xB5\xD1\x82\xD1\x80\xD0\xBE\xD1\x81\xD1\x8F\xD0\xBD\"]\n\n"
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 "
      "10. d4 Nbd7 {\xD1\x85\xD0\xBE\xD0\xB4} 11. Qe2 Re8 12. Kh1 Bf8 *",
      "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0",
      "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 1-0",   // the mate unmarked: a remark
      "1. e4 e5 2. Nf3+ Nc6 (2... d6 3. Bb5+ c6) *",  // a spurious check mark, a variation
      "1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Ncb5 Nf6 5. Nf3 *",
      "1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0",
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bb6 *",  // an illegal move
  };
  std::size_t taken = 0;
  for (std::string_view code : {"ru", "uk", "be", "bg", "sr-Cyrl", "el", "tr", "az", "lt", "eo"}) {
    const Language* lang = find_language(code);
    REQUIRE(lang != nullptr);
    for (const std::string& english_game : games) {
      const std::string text = in_letters(english_game, *lang);
      CAPTURE(code);
      CAPTURE(text);
      const Lanes l = read_both(text, *lang);
      if (!l.taken) continue;
      ++taken;
      check_same(l.fast_diagnostics, l.diagnostics);
      CHECK(l.fast == l.general);
    }
    // Each letter set's plain game is the lane's.
    CHECK(read_both(in_letters(games[0], *lang), *lang).taken);
  }
  CHECK(taken == 10 * 6);  // all but the illegal move
  const Language& ru = *find_language("ru");
  // Lower case, a Latin look-alike, a promotion in Cyrillic letters: the general reader's.
  CHECK_FALSE(read_both("1. e4 e5 2. \xD0\xBA"
                        "f3 *",
                        ru)
                  .taken);
  CHECK_FALSE(read_both("1. e4 e5 2. Kf3 *", ru).taken);
  const Lanes promotion = read_both("[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. b8=\xD0\xA4+ Kf7 *", ru);
  CHECK_FALSE(promotion.taken);
}

TEST_CASE("fast lane: limits are the general reader's") {
  ReadOptions tight;
  tight.limits.max_moves = 3;
  CHECK_FALSE(read_both("1. e4 e5 2. Nf3 Nc6 *", english(), tight).taken);
  CHECK(read_both("1. e4 e5 2. Nf3 *", english(), tight).taken);
  tight = ReadOptions{};
  tight.limits.max_depth = 1;
  CHECK_FALSE(read_both("1. e4 (1. d4 (1. c4)) *", english(), tight).taken);
  CHECK(read_both("1. e4 (1. d4) *", english(), tight).taken);
  tight = ReadOptions{};
  tight.limits.max_tags = 1;
  CHECK_FALSE(read_both("[Event \"a\"]\n[Site \"b\"]\n\n*", english(), tight).taken);
  // Tag values are measured one by one; a game longer than their limit is still the lane's.
  tight = ReadOptions{};
  tight.limits.max_tag_value_bytes = 4;
  CHECK_FALSE(read_both("[Event \"abcde\"]\n\n1. e4 *", english(), tight).taken);
  const Lanes long_game = read_both("[Event \"abcd\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *", english(), tight);
  CHECK(long_game.taken);
  CHECK(long_game.fast == long_game.general);
  tight = ReadOptions{};
  tight.limits.max_line_bytes = 8;
  CHECK_FALSE(read_both("1. e4 e5 2. Nf3 *", english(), tight).taken);
  tight = ReadOptions{};
  tight.styles.bits = 1u << static_cast<unsigned>(NotationStyle::Uci);
  CHECK_FALSE(read_both("1. e4 *", english(), tight).taken);
}

TEST_CASE("fast lane: a visitor that only counts moves is told their number, every line's") {
  struct Counter : Visitor {
    bool counts_only = true;
    std::uint64_t counted = 0, events = 0, nags = 0;
    bool result_seen = false, counted_before_result = false;
    bool counts_moves_only() const override { return counts_only; }
    void count_moves(std::uint64_t n) override {
      counted += n;
      counted_before_result = !result_seen;
    }
    void move(const MoveEvent&) override { ++events; }
    void nag(unsigned) override { ++nags; }
    void result(GameResult) override { result_seen = true; }
  };
  struct Row {
    std::string text;
    std::uint64_t moves, nags;
  };
  const std::vector<Row> rows = {
      {"1. e4 e5 2. Nf3 Nc6 1-0", 4, 0},
      {"1. e4 e5 (1... c5 2. Nf3 (2. Nc3) d6) 2. Nf3! Nc6 $1 *", 8, 2},
      {"[Event \"x\"]\n\n1. e4 0-1", 1, 0},
      {"[Event \"x\"]\n\n*", 0, 0},
      {"1. d4 d5 2. c4 dxc4 3. e4 b5 4. a4 c6 5. axb5 cxb5 6. Qf3 1/2-1/2", 11, 0},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    Counter only;
    REQUIRE(lane_read(row.text, "en", only));
    CHECK(only.counted == row.moves);
    CHECK(only.events == 0);
    CHECK(only.nags == row.nags);
    CHECK(only.counted_before_result);
    // A visitor that reads the events gets one a move, and no count.
    Counter every;
    every.counts_only = false;
    REQUIRE(lane_read(row.text, "en", every));
    CHECK(every.events == row.moves);
    CHECK(every.counted == 0);
  }
}

TEST_CASE("fast lane: it notes whether it declined a game for its form or at a move") {
  // Letters the lane does not take: two pieces on one letter (every letter set of the table is
  // taken).
  Language twice = english();
  twice.letters[static_cast<std::size_t>(index_of(PieceType::Bishop))] = "N";
  struct Row {
    std::string name, text, code;
    std::size_t max_moves;
    bool taken, by_form;
  };
  const Row rows[] = {
      {"taken", "1. e4 e5 *", "en", 50000, true, false},
      {"past the move limit", "1. e4 e5 2. Nf3 Nc6 *", "en", 3, false, true},
      {"an escape line", "1. e4\n% note\ne5 *", "en", 50000, false, true},
      {"an illegal move", "1. e5 *", "en", 50000, false, false},
      {"a token other letters may read", "1. e4 e5 2. Cf3 *", "en", 50000, false, false},
      {"letters the lane does not take", "1. e4 e5 *", "", 50000, false, false},  // (twice)
      {"a token of UTF-8 letters",
       "1. e4 e5 2. \xD0\x9A"
       "f3 *",
       "en", 50000, false, false},
  };
  for (const Row& r : rows) {
    CAPTURE(r.name);
    Game game;
    GameBuilder builder(game);
    LaneNotes notes;
    CHECK(lane_read(r.text, r.code.empty() ? twice : *find_language(r.code), builder, &notes, r.max_moves) == r.taken);
    CHECK(notes.declined_by_form == r.by_form);
  }
}

// LaneNotes::plain_moves and fast_lane_letters_alike(): detection takes a letter set whose table
// is the lane's table of the chosen reading as reading a plain-SAN game alike, without reading
// it. Checked here against the two readings themselves.
TEST_CASE("fast lane: a game of plain SAN reads alike in letter sets of the same table") {
  struct Row {
    std::string text, code;
    bool taken, plain;
  };
  const Row rows[] = {
      {"1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O 9. h3 *", "de", true, true},
      {"1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. Lxc6 dxc6 5. O-O Dd6 *", "de", true, true},
      {"1. e4 e5 2. Sf3 Sc6 3. Bd4 *", "de", true, false},  // B, the German pawn letter: a remark
      {"1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. Lxc6 bxc6 *", "de", true, true},
      {"1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. Lxc6 dxc6 5. O-O Dd6+ *", "de", true, false},  // a remark
      {"1. e4 e5 2. Nf3 *", "de", false, false},
  };
  for (const Row& r : rows) {
    CAPTURE(r.text);
    Game game;
    GameBuilder builder(game);
    LaneNotes notes;
    CHECK(lane_read(r.text, r.code, builder, &notes) == r.taken);
    CHECK(notes.plain_moves == r.plain);
    if (!notes.plain_moves) continue;
    // Serbian, Croatian and Slovenian differ from German in the pawn's letter only: the same game.
    const Lanes de = read_both(r.text, *find_language("de"));
    const Lanes sr = read_both(r.text, *find_language("sr"));
    CHECK(sr.taken);
    CHECK(sr.fast == de.fast);
    check_same(sr.fast_diagnostics, de.fast_diagnostics);
  }
  CHECK(fast_lane_letters_alike(*find_language("de"), *find_language("sr")));
  CHECK(fast_lane_letters_alike(*find_language("es"), *find_language("it")));
  CHECK_FALSE(fast_lane_letters_alike(*find_language("de"), *find_language("fi")));  // R, S: the knight
  CHECK_FALSE(fast_lane_letters_alike(*find_language("ru"), *find_language("uk")));  // Л, Т: the rook
  CHECK_FALSE(fast_lane_letters_alike(*find_language("en"), *find_language("de")));
  Language twice = english();
  twice.letters[static_cast<std::size_t>(index_of(PieceType::Bishop))] = "N";  // not usable by the lane
  CHECK_FALSE(fast_lane_letters_alike(twice, twice));
}

// A caller's own letters, one row after another at the same place (a local in a loop): each
// reading has its own letters. S is the knight, then the bishop: `Se2` is Ne2, then Be2.
TEST_CASE("fast lane: a caller's own letters are its own, row after row") {
  for (const bool s_is_knight : {true, false}) {
    CAPTURE(s_is_knight);
    Language own = english();
    own.letters[static_cast<std::size_t>(index_of(PieceType::Knight))] = s_is_knight ? "S" : "J";
    own.letters[static_cast<std::size_t>(index_of(PieceType::Bishop))] = s_is_knight ? "B" : "S";
    const Lanes l = read_both("1. e4 e5 2. Se2 *", own);
    CHECK(l.taken);
    CHECK(l.fast == l.general);
    CHECK(write_pgn(l.fast).find(s_is_knight ? "2. Ne2" : "2. Be2") != std::string::npos);
  }
}

TEST_CASE("fast lane: the lettered prefixes it notes are the tie check's, or none") {
  struct Row {
    std::string text;
    bool known;
    std::string code = "en";
  };
  const Row rows[] = {
      {"[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4 Bc5) Nf6 4. O-O *", true},
      {"1.e4 e5 2.Nf3 {Queen's knight next} Nc6 3.Nxe5?! Nxe5 *", true},
      {"[Event \"x\"] 1. e4 e5 2. Nf3 *", false},             // movetext on a tag's line
      {"[Event \"x\"]\n\n1. e4 ; Note\ne5 2. Nf3 *", false},  // the scan reads ; comments' words
      {"1. e4\fe5 2. Nf3 *", false},                          // a form feed is text to the scan
      // UTF-8 only in tag values and comments, which the scan skips as the lane does.
      {"[White \"M\xC3\xBCller\"]\n\n1. e4 {g\xC3\xA9nial} e5 2. Nf3 Nc6 *", true},
      // Letters of UTF-8: two code points each (Кр, the king, apart from Кf and Кc, the knight's).
      {"[White \"\xD0\x9F\xD0\xB5\xD1\x82\xD1\x80\xD0\xBE\xD0\xB2\"]\n\n1. e4 e5 2. \xD0\x9A"
       "f3 \xD0\x9A"
       "c6 3. \xD0\xA1"
       "b5 \xD0\x9A"
       "f6 4. O-O \xD0\x9A"
       "xe4 5. \xD0\x9B"
       "e1 \xD0\x9A"
       "d6 6. \xD0\xA1"
       "xc6 dxc6 7. \xD0\x9B"
       "xe5+ \xD0\xA1"
       "e7 8. d3 O-O 9. \xD0\x9A\xD1\x80"
       "h1 *",
       true, "ru"},
      {"1. e4 e5 2. \xD0\x9A"
       "f3 (2. \xD0\xA1"
       "c4) \xD0\x9A"
       "c6 *",
       true, "ru"},
  };
  // The prefix the scan takes at `at`: two code points.
  auto prefix = [](std::string_view bytes, std::size_t at) {
    std::size_t end = at;
    for (int cp = 0; cp < 2 && end < bytes.size(); ++cp) {
      ++end;
      while (end < bytes.size() && (static_cast<unsigned char>(bytes[end]) & 0xC0) == 0x80) ++end;
    }
    return std::string(bytes.substr(at, end - at));
  };
  for (const Row& r : rows) {
    CAPTURE(r.text);
    std::vector<RawGame> raws = split_games(r.text);
    REQUIRE(raws.size() == 1);
    raws[0].detected = detect_encoding(raws[0].bytes, std::nullopt);  // as the reader's cutter does
    Game g;
    GameBuilder builder(g);
    std::vector<Diagnostic> diagnostics;
    LaneNotes notes;
    ReadOptions options;
    REQUIRE(fast_read_game(raws[0], builder, diagnostics, options, *find_language(r.code), &notes));
    CHECK(notes.lettered_known == r.known);
    if (!notes.lettered_known) continue;
    std::vector<std::string> noted;
    for (std::uint32_t at : notes.lettered) noted.push_back(prefix(raws[0].bytes, at));
    CHECK(noted == lettered_prefixes_of(raws[0].bytes));
  }
}

TEST_CASE("fast lane: a code-page game's lettered prefixes, at its bytes' offsets") {
  // The decoding is longer than the bytes (each accented letter takes two bytes in UTF-8): the
  // noted offsets must be the bytes' ones.
  const std::string text =
      "[Event \"Gij\xF3n, Le\xF3n, M\xE1laga\"]\n[White \"M\xFCller\"]\n\n"
      "1. e4 {\xE9l} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *";
  std::vector<RawGame> raws = split_games(text);
  REQUIRE(raws.size() == 1);
  raws[0].detected = detect_encoding(raws[0].bytes, std::nullopt);
  REQUIRE(is_single_byte(*raws[0].detected));
  Game g;
  GameBuilder builder(g);
  std::vector<Diagnostic> diagnostics;
  LaneNotes notes;
  REQUIRE(fast_read_code_page(raws[0], std::nullopt, builder, diagnostics, ReadOptions{}, english(), &notes));
  REQUIRE(notes.lettered_known);
  std::vector<std::string> noted;
  for (std::uint32_t at : notes.lettered) noted.emplace_back(raws[0].bytes.substr(at, 2));
  CHECK(noted == lettered_prefixes_of(raws[0].bytes));
  CHECK(noted == std::vector<std::string>{"Nf", "Nc", "Bb", "Ba", "Be"});
}

// A code page named with --encoding (the cutter then detects nothing) is the lane's too, with no
// N-ENCODING note, as the general reader reads it; so are Cyrillic letters in Windows-1251.
TEST_CASE("fast lane: a forced code page, and Cyrillic letters in it") {
  const std::string english_letters =
      "[White \"\xCF\xE5\xF2\xF0\xEE\xE2\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n\n";
  // 2. Кf3 Кc6 3. Сb5 a6 4. Сxc6 dxc6 5. O-O Фd6 6. Крh1 in Windows-1251.
  const std::string russian_letters =
      "[White \"\xCF\xE5\xF2\xF0\xEE\xE2\"]\n\n1. e4 e5 2. \xCA"
      "f3 \xCA"
      "c6 3. \xD1"
      "b5 a6 4. \xD1"
      "xc6 dxc6 5. O-O \xD4"
      "d6 6. \xCA\xF0"
      "h1 *\n\n";
  struct Row {
    std::string text;
    const Language* lang;
  };
  for (const Row& row : {Row{english_letters + english_letters, &english()},
                         Row{russian_letters + russian_letters, find_language("ru")}}) {
    for (bool keep_model : {true, false}) {
      CAPTURE(keep_model);
      CAPTURE(row.lang->code);
      std::vector<GameRecord> lanes[2];
      for (bool fast : {true, false}) {
        ReadOptions options;
        options.fast_lane = fast;
        options.keep_model = keep_model;
        options.encoding = Encoding::Windows1251;
        options.language = row.lang;
        PgnReader reader(row.text, options);
        GameRecord r;
        while (reader.next(r)) lanes[fast ? 0 : 1].push_back(r);
      }
      REQUIRE(lanes[0].size() == 2);
      REQUIRE(lanes[1].size() == 2);
      for (std::size_t g = 0; g < 2; ++g) {
        const GameRecord& a = lanes[0][g];
        const GameRecord& b = lanes[1][g];
        CHECK(a.encoding == Encoding::Windows1251);
        CHECK(b.encoding == Encoding::Windows1251);
        check_same(a.diagnostics, b.diagnostics);
        CHECK(std::none_of(a.diagnostics.begin(), a.diagnostics.end(),
                           [](const Diagnostic& d) { return d.code == Code::Encoding; }));
        if (keep_model) CHECK(a.game == b.game);
        else CHECK(a.unmodelled_moves == b.game.main.moves.size());  // the lane's: no model
      }
    }
  }
}

TEST_CASE("fast lane: code-page games are read from their decoding, as the general reader reads them") {
  // Accented tags and comments before the moves: every offset after them differs between the
  // game's bytes and its UTF-8 decoding, and the diagnostics must carry the bytes' ones.
  const std::string latin1_game =
      "[Event \"Gij\xF3n\"]\n[White \"M\xFCller\"]\n[Black \"Le\xF3n\"]\n\n"
      "1. e4 {\xE9"
      "chec} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n\n";
  const std::string cp1251_game =
      "[Event \"\xCC\xEE\xF1\xEA\xE2\xE0\"]\n[White \"\xCF\xE5\xF2\xF0\xEE\xE2\"]\n\n"
      "1. e4 {\xF5\xEE\xE4 \xE1\xE5\xEB\xFB\xF5} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n\n";
  std::string crlf = latin1_game + latin1_game;
  for (std::size_t at = crlf.find('\n'); at != std::string::npos; at = crlf.find('\n', at + 2)) crlf.insert(at, "\r");
  for (const std::string& text : {latin1_game + latin1_game + latin1_game, cp1251_game + cp1251_game, crlf}) {
    for (bool keep_model : {true, false}) {
      CAPTURE(keep_model);
      std::vector<GameRecord> lanes[2];
      for (bool fast : {true, false}) {
        ReadOptions options;
        options.fast_lane = fast;
        options.keep_model = keep_model;
        PgnReader reader(text, options);
        GameRecord r;
        while (reader.next(r)) lanes[fast ? 0 : 1].push_back(r);
      }
      REQUIRE(lanes[0].size() == lanes[1].size());
      REQUIRE(lanes[0].size() >= 2);
      for (std::size_t g = 0; g < lanes[0].size(); ++g) {
        CAPTURE(g);
        const GameRecord& a = lanes[0][g];
        const GameRecord& b = lanes[1][g];
        CHECK(a.encoding == b.encoding);
        CHECK(is_single_byte(a.encoding));
        check_same(a.diagnostics, b.diagnostics);
        REQUIRE(!a.diagnostics.empty());
        CHECK(a.diagnostics.front().code == Code::Encoding);
        CHECK(std::any_of(a.diagnostics.begin(), a.diagnostics.end(),
                          [](const Diagnostic& d) { return d.code == Code::MateMissing; }));
        if (keep_model) CHECK(a.game == b.game);
        else CHECK(a.unmodelled_moves + a.game.main.moves.size() == b.game.main.moves.size());
      }
    }
  }
}
