#include "converters/pgn/variant.hpp"

#include <string>

namespace planilla {

namespace {

std::string lower_compact(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == ' ' || c == '-' || c == '_' || c == '\t') continue;
    out.push_back((c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return out;
}

}  // namespace

VariantKind classify_variant(std::string_view value) {
  std::string v = lower_compact(value);
  // (Freestyle Chess: the name of FIDE's and the Freestyle Chess tour's events since 2024; 9LX:
  // the Saint Louis Chess Club's Champions Showdown.)
  static constexpr std::string_view k960[] = {"chess960",           "960", "fischerandom", "fischerrandom",
                                              "fischerrandomchess", "frc", "chess960frc",  "freestyle",
                                              "freestylechess",     "9lx", "chess9lx"};
  static constexpr std::string_view kStandard[] = {"",        "standard", "normal",    "chess", "fromposition",
                                                   "regular", "orthodox", "classical", "?"};
  for (std::string_view s : k960)
    if (v == s) return VariantKind::Chess960;
  for (std::string_view s : kStandard)
    if (v == s) return VariantKind::Standard;
  return VariantKind::Unsupported;
}

}  // namespace planilla
