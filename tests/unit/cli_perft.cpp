// `planilla perft`, driven in-process through make_app() with string streams.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "cli/app.hpp"

namespace {

struct Outcome {
  int code;
  std::string out;
  std::string err;
};

Outcome run_cli(const std::string& command_line) {
  std::istringstream in;
  std::ostringstream out, err;
  auto cli = planilla::cli::make_app(planilla::cli::Io{in, out, err});
  const int code = planilla::cli::run(*cli, command_line);
  return {code, out.str(), err.str()};
}

std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  const auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

}  // namespace

TEST_CASE("perft counts nodes for every accepted way of naming a position") {
  struct Row {
    const char* command;
    const char* last;
  };
  const Row rows[] = {
      {"perft startpos 3", "Nodes searched: 8902"},
      {"perft startpos 0", "Nodes searched: 1"},
      {"perft \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\" 2", "Nodes searched: 400"},
      {"perft \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\" 3", "Nodes searched: 97862"},
      // Shredder-FEN and X-FEN spellings of the same Chess960 position.
      {"perft \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\" 3", "Nodes searched: 12189"},
      {"perft \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KFkf - 2 9\" 3", "Nodes searched: 12189"},
      {"perft 960:518 3", "Nodes searched: 8902"},
      {"perft 960:0 2", "Nodes searched: 400"},
  };
  for (const auto& row : rows) {
    INFO(std::string(row.command));
    const auto r = run_cli(row.command);
    CHECK(r.code == planilla::cli::kOk);
    CHECK(last_line(r.out) == row.last);
    CHECK(r.err.empty());
  }
}

TEST_CASE("perft --divide prints sorted UCI moves; castling depends on the castling mode") {
  const char* kFen = "\"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"";
  const auto standard = run_cli(std::string("perft ") + kFen + " 1 --divide");
  REQUIRE(standard.code == planilla::cli::kOk);
  CHECK(standard.out.find("e1g1: 1\n") != std::string::npos);
  CHECK(standard.out.find("e1c1: 1\n") != std::string::npos);
  CHECK(standard.out.find("e1h1") == std::string::npos);
  CHECK(last_line(standard.out) == "Nodes searched: 26");

  const auto forced = run_cli(std::string("perft ") + kFen + " 1 --divide --chess960");
  REQUIRE(forced.code == planilla::cli::kOk);
  CHECK(forced.out.find("e1h1: 1\n") != std::string::npos);
  CHECK(forced.out.find("e1a1: 1\n") != std::string::npos);
  CHECK(forced.out.find("e1g1") == std::string::npos);

  // Rights that only Chess960 explains (king on f1) switch to king-takes-rook without the flag.
  const auto inferred = run_cli("perft \"4k3/8/8/8/8/8/8/R4K1R w HA - 0 1\" 1 --divide");
  REQUIRE(inferred.code == planilla::cli::kOk);
  CHECK(inferred.out.find("f1h1: 1\n") != std::string::npos);
  CHECK(inferred.out.find("f1a1: 1\n") != std::string::npos);

  // Sorted, one line per root move, then a blank line and the total.
  const auto start = run_cli("perft startpos 2 --divide");
  REQUIRE(start.code == planilla::cli::kOk);
  std::istringstream lines(start.out);
  std::string line, previous;
  int moves = 0;
  while (std::getline(lines, line) && !line.empty()) {
    CHECK(previous < line);
    CHECK(line.find(": 20") != std::string::npos);
    previous = line;
    ++moves;
  }
  CHECK(moves == 20);
  CHECK(start.out.find("a2a3: 20\n") == 0);
  CHECK(last_line(start.out) == "Nodes searched: 400");

  const auto promo = run_cli("perft \"8/P6k/8/8/8/8/8/K7 w - - 0 1\" 1 --divide");
  CHECK(promo.out.find("a7a8q: 1\n") != std::string::npos);
  CHECK(promo.out.find("a7a8n: 1\n") != std::string::npos);
}

TEST_CASE("perft rejects bad positions with one line on stderr and exit code 2") {
  const char* bad[] = {
      "perft \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\" 1",
      "perft \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1\" 1",
      "perft \"8/8/8/8/8/8/8/8 w - - 0 1\" 1",
      "perft 960:960 1",
      "perft 960:x 1",
  };
  for (const char* command : bad) {
    INFO(std::string(command));
    const auto r = run_cli(command);
    CHECK(r.code == planilla::cli::kUsage);
    CHECK(r.out.empty());
    REQUIRE(!r.err.empty());
    CHECK(r.err.find('\n') == r.err.size() - 1);
  }
  const auto side = run_cli(bad[0]);
  CHECK(side.err.find("side to move must be 'w' or 'b', got 'x'") != std::string::npos);
  // A missing or negative depth is a usage error from the option parser.
  CHECK(run_cli("perft startpos").code == planilla::cli::kUsage);
  CHECK(run_cli("perft startpos -1").code == planilla::cli::kUsage);
}
