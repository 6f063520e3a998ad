// Old print → the English descriptive grammar's text. Books of 1840–1920 print moves the grammar
// does not read as such: the file named by "his/her/its" (`Q. to her 2d.`), castling in words
// (`Castles on Q's side`), "square" for the first rank (`R to K square`), check and en passant
// and promotion in words, OCR slips (`KttoQB3`, `B~B3`, `KI` for K1). Each rewrite is a named
// repair (a DescriptiveRepair bit) with what was assumed, placed on the original text, so a move
// read from the rewritten text reports N-DESC-REPAIR with the original token.
//
// No board is used: a rewrite is only made where the print has one reading (a `Kt-P` is KtxP
// since P names no file); choices that need the board are left to the resolver.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace planilla {

struct PrintRepair {
  std::uint32_t begin = 0;  // byte range in the original text
  std::uint32_t end = 0;
  std::uint32_t bit = 0;  // DescriptiveRepair bit
  std::string assumed;    // "'her 2d' read as Q2", "'Castles on Q's side' read as O-O-O"
};

struct PrintText {
  std::string text;                   // what the grammar reads
  std::vector<std::uint32_t> origin;  // text.size() + 1 entries: byte of the original per byte
  std::vector<PrintRepair> repairs;   // in original order of `begin`

  // The original byte range of [b, e) of `text`.
  std::uint32_t original_begin(std::size_t b) const { return origin[b]; }
  std::uint32_t original_end(std::size_t e) const;
  // The repair bits (and their notes) whose original range lies inside [begin, end).
  std::uint32_t repairs_in(std::uint32_t begin, std::uint32_t end, std::vector<std::string>* notes = nullptr) const;
};

// Rewrites `in` (a move, a cell of a score or a whole movetext). `collapse_spaces` closes runs of
// spaces to one (a book's score cell, where columns were already separated by move numbers).
// Example: normalize_descriptive_print("Q. to her 2d.").text == "Q. to Q 2d."
PrintText normalize_descriptive_print(std::string_view in, bool collapse_spaces = false);

}  // namespace planilla
