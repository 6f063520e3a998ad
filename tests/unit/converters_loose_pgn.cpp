// Issue 18, "normalize rejects only games with an error a person would also call one": results,
// check and mate signs and tag quotes written loosely in real archives (bench/master.pgn) are
// read with a warning naming what was assumed; the look-alikes of these that a person would call
// an error stay errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "converters/pgn/reader.hpp"
#include "notation/write.hpp"

namespace planilla {
namespace {

GameRecord read_one(const std::string& pgn) {
  std::istringstream in(pgn);
  ReadOptions options;
  PgnReader reader(in, options);
  GameRecord r;
  REQUIRE(reader.next(r));
  return r;
}

std::string san_line(const GameRecord& r) {
  std::string out;
  Position pos = r.game.start;
  for (const MoveNode& n : r.game.main.moves) {
    if (!n.move) return out + " ?";
    if (!out.empty()) out += ' ';
    out += write_move(pos, n.move);
    pos.play(n.move);
  }
  return out;
}

std::string tag_value(const GameRecord& r, std::string_view name) {
  const std::string* v = r.game.tag(name);
  return v ? *v : "(none)";
}

const Diagnostic* find_code(const GameRecord& r, Code code) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.code == code) return &d;
  return nullptr;
}

std::size_t count_code(const GameRecord& r, Code code) {
  return static_cast<std::size_t>(std::count_if(r.diagnostics.begin(), r.diagnostics.end(),
                                                [code](const Diagnostic& d) { return d.code == code; }));
}

const std::string kFool = "[Event \"x\"]\n\n1. f3 e5 2. g4 ";

}  // namespace

TEST_CASE("loose PGN: results, signs apart and tag quotes a person reads, each with its warning") {
  struct Row {
    std::string what;
    std::string pgn;
    const char* moves;
    GameResult result;
    Code warning;         // once
    const char* message;  // part of that warning's message
    const char* tag;      // a tag whose value is checked, or nullptr
    const char* value;
  };
  const Row rows[] = {
      // results (master.pgn game 37314 `1–0`, game 97422 `gxf41-0`)
      {"en dash", kFool + "Qh4# 0–1", "f3 e5 g4 Qh4#", GameResult::BlackWins, Code::ResultLoose,
       "result written '0–1' read as 0-1", nullptr, nullptr},
      {"em dash", kFool + "Qh4# 0—1", "f3 e5 g4 Qh4#", GameResult::BlackWins, Code::ResultLoose, "'0—1'", nullptr,
       nullptr},
      {"minus sign", kFool + "Qh4# 0−1", "f3 e5 g4 Qh4#", GameResult::BlackWins, Code::ResultLoose, "'0−1'", nullptr,
       nullptr},
      {"colon", "[Event \"x\"]\n\n1. e4 e5 1:0", "e4 e5", GameResult::WhiteWins, Code::ResultLoose, "'1:0' read as 1-0",
       nullptr, nullptr},
      {"half alone", "[Event \"x\"]\n\n1. e4 e5 ½", "e4 e5", GameResult::Draw, Code::ResultLoose, "'½' read as 1/2-1/2",
       nullptr, nullptr},
      {"1/2 alone", "[Event \"x\"]\n\n1. e4 e5 1/2", "e4 e5", GameResult::Draw, Code::ResultLoose,
       "'1/2' read as 1/2-1/2", nullptr, nullptr},
      {"halves with an en dash", "[Event \"x\"]\n\n1. e4 e5 ½–½", "e4 e5", GameResult::Draw, Code::ResultLoose, "'½–½'",
       nullptr, nullptr},
      {"glued to the move", "[Event \"x\"]\n\n1. e4 e5 2. Nf31-0", "e4 e5 Nf3", GameResult::WhiteWins,
       Code::ResultLoose, "result written '1-0' against the move Nf3 read as 1-0", nullptr, nullptr},
      {"star glued", "[Event \"x\"]\n\n1. e4 h6*", "e4 h6", GameResult::Unknown, Code::ResultLoose,
       "against the move h6", nullptr, nullptr},
      {"draw glued after a check", "[Event \"x\"]\n\n1. e4 f6 2. Qh5+1/2-1/2", "e4 f6 Qh5+", GameResult::Draw,
       Code::ResultLoose, "against the move Qh5+", nullptr, nullptr},
      // signs apart (game 95708 `Qf8 mat`, game 59119 `Re3 #1-0`)
      {"mat", kFool + "Qh4 mat 0-1", "f3 e5 g4 Qh4#", GameResult::BlackWins, Code::MarkApart,
       "'mat' after Qh4 read as its mate sign: Qh4#", nullptr, nullptr},
      {"Matt", kFool + "Qh4 Matt 0-1", "f3 e5 g4 Qh4#", GameResult::BlackWins, Code::MarkApart, "'Matt'", nullptr,
       nullptr},
      {"mate after +", kFool + "Qh4+ mate 0-1", "f3 e5 g4 Qh4#", GameResult::BlackWins, Code::MarkApart,
       "'mate' after Qh4 read", nullptr, nullptr},
      {"Russian мат", kFool + "Qh4 мат 0-1", "f3 e5 g4 Qh4#", GameResult::BlackWins, Code::MarkApart, "'мат'", nullptr,
       nullptr},
      {"++ apart", kFool + "Qh4 ++ 0-1", "f3 e5 g4 Qh4#", GameResult::BlackWins, Code::MarkApart, "'++'", nullptr,
       nullptr},
      {"‡ apart", kFool + "Qh4 ‡ 0-1", "f3 e5 g4 Qh4#", GameResult::BlackWins, Code::MarkApart, "'‡'", nullptr,
       nullptr},
      {"+ apart", "[Event \"x\"]\n\n1. e4 f6 2. Qh5 + *", "e4 f6 Qh5+", GameResult::Unknown, Code::MarkApart,
       "'+' after Qh5 read as its check sign: Qh5+", nullptr, nullptr},
      {"mate sign before a suffix glyph", kFool + "Qh4!! mat 0-1", "f3 e5 g4 Qh4#", GameResult::BlackWins,
       Code::MarkApart, "read as its mate sign: Qh4#", nullptr, nullptr},
      // tag quotes (games 24087, 93955, 103964)
      {"typographic opening quote", "[Site “Zagreb CRO\"]\n\n1. e4 *", "e4", GameResult::Unknown,
       Code::TagQuoteTolerated, "tag Site read with a typographic opening quote", "Site", "Zagreb CRO"},
      {"typographic quotes", "[Site „Zagreb“]\n\n1. e4 *", "e4", GameResult::Unknown, Code::TagQuoteTolerated,
       "a typographic opening quote, a typographic closing quote", "Site", "Zagreb"},
      {"opening quote missing", "[Event Casual Game\"]\n\n1. e4 *", "e4", GameResult::Unknown, Code::TagQuoteTolerated,
       "the opening quote missing", "Event", "Casual Game"},
      {"closing quote missing before ]", "[Site \"Zagreb]\n\n1. e4 *", "e4", GameResult::Unknown,
       Code::TagQuoteTolerated, "the closing quote missing", "Site", "Zagreb"},
      {"closing quote and ] missing, next line a tag",
       "[Source \"Chess Review, December 1944, p.28)\n[PlyCount \"1\"]\n\n1. e4 *", "e4", GameResult::Unknown,
       Code::TagQuoteTolerated, "the closing quote missing, the closing ] missing", "Source",
       "Chess Review, December 1944, p.28)"},
      {"] missing, next line a tag", "[Event \"x\"\n[Site \"y\"]\n\n1. e4 *", "e4", GameResult::Unknown,
       Code::TagQuoteTolerated, "the closing ] missing", "Site", "y"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.what);
    GameRecord r = read_one(row.pgn);
    CHECK_FALSE(r.has_errors());
    CHECK(san_line(r) == row.moves);
    CHECK(r.game.result == row.result);
    CHECK(count_code(r, row.warning) == 1);
    const Diagnostic* d = find_code(r, row.warning);
    REQUIRE(d != nullptr);
    CHECK(d->severity == Severity::Warning);
    CAPTURE(d->message);
    CHECK(d->message.find(row.message) != std::string::npos);
    if (row.tag) CHECK(tag_value(r, row.tag) == row.value);
  }
}

TEST_CASE("loose PGN: the warnings sit at the move they speak of") {
  GameRecord r = read_one(kFool + "Qh4 mat 0–1");
  const Diagnostic* mark = find_code(r, Code::MarkApart);
  REQUIRE(mark != nullptr);
  CHECK(mark->ply == 4);
  CHECK(mark->column == 20);  // `mat`
  const Diagnostic* result = find_code(r, Code::ResultLoose);
  REQUIRE(result != nullptr);
  CHECK(result->column == 24);
  // The mate the sign claims is checked like a written `#`: on a move that does not mate it is
  // W-MATE-SPURIOUS, the move stays as played.
  GameRecord spurious = read_one("[Event \"x\"]\n\n1. e4 e5 2. Qh5 mat *");
  CHECK_FALSE(spurious.has_errors());
  CHECK(san_line(spurious) == "e4 e5 Qh5");
  CHECK(count_code(spurious, Code::MarkApart) == 1);
  CHECK(count_code(spurious, Code::MateSpurious) == 1);
  GameRecord prose = read_one("[Event \"x\"]\n\n1. e4 e5 Scholar's Mate *");
  CHECK(count_code(prose, Code::MarkApart) == 0);
  CHECK(count_code(prose, Code::MoveSyntax) == 2);  // Scholar's, Mate
}

TEST_CASE("loose PGN: what a person would also call an error stays one") {
  struct Row {
    std::string what;
    std::string pgn;
    Code error;
  };
  const Row rows[] = {
      {"a sign with no move before it", "[Event \"x\"]\n\nmat 1. e4 *", Code::MoveSyntax},
      // prose: the word after a token that is no move stays a token of its own
      {"a mate word after prose", "[Event \"x\"]\n\n1. e4 e5 the Scholar's Mate *", Code::MoveSyntax},
      {"a quote inside and none at the end", "[Site \"a \"b\" c\n\n1. e4 *", Code::TagSyntax},
      {"an unclosed value followed by text", "[Site \"Somewhere\non the Earth\"]\n\n1. e4 *", Code::TagSyntax},
      {"an unclosed value at the end of the tags", "[Site \"Somewhere\n\n1. e4 *", Code::TagSyntax},
      {"no value", "[Site]\n\n1. e4 *", Code::TagSyntax},
      {"a result-like token that is no result", "[Event \"x\"]\n\n1. e4 e5 1-1 *", Code::MoveSyntax},
      {"an illegal last move before a glued result", "[Event \"x\"]\n\n1. e4 e5 2. Ke31-0", Code::Illegal},
  };
  for (const Row& row : rows) {
    CAPTURE(row.what);
    GameRecord r = read_one(row.pgn);
    CHECK(r.has_errors());
    CHECK(find_code(r, row.error) != nullptr);
  }
}

}  // namespace planilla
