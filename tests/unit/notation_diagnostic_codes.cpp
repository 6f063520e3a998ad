// The code registry: names are unique, stable in form, their severity matches their prefix, and
// every code is documented in the README's table.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "notation/diagnostic.hpp"

using namespace planilla;

namespace {
// Every enumerator: the registry is dense from 0 and code_name() answers "E-UNKNOWN" past it.
std::vector<Code> all_codes() {
  std::vector<Code> codes;
  for (int i = 0; i < 256; ++i) {
    auto c = static_cast<Code>(i);
    if (code_name(c) == "E-UNKNOWN") break;
    codes.push_back(c);
  }
  return codes;
}
}  // namespace

TEST_CASE("diagnostic codes: unique names with a prefix matching the severity") {
  auto codes = all_codes();
  REQUIRE(codes.size() >= 30);
  std::set<std::string_view> names;
  for (Code c : codes) {
    std::string_view name = code_name(c);
    CAPTURE(name);
    CHECK(names.insert(name).second);
    REQUIRE(name.size() > 2);
    CHECK(name[1] == '-');
    switch (code_severity(c)) {
      case Severity::Error: CHECK(name[0] == 'E'); break;
      case Severity::Warning: CHECK(name[0] == 'W'); break;
      case Severity::Note: CHECK(name[0] == 'N'); break;
    }
  }
}

TEST_CASE("every diagnostic code is documented in the README") {
  std::ifstream f(std::string(PLANILLA_SOURCE_DIR) + "/README.md");
  REQUIRE(f.good());
  std::string readme((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  for (Code c : all_codes()) {
    std::string row = "| `" + std::string(code_name(c)) + "` |";
    CAPTURE(row);
    CHECK(readme.find(row) != std::string::npos);
  }
}
