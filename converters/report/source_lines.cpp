#include "converters/report/source_lines.hpp"

#include "notation/icu_lite.hpp"

namespace planilla {

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  int32_t i = 0;
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto n = static_cast<int32_t>(text.size());
  while (i < n) {
    UChar32 c;
    U8_NEXT(s, i, n, c);
    if (c < 0) {
      ++width;  // an invalid byte shows as one replacement character
      continue;
    }
    if (c < 0x80) {
      ++width;
      continue;
    }
#if PLANILLA_WITH_ICU
    const auto category = u_charType(c);
    if (category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK || category == U_FORMAT_CHAR) continue;
    const auto ea = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    width += (ea == U_EA_WIDE || ea == U_EA_FULLWIDTH) ? 2 : 1;
#else
    if (icu_lite::is_zero_width(c)) continue;
    width += icu_lite::is_wide(c) ? 2 : 1;
#endif
  }
  return width;
}

namespace {

// The bytes of the control character at text[i]: 1 for a C0 control but the tab, or DEL; 2 for
// a C1 control (U+0080-U+009F, C2 80-9F in UTF-8); 0 for anything else.
std::size_t control_at(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  if ((c < 0x20 && c != '\t') || c == 0x7F) return 1;
  if (c == 0xC2 && i + 1 < text.size()) {
    const auto next = static_cast<unsigned char>(text[i + 1]);
    if (next >= 0x80 && next < 0xA0) return 2;
  }
  return 0;
}

}  // namespace

bool has_controls(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (control_at(text, i) != 0) return true;
  return false;
}

std::string visible_controls(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 8);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t size = control_at(text, i);
    if (size == 2) {
      out += "\xEF\xBF\xBD";  // U+FFFD
      ++i;
    } else if (size == 1) {
      const auto c = static_cast<unsigned char>(text[i]);
      const unsigned picture = c == 0x7F ? 0x2421 : 0x2400 + c;  // (three UTF-8 bytes: E2 90 xx)
      out += static_cast<char>(0xE2);
      out += static_cast<char>(0x80 | (picture >> 6 & 0x3F));
      out += static_cast<char>(0x80 | (picture & 0x3F));
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace planilla
