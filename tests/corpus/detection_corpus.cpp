// Issue 18, "never change a game silently", for `--from auto`:
//
// 1. On English files `--from auto` reads every game as `--from en` does: the same moves, game
//    for game (every move of every line as UCI, an unresolved move as "?"). The files: every PGN
//    of ../shared/corpus/{standard,chess960,tricky,encodings} and bench/master.pgn.xz and
//    bench/frc.pgn.xz: master.pgn (100,000 games) is sampled with a fixed seed in the tier, frc.pgn
//    (922 games) read whole; PLANILLA_CORPUS_FULL=1 compares every game. A W-READING-AMBIGUOUS game
//    keeps the English moves (English wins its ties) and gets a comment: counted and printed.
// 2. A fragment corpus of our own: short stretches (2 to 12 plies) of famous games, typed below
//    in English SAN, written with every letter set's letters by planilla's writer (write_move)
//    and read back with `--from auto`. Every fragment must come back as played or carry
//    W-READING-AMBIGUOUS; none may be read silently as other moves. Counts per letter set print.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "board/fen.hpp"
#include "converters/arbiter/detect.hpp"
#include "converters/pgn/reader.hpp"
#include "corpus_files.hpp"
#include "notation/language.hpp"
#include "notation/spec.hpp"
#include "notation/write.hpp"
#include "tests/support/files.hpp"

namespace planilla {
namespace {

namespace fs = std::filesystem;
const fs::path kCorpus = PLANILLA_CORPUS_DIR;

bool full_run() { return test::env_flag("PLANILLA_CORPUS_FULL"); }

std::string slurp(const fs::path& p) { return test::read_bytes(p); }

// An .xz archive's bytes through the xz tool (a dependency of the dev setup, scripts/dev).
std::string unxz(const fs::path& p) {
  std::string out;
  const std::string cmd = "xz -dc '" + p.string() + "'";
  FILE* f = popen(cmd.c_str(), "r");
  if (!f) return out;
  char buf[1 << 16];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  pclose(f);
  return out;
}

void line_moves(const Line& line, Position pos, std::string& out) {
  for (const MoveNode& n : line.moves) {
    for (const Line& v : n.variations) {
      out += '(';
      line_moves(v, pos, out);
      out += ')';
    }
    if (!n.move) {
      out += "? ";
      return;
    }
    out += write_move(pos, n.move, WriteOptions{.style = NotationStyle::Uci});
    out += ' ';
    pos.play(n.move);
  }
}

// Every move of every line, in UCI; what `convert --to uci` writes, less tags and comments.
std::string all_moves(const GameRecord& r) {
  std::string out;
  line_moves(r.game.main, r.game.start, out);
  return out;
}

bool has_code(const GameRecord& r, Code code) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.code == code) return true;
  return false;
}

struct Compared {
  std::size_t games = 0, differing = 0, ambiguous = 0;
  std::string first_difference;
};

// Reads the games of `bytes` whose index passes `keep` with `--from auto` and with `--from en`.
template <typename Keep>
Compared compare_auto_en(const std::string& bytes, const std::string& name, Keep keep) {
  Compared c;
  NotationSpec autod;
  autod.auto_detect = true;
  NotationSpec en = *parse_spec("en", false);
  ReadOptions options;
  options.file_name = name;
  std::istringstream in(bytes);
  PgnReader reader(in, options);
  GameJob job;
  for (std::size_t index = 0; reader.next_job(job); ++index) {
    if (!keep(index)) continue;
    GameJob copy = job;
    GameRecord a, b;
    read_job(job, a, options);
    interpret_game(a, options, autod);
    read_job(copy, b, options);
    interpret_game(b, options, en);
    ++c.games;
    if (has_code(a, Code::ReadingAmbiguous)) ++c.ambiguous;
    if (all_moves(a) != all_moves(b)) {
      if (c.differing++ == 0) c.first_difference = name + " game " + std::to_string(a.number);
    }
  }
  return c;
}

}  // namespace

TEST_CASE("auto = en, game for game, on the English files and the bench archives") {
  Compared total;
  std::size_t files = 0;
  auto add = [&total](const Compared& c) {
    total.games += c.games;
    total.differing += c.differing;
    total.ambiguous += c.ambiguous;
    if (total.first_difference.empty()) total.first_difference = c.first_difference;
  };
  for (const char* folder : {"standard", "chess960", "tricky", "encodings"}) {
    for (const fs::path& p : corpus::pgn_files(kCorpus / folder)) {
      ++files;
      add(compare_auto_en(slurp(p), p.string(), [](std::size_t) { return true; }));
    }
  }
  MESSAGE("corpus folders: " << files << " files, " << total.games << " games, " << total.differing
                             << " read differently, " << total.ambiguous << " with W-READING-AMBIGUOUS");
  CHECK_MESSAGE(total.differing == 0, total.first_difference);

  // The bench archives: master.pgn (100,000 games) a seeded sample of about 1 game in 8 in the
  // tier, all with FULL=1; frc.pgn (922 long engine games) whole.
  for (const std::string name : {"bench/master.pgn.xz", "bench/frc.pgn.xz"}) {
    const fs::path p = kCorpus / name;
    if (!fs::exists(p)) {
      MESSAGE(name << " not found: skipped");
      continue;
    }
    const std::string bytes = unxz(p);
    REQUIRE_MESSAGE(!bytes.empty(), "xz could not unpack " << p);
    std::mt19937 rng(18);
    const bool full = full_run();
    const bool sampled = !full && name == "bench/master.pgn.xz";
    Compared c = compare_auto_en(bytes, p.string(), [&](std::size_t) { return !sampled || rng() % 8 == 0; });
    const std::string what = name + (sampled ? " (seeded sample): " : " (every game): ");
    MESSAGE(what << c.games << " games, " << c.differing << " read differently, " << c.ambiguous
                 << " with W-READING-AMBIGUOUS");
    CHECK(c.games > 900);
    CHECK_MESSAGE(c.differing == 0, c.first_difference);
  }
}

namespace {

// Famous games, typed in English SAN (main line only, from the first move).
struct Famous {
  const char* name;
  const char* san;
};
const Famous kFamous[] = {
    {"Morphy - Duke of Brunswick and Count Isouard, Paris 1858",
     "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 "
     "Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#"},
    {"Anderssen - Kieseritzky, London 1851",
     "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 cxb5 h4 Qg6 h5 Qg5 Qf3 Ng8 "
     "Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#"},
    {"Anderssen - Dufresne, Berlin 1852",
     "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4 Bb6 Nbd2 "
     "Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#"},
    {"Legal's mate", "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#"},
    {"Fool's mate", "f3 e5 g4 Qh4#"},
    {"Scholar's mate", "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#"},
    {"Reti - Tartakower, Vienna 1910",
     "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Nf6 Qd3 e5 dxe5 Qa5+ Bd2 Qxe5 O-O-O Nxe4 Qd8+ Kxd8 Bg5+ Kc7 Bd8#"},
    {"D. Byrne - Fischer, New York 1956",
     "Nf3 Nf6 c4 g6 Nc3 Bg7 d4 O-O Bf4 d5 Qb3 dxc4 Qxc4 c6 e4 Nbd7 Rd1 Nb6 Qc5 Bg4 Bg5 Na4 Qa3 Nxc3 bxc3 Nxe4"},
    {"Kasparov - Topalov, Wijk aan Zee 1999",
     "e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5 O-O-O Qe7"},
    {"Deep Blue - Kasparov, New York 1997 (game 6)",
     "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Nd7 Ng5 Ngf6 Bd3 e6 N1f3 h6 Nxe6 Qe7 O-O fxe6 Bg6+ Kd8 Bf4 b5"},
    {"Fischer - Spassky, Reykjavik 1972 (game 6)",
     "c4 e6 Nf3 d5 d4 Nf6 Nc3 Be7 Bg5 O-O e3 h6 Bh4 b6 cxd5 Nxd5 Bxe7 Qxe7 Nxd5 exd5 Rc1 Be6"},
    {"Karpov - Kasparov, Moscow 1985 (game 16)",
     "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nb5 d6 c4 Nf6 N1c3 a6 Na3 d5 cxd5 exd5 exd5 Nb4 Be2 Bc5 O-O O-O"},
    {"Bishop's Opening (issue 18)", "e4 e5 Bc4 Nf6 d3 c6 Nf3 d5 Bb3 Bb4+ c3 Bd6 Nbd2 O-O"},
    {"Slav, 4...Bf5 (issue 18)", "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5 e3 e6 Bxc4 Bb4 O-O O-O"},
    {"Najdorf, English Attack", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7"},
    {"Ruy Lopez, Marshall Attack",
     "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 O-O c3 d5 exd5 Nxd5 Nxe5 Nxe5 Rxe5 c6"},
    {"Queen's Gambit Declined", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 Nbd7 Rc1 c6 Bd3 dxc4 Bxc4 Nd5"},
};

struct Fragment {
  Position start;
  std::vector<Move> moves;
};

std::vector<Fragment> make_fragments() {
  std::vector<Fragment> out;
  for (const Famous& g : kFamous) {
    CAPTURE(g.name);
    // The typed line must read legally in English: a typo here would test nothing.
    std::istringstream in(std::string(g.san) + " *\n");
    ReadOptions options;
    PgnReader reader(in, options);
    GameRecord r;
    REQUIRE(reader.next(r));
    REQUIRE_MESSAGE(!r.has_errors(), g.name);
    std::vector<Position> before;
    std::vector<Move> moves;
    Position pos = r.game.start;
    for (const MoveNode& n : r.game.main.moves) {
      before.push_back(pos);
      moves.push_back(n.move);
      pos.play(n.move);
    }
    // Every stretch of 2, 3, 4, 6, 8 and 12 plies starting at every third ply.
    for (std::size_t s = 0; s < moves.size(); s += 3)
      for (std::size_t len : {2, 3, 4, 6, 8, 12})
        if (s + len <= moves.size())
          out.push_back(Fragment{before[s], std::vector<Move>(moves.begin() + static_cast<std::ptrdiff_t>(s),
                                                              moves.begin() + static_cast<std::ptrdiff_t>(s + len))});
  }
  return out;
}

// The fragment as a PGN game written with `lang`'s letters; a FEN tag when it starts mid-game.
std::string fragment_pgn(const Fragment& f, const Language& lang) {
  std::string out;
  if (!(f.start == Position::startpos())) out += "[FEN \"" + write_fen(f.start) + "\"]\n[SetUp \"1\"]\n\n";
  Position pos = f.start;
  bool first = true;
  for (Move m : f.moves) {
    if (pos.side_to_move() == Color::White) out += std::to_string(pos.fullmove_number()) + ". ";
    else if (first) out += std::to_string(pos.fullmove_number()) + "... ";
    out += write_move(pos, m, WriteOptions{.language = &lang});
    out += ' ';
    pos.play(m);
    first = false;
  }
  out += "*\n\n";
  return out;
}

}  // namespace

TEST_CASE("fragments of famous games in every letter set: read as played or flagged, never silently changed") {
  const std::vector<Fragment> fragments = make_fragments();
  REQUIRE(fragments.size() > 200);
  std::vector<const Language*> sets;
  for (const Language& l : all_languages()) {
    bool seen = false;
    for (const Language* s : sets) seen = seen || s->letter_set == l.letter_set;
    if (!seen) sets.push_back(&l);
  }
  NotationSpec autod;
  autod.auto_detect = true;
  std::size_t silent_total = 0, flagged_total = 0, errors_total = 0, games_total = 0;
  std::string first_silent;
  std::ostringstream table;
  table << "letter set        games  as played  flagged  errors  silent\n";
  for (const Language* lang : sets) {
    std::string archive;
    for (const Fragment& f : fragments) archive += fragment_pgn(f, *lang);
    std::istringstream in(archive);
    ReadOptions options;
    PgnReader reader(in, options);
    std::size_t games = 0, played = 0, flagged = 0, errors = 0, silent = 0;
    GameRecord r;
    for (std::size_t i = 0; i < fragments.size(); ++i) {
      REQUIRE(read_next_game(reader, r, options, autod));
      ++games;
      std::vector<Move> read;
      for (const MoveNode& n : r.game.main.moves) read.push_back(n.move);
      const bool as_played = !r.has_errors() && read == fragments[i].moves;
      if (as_played && !has_code(r, Code::ReadingAmbiguous)) ++played;
      else if (has_code(r, Code::ReadingAmbiguous)) ++flagged;
      else if (r.has_errors()) ++errors;  // reported, not silent; counted to be seen
      else {
        ++silent;
        if (first_silent.empty())
          first_silent = std::string(lang->letter_set) + ": " + fragment_pgn(fragments[i], *lang);
      }
    }
    char row[128];
    std::snprintf(row, sizeof row, "%-16s %6zu %10zu %8zu %7zu %7zu\n", std::string(lang->letter_set).c_str(), games,
                  played, flagged, errors, silent);
    table << row;
    silent_total += silent;
    flagged_total += flagged;
    errors_total += errors;
    games_total += games;
  }
  MESSAGE("fragments read with --from auto (" << fragments.size() << " fragments x " << sets.size() << " letter sets)\n"
                                              << table.str() << "total " << games_total << ", flagged " << flagged_total
                                              << ", errors " << errors_total << ", silent " << silent_total);
  CHECK_MESSAGE(silent_total == 0, first_silent);
  CHECK(errors_total == 0);
}

}  // namespace planilla
