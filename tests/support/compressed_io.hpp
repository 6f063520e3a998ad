// Compressed data as the compression tests and fuzz_compressed make and read it. Header-only,
// since the fuzz build (PLANILLA_FUZZ) builds tests/fuzz without the test-support library.
#pragma once

#include <istream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "converters/input/compressed.hpp"

namespace planilla::test {

// `text` compressed with `c` (zstd, gzip or xz: planilla writes no bzip2), written in pieces of
// `piece` bytes as a writer would; nullopt when finishing the data failed.
inline std::optional<std::string> compress_in_pieces(Compression c, std::string_view text, std::size_t piece) {
  std::ostringstream sink;
  {
    CompressingStream z(c, sink);
    for (std::size_t i = 0; i < text.size(); i += piece) z << text.substr(i, piece);
    if (!z.finish()) return std::nullopt;
  }
  return sink.str();
}

// `bytes` read as open_input() reads a file: the first bytes sniffed for a magic number, then
// served again. `failure`, when given, gets input_failure() (empty unless the data was corrupt
// or cut short).
inline std::string decompress_as_opened(const std::string& bytes, std::string* failure = nullptr) {
  auto source = std::make_unique<std::istringstream>(bytes);
  std::string head(6, '\0');
  source->read(head.data(), 6);
  head.resize(static_cast<std::size_t>(source->gcount()));
  const Compression c = detect_compression(head);
  std::istream& s = *source;
  DecompressingStream in(c, s, std::move(source), head);
  std::string out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (failure) *failure = input_failure(in);
  return out;
}

}  // namespace planilla::test
