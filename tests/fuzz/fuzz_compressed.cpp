// Compressed input (converters/input/compressed.hpp) on arbitrary bytes. The first byte chooses a
// format (zstd, gzip, xz; bzip2 is read, not written) and where the data is cut and corrupted;
// the rest is a text. Invariants, beyond "no crash, no hang, no leak":
// - the text compressed and read back is the text, with no failure;
// - cut short, it reads back as a prefix of the text and says that it was cut ("corrupt …");
// - with a byte changed, the reading ends (with or without a failure: a changed literal in a frame
//   without a checksum can read as other text);
// - the text itself, behind the format's magic number, is read to an end.
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "converters/input/compressed.hpp"
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/support/compressed_io.hpp"

using namespace planilla;

namespace {

std::string compress(Compression c, std::string_view text) {
  const std::optional<std::string> z = test::compress_in_pieces(c, text, 700);
  PLANILLA_FUZZ_CHECK(z.has_value());
  return *z;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  constexpr Compression kWritten[] = {Compression::Zstd, Compression::Gzip, Compression::Xz};
  const Compression c = kWritten[data[0] % 3];
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  const std::string z = compress(c, text);
  PLANILLA_FUZZ_CHECK(detect_compression(z) == c);
  PLANILLA_FUZZ_CHECK(z.size() > 6);  // (every format's header is longer)
  std::string failure;
  PLANILLA_FUZZ_CHECK(test::decompress_as_opened(z, &failure) == text);
  PLANILLA_FUZZ_CHECK(failure.empty());

  // Cut short (after the magic number, so that the format is still told): a prefix of the text.
  const std::size_t cut = 6 + (data[0] / 3 * 7919u + size) % (z.size() - 6);
  const std::string prefix = test::decompress_as_opened(z.substr(0, cut), &failure);
  PLANILLA_FUZZ_CHECK(text.substr(0, prefix.size()) == prefix);
  PLANILLA_FUZZ_CHECK(failure.find("corrupt " + std::string(compression_name(c)) + " data") == 0);

  // One byte changed: the reading ends.
  std::string changed = z;
  const std::size_t at = 6 + (size * 31u + data[0]) % (z.size() - 6);
  changed[at] = static_cast<char>(changed[at] ^ (1 + data[0] % 255));
  test::decompress_as_opened(changed, &failure);

  // The text behind each format's magic number: read as far as it goes, to an end.
  static constexpr std::string_view kMagic[] = {std::string_view("\x28\xB5\x2F\xFD", 4),
                                                std::string_view("\x1F\x8B\x08", 3), std::string_view("BZh9", 4),
                                                std::string_view("\xFD"
                                                                 "7zXZ\0",
                                                                 6)};
  for (std::string_view magic : kMagic) test::decompress_as_opened(std::string(magic) + std::string(text), &failure);
  return 0;
}
