// A progress bar on stderr for long runs: shown only when stderr is a terminal, the run is not
// --quiet, and the work has lasted more than a second (PLANILLA_PROGRESS_DELAY_MS overrides the
// second, for tests). Redrawn at most ten times a second.
//
// The bar owns the terminal's last line: whoever prints to the terminal while it runs (the text
// report on stdout, diagnostics on stderr) calls hide() first and flushes what it printed; the
// next update() draws the bar again below it, so a bar and a diagnostic never share a line.
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
  // Clears the bar, if it is drawn, before other output takes the line.
  void hide();
  bool enabled() const { return enabled_; }
  void finish();

 private:
  void draw(std::uint64_t bytes_done, std::uint64_t games_done, bool final);
  std::ostream& err_;
  bool enabled_;
  bool drawn_ = false;
  std::uint64_t total_;
  std::chrono::steady_clock::time_point start_, last_;
  std::chrono::milliseconds delay_{1000};
};

}  // namespace planilla::cli
