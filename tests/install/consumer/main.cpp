// A Spanish line read token by token, each move checked on the board and written in German.
#include <iostream>

#include "grammar/move_parser.hpp"
#include "notation/resolve.hpp"
#include "notation/write.hpp"

using namespace planilla;

int main() {
  Position pos = Position::startpos();
  for (const char* token : {"e4", "e5", "Cf3", "Cc6", "Ab5", "Dh5"}) {
    auto parsed = parse_move(token, *find_language("es"));  // text → a value; no board involved
    if (!parsed) return 2;                                  // parsed.error().message says why
    auto resolved = resolve(parsed->move, pos);             // the one legal move, or why not
    if (!resolved) {
      std::cout << "| " << resolved.error().message << "\n";  // messages are in English
      return 1;
    }
    std::cout << write_move(pos, resolved->move, {.language = find_language("de")}) << " ";
    pos.play(resolved->move);
  }
}
