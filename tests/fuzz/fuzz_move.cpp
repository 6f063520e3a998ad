// The algebraic move grammar (SAN in every language, figurines, LAN, long, UCI, ICCF) and the
// resolver. The first byte chooses the language of all_languages() and which styles are
// allowed; the rest is the token. A parsed move is resolved on three positions (the start,
// kiwipete with castling and e.p. close at hand, and one with promotions for both sides), so
// resolve() sees every shape the grammar makes.
#include "board/fen.hpp"
#include "grammar/move_parser.hpp"
#include "notation/resolve.hpp"
#include "tests/fuzz/fuzz_common.hpp"

using namespace planilla;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const Position kStart = Position::startpos();
  static const Position kKiwipete =
      *position_from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  static const Position kPromotions = *position_from_fen("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1");
  const auto languages = all_languages();
  const Language& language = languages[data[0] % languages.size()];
  MoveStyles styles;
  if (data[0] & 0x80) styles.bits = data[0] >> 1;  // some inputs with a reduced set of styles
  const std::string_view token = fuzz::as_text(data + 1, size - 1);
  auto parsed = parse_move(token, language, styles, 7);
  if (!parsed) {
    PLANILLA_FUZZ_CHECK(parsed.error().offset <= token.size());
    return 0;
  }
  ResolveOptions ro;
  ro.language = &language;
  for (const Position* pos : {&kStart, &kKiwipete, &kPromotions}) {
    auto r = resolve(parsed->move, *pos, ro);
    if (!r) continue;
    // resolve() answers a null move (`--`, `0000`) with Move::null(); whether passing is allowed
    // (not in check) is the reader's question, so only real moves must be legal.
    if (r->move.is_null()) PLANILLA_FUZZ_CHECK(parsed->move.style == NotationStyle::Null);
    else PLANILLA_FUZZ_CHECK(pos->is_legal(r->move));
  }
  return 0;
}
