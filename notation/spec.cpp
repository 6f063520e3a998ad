#include "notation/spec.hpp"

#include <array>
#include <utility>

namespace planilla {

namespace {

struct StyleName {
  std::string_view name;
  SpecStyle style;
  bool needs_language;  // false: language-free (figurine, uci, iccf)
};

constexpr std::array<StyleName, 9> kStyles = {{
    {"san", SpecStyle::San, true},
    {"lan", SpecStyle::Lan, true},
    {"long", SpecStyle::Long, true},
    {"spoken", SpecStyle::Spoken, true},
    {"descriptive", SpecStyle::Descriptive, true},
    {"descriptive-classic", SpecStyle::DescriptiveClassic, true},
    {"figurine", SpecStyle::Figurine, false},
    {"uci", SpecStyle::Uci, false},
    {"iccf", SpecStyle::Iccf, false},
}};

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

std::string valid_styles() {
  return "san lan long spoken descriptive descriptive-classic (after LANG:), figurine uci iccf (alone)";
}

}  // namespace

Result<NotationSpec, std::string> parse_spec(std::string_view text, bool allow_auto) {
  NotationSpec spec;
  if (allow_auto && iequals(text, "auto")) {
    spec.auto_detect = true;
    return spec;
  }
  for (const StyleName& s : kStyles) {
    if (!s.needs_language && iequals(text, s.name)) {
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
    return Unexpected{"unknown language '" + std::string(lang) + "' in '" + std::string(text) + "'; valid: " +
                      (allow_auto ? "auto " : "") + valid_languages() + ", or " + valid_styles() +
                      " (see `planilla languages`)"};
  for (const StyleName& s : kStyles) {
    if (s.needs_language && iequals(style, s.name)) {
      spec.style = s.style;
      return spec;
    }
  }
  return Unexpected{"unknown style '" + std::string(style) + "' in '" + std::string(text) + "'; valid: " +
                    valid_styles()};
}

WriteStyle write_style_of(SpecStyle style) {
  switch (style) {
    case SpecStyle::San: return WriteStyle::San;
    case SpecStyle::Lan: return WriteStyle::Lan;
    case SpecStyle::Long: return WriteStyle::Long;
    case SpecStyle::Spoken: return WriteStyle::Spoken;
    case SpecStyle::Figurine: return WriteStyle::Figurine;
    case SpecStyle::Uci: return WriteStyle::Uci;
    case SpecStyle::Iccf: return WriteStyle::Iccf;
    case SpecStyle::Descriptive:
    case SpecStyle::DescriptiveClassic: return WriteStyle::San;
  }
  return WriteStyle::San;
}

bool is_descriptive(SpecStyle style) {
  return style == SpecStyle::Descriptive || style == SpecStyle::DescriptiveClassic;
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
    return spec.style == SpecStyle::DescriptiveClassic ? DescriptiveStyle::EnglishClassic : DescriptiveStyle::English;
  if (code == "es" && spec.style == SpecStyle::Descriptive) return DescriptiveStyle::Spanish;
  return Unexpected{"descriptive notation is written as en:descriptive, en:descriptive-classic or es:descriptive, not '" +
                    std::string(code) + ":" + std::string(spec_style_name(spec.style)) + "'"};
}

std::string_view spec_style_name(SpecStyle style) {
  for (const StyleName& s : kStyles)
    if (s.style == style) return s.name;
  return "san";
}

}  // namespace planilla
