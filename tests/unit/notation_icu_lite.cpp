// notation/icu_lite.hpp (what the browser build uses instead of ICU) against ICU itself, over
// the ranges the header claims: UTF-8 stepping on every 1-, 2- and 3-byte sequence and on 4-byte
// samples, case mapping and "is a letter" on every code point of the listed blocks, and display
// widths on a table of characters.
#include <doctest/doctest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "notation/icu_lite.hpp"

#if PLANILLA_WITH_ICU
#include <unicode/uchar.h>
#include <unicode/utf8.h>
#endif

using namespace planilla;

namespace {

struct Step {
  UChar32 c;
  std::int32_t i;
  bool operator==(const Step&) const = default;
};

Step lite_step(const std::vector<std::uint8_t>& s) {
  std::int32_t i = 0;
  const UChar32 c = icu_lite::next(s.data(), i, static_cast<std::int32_t>(s.size()));
  return {c < 0 ? -1 : c, i};
}

#if PLANILLA_WITH_ICU
Step icu_step(const std::vector<std::uint8_t>& s) {
  std::int32_t i = 0;
  UChar32 c = 0;
  U8_NEXT(s.data(), i, static_cast<std::int32_t>(s.size()), c);
  return {c < 0 ? -1 : c, i};
}
#endif

// The blocks whose case pairs and letters icu_lite.hpp lists.
const std::vector<std::pair<UChar32, UChar32>> kCaseBlocks = {
    {0x0000, 0x017F},  // ASCII, Latin-1, Latin Extended-A
    {0x0386, 0x03CE},  // Greek (modern letters)
    {0x0400, 0x052F},  // Cyrillic and its supplement
    {0x1E00, 0x1E95},  // Latin Extended Additional (pairs)
    {0x1EA0, 0x1EFF},
};

}  // namespace

TEST_CASE("icu_lite: UTF-8 stepping") {
  // Examples that hold in both builds.
  CHECK(lite_step({'a'}) == Step{'a', 1});
  CHECK(lite_step({0xC3, 0xA9}) == Step{0xE9, 2});                 // é
  CHECK(lite_step({0xD0, 0x9A}) == Step{0x41A, 2});                // К
  CHECK(lite_step({0xF0, 0x9F, 0x98, 0x80}) == Step{0x1F600, 4});  // 😀
  CHECK(lite_step({0xC0, 0x80}) == Step{-1, 1});                   // overlong
  CHECK(lite_step({0xED, 0xA0, 0x80}) == Step{-1, 1});             // surrogate
  CHECK(lite_step({0xE2, 0x82}) == Step{-1, 2});                   // truncated: maximal subpart
  std::int32_t n = 0;
  std::uint8_t buf[4];
  UBool error = false;
  icu_lite::append(buf, n, 4, 0x20AC, error);  // €
  CHECK(!error);
  CHECK(std::vector<std::uint8_t>(buf, buf + n) == std::vector<std::uint8_t>{0xE2, 0x82, 0xAC});
  icu_lite::append(buf, n, 4, 0x41A, error);  // no room left
  CHECK(error);
#if PLANILLA_WITH_ICU
  std::size_t compared = 0, differing = 0;
  auto compare = [&](const std::vector<std::uint8_t>& s) {
    ++compared;
    if (lite_step(s) != icu_step(s)) {
      if (++differing <= 5) FAIL_CHECK("differs from U8_NEXT at " << int(s[0]) << ' ' << s.size());
    }
  };
  for (int a = 0; a < 256; ++a) {
    compare({std::uint8_t(a)});
    for (int b = 0; b < 256; ++b) {
      compare({std::uint8_t(a), std::uint8_t(b)});
      if (a >= 0xE0 && a <= 0xF4)
        for (int c = 0; c < 256; c += (a >= 0xF0 ? 7 : 1)) {
          compare({std::uint8_t(a), std::uint8_t(b), std::uint8_t(c)});
          if (a >= 0xF0) compare({std::uint8_t(a), std::uint8_t(b), std::uint8_t(c), 0x80});
        }
    }
  }
  MESSAGE(compared << " byte sequences compared with ICU's U8_NEXT");
  CHECK(differing == 0);
#endif
}

TEST_CASE("icu_lite: case mapping and letters") {
  CHECK(icu_lite::map_case(U'к', true) == U'К');
  CHECK(icu_lite::map_case(U'Ä', false) == U'ä');
  CHECK(icu_lite::map_case(U'ς', true) == U'Σ');
  CHECK(icu_lite::map_case(U'ß', true) == U'ß');  // no one-to-one upper case
  CHECK(icu_lite::is_letter(U'ж'));
  CHECK(!icu_lite::is_letter(U'×'));
  CHECK(!icu_lite::is_letter(U'5'));
#if PLANILLA_WITH_ICU
  std::size_t compared = 0;
  for (const auto& [first, last] : kCaseBlocks)
    for (UChar32 c = first; c <= last; ++c) {
      ++compared;
      CHECK_MESSAGE(icu_lite::map_case(c, true) == u_toupper(c), "upper of code point " << c);
      CHECK_MESSAGE(icu_lite::map_case(c, false) == u_tolower(c), "lower of code point " << c);
      CHECK_MESSAGE(icu_lite::is_letter(c) == bool(u_isalpha(c)), "letter, code point " << c);
    }
  // Letters only: Hebrew, CJK, Hangul, fullwidth Latin, halfwidth katakana (a scoresheet of the
  // corpus has a run of them where a move should be).
  for (const auto& [first, last] : std::vector<std::pair<UChar32, UChar32>>{
           {0x05D0, 0x05EA}, {0x4E00, 0x4FFF}, {0xAC00, 0xAD00}, {0xFF21, 0xFF3A}, {0xFF41, 0xFF5A}, {0xFF66, 0xFF9F}})
    for (UChar32 c = first; c <= last; ++c) {
      ++compared;
      CHECK_MESSAGE(icu_lite::is_letter(c) == bool(u_isalpha(c)), "letter, code point " << c);
    }
  MESSAGE(compared << " code points compared with ICU");
#endif
}

TEST_CASE("icu_lite: display width classes") {
  struct Row {
    UChar32 c;
    int width;
  };
  const Row rows[] = {{'a', 1},    {0xE9, 1},    {0x41A, 1},   {0x0301, 0}, {0x0483, 0},
                      {0x200B, 0}, {0xFEFF, 0},  {0x4E2D, 2},  {0xFF21, 2}, {0xAC00, 2},
                      {0x3042, 2}, {0x1F600, 2}, {0x20000, 2}, {0x2212, 1}, {0x2654, 1}};
  for (const Row& r : rows) {
    const int lite = icu_lite::is_zero_width(r.c) ? 0 : icu_lite::is_wide(r.c) ? 2 : 1;
    CHECK_MESSAGE(lite == r.width, "code point " << r.c);
#if PLANILLA_WITH_ICU
    const auto category = u_charType(r.c);
    const auto ea = u_getIntPropertyValue(r.c, UCHAR_EAST_ASIAN_WIDTH);
    const int icu = (category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK || category == U_FORMAT_CHAR) ? 0
                    : (ea == U_EA_WIDE || ea == U_EA_FULLWIDTH)                                                   ? 2
                                                                                                                  : 1;
    CHECK_MESSAGE(lite == icu, "code point " << r.c << " against ICU");
#endif
  }
}
