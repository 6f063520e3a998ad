// Perft benchmark: a fixed set of standard and Chess960 positions, counted with bulk counting
// at the last ply (the usual way to compare move generators) and without (every leaf made,
// which also times play()). bench/perft.sh runs it next to Stockfish's `go perft`.
//
//   bench_perft            run the benchmark, one line per position and a total per mode
//   bench_perft --list     print "fen|depth|chess960" for each position (for bench/perft.sh)
//   bench_perft --bulk     bulk counting only (what bench/perft.sh compares with Stockfish)
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "board/fen.hpp"
#include "board/position.hpp"

namespace {

struct BenchPosition {
  const char* name;
  const char* fen;
  int depth;
  std::uint64_t expected;            // published count at `depth`, to catch a broken generator early
  std::uint64_t expected_shallower;  // published count at depth - 1 (the run without bulk counting)
};

constexpr BenchPosition kPositions[] = {
    {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324, 4865609},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690, 4085603},
    {"cpw-pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178633661, 11030083},
    {"cpw-pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292, 422333},
    {"cpw-pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194, 2103487},
    {"frc-ethereal-0", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 5, 8146062, 326672},
    {"frc-ethereal-1", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 5, 16253601, 667366},
};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Runs every position in one mode; returns false if a count is wrong.
bool run(bool bulk) {
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  bool ok = true;
  std::printf("%s\n", bulk ? "bulk counting at the last ply" : "no bulk counting (every leaf made)");
  for (const auto& p : kPositions) {
    auto pos = planilla::position_from_fen(p.fen);
    if (!pos) {
      std::fprintf(stderr, "%s: %s\n", p.name, pos.error().c_str());
      return false;
    }
    // Without bulk counting a ply less keeps the run short; the count is still checked.
    const int depth = bulk ? p.depth : p.depth - 1;
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t nodes = planilla::perft(*pos, depth, bulk);
    const double secs = seconds_since(start);
    total_nodes += nodes;
    total_seconds += secs;
    const bool right = nodes == (bulk ? p.expected : p.expected_shallower);
    ok = ok && right;
    std::printf("  %-16s depth %d  %12llu nodes  %7.3f s  %8.1f Mnps%s\n", p.name, depth,
                static_cast<unsigned long long>(nodes), secs, nodes / secs / 1e6, right ? "" : "  WRONG COUNT");
  }
  std::printf("  %-16s          %12llu nodes  %7.3f s  %8.1f Mnps\n", "total",
              static_cast<unsigned long long>(total_nodes), total_seconds, total_nodes / total_seconds / 1e6);
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  const bool list = argc > 1 && std::strcmp(argv[1], "--list") == 0;
  const bool bulk_only = argc > 1 && std::strcmp(argv[1], "--bulk") == 0;
  if (list) {
    for (const auto& p : kPositions) {
      auto pos = planilla::position_from_fen(p.fen);
      std::printf("%s|%d|%d|%s\n", p.fen, p.depth, pos && pos->is_chess960() ? 1 : 0, p.name);
    }
    return 0;
  }
  bool ok = run(true);
  if (!bulk_only) ok = run(false) && ok;
  return ok ? 0 : 1;
}
