// The 960 start positions of kokopu's Scharnagl table against Position::chess960(n) and
// chess960_number().
#include <doctest/doctest.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "board/chess960.hpp"
#include "board/fen.hpp"

using namespace planilla;

TEST_CASE("Scharnagl numbering matches the corpus table for all 960 positions") {
  const std::filesystem::path csv = PLANILLA_CORPUS_DIR "/chess960/scharnagl-960-start-positions.csv";
  if (!std::filesystem::exists(csv)) {
    std::printf("chess960 numbering skipped: %s not found\n", csv.string().c_str());
    return;
  }
  std::ifstream in(csv);
  std::string line;
  REQUIRE(std::getline(in, line));
  CHECK(line.rfind("CODE", 0) == 0);
  std::set<int> numbers;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::istringstream fields(line);
    int code = -1;
    std::string scheme, castling, fen, rest;
    const bool read = static_cast<bool>(fields >> code >> scheme >> castling);
    REQUIRE(read);
    std::getline(fields >> std::ws, fen);
    INFO(line);
    numbers.insert(code);

    auto built = Position::chess960(code);
    REQUIRE(built.has_value());
    auto parsed = position_from_fen(fen);
    REQUIRE_MESSAGE(parsed.has_value(), (parsed ? "" : parsed.error()));
    CHECK(*built == *parsed);
    CHECK(chess960_number(*parsed) == code);

    // The scheme is White's back rank in lower case; the castling files are the rooks'.
    std::string back_rank;
    for (int f = 0; f < 8; ++f) {
      const Piece p = built->piece_at(square_at(f));
      back_rank += "pnbrqk"[index_of(p.type)];
    }
    CHECK(back_rank == scheme);
    const std::string shredder = write_fen(*built, FenDialect::Shredder);
    const std::string rights = shredder.substr(shredder.find(" w ") + 3, 4);
    CHECK(std::set<char>(rights.begin(), rights.end()) == std::set<char>{static_cast<char>(std::toupper(castling[0])),
                                                                         static_cast<char>(std::toupper(castling[1])),
                                                                         castling[0], castling[1]});
  }
  CHECK(numbers.size() == 960);
  CHECK(*numbers.begin() == 0);
  CHECK(*numbers.rbegin() == 959);
  std::printf("chess960 numbering: %zu start positions checked against the Scharnagl table\n", numbers.size());
}
