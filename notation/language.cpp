// Lookup of language rows by code. Codes are ASCII, so the comparison folds ASCII case only; no
// ICU is needed on this path.
#include <string_view>

#include "notation/language.hpp"

namespace planilla {
namespace {

char fold_code_char(char c) {
  if (c >= 'A' && c <= 'Z') return static_cast<char>(c - 'A' + 'a');
  if (c == '_') return '-';  // locale spellings: sr_Cyrl, pt_BR
  return c;
}

bool code_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (fold_code_char(a[i]) != fold_code_char(b[i])) return false;
  }
  return true;
}

// Spellings people pass that name a row under another code.
struct Alias {
  std::string_view alias;
  std::string_view code;
};
constexpr Alias kAliases[] = {
    {"nb", "no"}, {"nn", "no"}, {"sr-latn", "sr"}, {"ua", "uk"}, {"cz", "cs"},
};

const Language* find_exact(std::string_view code) {
  for (const Language& language : all_languages()) {
    if (code_equal(language.code, code)) return &language;
  }
  return nullptr;
}

}  // namespace

const Language* find_language(std::string_view code) {
  if (const Language* found = find_exact(code)) return found;
  for (const Alias& alias : kAliases) {
    if (code_equal(alias.alias, code)) return find_exact(alias.code);
  }
  return nullptr;
}

}  // namespace planilla
