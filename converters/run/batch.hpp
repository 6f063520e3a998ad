// Ordered parallel batch: games are independent, so N workers process them while the output
// keeps input order (identical to --jobs 1). Memory stays bounded: at most `max_in_flight`
// items are between the producer and the sink at any time.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace planilla {

struct BatchOptions {
  unsigned jobs = 1;              // worker threads; 0 = all cores
  std::size_t max_in_flight = 0;  // 0 = 8 per worker
  // With one job: still hand the items to a worker thread, so that producing them (cutting a
  // decompressed stream) overlaps their work instead of running inline before it.
  bool overlap = false;
};

inline unsigned effective_jobs(unsigned jobs) {
  if (jobs != 0) return jobs;
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : n;
}

// Pulls items from `next` (in the calling thread) until it returns nullopt, applies `work` on
// the workers, and hands each result to `sink` in the order the items were produced. `sink` is
// never called concurrently. With one job everything runs inline in the calling thread.
template <class Item, class Result>
void run_ordered(const std::function<std::optional<Item>()>& next, const std::function<Result(Item&)>& work,
                 const std::function<void(Result&)>& sink, BatchOptions options = {}) {
  const unsigned jobs = effective_jobs(options.jobs);
  if (jobs <= 1 && !options.overlap) {
    while (std::optional<Item> item = next()) {
      Result r = work(*item);
      sink(r);
    }
    return;
  }
  const std::size_t limit = options.max_in_flight ? options.max_in_flight : 8 * jobs;
  const std::size_t refill_at = limit / 2;

  std::mutex m;
  std::condition_variable work_ready, space_ready;
  std::deque<std::pair<std::uint64_t, Item>> queue;
  std::map<std::uint64_t, Result> done;
  std::uint64_t next_emit = 0;
  std::size_t in_flight = 0;
  bool producing = true;
  std::mutex emit_mutex;  // serialises sink calls; whoever completes the next item emits

  auto drain = [&]() -> bool {  // false when another thread holds the emit lock
    std::unique_lock emit_lock(emit_mutex, std::try_to_lock);
    if (!emit_lock.owns_lock()) return false;
    for (;;) {
      std::optional<Result> r;
      {
        std::lock_guard lock(m);
        auto it = done.find(next_emit);
        if (it == done.end()) return true;
        r.emplace(std::move(it->second));
        done.erase(it);
        ++next_emit;
      }
      sink(*r);
      bool wake = false;
      {
        std::lock_guard lock(m);
        wake = --in_flight == refill_at;
      }
      if (wake) space_ready.notify_one();
    }
  };
  // A result deposited while another thread was emitting is picked up by that thread's re-check
  // after it releases the emit lock, so no result waits for a completion that never comes.
  auto emit_ready = [&] {
    while (drain()) {
      std::lock_guard lock(m);
      if (done.find(next_emit) == done.end()) return;
    }
  };

  auto worker = [&] {
    for (;;) {
      std::pair<std::uint64_t, Item> job;
      {
        std::unique_lock lock(m);
        work_ready.wait(lock, [&] { return !queue.empty() || !producing; });
        if (queue.empty()) return;
        job = std::move(queue.front());
        queue.pop_front();
      }
      Result r = work(job.second);
      {
        std::lock_guard lock(m);
        done.emplace(job.first, std::move(r));
      }
      emit_ready();
    }
  };

  std::vector<std::thread> threads;
  threads.reserve(jobs);
  for (unsigned i = 0; i < jobs; ++i) threads.emplace_back(worker);

  std::uint64_t seq = 0;
  while (std::optional<Item> item = next()) {
    std::unique_lock lock(m);
    // A full pipeline waits until it has drained to `refill_at`, then refills to `limit`: waking
    // the producer for every item freed made two context switches per item (futex wake and
    // wait), a large share of the CPU time of a parallel run on a small machine.
    if (in_flight >= limit) space_ready.wait(lock, [&] { return in_flight <= refill_at; });
    ++in_flight;
    queue.emplace_back(seq++, std::move(*item));
    lock.unlock();
    work_ready.notify_one();
  }
  {
    std::lock_guard lock(m);
    producing = false;
  }
  work_ready.notify_all();
  for (auto& t : threads) t.join();
  // A result may have landed after the last emitter released the emit lock: flush the rest.
  emit_ready();
}

}  // namespace planilla
