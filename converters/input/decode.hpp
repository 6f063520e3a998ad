// Bytes → UTF-8 text with the encoding that was detected (or forced), line ends normalised to LF,
// and a map back to the original bytes so diagnostics name places in the file as it was read.
//
// Supported: UTF-8 (validated; BOM stripped), UTF-16 LE/BE (BOM), ISO-8859-1 / Windows-1252,
// Windows-1251 (ICU's charset detector + an own check), CP866 (ICU cannot detect it: an own
// heuristic on where Cyrillic letters fall), KOI8-R (the same heuristic: lower-case letters in
// 0xC0–0xDF, where windows-1251 has its capitals), windows-1250 and ISO-8859-2 (when a Western
// reading puts symbols inside words: `Rados³aw` for `Radosław`), windows-1253 and ISO-8859-7
// (Greek letter frequencies against Russian ones), windows-1254 and ISO-8859-9 (Turkish `ı` with
// `ş` or `ğ`, read as Western `ý` `þ` `ð`, and no Icelandic vowel). Pure ASCII and valid UTF-8
// without CR take a fast path that neither copies nor calls ICU.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace planilla {

enum class Encoding : std::uint8_t {
  Ascii,  // 7-bit only: every ASCII-compatible encoding reads it the same
  Utf8,
  Utf8Bom,      // UTF-8 that started with EF BB BF (stripped)
  Utf16Le,      // with BOM FF FE
  Utf16Be,      // with BOM FE FF
  Latin1,       // ISO-8859-1: no byte in 0x80–0x9F
  Windows1252,  // Latin-1 superset with printable 0x80–0x9F (€ ‚ „ … ™)
  Windows1251,  // Cyrillic, Windows
  Cp866,        // Cyrillic, DOS
  Koi8r,        // Cyrillic, Unix and the early Russian Internet
  Windows1250,  // Central European, Windows (Polish, Czech, Slovak, Hungarian, Slovenian, Croatian)
  Iso8859_2,    // Central European, ISO (Latin-2)
  Windows1253,  // Greek, Windows
  Iso8859_7,    // Greek, ISO
  Windows1254,  // Turkish, Windows
  Iso8859_9,    // Turkish, ISO (Latin-5)
  Koi8u,        // KOI8-R with the Ukrainian letters є і ї ґ (and capitals) for eight box-drawing signs
};

// "UTF-8", "windows-1251", "CP866" … (IANA-style names, as printed in N-ENCODING notes).
std::string_view encoding_name(Encoding e);
// Case-insensitive, with the usual aliases ("latin1", "iso-8859-1", "cp1251", "ibm866", "utf8").
std::optional<Encoding> encoding_from_name(std::string_view name);
// Single-byte encodings are ASCII-compatible: structure (brackets, braces, results) is plain ASCII
// in them, so a byte scanner can split games before decoding.
bool is_single_byte(Encoding e);

// Maps offsets in the decoded text back to the original bytes. The decoded text differs from the
// input where a byte sequence was transcoded (a Latin-1 byte becomes two UTF-8 bytes) or removed
// (the CR of CRLF, a BOM); anchors record each point where the difference changes.
//
// A text in a Cyrillic or Greek code page has an anchor at nearly every letter. As pairs of
// 64-bit offsets they took 16 bytes each (32 while the vector doubled): an 8 MiB game in
// Windows-1251 held 200 MiB of anchors. They are kept as differences from the anchor before,
// both under 16 in one byte (nearly all of them), with every 128th anchor whole so that a search
// can start there: about one byte an anchor.
//
// A single-byte code page makes one character of the text from each byte (decode_single_byte):
// there the map counts characters instead (count_characters()). Between anchors the original
// offset advances one byte a character, counted in the text itself, so anchors are needed only
// where that does not hold (the CR of a CRLF) and every kCheckpoint bytes of text (a search then
// counts no further). The answers are those of the anchors above; a Cyrillic game's map holds
// no anchor per letter, and its decoding builds none (the anchors were a quarter of the time of
// checking an annotated Windows-1251 archive; bench/RESULTS.md).
class OffsetMap {
 public:
  // A place among the anchors, kept by a caller that asks for offsets in increasing order.
  struct Hint {
    std::size_t next = 0;                     // the first anchor past the last answer's
    std::size_t pos = 0;                      // where anchor `next` is packed, when it is packed
    std::uint64_t decoded = 0, original = 0;  // anchor next - 1 (when next > 0)
    // A map that counts characters: the last answer (the count goes on from there).
    std::uint64_t counted_decoded = 0, counted_original = 0;
    std::uint64_t counted_limit = 0;  // the next anchor's decoded offset: below it, the count goes on
  };
  // Offset in the original bytes of the character at `decoded` in the decoded text.
  std::uint64_t original(std::uint64_t decoded) const;
  // The same, found from `hint` (default-constructed at first; the call keeps it): for offsets
  // asked in increasing order, as a reader does, no search. Asked out of order, it searches.
  std::uint64_t original(std::uint64_t decoded, Hint& hint) const {
    // A map that counts characters, asked on in the same stretch between anchors (a reader's
    // question for each move): the count goes on from the last answer, inline.
    if (counted_ && decoded >= hint.counted_decoded && decoded < hint.counted_limit) {
      hint.counted_original += characters(hint.counted_decoded, decoded);
      hint.counted_decoded = decoded;
      return hint.counted_original;
    }
    return original_stepped(decoded, hint);
  }
  // Record that decoded offset `decoded` corresponds to original offset `original` from here on.
  // Offsets come in increasing order (an equal `decoded` replaces the last anchor's original).
  void add(std::uint64_t decoded, std::uint64_t original);
  bool identity() const { return count_ == 0 && !counted_; }
  // From now on (before the first add()), a map that counts characters of the text attach()
  // names; the text must stay where it is while the map answers (Decoded points its map at its
  // own text again when it moves).
  void count_characters() { counted_ = true; }
  bool counts_characters() const { return counted_; }
  void attach(std::string_view text) {
    text_ = text.data();
    text_size_ = text.size();
  }
  static constexpr std::uint64_t kCheckpoint = 4096;  // text bytes between anchors, at most, counted
  // Bytes held for the anchors: for tests of the memory bound.
  std::size_t memory() const { return blocks_.capacity() * sizeof(Block) + packed_.capacity(); }

 private:
  static constexpr std::size_t kBlock = 128;  // anchors per block: the first whole, the rest packed
  struct Block {
    std::uint64_t decoded = 0, original = 0;  // the block's first anchor
    std::size_t pos = 0;                      // where its second anchor is packed
  };
  struct Anchor {
    std::uint64_t decoded = 0, original = 0;
  };
  // Anchor `index` (below count_), which follows `before` (anchor index - 1) and is packed at
  // `pos` when it is not a block's first or the last: its value, and `pos` past it.
  Anchor anchor_after(std::size_t index, Anchor before, std::size_t& pos) const;
  void commit(Anchor a);  // the last anchor, once the next is known, into blocks_ or packed_
  std::uint64_t between(std::uint64_t decoded, Anchor at, const Anchor* next) const;
  // Characters of the attached text in [from, to) (past its end, a byte each).
  std::uint64_t characters(std::uint64_t from, std::uint64_t to) const;
  // original(decoded, hint) through the anchors from the hint's place.
  std::uint64_t original_stepped(std::uint64_t decoded, Hint& hint) const;

  std::vector<Block> blocks_;
  std::vector<std::uint8_t> packed_;
  std::size_t count_ = 0;  // anchors, the last one included
  Anchor last_;            // anchor count_ - 1, not committed yet (it may still change)
  Anchor committed_;       // anchor count_ - 2
  bool counted_ = false;   // count_characters()
  const char* text_ = nullptr;
  std::size_t text_size_ = 0;
};

struct DecodeOptions {
  std::optional<Encoding> force;  // explicit override: no detection
  // Encoding to prefer when the bytes are not UTF-8 and detection has too little evidence (the
  // file-level choice, when games are decoded one by one).
  std::optional<Encoding> prefer;
  // What detect_encoding(bytes, prefer) answered already (the reader detects each game once,
  // when it cuts it, to know the next game's preference): not detected again, not forced.
  std::optional<Encoding> detected;
  bool normalize_line_ends = true;  // CRLF and lone CR → LF
};

struct Decoded {
  Encoding encoding = Encoding::Ascii;
  bool forced = false;
  std::uint64_t invalid_bytes = 0;  // bytes not valid in the chosen encoding (replaced by U+FFFD)
  std::uint64_t first_invalid = 0;  // offset of the first one (original bytes)
  OffsetMap map;

  // The UTF-8 text: a view into the input on the fast path, into `storage` otherwise. Moving a
  // Decoded keeps the view valid (see the move operations).
  std::string_view text() const { return owned_ ? std::string_view(storage_) : view_; }

  Decoded() = default;
  Decoded(Decoded&& other) noexcept;
  Decoded& operator=(Decoded&& other) noexcept;
  Decoded(const Decoded&) = delete;
  Decoded& operator=(const Decoded&) = delete;

  void set_view(std::string_view v) {
    view_ = v;
    owned_ = false;
  }
  std::string& own() {
    owned_ = true;
    return storage_;
  }

 private:
  std::string storage_;
  std::string_view view_;
  bool owned_ = false;
};

// Decodes `bytes`. Never fails: bytes invalid in the chosen encoding become U+FFFD and are
// counted in `invalid_bytes` (W-ENCODING for the caller).
// Example: decode("\xE9t\xE9") → text "été", encoding Latin1.
Decoded decode(std::string_view bytes, const DecodeOptions& options = {});

// Detection alone (the bytes are not converted). Returns Ascii for 7-bit input.
Encoding detect_encoding(std::string_view bytes, std::optional<Encoding> prefer = std::nullopt);

// UTF-8 → `target` (for writing diagnostics into a rejects stream in a game's own encoding).
// Characters the target cannot represent become '?'.
std::string encode(std::string_view utf8, Encoding target);

// True when `bytes` is valid UTF-8 (no overlongs, no surrogates, ≤ U+10FFFF).
bool is_valid_utf8(std::string_view bytes);
// Every byte below 0x80 (a word at a time: most PGN files are pure ASCII).
bool is_ascii(std::string_view bytes);

// 1-based line and column (in code points) of `offset` inside UTF-8 `text` whose first byte sits
// at (first_line, first_column). Lines end at LF (the decoder has already normalised the rest).
struct LineColumn {
  std::uint32_t line = 1;
  std::uint32_t column = 1;
};
LineColumn line_column(std::string_view text, std::uint64_t offset, std::uint32_t first_line = 1,
                       std::uint32_t first_column = 1);

// line_column() for a series of offsets in one text, counted on from the previous offset when it
// lies before the new one: counting from the start every time made a game of 50,000 bad tokens
// quadratic (minutes for 200 KB; found by the adversarial set).
class LineCursor {
 public:
  LineCursor(std::string_view text, std::uint32_t first_line, std::uint32_t first_column)
      : text_(text), first_{first_line, first_column}, at_(first_) {}
  LineColumn at(std::uint64_t offset) {
    if (offset < offset_) {
      offset_ = 0;
      at_ = first_;
    }
    at_ = line_column(text_.substr(offset_), offset - offset_, at_.line, at_.column);
    offset_ = offset;
    return at_;
  }

 private:
  std::string_view text_;
  LineColumn first_;
  LineColumn at_;
  std::uint64_t offset_ = 0;
};

}  // namespace planilla
