// converters: reader → game model → PGN writer → reader. Export format details, round trips,
// start positions (FEN, Chess960, variants), diagnostics with places, and the visitor.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "converters/pgn/game.hpp"
#include "converters/pgn/pgn_writer.hpp"
#include "converters/pgn/reader.hpp"

using namespace planilla;

namespace {

GameRecord read_one(std::string_view text, ReadOptions options = {}) {
  std::vector<GameRecord> games = read_pgn(text, options);
  REQUIRE(games.size() == 1);
  return std::move(games.front());
}

std::string codes(const GameRecord& r) {
  std::string out;
  for (const Diagnostic& d : r.diagnostics) out += std::string(code_name(d.code)) + " ";
  return out;
}

// read → write → read must give the same model.
void check_round_trip(std::string_view text, const PgnWriteOptions& w = {}) {
  CAPTURE(text);
  GameRecord first = read_one(text);
  CHECK(!first.has_errors());
  std::string written = write_pgn(first.game, w);
  CAPTURE(written);
  GameRecord second = read_one(written);
  CHECK(!second.has_errors());
  std::string why;
  CHECK_MESSAGE(equivalent(first.game, second.game, &why), why);
  // And writing is stable: the second write is the same text.
  CHECK(write_pgn(second.game, w) == written);
}

}  // namespace

TEST_CASE("pgn writer: export format") {
  struct Row {
    std::string input;
    std::string output;
  };
  const Row rows[] = {
      // Seven Tag Roster first and filled, Result from the game, other tags after in order.
      {"[ECO \"C60\"]\n[White \"Ruy\"]\n[Event \"E\"]\n[Annotator \"x\"]\n\n1. e4 e5 2. Nf3! Nc6 3. Bb5 1-0",
       "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ruy\"]\n[Black \"?\"]\n"
       "[Result \"1-0\"]\n[ECO \"C60\"]\n[Annotator \"x\"]\n\n1. e4 e5 2. Nf3 $1 Nc6 3. Bb5 1-0\n\n"},
      // Move numbers after comments and variations; escapes in tag values; ; and % kept.
      {"[Event \"a \\\"q\\\" \\\\ b\"]\n1. e4 {good} e5 (1... c5 2. Nf3) 2. Nf3 ; line\n%escape\nNc6 *",
       "[Event \"a \\\"q\\\" \\\\ b\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
       "[Black \"?\"]\n[Result \"*\"]\n\n1. e4 {good} 1... e5 (1... c5 2. Nf3) 2. Nf3 ; line\n%escape\n2... Nc6 *\n\n"},
      // Black to move from a FEN; null move.
      {"[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 30\"]\n[SetUp \"1\"]\n30... Kd7 31. -- Kc7 *",
       "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
       "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 30\"]\n\n30... Kd7 31. -- Kc7 *\n\n"},
      // Repeated roster tags: the first of each in the roster, the rest after it in order (a
      // second Result too: the first is regenerated from the result token, and kept in a comment
      // when it said another); SetUp dropped without a start position.
      {"[White \"a\"]\n[Site \"s\"]\n[White \"b\"]\n[Result \"1-0\"]\n[Result \"0-1\"]\n[Foo \"x\"]\n"
       "[SetUp \"1\"]\n[Event \"e\"]\n[Variant \"Standard\"]\n[Date \"2020.01.01\"]\n\n1. e4 *\n",
       "[Event \"e\"]\n[Site \"s\"]\n[Date \"2020.01.01\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"?\"]\n"
       "[Result \"*\"]\n[White \"b\"]\n[Result \"0-1\"]\n[Foo \"x\"]\n[Variant \"Standard\"]\n\n1. e4 {Result tag "
       "was \"1-0\"} *\n\n"},
      // Move numbers around 1000, where the writer's table of numbers ends, for both sides.
      {"[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 998\"]\n[SetUp \"1\"]\n"
       "998. Kd2 Kd7 999. Ke2 {a} Ke7 1000. Kd2 {b} Kd7 1001. Ke2 {c} Ke7 *",
       "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
       "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 998\"]\n\n"
       "998. Kd2 Kd7 999. Ke2 {a} 999... Ke7 1000. Kd2 {b} 1000... Kd7 1001. Ke2 {c}\n1001... Ke7 *\n\n"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.input);
    GameRecord r = read_one(row.input);
    CHECK(codes(r).find("E-") == std::string::npos);
    CHECK(write_pgn(r.game) == row.output);
  }
}

TEST_CASE("pgn writer: tag values escaped at every place (eight bytes at a time, then one)") {
  // The byte-at-a-time rule is the reference; a quote or a backslash at each offset of values
  // from 0 to 24 bytes, and a byte that only looks like one to the word test (0x22 + 0x80).
  auto reference = [](std::string_view v) {
    std::string out;
    for (char c : v) {
      if (c == '\\' || c == '"') out += '\\';
      out += c;
    }
    return out;
  };
  for (std::size_t size = 0; size <= 24; ++size)
    for (std::size_t at = 0; at <= size; ++at)
      for (char special : {'"', '\\', '\xA2', '!'}) {
        std::string value(size, 'a');
        if (at < size) value[at] = special;
        CAPTURE(value);
        CHECK(escape_tag_value(value) == reference(value));
      }
  CHECK(escape_tag_value("0123456789\"\\\"") == "0123456789\\\"\\\\\\\"");
}

TEST_CASE("pgn writer: lines wrap at 80 columns, comments are re-flowed") {
  std::string moves =
      "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
      "{a rather long comment that has to be wrapped over more than one line of the output} "
      "9. Nf3 Nf6 10. Ng1 Ng8 *";
  GameRecord r = read_one(moves);
  std::string out = write_pgn(r.game);
  std::istringstream lines(out);
  std::string line;
  int movetext_lines = 0;
  while (std::getline(lines, line)) {
    CHECK(line.size() <= 80);
    if (!line.empty() && line[0] != '[') ++movetext_lines;
  }
  CHECK(movetext_lines >= 3);
  check_round_trip(moves);
}

TEST_CASE("pgn writer: a comment's words one space apart, broken where the line is full") {
  struct Row {
    std::string movetext, written;
  };
  const Row rows[] = {
      {"1. e4 {  a   b  } *", "1. e4 {a b} *"},
      {"1. e4 {a\tb\nc\r\nd} e5 *", "1. e4 {a b c d} 1... e5 *"},
      {"1. e4 {} e5 *", "1. e4 {} 1... e5 *"},
      {"1. e4 {one two three four five six seven} *", "1. e4 {one two three four five\nsix seven} *"},
      {"1. e4 ({c} 1. d4) *", "1. e4 ({c} 1. d4) *"},
      {"{start comment} 1. e4 *", "{start comment} 1. e4 *"},
      {"1. e4 {abcdefghijklmnopqrstuvw} *", "1. e4\n{abcdefghijklmnopqrstuvw} *"},
      {"1. e4 {abcdefghijklmnopqrstuv} *", "1. e4 {abcdefghijklmnopqrstuv}\n*"},
      {"1. e4 {abcdefgh  ijklmnop qrstuvwxyz} *", "1. e4 {abcdefgh ijklmnop\nqrstuvwxyz} *"},
      {"1. e4 {a b c d e f g h i j k l m n o p q r s t u v w x y z} *",
       "1. e4 {a b c d e f g h i j k l\nm n o p q r s t u v w x y z} *"},
      {"1. e4 {d=30, pd=Qc2, mt=00:02:42, tl=01:42:09, s=63727 kN/s, n=10357914339, pv=c6 Qc2 b6} *",
       "1. e4 {d=30, pd=Qc2,\nmt=00:02:42, tl=01:42:09,\ns=63727 kN/s, n=10357914339,\npv=c6 Qc2 b6} *"},
      {"1. e4 {aa bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb cc dd} *",
       "1. e4 {aa\nbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\ncc dd} *"},
      {"1. e4 {bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb} *", "1. e4\n{bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb}\n*"},
      {"1. e4 {abcdefghijklmnopqrstuvwxyz0123456789 abcdefghijklmnopqrstuvwxy 1} *",
       "1. e4\n{abcdefghijklmnopqrstuvwxyz0123456789\nabcdefghijklmnopqrstuvwxy 1} *"},
      {"1. e4 (1. d4 {abcdefghijklmnopqrstuvwxyz0 abcdefghijklmnopqrstuvwxyz12}) *",
       "1. e4 (1. d4\n{abcdefghijklmnopqrstuvwxyz0\nabcdefghijklmnopqrstuvwxyz12})\n*"},
      {"1. e4 {abc defghijklmnopqrstuvw xyz} *", "1. e4 {abc\ndefghijklmnopqrstuvw xyz} *"},
      // two spaces across the 8- and 16-byte blocks the spacing test reads
      {"1. e4 {abcdefg  hij} *", "1. e4 {abcdefg hij} *"},
      {"1. e4 {abcdefghijklmno  p} *", "1. e4 {abcdefghijklmno p} *"},
      {"1. e4 {abcdefghijklmnopqrstuvw  x} *", "1. e4 {abcdefghijklmnopqrstuvw\nx} *"},
  };
  PgnWriteOptions narrow;
  narrow.line_width = 30;
  for (const Row& row : rows) {
    CAPTURE(row.movetext);
    const std::string out = write_pgn(read_one(row.movetext).game, narrow);
    const std::size_t movetext_at = out.find("\n\n");
    REQUIRE(movetext_at != std::string::npos);
    CHECK(out.substr(movetext_at + 2) == row.written + "\n\n");
  }
}

TEST_CASE("pgn writer: comments re-flowed as a greedy word wrap, whatever their spacing (seeded)") {
  // The writer's re-flow against the rule written out word by word: each word after a space,
  // or first on a new line when it would pass the width (a word longer than the width alone).
  std::uint64_t state = 2026;
  auto next = [&](std::size_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::size_t>((state >> 33) % n);
  };
  for (int round = 0; round < 300; ++round) {
    std::vector<std::string> words(1 + next(12));
    std::string text = next(4) == 0 ? " " : "";
    for (std::size_t k = 0; k < words.size(); ++k) {
      words[k] = std::string(1 + next(next(5) == 0 ? 40 : 9), static_cast<char>('a' + next(26)));
      text += words[k];
      if (k + 1 < words.size()) text += next(6) == 0 ? (next(2) ? "  " : "\n") : " ";
    }
    PgnWriteOptions options;
    options.line_width = 20 + next(40);
    std::string expected = "1. e4";
    std::size_t column = expected.size();
    for (std::size_t k = 0; k < words.size(); ++k) {
      const std::string token = (k == 0 ? "{" : "") + words[k] + (k + 1 == words.size() ? "}" : "");
      if (column + 1 + token.size() > options.line_width) {
        expected += "\n" + token;
        column = token.size();
      } else {
        expected += " " + token;
        column += 1 + token.size();
      }
    }
    CAPTURE(text);
    CAPTURE(options.line_width);
    const std::string out = write_pgn(read_one("1. e4 {" + text + "} *").game, options);
    const std::size_t movetext_at = out.find("\n\n") + 2;
    CHECK(out.substr(movetext_at, out.find('}') + 1 - movetext_at) == expected);
  }
}

TEST_CASE("pgn round trips") {
  const std::string inputs[] = {
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1/2-1/2",
      "{start} 1. e4 $1 $14 {after} (1. d4 {in var} d5 (1... Nf6 2. c4) 2. c4) (1. c4) 1... e5 2. Nf3 *",
      "1. e4 ; rest of line\ne5 2. Nf3 {multi\nline   comment} Nc6 *",
      "1. e4 e5 2. f4 exf4 3. Nf3 g5 4. h4 g4 5. Ne5 Nf6 6. Bc4 d5 7. exd5 Bd6 8. d4 Nh5 0-1",
      "1. e4 d5 2. e5 f5 3. exf6 e.p. Nxf6 *",
      "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n1. e4 *",
      "1. e4 e5 2. -- Nf6 3. Nc3 *",
      "[Event \"tag only\"]\n[Result \"0-1\"]",
      "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. cxd5 exd5 5. Bg5 c6 6. e3 Bf5 7. Qf3 Bg6 8. Bxf6 Qxf6 9. Qxf6 gxf6 *",
      "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
      "1. a4 b5 2. axb5 a6 3. bxa6 Bb7 4. axb7 Nc6 5. bxa8=Q Qb8 6. Qxb8+ Nxb8 *",
  };
  for (const std::string& in : inputs) check_round_trip(in);
}

TEST_CASE("pgn writer: a draw offer (=) is written as a comment, which reads back as one") {
  GameRecord first = read_one("1. e4 (=) e5 2. Nf3 *");
  REQUIRE(first.game.main.moves.size() == 3);
  CHECK(first.game.main.moves[0].draw_offer);
  std::string written = write_pgn(first.game);
  CHECK(written.ends_with("\n1. e4 {(=)} 1... e5 2. Nf3 *\n\n"));
  GameRecord second = read_one(written);
  CHECK_FALSE(second.has_errors());
  REQUIRE(second.game.main.moves.size() == 3);
  CHECK_FALSE(second.game.main.moves[0].draw_offer);
  REQUIRE(second.game.main.moves[0].comments_after.size() == 1);
  CHECK(second.game.main.moves[0].comments_after[0].text == kDrawOfferComment);
  CHECK(write_pgn(second.game) == written);
}

TEST_CASE("Chess960: Variant spellings, X-FEN and Shredder-FEN, FEN-only detection") {
  // Rooks on b1/g1, king on d1 (an X-FEN KQkq and a Shredder BGbg for the same position).
  const std::string fen_x = "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1";
  const std::string fen_s = "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w GBgb - 0 1";
  for (std::string variant : {"Chess960", "chess 960", "fischerandom", "FischerRandom", "fischer random", "960",
                              "Freestyle", "Freestyle Chess", "Chess9LX"}) {
    CAPTURE(variant);
    GameRecord r = read_one("[Variant \"" + variant + "\"]\n[SetUp \"1\"]\n[FEN \"" + fen_s + "\"]\n1. O-O O-O-O *");
    CHECK(!r.has_errors());
    CHECK(r.game.chess960);
    CHECK(codes(r).find("N-CHESS960") == std::string::npos);
    std::string out = write_pgn(r.game);
    CHECK(out.find("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"" + fen_x + "\"]") != std::string::npos);
    PgnWriteOptions shredder;
    shredder.fen = FenDialect::Shredder;
    CHECK(write_pgn(r.game, shredder).find("[FEN \"1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w") != std::string::npos);
    check_round_trip(out);
  }
  // A FEN only Chess960 explains, no Variant tag: read as Chess960 with a note.
  GameRecord r = read_one("[SetUp \"1\"]\n[FEN \"" + fen_x + "\"]\n1. O-O *");
  CHECK(!r.has_errors());
  CHECK(r.game.chess960);
  CHECK(codes(r).find("N-CHESS960") != std::string::npos);
}

TEST_CASE("other variants are rejected with E-VARIANT") {
  for (std::string v :
       {"Antichess", "Horde", "Atomic", "Crazyhouse", "Three-check", "King of the Hill", "Racing Kings"}) {
    CAPTURE(v);
    GameRecord r = read_one("[Variant \"" + v + "\"]\n1. e4 *");
    CHECK(codes(r).find("E-VARIANT") != std::string::npos);
    CHECK(r.has_errors());
  }
  GameRecord standard = read_one("[Variant \"Standard\"]\n1. e4 *");
  CHECK(!standard.has_errors());
}

TEST_CASE("diagnostics: codes and places in the original file") {
  // Second game: CRLF line ends and a Latin-1 tag; the illegal move's place is in original bytes.
  std::string text = "1. e4 e5 *\r\n\r\n[White \"Polg\xE1r\"]\r\n\r\n1. e4 \xE9 2. Ke3 *\r\n";
  ReadOptions o;
  o.file_name = "games.pgn";
  std::vector<GameRecord> games = read_pgn(text, o);
  REQUIRE(games.size() == 2);
  CHECK(games[0].diagnostics.empty());
  const GameRecord& g = games[1];
  CHECK(g.encoding == Encoding::Latin1);
  CHECK(g.original == "[White \"Polg\xE1r\"]\r\n\r\n1. e4 \xE9 2. Ke3 *");
  REQUIRE(g.has_errors());
  const Diagnostic* syntax = nullptr;
  for (const Diagnostic& d : g.diagnostics)
    if (d.code == Code::MoveSyntax) syntax = &d;
  REQUIRE(syntax != nullptr);
  CHECK(syntax->file == "games.pgn");
  CHECK(syntax->game == 2);
  CHECK(syntax->line == 5);
  CHECK(syntax->column == 7);
  CHECK(syntax->byte == text.find('\xE9', 20));
  CHECK(syntax->ply == 2);
  CHECK(syntax->written == "é");
}

TEST_CASE("moves that begin with Black's where White is to move: the message says so") {
  struct Row {
    std::string text;
    std::string says;  // in the first diagnostic's message; empty: no such words
  };
  const Row rows[] = {
      {"[Event \"x\"]\n\n1... e5 2. Nf3 *", "but without a FEN tag the game starts from the initial position"},
      {"1\xE2\x80\xA6 e5 *", "but without a FEN tag"},
      {"[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1... Kd7 *", "but White is to move in the FEN tag's position"},
      {"1. e5 *", ""},              // White's move number: an ordinary illegal move
      {"1. e4 e5 2... Ke3 *", ""},  // not the first move
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    const std::vector<GameRecord> games = read_pgn(row.text);
    REQUIRE(games.size() == 1);
    REQUIRE(!games[0].diagnostics.empty());
    // (A Black move number where White's move is due, later than the first move, is remarked
    // on by itself first: W-MOVE-NUMBER.)
    const auto illegal = std::find_if(games[0].diagnostics.begin(), games[0].diagnostics.end(),
                                      [](const Diagnostic& d) { return d.code == Code::Illegal; });
    REQUIRE(illegal != games[0].diagnostics.end());
    const std::string& message = illegal->message;
    CHECK(games[0].diagnostics[0].code ==
          (row.says.empty() && row.text.find("...") != std::string::npos ? Code::MoveNumber : Code::Illegal));
    if (row.says.empty()) CHECK(message.find("Black's move") == std::string::npos);
    else CHECK(message.find(row.says) != std::string::npos);
  }
}

TEST_CASE("a move number that is not its move's is remarked on, once for each slip") {
  // An arbiter's evidence: `3. Bb5 4. Ba4` says Black's third move is missing from the score.
  // A number is compared with the move due where it stands; a line whose numbers keep one shift
  // (a FEN whose move number the score does not follow) is told once, and a second number before
  // the same move (`3.2`) is the first's.
  struct Row {
    std::string text;
    std::vector<std::string> written;  // the W-MOVE-NUMBER remarks' numbers, in order
    std::vector<std::uint32_t> plies;
    std::string says;  // in the first remark's message
  };
  const Row rows[] = {
      {"1. e4 e5 2. Nf3 Nc6 3. Bb5 4. Ba4 Nf6 *",
       {"4."},
       {6},
       "stands where Black's move 3 is due: Black's move 3 may be missing"},
      {"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 7. d4 exd4 7. O-O *",
       {"7."},
       {11},
       "the move number 7. stands where White's move 6 is due"},
      // A FEN whose move number is 1 (a default) and the game's own numbers: the same; a slip
      // in them is one.
      {"[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n30. Rh7 Kd8 31. Rh8+ Kc7 33. Rh7+ *",
       {"33."},
       {5},
       "White's move 3"},
      {"[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n30. Rh7 Kd8 31. Rh8+ Kc7 32. Rh7+ *", {}, {}, ""},
      {"[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 5\"]\n\n30. Rh7 Kd8 31. Rh8+ *", {"30."}, {1}, "White's move 5"},
      {"1. e4 e5 2... Nf3 *", {"2..."}, {3}, "the dots name Black's move"},
      {"1. e4 e5 3.2 Nf3 Nc6 4. Bb5 *", {"3."}, {3}, "White's move 2 is due"},
      {"1. e4 e5 (2... d5 2. exd5) 2. Nf3 9. Nc6 *", {"2...", "9."}, {2, 4}, "Black's move 1 is due"},
      {"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 5. Ba4 Nf6 6. O-O Be7 8. Re1 *", {"5.", "8."}, {7, 11}, "White's move 4"},
      // A FEN of a later move and numbers from 1 (engine-match tools write so): a convention, but
      // a slip in that count is still one.
      {"[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 4 23\"]\n\n1... Kd7 2. Rh7+ Kc6 (2... Ke6 3. Rh6+) 4. Rh6+ *",
       {"4."},
       {4},
       "White's move 25"},
      // Numbers that fit: bare, spaced, one dot before Black's move, Black's after a comment.
      {"1 e4 e5 2 . Nf3 2. Nc6 3. Bb5 {pin} 3... a6 (3... Nf6) 4. Ba4 *", {}, {}, ""},
      {"[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 4 23\"]\n\n23... Kd7 24. Rh7+ *", {}, {}, ""},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    const std::vector<GameRecord> games = read_pgn(row.text);
    REQUIRE(games.size() == 1);
    std::vector<const Diagnostic*> remarks;
    for (const Diagnostic& d : games[0].diagnostics)
      if (d.code == Code::MoveNumber) remarks.push_back(&d);
    REQUIRE(remarks.size() == row.written.size());
    for (std::size_t i = 0; i < remarks.size(); ++i) {
      CHECK(remarks[i]->written == row.written[i]);
      CHECK(remarks[i]->ply == row.plies[i]);
      CHECK(remarks[i]->severity == Severity::Warning);
      CHECK(row.text.substr(remarks[i]->byte, row.written[i].size()) == row.written[i]);
    }
    if (!remarks.empty()) CHECK(remarks[0]->message.find(row.says) != std::string::npos);
  }
}

TEST_CASE("an illegal move after a number that says Black's move is missing: the error says if it is White's") {
  // Evidence for the arbiter, not a repair: the game stops at the move either way.
  struct Row {
    std::string text;
    bool noted;
  };
  const Row rows[] = {
      {"1. e4 e5 2. Nf3 Nc6 3. Bb5 4. Ba4 Nf6 *", true},   // Ba4 is White's 4th with Black's 3rd left out
      {"1. e4 e5 2. Nf3 Nc6 3. Bb5 4. Qh8 Nf6 *", false},  // no queen of either side reaches h8
      {"1. e4 e5 2. Nf3 Nc6 3. Bb5 Ba4 *", false},         // no number: nothing says a move is missing
      {"1. e4 f5 2. Qh5+ 3. Qxf5 *", false},               // in check: no move can be left out
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    const std::vector<GameRecord> games = read_pgn(row.text);
    REQUIRE(games.size() == 1);
    const auto illegal = std::find_if(games[0].diagnostics.begin(), games[0].diagnostics.end(),
                                      [](const Diagnostic& d) { return d.code == Code::Illegal; });
    REQUIRE(illegal != games[0].diagnostics.end());
    CHECK((illegal->message.find("; legal as White's move") != std::string::npos) == row.noted);
    if (row.noted)
      CHECK(illegal->message.find("; legal as White's move 4 if Black's move 3 is missing") != std::string::npos);
  }
}

TEST_CASE("a Result tag the result token overrules is kept in a comment") {
  struct Row {
    std::string tag;
    std::string token;
    std::string movetext;  // as written back
  };
  const Row rows[] = {
      {"1/2-1/2", "1-0", "1. e4 e5 {Result tag was \"1/2-1/2\"} 1-0"},
      {"1-0", "*", "1. e4 e5 {Result tag was \"1-0\"} *"},
      {"draw", "1/2-1/2", "1. e4 e5 {Result tag was \"draw\"} 1/2-1/2"},
      {"0-1", "0-1", "1. e4 e5 0-1"},
      {"\xC2\xBD-\xC2\xBD", "1/2-1/2", "1. e4 e5 1/2-1/2"},  // the same result, spelt otherwise
      {"*", "1-0", "1. e4 e5 1-0"},                          // no result said: nothing to keep
      {"?", "0-1", "1. e4 e5 0-1"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.tag);
    CAPTURE(row.token);
    // (Both lanes: the fast lane leaves such a game to the general reader.)
    const std::string text = "[Event \"x\"]\n[Result \"" + row.tag + "\"]\n\n1. e4 e5 " + row.token + "\n";
    const std::vector<GameRecord> games = read_pgn(text);
    REQUIRE(games.size() == 1);
    const std::string out = write_pgn(games[0].game);
    CHECK(out.substr(out.find("\n\n") + 2) == row.movetext + "\n\n");
    // Written back, the comment is a comment: nothing is added again.
    const std::vector<GameRecord> again = read_pgn(out);
    REQUIRE(again.size() == 1);
    CHECK(write_pgn(again[0].game) == out);
  }
}

TEST_CASE("diagnostics: garbage is reported, never dropped; illegal and ambiguous moves; variation numbers") {
  struct Row {
    std::string text;
    std::string codes;
  };
  const Row rows[] = {
      {"1. e4 e5 2. Nf3 garbage Nc6 *", "E-SYNTAX "},
      {"1. e4 e5 2. Ke3 *", "E-ILLEGAL "},
      {"1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Nb5 *", "E-AMBIGUOUS "},
      {"1. e4 e5 (1... c5 2. Ke3) 2. Nf3 *", "E-ILLEGAL "},
      {"1. e4 e5 2. Nf3 1-0 {x}", "E-PGN-SYNTAX "},  // the comment after the result is not a game
      {"1. e4 e5 2. Nf3", ""},                       // a bare scoresheet: no tags, no result to miss
      {"[White \"A\"]\n1. e4 e5 2. Nf3", "W-RESULT "},
      {"[Result \"1-0\"]\n1. e4 0-1", "W-RESULT "},
      {"1. e4 e5 $300 *", "E-PGN-SYNTAX "},
      {"1. e4 e5 2. Ke2 Ke7 3. -- *", ""},
      {"1. e4 f6 2. Qh5+ -- *", "E-ILLEGAL "},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    std::vector<GameRecord> games = read_pgn(row.text);
    std::string all;
    for (const GameRecord& g : games) all += codes(g);
    CHECK(all == row.codes);
  }
  GameRecord r = read_one("1. e4 e5 (1... c5) (1... e6 2. d4 (2. Ke3)) 2. Nf3 *");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].variation == 3);
  CHECK(r.diagnostics[0].ply == 3);
  CHECK(r.diagnostics[0].column == 39);
}

TEST_CASE("visitor: skipping movetext, counting moves") {
  struct Counter : Visitor {
    int games = 0, moves = 0, variations = 0;
    bool skip_black_wins = true;
    std::string result;
    void begin_game(std::uint32_t) override { ++games; }
    Skip end_tags(const Position&, bool) override { return skip_black_wins && result == "0-1" ? Skip::Yes : Skip::No; }
    void tag(std::string_view n, std::string_view v) override {
      if (n == "Result") result = v;
    }
    void move(const MoveEvent& e) override { moves += e.move ? 1 : 0; }
    void begin_variation() override { ++variations; }
  } counter;
  std::string text = "[Result \"1-0\"]\n1. e4 e5 (1... c5) 1-0\n\n[Result \"0-1\"]\n1. d4 d5 0-1\n";
  PgnReader reader(text);
  GameRecord record;
  while (reader.next(record, counter)) {
  }
  CHECK(counter.games == 2);
  CHECK(counter.moves == 3);
  CHECK(counter.variations == 1);
}

TEST_CASE("writer: movetext in another language and style; tag values stay") {
  GameRecord r = read_one("[White \"Nf3 Fan\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *");
  PgnWriteOptions w;
  w.moves.language = find_language("es");
  REQUIRE(w.moves.language != nullptr);
  std::string out = write_pgn(r.game, w);
  CHECK(out.find("[White \"Nf3 Fan\"]") != std::string::npos);
  CHECK(out.find("1. e4 e5 2. Cf3 Cc6 3. Ab5 *") != std::string::npos);
  ReadOptions es;
  es.language = w.moves.language;
  GameRecord back = read_one(out, es);
  std::string why;
  CHECK_MESSAGE(equivalent(r.game, back.game, &why), why);
  w.moves.language = nullptr;
  w.moves.style = NotationStyle::Uci;
  CHECK(write_pgn(r.game, w).find("1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 *") != std::string::npos);
}

TEST_CASE("reader: UTF-16 input and a BOM") {
  std::string utf8 = "[White \"Polgár\"]\n1. e4 e5 *\n";
  std::string utf16 = encode(utf8, Encoding::Utf16Le);
  utf16.insert(0, "\xFF\xFE");
  std::istringstream in(utf16);
  PgnReader reader(in);
  GameRecord r;
  REQUIRE(reader.next(r));
  CHECK(r.encoding == Encoding::Utf16Le);
  CHECK(*r.game.tag("White") == "Polgár");
  CHECK(r.offset == 2);
  CHECK(r.original == encode("[White \"Polgár\"]\n1. e4 e5 *", Encoding::Utf16Le));
  CHECK(!reader.next(r));

  std::vector<GameRecord> bom = read_pgn("\xEF\xBB\xBF[Event \"x\"]\n1. e4 *");
  REQUIRE(bom.size() == 1);
  CHECK(bom[0].offset == 3);
  CHECK(!bom[0].has_errors());
}
