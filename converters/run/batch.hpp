// Ordered parallel batch: games are independent, so N threads process them while the output
// keeps input order (identical to --jobs 1). Memory stays bounded: at most `max_in_flight`
// items are between `next` and the sink at any time.
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

// Who takes the items from `next`.
enum class Schedule : std::uint8_t {
  // Each of `jobs` threads (the caller among them) takes the next item itself, under a lock, and
  // works it: what producing an item writes (a game cut from the input) is read on the core that
  // wrote it. With a producer thread handing items to the workers, reading a game cut on the
  // other core took a third more time in the fast lane, and two threads used 26 % more CPU than
  // one (normalize, master.pgn; 16 % with this schedule). One job: everything inline.
  Pull,
  // The calling thread only takes items; `jobs` worker threads work them, also with one job. For
  // an input whose bytes a thread of their own produces anyway (decompression): the cutting then
  // overlaps the reading on a second core.
  Produce,
};

struct BatchOptions {
  unsigned jobs = 1;              // threads that work items; 0 = all cores
  std::size_t max_in_flight = 0;  // 0 = 8 per job
  Schedule schedule = Schedule::Pull;
};

inline unsigned effective_jobs(unsigned jobs) {
  if (jobs != 0) return jobs;
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : n;
}

namespace detail {

// Results deposited in any order by any thread reach `sink` in sequence order, one call at a
// time: whoever deposits the next result emits it and every one after it that is there.
template <class Result>
class OrderedEmitter {
 public:
  // `emitted(n)`: called after each sink call, with n results emitted so far; the emit lock is
  // held (sink calls stay serialised), the results' lock is not.
  OrderedEmitter(const std::function<void(Result&)>& sink, std::function<void(std::uint64_t)> emitted)
      : sink_(sink), emitted_hook_(std::move(emitted)) {}

  void deposit(std::uint64_t seq, Result r) {
    {
      std::lock_guard lock(m_);
      done_.emplace(seq, std::move(r));
    }
    emit_ready();
  }

  // A result deposited while another thread was emitting is picked up by that thread's re-check
  // after it releases the emit lock, so no result waits for a completion that never comes.
  void emit_ready() {
    while (drain()) {
      std::lock_guard lock(m_);
      if (done_.find(next_) == done_.end()) return;
    }
  }

 private:
  bool drain() {  // false when another thread holds the emit lock
    std::unique_lock emit_lock(emit_mutex_, std::try_to_lock);
    if (!emit_lock.owns_lock()) return false;
    for (;;) {
      std::optional<Result> r;
      std::uint64_t count = 0;
      {
        std::lock_guard lock(m_);
        auto it = done_.find(next_);
        if (it == done_.end()) return true;
        r.emplace(std::move(it->second));
        done_.erase(it);
        count = ++next_;
      }
      sink_(*r);
      emitted_hook_(count);
    }
  }

  const std::function<void(Result&)>& sink_;
  std::function<void(std::uint64_t)> emitted_hook_;
  std::mutex m_;  // guards done_ and next_
  std::map<std::uint64_t, Result> done_;
  std::uint64_t next_ = 0;
  std::mutex emit_mutex_;  // serialises sink calls
};

}  // namespace detail

// Takes items from `next` until it returns nullopt, applies `work` to each on `jobs` threads, and
// hands each result to `sink` in the order the items were taken. `next` and `sink` are never
// called concurrently (each with itself); `next` may run on any of the threads (Schedule::Pull).
template <class Item, class Result>
void run_ordered(const std::function<std::optional<Item>()>& next, const std::function<Result(Item&)>& work,
                 const std::function<void(Result&)>& sink, BatchOptions options = {}) {
  const unsigned jobs = effective_jobs(options.jobs);
  if (jobs <= 1 && options.schedule == Schedule::Pull) {
    while (std::optional<Item> item = next()) {
      Result r = work(*item);
      sink(r);
    }
    return;
  }
  const std::size_t limit = options.max_in_flight ? options.max_in_flight : 8 * jobs;

  if (options.schedule == Schedule::Pull) {
    std::mutex take_mutex;  // serialises next(); guards taken and ended
    std::uint64_t taken = 0;
    bool ended = false;
    std::mutex room_mutex;
    std::condition_variable room;
    std::uint64_t emitted = 0;  // guarded by room_mutex
    detail::OrderedEmitter<Result> emitter(sink, [&](std::uint64_t count) {
      {
        std::lock_guard lock(room_mutex);
        emitted = count;
      }
      room.notify_all();
    });
    auto worker = [&] {
      for (;;) {
        std::optional<Item> item;
        std::uint64_t seq = 0;
        {
          std::lock_guard take(take_mutex);
          if (ended) return;
          {
            // No more than `limit` items taken and not yet emitted (one slow item holds the rest).
            std::unique_lock lock(room_mutex);
            room.wait(lock, [&] { return taken - emitted < limit; });
          }
          item = next();
          if (!item) {
            ended = true;
            return;
          }
          seq = taken++;
        }
        emitter.deposit(seq, work(*item));
      }
    };
    std::vector<std::thread> threads;
    threads.reserve(jobs - 1);
    for (unsigned i = 1; i < jobs; ++i) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();
    emitter.emit_ready();
    return;
  }

  const std::size_t refill_at = limit / 2;
  std::mutex m;
  std::condition_variable work_ready, space_ready;
  std::deque<std::pair<std::uint64_t, Item>> queue;
  std::size_t in_flight = 0;
  bool producing = true;
  detail::OrderedEmitter<Result> emitter(sink, [&](std::uint64_t) {
    bool wake = false;
    {
      std::lock_guard lock(m);
      wake = --in_flight == refill_at;
    }
    if (wake) space_ready.notify_one();
  });
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
      emitter.deposit(job.first, work(job.second));
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
  emitter.emit_ready();
}

}  // namespace planilla
