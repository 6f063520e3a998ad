// A progress bar on stderr for long runs: shown only when stderr is a terminal, the run is not
// --quiet, and the work has lasted more than a second. Redrawn at most ten times a second.
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>

namespace planilla::cli {

class Progress {
 public:
  Progress(std::ostream& err, bool enabled, std::uint64_t total_bytes);
  ~Progress();
  // Bytes of input consumed so far (across files) and games done.
  void update(std::uint64_t bytes_done, std::uint64_t games_done);
  void finish();

 private:
  void draw(std::uint64_t bytes_done, std::uint64_t games_done, bool final);
  std::ostream& err_;
  bool enabled_;
  bool drawn_ = false;
  std::uint64_t total_;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace planilla::cli
