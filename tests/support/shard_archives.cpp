#include "tests/support/shard_archives.hpp"

namespace planilla::test {

// Boundaries a start rule could take for a game start and must not: `\n\n[Event "` inside a
// comment (closed and left open), inside a tag value, after a result followed by a line comment
// or a tag on the same line, a tag section with blank lines inside (ChessBase), tag-only games,
// a result inside a comment, CRLF lines, a Latin-1 game (its encoding carried to the next
// games), `0-0` castling and `*` in a comment; and the cutter's case of a tag pair ending a
// comment left open, then a blank line and a tag name repeated from the game before.
std::string adversarial_archive() {
  std::string all = "\xEF\xBB\xBF[Event \"bom\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
  all += "[Event \"c1\"]\n[Result \"*\"]\n\n1. e4 {a comment\n\n[Event \"inside\"]\nstill the comment} e5 2. Ke3 *\n\n";
  all += "[Event \"tag value\n\n[Event \\\"x\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n";
  all +=
      "[Event \"open\"]\n[White \"A\"]\n\n1. e4 {never closed 1-0\n\n[Event \"after open\"]\n[Event "
      "\"again\"]\n\n[White \"B\"]\n\n1. d4 Nf6 2. Kd3 *\n\n";
  all +=
      "[Event \"semi\"]\n\n1. e4 e5 1-0 ; trailing\n\n[Event \"after semi\"]\n\n1. c4 0-1 [Site \"same "
      "line\"]\n\n[Round \"2\"]\n\n1. Nf3 *\n\n";
  all += "[Event \"cb\"]\n\n[Site \"blank inside\"]\n[Result \"*\"]\n\n1. e4 { 1-0 } e5 { * } 2. O-O-O *\n\n";
  all += "[Event \"tags only\"]\n\n[Event \"tags only 2\"]\n\n";
  all += "[Event \"crlf\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 e5 2. 0-0 1-0\r\n\r\n";
  all += "[Event \"Z\xFCrich\"]\n[White \"M\xFCller\"]\n[Result \"*\"]\n\n1. e4 {\xE9l\xE8ve} Kxe7 *\n\n";
  all +=
      "[Event \"after latin1\"]\n[Black \"Gr\xE4"
      "f\"]\n\n1. d4 (1. e4 e5 1-0) d5 2. Qd3 Kd7 3. Qxh7 *\n\n";
  all += "[Event \"close\"] 1-0\n[Site \"b\"]\n\n1. e4 *\n\n[Event \"two\"]\n1. d4 d5\n[Site \"c\"]\n\n1. c4 *\n\n";
  all += "% an escape line\n[Event \"pct\"]\n\n1. e4 e5\n% escaped [Event \"no\"] 1-0\n2. Nf3 *\n\n";
  all += "; a line comment\n[Event \"semi line\"]\n\n1. e4 ; 1-0 [Event \"no\"]\n\n[Event \"yes\"]\n\n1. d4 *\n\n";
  all += "1. e4 e5 *\n\n1. d4 1/2-1/2\n\n[Event \"last\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
  std::string twice = all + "\n" + all.substr(3);
  return twice;
}

// An input larger than find_split_start()'s 64 KB window: ordinary games with the adversarial
// archive between them, a comment of ~100 KB holding `\n\n[Event "..."]` lines (closed, and one
// left open), a game longer than a window, a tag value across lines, CRLF games.
std::string large_archive() {
  const std::string usual =
      "[Event \"usual\"]\n[Site \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. Re1 "
      "b5\n6. Bb3 d6 7. c3 O-O 8. h3 Nb8 1-0\n\n";
  // Lines of ~100 bytes: the closed comment is longer than a window; the one left open is cut
  // by the splitter at each tag pair after a blank line (200 broken games).
  const auto comment = [](int lines) {
    std::string text = "{";
    for (int i = 0; i < lines; ++i)
      text +=
          "a comment that goes on and on, 1-0 * (a result in it)\n\n[Event \"in comment " + std::to_string(i) + "\"]\n";
    return text;
  };
  std::string moves;
  for (int i = 1; i < 4000; ++i)
    moves += std::to_string(i) + (i % 2 ? ". Nf3 Nf6 " : ". Ng1 Ng8 ") + (i % 7 == 0 ? "\n" : "");
  std::string all;
  for (int i = 0; i < 120; ++i) all += usual;
  all += "[Event \"long comment\"]\n\n1. e4 " + comment(900) + "} e5 *\n\n";
  for (int i = 0; i < 90; ++i) all += usual;
  all += adversarial_archive().substr(3);
  all += "[Event \"long game\"]\n[Result \"*\"]\n\n" + moves + "*\n\n";
  for (int i = 0; i < 90; ++i) all += usual;
  all += "[Event \"left open\"]\n\n1. e4 " + comment(200) + " e5 *\n\n";
  for (int i = 0; i < 60; ++i) all += usual;
  all += "[Event \"value\n\n[Event \\\"x\"]\n\n1. d4 *\n\n";
  for (int i = 0; i < 60; ++i) all += "[Event \"crlf\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n" + usual;
  for (int i = 0; i < 200; ++i) all += usual;
  return all;
}

}  // namespace planilla::test
