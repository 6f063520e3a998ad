#include "converters/report/report_writer.hpp"

namespace planilla {

std::string_view severity_word(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

MovePlace place_of_ply(const Game& game, std::uint32_t ply) {
  MovePlace place;
  if (ply == 0) return place;
  std::uint32_t offset = game.start.side_to_move() == Color::Black ? 1 : 0;
  std::uint32_t index = ply - 1 + offset;
  place.move_number = static_cast<std::uint32_t>(game.start.fullmove_number()) + index / 2;
  place.side = index % 2 == 0 ? Color::White : Color::Black;
  return place;
}

std::string game_label(const Diagnostic& d, const GameRecord* record) {
  std::string label = "game " + std::to_string(d.game);
  if (d.ply != 0 && record != nullptr) {
    MovePlace place = place_of_ply(record->game, d.ply);
    label += ", move " + std::to_string(place.move_number) + (place.side == Color::White ? " (White)" : " (Black)");
    if (d.variation != 0) label += " in variation " + std::to_string(d.variation);
  }
  return label;
}

std::string summary_line(const CheckSummary& s) {
  std::string line = "summary: " + std::to_string(s.files) + (s.files == 1 ? " file, " : " files, ") +
                     std::to_string(s.games) + (s.games == 1 ? " game, " : " games, ") + std::to_string(s.moves) +
                     " moves; " + std::to_string(s.errors) + (s.errors == 1 ? " error, " : " errors, ") +
                     std::to_string(s.warnings) + (s.warnings == 1 ? " warning" : " warnings");
  if (!s.by_code.empty()) {
    line += " (";
    bool first = true;
    for (const auto& [code, n] : s.by_code) {
      if (code.rfind("N-", 0) == 0) continue;  // notes are not problems
      line += (first ? "" : ", ") + code + " " + std::to_string(n);
      first = false;
    }
    line += ")";
    if (first) line.resize(line.size() - 3);  // only notes: drop " ()"
  }
  if (s.hidden > 0) line += "; " + std::to_string(s.hidden) + " not shown (--warnings all to see them)";
  if (s.files_skipped > 0)
    line += "; " + std::to_string(s.files_skipped) + (s.files_skipped == 1 ? " file" : " files") +
            " skipped (not PGN; --include GLOB reads them)";
  return line;
}

}  // namespace planilla
