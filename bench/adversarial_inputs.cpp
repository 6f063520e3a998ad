// bench_adversarial_inputs DIR: writes the adversarial inputs that bench/adversarial.sh times,
// one file each, every one a good game, the bad input and another good game (as the adversarial
// tier, tests/adversarial/adversarial.cpp, reads them). The tier's own cases come first, with
// the sizes it reads; the named worst cases (a 3 MB glued token, 80 KB of result tokens)
// and further shapes a stranger could send follow. Sizes are those of the benchmark, not of a
// real archive: each input is made to take long if some step is not linear in it.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <random>
#include <string>

#include "tests/adversarial/good_games.hpp"

namespace {

namespace adversarial = planilla::adversarial;
const std::string kGood1(adversarial::kGood1);
const std::string kGood2(adversarial::kGood2);

std::string times(const std::string& s, std::uint64_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::uint64_t i = 0; i < n; ++i) out += s;
  return out;
}

// `n` pieces made by `piece(i)`.
std::string made(std::uint64_t n, const std::function<std::string(std::uint64_t)>& piece) {
  std::string out;
  for (std::uint64_t i = 0; i < n; ++i) out += piece(i);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: bench_adversarial_inputs DIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  int failed = 0;
  auto write = [&](const std::string& name, const std::string& bad) {
    std::ofstream out(dir + "/" + name + ".pgn", std::ios::binary);
    out << kGood1 << bad << "\n\n" << kGood2;
    if (!out) {
      std::cerr << "bench_adversarial_inputs: cannot write " << dir << "/" << name << ".pgn\n";
      ++failed;
    }
  };
  // The adversarial tier's cases.
  // The tier's small cases repeated or scaled to a megabyte or more, so that the rate measures
  // reading them, not starting the program.
  write("tier-nested-parens", "[Event \"deep\"]\n\n1. e4 " + std::string(2000000, '(') + " e5 *");
  const std::string nul(1, '\0');
  write("tier-nul-bytes",
        times("[Event \"n" + nul + "ul\"]\n\n1. e4" + nul + " e5 {a" + nul + "b} 2. N" + nul + "f3 *\n\n" + nul + nul +
                  "\n\n[Event \"x\"]\n\n1. e4 *\n\n" + kGood1 + kGood2 + "\n",
              3000));  // with good games between: NUL bytes all over the head make a binary file
  std::mt19937 prng(20261122);
  std::string garbage(1 << 20, '\0');
  for (char& c : garbage) c = static_cast<char>(prng() & 0xFF);
  write("tier-binary-garbage", garbage);
  std::string mac = "\r\r" + kGood1 + kGood2 + "\r\r";
  for (char& c : mac)
    if (c == '\n') c = '\r';
  write("tier-cr-only", times(mac, 2000));
  write("tier-10mb-tag-value", "[Event \"" + std::string(10000000, 'v') + "\"]\n\n1. e4 *");
  write("tier-100mb-comment", "[Event \"talk\"]\n\n1. e4 {" + times(std::string(99, 'c') + "\n", 1000000) + "} e5 *");
  write("tier-200mb-movetext", times(kGood1.substr(kGood1.find("1. e4")), 200000000 / 70));
  write("tier-20mb-endless-game", "[Event \"endless\"]\n\n" + made(1250000, [](std::uint64_t i) {
                                    return std::string(i % 5 == 4 ? "Nf3 Nf6 Ng1 Ng8 \n" : "Nf3 Nf6 Ng1 Ng8 ");
                                  }) + "*");
  write("tier-50000-unreadable-moves", "[Event \"noise\"]\n\n" + made(50000, [](std::uint64_t i) {
                                         return std::string(i % 10 == 9 ? "Zz9\n" : "Zz9 ");
                                       }) + "*");
  // The named worst cases.
  write("glued-token-3mb", "[Event \"x\"]\n\n1. " + times("Nf3", 1000000) + " *");
  write("result-tokens-80kb", "[Event \"r\"]\n\n1. e4 " + times("1-0 ", 20000) + "*");
  // Further shapes.
  write("glued-san-3mb", "[Event \"x\"]\n\n1. " + times("e4e5Nf3Nc6Bb5a6", 200000) + " *");
  write("glued-descriptive-3mb", "[Event \"x\"]\n\n1. " + times("P-K4P-K4Kt-KB3", 200000) + " *");
  write("descriptive-words-3mb", "[Event \"x\"]\n\n1. " + times("to takes his check ", 150000) + " *");
  write("descriptive-blank-runs-1mb",
        "[Event \"x\"]\n\n1. P-K4 P-K4 2. PxP e.p. P-K8=Q" + times(std::string(60, ' ') + "x", 16000) + " *");
  write("cyrillic-token-2mb", "[Event \"x\"]\n\n1. " +
                                  times("\xD0\x9A"
                                        "f3",
                                        600000) +
                                  " *");
  write("dash-token-3mb", "[Event \"x\"]\n\n1. e4 " + std::string(3000000, '-') + " *");
  write("illegal-moves-2mb", "[Event \"v\"]\n\n1. e4 " + times("Qh5 ", 500000) + "*");
  write("nags-1mb", "[Event \"n\"]\n\n1. e4 " + times("$1 ", 300000) + "*");
  write("move-numbers-1mb", "[Event \"n\"]\n\n1. e4 " + times("1... ", 300000) + "*");
  write("comments-2mb", "[Event \"v\"]\n\n1. e4 " + times("{c} ", 500000) + "e5 *");
  write("variations-2mb", "[Event \"v\"]\n\n1. e4 " + times("(1. d4) ", 300000) + "e5 *");
  write("tags-4mb", made(300000, [](std::uint64_t i) { return "[T" + std::to_string(i) + " \"v\"]\n"; }) + "\n1. e4 *");
  write("empty-games-1mb", times("*\n\n", 500000));
  write("escape-line-3mb", "%" + std::string(3000000, 'x') + "\n[Event \"x\"]\n\n1. e4 *");
  write("line-comment-3mb", "[Event \"x\"]\n\n1. e4 ;" + std::string(3000000, 'x') + "\ne5 *");
  write("blanks-5mb", "[Event \"s\"]\n\n1. e4 " + std::string(5000000, ' ') + "e5 *");
  write("brackets-3mb", std::string(3000000, '['));
  return failed == 0 ? 0 : 1;
}
