// Language detection by legality (`--from auto`): a game is read in English first; when some
// move does not resolve, it is read again under the other letter sets, the most likely first
// (by how many tokens start with their piece letters), and the reading under which every move
// resolves wins. If none does, the reading that gets furthest is kept, so the diagnostics are
// about the game's real language.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "converters/reader.hpp"
#include "converters/spec.hpp"

namespace planilla {

// Languages to try for a game's text, most likely first; English is always included.
std::vector<const Language*> candidate_languages(std::string_view game_text);

// Reads the next game from `reader` (whose options name the default language) as `from` says:
// algebraic in one language, descriptive in one dialect, or `auto`: a game with move errors is
// re-read under the candidate letter sets, then as English, Spanish and French descriptive; the
// chosen reading is reported as an N-LANGUAGE note (naming the letter set when languages share
// one).
bool read_next_game(PgnReader& reader, GameRecord& record, const ReadOptions& options, const NotationSpec& from);

}  // namespace planilla
