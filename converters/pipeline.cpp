#include "converters/pipeline.hpp"

#include "converters/batch.hpp"

namespace planilla {

std::vector<Diagnostic> run_pipeline(std::istream& in, const ReadOptions& options, const NotationSpec& from,
                                     unsigned jobs, const GameWork& work, const GameSink& sink) {
  PgnReader reader(in, options);
  std::function<std::optional<GameJob>()> next = [&]() -> std::optional<GameJob> {
    GameJob job;
    if (!reader.next_job(job)) return std::nullopt;
    return job;
  };
  std::function<ProcessedGame(GameJob&)> process = [&](GameJob& job) {
    ProcessedGame g;
    read_job(job, g.record, options);
    interpret_game(g.record, options, from);
    if (work) work(g);
    return g;
  };
  std::function<void(ProcessedGame&)> deliver = [&](ProcessedGame& g) { sink(g); };
  run_ordered<GameJob, ProcessedGame>(next, process, deliver, BatchOptions{jobs, 0});
  return reader.file_diagnostics();
}

}  // namespace planilla
