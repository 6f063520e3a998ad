#include "notation/spec.hpp"

#include <utility>

namespace planilla {

namespace {

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

std::string valid_languages() {
  std::string s;
  for (const Language& l : all_languages()) {
    if (!s.empty()) s += ' ';
    s += l.code;
  }
  return s;
}

std::string valid_styles() { return style_names(kOutputLayouts); }

}  // namespace

Result<NotationSpec, std::string> parse_spec(std::string_view text, bool allow_auto) {
  NotationSpec spec;
  if (allow_auto && iequals(text, "auto")) {
    spec.auto_detect = true;
    return spec;
  }
  for (const StyleRow& s : kStyleTable) {
    if (!s.name.empty() && !s.needs_language && iequals(text, s.name)) {
      spec.language = &english();
      spec.style = s.style;
      return spec;
    }
  }
  std::string_view lang = text, style = "san";
  if (auto colon = text.find(':'); colon != std::string_view::npos) {
    lang = text.substr(0, colon);
    style = text.substr(colon + 1);
  }
  spec.language = find_language(lang);
  if (spec.language == nullptr)
    return Unexpected{"unknown language '" + std::string(lang) + "' in '" + std::string(text) +
                      "'; valid: " + (allow_auto ? "auto " : "") + valid_languages() + ", or " + valid_styles() +
                      " (see `planilla languages`)"};
  for (const StyleRow& s : kStyleTable) {
    if (s.needs_language && iequals(style, s.name)) {
      spec.style = s.style;
      return spec;
    }
  }
  return Unexpected{"unknown style '" + std::string(style) + "' in '" + std::string(text) +
                    "'; valid: " + valid_styles()};
}

Result<DescriptiveDialect, std::string> descriptive_dialect(const NotationSpec& spec) {
  std::string_view code = spec.language ? spec.language->code : "en";
  if (code == "en") return DescriptiveDialect::English;
  if (code == "es") return DescriptiveDialect::Spanish;
  if (code == "fr") return DescriptiveDialect::French;
  return Unexpected{"descriptive notation is read in en, es and fr, not '" + std::string(code) + "'"};
}

Result<DescriptiveStyle, std::string> descriptive_style(const NotationSpec& spec) {
  std::string_view code = spec.language ? spec.language->code : "en";
  if (code == "en")
    return spec.style == NotationStyle::DescriptiveClassic ? DescriptiveStyle::EnglishClassic
                                                           : DescriptiveStyle::English;
  if (code == "es" && spec.style == NotationStyle::Descriptive) return DescriptiveStyle::Spanish;
  return Unexpected{
      "descriptive notation is written as en:descriptive, en:descriptive-classic or es:descriptive, not '" +
      std::string(code) + ":" + std::string(style_name(spec.style)) + "'"};
}

}  // namespace planilla
