// The encoding detector and decoder. Whatever the bytes and options, the text is valid UTF-8,
// the offset map stays inside the input, never goes backwards and answers alike through a hint,
// and encode() back to the chosen encoding does not fail.
#include "converters/input/decode.hpp"
#include "tests/fuzz/fuzz_common.hpp"

using namespace planilla;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view bytes = fuzz::as_text(data + 1, size - 1);
  const std::uint8_t choice = data[0];
  DecodeOptions options;
  constexpr int kEncodings = static_cast<int>(Encoding::Koi8u) + 1;
  if (choice & 0x10) options.force = static_cast<Encoding>((choice & 0x0F) % kEncodings);
  else if (choice & 0x20) options.prefer = static_cast<Encoding>((choice & 0x0F) % kEncodings);
  options.normalize_line_ends = !(choice & 0x40);
  const Decoded d = decode(bytes, options);
  const std::string_view text = d.text();
  PLANILLA_FUZZ_CHECK(is_valid_utf8(text));
  // Every offset, in order through a hint as the readers ask, and by the search: the same answer
  // (the map is packed: OffsetMap).
  std::uint64_t previous = 0;
  OffsetMap::Hint hint;
  for (std::uint64_t at = 0; at <= text.size(); ++at) {
    const std::uint64_t original = d.map.original(at);
    PLANILLA_FUZZ_CHECK(d.map.original(at, hint) == original);
    PLANILLA_FUZZ_CHECK(original >= previous);
    PLANILLA_FUZZ_CHECK(original <= bytes.size());
    previous = original;
  }
  (void)detect_encoding(bytes, options.prefer);
  (void)encode(text, d.encoding);
  const LineColumn lc = line_column(text, text.size());
  PLANILLA_FUZZ_CHECK(lc.line >= 1 && lc.column >= 1);
  return 0;
}
