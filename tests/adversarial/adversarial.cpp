// The adversarial set (issue 8): inputs a stranger could send, generated here (nothing large is
// committed; the 100 MB and 200 MB inputs are produced while they are read, never stored). Each
// case runs normalize() — the whole pipeline: split, decode, grammar, resolve, suggestions,
// writer, rejects — over a good game, the bad input, and another good game, and checks that
//   * it ends (ctest's TIMEOUT is the time cap, also under ASan + UBSan),
//   * nothing is lost: read == written + rejected, the rejects hold the bad bytes,
//   * the good games before and after are written exactly as when they are read alone,
//   * peak memory (getrusage's max RSS of this process; one ctest process per case) stays under
//     64 MiB plus the largest game, in builds without sanitizers (ASan's shadow memory and
//     quarantine would measure the sanitizer, not planilla).
// Run one case: adversarial_tests -tc='adversarial: nested parens'.
#include <doctest/doctest.h>

#include <sys/resource.h>

#include <cstdint>
#include <functional>
#include <istream>
#include <ostream>
#include <random>
#include <sstream>
#include <string>

#include "converters/run/normalize.hpp"
#include "tests/adversarial/good_games.hpp"

using namespace planilla;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

const std::string kGood1(adversarial::kGood1);
const std::string kGood2(adversarial::kGood2);

// An input stream whose bytes come from a generator, piece by piece: a 200 MB input costs no
// memory in the test itself.
class GeneratedBuf : public std::streambuf {
 public:
  explicit GeneratedBuf(std::function<bool(std::string&)> next) : next_(std::move(next)) {}

 protected:
  int_type underflow() override {
    piece_.clear();
    while (piece_.empty())
      if (!next_(piece_)) return traits_type::eof();
    setg(piece_.data(), piece_.data(), piece_.data() + piece_.size());
    return traits_type::to_int_type(piece_[0]);
  }

 private:
  std::function<bool(std::string&)> next_;
  std::string piece_;
};

// Counts what is written and keeps only its first and last bytes.
class TailBuf : public std::streambuf {
 public:
  std::uint64_t size = 0;
  std::string head, tail;

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) {
      char ch = traits_type::to_char_type(c);
      xsputn(&ch, 1);
    }
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    const auto len = static_cast<std::size_t>(n);
    size += len;
    if (head.size() < kKeep) head.append(s, std::min(len, kKeep - head.size()));
    // Only the last kKeep bytes of a piece can end up in the tail: a 100 MB reject written in
    // one call must not be copied here (the test would measure its own memory).
    const std::size_t from = len > kKeep ? len - kKeep : 0;
    tail.append(s + from, len - from);
    if (tail.size() > 2 * kKeep) tail.erase(0, tail.size() - kKeep);
    return n;
  }

 private:
  static constexpr std::size_t kKeep = 1 << 16;
};

std::string normalized_alone(const std::string& game) {
  std::istringstream in(game);
  std::ostringstream out;
  normalize(in, out, nullptr, NormalizeOptions{});
  return out.str();
}

struct Run {
  RunStats stats;
  std::uint64_t rejected_bytes = 0;
  bool good_first = false;  // the output starts with kGood1 as normalized alone
  bool good_last = false;   // and ends with kGood2 as normalized alone
};

// Reads kGood1, the pieces of `bad` (a generator), kGood2.
Run run(std::function<bool(std::string&)> bad, unsigned jobs = 1) {
  int stage = 0;
  GeneratedBuf source([&](std::string& piece) {
    if (stage == 0) {
      piece = kGood1;
      stage = 1;
      return true;
    }
    if (stage == 1) {
      if (bad(piece)) return true;
      piece = "\n\n" + kGood2;
      stage = 2;
      return true;
    }
    return false;
  });
  std::istream in(&source);
  TailBuf out_buf, rejects_buf;
  std::ostream out(&out_buf), rejects(&rejects_buf);
  Run r;
  NormalizeOptions options;
  options.jobs = jobs;
  r.stats = normalize(in, out, &rejects, options);
  r.rejected_bytes = rejects_buf.size;
  static const std::string first = normalized_alone(kGood1);
  static const std::string last = normalized_alone(kGood2);
  r.good_first = out_buf.head.compare(0, first.size(), first) == 0;
  r.good_last = out_buf.tail.size() >= last.size() &&
                out_buf.tail.compare(out_buf.tail.size() - last.size(), last.size(), last) == 0;
  return r;
}

// The bad input as one string, handed out in 1 MiB pieces.
std::function<bool(std::string&)> once(std::string text) {
  auto pos = std::make_shared<std::size_t>(0);
  auto data = std::make_shared<std::string>(std::move(text));
  return [pos, data](std::string& piece) {
    if (*pos >= data->size()) return false;
    piece = data->substr(*pos, kMiB);
    *pos += piece.size();
    return true;
  };
}

// `count` pieces made by `make(i)`, bracketed by `open` and `close`.
std::function<bool(std::string&)> repeated(std::string open, std::uint64_t count,
                                           std::function<std::string(std::uint64_t)> make, std::string close) {
  auto i = std::make_shared<std::uint64_t>(0);
  return [=](std::string& piece) {
    const std::uint64_t k = (*i)++;
    if (k == 0) piece = open;
    else if (k <= count) piece = make(k - 1);
    else if (k == count + 1) piece = close;
    else return false;
    return true;
  };
}

std::uint64_t peak_rss_bytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<std::uint64_t>(u.ru_maxrss) * 1024;  // Linux reports KiB
}

void check_memory(std::uint64_t largest_game) {
  const std::uint64_t peak = peak_rss_bytes();
  MESSAGE("peak RSS " << peak / kMiB << " MiB; largest game " << largest_game / kMiB << " MiB"
                      << std::string(kSanitized ? " (sanitizer build: not checked)" : ""));
  if (!kSanitized) CHECK(peak <= 64 * kMiB + largest_game);
}

void check_neighbours(const Run& r, std::uint64_t read) {
  CHECK(r.stats.games == read);
  CHECK(r.stats.games == r.stats.written + r.stats.rejected);
  CHECK(r.good_first);
  CHECK(r.good_last);
}

}  // namespace

TEST_CASE("adversarial: 100,000 nested parens") {
  const Run r = run(once("[Event \"deep\"]\n\n1. e4 " + std::string(100000, '(') + " e5 *"));
  check_neighbours(r, 3);
  CHECK(r.stats.rejected == 1);
  CHECK(r.rejected_bytes > 100000);
  check_memory(110000);
}

TEST_CASE("adversarial: NUL bytes in tags, comments, moves and between games") {
  std::string nul(1, '\0');
  const Run r = run(once("[Event \"n" + nul + "ul\"]\n\n1. e4" + nul + " e5 {a" + nul + "b} 2. N" + nul + "f3 *\n\n" +
                         nul + nul + "\n\n[Event \"x\"]\n\n1. e4 *"));
  CHECK(r.stats.games >= 4);
  check_neighbours(r, r.stats.games);
  CHECK(r.stats.rejected >= 1);  // `e4\0` is no move
  check_memory(1000);
}

TEST_CASE("adversarial: an invalid UTF-8 byte at every position of a game") {
  // Each position gets its own three-game input: the bad byte must never make the games
  // around it disappear, whatever it breaks (a tag, a move, the result that ends the game).
  const std::string game = "[Event \"u\"]\n[White \"Ñ\"]\n\n1. e4 {é} e5 2. Nf3 1/2-1/2";
  for (const char* bad : {"\xFF", "\xC3", "\xE2\x82", "\xC0\xAF"}) {
    for (std::size_t at = 0; at <= game.size(); ++at) {
      CAPTURE(at);
      const Run r = run(once(game.substr(0, at) + bad + game.substr(at)));
      check_neighbours(r, r.stats.games);
      CHECK(r.stats.games >= 3);
    }
  }
  check_memory(1000);
}

TEST_CASE("adversarial: a game cut in the middle of every token") {
  // The cut game is the last of its file, as when a download stops.
  const std::string game = "[Event \"cut\"]\n[Site \"?\"]\n\n1. e4 e5 2. Nf3 {a comment} (2. f4 exf4) 2... Nc6 1-0";
  for (std::size_t at = 1; at < game.size(); ++at) {
    CAPTURE(at);
    std::istringstream in(kGood1 + game.substr(0, at));
    std::ostringstream out, rejects;
    const RunStats s = normalize(in, out, &rejects, NormalizeOptions{});
    CHECK(s.games == 2);
    CHECK(s.games == s.written + s.rejected);
    CHECK(out.str().compare(0, normalized_alone(kGood1).size(), normalized_alone(kGood1)) == 0);
    // A rejected cut game is in the rejects byte for byte (a game's bytes end at its last
    // non-blank byte).
    std::string cut = game.substr(0, at);
    cut.erase(cut.find_last_not_of(" \n") + 1);
    if (s.rejected) CHECK(rejects.str().find(cut) != std::string::npos);
  }
  check_memory(1000);
}

TEST_CASE("adversarial: binary garbage") {
  std::mt19937 prng(20261122);  // fixed seed: the same garbage on every run
  std::string garbage(1 << 20, '\0');
  for (char& c : garbage) c = static_cast<char>(prng() & 0xFF);
  const Run r = run(once(garbage));
  check_neighbours(r, r.stats.games);
  CHECK(r.stats.games >= 3);
  CHECK(r.rejected_bytes >= garbage.size() / 2);  // the garbage went to the rejects, not away
  check_memory(garbage.size());
}

TEST_CASE("adversarial: CR-only line ends") {
  std::string mac = kGood1 + kGood2;
  for (char& c : mac)
    if (c == '\n') c = '\r';
  const Run r = run(once("\r\r" + mac + "\r\r"));
  check_neighbours(r, 4);
  CHECK(r.stats.rejected == 0);
  check_memory(1000);
}

TEST_CASE("adversarial: 10 MB tag value") {
  const std::uint64_t size = 10 * 1000 * 1000;
  const Run r = run(repeated(
      "[Event \"", size / 1000, [](std::uint64_t) { return std::string(1000, 'v'); }, "\"]\n\n1. e4 *"));
  check_neighbours(r, 3);
  CHECK(r.stats.rejected == 1);
  CHECK(r.rejected_bytes > size);
  check_memory(size);
}

TEST_CASE("adversarial: 100 MB comment") {
  const std::uint64_t size = 100 * 1000 * 1000;
  const Run r = run(repeated(
      "[Event \"talk\"]\n\n1. e4 {", size / 100, [](std::uint64_t) { return std::string(99, 'c') + "\n"; }, "} e5 *"));
  check_neighbours(r, 3);
  CHECK(r.stats.rejected == 1);
  CHECK(r.rejected_bytes > size);
  check_memory(size);
}

// A game of `moves` moves (the knights out and back), each with a comment of `comment` bytes on
// its own line: every line, comment and move count within its limit, however large the game.
// `letter`: the comments' one character, in the file's bytes; `eol`: the line end.
std::function<bool(std::string&)> commented_game(std::uint64_t moves, std::size_t comment, char letter = 'c',
                                                 const std::string& eol = "\n") {
  const char* cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  const std::string text = "{" + std::string(comment - 2 - eol.size(), letter) + "}" + eol;
  return repeated(
      "[Event \"annotated\"]" + eol + eol, moves,
      [=](std::uint64_t i) {
        return (i % 2 == 0 ? std::to_string(i / 2 + 1) + ". " : std::string()) + cycle[i % 4] + " " + text;
      },
      "*");
}

// A game of `mib` MiB in 40,000 commented moves, read between kGood1 and kGood2; `rejected`:
// whether it goes past max_game_bytes (16 MiB) and so to the rejects, whole, or is read.
void commented_game_read(std::uint64_t mib, char letter, const std::string& eol, bool rejected) {
  const std::uint64_t moves = mib > 16 ? 40000 : 4000;
  const Run r = run(commented_game(moves, mib * kMiB / moves, letter, eol));
  check_neighbours(r, 3);
  CHECK(r.stats.rejected == (rejected ? 1 : 0));
  if (rejected) CHECK(r.rejected_bytes > mib * kMiB);
  else CHECK(r.stats.moves == moves + 18);  // kGood1 and kGood2: 18 moves, variations included
  check_memory(mib * kMiB + moves * 8);
}

TEST_CASE("adversarial: 150 MiB game of commented moves") {
  // Beyond 128 MiB, where a buffer that doubles as it grows held 256 MiB while it copied, and
  // beyond max_game_bytes: E-LIMIT, rejected whole, held once.
  commented_game_read(150, 'c', "\n", true);
}

TEST_CASE("adversarial: 150 MiB Windows-1251 game") {
  // The same in a Cyrillic code page with CRLF line ends: decoded, its text would be twice its
  // bytes, and its map back to them once more (the code-page lane decoded it whole to decline it).
  commented_game_read(150, '\xE8', "\r\n", true);  // `и`
}

TEST_CASE("adversarial: 15 MiB game of commented moves") {
  // Just under max_game_bytes: read and written, its model and its text beside it.
  commented_game_read(15, 'c', "\n", false);
}

TEST_CASE("adversarial: 200 MB of one game's movetext repeated") {
  // kGood1's movetext (with its result: every copy is a game) until 200 MB: streaming, memory
  // bounded by one game, and every copy read.
  const std::string movetext = kGood1.substr(kGood1.find("1. e4"));
  const std::uint64_t copies = 200 * 1000 * 1000 / movetext.size();
  // Two workers: CI's two cores (the output is the same for any job count).
  const Run r = run(repeated(
                        "", copies, [&](std::uint64_t) { return movetext; }, ""),
                    2);
  check_neighbours(r, copies + 2);
  CHECK(r.stats.rejected == 0);
  check_memory(movetext.size());  // games are small; 64 MiB covers the batches in flight
}

TEST_CASE("adversarial: 20 MB single game of repeated movetext without results") {
  // One game that never ends: stopped by max_moves with E-LIMIT, rejected whole.
  const std::string moves = "Nf3 Nf6 Ng1 Ng8 ";
  const std::uint64_t copies = 20 * 1000 * 1000 / moves.size();
  const Run r = run(repeated(
      "[Event \"endless\"]\n\n", copies, [&](std::uint64_t i) { return i % 5 == 4 ? moves + "\n" : moves; }, "*"));
  check_neighbours(r, 3);
  CHECK(r.stats.rejected == 1);
  CHECK(r.rejected_bytes > 20 * 1000 * 1000);
  check_memory(20 * kMiB);
}

TEST_CASE("adversarial: a game of 50,000 unreadable moves") {
  // Every token is an error: the game lists the first max_errors (1000) and stops there with
  // E-LIMIT, rejected whole; listing all 50,000 took 90 MB and a second.
  const std::uint64_t tokens = 50000;
  const Run r = run(repeated(
      "[Event \"noise\"]\n\n", tokens, [](std::uint64_t i) { return std::string(i % 10 == 9 ? "Zz9\n" : "Zz9 "); },
      "*"));
  check_neighbours(r, 3);
  CHECK(r.stats.rejected == 1);
  CHECK(r.rejected_bytes > tokens * 4);
  check_memory(tokens * 4);
}

TEST_CASE("adversarial: a 3 MB token of glued moves") {
  // One token with no blank (`Nf3Nf3…`): read in one pass, and by each letter set only as far
  // as it can still be the better reading (bench/adversarial.sh times it).
  std::string glued = "[Event \"glued\"]\n\n1. ";
  for (int i = 0; i < 1000000; ++i) glued += "Nf3";
  const Run r = run(once(glued + " *"));
  check_neighbours(r, 3);
  CHECK(r.stats.rejected == 1);
  CHECK(r.rejected_bytes > 3000000);
  check_memory(glued.size());
}

TEST_CASE("adversarial: 80 KB of result tokens") {
  // The same result written 20,000 times on one line is the game's (read once, one warning);
  // the `*` after it, another result, ends a game of its own.
  std::string results = "[Event \"r\"]\n\n1. e4 ";
  for (int i = 0; i < 20000; ++i) results += "1-0 ";
  const Run r = run(once(results + "*"));
  check_neighbours(r, 4);
  CHECK(r.stats.warnings == 2);  // the repeats; the lone `*`
  check_memory(results.size());
}
