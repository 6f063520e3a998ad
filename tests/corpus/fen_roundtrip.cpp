// FEN round trips over every corpus perft position: position → FEN (X-FEN and Shredder) →
// position gives the same position, and writing again gives the same text (canonical).
#include <doctest/doctest.h>

#include <cstdio>

#include "board/fen.hpp"
#include "tests/corpus/perft_suite_reader.hpp"

using namespace planilla;

TEST_CASE("FEN round trip for every corpus perft position, both dialects") {
  const std::filesystem::path dir = PLANILLA_CORPUS_DIR "/perft/";
  if (!std::filesystem::is_directory(dir)) {
    std::printf("FEN round trip skipped: %s not found\n", dir.string().c_str());
    return;
  }
  int positions = 0, same_text = 0;
  for (const auto& suite : planilla::test::read_all_perft_suites(dir)) {
    for (const auto& c : suite.cases) {
      const auto loaded = planilla::test::load_suite_position(c.fen);
      if (!loaded.position) continue;  // the one position with too many pieces (see perft_suites.cpp)
      const Position& pos = *loaded.position;
      ++positions;
      for (FenDialect dialect : {FenDialect::XFen, FenDialect::Shredder}) {
        INFO(c.id << ": " << c.fen << std::string(dialect == FenDialect::XFen ? " (X-FEN)" : " (Shredder)"));
        const std::string fen = write_fen(pos, dialect);
        // Positions that are impossible on purpose load with the same relaxations again.
        FenOptions opts;
        if (loaded.relaxed) {
          opts.relax.ignore_invalid_castling = true;
          opts.relax.allow_impossible_check = true;
        }
        FenOptions inferred_opts = opts;
        opts.force_chess960 = pos.is_chess960();
        auto again = position_from_fen(fen, opts);
        REQUIRE_MESSAGE(again.has_value(), (again ? "" : again.error()));
        CHECK(*again == pos);
        CHECK(again->key() == pos.key());
        CHECK(write_fen(*again, dialect) == fen);
        // Without forcing, the written text alone must bring back the same moves.
        auto inferred = position_from_fen(fen, inferred_opts);
        REQUIRE(inferred.has_value());
        CHECK(*inferred == pos);
        CHECK(inferred->legal_moves().size() == pos.legal_moves().size());
      }
      // The corpus text itself, when it already has six fields, is usually canonical X-FEN.
      same_text += write_fen(pos, FenDialect::XFen) == c.fen || write_fen(pos, FenDialect::Shredder) == c.fen;
    }
  }
  CHECK(positions > 9000);
  std::printf("FEN round trip: %d positions, both dialects; %d corpus texts already canonical\n", positions, same_text);
}
