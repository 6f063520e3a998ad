// The reader's two lanes on every PGN of ../shared/corpus (converters/pgn/fast_reader.hpp): each game
// is read by read_job() with the fast lane and without it; the game model, the diagnostics (as
// formatted, with severity and written text) and the encoding must be the same; a game written
// while it is read (read_job()'s `direct`, GameRecord::direct_visited) must be written as its
// model is. Prints how many games the fast lane took and wrote directly, per corpus folder.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "converters/arbiter/detect.hpp"
#include "converters/pgn/pgn_writer.hpp"
#include "converters/pgn/reader.hpp"
#include "tests/corpus/corpus_files.hpp"

using namespace planilla;
namespace fs = std::filesystem;

TEST_CASE("corpus: the fast lane reads every game it takes as the general reader does") {
  const fs::path corpus = PLANILLA_CORPUS_DIR;
  const std::vector<fs::path> files = planilla::corpus::pgn_files(corpus);
  REQUIRE(!files.empty());

  struct Count {
    std::size_t games = 0, fast = 0, different = 0, noted = 0, direct = 0, direct_different = 0;
  };
  std::map<std::string, Count> by_folder;
  Count total;
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    ReadOptions fast;
    fast.file_name = file.filename().string();
    ReadOptions general = fast;
    general.fast_lane = false;
    ReadOptions unmodelled = fast;
    unmodelled.keep_model = false;
    // The model the fast lane would skip for `check` is built here, so it can be compared.
    PgnReader reader(std::string_view(bytes), fast);
    GameJob job;
    Count& folder = by_folder[fs::relative(file, corpus).begin()->string()];
    while (reader.next_job(job)) {
      GameJob copy = job, third = job;
      GameRecord a, b, w;
      read_job(job, a, fast);
      read_job(copy, b, general);
      // Written while read, without a model, against the general reader's model written.
      std::string direct_text;
      PgnWriter direct(direct_text);
      read_job(third, w, unmodelled, &direct);
      bool direct_same = true;
      if (w.direct_visited) direct_same = direct_text == write_pgn(b.game);
      if (!direct_same) {
        CAPTURE(file.string());
        CAPTURE(w.number);
        FAIL_CHECK("the game written while read differs from its model written");
      }
      bool same = a.game == b.game && a.encoding == b.encoding && a.diagnostics.size() == b.diagnostics.size();
      for (std::size_t i = 0; same && i < a.diagnostics.size(); ++i)
        same = format_diagnostic(a.diagnostics[i]) == format_diagnostic(b.diagnostics[i]) &&
               a.diagnostics[i].severity == b.diagnostics[i].severity &&
               a.diagnostics[i].written == b.diagnostics[i].written;
      // The lettered prefixes the fast lane noted are those the tie check would scan for.
      std::size_t noted = 0;
      if (a.lane_notes.lettered_known) {
        std::vector<std::string> from_lane;
        for (std::uint32_t at : a.lane_notes.lettered) from_lane.emplace_back(a.original.substr(at, 2));
        if (from_lane != lettered_prefixes_of(a.original)) {
          CAPTURE(file.string());
          CAPTURE(a.number);
          FAIL_CHECK("the fast lane noted other lettered prefixes than the tie check's scan");
        }
        noted = 1;
      }
      // Whether the fast lane took the game: the general reader alone makes a model without facts.
      bool took = false;
      for (const MoveNode& n : a.game.main.moves) took = took || n.facts_known;
      if (!same) {
        CAPTURE(file.string());
        CAPTURE(a.number);
        FAIL_CHECK("the lanes read the game differently");
      }
      for (Count* c : {&folder, &total}) {
        ++c->games;
        c->fast += took ? 1 : 0;
        c->different += same ? 0 : 1;
        c->noted += noted;
        c->direct += w.direct_visited ? 1 : 0;
        c->direct_different += direct_same ? 0 : 1;
      }
    }
  }
  std::printf("fast lane on the corpus (%zu files): a game counts as taken when a main-line move carries facts\n",
              files.size());
  std::printf("  %-12s %8s %8s %7s %10s %8s %10s\n", "folder", "games", "taken", "share", "different", "direct",
              "different");
  for (const auto& [name, c] : by_folder)
    std::printf("  %-12s %8zu %8zu %6.1f%% %10zu %8zu %10zu\n", name.c_str(), c.games, c.fast,
                c.games ? 100.0 * static_cast<double>(c.fast) / static_cast<double>(c.games) : 0.0, c.different,
                c.direct, c.direct_different);
  std::printf("  %-12s %8zu %8zu %6.1f%% %10zu %8zu %10zu\n", "all", total.games, total.fast,
              total.games ? 100.0 * static_cast<double>(total.fast) / static_cast<double>(total.games) : 0.0,
              total.different, total.direct, total.direct_different);
  std::printf("  direct: written while read (no model), compared with the general reader's model written\n");
  std::printf("  lettered prefixes noted by the fast lane (and equal to the tie check's scan): %zu games\n",
              total.noted);
  CHECK(total.different == 0);
  CHECK(total.direct_different == 0);
  // Most games the fast lane takes keep their event order, so they are written while read.
  CHECK(total.direct * 10 > total.fast * 9);
  CHECK(total.noted * 2 > total.fast);
  // The fast lane is there for the common case: most corpus games are plain SAN.
  CHECK(total.fast * 2 > total.games);
}
