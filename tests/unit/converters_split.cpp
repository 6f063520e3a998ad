// converters/split: game boundaries, exact bytes, offsets and the streaming memory bound.
#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "converters/input/decode.hpp"
#include "converters/input/split.hpp"
#include "tests/support/files.hpp"

using namespace planilla;

namespace {
std::vector<std::string> texts(std::string_view input) {
  std::vector<std::string> out;
  for (const RawGame& g : split_games(input)) out.emplace_back(g.bytes);
  return out;
}
}  // namespace

TEST_CASE("split: boundaries table") {
  using V = std::vector<std::string>;
  struct Row {
    std::string input;
    V games;
  };
  const Row rows[] = {
      {"", V{}},
      {"  \n\n", V{}},
      {"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 0-1\n",
       V{"[Event \"a\"]\n\n1. e4 e5 1-0", "[Event \"b\"]\n\n1. d4 0-1"}},
      // games without tags
      {"1. e4 e5 1/2-1/2 1. d4 *", V{"1. e4 e5 1/2-1/2", "1. d4 *"}},
      // castling is not a result; a result inside a variation or comment does not end the game
      {"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 (4. c3 1-0) {0-1} Nf6 0-1\n",
       V{"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 (4. c3 1-0) {0-1} Nf6 0-1"}},
      // tags without moves: a blank line separates tag-only games
      {"[Event \"a\"]\n[Result \"0-1\"]\n\n[Event \"b\"]\n", V{"[Event \"a\"]\n[Result \"0-1\"]", "[Event \"b\"]"}},
      // a blank line inside a tag section (ChessBase) does not split the game
      {"[Event \"a\"]\n\n[Date \"b\"]\n\n1. e4 *", V{"[Event \"a\"]\n\n[Date \"b\"]\n\n1. e4 *"}},
      // diagnostics as ; lines before the tags belong to the game (rejects files)
      {"; E-ILLEGAL x\n; more\n[Event \"a\"]\n*", V{"; E-ILLEGAL x\n; more\n[Event \"a\"]\n*"}},
      // a `]` too many after a tag is its line's: the tags below are the same game's; so is a `]`
      // alone on its line among the tags (the one `[White "b"` lacks), but not one before moves
      {"[Event \"a\"]]\n[White \"b\"]\n\n1. e4 *", V{"[Event \"a\"]]\n[White \"b\"]\n\n1. e4 *"}},
      {"[Event \"a\"]\n]\n[White \"b\"]\n\n1. e4 *", V{"[Event \"a\"]\n]\n[White \"b\"]\n\n1. e4 *"}},
      {"[Event \"a\"]\n[White \"b\"\n \t]\t\r\n[Black \"c\"]\n\n1. e4 *",
       V{"[Event \"a\"]\n[White \"b\"\n \t]\t\r\n[Black \"c\"]\n\n1. e4 *"}},
      {"[Event \"a\"]\n] 1. e4 *\n[Event \"b\"]\n*", V{"[Event \"a\"]\n] 1. e4 *", "[Event \"b\"]\n*"}},
      {"[Event \"a\"]\n1. e4 *\n]\n[Event \"b\"]\n*", V{"[Event \"a\"]\n1. e4 *", "]", "[Event \"b\"]\n*"}},
      // a game with no result ends at the next tag section
      {"[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 *", V{"[Event \"a\"]\n1. e4 e5", "[Event \"b\"]\n1. d4 *"}},
      // results in tag values and escaped quotes do not fool the scanner
      {"[Site \"1-0\"]\n[White \"a \\\"*\\\" b\"]\n1. e4 *", V{"[Site \"1-0\"]\n[White \"a \\\"*\\\" b\"]\n1. e4 *"}},
      // ; and % comments hide results; (Q) and (=) are not variations
      {"1. e4 ; 1-0\n%0-1\ne5 2. d8(Q) (=) *", V{"1. e4 ; 1-0\n%0-1\ne5 2. d8(Q) (=) *"}},
      // ½-½ in UTF-8 and in Latin-1
      {"1. e4 \xC2\xBD-\xC2\xBD 1. d4 \xBD-\xBD", V{"1. e4 \xC2\xBD-\xC2\xBD", "1. d4 \xBD-\xBD"}},
      // an unclosed comment stops at a tag pair after a blank line
      {"1. e4 {never closed\n\n[Event \"next\"]\n1. d4 *", V{"1. e4 {never closed", "[Event \"next\"]\n1. d4 *"}},
      // a result glued to a token is not a result
      {"1. e4 e5 21-0 *", V{"1. e4 e5 21-0 *"}},
      // CR-only and CRLF line ends
      {"[Event \"a\"]\r\r1. e4 1-0\r\r[Event \"b\"]\r\n\r\n*",
       V{"[Event \"a\"]\r\r1. e4 1-0", "[Event \"b\"]\r\n\r\n*"}},
      // BOM is not part of the first game
      {"\xEF\xBB\xBF[Event \"a\"]\n*", V{"[Event \"a\"]\n*"}},
      // the same result again on its line is the game's, written twice; another result, text
      // after the result, or the same result on the next line is not
      {"1. e4 1-0 1-0\t 1-0  \n1. d4 *", V{"1. e4 1-0 1-0\t 1-0", "1. d4 *"}},
      {"1. e4 1-0 0-1 1-0\n", V{"1. e4 1-0", "0-1", "1-0"}},
      {"1. e4 1-0 {c} 1-0\n", V{"1. e4 1-0", "{c} 1-0"}},
      {"1. e4 1-0\n1-0\n", V{"1. e4 1-0", "1-0"}},
      {"1. e4 * *\r\n*", V{"1. e4 * *", "*"}},
      {"1. e4 1-0 1-01-0 *", V{"1. e4 1-0", "1-01-0 *"}},
      {"1. e4 \xC2\xBD-\xC2\xBD \xC2\xBD-\xC2\xBD", V{"1. e4 \xC2\xBD-\xC2\xBD \xC2\xBD-\xC2\xBD"}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.input);
    CHECK(texts(row.input) == row.games);
  }
}

TEST_CASE("split: offsets, lines and columns") {
  std::string input = "[Event \"a\"]\r\n\r\n1. e4 1-0 [Event \"b\"]\n*\n\n  1. d4 *";
  std::vector<RawGame> games = split_games(input);
  REQUIRE(games.size() == 3);
  CHECK(games[0].offset == 0);
  CHECK(games[0].line == 1);
  CHECK(games[0].terminated);
  CHECK(games[1].offset == input.find("[Event \"b\"]"));
  CHECK(games[1].line == 3);
  CHECK(games[1].column == 11);
  CHECK(games[2].line == 6);
  CHECK(games[2].column == 3);
  CHECK(games[2].number == 3);
  for (const RawGame& g : games) CHECK(input.substr(g.offset, g.bytes.size()) == g.bytes);
}

TEST_CASE("split: streaming gives the same games with memory bounded by the largest game") {
  std::string one = "[Event \"x\"]\n[White \"W\"]\n\n1. e4 {a comment} e5 2. Nf3 (2. Nc3) Nc6 1-0\n\n";
  std::string input;
  for (int i = 0; i < 2000; ++i) input += one;
  std::istringstream in(input);
  GameSplitter splitter(in, {.chunk_size = 4096});
  RawGame g;
  std::size_t count = 0;
  while (splitter.next(g)) {
    ++count;
    CHECK(g.bytes == std::string_view(one).substr(0, one.size() - 2));
    CHECK(g.offset == (count - 1) * one.size());
    CHECK(g.line == (count - 1) * 5 + 1);
  }
  CHECK(count == 2000);
  CHECK(splitter.peak_buffer() <= 3 * 4096);
}

TEST_CASE("split: a game larger than the chunk grows the buffer and stays intact") {
  std::string big = "1. e4 {" + std::string(10000, 'x') + "} e5 *";
  std::string input = big + "\n" + big;
  std::istringstream in(input);
  GameSplitter splitter(in, {.chunk_size = 512});
  RawGame g;
  int count = 0;
  while (splitter.next(g)) {
    CHECK(g.bytes == big);
    ++count;
  }
  CHECK(count == 2);
}

TEST_CASE("split: every chunk size cuts the same games, with the same places, as one buffer") {
  // The scanner takes runs of plain bytes, and the rest of a tag line, in one step; each step
  // stops at the look-ahead limit of a partly read buffer and the byte rules take over there.
  // Reading the same text through chunks of every size from 64 to 200 bytes moves that limit
  // across every byte of every construct, so the steps and the byte rules must agree.
  const std::vector<std::string> pieces = {
      "[Event \"a\"]",
      "[Event \"a]b\"]",
      "[Event \"a\"]]",
      "[]]",
      "]",
      "[Site \"x\\\"y\"]",
      "[White \"\xC3\x91"
      "and\xC3\xBA\"]",
      "[Black \"M\xFCller\"]",
      "[Round \"1\"]  ",
      "[Date \"2020\"] [Time \"1\"]",
      "[Event \"open",
      "[Result \"1-0\"]x",
      "[ECO \"A00\" ]",
      "[Annotator \"\"]",
      "[X \"a\\\\\"]",
      "[W \"{\"]",
      "[V \"}\"] ; c",
      "1. e4 e5 2. Nf3 Nc6 1-0",
      "1. d4 {c [Event \"x\"] } d5 0-1",
      "*",
      "1/2-1/2",
      "1. e4 (1. d4 d5) e5 *",
      "{open comment",
      "; line",
      "12. Rd1 a1=Q+ 10... O-O",
      "\xBD-\xBD",
      "e8(Q) (=) 0-1",
      "1. e4 1-0 1-0",
      "* * *",
      "1-0 0-1",
      // brace comments on one line are taken whole by the runs; the others by the byte rules
      "1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:04:59] } 2. Nf3 {} 1-0",
      "1. e4 {a longer comment with 1-0 and [Event \"x\"] and ( inside} *",
      "1. d4 {two\nlines 0-1} 0-1",
      "1. c4 {caf\xC3\xA9 1-0 and more than sixteen bytes} 0-1",
      "1. Nf3 {\xE9t\xE9} *",
      "1. e4 e5 {a comment at the line's end}",
      "1. e4 {c}1-0",
  };
  const std::vector<std::string> ends = {"\n", "\r\n", "\n\n", "\r", "  \n", "\t"};
  std::uint64_t state = 12345;
  auto next = [&](std::size_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::size_t>((state >> 33) % n);
  };
  std::string input;
  for (int i = 0; i < 400; ++i) input += pieces[next(pieces.size())] + ends[next(ends.size())];

  const std::vector<RawGame> whole = split_games(input);
  REQUIRE(whole.size() > 100);
  for (std::size_t chunk = 64; chunk <= 200; ++chunk) {
    CAPTURE(chunk);
    std::istringstream in(input);
    GameSplitter splitter(in, {.chunk_size = chunk});
    RawGame g;
    std::size_t n = 0;
    while (splitter.next(g)) {
      REQUIRE(n < whole.size());
      const RawGame& w = whole[n++];
      CHECK(g.bytes == w.bytes);
      CHECK(g.offset == w.offset);
      CHECK(g.line == w.line);
      CHECK(g.column == w.column);
      CHECK(g.number == w.number);
      CHECK(g.terminated == w.terminated);
    }
    CHECK(n == whole.size());
  }
}

TEST_CASE("split: a result ends its game wherever it falls in the scanner's 64-byte windows") {
  // Movetext runs stop at a 0 or 1 only when a '-' or '/' follows (the byte after may be in the
  // next window); results placed at every offset modulo 64 of the run must still end their game,
  // and the decoys before them (in a variation, glued, 10-0, not followed by a token end) must not.
  const std::string decoys = "1. e4 (1-0) x1-0 10-0 e4*1 0/1x 1/2-1/2x 0-1x ";
  const std::string filler = "Rd1 10.Re1 e4 a1 11... Nb1 ";  // 0s and 1s without '-' or '/' after them
  const std::string results[] = {"1-0", "0-1", "1/2-1/2", "*"};
  std::vector<std::string> games;
  std::string input;
  for (std::size_t k = 0; k < 130; ++k) {
    std::string pad;
    while (pad.size() < k) pad += filler;
    games.push_back(decoys + pad.substr(0, k) + " " + results[k % 4]);
    input += games.back() + (k % 3 == 0 ? "\r\n" : "\n");
  }
  CHECK(texts(input) == games);
  for (std::size_t chunk : {64, 97, 128, 200}) {
    CAPTURE(chunk);
    std::istringstream in(input);
    GameSplitter splitter(in, {.chunk_size = chunk});
    RawGame g;
    std::vector<std::string> streamed;
    while (splitter.next(g)) streamed.emplace_back(g.bytes);
    CHECK(streamed == games);
  }
}

TEST_CASE("split: columns count code points through comments and tag values") {
  // A game that starts on the line where the previous one ended: its column counts the UTF-8
  // text before it (taken by the runs 16 bytes at a time) in code points, not bytes.
  std::string accents;  // 8 two-byte code points
  for (int k = 0; k < 4; ++k) accents += "\xC3\x91\xC3\xBA";
  const std::string input =
      "[White \"" + accents + "\xE2\x80\x94\"] 1. e4 {" + accents + "\xF0\x9F\x98\x80} 1-0 [Black \"b\"] *";
  const std::vector<RawGame> games = split_games(input);
  REQUIRE(games.size() == 2);
  std::uint32_t code_points = 0;
  for (std::size_t i = 0; i < games[1].offset; ++i)
    code_points += (static_cast<unsigned char>(input[i]) & 0xC0) != 0x80;
  CHECK(games[1].line == 1);
  CHECK(games[1].column == code_points + 1);
}

TEST_CASE("split: brace comments on one line move the column by their size") {
  // Clock comments after every move, and a game that starts on the line where one ended: its
  // column is the line's bytes before it, the comments taken whole or byte by byte alike.
  std::string line;
  for (int k = 1; k <= 12; ++k)
    line += std::to_string(k) + ". e4 { [%clk 0:0" + std::to_string(k % 10) + ":00] } " + std::to_string(k) +
            "... e5 {[%eval 0.17] [%clk 0:05:00]} ";
  const std::string input = "[Event \"a\"]\n\n" + line + "1-0 [Black \"b\"] *\n";
  const std::vector<RawGame> games = split_games(input);
  REQUIRE(games.size() == 2);
  CHECK(games[0].bytes == "[Event \"a\"]\n\n" + line + "1-0");
  CHECK(games[1].line == 3);
  CHECK(games[1].column == line.size() + 5);

  // UTF-8 (and Latin-1) in such a comment: the column counts code points, on its line only.
  const std::string accented = "1. e4 {caf\xC3\xA9 and na\xC3\xAFve, \xE9t\xE9, more than sixteen bytes} e5 ";
  const std::vector<RawGame> same_line = split_games(accented + "1-0 [Black \"b\"] *");
  REQUIRE(same_line.size() == 2);
  CHECK(same_line[1].line == 1);
  CHECK(same_line[1].column == accented.size() + 4 - 2 + 1);  // two UTF-8 continuation bytes
  const std::string next_line = "2. Nf3 Nc6 1-0 ";
  for (const std::string& end : {std::string("\n"), std::string("\r\n")}) {
    CAPTURE(end);
    const std::vector<RawGame> two = split_games(accented + end + next_line + "[Black \"b\"] *");
    REQUIRE(two.size() == 2);
    CHECK(two[1].line == 2);
    CHECK(two[1].column == next_line.size() + 1);
  }
}

namespace {

// Every game of `input` cut by a splitter with `options` (streamed in chunks when `stream`),
// each with all its fields.
std::vector<RawGame> cut(std::string_view input, SplitOptions options, bool stream, std::vector<std::string>& kept,
                         std::size_t* whole = nullptr) {
  std::vector<RawGame> out;
  kept.clear();
  std::istringstream in{std::string(input)};
  std::unique_ptr<GameSplitter> splitter =
      stream ? std::make_unique<GameSplitter>(in, options) : std::make_unique<GameSplitter>(input, options);
  RawGame g;
  while (splitter->next(g)) {
    kept.emplace_back(g.bytes);  // (a streamed game's view lasts until the next call)
    out.push_back(g);
  }
  if (whole) *whole = splitter->games_cut_whole();
  return out;
}

// Whether the splitter cuts `input` the same with whole usual games as byte by byte only, in
// memory and streamed in chunks of each of `chunks` bytes. Returns the number of games; `whole`
// gets the number cut whole in memory.
std::size_t same_cuts(std::string_view input, std::initializer_list<std::size_t> chunks, std::size_t& whole) {
  std::vector<std::string> bytes_ref, bytes_got;
  const std::vector<RawGame> ref = cut(input, {.whole_usual_games = false}, false, bytes_ref);
  const auto compare = [&](const std::vector<RawGame>& got) {
    REQUIRE(got.size() == ref.size());
    for (std::size_t k = 0; k < ref.size(); ++k) {
      CAPTURE(k);
      CHECK(bytes_got[k] == bytes_ref[k]);
      CHECK(got[k].offset == ref[k].offset);
      CHECK(got[k].line == ref[k].line);
      CHECK(got[k].column == ref[k].column);
      CHECK(got[k].number == ref[k].number);
      CHECK(got[k].terminated == ref[k].terminated);
      if (got[k].ascii) CHECK(is_ascii(bytes_got[k]));  // (the byte rules do not say)
    }
  };
  compare(cut(input, {}, false, bytes_got, &whole));
  for (std::size_t chunk : chunks) {
    CAPTURE(chunk);
    compare(cut(input, {.chunk_size = chunk}, true, bytes_got));
  }
  return ref.size();
}

}  // namespace

TEST_CASE("split: games of the usual shape cut whole are the games the byte rules cut") {
  // Games built from parts that make the usual shape (tag lines, an empty line, plain movetext,
  // an empty line, the next tag line) and parts that break it in each way its rule names: a
  // comment, a variation, a `;` or `%` line, a result before the last token or written twice, a
  // labelled result, a `[` at a line start in the movetext, a CR, a `]` not ending its line, no
  // empty line, a tag value with UTF-8 or Latin-1, a result glued or missing.
  const std::vector<std::string> tags = {
      "[Event \"a\"]",      "[Site \"b ] c\"]", "[White \"Caf\xC3\xA9\"]", "[Black \"\xE9t\xE9\"]",
      "[Round \"1\"] ",     "[Result \"1-0\"]", "[Annotator \"x\"] ; c",   "[Date \"1999.??.??\"]\r",
      "[Event \"unclosed]", "[W \"{\"]",        "[ECO \"A00\"]]",          "[Event \"with \\\"q\\\"\"]",
  };
  // Lines within the movetext (the first few plain), and lines that end it (the first few a
  // result as its last token; others hide a result in a comment, a variation, a `;` or `%` line
  // or behind a label, or are no result at all).
  const std::vector<std::string> middle = {
      "1. e4 e5 2. Nf3 Nc6",
      "10. Re1 Rxe1+ 11. Kxe1",
      "12. Rd1 a1=Q+ 13. Qxf7#",
      "1. e4 {c} e5 2. d4 {a [Event \"x\"] and (} d5",
      "1. e4 (1. d4 {x} (1. c4)) e5",
      "; a line (",
      "% escape {",
      "2. d4 %5 {",
      "e8(Q) (=) f1({) Nf3",
      "1. c4 {open",
      "closed} 1... e5",
      "1. e4 {one} {two)} (",
      ") 2. Nf3",
      "[%clk 0:05:00] 3. Bb5 ]",
      "1. e4 1-0 1-0",
      "1-0 0-1",
      "e4* Nf3",
      "1. e4 ½-½ 2. d4",
      "1. e4 \xBD-\xBD",
      "1. f4 $1 2. g4\r",
      "Result: 1-0",
  };
  const std::vector<std::string> last = {
      "3. Bb5 a6 1-0",
      "1. d4 d5 0-1",
      "1/2-1/2",
      "*",
      "1. g4 1/2-1/2  ",
      "1. e4 {c} 1-0",
      "1. e4 (1. d4 0-1",
      "1. e4 (1. d4) 0-1",
      "; a line 1-0",
      "% escape 1-0",
      "1. e4 % 1-0",
      "{ 1-0",
      "1. e4 {c 1-0",
      "Result: 1-0",
      "Ergebnis : 0-1",
      "e8(Q) (=) 1-0",
      "2. Nf3 1-0x",
      "2. Nf3 e4*",
      "1. e4 e5 {a [Event \"x\"]} *",
      "1. f4 $1 1-0",
      "2. Nf3 Nc6",
  };
  const std::vector<std::string> gaps = {"\n\n", "\n", "\n\n\n", " \n\n", "\n \n", "\r\n\r\n", "\n\n  "};
  std::uint64_t state = 424242;
  auto next = [&](std::size_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::size_t>((state >> 33) % n);
  };
  for (int round = 0; round < 100; ++round) {
    CAPTURE(round);
    std::string input;
    // Every tenth round more than a 64 KB mask window (the cut reads the masks a window at a time).
    for (int game = 0; game < (round % 10 == 0 ? 1500 : 60); ++game) {
      for (std::size_t t = 1 + next(4) - (next(8) == 0); t > 0; --t)
        input += (next(4) == 0 ? tags[next(tags.size())] : tags[next(4)]) + "\n";
      // Mostly the usual shape: one empty line, then plain lines, then a result.
      input += next(6) == 0 ? gaps[next(gaps.size())] : "\n";
      for (std::size_t l = next(3); l > 0; --l)
        input += (next(3) == 0 ? middle[next(middle.size())] : middle[next(3)]) + (next(9) == 0 ? "\n\n" : "\n");
      input += (next(3) == 0 ? last[next(last.size())] : last[next(5)]) + "\n";
      input += next(6) == 0 ? gaps[next(gaps.size())] : "\n";
    }
    std::size_t whole = 0;
    CHECK(same_cuts(input, {64, 100, 333, 4096}, whole) > 40);
    CHECK(whole > 5);  // (the parts above make about one game in four of the usual shape)
  }
}

TEST_CASE("split: the corpus cut whole where usual and byte by byte alike") {
  const std::filesystem::path root = PLANILLA_CORPUS_DIR;
  if (!std::filesystem::exists(root)) {
    MESSAGE("corpus not found: " << root.string() << " (skipped)");
    return;
  }
  std::size_t games = 0, files = 0, cut_whole = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    if (!e.is_regular_file() || (e.path().extension() != ".pgn" && e.path().extension() != ".txt")) continue;
    CAPTURE(e.path().string());
    std::size_t whole = 0;
    games += same_cuts(test::read_bytes(e.path()), {4096}, whole);
    cut_whole += whole;
    ++files;
  }
  MESSAGE(files << " corpus files, " << games << " games, " << cut_whole << " of them cut whole");
  CHECK(files > 10);
  CHECK(games > 1000);
  CHECK(cut_whole > games / 4);
}
