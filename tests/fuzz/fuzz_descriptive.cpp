// The descriptive grammar (English, Spanish, French) and the score reader with its board beam
// search. The first byte chooses the dialect; the rest is a token or a score.
#include "grammar/descriptive_parser.hpp"
#include "tests/fuzz/fuzz_common.hpp"

using namespace planilla;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto dialect = static_cast<DescriptiveDialect>(data[0] % 3);
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  for (const ParsedDescriptive& p : parse_descriptive_prefixes(text, dialect))
    PLANILLA_FUZZ_CHECK(p.length <= text.size());
  if (auto p = parse_descriptive_prefix(text, dialect)) PLANILLA_FUZZ_CHECK(p->length <= text.size());
  (void)parse_descriptive(text, dialect);
  const DescriptiveScore score = read_descriptive_score(text, dialect);
  for (const DescriptiveMove& m : score.moves) PLANILLA_FUZZ_CHECK(m.span.byte + m.span.length <= text.size());
  // The beam search is the expensive part; scores of a few hundred bytes reach every branch.
  if (text.size() <= 512) {
    const DescriptiveGame game = read_descriptive_game(text, dialect, Position::startpos());
    PLANILLA_FUZZ_CHECK(game.resolution.plies.size() <= game.score.moves.size());
  }
  return 0;
}
