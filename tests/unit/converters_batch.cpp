#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "converters/run/batch.hpp"

using namespace planilla;

namespace {
// Runs `count` items through run_ordered and returns the sink's sequence and the peak number of
// items between producer and sink.
std::pair<std::vector<int>, int> run(int count, unsigned jobs, std::size_t limit) {
  int produced = 0;
  std::atomic<int> live{0};
  std::atomic<int> peak{0};
  std::vector<int> seen;
  std::function<std::optional<int>()> next = [&]() -> std::optional<int> {
    if (produced == count) return std::nullopt;
    int now = ++live;
    int p = peak.load();
    while (now > p && !peak.compare_exchange_weak(p, now)) {
    }
    return produced++;
  };
  std::function<int(int&)> work = [](int& i) {
    // Uneven work so that completion order differs from input order.
    if (i % 7 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
    return i * 3;
  };
  std::function<void(int&)> sink = [&](int& r) {
    seen.push_back(r);
    --live;
  };
  run_ordered<int, int>(next, work, sink, BatchOptions{jobs, limit});
  return {seen, peak.load()};
}
}  // namespace

TEST_CASE("run_ordered keeps input order for every job count") {
  for (unsigned jobs : {1u, 2u, 3u, 4u, 8u}) {
    CAPTURE(jobs);
    auto [seen, peak] = run(500, jobs, 0);
    REQUIRE(seen.size() == 500);
    for (int i = 0; i < 500; ++i) CHECK(seen[static_cast<std::size_t>(i)] == i * 3);
  }
}

TEST_CASE("run_ordered bounds the items in flight") {
  auto [seen, peak] = run(300, 4, 5);
  CHECK(seen.size() == 300);
  // The producer waits for space before handing out more than `limit` items (+1 being produced).
  CHECK(peak <= 6);
}

TEST_CASE("run_ordered with no input calls nothing") {
  auto [seen, peak] = run(0, 3, 0);
  CHECK(seen.empty());
  CHECK(peak == 0);
}

TEST_CASE("run_ordered with one job: inline, or on one worker when asked to overlap") {
  for (bool overlap : {false, true}) {
    CAPTURE(overlap);
    const std::thread::id caller = std::this_thread::get_id();
    int produced = 0;
    std::vector<int> seen;
    std::atomic<int> off_caller{0};
    std::function<std::optional<int>()> next = [&]() -> std::optional<int> {
      if (produced == 200) return std::nullopt;
      return produced++;
    };
    std::function<int(int&)> work = [&](int& i) {
      if (std::this_thread::get_id() != caller) ++off_caller;
      if (i % 5 == 0) std::this_thread::sleep_for(std::chrono::microseconds(100));
      return i + 1;
    };
    std::function<void(int&)> sink = [&](int& r) { seen.push_back(r); };
    BatchOptions options{1, 4};
    options.overlap = overlap;
    run_ordered<int, int>(next, work, sink, options);
    REQUIRE(seen.size() == 200);
    for (int i = 0; i < 200; ++i) CHECK(seen[static_cast<std::size_t>(i)] == i + 1);
    CHECK(off_caller.load() == (overlap ? 200 : 0));
  }
}
