// planilla perft: count the leaf nodes of the legal move tree, optionally split per root move
// (the usual way to find a move generator bug, and to compare with other programs).
#include <algorithm>
#include <charconv>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "board/fen.hpp"
#include "board/position.hpp"
#include "cli/app.hpp"
#include "cli/common.hpp"

namespace planilla::cli {

namespace {

struct PerftOptions {
  std::string fen;
  int depth = 1;
  bool divide = false;
  bool chess960 = false;
};

// UCI spelling: castling is king-to-target in standard chess (e1g1) and king-takes-rook in
// Chess960 (e1h1), as UCI_Chess960 engines expect.
std::string uci(const Position& pos, Move m) {
  Square to = m.to();
  if (m.is_castling() && !pos.is_chess960()) to = castling_king_target(pos.side_to_move(), castling_side(m));
  std::string s{file_char(file_of(m.from())), rank_char(rank_of(m.from())), file_char(file_of(to)),
                rank_char(rank_of(to))};
  if (m.promotion() != PieceType::None) s += "nbrq"[index_of(m.promotion()) - index_of(PieceType::Knight)];
  return s;
}

// FEN in any dialect, `startpos`, or `960:N` (Scharnagl number).
Result<Position, std::string> load(const PerftOptions& opts) {
  if (opts.fen.rfind("960:", 0) == 0) {
    const std::string_view digits = std::string_view(opts.fen).substr(4);
    int n = -1;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc() || ptr != digits.data() + digits.size() || n < 0 || n > 959)
      return Unexpected<std::string>{"Invalid Chess960 start position '" + opts.fen + "': N must be 0 to 959"};
    return *Position::chess960(n);
  }
  FenOptions fen_opts;
  fen_opts.force_chess960 = opts.chess960;
  return position_from_fen(opts.fen, fen_opts);
}

int run_perft(const PerftOptions& opts, const Io& io) {
  auto loaded = load(opts);
  if (!loaded) {
    io.err << "planilla perft: " << loaded.error() << "\n";
    return kUsage;
  }
  const Position& pos = *loaded;
  std::uint64_t total = 0;
  if (opts.divide && opts.depth > 0) {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    for (Move m : pos.legal_moves()) {
      const std::uint64_t n = perft(pos.after(m), opts.depth - 1);
      rows.emplace_back(uci(pos, m), n);
      total += n;
    }
    std::sort(rows.begin(), rows.end());
    for (const auto& [move, n] : rows) io.out << move << ": " << n << "\n";
    io.out << "\n";
  } else {
    total = perft(pos, opts.depth);
  }
  io.out << "Nodes searched: " << total << "\n";
  return kOk;
}

}  // namespace

void setup_perft(Cli& cli) {
  auto opts = std::make_shared<PerftOptions>();
  CLI::App* sub =
      cli.app.add_subcommand("perft", "Count the legal move tree's leaf nodes from a position (move generator check)");
  sub->add_option("fen", opts->fen,
                  "Position as one argument: FEN, X-FEN or Shredder-FEN (clocks optional), 'startpos', or "
                  "'960:N' for Chess960 start position N (0-959, 518 is the standard array)")
      ->required()
      ->transform(keyword_ignore_case("startpos"));
  sub->add_option("depth", opts->depth, "Plies to search (0 counts the position itself)")
      ->required()
      ->check(CLI::Range(0, 64));
  sub->add_flag("--divide", opts->divide,
                "Print one 'move: count' line per legal root move in UCI (sorted) before the total");
  sub->add_flag("--chess960", opts->chess960,
                "Treat the position as Chess960 (castling written king-takes-rook). Without it, a FEN whose "
                "castling rights only Chess960 explains is taken as Chess960 anyway");
  sub->footer(
      "Examples:\n"
      "  planilla perft startpos 5\n"
      "  planilla perft 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 3 --divide\n"
      "  planilla perft 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' 4\n"
      "  planilla perft 960:0 4 --divide\n"
      "  planilla perft 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' 1 --divide --chess960   # castling as e1h1, e1a1\n"
      "The last line is always 'Nodes searched: N'. A bad FEN exits with status 2.\n");
  sub->callback([&cli, opts] { cli.action = [&cli, opts] { return run_perft(*opts, cli.io); }; });
}

}  // namespace planilla::cli
