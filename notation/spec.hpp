// Notation specs as the command line names them: LANG[:STYLE] (`es`, `de:lan`, `en:spoken`,
// `sr-Cyrl`) or a language-free style (`figurine`, `uci`, `iccf`), and `auto` for input.
#pragma once

#include <string>
#include <string_view>

#include "board/result.hpp"
#include "notation/descriptive.hpp"
#include "notation/language.hpp"
#include "notation/write.hpp"

namespace planilla {

struct NotationSpec {
  const Language* language = nullptr;  // nullptr with auto_detect
  NotationStyle style = NotationStyle::San;
  bool auto_detect = false;
};

// Errors: a one-line reason with the valid values, e.g. "unknown language 'xx' in 'xx:san';
// valid: en es de … (see `planilla languages`)".
// Example: parse_spec("de:lan", false) → German, Lan.
Result<NotationSpec, std::string> parse_spec(std::string_view text, bool allow_auto);

// Descriptive reading and writing exist for English, Spanish (and French, reading only).
// Errors: a one-line reason naming the supported languages.
Result<DescriptiveDialect, std::string> descriptive_dialect(const NotationSpec& spec);
Result<DescriptiveStyle, std::string> descriptive_style(const NotationSpec& spec);

}  // namespace planilla
