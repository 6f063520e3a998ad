// grammar/pgn: rule tables (verify_rule style), whole-game event tables, and grammar analysis.
#include <doctest/doctest.h>

#include <string>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "grammar/pgn.hpp"
#include "grammar/pgn_chars.hpp"
#include "grammar/pgn_parser.hpp"

using namespace planilla;
using namespace planilla::grammar;

namespace {

// Outcome of matching one rule at the start of an input: success with `rest` bytes left over,
// or a local failure.
enum class Outcome { Success, Failure };

template <typename Rule>
void verify_rule(const std::string& input, Outcome expected, std::size_t rest = 0) {
  namespace pegtl = tao::pegtl;
  CAPTURE(input);
  pegtl::memory_input<pegtl::tracking_mode::eager, pegtl::eol::lf_crlf> in(input, "test");
  bool ok = pegtl::parse<Rule>(in);
  CHECK(ok == (expected == Outcome::Success));
  if (ok) CHECK(in.size() == rest);
}

// Renders every event in a compact text, so a table can say what a game reads as.
class Recorder : public PgnHandler {
 public:
  std::string out;
  void tag(std::string_view n, std::string_view v, std::uint64_t, bool q) override {
    out += "[" + std::string(n) + "=" + std::string(v) + (q ? "!" : "") + "]";
  }
  void end_tags() override { out += "|"; }
  void move_number(std::uint64_t n, std::uint64_t) override { out += "#" + std::to_string(n) + " "; }
  void move(std::string_view t, std::uint64_t o) override {
    out += "m:" + std::string(t) + "@" + std::to_string(o) + " ";
  }
  void en_passant_mark(std::string_view t, std::uint64_t) override { out += "ep:" + std::string(t) + " "; }
  void draw_offer(std::uint64_t) override { out += "(=) "; }
  void nag(unsigned v, std::string_view, std::uint64_t) override { out += "$" + std::to_string(v) + " "; }
  void comment(std::string_view t, CommentKind k, std::uint64_t) override {
    const char* open = k == CommentKind::Brace ? "{" : k == CommentKind::Line ? ";" : "%";
    out += open + std::string(t) + (k == CommentKind::Brace ? "} " : "\\n ");
  }
  void begin_variation(std::uint64_t) override { out += "( "; }
  void end_variation(std::uint64_t) override { out += ") "; }
  void result(std::string_view t, std::uint64_t) override { out += "R:" + std::string(t); }
  void loose_result(std::string_view w, std::string_view c, std::uint64_t o) override {
    out += "R~" + std::string(w) + "=" + std::string(c) + "@" + std::to_string(o);
  }
  void mark_apart(std::string_view t, std::uint64_t o) override {
    out += "mk:" + std::string(t) + "@" + std::to_string(o) + " ";
  }
  void tag_loose(std::string_view n, std::string_view w, std::uint64_t) override {
    out += "<" + std::string(n) + ":" + std::string(w) + ">";
  }
  void syntax_error(Code c, std::string_view m, std::uint64_t o) override {
    out += "ERR" + std::to_string(static_cast<int>(c)) + "@" + std::to_string(o) + ":" + std::string(m);
  }
  void skipped_tag_line(std::string_view t, std::uint64_t o) override {
    out += "<skipped " + std::string(t) + "@" + std::to_string(o) + ">";
  }
};

std::string events(std::string_view text, int max_depth = 64) {
  Recorder r;
  PgnParseOptions o;
  o.max_depth = max_depth;
  parse_pgn_game(text, r, o);
  return r.out;
}

std::string err(Code c, std::uint64_t at) {
  return "ERR" + std::to_string(static_cast<int>(c)) + "@" + std::to_string(at);
}

}  // namespace

TEST_CASE("grammar/pgn: analyze finds no problems") { CHECK(tao::pegtl::analyze<pgn::game>() == 0); }

// The byte table the fast lane and the game cutter scan with is the grammar's: every byte,
// matched by the PEGTL rules and looked up in grammar/pgn_chars.hpp, gives the same class.
TEST_CASE("grammar/pgn: the byte table equals the grammar's rules") {
  namespace pegtl = tao::pegtl;
  auto matches = [](auto rule, unsigned char c) {
    const char byte = static_cast<char>(c);
    pegtl::memory_input<> in(&byte, 1, "byte");
    return pegtl::parse<decltype(rule)>(in);
  };
  for (unsigned c = 0; c < 256; ++c) {
    const auto b = static_cast<unsigned char>(c);
    CAPTURE(c);
    CHECK(matches(pgn::blank_char{}, b) == is_pgn_blank(b));
    CHECK(matches(pgn::space{}, b) == is_pgn_space(b));
    CHECK(matches(pgn::delimiter{}, b) == is_pgn_delimiter(b));
  }
}

TEST_CASE("grammar/pgn: rules") {
  using namespace pgn;
  verify_rule<result>("1-0", Outcome::Success);
  verify_rule<result>("0-1 ", Outcome::Success, 1);
  verify_rule<result>("1/2-1/2)", Outcome::Success, 1);
  verify_rule<result>("½-½", Outcome::Success);
  verify_rule<result>("*", Outcome::Success);
  verify_rule<result>("0-0", Outcome::Failure);
  verify_rule<result>("1-0-0", Outcome::Failure);
  verify_rule<move_number>("1.", Outcome::Success);
  verify_rule<move_number>("12...e5", Outcome::Success, 2);
  verify_rule<move_number>("3…Nf6", Outcome::Success, 3);
  verify_rule<move_number>("3.…", Outcome::Success);
  verify_rule<move_number>("0000", Outcome::Failure);
  // Zero periods (PGN 8.2.2, import format): one to three digits standing alone.
  verify_rule<move_number>("2 Nf3", Outcome::Success, 4);
  verify_rule<move_number>("40\n", Outcome::Success, 1);
  verify_rule<move_number>("123", Outcome::Success);
  verify_rule<move_number>("5254", Outcome::Failure);  // ICCF move
  verify_rule<move_number>("00", Outcome::Failure);    // castling
  verify_rule<move_number>("000", Outcome::Failure);
  verify_rule<move_number>("2e4", Outcome::Failure);
  verify_rule<move_token>("e8(Q)+ ", Outcome::Success, 1);
  verify_rule<move_token>("e4(e5)", Outcome::Success, 4);  // a variation, not a promotion
  verify_rule<move_token>("Nf3{", Outcome::Success, 1);
  verify_rule<move_token>("♘f3", Outcome::Success);
  verify_rule<move_token>("\"", Outcome::Failure);
  verify_rule<nag>("$14", Outcome::Success);
  verify_rule<nag>("$", Outcome::Failure);
  verify_rule<glyph>("!? ", Outcome::Success, 1);
  verify_rule<glyph>("+-", Outcome::Success);
  verify_rule<glyph>("!e4", Outcome::Failure);
  verify_rule<ep_mark>("e.p. ", Outcome::Success, 1);
  verify_rule<ep_mark>("ep", Outcome::Success);
  verify_rule<ep_mark>("epx", Outcome::Failure);
  verify_rule<draw_offer>("(=)", Outcome::Success);
  // results written loosely, signs apart (issue 18)
  verify_rule<loose_result>("1–0", Outcome::Success);
  verify_rule<loose_result>("0:1 ", Outcome::Success, 1);
  verify_rule<loose_result>("½", Outcome::Success);
  verify_rule<loose_result>("1/2)", Outcome::Success, 1);
  verify_rule<loose_result>("½–½", Outcome::Success);
  verify_rule<loose_result>("1–1", Outcome::Failure);
  verify_rule<loose_result>("0-0", Outcome::Failure);  // castling
  verify_rule<loose_result>("1/2x", Outcome::Failure);
  verify_rule<glued_result>("1-0", Outcome::Success);
  verify_rule<glued_result>("1–0", Outcome::Success);
  verify_rule<glued_result>("½", Outcome::Failure);  // a half glued to a token is no result
  verify_rule<move_token>("gxf41-0", Outcome::Success, 3);
  verify_rule<move_token>("h6*", Outcome::Success, 1);
  verify_rule<move_token>("Cxe5?**", Outcome::Success);  // Markdown bold, not a result
  verify_rule<move_token>("***", Outcome::Success);
  verify_rule<move_token>("0-0-0", Outcome::Success);
  verify_rule<move_token>("Rh1-h8", Outcome::Success);
  verify_rule<mark_apart>("mat ", Outcome::Success, 1);
  verify_rule<mark_apart>("Matt", Outcome::Success);
  verify_rule<mark_apart>("#1-0", Outcome::Success, 3);
  verify_rule<mark_apart>("++", Outcome::Success);
  verify_rule<mark_apart>("mate1", Outcome::Failure);
  verify_rule<mark_apart>("matter", Outcome::Failure);
  verify_rule<glyph>("inf", Outcome::Success);
  verify_rule<tag_pair>("[Event \"x\"]", Outcome::Success);
  verify_rule<tag_pair>("[ Event   \"a \\\"b\\\" \\\\\" ]", Outcome::Success);
  verify_rule<brace_comment>("{a\nb} x", Outcome::Success, 2);
  verify_rule<line_comment>("; x\ny", Outcome::Success, 2);
}

TEST_CASE("grammar/pgn: games as events") {
  struct Row {
    std::string text;
    std::string events;
  };
  const Row rows[] = {
      {"[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 1-0", "[Event=x][Site=y]|#1 m:e4@27 m:e5@30 R:1-0"},
      {"1.e4 1...e5 2.Nf3 *", "|#1 m:e4@2 #1 m:e5@9 #2 m:Nf3@14 R:*"},
      {"1.…e5", "|#1 m:e5@5 "},
      {"e4 e5", "|m:e4@0 m:e5@3 "},
      // move numbers with zero, one or three periods (master.pgn: `40 Rf6`, `10 dxe5`, `5.3 Nxg3`)
      {"1. e4 e5 2 Nf3 Nc6 3... a6", "|#1 m:e4@3 m:e5@6 #2 m:Nf3@11 m:Nc6@15 #3 m:a6@24 "},
      {"52. Ne2+ Kb2 5.3 Nxg3", "|#52 m:Ne2+@4 m:Kb2@9 #5 #3 m:Nxg3@17 "},
      {"1. 5254 5755", "|#1 m:5254@3 m:5755@8 "},
      // escapes, odd spacing, brackets and quotes inside values
      {"[ White  \"a \\\"b\\\" \\\\ c\"  ]", "[White=a \"b\" \\ c]|"},
      {"[Event \"closing ] opening [x]\"]", "[Event=closing ] opening [x]]|"},
      {"[Event \"Tournament \\\"]\n[Site \"S\"]", "[Event=Tournament \\][Site=S]|"},
      {"[Event \"Club \"Victory\"\"]", "[Event=Club \"Victory\"!]|"},
      {"[A \"1\"] [B \"2\"]\n*", "[A=1][B=2]|R:*"},
      // comments, escapes, NAGs, glyphs
      {"1. e4 {multi\nline} ; rest 1-0\n%esc\n$1 !? *", "|#1 m:e4@3 {multi\nline} ; rest 1-0\\n %esc\\n $1 $5 R:*"},
      {"{before} e4", "|{before} m:e4@9 "},
      // variations, nested
      {"1. e4 (1. d4 (1. c4) d5) e5", "|#1 m:e4@3 ( #1 m:d4@10 ( #1 m:c4@17 ) m:d5@21 ) m:e5@25 "},
      // promotion in parentheses, draw offer, en passant apart
      {"e8(Q) e4(=) Nf3 (=) exd6 e.p. b5 ep", "|m:e8(Q)@0 m:e4(=)@6 m:Nf3@12 (=) m:exd6@20 ep:e.p. m:b5@30 ep:ep "},
      // castling with zeros is a move, not a result
      {"0-0 0-0-0 0-1", "|m:0-0@0 m:0-0-0@4 R:0-1"},
      // null moves are move tokens for the move grammar
      {"-- Z0 0000", "|m:--@0 m:Z0@3 m:0000@6 "},
      // garbage tokens are handed on, never dropped
      {"1. e4 pawn?? *", "|#1 m:e4@3 m:pawn??@6 R:*"},
      {"1/2-1/2", "|R:1/2-1/2"},
      {"[Event \"x\"]", "[Event=x]|"},
      // issue 18: loose results, signs apart, loose tag quotes
      {"1. e4 e5 1–0", "|#1 m:e4@3 m:e5@6 R~1–0=1-0@9"},
      {"40. gxf41-0", "|#40 m:gxf4@4 R:1-0"},
      {"37. Re3 #1-0", "|#37 m:Re3@4 mk:#@8 R:1-0"},
      {"29. Qf8 mat 1-0", "|#29 m:Qf8@4 mk:mat@8 R:1-0"},
      {"1. e4 ½", "|#1 m:e4@3 R~½=1/2-1/2@6"},
      {"[Site “Zagreb\"]", "[Site=Zagreb]<Site:a typographic opening quote>|"},
      {"[Event Casual Game\"]", "[Event=Casual Game]<Event:the opening quote missing>|"},
      {"[Site \"Zagreb]\n*", "[Site=Zagreb]<Site:the closing quote missing>|R:*"},
      {"[A \"p.28)\n[B \"x\"]", "[A=p.28)]<A:the closing quote missing, the closing ] missing>[B=x]|"},
      // the closing ] missing at the line's end, whatever follows; no quotes at all
      {"[Event \"x\"\n", "[Event=x]<Event:the closing ] missing>|"},
      {"[Event \"x\"  \n\n1. e4 *", "[Event=x]<Event:the closing ] missing>|#1 m:e4@17 R:*"},
      {"[Event \"a \"b\" c\"\n*", "[Event=a \"b\" c!]<Event:the closing ] missing>|R:*"},
      {"[White Kasparov, G.]\n*", "[White=Kasparov, G.]<White:no quotes>|R:*"},
      {"[Event \"x\"]]\n[White \"y\"] ] \n*", "[Event=x]<Event:a ] too many>[White=y]<White:a ] too many>|R:*"},
      // a `]` alone on its line: the one the tag above lacks, or one too many (skipped)
      {"[White \"Ann\"\n ]\n[Black \"Bob\"]\n*", "[White=Ann]<White:the closing ] on the next line>[Black=Bob]|R:*"},
      {"[Event \"x\"]\n]\n[White \"y\"]\n*",
       "[Event=x]ERR18@12:a ']' alone on its line among the tags (skipped)[White=y]|R:*"},
      {"[[Event \"x\"]\n[White: \"y\"]\n[Black=\"z\"]\n*",
       "[Event=x]<Event:a [ too many>[White=y]<White:a : after the name>[Black=z]<Black:an = after the name>|R:*"},
      {"[Event \"x\"]\n[Note see page 12]\n*",
       "[Event=x]ERR19@12:tag value must start with a double quote: the line is skipped<skipped [Note see page "
       "12]@12>|R:*"},  // (no quotes after a name no standard knows: not evident)
      // a ) that closes nothing in the main line is skipped like the strays
      {"1. e4 e5 ) Nf3 *", "|#1 m:e4@3 m:e5@6 ERR18@9:unexpected ')' in movetext (skipped)m:Nf3@11 R:*"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK(events(row.text) == row.events);
  }
}

TEST_CASE("grammar/pgn: errors with place and code") {
  struct Row {
    std::string text;
    Code code;
    std::uint64_t at;
  };
  const Row rows[] = {
      {"[\"Somewhere\"]", Code::TagSyntax, 1},
      {"[Site]", Code::TagSyntax, 5},
      {"[Site \"Somewhere\non the Earth\"]", Code::TagSyntax, 16},
      {"[%~<|> \"Somewhere\"]", Code::TagSyntax, 1},
      {"1. e4 {open", Code::PgnSyntax, 11},
      {"1. e4 (1. d4", Code::PgnSyntax, 12},
      {"1. e4 e5 ) *", Code::PgnSyntax, 9},
      {"1. e4 \"x\"", Code::PgnSyntax, 6},
      {"1. e4\n[Site \"late\"]", Code::PgnSyntax, 6},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    std::string e = events(row.text);
    CHECK(e.find(err(row.code, row.at)) != std::string::npos);
  }
}

TEST_CASE("grammar/pgn: a tag line that is no tag pair is skipped, and the game read on") {
  struct Row {
    std::string text;
    std::string events;
  };
  const Row rows[] = {
      {"[Site]\n[Event \"x\"]\n\n1. e4 *",
       "ERR19@0:tag value must start with a double quote: the line is skipped<skipped [Site]@0>[Event=x]|#1 m:e4@23 "
       "R:*"},
      {"[Event \"x\"]\n[%evp 12,30]\n1. e4 *",
       "[Event=x]ERR19@12:tag pair without a valid name (letters, digits, _): the line is skipped<skipped [%evp "
       "12,30]@12>|#1 m:e4@28 R:*"},
      // a value on two lines: both skipped; not a line of moves after it
      {"[Event \"x\"]\n[Site \"Somewhere\non the Earth\"]\n1. e4 *",
       "[Event=x]ERR19@12:tag value not closed by a double quote on the same line: the line and the next are "
       "skipped<skipped [Site \"Somewhere\non the Earth\"]@12>|#1 m:e4@47 R:*"},
      {"[Event \"x\"]\n[Site \"Somewhere\n1. e4 *",
       "[Event=x]ERR19@12:tag value not closed by a double quote on the same line: the line is skipped<skipped "
       "[Site \"Somewhere@12>|#1 m:e4@32 R:*"},
      // with no tag pair in the section it is no tag section: the first such line stops the game
      {"[White \"Ann\n\n1. e4 *", "ERR19@11:tag value not closed by a double quote on the same line"},
      {"[Illustration: the board]\n[Another]\nSome text.", "ERR19@15:tag value must start with a double quote"},
      // (no quotes and a second tag on the line: not evident where the value ends)
      {"[White Kasparov, G.] [Black \"x\"]\n[Event \"y\"]\n1. e4 *",
       "ERR19@0:tag value must start with a double quote: the line is skipped<skipped [White Kasparov, G.] [Black "
       "\"x\"]@0>[Event=y]|#1 m:e4@48 R:*"},
      {"[Event \"x\"]\n[Round \"1\" x}y\n1. e4 *",
       "[Event=x]ERR19@12:tag value not closed by a double quote on the same line: the line is skipped<skipped "
       "[Round \"1\" x}y@12>|#1 m:e4@30 R:*"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK(events(row.text) == row.events);
  }
  // A limit still stops the game (max_tag_value_bytes inside a tag pair).
  PgnParseOptions o;
  o.max_tag_value_bytes = 4;
  Recorder r;
  CHECK(!parse_pgn_game("[Event \"longer\"]\n1. e4 *", r, o));
  CAPTURE(r.out);
  CHECK(r.out.find(err(Code::LimitExceeded, 8)) != std::string::npos);
  CHECK(r.out.find("m:e4") == std::string::npos);
}

TEST_CASE("grammar/pgn: variation depth is bounded") {
  std::string deep = "e4 ";
  for (int i = 0; i < 5; ++i) deep += "( e4 ";
  for (int i = 0; i < 5; ++i) deep += ") ";
  CHECK(events(deep, 5).find("ERR") == std::string::npos);
  CHECK(events(deep, 4).find(err(Code::LimitExceeded, 23)) != std::string::npos);
  // Far beyond any limit: no stack overflow, one diagnostic.
  std::string huge(100000, '(');
  CHECK(events(huge).find(err(Code::LimitExceeded, 64)) != std::string::npos);
}

TEST_CASE("grammar/pgn: huge comment") {
  std::string text = "1. e4 {" + std::string(5'000'000, 'x') + "} *";
  Recorder r;
  CHECK(parse_pgn_game(text, r));
}

TEST_CASE("grammar/pgn: glyph NAG numbers") {
  CHECK(glyph_nag("!") == 1);
  CHECK(glyph_nag("?!") == 6);
  CHECK(glyph_nag("±") == 16);
  CHECK(glyph_nag("-+") == 19);
  CHECK(glyph_nag("N") == 146);
  CHECK(glyph_nag("inf") == 13);
  CHECK(glyph_nag("Z") == 0);
  CHECK(loose_result_canonical("1–0") == "1-0");
  CHECK(loose_result_canonical("0:1") == "0-1");
  CHECK(loose_result_canonical("½") == "1/2-1/2");
  CHECK(loose_result_canonical("1/2") == "1/2-1/2");
  CHECK(loose_result_canonical("x").empty());
}

TEST_CASE("grammar/pgn: a token of 100,000 bytes is one token, a result glued to its end split off") {
  // The plain bytes of a token are read a run at a time (plain_token_run); the bytes that may
  // begin a result are still tried one by one.
  const std::string knights(100000, 'N');
  CHECK(events("1. " + knights + "f31-0") == "|#1 m:" + knights + "f3@3 R:1-0");
  CHECK(events("1. " + knights + "*") == "|#1 m:" + knights + "@3 R:*");
  CHECK(events("1. Nf3" + knights + "**x *") == "|#1 m:Nf3" + knights + "**x@3 R:*");
  CHECK(events("1. e4" + knights + "\xC2\xBD-\xC2\xBD") == "|#1 m:e4" + knights + "@3 R:\xC2\xBD-\xC2\xBD");
}
