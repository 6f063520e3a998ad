// Reads the perft suites in the corpus (never copied into the repository): EPD lines
// "FEN ;D1 n ;D2 n ..." and the python-chess/shakmaty ".perft" files ("id", "epd", "perft N n").
// Shared by the corpus tests that need every published position.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "board/fen.hpp"
#include "board/position.hpp"

namespace planilla::test {

struct PerftCase {
  std::string id;  // "file:line" for EPD lines, the "id" for .perft files
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, published node count)
};

struct PerftSuite {
  std::string name;
  std::vector<PerftCase> cases;
};

inline std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

inline PerftSuite read_perft_suite(const std::filesystem::path& path) {
  PerftSuite suite{path.filename().string(), {}};
  std::ifstream in(path);
  std::string line;
  int line_no = 0;
  const bool epd = path.extension() == ".epd";
  std::string pending_id;
  while (std::getline(in, line)) {
    ++line_no;
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    if (epd) {
      std::stringstream parts(line);
      std::string part;
      std::getline(parts, part, ';');
      PerftCase c{suite.name + ":" + std::to_string(line_no), trim(part), {}};
      while (std::getline(parts, part, ';')) {
        std::istringstream fields(part);
        std::string depth;
        std::uint64_t nodes = 0;
        if (fields >> depth >> nodes && depth.size() > 1 && depth[0] == 'D')
          c.counts.emplace_back(std::stoi(depth.substr(1)), nodes);
      }
      suite.cases.push_back(std::move(c));
    } else if (line.rfind("id ", 0) == 0) {
      pending_id = trim(line.substr(3));
    } else if (line.rfind("epd ", 0) == 0) {
      suite.cases.push_back(PerftCase{suite.name + ":" + pending_id, trim(line.substr(4)), {}});
    } else if (line.rfind("perft ", 0) == 0 && !suite.cases.empty()) {
      std::istringstream fields(line.substr(6));
      int depth = 0;
      std::uint64_t nodes = 0;
      if (fields >> depth >> nodes) suite.cases.back().counts.emplace_back(depth, nodes);
    }
  }
  return suite;
}

inline std::vector<PerftSuite> read_all_perft_suites(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".epd" || entry.path().extension() == ".perft") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<PerftSuite> suites;
  for (const auto& f : files) suites.push_back(read_perft_suite(f));
  return suites;
}

// How the corpus positions are loaded: strictly first; a few suite positions are impossible on
// purpose (impossible checks, a right for a king in the corner), and load with the relaxations
// a lenient importer would use. `relaxed` says whether that was needed.
struct LoadedPosition {
  std::optional<Position> position;
  bool relaxed = false;
  PositionError error;  // the strict error, when there was one
  std::string parse_error;
};

inline LoadedPosition load_suite_position(const std::string& fen) {
  LoadedPosition out;
  auto setup = parse_fen(fen);
  if (!setup) {
    out.parse_error = setup.error().message;
    return out;
  }
  const CastlingMode mode = needs_chess960(*setup) ? CastlingMode::Chess960 : CastlingMode::Standard;
  auto strict = Position::from_setup(*setup, mode);
  if (strict) {
    out.position = *strict;
    return out;
  }
  out.error = strict.error();
  Relaxations relax;
  relax.ignore_invalid_castling = true;
  relax.allow_impossible_check = true;
  auto lenient = Position::from_setup(*setup, mode, relax);
  if (lenient) {
    out.position = *lenient;
    out.relaxed = true;
  }
  return out;
}

}  // namespace planilla::test
