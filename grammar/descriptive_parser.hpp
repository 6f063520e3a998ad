// Text → DescriptiveMove (English, Spanish or French descriptive), and a whole score → moves
// resolved on the board. No board is consulted while parsing; read_descriptive_game then hands
// the moves to resolve_descriptive_game (notation/descriptive.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.hpp"
#include "board/result.hpp"
#include "notation/descriptive.hpp"
#include "notation/diagnostic.hpp"

namespace planilla {

struct DescriptiveSyntaxError {
  std::uint32_t offset = 0;  // byte offset inside the token where reading stopped
  std::string message;
};

struct ParsedDescriptive {
  DescriptiveMove move;
  std::size_t length = 0;  // bytes of `text` the move took, suffixes included
};

// Reads the longest move at the start of `text` (no leading space). Spaces inside the move are
// allowed in English ("K R - Kt 1"); two spaces end it. The longest move may take the start of
// the next one in single-spaced text ("QxB PxP" → "QxB P"): read_descriptive_score handles that.
// Errors: nullopt when no move starts here.
// Example: parse_descriptive_prefix("P - Q 4   P - Q 4", English) → P-Q4, length 7.
std::optional<ParsedDescriptive> parse_descriptive_prefix(std::string_view text, DescriptiveDialect dialect,
                                                          std::uint64_t base_offset = 0);

// Every move that can be read at the start of `text`, longest first: parse_descriptive_prefix's,
// and each prefix ending at a blank of the same column that reads completely (the greedy parse
// can be too long, "QxB PxP" → "QxB P", or too short, "QxQN 33" → "QxQ"). Which is right
// depends on what follows. Example: parse_descriptive_prefixes("QxB PxP", English) → "QxB P"
// (length 5), "QxB" (length 3).
std::vector<ParsedDescriptive> parse_descriptive_prefixes(std::string_view text, DescriptiveDialect dialect,
                                                          std::uint64_t base_offset = 0);

// Reads exactly one move; surrounding spaces are allowed, anything else is an error.
// Errors: DescriptiveSyntaxError with the offset where the move could not continue.
// Example: parse_descriptive("C3AR", Spanish) → knight to KB3.
Result<DescriptiveMove, DescriptiveSyntaxError> parse_descriptive(std::string_view token, DescriptiveDialect dialect,
                                                                  std::uint64_t base_offset = 0);

struct DescriptiveScore {
  std::vector<DescriptiveMove> moves;   // spans are byte ranges in the text given
  std::vector<Diagnostic> diagnostics;  // E-SYNTAX where reading stopped
  std::string result;                   // "Resigns", "1-0", … when the score ends with one
  bool stopped_early = false;           // a token that is no move ended the score
};

// Splits a score into moves: move numbers ("12.", "12 ...", "4 ........"), commas and
// semicolons between moves, annotation glyphs, `{…}` comments and `[…]` markers are skipped;
// a result word ("Resigns", "1-0", "abandonan") ends the score; any other token stops reading
// with an E-SYNTAX diagnostic.
// A move may contain single spaces ("P - Q B 4"), so single-spaced text can split in several
// ways ("QxB PxP": "QxB" + "PxP", or "QxB P" + the unreadable "xP"). Every split is considered;
// one that reads to the end (or, when none does, furthest) is kept, preferring the longer move
// where two splits both read. No board is used: read_descriptive_game lets the board choose.
// Example: read_descriptive_score("1. P-K4 P-K4 2. Kt-KB3", English).moves.size() == 3.
DescriptiveScore read_descriptive_score(std::string_view text, DescriptiveDialect dialect);

struct DescriptiveGame {
  DescriptiveScore score;
  DescriptiveGameResult resolution;
};

// Reads a score and resolves it on the board from `start`: the beam search of
// resolve_descriptive_game runs over every split of the text into moves as well as over every
// reading of each move, and keeps the split under which the whole score is legal (the longer
// move first when several are; a W-DESC-AMBIGUOUS warning in score.diagnostics names where
// they part). score.moves is the split kept; resolution is resolve_descriptive_game on it.
// Errors: as diagnostics in score and resolution; `resolution.complete` says if every move
// resolved. Example: read_descriptive_game("1. P4R P4R 2. C3AR C3AD", Spanish, startpos).
DescriptiveGame read_descriptive_game(std::string_view text, DescriptiveDialect dialect, const Position& start);

struct DescriptiveReadOptions {
  bool collapse_spaces = false;  // a book's score: runs of spaces inside a move are one (a named repair)
};

// English text is first rewritten by normalize_descriptive_print (grammar/descriptive_print.hpp):
// old print's tolerances, each a named repair (N-DESC-REPAIR with what was assumed); spans and
// diagnostics refer to the original text.
DescriptiveGame read_descriptive_game(std::string_view text, DescriptiveDialect dialect, const Position& start,
                                      const DescriptiveReadOptions& options);

// The same without the print rewrite (the grammar alone).
DescriptiveGame read_descriptive_game_raw(std::string_view text, DescriptiveDialect dialect, const Position& start);
DescriptiveScore read_descriptive_score_raw(std::string_view text, DescriptiveDialect dialect);

}  // namespace planilla
