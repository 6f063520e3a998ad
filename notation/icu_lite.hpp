// The few ICU calls the core makes on code points (UTF-8 stepping, simple case mapping, "is a
// letter", display width), for builds without ICU (PLANILLA_WITH_ICU=0: the browser page, where
// the browser's TextDecoder decodes files and String.normalize composes text before the core).
// With ICU the U8_… macros and u_… functions the core calls are ICU's own, so the ICU build is
// unchanged; only tests/unit/notation_icu_lite.cpp calls icu_lite:: there, to compare it with ICU.
//
// Without ICU the tables cover the scripts planilla's languages and scoresheets use: case pairs
// of Latin-1, Latin Extended-A, Latin Extended Additional, Greek and Cyrillic (as ICU maps them:
// the test compares every code point of those blocks); letters of those scripts plus Latin
// Extended-B, IPA, Armenian, Hebrew, Arabic, CJK, Hangul and the fullwidth and halfwidth forms;
// combining marks and East Asian wide ranges for widths. A character outside them is treated as
// caseless, a non-letter, one column wide.
#pragma once

#include <cstdint>

#if PLANILLA_WITH_ICU
#include <unicode/uchar.h>
#include <unicode/utf8.h>
#else
using UChar32 = std::int32_t;
using UBool = std::int8_t;
#endif

// Compiled in both builds: tests/unit/notation_icu_lite.cpp compares it with ICU.

namespace planilla::icu_lite {

// One code point from s[i…n), advancing i (like ICU's U8_NEXT): a negative value for an
// ill-formed sequence, i then past its maximal well-formed prefix (at least one byte).
inline UChar32 next(const std::uint8_t* s, std::int32_t& i, std::int32_t n) {
  const std::uint8_t lead = s[i++];
  if (lead < 0x80) return lead;
  int trail = 0;
  UChar32 c = 0;
  std::uint8_t lo = 0x80, hi = 0xBF;  // range of the first trail byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    trail = 1;
    c = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    trail = 2;
    c = lead & 0x0F;
    if (lead == 0xE0) lo = 0xA0;
    if (lead == 0xED) hi = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    trail = 3;
    c = lead & 0x07;
    if (lead == 0xF0) lo = 0x90;
    if (lead == 0xF4) hi = 0x8F;
  } else {
    return -1;
  }
  for (int k = 0; k < trail; ++k) {
    if (i >= n) return -1;
    const std::uint8_t b = s[i];
    if (b < lo || b > hi) return -1;
    lo = 0x80;
    hi = 0xBF;
    c = (c << 6) | (b & 0x3F);
    ++i;
  }
  return c;
}

// Appends c as UTF-8 at s[i] when it fits in `capacity` (like ICU's U8_APPEND).
inline void append(std::uint8_t* s, std::int32_t& i, std::int32_t capacity, UChar32 c, UBool& error) {
  const auto u = static_cast<std::uint32_t>(c);
  const int length = u < 0x80 ? 1 : u < 0x800 ? 2 : u < 0x10000 ? 3 : 4;
  if (c < 0 || u > 0x10FFFF || (u >= 0xD800 && u <= 0xDFFF) || i + length > capacity) {
    error = true;
    return;
  }
  if (length == 1) {
    s[i++] = static_cast<std::uint8_t>(u);
    return;
  }
  static constexpr std::uint8_t kLead[] = {0, 0, 0xC0, 0xE0, 0xF0};
  s[i++] = static_cast<std::uint8_t>(kLead[length] | (u >> (6 * (length - 1))));
  for (int k = length - 2; k >= 0; --k) s[i++] = static_cast<std::uint8_t>(0x80 | ((u >> (6 * k)) & 0x3F));
}

// Simple (one to one) case mapping; `upper` chooses the direction. Returns c when caseless.
inline UChar32 map_case(UChar32 c, bool upper) {
  auto pair_even_upper = [&](UChar32 first, UChar32 last) -> UChar32 {  // Ā ā Ă ă …
    if (c < first || c > last) return -1;
    const bool is_upper = ((c - first) & 1) == 0;
    return upper ? (is_upper ? c : c - 1) : (is_upper ? c + 1 : c);
  };
  auto pair_odd_upper = [&](UChar32 first, UChar32 last) -> UChar32 {  // Ĺ ĺ Ļ ļ … (first is upper)
    return pair_even_upper(first, last);
  };
  auto block = [&](UChar32 upper_first, UChar32 upper_last, UChar32 lower_first) -> UChar32 {
    const UChar32 delta = lower_first - upper_first;
    if (c >= upper_first && c <= upper_last) return upper ? c : c + delta;
    if (c >= lower_first && c <= upper_last + delta) return upper ? c - delta : c;
    return -1;
  };
  if (c < 0x80) {
    if (upper && c >= 'a' && c <= 'z') return c - 0x20;
    if (!upper && c >= 'A' && c <= 'Z') return c + 0x20;
    return c;
  }
  if (c == 0xB5) return upper ? 0x39C : c;  // µ → Μ
  if (c == 0xFF) return upper ? 0x178 : c;  // ÿ → Ÿ
  if (c == 0x178) return upper ? c : 0xFF;
  if (c == 0x131) return upper ? 'I' : c;    // dotless ı
  if (c == 0x130) return upper ? c : 'i';    // İ
  if (c == 0x17F) return upper ? 'S' : c;    // long s
  if (c == 0x3C2) return upper ? 0x3A3 : c;  // final sigma
  if (c == 0x4C0) return upper ? c : 0x4CF;  // palochka
  if (c == 0x4CF) return upper ? 0x4C0 : c;
  if (c == 0xD7 || c == 0xF7 || c == 0x138 || c == 0x149) return c;
  if (UChar32 r = block(0xC0, 0xDE, 0xE0); r >= 0) return r;
  if (UChar32 r = pair_even_upper(0x100, 0x137); r >= 0) return r;
  if (UChar32 r = pair_odd_upper(0x139, 0x148); r >= 0) return r;
  if (UChar32 r = pair_even_upper(0x14A, 0x177); r >= 0) return r;
  if (UChar32 r = pair_odd_upper(0x179, 0x17E); r >= 0) return r;
  if (c == 0x386) return upper ? c : 0x3AC;
  if (c == 0x3AC) return upper ? 0x386 : c;
  if (c == 0x38C) return upper ? c : 0x3CC;
  if (c == 0x3CC) return upper ? 0x38C : c;
  if (UChar32 r = block(0x388, 0x38A, 0x3AD); r >= 0) return r;
  if (UChar32 r = block(0x38E, 0x38F, 0x3CD); r >= 0) return r;
  if (c != 0x3A2)
    if (UChar32 r = block(0x391, 0x3AB, 0x3B1); r >= 0) return r;
  if (UChar32 r = block(0x410, 0x42F, 0x430); r >= 0) return r;
  if (UChar32 r = block(0x400, 0x40F, 0x450); r >= 0) return r;
  if (UChar32 r = pair_even_upper(0x460, 0x481); r >= 0) return r;
  if (UChar32 r = pair_even_upper(0x48A, 0x4BF); r >= 0) return r;
  if (UChar32 r = pair_odd_upper(0x4C1, 0x4CE); r >= 0) return r;
  if (UChar32 r = pair_even_upper(0x4D0, 0x52F); r >= 0) return r;
  if (UChar32 r = pair_even_upper(0x1E00, 0x1E95); r >= 0) return r;
  if (UChar32 r = pair_even_upper(0x1EA0, 0x1EFF); r >= 0) return r;
  return c;
}

inline bool is_letter(UChar32 c) {
  if (c < 0x80) return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
  if (c == 0xAA || c == 0xB5 || c == 0xBA) return true;
  if (c >= 0xC0 && c <= 0x24F) return c != 0xD7 && c != 0xF7;
  if (c >= 0x250 && c <= 0x2AF) return true;  // IPA
  if (c == 0x386 || (c >= 0x388 && c <= 0x3FF)) return c != 0x38B && c != 0x38D && c != 0x3A2 && c != 0x3F6;
  if ((c >= 0x400 && c <= 0x481) || (c >= 0x48A && c <= 0x52F)) return true;  // Cyrillic
  if ((c >= 0x531 && c <= 0x556) || (c >= 0x561 && c <= 0x587)) return true;  // Armenian
  if (c >= 0x5D0 && c <= 0x5EA) return true;                                  // Hebrew
  if (c >= 0x620 && c <= 0x64A) return true;                                  // Arabic
  if (c >= 0x1E00 && c <= 0x1FFF) return true;                                // Latin, Greek extended
  if ((c >= 0x3041 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF)) return true;
  if ((c >= 0xFF21 && c <= 0xFF3A) || (c >= 0xFF41 && c <= 0xFF5A)) return true;  // fullwidth Latin
  if (c >= 0xFF66 && c <= 0xFFBE) return true;                                    // halfwidth kana, jamo
  return c >= 0xAC00 && c <= 0xD7A3;                                              // Hangul
}

// Combining marks and format characters: no column of their own.
inline bool is_zero_width(UChar32 c) {
  return (c >= 0x300 && c <= 0x36F) || (c >= 0x483 && c <= 0x489) || (c >= 0x591 && c <= 0x5BD) ||
         (c >= 0x610 && c <= 0x61A) || (c >= 0x64B && c <= 0x65F) || c == 0xAD || (c >= 0x200B && c <= 0x200F) ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x2064) || (c >= 0x20D0 && c <= 0x20FF) ||
         (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xFE20 && c <= 0xFE2F) || c == 0xFEFF;
}

// East Asian wide and fullwidth: two columns.
inline bool is_wide(UChar32 c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
         (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
         (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
         (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
         (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD);
}

}  // namespace planilla::icu_lite

#if !PLANILLA_WITH_ICU
#define U8_MAX_LENGTH 4
#define U8_NEXT(s, i, length, c) \
  ((c) = ::planilla::icu_lite::next(reinterpret_cast<const std::uint8_t*>(s), (i), (length)))
#define U8_APPEND(s, i, capacity, c, isError) \
  ::planilla::icu_lite::append(reinterpret_cast<std::uint8_t*>(s), (i), (capacity), (c), (isError))
#define U8_APPEND_UNSAFE(s, i, c)                                                                                \
  do {                                                                                                           \
    UBool planilla_unsafe_error_ = false;                                                                        \
    ::planilla::icu_lite::append(reinterpret_cast<std::uint8_t*>(s), (i), (i) + 4, (c), planilla_unsafe_error_); \
  } while (false)

inline UChar32 u_toupper(UChar32 c) { return ::planilla::icu_lite::map_case(c, true); }
inline UChar32 u_tolower(UChar32 c) { return ::planilla::icu_lite::map_case(c, false); }
inline UBool u_isalpha(UChar32 c) { return ::planilla::icu_lite::is_letter(c); }

#endif
