// Language detection by legality (`--from auto`): a game is read in English first; when some
// move does not resolve, it is read again under the other letter sets, the most likely first
// (by how many tokens start with their piece letters), and the reading under which every move
// resolves wins. If none does, the reading that gets furthest is kept, so the diagnostics are
// about the game's real language. Readings under which every move resolves are ranked by the
// leniency they needed (a pawn letter, a lower-case piece letter, letters of another language,
// look-alike characters, a check or mate mark on a move that gives none): fewer first, English
// winning every tie it is part of. Two equally lenient readings that give different moves get
// W-READING-AMBIGUOUS (issue 18: a short fragment can be legal in several languages).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "converters/pgn/reader.hpp"
#include "notation/spec.hpp"

namespace planilla {

// Languages to try for a game's text, most likely first; English is always included.
std::vector<const Language*> candidate_languages(std::string_view game_text);

// The distinct beginnings (two code points) of the main-line tokens of `game_text` that begin
// with a capital other than castling's O or with a non-ASCII character, in order of first
// appearance: what the tie check between letter sets asks of a clean game (interpret_game). The
// reader's fast lane notes the same while reading (LaneNotes); tests compare the two.
// Example: lettered_prefixes_of("[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *") == {"Nf", "Nc", "Bb"}.
std::vector<std::string> lettered_prefixes_of(std::string_view game_text);

// What `--from auto` decided for one game.
struct LanguageDetection {
  const Language* language = nullptr;  // the letters the game was read with; nullptr: descriptive
  // Other letter sets under which every move is legal too (one representative each), whatever
  // moves they gave and leniency they needed. Empty when the reading is unique.
  std::vector<const Language*> ties;
  bool clean = false;  // every move of the kept reading resolved
  // The reading was chosen without the first letters' full reading, which read_job() had
  // deferred (GameRecord::deferred): another letter set's clean reading was evident.
  bool evident = false;
};

// Reads the next game from `reader` (whose options name the default language) as `from` says:
// algebraic in one language, descriptive in one dialect, or `auto`: a game with move errors is
// re-read under the candidate letter sets, then as English, Spanish and French descriptive; a
// game that reads legally is re-read under the other letter sets that know all its piece
// letters: the reading that needed the least leniency wins, English wins its ties, the pieces'
// move frequencies break the others. The choice is GameRecord::reading, reported as an
// N-LANGUAGE note (naming the letter set when languages share one, and what each other clean
// reading gave) whose `written` field holds the chosen language code ("descriptive:…" for
// descriptive readings). Two equally lenient readings with different moves add
// W-READING-AMBIGUOUS at the first ply they differ and a comment before the game's first move.
// Every move error of the main line gets suggestions (add_suggestions). `detection`, when
// given, says what was chosen.
// Errors: none beyond the record's diagnostics; false at the end of the input.
// Example: a game "1. e4 e5 2. Cf3 Cc6 3. Ab5" is read with the Spanish letters (letter set
//          es/it/ca) and an N-LANGUAGE note.
bool read_next_game(PgnReader& reader, GameRecord& record, const ReadOptions& options, const NotationSpec& from);
// The part of read_next_game after the reader: descriptive reading, language detection,
// suggestions. Thread-safe (the parallel pipelines call it on the workers).
void interpret_game(GameRecord& record, const ReadOptions& options, const NotationSpec& from,
                    LanguageDetection* detection = nullptr);
bool read_next_game(PgnReader& reader, GameRecord& record, const ReadOptions& options, const NotationSpec& from,
                    LanguageDetection* detection);

// `raw` read again as `like` was (its number, offset, line and encoding) with the letters of
// `language`: detection's re-readings under other letter sets, and the repair's re-reading of a
// game's repaired bytes.
// `lane_move_error`, when given (and the options have no fallback letters), is set when the fast
// lane stopped at a move its resolver rejects (LaneNotes::declined_at_move_error), and the game is
// then not read further: the general reader would report a move error there, so the reading is
// not clean, which is all a caller asking this wants to know. The record returned is then empty.
// Errors: none beyond the record's diagnostics.
GameRecord read_as(const RawGame& raw, const GameRecord& like, const ReadOptions& options, const Language* language,
                   bool* lane_move_error = nullptr);

// Gives a game read without its model (ReadOptions::keep_model off: no moves kept, and of the
// tags only White, Black and Event) that has a diagnostic on a main-line move its model, reading
// it again with the letters it was read with; a report that shows a diagnostic's position and
// players needs it for those games only (a game-level note, as N-ENCODING on every game of a
// code-page archive, needs the players alone).
// Errors: none; other games are left as they are.
void model_if_diagnosed(GameRecord& record, const ReadOptions& options);

// The fallback letters `--from auto` reads a game of `chosen` with when it still has move errors
// (ReadOptions::fallback_languages): English first, then the other letter sets by the evidence
// for them in `game_text`; never `chosen`'s own letter set.
// Errors: none. Example: mixed_fallback_languages(text, *find_language("es")).front() == &english().
std::vector<const Language*> mixed_fallback_languages(std::string_view game_text, const Language& chosen);

// The letters a record's moves were read in (GameRecord::reading): what detection chose, else the
// options' language, else English; nullptr when the game was read as descriptive notation.
// Errors: none. Example: after reading a Spanish game with --from auto, record_language(r)->code == "es".
const Language* record_language(const GameRecord& record);

// Fills the suggestions of every E-ILLEGAL / E-SYNTAX / E-AMBIGUOUS / E-PROMOTION diagnostic of
// the main line (best first; Diagnostic::suggestion_evident parallel), reading the tokens in the
// record's language; the SAN is written with `suggestion_language`'s letters (nullptr: English),
// so a front end can choose the language of its messages.
// Errors: none. Example: a game whose 3rd ply "Nf4" is illegal gets suggestions {"Nf3", …}.
void add_suggestions(GameRecord& record, const ReadOptions& options, const Language* suggestion_language = nullptr);

}  // namespace planilla
