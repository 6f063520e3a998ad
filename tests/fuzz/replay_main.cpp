// The CI tier of the fuzz targets, built by the ordinary (GCC) build: every target's
// LLVMFuzzerTestOneInput, renamed per target at compile time (tests/fuzz/CMakeLists.txt), is
// called on every file of tests/fuzz/seeds/<target>/ and tests/fuzz/regressions/<target>/.
// A regression file is an input a fuzzer once crashed on; an invariant that fails traps, which
// fails this test. Usage: fuzz_replay FUZZ_DIR [TARGET...]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#define PLANILLA_FUZZ_TARGET(name) extern "C" int planilla_fuzz_##name(const std::uint8_t*, std::size_t);
#include "tests/fuzz/targets.def"
#undef PLANILLA_FUZZ_TARGET

namespace {

struct Target {
  std::string_view name;
  int (*entry)(const std::uint8_t*, std::size_t);
};

#define PLANILLA_FUZZ_TARGET(name) Target{#name, planilla_fuzz_##name},
constexpr Target kTargets[] = {
#include "tests/fuzz/targets.def"
};
#undef PLANILLA_FUZZ_TARGET

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  if (argc < 2) {
    std::fprintf(stderr, "usage: fuzz_replay FUZZ_DIR [TARGET...]\n");
    return 2;
  }
  const fs::path root = argv[1];
  std::vector<std::string_view> only(argv + 2, argv + argc);
  int missing_seeds = 0;
  for (const Target& t : kTargets) {
    if (!only.empty() && std::find(only.begin(), only.end(), t.name) == only.end()) continue;
    std::size_t files = 0;
    for (const char* kind : {"seeds", "regressions"}) {
      const fs::path dir = root / kind / std::string(t.name);
      if (!fs::is_directory(dir)) continue;
      std::vector<fs::path> paths;
      for (const auto& e : fs::directory_iterator(dir))
        if (e.is_regular_file()) paths.push_back(e.path());
      std::sort(paths.begin(), paths.end());  // a stable order for reading logs
      for (const fs::path& p : paths) {
        std::ifstream in(p, std::ios::binary);
        const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(t.name.size()), t.name.data(), p.c_str());
        t.entry(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
        ++files;
      }
    }
    std::printf("%.*s: %zu inputs replayed\n", static_cast<int>(t.name.size()), t.name.data(), files);
    // A target without seeds would make this test pass while replaying nothing.
    if (files == 0) ++missing_seeds;
  }
  return missing_seeds == 0 ? 0 : 1;
}
