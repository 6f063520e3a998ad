// Suggestions for the moves of a game that do not resolve: what was probably meant, best first,
// each marked evident or not (notation/suggest.hpp decides; this file feeds it the game's text).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "converters/pgn/reader.hpp"
#include "notation/suggest.hpp"

namespace planilla {

// The string form of notation/suggest.hpp's suggest(): parses `written`, `following` and
// `preceding` with `language` (any algebraic style) and asks for suggestions; the look-ahead
// stops at the first following token that does not parse, the look-back at the last preceding
// one that does not.
// Errors: none; empty when nothing legal is close to the writing.
// Example: suggest_text(startpos, "Nf4", english(), {"e5", "Bc4"}) → first Nf3 (one rank off),
//          evident (Nh3 is as close by text but 2.Bc4 … still replays; Nc3 and Nf3 do too, and
//          only Nf3 is that close).
std::vector<Suggestion> suggest_text(const Position& before, std::string_view written, const Language& language,
                                     std::span<const std::string_view> following, const SuggestOptions& options = {},
                                     std::span<const std::string_view> preceding = {});

// The written move tokens of a game's movetext from `offset` (a byte offset in `text`) on: move
// numbers (`12.`, `12...`), comments (`{…}`, `;…`), variations (`( … )`), NAGs (`$n`) and results
// are skipped. A simple look-ahead tokenizer, for text the model does not hold.
// Errors: none. Example: tokens_from("1. e4 {good} e5 (1... c5) 2. Nf3 1-0", 0) → e4 e5 Nf3.
std::vector<std::string> tokens_from(std::string_view text, std::size_t offset);

// Fills Diagnostic::suggestions / suggestion_evident (best first) of every E-ILLEGAL, E-SYNTAX,
// E-AMBIGUOUS and E-PROMOTION diagnostic of the main line, reading the tokens in `language` and
// writing the suggestions' SAN with `san_language`'s letters (nullptr: `language`'s).
// Errors: none; a diagnostic whose ply cannot be placed in the main line gets no suggestions.
void fill_suggestions(GameRecord& record, const Language& language, const ResolveOptions& resolve,
                      const Language* san_language = nullptr);

// Where the main line stands just before `ply` (1-based; one past the last move: after the
// game's moves), replaying the model's moves; nullopt when some earlier move did not resolve.
std::optional<Position> position_before(const Game& game, std::uint32_t ply);

// The parsed written moves after `ply` (the look-ahead), up to the first token the grammar did
// not read, at most `limit`.
std::vector<WrittenMove> following_moves(const GameRecord& record, std::uint32_t ply, const Language& language,
                                         std::size_t limit);

struct SuggestionsAt {
  std::vector<Suggestion> found;  // best first (notation/suggest.hpp)
  std::size_t repeated = 0;       // repeated_line() of the written move: 0, 1, 2 or 4
};

// suggest() for the main-line move `ply` (1-based) of `record`, on `before`, the position before
// it: its written token, the written moves after it (following_moves()) and the ones before it,
// read with `language`. The one place fill_suggestions() and `--repair evident` ask.
SuggestionsAt suggest_at(const GameRecord& record, std::uint32_t ply, const Position& before, const Language& language,
                         const SuggestOptions& options);

}  // namespace planilla
