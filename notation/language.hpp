// Languages as data: one row per language (notation/languages.cpp). Adding a language is adding
// a row and a test; the move grammar matches piece letters against the active row at run time.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "board/types.hpp"

namespace planilla {

struct Language {
  std::string_view code;  // ISO 639-1, with a script subtag where needed: "en", "sr", "sr-Cyrl"
  std::string_view name;  // English name: "Spanish"

  // Canonical piece letter per PieceType (index_of(PieceType)), UTF-8, written by the writers.
  // The pawn's entry is the letter used where a pawn letter is written at all (descriptive,
  // some scoresheets); "" when the language has none.
  std::array<std::string_view, kPieceTypes> letters;
  // Further accepted spellings per piece, '|'-separated ("Kt" for the English knight); "" none.
  std::array<std::string_view, kPieceTypes> alternates;
  // Piece names for the spoken style and for messages: "caballo".
  std::array<std::string_view, kPieceTypes> words;

  // Languages with identical letters share a letter set (es/it/ca; de/sv/da/no; sr/hr/sl):
  // detection by legality can only name the set.
  std::string_view letter_set;

  bool double_plus_is_double_check = false;     // "++" = double check (ru, uk, cs, zh) instead of mate
  std::string_view en_passant_marker = "e.p.";  // canonical marker written for this language
  std::string_view castle_short_word{};         // "enroque corto" (spoken style); "" none
  std::string_view castle_long_word{};
  // Phonetic file names for the spoken style (FIDE: Anna, Bella, …); empty when none.
  std::array<std::string_view, 8> file_words{};

  // `X` (Latin or Cyrillic Х) written after a move means mate (ru, uk, cs). Elsewhere a capital X
  // is at most a capture sign (English descriptive `PXP`), never a suffix.
  bool x_is_mate = false;
};

// Asks `pred` of each way `lang` writes the piece of index `piece` (index_of(PieceType)): its
// letter, then each '|'-separated alternate, empty ones skipped; true as soon as `pred` is.
// Example: any_spelling(english(), index_of(PieceType::Knight), [](auto s) { return s == "Kt"; }).
template <class Pred>
bool any_spelling(const Language& lang, std::size_t piece, Pred&& pred) {
  if (!lang.letters[piece].empty() && pred(lang.letters[piece])) return true;
  for (std::string_view rest = lang.alternates[piece]; !rest.empty();) {
    const std::size_t bar = rest.find('|');
    if (const std::string_view spelling = rest.substr(0, bar); !spelling.empty() && pred(spelling)) return true;
    rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
  }
  return false;
}

// Every language row, in a stable order (English first).
// Errors: none. Example: all_languages().front().code == "en".
std::span<const Language> all_languages();
// Case-insensitive lookup by code ("ES", "sr-cyrl"); `_` is read as `-`, and the aliases "nb"/"nn"
// (Norwegian), "sr-Latn" and "ua" are understood.
// Errors: none; nullptr when the code is unknown.
// Example: find_language("SR_cyrl")->name == "Serbian (Cyrillic)".
const Language* find_language(std::string_view code);
// The English row (FIDE Appendix C letters), the default everywhere.
// Example: english().letters[index_of(PieceType::Knight)] == "N".
const Language& english();

// The index of `lang` among all_languages(); nullopt for a caller's own row.
// Example: language_row(english()) == 0.
std::optional<std::size_t> language_row(const Language& lang);

// `make(lang)`, kept: for the table's rows made once (all of them, the first time one is asked),
// for a caller's own row made each time it is asked and kept per thread until the next such ask
// (a row made where another had been must not find that one's value). Each call site keeps its
// own values, keyed by `make`'s type: a lambda (a function pointer would share them with every
// function of its signature). For what a hot loop asks of a language again and again (the fast
// lane's letter table, once per game).
// Example: per_language(english(), [](const Language& l) { return l.code.size(); }) == 2.
template <class Make>
const auto& per_language(const Language& lang, Make make) {
  static_assert(std::is_class_v<Make>, "per_language keeps its values by the type of `make`: pass a lambda");
  using Value = std::decay_t<decltype(make(lang))>;
  static const std::vector<Value> rows = [&make] {
    std::vector<Value> out;
    for (const Language& l : all_languages()) out.push_back(make(l));
    return out;
  }();
  if (const std::optional<std::size_t> row = language_row(lang)) return rows[*row];
  thread_local Value own;
  own = make(lang);
  return own;
}

}  // namespace planilla
