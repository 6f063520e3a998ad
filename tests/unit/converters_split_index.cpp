// The split index (converters/input/split_index.hpp): a walk from one of its starts gives what the
// walk from the beginning gives; it is written and read back; a shard uses it while it describes
// its file, and walks from the beginning, saying why, once the file changed.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "converters/input/inputs.hpp"
#include "converters/input/split_index.hpp"
#include "tests/support/files.hpp"
#include "tests/support/shard_archives.hpp"

using namespace planilla;

namespace {

SplitReadAt reader_of(const std::string& input) {
  return [&input](std::uint64_t offset, char* out, std::size_t length) {
    if (offset >= input.size()) return std::size_t{0};
    const std::size_t n = std::min<std::size_t>(length, input.size() - offset);
    std::memcpy(out, input.data() + offset, n);
    return n;
  };
}

void check_same(const SplitStart& a, const SplitStart& b) {
  CHECK(a.offset == b.offset);
  CHECK(a.line == b.line);
  CHECK(a.games_before == b.games_before);
  CHECK(a.encoding == b.encoding);
}

// A file holding `text`, removed at the end of the test (its index too).
struct TempFile {
  explicit TempFile(const std::string& text, const char* name) : path(std::filesystem::temp_directory_path() / name) {
    write(text);
  }
  ~TempFile() {
    std::filesystem::remove(path);
    std::filesystem::remove(split_index_path(path.string()));
  }
  void write(const std::string& text) const {
    std::ofstream out(path, std::ios::binary);
    out << text;
  }
  InputFile input() const { return InputFile{path.string(), path.string()}; }
  std::filesystem::path path;
};

}  // namespace

TEST_CASE("find_split_start from an earlier start gives what the walk from the beginning gives") {
  for (const std::string& input : {test::adversarial_archive(), test::large_archive()}) {
    CAPTURE(input.size());
    const std::uint64_t step = input.size() / 37 + 1;
    std::vector<std::uint64_t> targets;
    for (std::uint64_t at = 1; at < input.size(); at += step) targets.push_back(at);
    for (const std::optional<Encoding> forced : {std::optional<Encoding>{}, std::optional{Encoding::Utf8}}) {
      std::vector<SplitStart> starts;
      for (std::uint64_t at : targets) starts.push_back(find_split_start(input, at, forced));
      CHECK(starts.back().offset > 0);
      for (std::size_t j = 0; j < targets.size(); ++j)
        for (std::size_t k = j; k < targets.size(); k += 3) {
          CAPTURE(targets[j]);
          CAPTURE(targets[k]);
          check_same(find_split_start(input, targets[k], forced, reader_of(input), starts[j]), starts[k]);
        }
    }
  }
}

TEST_CASE("split index: built once, written and read back, the same starts as the walk") {
  const std::string input = test::large_archive();
  const TempFile file(input, "planilla-unit-split-index.pgn");
  std::string error;
  const std::optional<SplitIndex> index = build_split_index(file.input(), 16384, error);
  REQUIRE(index);
  CHECK(error.empty());
  CHECK(index->size == input.size());
  REQUIRE(index->points.size() > 10);
  for (std::size_t i = 0; i < index->points.size(); ++i) {
    const SplitIndex::Point& p = index->points[i];
    CAPTURE(p.start.offset);
    // Each point is the start the walk gives at its multiple of `every`, or before it.
    check_same(p.start, find_split_start(input, p.start.offset));
    CHECK(p.fingerprint == split_fingerprint(input, p.start.offset));
    if (i > 0) CHECK(p.start.offset > index->points[i - 1].start.offset);
  }
  const std::string text = format_split_index(*index);
  const std::optional<SplitIndex> back = parse_split_index(text, error);
  REQUIRE(back);
  CHECK(format_split_index(*back) == text);
  CHECK(back->mtime_ns == index->mtime_ns);
}

TEST_CASE("split index: malformed text is refused with its line") {
  std::string error;
  CHECK_FALSE(parse_split_index("[Event \"x\"]\n", error));
  CHECK(error == "line 1: not a planilla split index (version 1)");
  CHECK_FALSE(
      parse_split_index("planilla-index 1\nsize 100\nmtime-ns 5\nevery 10\n50 3 2 - 00000000000000zz\n", error));
  CHECK(error == "line 5: expected 'OFFSET LINE GAMES ENCODING FINGERPRINT'");
  CHECK_FALSE(
      parse_split_index("planilla-index 1\nsize 100\nmtime-ns 5\nevery 10\n50 3 2 klingon 0000000000000001\n", error));
  CHECK(error == "line 5: unknown encoding 'klingon'");
  CHECK_FALSE(parse_split_index(
      "planilla-index 1\nsize 100\nmtime-ns 5\nevery 10\n50 3 2 - 0000000000000001\n40 3 2 - 0000000000000001\n",
      error));
  CHECK(error == "line 6: offsets must increase, and lie inside the file");
  CHECK_FALSE(parse_split_index("planilla-index 1\nsize 100\nevery 10\n", error));
  CHECK(error == "line 3: expected 'mtime-ns NANOSECONDS'");
}

TEST_CASE("file_split_start walks from the index while it describes the file, and says why when not") {
  const std::string input = test::large_archive();
  const TempFile file(input, "planilla-unit-split-index-use.pgn");
  std::string error;
  std::optional<SplitIndex> index = build_split_index(file.input(), 16384, error);
  REQUIRE(index);
  const std::string index_path = split_index_path(file.path.string());
  const auto write_index = [&](const SplitIndex& i) {
    std::ofstream out(index_path, std::ios::binary);
    out << format_split_index(i);
  };
  write_index(*index);
  std::string note;
  for (std::uint64_t at = 1; at < input.size(); at += 7919) {
    CAPTURE(at);
    check_same(file_split_start(file.input(), at, std::nullopt, &note), find_split_start(input, at));
    CHECK(note.empty());
  }

  // The index is what the shard starts from: points whose lines are off by 1,000 give lines off by
  // 1,000 past the first point.
  SplitIndex shifted = *index;
  for (SplitIndex::Point& p : shifted.points) p.start.line += 1000;
  write_index(shifted);
  const std::uint64_t past = index->points[3].start.offset + 10;
  CHECK(file_split_start(file.input(), past, std::nullopt, &note).line == find_split_start(input, past).line + 1000);
  CHECK(note.empty());
  // Before the first point there is nothing to start from but the beginning.
  check_same(file_split_start(file.input(), 10, std::nullopt, &note), find_split_start(input, 10));
  write_index(*index);

  // Other bytes at a point, with the size and the modification time of the indexed file.
  std::string edited = input;
  const std::size_t at_point = static_cast<std::size_t>(index->points[5].start.offset);
  edited[at_point + 3] = edited[at_point + 3] == 'v' ? 'w' : 'v';
  const auto when = std::filesystem::last_write_time(file.path);
  file.write(edited);
  std::filesystem::last_write_time(file.path, when);
  check_same(file_split_start(file.input(), at_point + 100, std::nullopt, &note),
             find_split_start(edited, at_point + 100));
  CHECK(note.find("are not those indexed") != std::string::npos);

  // A file that grew: the index is not used at all.
  const std::string grown = input + "\n[Event \"more\"]\n\n1. e4 *\n";
  file.write(grown);
  const std::uint64_t far = input.size() - 5000;
  check_same(file_split_start(file.input(), far, std::nullopt, &note), find_split_start(grown, far));
  CHECK(note.find("the file changed since the index was written") != std::string::npos);
  CHECK(note.rfind(index_path + ": ", 0) == 0);
}

TEST_CASE("split index: refused for standard input, compressed and empty files") {
  std::string error;
  CHECK_FALSE(build_split_index(InputFile{"-", ""}, 1 << 20, error));
  CHECK(error == "an index needs a file, not standard input");
  const TempFile gz(std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00", 8), "planilla-unit-split-index.pgn.gz");
  CHECK_FALSE(build_split_index(gz.input(), 1 << 20, error));
  CHECK(error.find("gzip-compressed") != std::string::npos);
  const TempFile empty("", "planilla-unit-split-index-empty.pgn");
  CHECK_FALSE(build_split_index(empty.input(), 1 << 20, error));
  CHECK(error == empty.path.string() + " is empty");
  CHECK(default_index_spacing(100) == std::uint64_t{1} << 20);
  CHECK(default_index_spacing(std::uint64_t{200} << 30) == std::uint64_t{50} << 20);  // 200 GiB: 4,096 starts
}
