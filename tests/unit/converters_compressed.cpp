// Compressed input and output (converters/input/compressed.hpp): each format read back to the
// same bytes, concatenated frames/members/streams read as one text, corrupt and truncated data
// reported with what was read before, and a compressed archive giving the same diagnostics
// (line, column, byte, game) as the plain one.
#include <doctest/doctest.h>

#include <bzlib.h>

#include <sstream>
#include <string>

#include "converters/input/compressed.hpp"
#include "converters/pgn/reader.hpp"
#include "tests/support/compressed_io.hpp"

using namespace planilla;

namespace {

std::string archive() {
  std::string all;
  for (int i = 0; i < 400; ++i) {
    all += "[Event \"game " + std::to_string(i) + "\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ";
    all += i % 7 == 3 ? "4. Ke3 *\n\n" : "4. Ba4 Nf6 {a comment} *\n\n";
  }
  return all;
}

std::string compress(Compression c, const std::string& text) {
  if (c == Compression::Bzip2) {
    std::string out(text.size() + text.size() / 100 + 600, '\0');
    auto len = static_cast<unsigned>(out.size());
    REQUIRE(BZ2_bzBuffToBuffCompress(out.data(), &len, const_cast<char*>(text.data()),
                                     static_cast<unsigned>(text.size()), 9, 0, 0) == BZ_OK);
    out.resize(len);
    return out;
  }
  const std::optional<std::string> z = test::compress_in_pieces(c, text, 1000);  // in pieces, as a writer would
  REQUIRE(z.has_value());
  return *z;
}

// Decompresses `bytes` as open_input() does: the first bytes sniffed, then served again.
std::string decompress(const std::string& bytes, std::string* failure = nullptr) {
  return test::decompress_as_opened(bytes, failure);
}

constexpr Compression kAll[] = {Compression::Zstd, Compression::Gzip, Compression::Bzip2, Compression::Xz};

}  // namespace

TEST_CASE("compression: magic numbers, names") {
  CHECK(detect_compression(std::string("\x28\xB5\x2F\xFD\x00", 5)) == Compression::Zstd);
  CHECK(detect_compression("\x1F\x8B\x08") == Compression::Gzip);
  CHECK(detect_compression("BZh9") == Compression::Bzip2);
  CHECK(detect_compression(std::string("\xFD"
                                       "7zXZ\0",
                                       6)) == Compression::Xz);
  CHECK(detect_compression("[Event \"x\"]") == Compression::None);
  CHECK(detect_compression("BZh") == Compression::None);  // too short to be bzip2
  CHECK(detect_compression("") == Compression::None);
  CHECK(compression_for_name("out.pgn.zst") == Compression::Zstd);
  CHECK(compression_for_name("OUT.PGN.GZ") == Compression::Gzip);
  CHECK(compression_for_name("out.xz") == Compression::Xz);
  CHECK(compression_for_name("out.pgn") == Compression::None);
  CHECK(compression_for_name("out.bz2") == Compression::None);  // read, not written
}

TEST_CASE("compression: every format reads back, concatenated data as one text") {
  const std::string text = archive();
  for (Compression c : kAll) {
    CAPTURE(compression_name(c));
    const std::string z = compress(c, text);
    CHECK(detect_compression(z) == c);
    CHECK(z.size() < text.size() / 4);
    std::string failure;
    CHECK(decompress(z, &failure) == text);
    CHECK(failure.empty());
    // `zstd -c a b`, `cat a.gz b.gz`, pbzip2, `xz -c a; xz -c b`: one text.
    CHECK(decompress(z + compress(c, "[Event \"tail\"]\n*\n"), &failure) == text + "[Event \"tail\"]\n*\n");
    CHECK(failure.empty());
  }
}

TEST_CASE("compression: truncated and corrupt data say so; what came before is read") {
  const std::string text = archive();
  for (Compression c : kAll) {
    CAPTURE(compression_name(c));
    const std::string z = compress(c, text);
    std::string failure;
    const std::string cut = decompress(z.substr(0, z.size() * 2 / 3), &failure);
    CHECK(failure.find("corrupt " + std::string(compression_name(c)) + " data") == 0);
    CHECK(text.compare(0, cut.size(), cut) == 0);  // a prefix of the text, nothing invented
    std::string bad = z;
    for (std::size_t i = bad.size() / 2; i < bad.size() / 2 + 64; ++i) bad[i] = static_cast<char>(bad[i] ^ 0x5A);
    decompress(bad, &failure);
    CHECK(!failure.empty());
  }
}

TEST_CASE("compression: a compressed archive gives the diagnostics of the plain one") {
  const std::string text = archive();
  auto diagnostics = [](std::istream& in) {
    ReadOptions o;
    o.file_name = "a.pgn";
    o.chunk_size = 4096;  // many chunk boundaries
    PgnReader reader(in, o);
    GameRecord r;
    std::string all;
    while (reader.next(r))
      for (const Diagnostic& d : r.diagnostics) all += format_diagnostic(d) + " @" + std::to_string(d.byte) + "\n";
    return all;
  };
  std::istringstream plain(text);
  const std::string expected = diagnostics(plain);
  REQUIRE(expected.find("E-ILLEGAL") != std::string::npos);
  for (Compression c : kAll) {
    CAPTURE(compression_name(c));
    const std::string z = compress(c, text);
    auto source = std::make_unique<std::istringstream>(z);
    std::istream& s = *source;
    DecompressingStream in(c, s, std::move(source), "");
    CHECK(diagnostics(in) == expected);
  }
}
