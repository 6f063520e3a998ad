#include "notation/style.hpp"

#include <algorithm>

namespace planilla {

std::string style_names(std::span<const StyleLayout> layouts) {
  std::string with_language, alone;
  for (const StyleRow& row : kStyleTable) {
    if (row.name.empty() || std::find(layouts.begin(), layouts.end(), row.layout) == layouts.end()) continue;
    std::string& list = row.needs_language ? with_language : alone;
    if (!list.empty()) list += ' ';
    list += row.name;
  }
  return with_language + " (after LANG:), " + alone + " (alone)";
}

}  // namespace planilla
