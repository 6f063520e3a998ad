// planilla languages: one line per language: code, ICU display name, piece letters, letter set.
#if PLANILLA_WITH_ICU
#include <unicode/locid.h>
#include <unicode/unistr.h>
#endif

#include <ostream>

#include "cli/app.hpp"
#include "notation/language.hpp"

namespace planilla::cli {

namespace {

// ICU's English display name for a BCP 47 tag ("sr-Cyrl" → "Serbian (Cyrillic)"); falls back
// to the table's own name when ICU has none.
std::string display_name(const Language& lang) {
#if !PLANILLA_WITH_ICU
  return std::string(lang.name);
#else
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale locale = icu::Locale::forLanguageTag(std::string(lang.code), status);
  if (U_FAILURE(status)) return std::string(lang.name);
  icu::UnicodeString name;
  locale.getDisplayName(icu::Locale::getEnglish(), name);
  std::string utf8;
  name.toUTF8String(utf8);
  return utf8.empty() || utf8 == lang.code ? std::string(lang.name) : utf8;
#endif
}

// Pads to `width` display columns (code points, not bytes: Cyrillic letters are two bytes).
void pad(std::ostream& out, const std::string& text, std::size_t width) {
  std::size_t cps = 0;
  for (unsigned char c : text) cps += (c & 0xC0) != 0x80;
  out << text;
  for (; cps < width; ++cps) out << ' ';
}

int run_languages(const Io& io) {
  io.out << "code     name                      K    Q    R    B    N    P    letter set\n";
  for (const Language& lang : all_languages()) {
    pad(io.out, std::string(lang.code), 9);
    pad(io.out, display_name(lang), 26);
    for (PieceType t :
         {PieceType::King, PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight, PieceType::Pawn}) {
      std::string letter(lang.letters[index_of(t)]);
      pad(io.out, letter.empty() ? "-" : letter, 5);
    }
    io.out << lang.letter_set << '\n';
  }
  return kOk;
}

}  // namespace

void setup_languages(Cli& cli) {
  CLI::App* sub = cli.app.add_subcommand("languages", "List the languages (letter sets) planilla reads and writes");
  sub->footer("Example:\n  planilla languages | grep -i spanish");
  sub->callback([&cli] { cli.action = [&cli] { return run_languages(cli.io); }; });
}

}  // namespace planilla::cli
