// suggest(): tables of (position, written token, following tokens) → expected first suggestion,
// whether it is evident, and its kind. Covers FIDE's sealed-move examples transposed to algebraic
// notation (the only legal king move is evident; a choice between two squares is not), each error
// kind of issue 9, and the hard letters R (rook / Spanish king), C (Spanish and French knight,
// no English piece), P (pawn / Dutch knight) and K (king / Russian knight typed in Latin).
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "board/fen.hpp"
#include "converters/arbiter/detect.hpp"
#include "converters/arbiter/repair.hpp"
#include "converters/pgn/pgn_writer.hpp"
#include "grammar/move_parser.hpp"
#include "notation/language.hpp"
#include "notation/resolve.hpp"
#include "notation/suggest.hpp"
#include "tests/support/read_auto.hpp"

namespace planilla {
namespace {

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    std::size_t start = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

// "FEN" or "moves: e4 e5 …" (English SAN from the start position).
Position setup(std::string_view spec) {
  if (spec.starts_with("moves:")) {
    Position pos = Position::startpos();
    for (std::string_view t : split(spec.substr(6))) {
      auto p = parse_move(t, english());
      REQUIRE_MESSAGE(p, "fixture token " << t);
      auto r = resolve(p->move, pos);
      REQUIRE_MESSAGE(r, "fixture move " << t);
      pos.play(r->move);
    }
    return pos;
  }
  auto pos = position_from_fen(spec);
  REQUIRE_MESSAGE(pos, "fixture FEN " << spec);
  return *pos;
}

struct Row {
  const char* what;
  const char* position;
  const char* language;
  const char* written;
  const char* following;
  const char* top;  // English SAN of the first suggestion
  bool evident;
  SuggestionKind kind;
};

constexpr const char* kKingOnly = "6k1/5ppp/8/8/2b5/8/5PPP/6K1 w - - 0 1";  // Bc4 guards f1: only Kh1

const Row kRows[] = {
    // FIDE: "R-1A when the only legal king move is R-1C" → evident.
    {"only legal king move", kKingOnly, "en", "Kf1", "", "Kh1", true, SuggestionKind::Slip},
    {"only legal king move, Spanish R", kKingOnly, "es", "Rf1", "", "Kh1", true, SuggestionKind::Slip},
    // FIDE: "not A-D when both 6D and 8D are legal" → not evident without more of the game ...
    {"two squares as close", "4k3/3pbp2/8/8/8/8/8/4K3 b - - 0 1", "en", "Bd7", "", "Bd6", false, SuggestionKind::Slip},
    // ... but evident once the rest of the game only replays from one of them.
    {"two squares, the rest decides", "4k3/3pbp2/8/8/8/8/7P/4K3 b - - 0 1", "en", "Bd7", "Kd2 Bxh2", "Bd6", true,
     SuggestionKind::Slip},
    {"file off by one", "moves:", "en", "Nf4", "e5 Nxe5", "Nf3", true, SuggestionKind::Slip},
    {"OCR 6/b", "moves: e4", "en", "Nfb", "Nc3 Nxe4", "Nf6", true, SuggestionKind::Slip},
    {"OCR 1/l", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "en", "Rdl", "", "Rd1", true, SuggestionKind::Slip},
    // Two plies decide nothing here: d6, e5, f5 … keep them legal too. Ranked first, not evident.
    {"OCR 5/S", "moves: e4 e6 d4", "en", "dS", "e5 c5", "d5", false, SuggestionKind::Slip},
    {"piece letter", "moves:", "en", "Bf3", "e5 Nxe5", "Nf3", true, SuggestionKind::PieceLetter},
    // Alone, Qf3 is as close to the pawn's f3 as to the knight's Nf3 (B and N are neighbouring
    // keys, and R is the knight in Finnish, so those letters would point to the knight).
    {"piece letter, not evident alone", "moves:", "en", "Qf3", "", "Nf3", false, SuggestionKind::PieceLetter},
    // At the game's end the named piece is the intention: h5 is the closest reading of Qh4 by
    // far, but the queen cannot move; another piece is never evident with nothing after it.
    {"another piece, at the game's end", "moves: e4", "en", "Qh4", "", "h5", false, SuggestionKind::PieceLetter},
    {"rank from the other side", "moves: e4", "en", "Nf3", "e5 Nd5", "Nf6", true, SuggestionKind::RankFromOtherSide},
    {"UCI squares swapped", "moves:", "en", "f3g1", "e7e5 f3e5", "Nf3", true, SuggestionKind::SquaresSwapped},
    // Rf1 keeps Kd7 Rf7+ legal too; Kg2 later needs the king on g1.
    {"castling as king takes rook", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "en", "Kh1", "Kd7 Rf7+ Ke6 Kg2", "O-O", true,
     SuggestionKind::CastlingAsKing},
    {"adjacent plies transposed", "moves:", "en", "e5", "e4 Nf3 Nc6", "e4", true, SuggestionKind::Transposed},
    {"ply missing", "moves: e4", "en", "Nf3", "Nc6 Bb5", "a6", false, SuggestionKind::MissingPly},
    {"ambiguous, one keeps the rest", "moves: Nf3 d5 d3 Nf6", "en", "Nd2", "e6 Ne5", "Nbd2", true,
     SuggestionKind::Candidate},
    // R: the English rook letter written for a Spanish king (Rf2 = Kf2); Rf1 is as close by text
    // but the rook must still stand on h1 for 2.Rxh7. Kf1, Ke2 and Kd2 keep that legal too: ranked
    // first, not evident.
    {"R as Spanish king", "4k3/7p/8/8/8/8/8/4K2R w - - 0 1", "en", "Rf2", "Kd7 Rxh7", "Kf2", false,
     SuggestionKind::OtherLanguage},
    // C: no piece in English, the knight in Spanish and French.
    {"C as Spanish knight in an English game", "moves:", "en", "Cf3", "e5 Nxe5", "Nf3", true,
     SuggestionKind::OtherLanguage},
    {"C in a Spanish game, one rank off", "moves:", "es", "Cf4", "e5 Cxe5", "Nf3", true, SuggestionKind::Slip},
    // P: the pawn in English, the knight in Dutch.
    {"P as Dutch knight", "moves: d4 d5", "en", "Pd2", "Nf6 Ngf3", "Nd2", false, SuggestionKind::OtherLanguage},
    // ... and evident once a later move needs the knight on d2 (Nb3 from d2; from b1 it cannot).
    {"P as Dutch knight, decided", "moves: d4 d5", "en", "Pd2", "Nf6 Ngf3 e6 Nb3", "Nd2", true,
     SuggestionKind::OtherLanguage},
    // K: the king in English, a Russian knight (К) typed with the Latin letter.
    {"K as Russian knight", "moves:", "en", "Kf3", "e5 Nxe5", "Nf3", true, SuggestionKind::OtherLanguage},
    {"Cyrillic K in a Russian game, one file off", "moves:", "ru",
     "\xD0\x9A"
     "e3",
     "e5 \xD0\x9A"
     "xe5",
     "Nf3", true, SuggestionKind::Slip},
};

using test::read_auto;

const Diagnostic* last_error(const GameRecord& record) {
  const Diagnostic* err = nullptr;
  for (const Diagnostic& d : record.diagnostics)
    if (d.severity == Severity::Error) err = &d;
  return err;
}

}  // namespace

TEST_CASE("suggest: table of written slips and their evident readings") {
  for (const Row& row : kRows) {
    const std::string what = row.what;
    CAPTURE(what);
    const Language* lang = find_language(row.language);
    REQUIRE(lang);
    Position before = setup(row.position);
    std::vector<std::string_view> following = split(row.following);
    auto found = suggest_text(before, row.written, *lang, following);
    REQUIRE_FALSE(found.empty());
    std::ostringstream all;
    for (const Suggestion& s : found) all << s.san << (s.evident ? "!" : "") << " [" << s.why << "]  ";
    CAPTURE(all.str());
    if (std::string_view(row.what) == "two squares as close") {
      // Which of the two comes first is not the point; that neither is evident is.
      CHECK((found[0].san == "Bd6" || found[0].san == "Bd8"));
      REQUIRE(found.size() >= 2);
      CHECK((found[1].san == "Bd6" || found[1].san == "Bd8"));
    } else if (std::string_view(row.what) == "piece letter, not evident alone") {
      REQUIRE(found.size() >= 2);
      CHECK(((found[0].san == "Nf3" && found[1].san == "f3") || (found[0].san == "f3" && found[1].san == "Nf3")));
    } else if (std::string_view(row.what) == "ply missing") {
      // Any black move fits before 2.Nf3 Nc6 3.Bb5: the missing ply is found, but not evident.
      CHECK(found[0].kind == row.kind);
    } else {
      CHECK(found[0].san == row.top);
      CHECK(found[0].kind == row.kind);
    }
    CHECK(found[0].evident == row.evident);
    // Only the first suggestion can be evident.
    for (std::size_t i = 1; i < found.size(); ++i) CHECK_FALSE(found[i].evident);
  }
}

// A reading keeps something of the writing: a token with nothing of a move in it (control
// bytes, punctuation, or castling where no castling and no two-character move is near) gets no
// reading by its writing: it cost as much as writing every character anew, and shared none.
// Rows: (position, token, following) → no suggestion, or the first one. With following plies,
// the readings the rest of the game needs stay (as Continuation, never evident).
TEST_CASE("suggest: a reading keeps something of what was written") {
  struct Ask {
    const char* position;
    std::string written;
    const char* following;
    const char* first;  // nullptr: no suggestion
  };
  const Ask asks[] = {
      {"moves:", std::string("\0\0", 2), "", nullptr},
      {"moves:", "###", "", nullptr},
      {"moves:", "O-O", "", nullptr},  // castling impossible and nothing near: a3 … e3 were offered
      {"moves: e4 e5", "--x", "", nullptr},
      {"moves:", std::string("e4\0", 3), "e5", "e4"},
      {"moves: e4 e5", "Nf", "", "Nf3"},  // b3 and b4 stay further down: b is a key beside N
  };
  for (const Ask& a : asks) {
    CAPTURE(a.position);
    CAPTURE(a.written);
    Position before = setup(a.position);
    std::vector<std::string_view> following = split(a.following);
    auto found = suggest_text(before, a.written, english(), following);
    if (a.first == nullptr) {
      CHECK(found.empty());
    } else {
      REQUIRE_FALSE(found.empty());
      CHECK(found[0].san == a.first);
    }
  }
  // After 1.e4 e5 no pawn move reads "e": the e-pieces' moves do (Ke2, Qe2, Be2, Ne2), not c3 or
  // d4, which were offered before.
  auto e = suggest_text(setup("moves: e4 e5"), "e", english(), {});
  REQUIRE_FALSE(e.empty());
  for (const Suggestion& s : e) CHECK(s.san.find('e') != std::string::npos);
  // The rest of the game still decides: zz before Nc6 and Bb5 keeps the moves it needs.
  std::vector<std::string_view> rest = split("Nc6 Bb5");
  auto needed = suggest_text(setup("moves: e4 e5"), "zz", english(), rest);
  REQUIRE_FALSE(needed.empty());
  CHECK(needed[0].kind == SuggestionKind::Continuation);
  CHECK_FALSE(needed[0].evident);
}

TEST_CASE("suggest: an ambiguous move lists its candidates and which keep the rest legal") {
  Position before = setup("moves: Nf3 d5 d3 Nf6");
  std::vector<std::string_view> none;
  auto open = suggest_text(before, "Nd2", english(), none);
  REQUIRE(open.size() == 2);
  CHECK(open[0].kind == SuggestionKind::Candidate);
  CHECK_FALSE(open[0].evident);  // nothing follows: both knights are possible
  std::vector<std::string_view> rest = split("e6 Ne5");
  auto decided = suggest_text(before, "Nd2", english(), rest);
  REQUIRE(decided.size() == 2);
  CHECK(decided[0].san == "Nbd2");
  CHECK(decided[0].kept == decided[0].lookahead);
  CHECK(decided[1].san == "Nfd2");
  CHECK(decided[1].kept < decided[1].lookahead);
}

TEST_CASE("suggest: a promotion without its piece lists the four, queen first, none evident") {
  Position before = setup("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  std::vector<std::string_view> none;
  auto found = suggest_text(before, "a8", english(), none);
  REQUIRE(found.size() == 4);
  CHECK(found[0].san == "a8=Q+");
  CHECK_FALSE(found[0].evident);
}

TEST_CASE("suggest: SAN in the requested language; nothing when no move is legal") {
  Position before = setup("moves:");
  std::vector<std::string_view> rest = split("e5 Nxe5");
  SuggestOptions o;
  o.san_language = find_language("es");
  auto found = suggest_text(before, "Nf4", english(), rest, o);
  REQUIRE_FALSE(found.empty());
  CHECK(found[0].san == "Cf3");
  Position mated = setup("moves: f3 e5 g4 Qh4");
  CHECK(suggest_text(mated, "Kf2", english(), rest).empty());
}

TEST_CASE("suggest: the same answers whatever was asked before (renderings kept per position)") {
  // The renderings of the last position's moves are kept per thread, with the closest readings
  // of its last eight tokens: asking about another position, in other letters, the same token
  // with a check mark, or more than eight tokens in between changes nothing.
  struct Ask {
    const char* position;
    const char* language;
    const char* written;
  };
  const Ask asks[] = {{"moves:", "en", "Nf4"},       {"moves:", "es", "Cf4"}, {"moves: e4 e5", "en", "Nf4"},
                      {"moves: e4 e5", "en", "Bc5"}, {"moves:", "en", "e5"},  {"moves:", "en", "Nf4+"},
                      {"moves:", "en", "Qh9"},       {"moves:", "en", "e9"},  {"moves:", "en", "Kx"},
                      {"moves:", "en", "a1"},        {"moves:", "en", "Bb4"}, {"moves:", "en", "Rh3"},
                      {"moves:", "en", "h6"},        {"moves:", "en", "Ng4"}, {"moves:", "en", "e9"},
                      {"moves:", "en", "Nf4"}};
  auto texts = [](const std::vector<Suggestion>& found) {
    std::vector<std::string> out;
    for (const Suggestion& s : found) out.push_back(s.san + " " + s.why);
    return out;
  };
  std::vector<std::vector<std::string>> first;
  for (const Ask& a : asks)
    first.push_back(texts(suggest_text(setup(a.position), a.written, *find_language(a.language), split("e5"))));
  for (std::size_t i = std::size(asks); i-- > 0;) {  // the other order
    CAPTURE(i);
    const Ask& a = asks[i];
    CHECK(texts(suggest_text(setup(a.position), a.written, *find_language(a.language), split("e5"))) == first[i]);
  }
  CHECK(first[0] == first[15]);
  CHECK(first[7] == first[14]);
  CHECK_FALSE(first[0].empty());
}

TEST_CASE("suggest: the look-ahead is bounded by max_lookahead") {
  Position before = setup("moves:");
  std::vector<std::string_view> rest = split("e5 Nxe5 d6 Nf3 Nf6");
  SuggestOptions o;
  o.max_lookahead = 2;
  auto found = suggest_text(before, "Nf4", english(), rest, o);
  REQUIRE_FALSE(found.empty());
  CHECK(found[0].lookahead == 2);
}

TEST_CASE("suggest: a line written twice is dropped, and only when it repeats the plies before it") {
  struct RepeatRow {
    const char* what;
    const char* moves;      // the game up to the faulty token, English SAN
    const char* written;    // the faulty token
    const char* following;  // the written plies after it
    const char* first;      // expected first suggestion; nullptr: any
    bool evident;
    int shift;  // its RepeatedPlies shift; 0: no suggestion is of that kind
  };
  const RepeatRow rows[] = {
      {"one ply written again", "e4 e5 Nf3 Nc6 Bb5 a6", "a6", "Ba4 Nf6 O-O Be7", "Ba4", true, 1},
      {"one move of both sides written again", "e4 e5 Nf3 Nc6 Bb5 a6", "Bb5", "a6 Ba4 Nf6 O-O Be7", "Ba4", true, 2},
      {"two moves written again", "e4 e5 Nf3 Nc6 Bb5 a6", "Nf3", "Nc6 Bb5 a6 Ba4 Nf6 O-O Be7", "Ba4", true, 4},
      {"a repeat with its check mark left out", "e4 e5 Bc4 Nc6 Bxf7+ Kxf7", "Bxf7", "Kxf7 Nf3 Nf6", "Nf3", true, 2},
      // The score ends with the repeat: Bxa6 (then bxa6, its capture mark left out) keeps the one
      // ply after it legal, but dropping the repeat plays no move at all; nothing is evident.
      {"the score ends with the repeat", "e4 e5 Nf3 Nc6 Bb5 a6", "Bb5", "a6", "Bxa6", false, 0},
      {"the score ends with two moves repeated", "e4 e5 Nf3 Nc6 Bb5 a6", "Nf3", "Nc6 Bb5 a6", nullptr, false, 0},
      // The same plies, but not the ones just before them: not a line copied twice.
      {"plies that repeat older ones", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6", "Nf3", "Nc6 Bb5 a6 O-O Be7", nullptr, false, 0},
  };
  for (const RepeatRow& row : rows) {
    CAPTURE(std::string(row.what));
    const auto played = split(row.moves);
    auto found = suggest_text(setup(std::string("moves: ") + row.moves), row.written, english(), split(row.following),
                              {}, played);
    REQUIRE_FALSE(found.empty());
    if (row.first) CHECK(found[0].san == row.first);
    CHECK(found[0].evident == row.evident);
    if (row.shift) {
      CHECK(found[0].kind == SuggestionKind::RepeatedPlies);
      CHECK(found[0].shift == row.shift);
      CHECK(found[0].why.find(row.shift == 1 ? "a ply written twice" : "a line written twice") == 0);
    }
    for (const Suggestion& s : found)
      if (!row.shift) CHECK(s.kind != SuggestionKind::RepeatedPlies);
  }
  // A wrong last move written like the ply before it (a recapture on the same square, `Rxd8
  // Rxd8`): one ply written twice is no reading where nothing follows, and the suggestions are
  // those without the plies before it, evident marks included.
  {
    const Position pos = setup("moves: e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6");
    const auto with = suggest_text(pos, "dxc6", english(), {}, {}, split("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6"));
    const auto without = suggest_text(pos, "dxc6", english(), {});
    REQUIRE(with.size() == without.size());
    for (std::size_t i = 0; i < with.size(); ++i) {
      CHECK(with[i].san == without[i].san);
      CHECK(with[i].evident == without[i].evident);
      CHECK(with[i].kind != SuggestionKind::RepeatedPlies);
    }
  }
  // Without the plies before it, the same writing has no such reading.
  auto alone = suggest_text(setup("moves: e4 e5 Nf3 Nc6 Bb5 a6"), "Bb5", english(), split("a6 Ba4 Nf6"));
  for (const Suggestion& s : alone) CHECK(s.kind != SuggestionKind::RepeatedPlies);

  // repeated_line(): the length of the repeat, whether or not anything follows it.
  const auto parsed = [](std::string_view tokens) {
    std::vector<WrittenMove> out;
    for (std::string_view t : split(tokens)) out.push_back(parse_move(t, english())->move);
    return out;
  };
  const auto before = parsed("e4 e5 Nf3 Nc6 Bb5 a6");
  const WrittenMove bb5 = parsed("Bb5")[0];
  CHECK(repeated_line(bb5, parsed("a6"), before) == 2);
  CHECK(repeated_line(parsed("a6")[0], {}, before) == 1);
  CHECK(repeated_line(bb5, parsed("a6+ Ba4"), before) == 2);  // (check marks aside)
  CHECK(repeated_line(bb5, parsed("a5"), before) == 0);
  CHECK(repeated_line(bb5, {}, before) == 0);
  CHECK(repeated_line(parsed("Nf3")[0], parsed("Nc6 Bb5 a6"), before) == 4);
  CHECK(repeated_line(parsed("Nf3")[0], parsed("Nc6 Bb5"), before) == 0);
}

TEST_CASE("tokens_from skips numbers, comments, variations, NAGs and results") {
  auto t = tokens_from("1. e4 {good} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3.Bb5 a6 ; rest\n 4. Ba4 1-0", 0);
  std::vector<std::string> want{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"};
  CHECK(t == want);
  CHECK(tokens_from("1. e4 e5 2. Nf3", 6) == std::vector<std::string>{"e5", "Nf3"});
}

TEST_CASE("read_next_game: suggestions on the diagnostic; --repair evident rewrites the move") {
  std::string pgn = "[Event \"t\"]\n\n1. e4 e5 2. Nf4 Nc6 3. Bb5 a6 4. Nxe5 1-0\n";
  const ReadOptions ro;
  GameRecord record = read_auto(pgn, ro);
  const Diagnostic* err = last_error(record);
  REQUIRE(err);
  CHECK(err->ply == 3);
  REQUIRE_FALSE(err->suggestions.empty());
  CHECK(err->suggestions[0] == "Nf3");
  REQUIRE(err->suggestion_evident.size() == err->suggestions.size());
  CHECK(err->suggestion_evident[0]);

  std::vector<Diagnostic> repairs;
  CHECK(apply_evident_repairs(record, ro, repairs));
  REQUIRE(repairs.size() == 1);
  CHECK(repairs[0].code == Code::Repaired);
  CHECK(repairs[0].message.find("move 2 (White) Nf4 read as Nf3") == 0);
  CHECK_FALSE(record.has_errors());
  REQUIRE(record.game.main.moves.size() == 7);
  for (const MoveNode& n : record.game.main.moves) CHECK(static_cast<bool>(n.move));
  CHECK(record.original == pgn.substr(0, record.original.size()));  // the bytes as read stay
  // The written game shows the change: the repaired move carries what was written.
  REQUIRE(record.game.main.moves[2].comments_after.size() == 1);
  CHECK(record.game.main.moves[2].comments_after[0].text == "written: Nf4");
  CHECK(write_pgn(record.game).find("2. Nf3 {written: Nf4} 2... Nc6") != std::string::npos);
}

TEST_CASE("--repair evident: two plies exchanged are put back, with what was written") {
  // 2...Nf6 and 3.Nc3 exchanged: a white knight cannot reach f6.
  std::string pgn = "[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc3 3. Nf6 Bc5 4. Nxe5 Nxe4 5. Nxe4 d5 6. Bd3 dxe4 *\n";
  const ReadOptions ro;
  GameRecord record = read_auto(pgn, ro);
  REQUIRE(record.has_errors());
  std::vector<Diagnostic> repairs;
  REQUIRE(apply_evident_repairs(record, ro, repairs));
  CHECK_FALSE(record.has_errors());
  std::string out = write_pgn(record.game);
  CAPTURE(out);
  CHECK(out.find("2. Nf3 Nf6 {written: Nc3 before Nf6} 3. Nc3 Bc5") != std::string::npos);
}

TEST_CASE("--repair evident: a line written twice is dropped, its number too, and quoted in a comment") {
  std::string pgn =
      "[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *\n";
  const ReadOptions ro;
  GameRecord record = read_auto(pgn, ro);
  const Diagnostic* err = last_error(record);
  REQUIRE(err);
  REQUIRE_FALSE(err->suggestions.empty());
  CHECK(err->suggestions[0] == "Ba4");
  CHECK(err->message.ends_with("with the next ply it repeats the 2 plies before it: a line written twice?"));
  CHECK(err->suggestion_kinds[0] == "repeated plies");
  CHECK(err->suggestion_evident[0]);
  CHECK(suggestion_group(*err, 0) == SuggestionGroup::Repeat);

  std::vector<Diagnostic> repairs;
  REQUIRE(apply_evident_repairs(record, ro, repairs));
  REQUIRE(repairs.size() == 1);
  CHECK(repairs[0].message.find("move 4 (White) 3. Bb5 a6 dropped: a line written twice") == 0);
  CHECK_FALSE(record.has_errors());
  // No remark on the move number either: the repeated line's own `3.` went with it.
  for (const Diagnostic& d : record.diagnostics) CHECK(d.code != Code::MoveNumber);
  REQUIRE(record.game.main.moves.size() == 14);
  CHECK(record.original == pgn.substr(0, record.original.size()));
  const std::string out = write_pgn(record.game);
  CAPTURE(out);
  CHECK(out.find("3. Bb5 a6 4. Ba4 {written twice: 3. Bb5 a6} 4... Nf6") != std::string::npos);
  // Offsets after the dropped line still name the file's bytes.
  const MoveNode& nf6 = record.game.main.moves[7];
  CHECK(pgn.substr(static_cast<std::size_t>(nf6.span.byte), nf6.span.length) == "Nf6");
}

TEST_CASE("--from auto: a legal game that another letter set reads too reports the tie") {
  // Only pawn moves: every letter set reads them; the note names the tie.
  std::string pgn = "[Event \"t\"]\n\n1. e4 e5 2. d4 d5 *\n";
  std::istringstream in(pgn);
  ReadOptions ro;
  PgnReader reader(in, ro);
  NotationSpec from;
  from.auto_detect = true;
  GameRecord record;
  LanguageDetection det;
  REQUIRE(read_next_game(reader, record, ro, from, &det));
  CHECK(det.clean);
  CHECK(det.language);
  CHECK(det.ties.size() >= 10);
  // A Spanish game with a knight and a king move: only es/it/ca reads it.
  std::string es = "[Event \"t\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Re2 d6 *\n";
  std::istringstream in2(es);
  PgnReader reader2(in2, ro);
  REQUIRE(read_next_game(reader2, record, ro, from, &det));
  REQUIRE(det.language);
  CHECK(det.language->letter_set == "es-it-ca");
  CHECK(det.clean);
  CHECK(record_language(record)->letter_set == "es-it-ca");
}

}  // namespace planilla
