// Differential: write every move of a random legal game in every readable style × language and
// read it back with parse_move + resolve: the same move, without warnings, or a trap.
// Input bytes: the first two choose the start (standard, or a Chess960 position 0-959); each
// further byte chooses the next move among the legal ones (modulo their number) and, in its
// high bits, the writer options. Spoken has no grammar (notation/write.hpp), so it is written
// for robustness only.
#include "grammar/move_parser.hpp"
#include "notation/resolve.hpp"
#include "notation/write.hpp"
#include "tests/fuzz/fuzz_common.hpp"

using namespace planilla;

namespace {

constexpr NotationStyle kReadable[] = {NotationStyle::San,  NotationStyle::Figurine, NotationStyle::Lan,
                                       NotationStyle::Long, NotationStyle::Uci,      NotationStyle::Iccf};

void check_move(const Position& pos, Move m, bool zeros, bool equals) {
  for (const Language& language : all_languages()) {
    ResolveOptions ro;
    ro.language = &language;
    for (NotationStyle style : kReadable) {
      WriteOptions wo;
      wo.language = &language;
      wo.style = style;
      wo.castling_zeros = zeros;
      wo.promotion_equals = equals;
      const std::string token = write_move(pos, m, wo);
      auto parsed = parse_move(token, language);
      if (!parsed)
        std::fprintf(stderr, "%s: '%s' does not parse: %s\n", std::string(language.code).c_str(), token.c_str(),
                     parsed.error().message.c_str());
      PLANILLA_FUZZ_CHECK(parsed.has_value());
      auto r = resolve(parsed->move, pos, ro);
      if (!r)
        std::fprintf(stderr, "%s: '%s' does not resolve: %s\n", std::string(language.code).c_str(), token.c_str(),
                     r.error().message.c_str());
      PLANILLA_FUZZ_CHECK(r.has_value());
      PLANILLA_FUZZ_CHECK(r->move == m);
      // notation_write's documented exception: in Chess960 a bare-squares king move onto its
      // castling square, while castling is legal, reads as the king move with W-UCI-CASTLING.
      const bool documented = r->warnings.size() == 1 && r->warnings[0].code == Code::UciCastlingAmbiguous &&
                              pos.is_chess960() && !m.is_castling() &&
                              (style == NotationStyle::Uci || style == NotationStyle::Iccf);
      if (!r->warnings.empty() && !documented)
        std::fprintf(stderr, "%s: '%s' warns: %s\n", std::string(language.code).c_str(), token.c_str(),
                     r->warnings[0].message.c_str());
      PLANILLA_FUZZ_CHECK(r->warnings.empty() || documented);
    }
    WriteOptions spoken;
    spoken.language = &language;
    spoken.style = NotationStyle::Spoken;
    spoken.phonetic_files = zeros;
    PLANILLA_FUZZ_CHECK(!write_move(pos, m, spoken).empty());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  Position pos = Position::startpos();
  if (data[0] & 1) {
    const int number = ((data[0] >> 1) * 256 + data[1]) % 960;
    pos = *Position::chess960(number);
  }
  // A game of at most 200 plies: longer inputs add nothing a new input cannot reach faster.
  for (std::size_t i = 2; i < size && i < 202; ++i) {
    const MoveList moves = pos.legal_moves();
    if (moves.size() == 0) break;
    const Move m = moves[data[i] % moves.size()];
    check_move(pos, m, data[i] & 0x40, data[i] & 0x80);
    pos.play(m);
  }
  return 0;
}
