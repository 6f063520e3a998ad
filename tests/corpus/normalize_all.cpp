// normalize over every PGN of ../shared/corpus loses nothing (design decision 7, issue 8):
//   read == written + rejected, per file;
//   every game the splitter finds is read (the same count as split_games on the file);
//   the output holds exactly `written` games (it is read back);
//   the rejects stream is exactly, byte for byte, the `;` lines and the original bytes of each
//   rejected game, and those original bytes are the file's bytes at the game's offset.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "converters/input/split.hpp"
#include "converters/run/normalize.hpp"
#include "tests/corpus/corpus_files.hpp"

using namespace planilla;
namespace fs = std::filesystem;

TEST_CASE("corpus: normalize over every corpus PGN: read == written + rejected, rejects byte for byte") {
  const fs::path corpus = PLANILLA_CORPUS_DIR;
  const std::vector<fs::path> files = planilla::corpus::pgn_files(corpus);
  REQUIRE(!files.empty());

  RunStats total;
  std::uint64_t bad_files = 0;
  for (const fs::path& path : files) {
    const std::string rel = fs::relative(path, corpus).string();
    CAPTURE(rel);
    std::ifstream file(path, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    // UTF-16 files are transcoded before splitting; split_games sees their raw bytes otherwise.
    const bool utf16 = bytes.size() >= 2 &&
                       (static_cast<unsigned char>(bytes[0]) == 0xFF || static_cast<unsigned char>(bytes[0]) == 0xFE);

    std::istringstream in(bytes);
    std::ostringstream out, rejects;
    std::string expected_rejects;
    bool originals_match = true;
    NormalizeOptions options;
    options.read.file_name = rel;
    options.on_game = [&](const GameRecord& record) {
      if (!record.has_errors()) return;
      expected_rejects += reject_text(record);
      if (!utf16 && bytes.compare(record.offset, record.original.size(), record.original) != 0) originals_match = false;
    };
    const RunStats s = normalize(in, out, &rejects, options);
    total += s;

    const bool identity = s.games == s.written + s.rejected;
    const bool all_split = utf16 || s.games == split_games(bytes).size();
    std::istringstream written_in(out.str());
    std::uint64_t written_back = 0;
    {
      std::ostringstream sink;
      written_back = normalize(written_in, sink, nullptr, NormalizeOptions{}).games;
    }
    const bool output_count = written_back == s.written;
    const bool rejects_exact = rejects.str() == expected_rejects;
    CHECK(identity);
    CHECK(all_split);
    CHECK(output_count);
    CHECK(rejects_exact);
    CHECK(originals_match);
    if (!(identity && all_split && output_count && rejects_exact && originals_match)) ++bad_files;
  }
  std::printf(
      "normalize over the corpus: %zu files, %llu games read = %llu written + %llu rejected; "
      "%llu files with a loss\n",
      files.size(), static_cast<unsigned long long>(total.games), static_cast<unsigned long long>(total.written),
      static_cast<unsigned long long>(total.rejected), static_cast<unsigned long long>(bad_files));
  CHECK(bad_files == 0);
}
