// Corpus tier for descriptive notation: the books (Capablanca's Chess Fundamentals in both editions,
// Lasker's Chess Strategy, Bird's Chess History; game scores found and replayed from the book text), the Spanish
// jpcozar samples, and the SAN → descriptive → SAN round trip over ../shared/corpus/standard in all three writers.
// Prints measured counts.
//
// The round trip reads SAN with the project's move parser and resolver; the PGN structure around
// the moves is stripped by a small local scanner (tags, comments, variations, NAGs, numbers), so
// this test depends on neither the PGN reader nor its options. Default: a fixed, seeded sample of
// the large files (every game of the small ones); PLANILLA_CORPUS_FULL=1 reads every game.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "board/fen.hpp"
#include "converters/book/book.hpp"
#include "grammar/descriptive_parser.hpp"
#include "grammar/move_parser.hpp"
#include "notation/descriptive.hpp"
#include "notation/resolve.hpp"
#include "notation/write.hpp"
#include "tests/support/book_writer.hpp"
#include "tests/support/files.hpp"

using namespace planilla;
namespace fs = std::filesystem;

namespace {

const fs::path kCorpus = PLANILLA_CORPUS_DIR;

std::string slurp(const fs::path& p) { return test::read_bytes(p); }

// The resolved plies in SAN, played from where the replay started: a listing read from a
// diagram (`start_fen`) plays from that position. (From the initial position instead, a study's
// first move moved a piece that is not there, and Position::play() wrote outside its arrays; the
// crash came and went with the binary's layout.)
std::string san_line(const DescriptiveGameResult& r, const std::string& start_fen = {}) {
  std::string out;
  Position p = Position::startpos();
  if (!start_fen.empty()) {
    auto from = position_from_fen(start_fen);
    REQUIRE(from);
    p = *from;
  }
  for (const auto& ply : r.plies) {
    if (!out.empty()) out += ' ';
    out += write_move(p, ply.move);
    p.play(ply.move);
  }
  return out;
}

// What a person counts as the game scores of each book (counted by reading the books, not by
// the finder): a listing of moves from the initial position, set on lines of its own (one or two
// columns), of a game or an opening line of at least two moves. Not counted: listings from a
// diagram position (end-game studies; `book` finds them and stops at their first move, saying so),
// variations run into the prose ("1. P-K4, P-K4; 2. P-KB4 …"), opening tables, and the
// descriptive/algebraic comparison table. Each score is named by the line of its first move.
// Counting: every indented line "1. <a legal first move>" (Capablanca, Lasker) or "1 P to …"
// (Bird) was read in its context and kept or left out by the rule above; in Lasker, Games 13 and
// 17 begin "Move 1-8 as in Game No. 12" and are counted at their first printed move.
struct BookCount {
  const char* file;
  const char* title;
  std::vector<std::uint32_t> scores;  // first move line of each score a person counts
};

const BookCount kBooks[] = {
    {"capablanca-chess-fundamentals-33870.txt",
     "Capablanca, Chess Fundamentals (PG 33870)",
     // Examples 17-19 (openings), 52-55, 65, Janowski-Kupchick, and the 14 games of Part II.
     {790,  886,  944,  2109, 2262, 2408, 2529, 3669, 3773, 3937, 4040, 4185,
      4310, 4479, 4656, 4864, 4984, 5171, 5335, 5477, 5582, 5746, 5929}},
    {"capablanca-chess-fundamentals-33870-8-latin1.txt",
     "Capablanca, Chess Fundamentals (PG 33870, Latin-1 edition)",
     {790,  886,  944,  2109, 2262, 2408, 2529, 3669, 3773, 3937, 4040, 4185,
      4310, 4479, 4656, 4864, 4984, 5171, 5335, 5477, 5582, 5746, 5929}},
    {"books/lasker-chess-strategy-5614.txt",
     "Ed. Lasker, Chess Strategy (PG 5614)",
     // Three games of Part I (the loss of moves, Morphy's Opera game, the QGD example), and the
     // 48 illustrative games of Part II.
     {1336,  1418,  1637,  6309,  6437,  6588,  6698,  6898,  7031,  7155,  7290,  7472,  7661,
      7883,  8056,  8295,  8393,  8587,  8736,  8866,  9059,  9242,  9505,  9613,  9732,  9832,
      10001, 10118, 10249, 10353, 10548, 10676, 10773, 10917, 11013, 11111, 11215, 11355, 11415,
      11522, 11763, 12007, 12139, 12317, 12456, 12568, 12721, 12821, 12989, 13101, 13304}},
    {"books/bird-chess-history-4902.txt",
     "Bird, Chess History and Reminiscences (PG 4902)",
     // The ten games of the 1892 tournaments (single column, two columns side by side).
     {5363, 5400, 5491, 5587, 5621, 5644, 5657, 5704, 5726, 5757}},
};

struct BookTable {
  int counted = 0, found = 0, complete = 0, stops = 0, explained = 0, other = 0;
  std::vector<std::string> lines;  // SAN of every score found, for the edition comparison
};

BookTable run_book(const BookCount& b) {
  BookTable t;
  const BookExtraction ex = extract_book_games(slurp(kCorpus / "descriptive" / b.file));
  std::printf("%s — %zu listings found\n", b.title, ex.games.size());
  t.counted = static_cast<int>(b.scores.size());
  std::vector<bool> matched(ex.games.size(), false);
  std::vector<BookReplay> replays;
  for (const BookGame& g : ex.games) {
    replays.push_back(replay_book_game(g, ex.text));
    t.lines.push_back(san_line(replays.back().read.resolution, replays.back().start_fen));
  }
  for (std::uint32_t line : b.scores) {
    std::size_t k = 0;
    while (k < ex.games.size() && !(ex.games[k].first_line <= line && line <= ex.games[k].last_line)) ++k;
    if (k == ex.games.size()) {
      std::printf("  line %5u  NOT FOUND\n", line);
      continue;
    }
    matched[k] = true;
    ++t.found;
    const BookReplay& r = replays[k];
    if (r.complete) {
      ++t.complete;
      continue;
    }
    ++t.stops;
    const bool explained = r.stopped && !r.stopped->message.empty() && r.stopped->line != 0;
    t.explained += explained;
    std::printf("  line %5u  game %2d  %s\n", line, ex.games[k].number, r.summary.c_str());
  }
  for (std::size_t k = 0; k < ex.games.size(); ++k) t.other += !matched[k];
  std::printf(
      "  %-58s counted %3d  found %3d (%5.1f %%)  complete %3d (%5.1f %%)  stops %2d (explained %2d)"
      "  other listings %2d\n",
      "", t.counted, t.found, 100.0 * t.found / t.counted, t.complete, 100.0 * t.complete / t.counted, t.stops,
      t.explained, t.other);
  return t;
}

}  // namespace

TEST_CASE("books: game scores found and replayed, per book (issue 19 table)") {
  if (!fs::exists(kCorpus / "descriptive" / "books")) {
    MESSAGE("corpus not found: skipped");
    return;
  }
  int counted = 0, found = 0, complete = 0;
  std::vector<BookTable> tables;
  for (const BookCount& b : kBooks) {
    tables.push_back(run_book(b));
    const BookTable& t = tables.back();
    counted += t.counted;
    found += t.found;
    complete += t.complete;
    CHECK(t.explained == t.stops);  // every stop says where and why
  }
  std::printf("all books: counted %d, found %d (%.1f %%), complete %d (%.1f %%)\n", counted, found,
              100.0 * found / counted, complete, 100.0 * complete / counted);
  // The editions of Capablanca differ only in encoding: the games come out identical.
  CHECK(tables[0].lines == tables[1].lines);
  // The acceptance targets: 95 % of the scores found, 90 % replayed completely (measured
  // 98.1 % / 95.3 % when this was raised from 75 %).
  CHECK(found * 100 >= counted * 95);
  CHECK(complete * 100 >= counted * 90);
  // NOTATION.md §2.1.5 gives Capablanca's game 1 resolved; the book reader must reach the same line.
  CHECK(std::find(tables[0].lines.begin(), tables[0].lines.end(),
                  "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 Ne4 Bxe7 Qxe7 Bd3 Nxc3 bxc3 Nd7 Nf3 O-O cxd5 exd5 Qb3 Nf6 a4 c5 "
                  "Qa3 b6 a5 Bb7 O-O Qc7 Rfb1 Nd7 Bf5 Rfc8 Bxd7 Qxd7 a6 Bc6 dxc5 bxc5 Qxc5 Rab8 Rxb8 Rxb8 Ne5 Qf5 "
                  "f4 Rb6 Qxb6") != tables[0].lines.end());
}

TEST_CASE("Spanish descriptive samples (jpcozar) all resolve") {
  const fs::path dir = kCorpus / "descriptive" / "es-descriptivo-jpcozar";
  if (!fs::exists(dir)) {
    MESSAGE("corpus not found: skipped");
    return;
  }
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  int resolved = 0;
  std::printf("Spanish descriptive samples (es-descriptivo-jpcozar)\n");
  for (const auto& f : files) {
    const auto game = read_descriptive_game(slurp(f), DescriptiveDialect::Spanish, Position::startpos());
    const bool ok = game.resolution.complete && !game.score.stopped_early && !game.score.moves.empty();
    resolved += ok;
    std::printf("  %-45s %3zu plies  %s\n", f.filename().string().c_str(), game.score.moves.size(),
                ok ? "OK"
                   : (game.score.stopped_early ? game.score.diagnostics.front().message : game.resolution.error.message)
                         .c_str());
    CHECK_MESSAGE(ok, f.filename().string());
  }
  std::printf("  resolved %d/%zu\n", resolved, files.size());
  CHECK(files.size() == 19);
}

namespace {

// The SAN tokens of one PGN game's movetext: comments, variations, NAGs, numbers and the
// result are dropped.
std::vector<std::string> movetext_tokens(std::string_view text) {
  std::vector<std::string> out;
  int depth = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '{') {
      const auto end = text.find('}', i);
      i = end == std::string_view::npos ? text.size() : end + 1;
      continue;
    }
    if (c == ';') {
      const auto end = text.find('\n', i);
      i = end == std::string_view::npos ? text.size() : end + 1;
      continue;
    }
    if (c == '(') {
      ++depth;
      ++i;
      continue;
    }
    if (c == ')') {
      --depth;
      ++i;
      continue;
    }
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '.') {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && std::string_view(" \n\r\t(){};").find(text[end]) == std::string_view::npos) ++end;
    std::string tok(text.substr(i, end - i));
    i = end;
    if (depth > 0 || tok.empty() || tok[0] == '$') continue;
    if (tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*") continue;
    const auto dot = tok.find_last_of('.');
    if (std::isdigit(static_cast<unsigned char>(tok[0])) && dot != std::string::npos) tok = tok.substr(dot + 1);
    bool number = !tok.empty();
    for (char d : tok) number &= std::isdigit(static_cast<unsigned char>(d)) != 0;
    if (tok.empty() || number) continue;
    out.push_back(tok);
  }
  return out;
}

struct PgnGame {
  std::string fen;
  std::string movetext;
};

std::vector<PgnGame> split_pgn(const std::string& text) {
  std::vector<PgnGame> games;
  std::istringstream in(text);
  std::string line;
  bool in_moves = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("[", 0) == 0) {
      if (in_moves || games.empty()) games.push_back({});
      in_moves = false;
      if (line.rfind("[FEN \"", 0) == 0) games.back().fen = line.substr(6, line.rfind('"') - 6);
      continue;
    }
    if (games.empty()) continue;
    if (!line.empty()) in_moves = true;
    games.back().movetext += line;
    games.back().movetext += '\n';
  }
  return games;
}

}  // namespace

TEST_CASE("round trip SAN -> descriptive -> SAN over corpus/standard in all three writers") {
  const fs::path dir = kCorpus / "standard";
  if (!fs::exists(dir)) {
    MESSAGE("corpus not found: skipped");
    return;
  }
  const bool full = std::getenv("PLANILLA_CORPUS_FULL") != nullptr;
  const auto t0 = std::chrono::steady_clock::now();
  const DescriptiveStyle styles[] = {DescriptiveStyle::English, DescriptiveStyle::EnglishClassic,
                                     DescriptiveStyle::Spanish};
  const char* style_names[] = {"English (N)", "English classic (Kt)", "Spanish"};
  std::size_t games_read = 0, games_unreadable = 0, plies = 0;
  std::size_t identical[3] = {0, 0, 0};
  std::size_t score_identical[3] = {0, 0, 0};  // whole single-spaced score read back the same
  std::vector<std::string> failures;
  std::uint32_t seed = 20240601u;  // fixed: the same sample every run
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".pgn") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    const auto games = split_pgn(slurp(file));
    // Every game of a file up to 600 games; a seeded 1-in-N sample beyond that.
    const std::size_t every = full || games.size() <= 600 ? 1 : games.size() / 600;
    for (std::size_t gi = 0; gi < games.size(); ++gi) {
      seed = seed * 1664525u + 1013904223u;
      if (every > 1 && (seed >> 8) % every != 0) continue;
      const PgnGame& g = games[gi];
      Position start = Position::startpos();
      if (!g.fen.empty()) {
        auto p = position_from_fen(g.fen);
        if (!p) {
          ++games_unreadable;
          continue;
        }
        start = *p;
      }
      // SAN → moves, with the project's SAN reader.
      std::vector<Move> moves;
      Position pos = start;
      bool readable = true;
      for (const auto& tok : movetext_tokens(g.movetext)) {
        auto parsed = parse_move(tok, english());
        if (!parsed) {
          readable = false;
          break;
        }
        auto r = resolve(parsed->move, pos);
        if (!r) {
          readable = false;
          break;
        }
        moves.push_back(r->move);
        pos.play(r->move);
      }
      if (!readable || moves.empty()) {
        ++games_unreadable;
        continue;
      }
      ++games_read;
      plies += moves.size();
      for (int s = 0; s < 3; ++s) {
        const auto dialect =
            styles[s] == DescriptiveStyle::Spanish ? DescriptiveDialect::Spanish : DescriptiveDialect::English;
        Position p = start;
        DescriptiveContext ctx{IdentityTracker(start), Square::None};
        bool same = true;
        std::string score;  // the whole game single spaced: "1 N-KB3 P-Q4 2 P-B4 …"
        for (std::size_t i = 0; i < moves.size() && same; ++i) {
          const std::string text = write_descriptive(p, moves[i], styles[s], ctx.identities);
          if (i == 0 && p.side_to_move() == Color::Black) score += "1 ... ";
          if (p.side_to_move() == Color::White) score += std::to_string(i / 2 + 1) + " ";
          score += text + " ";
          auto back = parse_descriptive(text, dialect);
          if (!back) {
            same = false;
          } else {
            auto r = resolve_descriptive(*back, p, ctx);
            const auto exact = descriptive_matches(*back, p, ctx.identities);
            same = r && r->move == moves[i] && exact.size() == 1;
          }
          if (!same && failures.size() < 10)
            failures.push_back(file.filename().string() + " game " + std::to_string(gi + 1) + " ply " +
                               std::to_string(i + 1) + " " + style_names[s] + ": " + write_move(p, moves[i]) +
                               " written '" + text + "' " + write_fen(p));
          ctx.play(p, moves[i]);
          p.play(moves[i]);
        }
        identical[s] += same;
        // The same moves read back as one score: the reader has to find where each move ends.
        if (same) {
          const auto game = read_descriptive_game(score, dialect, start);
          const auto& read = game.resolution.plies;
          std::size_t agree = 0;  // plies read back as written
          while (agree < read.size() && agree < moves.size() && read[agree].move == moves[agree]) ++agree;
          const bool whole = game.resolution.complete && agree == moves.size() && read.size() == moves.size() &&
                             game.score.diagnostics.empty();
          score_identical[s] += whole;
          if (!whole && failures.size() < 10) {
            std::string why = game.score.diagnostics.empty() ? std::string() : game.score.diagnostics[0].message;
            if (why.empty() && !game.resolution.complete) why = game.resolution.error.message;
            const std::size_t at = agree < game.score.moves.size() ? game.score.moves[agree].span.byte : score.size();
            failures.push_back(file.filename().string() + " game " + std::to_string(gi + 1) + " " + style_names[s] +
                               " as one score, ply " + std::to_string(agree + 1) + " at '" + score.substr(at, 40) +
                               "': " + why);
          }
        }
      }
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "SAN -> descriptive -> SAN over corpus/standard (%s): %zu games, %zu plies (%zu games not read "
      "as SAN, excluded), %.1f s\n",
      full ? "all games" : "fixed sample", games_read, plies, games_unreadable, secs);
  for (int s = 0; s < 3; ++s)
    std::printf("  %-22s identical %zu/%zu, as one single-spaced score %zu/%zu\n", style_names[s], identical[s],
                games_read, score_identical[s], games_read);
  for (const auto& f : failures) std::printf("  FAIL %s\n", f.c_str());
  CHECK(games_read > 1000);
  for (int s = 0; s < 3; ++s) CHECK(identical[s] == games_read);
  for (int s = 0; s < 3; ++s) CHECK(score_identical[s] == games_read);
}

TEST_CASE("round trip over corpus games: SAN -> a book's text in each typography and layout -> book -> SAN") {
  // Games of corpus/standard from the start position, a fixed sample, each written by the test's
  // book writer (tests/support/book_writer.hpp) in every typography class (hyphen, to/takes,
  // his/her, square) and layout (one column, two columns of moves N and N+k, White and Black
  // columns), then found and read by extract_book_games/replay_book_game: the same moves, each.
  const fs::path dir = kCorpus / "standard";
  if (!fs::exists(dir)) {
    MESSAGE("corpus not found: skipped");
    return;
  }
  const bool full = std::getenv("PLANILLA_CORPUS_FULL") != nullptr;
  const std::size_t per_file = full ? 100 : 8;
  const test::BookTypography typographies[] = {test::BookTypography::Hyphen, test::BookTypography::ToTakes,
                                               test::BookTypography::HisHer, test::BookTypography::Square};
  const char* typography_names[] = {"hyphen", "to/takes", "his/her", "square"};
  const test::BookLayout layouts[] = {test::BookLayout::OneColumn, test::BookLayout::TwoColumns,
                                      test::BookLayout::WhiteBlack};
  const char* layout_names[] = {"one column", "two columns", "White|Black"};
  int same[4][3] = {}, total = 0;
  std::vector<std::string> failures;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".pgn") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::uint32_t seed = 19u;
  for (const auto& file : files) {
    const auto games = split_pgn(slurp(file));
    std::size_t taken = 0;
    for (std::size_t gi = 0; gi < games.size() && taken < per_file; ++gi) {
      seed = seed * 1664525u + 1013904223u;
      if (games.size() > per_file * 4 && (seed >> 8) % (games.size() / per_file) != 0) continue;
      if (!games[gi].fen.empty()) continue;
      std::string san;
      Position pos = Position::startpos();
      bool readable = true;
      for (const auto& tok : movetext_tokens(games[gi].movetext)) {
        auto parsed = parse_move(tok, english());
        if (!parsed) {
          readable = false;
          break;
        }
        auto r = resolve(parsed->move, pos);
        if (!r) {
          readable = false;
          break;
        }
        san += (san.empty() ? "" : " ") + write_move(pos, r->move);
        pos.play(r->move);
      }
      if (!readable || san.find(' ') == std::string::npos) continue;
      ++taken;
      ++total;
      for (int t = 0; t < 4; ++t) {
        for (int l = 0; l < 3; ++l) {
          const std::string book =
              test::write_book_score("GAME No. " + std::to_string(total), san, typographies[t], layouts[l], "Drawn.");
          const BookExtraction ex = extract_book_games(book);
          std::string got = ex.games.size() == 1 ? "" : std::to_string(ex.games.size()) + " scores found";
          if (ex.games.size() == 1) {
            const BookReplay r = replay_book_game(ex.games[0], ex.text);
            got = r.complete ? san_line(r.read.resolution, r.start_fen) : r.summary;
          }
          if (got == san) {
            ++same[t][l];
          } else if (failures.size() < 12) {
            failures.push_back(file.filename().string() + " game " + std::to_string(gi + 1) + " " +
                               typography_names[t] + ", " + layout_names[l] + ": " + got.substr(0, 160));
          }
        }
      }
    }
  }
  std::printf("SAN -> book text -> book over corpus/standard (%s): %d games\n", full ? "100 a file" : "8 a file",
              total);
  for (int t = 0; t < 4; ++t)
    for (int l = 0; l < 3; ++l)
      std::printf("  %-9s %-12s same moves %d/%d\n", typography_names[t], layout_names[l], same[t][l], total);
  for (const auto& f : failures) std::printf("  FAIL %s\n", f.c_str());
  CHECK(total >= 50);
  for (int t = 0; t < 4; ++t)
    for (int l = 0; l < 3; ++l) CHECK(same[t][l] == total);
}
