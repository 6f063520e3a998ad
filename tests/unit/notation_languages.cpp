// Every language row is sane: letters distinct, lookup works, letter sets match the letters.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "notation/language.hpp"

using namespace planilla;

namespace {

// Every spelling of a piece in a row: canonical letter plus '|'-separated alternates.
std::set<std::string> spellings_of(const Language& language, PieceType piece) {
  std::set<std::string> out;
  if (!language.letters[index_of(piece)].empty()) out.emplace(language.letters[index_of(piece)]);
  std::string_view alternates = language.alternates[index_of(piece)];
  while (!alternates.empty()) {
    const std::size_t bar = alternates.find('|');
    out.emplace(alternates.substr(0, bar));
    alternates = bar == std::string_view::npos ? std::string_view() : alternates.substr(bar + 1);
  }
  return out;
}

constexpr PieceType kNonPawn[] = {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen,
                                  PieceType::King};

}  // namespace

TEST_CASE("the brief's 37 languages are present, English first") {
  const char* required[] = {"en", "es", "de", "fr", "it", "nl", "pt", "ru", "uk", "be", "pl", "cs",      "sk",
                            "hu", "sv", "da", "no", "fi", "is", "ro", "tr", "el", "bg", "sr", "sr-Cyrl", "hr",
                            "sl", "et", "lv", "lt", "ca", "eo", "id", "af", "fa", "vi", "az"};
  for (const char* code : required) {
    CAPTURE(code);
    const Language* language = find_language(code);
    REQUIRE(language != nullptr);
    CHECK(language->code == code);
  }
  CHECK(all_languages().size() >= 37);
  CHECK(all_languages().front().code == "en");
  CHECK(&english() == &all_languages().front());
}

TEST_CASE("every row is sane") {
  std::set<std::string_view> codes;
  for (const Language& language : all_languages()) {
    CAPTURE(language.code);
    CHECK(codes.insert(language.code).second);
    CHECK(!language.name.empty());
    CHECK(!language.letter_set.empty());
    CHECK(!language.en_passant_marker.empty());
    // Five non-pawn pieces with five distinct letters, none shared with any spelling of another
    // piece (the pawn included), so one spelling always names one piece.
    std::map<std::string, PieceType> owner;
    for (int p = 0; p < kPieceTypes; ++p) {
      for (const std::string& spelling : spellings_of(language, static_cast<PieceType>(p))) {
        CAPTURE(spelling);
        const auto [it, inserted] = owner.emplace(spelling, static_cast<PieceType>(p));
        CHECK(inserted);
      }
    }
    std::set<std::string_view> canonical;
    for (PieceType piece : kNonPawn) {
      CHECK(!language.letters[index_of(piece)].empty());
      canonical.insert(language.letters[index_of(piece)]);
      CHECK(!language.words[index_of(piece)].empty());
    }
    CHECK(canonical.size() == 5);
    // Phonetic file names come all eight or none.
    const auto named = std::count_if(language.file_words.begin(), language.file_words.end(),
                                     [](std::string_view w) { return !w.empty(); });
    CHECK((named == 0 || named == 8));
    CHECK(language.castle_short_word.empty() == language.castle_long_word.empty());
  }
}

TEST_CASE("letter sets are shared exactly by rows with identical letters") {
  for (const Language& a : all_languages()) {
    for (const Language& b : all_languages()) {
      CAPTURE(a.code);
      CAPTURE(b.code);
      CHECK((a.letters == b.letters) == (a.letter_set == b.letter_set));
    }
  }
  CHECK(find_language("es")->letter_set == find_language("it")->letter_set);
  CHECK(find_language("es")->letter_set == find_language("ca")->letter_set);
  CHECK(find_language("de")->letter_set == find_language("sv")->letter_set);
  CHECK(find_language("da")->letter_set == find_language("no")->letter_set);
  CHECK(find_language("sr")->letter_set == find_language("hr")->letter_set);
  CHECK(find_language("sr")->letter_set == find_language("sl")->letter_set);
  CHECK(find_language("de")->letter_set != find_language("sr")->letter_set);  // pawn B vs none
  CHECK(find_language("es")->letter_set != find_language("fr")->letter_set);
}

TEST_CASE("lookup is case-insensitive and knows a few aliases") {
  struct Row {
    const char* query;
    const char* code;  // nullptr: not found
  };
  const Row rows[] = {
      {"ES", "es"},  {"es", "es"},         {"sr-cyrl", "sr-Cyrl"}, {"SR_CYRL", "sr-Cyrl"}, {"sr-Latn", "sr"},
      {"nb", "no"},  {"NN", "no"},         {"ua", "uk"},           {"Ru", "ru"},           {"xx", nullptr},
      {"", nullptr}, {"english", nullptr}, {"e", nullptr},         {"sr-", nullptr},
  };
  for (const Row& row : rows) {
    CAPTURE(row.query);
    const Language* found = find_language(row.query);
    if (row.code == nullptr) {
      CHECK(found == nullptr);
    } else {
      REQUIRE(found != nullptr);
      CHECK(found->code == row.code);
    }
  }
}

TEST_CASE("letters and marks from NOTATION.md") {
  struct Row {
    const char* code;
    const char* kqrbnp;  // canonical letters K Q R B N P joined by spaces
  };
  const Row rows[] = {
      {"en", "K Q R B N P"},  {"es", "R D T A C P"},  {"de", "K D T L S B"},  {"fr", "R D T F C P"},
      {"ru", "Кр Ф Л С К П"}, {"uk", "Кр Ф Т С К П"}, {"be", "Кр Ф Л А К П"}, {"pl", "K H W G S P"},
      {"hu", "K V B F H G"},  {"tr", "Ş V K F A P"},  {"el", "Ρ Β Π Α Ι "},   {"bg", "Ц Д Т О К "},
      {"lt", "K V B R Ž p"},  {"eo", "R D T K Ĉ P"},  {"id", "R M B G K P"},  {"vi", "V H X T M "},
      {"az", "Ş V T F A P"},  {"fa", "R D T F C P"},  {"et", "K L V O R P"},  {"is", "K D H B R P"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.code);
    const Language& l = *find_language(row.code);
    std::string joined;
    for (PieceType p :
         {PieceType::King, PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight, PieceType::Pawn}) {
      if (!joined.empty() || p != PieceType::King) joined += ' ';
      joined += l.letters[index_of(p)];
    }
    CHECK(joined == row.kqrbnp);
  }
  CHECK(english().alternates[index_of(PieceType::Knight)] == "Kt");
  CHECK(find_language("nl")->alternates[index_of(PieceType::Pawn)] == "pi");
  for (const char* code : {"ru", "uk", "be", "cs", "zh"}) {
    CAPTURE(code);
    CHECK(find_language(code)->double_plus_is_double_check);
  }
  for (const char* code : {"en", "es", "de", "fa", "sk"}) {
    CAPTURE(code);
    CHECK_FALSE(find_language(code)->double_plus_is_double_check);
  }
  for (const Language& l : all_languages()) {
    CAPTURE(l.code);
    const bool expected = l.code == "ru" || l.code == "uk" || l.code == "cs";
    CHECK(l.x_is_mate == expected);
  }
  CHECK(find_language("es")->en_passant_marker == "a.p.");
  CHECK(english().en_passant_marker == "e.p.");
  CHECK(english().castle_short_word == "castles short");
  CHECK(english().castle_long_word == "castles long");
  CHECK(find_language("es")->castle_short_word == "enroque corto");
  CHECK(find_language("es")->castle_long_word == "enroque largo");
  CHECK(english().file_words[0] == "Anna");
  CHECK(english().file_words[7] == "Hector");
  CHECK(find_language("es")->file_words[2] == "César");
  CHECK(find_language("es")->file_words[6] == "Gustavo");
  CHECK(find_language("es")->words[index_of(PieceType::Knight)] == "caballo");
}
