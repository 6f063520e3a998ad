// Descriptive notation in the pipelines: reading a game's movetext as descriptive (English,
// Spanish, French) instead of algebraic, and writing a game's movetext in a descriptive style
// with comments, NAGs and variations kept.
#pragma once

#include <string>

#include "converters/pgn/pgn_writer.hpp"
#include "converters/pgn/reader.hpp"
#include "notation/descriptive.hpp"

namespace planilla {

// Re-reads `record` (already read by the PGN reader: tags, start position, original bytes) with
// its movetext as descriptive notation of `dialect`, resolved over the whole score. The main line
// and the move diagnostics are replaced; tags and file-level notes stay. Returns true when every
// move resolved.
bool read_descriptive_record(GameRecord& record, DescriptiveDialect dialect, const ReadOptions& options);
// The codes of the move diagnostics it replaces (the others stay).
bool is_move_level(Code c);

// Appends `game` in PGN export format with its movetext in a descriptive style.
void append_descriptive_pgn(std::string& out, const Game& game, DescriptiveStyle style,
                            const PgnWriteOptions& options = {});

}  // namespace planilla
