// Suggestions for a move that does not resolve: the legal moves the writer most likely meant,
// ranked, with FIDE's "evident intention" judgement (Laws of Chess: an arbiter may correct a
// sealed move only when the player's intention is evident).
//
// A suggestion is a hypothesis about the score, not only about one token: a slip in the token
// (file or rank off by one, a neighbouring key, an OCR confusion such as 6/b, 1/l, 0/O, 5/S, 8/B),
// a wrong piece letter (another piece of the language, or the same letter read in another
// language: `R` is a rook in English and a king in Spanish), a rank counted from the other side,
// from/to swapped in a long form, castling written as a king move, two plies transposed, a ply
// missing, or a line written twice (the plies that repeat the ones before them are dropped). Each hypothesis is tested
// by replaying the written tokens that follow it: a reading under which the rest of the game stays legal is far more
// plausible than one under which it breaks at once.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.hpp"
#include "notation/language.hpp"
#include "notation/resolve.hpp"

namespace planilla {

enum class SuggestionKind : std::uint8_t {
  Candidate,          // an ambiguous or promotion-less move: one of the moves it can mean
  Slip,               // one or two characters off (file, rank, neighbouring key, OCR confusion)
  PieceLetter,        // another piece's letter of the language was written
  OtherLanguage,      // the letter means this piece in another language (R: rook / Spanish king)
  RankFromOtherSide,  // the rank counted from the other player's side (e4 for e5)
  SquaresSwapped,     // from and to exchanged in a long form (f3g1 for g1f3)
  CastlingAsKing,     // castling written as a king move the rules do not allow (Kh1, Kg1 in 960)
  Transposed,         // two plies written in the wrong order; `move` is the one to play now
  MissingPly,         // a ply was left out; `move` is the ply to insert before the written one
  RepeatedPlies,      // the written ply and the next ones repeat the plies before them (a line
                      // copied twice); they are dropped and `move`, the ply written after them, is played
  Continuation,       // far from the writing, but the move the rest of the game needs
};

std::string_view suggestion_kind_name(SuggestionKind kind);  // "slip", "missing ply", …

struct Suggestion {
  Move move;         // legal in the position before the written move
  std::string san;   // `move` in SAN with SuggestOptions::san_language's letters
  double score = 0;  // higher is more likely; in (0, 1]
  bool evident = false;
  SuggestionKind kind = SuggestionKind::Slip;
  std::string why;  // "one character off ('Nf4' for Nf3); keeps the next 40 plies legal"
  // How many of the following written plies replay legally under this reading, of how many
  // were looked at (`lookahead`). kept == lookahead: the rest of the game stays legal.
  std::size_t kept = 0;
  std::size_t lookahead = 0;
  // Transposed: the move written as `written` is played one ply (adjacent transposition) or two
  // plies (same side) later; MissingPly: `written` is played right after `move`; RepeatedPlies:
  // how many written plies, from `written` on, repeat the ones before them and are dropped (1, or
  // 2 or 4: whole moves of both sides). 0 otherwise.
  int shift = 0;
};

struct SuggestOptions {
  std::size_t max_lookahead = 400;         // following plies replayed per hypothesis
  std::size_t max_suggestions = 5;         // length of the answer
  const Language* san_language = nullptr;  // letters of Suggestion::san; nullptr = English
  ResolveOptions resolve;                  // how the following tokens are resolved (language ignored)
};

// Proposes what `written` (a token in `language`, not resolving on `before`) most likely meant.
// `written_move` is the token as the grammar read it (nullptr when it did not parse); `following`
// are the written moves after it in the main line, as parsed (the caller stops the span at the
// first token that does not parse). notation/ does not parse text (grammar/ does), so the string
// form of this call, which parses the tokens, is converters/arbiter/repair.hpp's suggest_text().
// Every legal move is tested by look-ahead. Best first: the readings under which every looked-at
// following ply stays legal, then the closest to the writing. A suggestion is evident (FIDE: the
// intention is evident) only when it is close to what was written and it is the single reading
// of all (every legal move, a transposition, a missing ply) under which the following plies stay
// legal; when nothing follows (the game ends there), only when no other reading comes close to
// its writing. Otherwise it is ranked, not marked. For an ambiguous or promotion-less token the
// readings are its candidates (kind Candidate), evident only when one alone keeps the rest legal.
// Pure: no I/O. Bounded: at most (legal moves × 2 + 2) × max_lookahead resolutions.
// Errors: none; empty when no legal move exists or nothing is close to the writing (a reading
// that costs as much as writing every character anew and shares none of them is not close:
// it stays only as a Continuation the rest of the game needs).
// `preceding` are the written moves of the main line before it, the last one last (only the
// last four are looked at): a line written twice (`3. Bb5 a6 3. Bb5 a6 4. Ba4`) is a reading
// only when the written plies equal them, letter for letter but for check marks and glyphs.
// Example: after 1.e4 e5 2.Ke2 Nc6, "Kd4" (no king move reaches d4) with nothing following
//          suggests Kd3 first (one rank off; not evident: Ke3 and Kf3 are as close).
std::vector<Suggestion> suggest(const Position& before, std::string_view written, const WrittenMove* written_move,
                                const Language& language, std::span<const WrittenMove> following,
                                const SuggestOptions& options = {}, std::span<const WrittenMove> preceding = {});

// How many written plies, from `written` on, are a line written twice: with the next ones of
// `following` it repeats the plies just before it in `preceding` (the last one last), letter for
// letter but for check marks and glyphs. 1: the last ply written again; 2: the last move of both
// sides; 4: the last two. 0 when it does not.
// Example: after 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6, "Bb5" followed by "a6 Ba4" → 2.
std::size_t repeated_line(const WrittenMove& written, std::span<const WrittenMove> following,
                          std::span<const WrittenMove> preceding);

}  // namespace planilla
