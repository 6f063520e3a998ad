// Errors are values with a place. Every layer above board/ reports problems as Diagnostic
// values; codes are stable strings documented in the README (E-… errors, W-… warnings, N-…
// notes). Exceptions never cross a layer on well-formed input.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planilla {

enum class Severity : std::uint8_t { Error, Warning, Note };

// One registry of codes for the whole project. Append new codes; never rename one.
enum class Code : std::uint8_t {
  // Move tokens (grammar/ and notation/resolve).
  MoveSyntax,             // E-SYNTAX        token is not a move in the expected notation
  Illegal,                // E-ILLEGAL       no legal move matches
  Ambiguous,              // E-AMBIGUOUS     several legal moves match (candidates listed)
  PromotionPieceMissing,  // E-PROMOTION     pawn reaches the last rank, no piece written
  CaptureMissing,         // W-CAPTURE-MISSING    Ne5 for Nxe5
  CaptureSpurious,        // W-CAPTURE-SPURIOUS   Nxf3 onto an empty square
  CheckMissing,           // W-CHECK-MISSING
  CheckSpurious,          // W-CHECK-SPURIOUS
  MateMissing,            // W-MATE-MISSING       + written for mate, or nothing
  MateSpurious,           // W-MATE-SPURIOUS      # written for a mere check
  OverDisambiguated,      // W-OVER-DISAMBIGUATED Ngf3 when Nf3 is unique
  KingMoveForCastling,    // W-KING-MOVE-CASTLING Kg1 written for O-O (lenient only)
  PieceLetterCase,        // W-PIECE-CASE         nf3, bc4
  PawnLetter,             // W-PAWN-LETTER        Pe4
  EnPassantMark,          // W-EP-MARK            e.p. on a move that is not en passant
  LookalikeFolded,        // W-LOOKALIKE          Cyrillic е in е4 read as Latin e
  MixedLanguage,          // W-MIXED-LANGUAGE     letters of another language in the game
  UciCastlingAmbiguous,   // W-UCI-CASTLING       960 king move onto a castling target while castling is legal
  // PGN structure (grammar/pgn, converters/).
  PgnSyntax,              // E-PGN-SYNTAX
  TagSyntax,              // E-TAG
  BadFen,                 // E-FEN
  UnsupportedVariant,     // E-VARIANT
  LimitExceeded,          // E-LIMIT         nesting, comment length, …
  ResultMismatch,         // W-RESULT        result tag vs movetext termination / final position
  MissingVariantTag,      // N-CHESS960      FEN only Chess960 explains, no Variant tag
  Encoding,               // N-ENCODING      encoding detected / converted
  InvalidEncoding,        // W-ENCODING      bytes not valid in the detected encoding
  LanguageDetected,       // N-LANGUAGE      which letter set auto detection chose and why
  Repaired,               // N-REPAIRED      a repair applied by --repair
  AbbreviatedCapture,     // W-ABBREVIATED   ed / exd: pawn capture with the target rank left out
  DescriptiveRepair,      // N-DESC-REPAIR      printed error repaired: missing hyphen, rank from the wrong side
  DescriptiveConvention,  // N-DESC-CONVENTION  check mark, recapture or the rest of the score chose the reading
  DescriptiveAmbiguous,   // W-DESC-AMBIGUOUS   several readings survive the whole score
  DescriptiveGap,         // W-DESC-GAP         the source leaves moves out of the score
  TagQuoteTolerated,      // W-TAG-QUOTE   unescaped " inside a tag value read as text
  FenRelaxed,             // W-FEN         FEN read leniently (stale castling/e.p. dropped; 960 without FEN)
  ReadingAmbiguous,       // W-READING-AMBIGUOUS  two letter sets read every move cleanly and give different moves
  ScoresheetHeader,       // N-HEADER      a typed scoresheet's header lines read into tags
  ResultLoose,            // W-RESULT-LOOSE  result written loosely: 1–0, 0:1, ½, glued to the move (gxf41-0)
  MarkApart,              // W-MARK-APART    check or mate sign apart from its move: Qf8 mat, Re3 #
  ResultRepeated,         // W-RESULT-TWICE  the game's result written again on its line: 1-0 1-0, read once
  MoveNumber,             // W-MOVE-NUMBER   a move number that is not the move's: 3. Bb5 4. Ba4 (Black's 3rd missing)
};

std::string_view code_name(Code code);  // "E-ILLEGAL"
// The code of a name ("W-CHECK-MISSING"); nullopt for no code.
std::optional<Code> code_from_name(std::string_view name);
Severity code_severity(Code code);
// The codes of a move token that names no move: E-SYNTAX, E-ILLEGAL, E-AMBIGUOUS, E-PROMOTION.
bool is_unresolved_move_code(Code code);
// The resolver's remarks on a move it did resolve (W-CHECK-MISSING, W-OVER-DISAMBIGUATED, …):
// warnings, or errors under --strict.
bool is_resolver_remark_code(Code code);

struct Diagnostic {
  Code code = Code::MoveSyntax;
  Severity severity = Severity::Error;
  std::string file;                      // "" for stdin or unknown
  std::uint32_t line = 0;                // 1-based; 0 = unknown
  std::uint32_t column = 0;              // 1-based, in code points; 0 = unknown
  std::uint64_t byte = 0;                // 0-based offset in the file
  std::uint32_t game = 0;                // 1-based within the file; 0 = file level
  std::uint32_t ply = 0;                 // 1-based from the game's first move; 0 = game or file level
  std::uint32_t variation = 0;           // 0 = main line
  std::string message;                   // one sentence, no trailing period
  std::string written;                   // the text as written
  std::vector<std::string> candidates;   // for ambiguous moves (SAN)
  std::vector<std::string> suggestions;  // best first (SAN)
  std::vector<bool> suggestion_evident;  // parallel to suggestions
  // Parallel to suggestions: what each supposes was written wrong (suggestion_kind_name():
  // "slip", "missing ply", …); a "missing ply" suggestion is the move left out before the
  // written one, which then follows it.
  std::vector<std::string> suggestion_kinds;
  // Parallel to suggestions: how many written plies, from the written one on, the suggestion
  // drops before its move (a line written twice: 1, 2 or 4); 0 for the others.
  std::vector<std::uint32_t> suggestion_drops;
  // The main-line position before the move (X-FEN), when the reader was asked for it and read
  // the game without its model (ReadOptions::fen_in_diagnostics); empty otherwise.
  std::string fen;
};

// How the reports list suggestion `i` of `d`: a reading of the written token; a move left out
// before it ("missing ply"); or the move played after a line written twice, which starts at the
// written token and is dropped ("repeated plies").
enum class SuggestionGroup : std::uint8_t { ReadAs, LeftOut, Repeat };
inline SuggestionGroup suggestion_group(const Diagnostic& d, std::size_t i) {
  if (i >= d.suggestion_kinds.size()) return SuggestionGroup::ReadAs;
  if (d.suggestion_kinds[i] == "missing ply") return SuggestionGroup::LeftOut;
  if (d.suggestion_kinds[i] == "repeated plies") return SuggestionGroup::Repeat;
  return SuggestionGroup::ReadAs;
}
// Whether the line written twice that a "repeated plies" suggestion of `d` drops is one ply.
inline bool one_ply_repeat(const Diagnostic& d) {
  for (std::size_t i = 0; i < d.suggestions.size(); ++i)
    if (suggestion_group(d, i) == SuggestionGroup::Repeat)
      return i < d.suggestion_drops.size() && d.suggestion_drops[i] == 1;
  return false;
}
// The groups in the order of their best suggestion (the list is best first), each once.
inline std::vector<SuggestionGroup> suggestion_groups(const Diagnostic& d) {
  std::vector<SuggestionGroup> out;
  for (std::size_t i = 0; i < d.suggestions.size(); ++i) {
    const SuggestionGroup g = suggestion_group(d, i);
    if (std::find(out.begin(), out.end(), g) == out.end()) out.push_back(g);
  }
  return out;
}

}  // namespace planilla
