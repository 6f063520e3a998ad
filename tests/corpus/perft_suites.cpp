// Perft of every position in every corpus suite. By default each position is checked at depth 1
// and at the deepest published depth whose count fits a node budget (so the file runs in well
// under the tier's time limit on 2 cores); PLANILLA_PERFT_FULL=1 checks every published depth.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "board/position.hpp"
#include "tests/corpus/perft_suite_reader.hpp"
#include "tests/support/files.hpp"

namespace {

using namespace planilla;
using planilla::test::PerftCase;

constexpr std::uint64_t kNodeBudget = 2'000'000;

bool full_run() { return test::env_flag("PLANILLA_PERFT_FULL"); }

// The depths checked for one position: all with PLANILLA_PERFT_FULL=1, otherwise depth 1 and the
// deepest count within the budget (the shallowest one when every count exceeds it).
std::vector<std::pair<int, std::uint64_t>> depths_to_check(const PerftCase& c, bool full) {
  if (full) return c.counts;
  std::vector<std::pair<int, std::uint64_t>> out;
  const std::pair<int, std::uint64_t>* deepest = nullptr;
  const std::pair<int, std::uint64_t>* shallowest = nullptr;
  for (const auto& dc : c.counts) {
    if (dc.first == 1) out.push_back(dc);
    if (dc.second <= kNodeBudget && (!deepest || dc.first > deepest->first)) deepest = &dc;
    if (!shallowest || dc.first < shallowest->first) shallowest = &dc;
  }
  const auto* pick = deepest ? deepest : shallowest;
  if (pick && pick->first != 1) out.push_back(*pick);
  return out;
}

// Suite positions that are impossible on purpose and load only with relaxations; any other
// position needing one means the validation is too strict.
const std::set<std::string> kKnownImpossible = {
    "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",                 // checkers on one diagonal
    "1rrrrrk1/1PPPPPPP/8/8/8/8/8/6K1 b - -",             // two pawn checkers
    "1q4k1/3r1Ppp/5NP1/pP6/8/1Q6/3B4/2K2R2 b - -",       // pawn + knight checkers
    "2b5/1nbn4/n3n3/1kn5/n3n3/1n1n4/5RQ1/2KQ1R2 w K -",  // two knight checkers
    "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - -",                 // aligned checkers
    "2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - -",
    "5R2/2P5/8/4k3/8/3rK2r/8/8 w - -",
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3",  // check the double push cannot give
    "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6",
    "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6",
};
// Rejected outright: more than 16 pieces, which from_setup() never accepts (it is what bounds
// MoveList's capacity).
const std::set<std::string> kKnownRejected = {
    "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -",
};

}  // namespace

TEST_CASE("perft: every position of every corpus suite") {
  const std::filesystem::path dir = PLANILLA_CORPUS_DIR "/perft/";
  if (!std::filesystem::is_directory(dir)) {
    std::printf("perft suites skipped: %s not found\n", dir.string().c_str());
    return;
  }
  const bool full = full_run();
  const auto suites = planilla::test::read_all_perft_suites(dir);
  REQUIRE(suites.size() >= 10);
  std::uint64_t all_nodes = 0;
  const auto all_start = std::chrono::steady_clock::now();
  for (const auto& suite : suites) {
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    int min_depth = 99, max_depth = 0, relaxed = 0, rejected = 0, checked = 0;
    for (const auto& c : suite.cases) {
      INFO(c.id << ": " << c.fen);
      REQUIRE(!c.counts.empty());
      const auto loaded = planilla::test::load_suite_position(c.fen);
      REQUIRE_MESSAGE(loaded.parse_error.empty(), loaded.parse_error);
      if (!loaded.position) {
        ++rejected;
        CHECK(kKnownRejected.count(c.fen) == 1);
        CHECK(loaded.error.kinds == kTooManyPieces);
        continue;
      }
      if (loaded.relaxed) {
        ++relaxed;
        CHECK_MESSAGE(kKnownImpossible.count(c.fen) == 1, loaded.error.message());
      }
      for (const auto& [depth, expected] : depths_to_check(c, full)) {
        INFO("depth " << depth);
        CHECK(perft(*loaded.position, depth) == expected);
        nodes += expected;
        min_depth = std::min(min_depth, depth);
        max_depth = std::max(max_depth, depth);
      }
      ++checked;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    all_nodes += nodes;
    std::printf("perft %-28s %5zu positions (%d loaded relaxed, %d rejected), depths %d-%d, %12llu nodes, %6.2f s\n",
                suite.name.c_str(), suite.cases.size(), relaxed, rejected, min_depth, max_depth,
                static_cast<unsigned long long>(nodes), secs);
    CHECK(checked + rejected == static_cast<int>(suite.cases.size()));
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - all_start).count();
  std::printf("perft all suites: %llu nodes in %.2f s (%s)\n", static_cast<unsigned long long>(all_nodes), secs,
              full ? "PLANILLA_PERFT_FULL=1: every published depth" : "node budget per position: 2e6");
}
