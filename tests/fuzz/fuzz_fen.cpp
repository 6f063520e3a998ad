// FEN, X-FEN and Shredder-FEN. A position that parses is written in both dialects and read
// back: the same position, and writing it again gives the same text (a fixed point). Its legal
// moves are played once each, so a FEN the validator let through cannot break move generation.
#include "board/fen.hpp"
#include "tests/fuzz/fuzz_common.hpp"

using namespace planilla;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  (void)parse_fen(text);
  FenOptions options;
  options.force_chess960 = data[0] & 1;
  options.relax.ignore_invalid_castling = data[0] & 2;
  options.relax.ignore_invalid_ep = data[0] & 4;
  options.relax.allow_impossible_check = data[0] & 8;  // "move generation stays correct for them"
  auto pos = position_from_fen(text, options);
  if (!pos) return 0;
  for (FenDialect dialect : {FenDialect::XFen, FenDialect::Shredder}) {
    const std::string written = write_fen(*pos, dialect);
    FenOptions back;
    back.force_chess960 = pos->is_chess960();
    back.relax.allow_impossible_check = options.relax.allow_impossible_check;
    auto again = position_from_fen(written, back);
    if (!again) std::fprintf(stderr, "%s\n%s\n", written.c_str(), again.error().c_str());
    PLANILLA_FUZZ_CHECK(again.has_value());
    PLANILLA_FUZZ_CHECK(*again == *pos);
    PLANILLA_FUZZ_CHECK(again->is_chess960() == pos->is_chess960());
    PLANILLA_FUZZ_CHECK(write_fen(*again, dialect) == written);
  }
  for (Move m : pos->legal_moves()) {
    Position next = pos->after(m);
    PLANILLA_FUZZ_CHECK(!next.attackers_to(next.king_square(pos->side_to_move()), next.side_to_move()));
  }
  return 0;
}
