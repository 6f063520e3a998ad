#include "cli/progress.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace planilla::cli {

Progress::Progress(std::ostream& err, bool enabled, std::uint64_t total_bytes)
    : err_(err), enabled_(enabled), total_(total_bytes), start_(std::chrono::steady_clock::now()), last_(start_) {
  if (const char* d = std::getenv("PLANILLA_PROGRESS_DELAY_MS")) delay_ = std::chrono::milliseconds(std::atoi(d));
}

Progress::~Progress() { finish(); }

void Progress::update(std::uint64_t bytes_done, std::uint64_t games_done) {
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  if (now - start_ < delay_ || now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  draw(bytes_done, games_done, false);
}

void Progress::hide() {
  if (drawn_) err_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

void Progress::finish() {
  hide();  // leave the terminal clean for the summary
  enabled_ = false;
}

void Progress::draw(std::uint64_t bytes_done, std::uint64_t games_done, bool) {
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  double fraction = total_ ? static_cast<double>(bytes_done) / static_cast<double>(total_) : 0.0;
  if (fraction > 1) fraction = 1;
  constexpr int kWidth = 24;
  int filled = static_cast<int>(fraction * kWidth);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(kWidth, ' ');
  double mbps = static_cast<double>(bytes_done) / 1e6 / secs;
  double gps = static_cast<double>(games_done) / secs;
  double eta = fraction > 0 ? secs * (1 - fraction) / fraction : 0;
  char line[160];
  std::snprintf(line, sizeof line, "\r[%s] %3.0f%%  %.1f MB/s  %.0f games/s  ETA %d:%02d", bar.c_str(), fraction * 100,
                mbps, gps, static_cast<int>(eta) / 60, static_cast<int>(eta) % 60);
  err_ << line << std::flush;
  drawn_ = true;
}

}  // namespace planilla::cli
