#include "converters/run/convert.hpp"

#include <ostream>

#include "converters/arbiter/detect.hpp"
#include "converters/arbiter/repair.hpp"
#include "converters/pgn/descriptive_io.hpp"
#include "converters/run/pipeline.hpp"

namespace planilla {

void append_spoken(std::string& out, const Game& game, const WriteOptions& options) {
  std::string white = game.tag("White") ? *game.tag("White") : "?";
  std::string black = game.tag("Black") ? *game.tag("Black") : "?";
  out += white + " - " + black + "\n";
  Position pos = game.start;
  for (const MoveNode& node : game.main.moves) {
    if (!node.move) break;
    out += std::to_string(pos.fullmove_number());
    out += pos.side_to_move() == Color::White ? ". " : "... ";
    append_move(out, pos, node.move, options);
    out += '\n';
    pos.play(node.move);
  }
  out += result_text(game.result);
  out += "\n\n";
}

RunStats convert(std::istream& in, std::ostream& out, const ConvertOptions& options,
                 const ConvertDiagnosticSink& sink) {
  RunStats stats;
  PgnWriteOptions write = options.write;
  write.moves.language = options.to.language ? options.to.language : &english();
  write.moves.style = options.to.style;

  // PGN output of the games the reader's fast lane takes is written while they are read (no
  // model to build and replay); the other styles write from the model.
  const StyleLayout layout = style_layout(options.to.style);
  const bool pgn_out = layout == StyleLayout::Pgn;
  DirectWriter direct;
  ReadOptions read = options.read;
  if (pgn_out) {
    direct = [&write](ProcessedGame& g) -> Visitor* { return &PgnWriter::for_thread(g.text, write); };
    read.keep_model = false;
  }
  // Repairs and writing run on the workers; counting, reporting and output in input order.
  GameWork work = [&](ProcessedGame& g) {
    GameRecord& record = g.record;
    if (record.direct_visited) return;  // written already (the fast lane reports no errors)
    g.text.clear();                     // a prefix the direct writer saw before the fast lane gave the game up
    if (record.stopped_early()) {
      // Read only to a limit or not at all, the model holds part of the game or none of it:
      // written from it, the rest would be lost (a 20 MB game, or a tag line with no quotes,
      // was an empty Seven Tag Roster), or a game invented around text that is none. The game
      // is kept as written instead, byte for byte, after `;` lines that say why, as in
      // normalize's rejects.
      g.text = reject_header(record);
      g.text += encode("; not converted, kept as written\n", record.encoding);
      g.then_original = true;
      return;
    }
    if (options.repair_evident && record.has_errors()) {
      std::vector<Diagnostic> repairs;
      apply_evident_repairs(record, options.read, repairs);
    }
    switch (layout) {
      case StyleLayout::Spoken: append_spoken(g.text, record.game, write.moves); break;
      case StyleLayout::Descriptive:
        append_descriptive_pgn(g.text, record.game, *descriptive_style(options.to), write);
        break;
      case StyleLayout::Pgn:
      case StyleLayout::ReadOnly: append_pgn(g.text, record.game, write); break;
    }
  };
  GameSink deliver = [&](ProcessedGame& g) {
    const GameRecord& record = g.record;
    stats.count(record);
    if (sink && !record.diagnostics.empty()) sink(record);
    out << g.text;
    if (g.then_original) out << record.original << encode("\n\n", record.encoding);
    if (options.on_each_game) options.on_each_game(record);
  };
  std::vector<Diagnostic> file_diags = run_pipeline(in, read, options.from, options.jobs, work, deliver, direct);
  if (!file_diags.empty()) {
    GameRecord file_level;
    file_level.diagnostics = std::move(file_diags);
    stats.errors += file_level.diagnostics.size();
    if (sink) sink(file_level);
  }
  return stats;
}

}  // namespace planilla
