#include "converters/run/pipeline.hpp"

#include <deque>
#include <mutex>

#include "converters/run/batch.hpp"

namespace planilla {

namespace {

// Games travel through the workers in batches: one queue hand-off (a lock, a wake-up, a map
// insert) per game cost about as much as reading a short game, and kept the cutter thread busy
// waking workers. A batch closes at kBatchGames games or kBatchBytes of input, whichever comes
// first, so memory stays bounded by the batches in flight (4 per worker) plus the largest game.
// Games of a few bytes (a file of bare results or empty games) fill kBatchGames with less than
// kBatchMinBytes: their batch takes up to kBatchMaxGames, or two threads spent half again the
// CPU of one on hand-offs.
constexpr std::size_t kBatchGames = 64;
constexpr std::size_t kBatchMinBytes = std::size_t{8} << 10;
constexpr std::size_t kBatchMaxGames = 1024;
constexpr std::size_t kBatchBytes = std::size_t{256} << 10;
constexpr std::size_t kParallelMinBytes = std::size_t{256} << 10;
constexpr std::size_t kSpareBatches = 2;
constexpr std::size_t kSpareText = 1024;

// A delivered game made ready to serve the next one: what it keeps is bounded, a text buffer up
// to kSpareText bytes and no game bytes or model beyond a few bytes (read_job() replaces them).
void make_spare(ProcessedGame& g) {
  g.text.clear();
  g.then_original = false;
  if (g.text.capacity() > kSpareText) std::string().swap(g.text);
  GameRecord& r = g.record;
  if (r.original.capacity() > kSpareText) ByteBuffer().swap(r.original);
  if (!r.game.tags.empty() || !r.game.main.moves.empty() || !r.game.main.trailing_comments.empty()) r.game = Game{};
  r.diagnostics.clear();
}

}  // namespace

void RunStats::count(const GameRecord& record) {
  ++games;
  bool has_error = false;
  for (const Diagnostic& d : record.diagnostics) {
    switch (d.severity) {
      case Severity::Error:
        ++errors;
        has_error = true;
        break;
      case Severity::Warning: ++warnings; break;
      case Severity::Note: ++notes; break;
    }
  }
  if (has_error) ++games_with_errors;
  // Every line's, as a game read without its model is counted (the fast lane counts them all):
  // counting only the main line's here made a game's count depend on which reader took it.
  auto count_line = [this](auto&& self, const Line& line) -> void {
    for (const MoveNode& n : line.moves) {
      moves += n.move ? 1 : 0;
      for (const Line& v : n.variations) self(self, v);
    }
  };
  count_line(count_line, record.game.main);
  moves += record.unmodelled_moves;
}

RunStats& RunStats::operator+=(const RunStats& o) {
  games += o.games;
  moves += o.moves;
  games_with_errors += o.games_with_errors;
  errors += o.errors;
  warnings += o.warnings;
  notes += o.notes;
  written += o.written;
  rejected += o.rejected;
  return *this;
}

std::string reject_header(const GameRecord& record) {
  std::string lines;
  for (const Diagnostic& d : record.diagnostics) {
    lines += "; ";
    std::string text = format_diagnostic(d);
    // A diagnostic line must stay one line: the written token may hold anything.
    for (char& c : text)
      if (c == '\n' || c == '\r') c = ' ';
    lines += text;
    lines += '\n';
  }
  return encode(lines, record.encoding);
}

ReadOptions reading_options(ReadOptions options, const NotationSpec& from) {
  if (from.auto_detect) {
    options.language = &english();  // detection starts from the PGN standard's letters
  } else if (from.language != nullptr) {
    options.language = from.language;
  }
  return options;
}

std::vector<Diagnostic> run_pipeline(std::istream& in, const ReadOptions& given, const NotationSpec& from,
                                     unsigned jobs, const GameWork& work, const GameSink& sink,
                                     const DirectWriter& direct) {
  const ReadOptions options = reading_options(given, from);
  PgnReader reader(in, options);
  // Cut batches come back once read (at most kSpareBatches of them), their jobs' byte buffers
  // with them: a game's bytes are then copied into a buffer that has the room, not a new one.
  std::mutex spare_jobs_mutex;
  std::vector<std::vector<GameJob>> spare_jobs;
  auto cut_batch = [&]() -> std::optional<std::vector<GameJob>> {
    std::vector<GameJob> batch;
    {
      std::lock_guard lock(spare_jobs_mutex);
      if (!spare_jobs.empty()) {
        batch = std::move(spare_jobs.back());
        spare_jobs.pop_back();
      }
    }
    // `held`: the buffers' room, which a reused buffer may give a short game more of than it
    // needs: a batch also closes at kBatchBytes of it (a run of bare results after longer games).
    std::size_t bytes = 0, held = 0, n = 0;
    for (;;) {
      if (!((n < kBatchGames || (bytes < kBatchMinBytes && n < kBatchMaxGames)) && bytes < kBatchBytes &&
            held < kBatchBytes))
        break;
      if (n == batch.size()) batch.emplace_back();
      if (!reader.next_job(batch[n])) break;
      bytes += batch[n].bytes.size();
      held += batch[n].bytes.capacity();
      ++n;
    }
    batch.resize(n);
    if (batch.empty()) return std::nullopt;
    return batch;
  };
  // Delivered batches come back to be filled again (at most kSpareBatches of them): a game's
  // text buffer and record were allocated and built per game, the larger part of the cost of
  // a file of bare results on two threads.
  std::mutex spare_mutex;
  std::vector<std::vector<ProcessedGame>> spare;
  std::function<std::vector<ProcessedGame>(std::vector<GameJob>&)> process = [&](std::vector<GameJob>& batch) {
    std::vector<ProcessedGame> out;
    {
      std::lock_guard lock(spare_mutex);
      if (!spare.empty()) {
        out = std::move(spare.back());
        spare.pop_back();
      }
    }
    out.resize(batch.size());
    // Each step over the whole batch before the next (read, interpret, work): a game's steps in
    // turn did not stay in the first-level instruction cache together (bench/RESULTS.md).
    for (std::size_t i = 0; i < batch.size(); ++i) {
      Visitor* writer = direct ? direct(out[i]) : nullptr;
      // Under --from auto, interpret_game() may not need the general reader's reading as English.
      read_job(batch[i], out[i].record, options, writer, from.auto_detect);
      // The bytes now live in the record; the job holds the record's old buffer, kept for the
      // next cut when it is small.
      if (batch[i].bytes.capacity() > kSpareText) ByteBuffer().swap(batch[i].bytes);
    }
    for (std::size_t i = 0; i < batch.size(); ++i) interpret_game(out[i].record, options, from);
    if (work)
      for (std::size_t i = 0; i < batch.size(); ++i) work(out[i]);
    {
      std::lock_guard lock(spare_jobs_mutex);
      if (spare_jobs.size() < kSpareBatches) spare_jobs.push_back(std::move(batch));
    }
    return out;
  };
  std::function<void(std::vector<ProcessedGame>&)> deliver = [&](std::vector<ProcessedGame>& games) {
    for (ProcessedGame& g : games) {
      sink(g);
      make_spare(g);
    }
    std::lock_guard lock(spare_mutex);
    if (spare.size() < kSpareBatches) spare.push_back(std::move(games));
  };
  // One job on a compressed input: cut on this thread, read on one worker (Schedule::Produce).
  const bool overlap = effective_jobs(jobs) <= 1 && options.overlap_cutting;
  if (effective_jobs(jobs) <= 1 && !overlap) {
    // One thread: the same batches, with no queue; each step over a whole batch before the next.
    // Game by game, the code of the steps did not stay in the first-level instruction cache
    // together: 4.7 M misses on a 4 MB archive's `convert`, 2.1 M in batches.
    while (std::optional<std::vector<GameJob>> batch = cut_batch()) {
      std::vector<ProcessedGame> games = process(*batch);
      deliver(games);
    }
    return reader.file_diagnostics();
  }
  // An input shorter than kParallelMinBytes is read on this thread: starting the workers and
  // handing its games between threads cost more than the second core gives back (a file of 20,000
  // bare results took twice the CPU on two threads, and longer on the clock). Its first batches
  // are cut ahead to find out, no more of them than the workers hold in flight (the memory bound
  // stays theirs: 256 KB of empty games are 87,000 games); a longer input goes to the workers,
  // those batches first.
  const std::size_t in_flight = 4 * static_cast<std::size_t>(effective_jobs(jobs));
  std::deque<std::vector<GameJob>> ahead;
  std::size_t ahead_bytes = 0;
  while (ahead_bytes < kParallelMinBytes && ahead.size() < in_flight) {
    std::optional<std::vector<GameJob>> batch = cut_batch();
    if (!batch) {
      for (std::vector<GameJob>& cut : ahead) {
        std::vector<ProcessedGame> games = process(cut);
        deliver(games);
      }
      return reader.file_diagnostics();
    }
    for (const GameJob& job : *batch) ahead_bytes += job.bytes.size();
    ahead.push_back(std::move(*batch));
  }
  std::function<std::optional<std::vector<GameJob>>()> next = [&]() -> std::optional<std::vector<GameJob>> {
    if (ahead.empty()) return cut_batch();
    std::vector<GameJob> batch = std::move(ahead.front());
    ahead.pop_front();
    return batch;
  };
  run_ordered<std::vector<GameJob>, std::vector<ProcessedGame>>(
      next, process, deliver, BatchOptions{jobs, in_flight, overlap ? Schedule::Produce : Schedule::Pull});
  return reader.file_diagnostics();
}

}  // namespace planilla
