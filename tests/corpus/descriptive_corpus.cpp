// Corpus tier for descriptive notation: Capablanca's Chess Fundamentals (both editions, games
// extracted from the book text), the Spanish jpcozar samples, and the SAN → descriptive → SAN
// round trip over ../shared/corpus/standard in all three writers. Prints measured counts.
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

using namespace planilla;
namespace fs = std::filesystem;

namespace {

const fs::path kCorpus = PLANILLA_CORPUS_DIR;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string san_line(const DescriptiveGameResult& r) {
  std::string out;
  Position p = Position::startpos();
  for (const auto& ply : r.plies) {
    if (!out.empty()) out += ' ';
    out += write_move(p, ply.move);
    p.play(ply.move);
  }
  return out;
}

struct EditionResult {
  int games = 0;
  int right = 0;  // complete, or stopped at a gap the book leaves and reported
  std::vector<std::string> lines;
};

EditionResult run_edition(const char* file) {
  EditionResult out;
  const std::string bytes = slurp(kCorpus / "descriptive" / file);
  const BookExtraction ex = extract_book_games(bytes);
  std::printf("Capablanca, Chess Fundamentals — %s (%s)\n", file, ex.was_latin1 ? "Latin-1" : "UTF-8/ASCII");
  for (const BookGame& g : ex.games) {
    const BookReplay r = replay_book_game(g);
    ++out.games;
    if (r.complete || r.gap_reported) ++out.right;
    std::size_t conventions = 0;
    for (const auto& d : r.resolution.diagnostics)
      conventions += d.code == Code::DescriptiveConvention || d.code == Code::DescriptiveRepair;
    std::printf("  game %2d  %-26s %3zu plies  %-4s %s  [%zu plies needed a convention or repair]\n", g.number,
                g.title.c_str(), g.plies.size(), r.complete ? "OK" : r.gap_reported ? "GAP" : "FAIL",
                r.summary.c_str(), conventions);
    out.lines.push_back(san_line(r.resolution));
  }
  return out;
}

}  // namespace

TEST_CASE("Capablanca: the 14 illustrative games replay from both editions with the same rules") {
  if (!fs::exists(kCorpus / "descriptive")) {
    MESSAGE("corpus not found: skipped");
    return;
  }
  const EditionResult ascii = run_edition("capablanca-chess-fundamentals-33870.txt");
  const EditionResult latin1 = run_edition("capablanca-chess-fundamentals-33870-8-latin1.txt");
  std::printf("  replayed (complete or reported gap): ASCII %d/%d, Latin-1 %d/%d\n", ascii.right, ascii.games,
              latin1.right, latin1.games);
  CHECK(ascii.games == 14);
  CHECK(latin1.games == 14);
  CHECK(ascii.right >= 13);
  CHECK(latin1.right >= 13);
  // The editions differ only in encoding (× vs x): the games must come out identical.
  CHECK(ascii.lines == latin1.lines);
  // NOTATION.md §2.1.5 gives game 1 resolved; the extraction must reach the same line.
  REQUIRE(!ascii.lines.empty());
  CHECK(ascii.lines[0] ==
        "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 Ne4 Bxe7 Qxe7 Bd3 Nxc3 bxc3 Nd7 Nf3 O-O cxd5 exd5 Qb3 Nf6 a4 c5 "
        "Qa3 b6 a5 Bb7 O-O Qc7 Rfb1 Nd7 Bf5 Rfc8 Bxd7 Qxd7 a6 Bc6 dxc5 bxc5 Qxc5 Rab8 Rxb8 Rxb8 Ne5 Qf5 "
        "f4 Rb6 Qxb6");
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
                ok ? "OK" : (game.score.stopped_early ? game.score.diagnostics.front().message
                                                      : game.resolution.error.message)
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
    if (c == '(') { ++depth; ++i; continue; }
    if (c == ')') { --depth; ++i; continue; }
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '.') { ++i; continue; }
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
        if (!p) { ++games_unreadable; continue; }
        start = *p;
      }
      // SAN → moves, with the project's SAN reader.
      std::vector<Move> moves;
      Position pos = start;
      bool readable = true;
      for (const auto& tok : movetext_tokens(g.movetext)) {
        auto parsed = parse_move(tok, english());
        if (!parsed) { readable = false; break; }
        auto r = resolve(parsed->move, pos);
        if (!r) { readable = false; break; }
        moves.push_back(r->move);
        pos.play(r->move);
      }
      if (!readable || moves.empty()) { ++games_unreadable; continue; }
      ++games_read;
      plies += moves.size();
      for (int s = 0; s < 3; ++s) {
        const auto dialect = styles[s] == DescriptiveStyle::Spanish ? DescriptiveDialect::Spanish
                                                                     : DescriptiveDialect::English;
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
                               " as one score, ply " + std::to_string(agree + 1) + " at '" +
                               score.substr(at, 40) + "': " + why);
          }
        }
      }
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("SAN -> descriptive -> SAN over corpus/standard (%s): %zu games, %zu plies (%zu games not read "
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
