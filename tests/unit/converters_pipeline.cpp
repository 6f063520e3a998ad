// The parallel pipeline gives byte-identical output for every job count, including the file-level
// encoding preference that single-byte games carry from one game to the next.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <sstream>

#include "converters/run/convert.hpp"
#include "converters/run/normalize.hpp"

using namespace planilla;

namespace {
std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// Every sample file concatenated, repeated so that the workers really overlap.
std::string sample_archive() {
  std::string all;
  for (const char* name : {"de-opera.pgn", "errors.pgn", "latin1-zurich.pgn", "fr-immortelle-toujours-verte.pgn",
                           "ru-ispanskaya.pgn", "chess960-sp140.pgn", "es-ruy-lopez.txt"}) {
    all += read_file(std::string(PLANILLA_SOURCE_DIR) + "/samples/" + name);
    all += "\n\n";
  }
  std::string repeated;
  for (int i = 0; i < 20; ++i) repeated += all;
  return repeated;
}

std::string convert_with(const std::string& input, unsigned jobs, std::uint64_t* games) {
  std::istringstream in(input);
  std::ostringstream out;
  ConvertOptions o;
  o.from.auto_detect = true;
  o.read.language = &english();
  o.to.language = find_language("de");
  o.jobs = jobs;
  std::string diagnostics;
  ConvertStats s = convert(in, out, o, [&](const GameRecord& r) {
    for (const Diagnostic& d : r.diagnostics) diagnostics += format_diagnostic(d) + "\n";
  });
  *games = s.games;
  return out.str() + "----\n" + diagnostics;
}
}  // namespace

TEST_CASE("convert: the same output for 1, 2 and 4 jobs") {
  std::string input = sample_archive();
  std::uint64_t g1 = 0, g2 = 0, g4 = 0;
  std::string one = convert_with(input, 1, &g1);
  CHECK(g1 == 20 * 11);  // seven files, errors.pgn holds five games
  CHECK(one.find("1. e4 e5 2. Sf3 d6") != std::string::npos);  // Morphy's game in German letters
  CHECK(convert_with(input, 2, &g2) == one);
  CHECK(convert_with(input, 4, &g4) == one);
  CHECK(g2 == g1);
  CHECK(g4 == g1);
}

TEST_CASE("normalize: the same output and rejects for 1 and 3 jobs; read = written + rejected") {
  std::string input = sample_archive();
  std::string out_text[2], rejects_text[2];
  NormalizeStats stats[2];
  unsigned jobs[2] = {1, 3};
  for (int i = 0; i < 2; ++i) {
    std::istringstream in(input);
    std::ostringstream out, rejects;
    NormalizeOptions o;
    o.from.auto_detect = true;
    o.jobs = jobs[i];
    stats[i] = normalize(in, out, &rejects, o);
    out_text[i] = out.str();
    rejects_text[i] = rejects.str();
  }
  CHECK(out_text[0] == out_text[1]);
  CHECK(rejects_text[0] == rejects_text[1]);
  CHECK(stats[0].read == stats[0].written + stats[0].rejected);
  CHECK(stats[0].rejected == 20 * 3);  // errors.pgn: the illegal, the ambiguous and the garbage game
  CHECK(stats[1].read == stats[0].read);
}
