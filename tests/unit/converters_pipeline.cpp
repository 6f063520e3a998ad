// The parallel pipeline gives byte-identical output for every job count, including the file-level
// encoding preference that single-byte games carry from one game to the next.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <sstream>

#include "converters/run/convert.hpp"
#include "converters/run/normalize.hpp"
#include "notation/spec.hpp"

using namespace planilla;

namespace {
std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// Copies of the samples in the archive below: 318 KB, past the 256 KB below which the pipeline
// reads on one thread, so that the workers really overlap.
constexpr int kCopies = 120;

// Every sample file concatenated, repeated so that the workers really overlap.
std::string sample_archive() {
  std::string all;
  for (const char* name : {"de-opera.pgn", "errors.pgn", "latin1-zurich.pgn", "fr-immortelle-toujours-verte.pgn",
                           "ru-ispanskaya.pgn", "chess960-sp140.pgn", "es-ruy-lopez.txt"}) {
    all += read_file(std::string(PLANILLA_SOURCE_DIR) + "/samples/" + name);
    all += "\n\n";
  }
  std::string repeated;
  for (int i = 0; i < kCopies; ++i) repeated += all;
  return repeated;
}

std::string convert_with(const std::string& input, unsigned jobs, std::uint64_t* games, bool overlap = false) {
  std::istringstream in(input);
  std::ostringstream out;
  ConvertOptions o;
  o.from.auto_detect = true;
  o.to.language = find_language("de");
  o.jobs = jobs;
  o.read.overlap_cutting = overlap;  // as for a compressed input
  std::string diagnostics;
  RunStats s = convert(in, out, o, [&](const GameRecord& r) {
    for (const Diagnostic& d : r.diagnostics) diagnostics += format_diagnostic(d) + "\n";
  });
  *games = s.games;
  return out.str() + "----\n" + diagnostics;
}
}  // namespace

TEST_CASE("convert: the same output for 1, 2 and 4 jobs") {
  std::string input = sample_archive();
  REQUIRE(input.size() > (std::size_t{256} << 10));
  std::uint64_t g1 = 0, g2 = 0, g4 = 0;
  std::string one = convert_with(input, 1, &g1);
  CHECK(g1 == kCopies * 11);                                   // seven files, errors.pgn holds five games
  CHECK(one.find("1. e4 e5 2. Sf3 d6") != std::string::npos);  // Morphy's game in German letters
  CHECK(convert_with(input, 2, &g2) == one);
  CHECK(convert_with(input, 4, &g4) == one);
  std::uint64_t g1o = 0;
  CHECK(convert_with(input, 1, &g1o, true) == one);  // cut on this thread, read on one worker (Produce)
  CHECK(g1o == g1);
  CHECK(g2 == g1);
  CHECK(g4 == g1);
}

TEST_CASE("normalize: the same output and rejects for 1 and 3 jobs; read = written + rejected") {
  std::string input = sample_archive();
  std::string out_text[2], rejects_text[2];
  RunStats stats[2];
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
  CHECK(stats[0].games == stats[0].written + stats[0].rejected);
  CHECK(stats[0].rejected == kCopies * 3);  // errors.pgn: the illegal, the ambiguous and the garbage game
  CHECK(stats[1].games == stats[0].games);
}

TEST_CASE("convert and normalize: a game's moves count the same whichever reader takes it") {
  // Variations included. The first game is the fast lane's; a draw offer `(=)` leaves the second
  // to the general reader, which builds the game's model (the count was once its main line only).
  struct Row {
    std::string game;
    std::uint64_t moves;
  };
  const std::vector<Row> rows = {
      {"[Event \"a\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 1-0\n", 6},
      {"[Event \"b\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 (=) Nc6 1-0\n", 6},
      {"[Event \"c\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n", 12},
      {"[Event \"d\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 2. Qh5 (=) Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n", 12},
  };
  for (const Row& row : rows) {
    CAPTURE(row.game);
    for (unsigned jobs : {1u, 2u}) {
      std::istringstream in(row.game);
      std::ostringstream out;
      ConvertOptions c;
      c.from = *parse_spec("en", false);
      c.to = *parse_spec("en", false);
      c.jobs = jobs;
      CHECK(convert(in, out, c, [](const GameRecord&) {}).moves == row.moves);
      std::istringstream again(row.game);
      std::ostringstream normalized;
      NormalizeOptions n;
      n.jobs = jobs;
      CHECK(normalize(again, normalized, nullptr, n).moves == row.moves);
    }
  }
}

TEST_CASE("convert: ConvertOptions.from alone sets the reading language") {
  // A library user names the input's notation once, in `from`; read.language is left as it is.
  const std::string spanish = "[Event \"t\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. O-O Cf6 *\n";
  for (const char* jobs_text : {"1", "2"}) {
    CAPTURE(jobs_text);
    std::istringstream in(spanish);
    std::ostringstream out;
    ConvertOptions o;
    o.from = *parse_spec("es", false);
    o.to = *parse_spec("en", false);
    o.jobs = jobs_text[0] == '1' ? 1 : 2;
    std::vector<Diagnostic> diagnostics;
    const RunStats s = convert(in, out, o, [&](const GameRecord& r) {
      diagnostics.insert(diagnostics.end(), r.diagnostics.begin(), r.diagnostics.end());
    });
    CHECK(s.games == 1);
    CHECK(s.errors == 0);
    CHECK(s.moves == 8);
    CHECK(out.str().find("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 *") != std::string::npos);
    for (const Diagnostic& d : diagnostics) CHECK_MESSAGE(d.severity != Severity::Error, format_diagnostic(d));
  }
}

TEST_CASE("convert: with from auto, a language left in read.language changes nothing") {
  // `from` is the one place a reading language is set: auto detection starts from English
  // whatever read.language holds, so the Bishop's Opening stays bishops (German B = Bauer).
  const std::string english_game = "[Event \"t\"]\n\n1. e4 e5 2. Bc4 Bc5 3. Qh5 Nf6 4. Qxf7# 1-0\n";
  std::string outputs[2];
  for (int i = 0; i < 2; ++i) {
    std::istringstream in(english_game);
    std::ostringstream out;
    ConvertOptions o;
    o.from.auto_detect = true;
    o.to = *parse_spec("uci", false);
    o.jobs = 1;
    if (i == 1) o.read.language = find_language("de");
    convert(in, out, o, nullptr);
    outputs[i] = out.str();
  }
  CHECK(outputs[0].find("2. f1c4 f8c5 3. d1h5 g8f6 4. h5f7 1-0") != std::string::npos);
  CHECK(outputs[1] == outputs[0]);
}
