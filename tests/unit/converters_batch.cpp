#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "converters/run/batch.hpp"

using namespace planilla;

namespace {
struct Outcome {
  std::vector<int> seen;    // the sink's sequence
  int peak = 0;             // most items between next() and the sink at once
  bool overlapped = false;  // next() or the sink was entered while already running
  int worked_by_taker = 0;  // items worked on the thread that took them
};

// Runs `count` items through run_ordered.
Outcome run(int count, unsigned jobs, std::size_t limit, Schedule schedule = Schedule::Pull) {
  int produced = 0;
  std::atomic<int> live{0};
  std::atomic<int> peak{0};
  std::atomic<bool> in_next{false}, in_sink{false}, overlapped{false};
  std::atomic<int> by_taker{0};
  std::vector<std::thread::id> taker(static_cast<std::size_t>(count));
  Outcome out;
  std::function<std::optional<int>()> next = [&]() -> std::optional<int> {
    if (in_next.exchange(true)) overlapped = true;
    std::optional<int> item;
    if (produced < count) {
      int now = ++live;
      int p = peak.load();
      while (now > p && !peak.compare_exchange_weak(p, now)) {
      }
      taker[static_cast<std::size_t>(produced)] = std::this_thread::get_id();
      item = produced++;
    }
    in_next = false;
    return item;
  };
  std::function<int(int&)> work = [&](int& i) {
    if (taker[static_cast<std::size_t>(i)] == std::this_thread::get_id()) ++by_taker;
    // Uneven work so that completion order differs from input order.
    if (i % 7 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
    return i * 3;
  };
  std::function<void(int&)> sink = [&](int& r) {
    if (in_sink.exchange(true)) overlapped = true;
    out.seen.push_back(r);
    --live;
    in_sink = false;
  };
  BatchOptions options{jobs, limit};
  options.schedule = schedule;
  run_ordered<int, int>(next, work, sink, options);
  out.peak = peak.load();
  out.overlapped = overlapped.load();
  out.worked_by_taker = by_taker.load();
  return out;
}
}  // namespace

TEST_CASE("run_ordered keeps input order for every job count and schedule") {
  for (Schedule schedule : {Schedule::Pull, Schedule::Produce})
    for (unsigned jobs : {1u, 2u, 3u, 4u, 8u}) {
      CAPTURE(jobs);
      CAPTURE(schedule == Schedule::Pull);
      const Outcome o = run(500, jobs, 0, schedule);
      REQUIRE(o.seen.size() == 500);
      for (int i = 0; i < 500; ++i) CHECK(o.seen[static_cast<std::size_t>(i)] == i * 3);
      CHECK_FALSE(o.overlapped);  // next() and the sink are each called by one thread at a time
    }
}

TEST_CASE("run_ordered: Pull works each item on the thread that took it, Produce on another") {
  CHECK(run(300, 2, 0, Schedule::Pull).worked_by_taker == 300);
  CHECK(run(300, 3, 0, Schedule::Produce).worked_by_taker == 0);
  CHECK(run(300, 1, 0, Schedule::Produce).worked_by_taker == 0);  // one job: still a worker of its own
  CHECK(run(300, 1, 0, Schedule::Pull).worked_by_taker == 300);   // one job: inline
}

TEST_CASE("run_ordered bounds the items in flight") {
  for (Schedule schedule : {Schedule::Pull, Schedule::Produce}) {
    CAPTURE(schedule == Schedule::Pull);
    const Outcome o = run(300, 4, 5, schedule);
    CHECK(o.seen.size() == 300);
    // No more than `limit` items are handed out before the sink has taken the oldest (+1 being
    // produced).
    CHECK(o.peak <= 6);
  }
}

TEST_CASE("run_ordered with no input calls nothing") {
  for (Schedule schedule : {Schedule::Pull, Schedule::Produce}) {
    const Outcome o = run(0, 3, 0, schedule);
    CHECK(o.seen.empty());
    CHECK(o.peak == 0);
  }
}
