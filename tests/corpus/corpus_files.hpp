// The corpus tier's shared helper: every PGN file under ../shared/corpus (or one folder of it).
#pragma once

#include <algorithm>
#include <filesystem>
#include <vector>

namespace planilla::corpus {

// Every *.pgn / *.PGN file under `dir`, sorted (a fixed order for every run).
inline std::vector<std::filesystem::path> pgn_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file() && (e.path().extension() == ".pgn" || e.path().extension() == ".PGN"))
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace planilla::corpus
