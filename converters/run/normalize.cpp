#include "converters/run/normalize.hpp"

#include "converters/arbiter/detect.hpp"
#include "converters/run/pipeline.hpp"

#include <istream>
#include <ostream>

namespace planilla {

std::string reject_text(const GameRecord& record) {
  std::string out = reject_header(record);
  out += record.original;
  // The blank line separates it from the next reject, in the game's encoding too.
  out += encode("\n\n", record.encoding);
  return out;
}

RunStats normalize(std::istream& in, std::ostream& out, std::ostream* rejects, const NormalizeOptions& options,
                   const DiagnosticSink& sink) {
  RunStats stats;
  // Writing (or the reject text) is prepared on the workers; output goes out in input order.
  // The games the reader's fast lane takes (no errors) are written while they are read: no
  // model to build and replay.
  DirectWriter direct = [&options](ProcessedGame& g) -> Visitor* {
    return &PgnWriter::for_thread(g.text, options.write);
  };
  ReadOptions read = options.read;
  read.keep_model = false;
  GameWork work = [&](ProcessedGame& g) {
    if (g.record.direct_visited) return;  // written already
    // Only the `;` lines: the original bytes go straight from the record to the rejects stream,
    // so a 100 MB game is not copied once more (the memory bound is one game plus 64 MiB).
    if (g.record.has_errors()) g.text = reject_header(g.record);
    else {
      g.text.clear();  // a prefix the direct writer saw before the fast lane gave the game up
      append_pgn(g.text, g.record.game, options.write);
    }
  };
  GameSink deliver = [&](ProcessedGame& g) {
    const GameRecord& record = g.record;
    stats.count(record);
    if (sink)
      for (const Diagnostic& d : record.diagnostics) sink(d);
    if (options.on_game && !record.diagnostics.empty()) options.on_game(record);
    if (record.has_errors()) {
      ++stats.rejected;
      if (rejects) *rejects << g.text << record.original << encode("\n\n", record.encoding);
      return;
    }
    out << g.text;
    ++stats.written;
  };
  run_pipeline(in, read, options.from, options.jobs, work, deliver, direct);
  return stats;
}

}  // namespace planilla
