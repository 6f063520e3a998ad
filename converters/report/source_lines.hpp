// What the reports show of the source: one game's lines, found and decoded once however many
// diagnostics they carry, and the width a terminal gives a text.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "converters/pgn/reader.hpp"

namespace planilla {

// Bytes of the UTF-8 sequence that `lead` starts.
inline std::size_t utf8_length(unsigned char lead) { return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4; }

// Terminal cells `text` takes: two for East Asian wide and fullwidth characters (CJK, most
// emoji), none for combining marks and zero-width characters, one otherwise (ICU's properties).
// Example: display_width("棋e4") == 4.
std::size_t display_width(std::string_view text);

// `text` as a terminal may be given it: each C0 control but the tab, and DEL, as its picture
// (U+2400 block: ESC is `␛`), each C1 control as U+FFFD, one cell for one, so that the caret
// stays under its token. A stranger's file cannot then recolour, retitle or clear the terminal
// the report is read in (`\x1b]0;…\x07`), or hide text from it.
std::string visible_controls(std::string_view text);
// Whether visible_controls() would change `text` (nearly never: no copy then).
bool has_controls(std::string_view text);

// The source lines of one game for the text report, each found and decoded once however many
// diagnostics it carries, and a cursor from columns to bytes that moves on from the last query:
// a game of 50,000 bad tokens on one 200 KB line took minutes (the line printed whole for each,
// and searched and decoded again each time).
class SourceLines {
 public:
  // The excerpt of the diagnostic's line shown under it, and the caret's column in it; an empty
  // text when the line is unknown. A line longer than kWidth code points is cut around the
  // column, with `…` where text was left out.
  struct Excerpt {
    std::string text;
    std::uint32_t caret = 1;
  };
  Excerpt excerpt(const Diagnostic& d, const GameRecord& record) {
    Excerpt out;
    if (d.line < record.line || !load(record, d.line - record.line)) return out;
    // A game that begins mid-line (`… 1-0 [Event "b"] 1. d4`) holds its first line from its own
    // first column on: the columns before it are another game's, left out as `…`.
    const std::uint32_t shift = d.line == record.line ? record.column - 1 : 0;
    const std::uint32_t column = std::max<std::uint32_t>(1, d.column > shift ? d.column - shift : 1);
    if (code_points_ <= kWidth) {
      if (shift > 0) out.text = "\u2026 ";
      out.text += text_;
      out.caret = column + (shift > 0 ? 2 : 0);
      return out;
    }
    const std::uint32_t from = column > kBefore ? column - kBefore : 1;
    const std::uint32_t to = std::min<std::uint32_t>(code_points_ + 1, from + kWidth);
    const std::size_t begin = byte_of(from), end = byte_of(to);
    const bool cut_before = from > 1 || shift > 0;
    if (cut_before) out.text = "\u2026 ";
    out.text.append(text_, begin, end - begin);
    if (to <= code_points_) out.text += " \u2026";
    out.caret = column - from + 1 + (cut_before ? 2 : 0);
    return out;
  }

  // A new game begins: what is held belongs to the last one. The record's address, number and
  // offset do not tell games apart across files (a reused record, game 1 at offset 0 of each
  // file: `convert DIR` showed the first file's line under the second file's diagnostic).
  void forget() { record_ = nullptr; }

 private:
  static constexpr std::uint32_t kWidth = 160;  // code points shown at most
  static constexpr std::uint32_t kBefore = 60;  // of them before the column

  // The first CR or LF at or after `from`, or npos (find_first_of with a set calls memchr on the
  // set for every byte).
  static std::size_t line_end(std::string_view all, std::size_t from) {
    for (std::size_t i = from; i < all.size(); ++i)
      if (all[i] == '\n' || all[i] == '\r') return i;
    return std::string_view::npos;
  }

  // Makes line `index` (0-based, within the game) current; false when there is none.
  bool load(const GameRecord& record, std::uint32_t index) {
    if (&record != record_ || record.number != number_ || record.offset != offset_ || index < scan_index_) {
      record_ = &record;
      number_ = record.number;
      offset_ = record.offset;
      scan_index_ = 0;
      scan_start_ = 0;
      loaded_ = UINT32_MAX;
    }
    if (index == loaded_) return !text_.empty();
    // LF, CRLF and CR each end a line, as in the splitter.
    const std::string_view all = record.original;
    while (scan_index_ < index) {
      const std::size_t nl = line_end(all, scan_start_);
      if (nl == std::string_view::npos) {
        loaded_ = index;
        text_.clear();
        return false;
      }
      scan_start_ = nl + 1;
      if (all[nl] == '\r' && scan_start_ < all.size() && all[scan_start_] == '\n') ++scan_start_;
      ++scan_index_;
    }
    const std::size_t end = line_end(all, scan_start_);
    const std::string_view raw =
        all.substr(scan_start_, end == std::string_view::npos ? std::string_view::npos : end - scan_start_);
    DecodeOptions opts;
    opts.force = record.encoding;
    text_ = std::string(decode(raw, opts).text());
    loaded_ = index;
    code_points_ = 0;
    for (unsigned char c : text_) code_points_ += (c & 0xC0) != 0x80;
    cursor_column_ = 1;
    cursor_byte_ = 0;
    return !text_.empty();
  }

  // The byte offset of 1-based `column` in the current line (its end past the last column). The
  // cursor steps back as well as on: each excerpt asks for its window's two ends, and the next
  // diagnostic's window begins before the last one's end (starting again from the line's
  // beginning made a 3 MB line of bad words quadratic: 17 G instructions for 100 KB of it).
  std::size_t byte_of(std::uint32_t column) {
    while (cursor_column_ > column && cursor_byte_ > 0) {
      --cursor_byte_;
      while (cursor_byte_ > 0 && (static_cast<unsigned char>(text_[cursor_byte_]) & 0xC0) == 0x80) --cursor_byte_;
      --cursor_column_;
    }
    while (cursor_column_ < column && cursor_byte_ < text_.size()) {
      ++cursor_byte_;
      while (cursor_byte_ < text_.size() && (static_cast<unsigned char>(text_[cursor_byte_]) & 0xC0) == 0x80)
        ++cursor_byte_;
      ++cursor_column_;
    }
    return cursor_byte_;
  }

  const GameRecord* record_ = nullptr;
  std::uint32_t number_ = 0;
  std::uint64_t offset_ = 0;
  std::uint32_t scan_index_ = 0;  // line found at scan_start_
  std::size_t scan_start_ = 0;
  std::uint32_t loaded_ = UINT32_MAX;  // line held in text_
  std::string text_;
  std::uint32_t code_points_ = 0;
  std::uint32_t cursor_column_ = 1;
  std::size_t cursor_byte_ = 0;
};

}  // namespace planilla
