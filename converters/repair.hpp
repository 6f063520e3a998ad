// The arbiter's eye on a whole game: suggestions for every move that does not resolve, and
// `convert --repair evident`, which applies only the suggestions whose intention is evident
// (FIDE: the single reading consistent with what was written and with the rest of the game).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "converters/reader.hpp"
#include "notation/suggest.hpp"

namespace planilla {

// The string form of notation/suggest.hpp's suggest(): parses `written` and `following` with
// `language` (any algebraic style) and asks for suggestions; the look-ahead stops at the first
// following token that does not parse.
// Errors: none; empty when nothing legal is close to the writing.
// Example: suggest_text(startpos, "Nf4", english(), {"e5", "Bc4"}) → first Nf3 (one rank off),
//          evident (Nh3 is as close by text but 2.Bc4 … still replays; Nc3 and Nf3 do too, and
//          only Nf3 is that close).
std::vector<Suggestion> suggest_text(const Position& before, std::string_view written, const Language& language,
                                     std::span<const std::string_view> following, const SuggestOptions& options = {});

// The written move tokens of a game's movetext from `offset` (a byte offset in `text`) on: move
// numbers (`12.`, `12...`), comments (`{…}`, `;…`), variations (`( … )`), NAGs (`$n`) and results
// are skipped. A simple look-ahead tokenizer, for text the model does not hold.
// Errors: none. Example: tokens_from("1. e4 {good} e5 (1... c5) 2. Nf3 1-0", 0) → e4 e5 Nf3.
std::vector<std::string> tokens_from(std::string_view text, std::size_t offset);

// Fills Diagnostic::suggestions / suggestion_evident (best first) of every E-ILLEGAL, E-SYNTAX,
// E-AMBIGUOUS and E-PROMOTION diagnostic of the main line, reading the tokens in `language` and
// writing the suggestions' SAN with `san_language`'s letters (nullptr: English).
// Errors: none; a diagnostic whose ply cannot be placed in the main line gets no suggestions.
void fill_suggestions(GameRecord& record, const Language& language, const ResolveOptions& resolve,
                      const Language* san_language = nullptr);

// Replaces each evident error of the main line by its suggestion (a token re-written, two plies
// exchanged, or a missing ply inserted), re-reads the rest of the game, and appends one
// N-REPAIRED diagnostic per repair to `repairs` (and to the record): "move 17 (Black) Txe8 read
// as Rxe8: …". The record keeps its original bytes; its model and diagnostics are those of the
// repaired reading, with byte offsets of the original. Games read as descriptive notation or from
// UTF-16 input are left alone. At most 16 repairs per game.
// Errors: none; returns true when at least one repair was made.
// Example: a game whose 17th black move is written "Txe8" in an English score, where a rook
//          capture on e8 is the only reading that keeps the game legal, is read with Rxe8.
bool apply_evident_repairs(GameRecord& record, const ReadOptions& options, std::vector<Diagnostic>& repairs);

}  // namespace planilla
