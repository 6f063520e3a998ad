#include <iostream>
#include "grammar/move_parser.hpp"
#include "notation/resolve.hpp"
#include "notation/write.hpp"
using namespace planilla;
// A program outside the tree: find_package(planilla), a Spanish move read and written in German.
int main() {
  Position pos = Position::startpos();
  auto parsed = parse_move("Cf3", *find_language("es"));
  auto r = resolve(parsed->move, pos);
  std::cout << write_move(pos, r->move, WriteOptions{find_language("de")}) << "\n";
}
