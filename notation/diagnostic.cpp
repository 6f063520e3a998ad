// Stable names and severities of the diagnostic codes. The names are part of the public
// interface (README, JSON output, scripts grep for them): never change one once released.
#include "notation/diagnostic.hpp"

namespace planilla {

// No default: -Wswitch (an error here) flags a code added to the enum without a name.
std::string_view code_name(Code code) {
  switch (code) {
    case Code::MoveSyntax: return "E-SYNTAX";
    case Code::Illegal: return "E-ILLEGAL";
    case Code::Ambiguous: return "E-AMBIGUOUS";
    case Code::PromotionPieceMissing: return "E-PROMOTION";
    case Code::CaptureMissing: return "W-CAPTURE-MISSING";
    case Code::CaptureSpurious: return "W-CAPTURE-SPURIOUS";
    case Code::CheckMissing: return "W-CHECK-MISSING";
    case Code::CheckSpurious: return "W-CHECK-SPURIOUS";
    case Code::MateMissing: return "W-MATE-MISSING";
    case Code::MateSpurious: return "W-MATE-SPURIOUS";
    case Code::OverDisambiguated: return "W-OVER-DISAMBIGUATED";
    case Code::KingMoveForCastling: return "W-KING-MOVE-CASTLING";
    case Code::PieceLetterCase: return "W-PIECE-CASE";
    case Code::PawnLetter: return "W-PAWN-LETTER";
    case Code::EnPassantMark: return "W-EP-MARK";
    case Code::LookalikeFolded: return "W-LOOKALIKE";
    case Code::MixedLanguage: return "W-MIXED-LANGUAGE";
    case Code::UciCastlingAmbiguous: return "W-UCI-CASTLING";
    case Code::PgnSyntax: return "E-PGN-SYNTAX";
    case Code::TagSyntax: return "E-TAG";
    case Code::BadFen: return "E-FEN";
    case Code::UnsupportedVariant: return "E-VARIANT";
    case Code::LimitExceeded: return "E-LIMIT";
    case Code::ResultMismatch: return "W-RESULT";
    case Code::MissingVariantTag: return "N-CHESS960";
    case Code::Encoding: return "N-ENCODING";
    case Code::InvalidEncoding: return "W-ENCODING";
    case Code::LanguageDetected: return "N-LANGUAGE";
    case Code::Repaired: return "N-REPAIRED";
    case Code::AbbreviatedCapture: return "W-ABBREVIATED";
    case Code::DescriptiveRepair: return "N-DESC-REPAIR";
    case Code::DescriptiveConvention: return "N-DESC-CONVENTION";
    case Code::DescriptiveAmbiguous: return "W-DESC-AMBIGUOUS";
    case Code::DescriptiveGap: return "W-DESC-GAP";
    case Code::TagQuoteTolerated: return "W-TAG-QUOTE";
    case Code::FenRelaxed: return "W-FEN";
    case Code::ReadingAmbiguous: return "W-READING-AMBIGUOUS";
    case Code::ScoresheetHeader: return "N-HEADER";
    case Code::ResultLoose: return "W-RESULT-LOOSE";
    case Code::MarkApart: return "W-MARK-APART";
    case Code::ResultRepeated: return "W-RESULT-TWICE";
    case Code::MoveNumber: return "W-MOVE-NUMBER";
  }
  return "E-UNKNOWN";  // unreachable for valid enumerators; keeps GCC's -Wreturn-type quiet
}

std::optional<Code> code_from_name(std::string_view name) {
  // The enumerators are dense from 0; code_name() answers "E-UNKNOWN" past the last.
  for (int i = 0; i < 256; ++i) {
    const auto c = static_cast<Code>(i);
    const std::string_view n = code_name(c);
    if (n == "E-UNKNOWN") break;
    if (n == name) return c;
  }
  return std::nullopt;
}

// The severity is not derived from the name's prefix at run time: one switch keeps the two in
// one place and the compiler checks that every code has both.
Severity code_severity(Code code) {
  switch (code) {
    case Code::MoveSyntax:
    case Code::Illegal:
    case Code::Ambiguous:
    case Code::PromotionPieceMissing:
    case Code::PgnSyntax:
    case Code::TagSyntax:
    case Code::BadFen:
    case Code::UnsupportedVariant:
    case Code::LimitExceeded: return Severity::Error;
    case Code::CaptureMissing:
    case Code::CaptureSpurious:
    case Code::CheckMissing:
    case Code::CheckSpurious:
    case Code::MateMissing:
    case Code::MateSpurious:
    case Code::OverDisambiguated:
    case Code::KingMoveForCastling:
    case Code::PieceLetterCase:
    case Code::PawnLetter:
    case Code::EnPassantMark:
    case Code::LookalikeFolded:
    case Code::MixedLanguage:
    case Code::UciCastlingAmbiguous:
    case Code::ResultMismatch:
    case Code::InvalidEncoding:
    case Code::AbbreviatedCapture:
    case Code::DescriptiveAmbiguous:
    case Code::DescriptiveGap:
    case Code::TagQuoteTolerated:
    case Code::FenRelaxed:
    case Code::ReadingAmbiguous:
    case Code::ResultLoose:
    case Code::MarkApart:
    case Code::ResultRepeated:
    case Code::MoveNumber: return Severity::Warning;
    case Code::MissingVariantTag:
    case Code::Encoding:
    case Code::LanguageDetected:
    case Code::Repaired:
    case Code::DescriptiveRepair:
    case Code::DescriptiveConvention:
    case Code::ScoresheetHeader: return Severity::Note;
  }
  return Severity::Error;
}

bool is_unresolved_move_code(Code code) {
  switch (code) {
    case Code::MoveSyntax:
    case Code::Illegal:
    case Code::Ambiguous:
    case Code::PromotionPieceMissing: return true;
    default: return false;
  }
}

bool is_resolver_remark_code(Code code) {
  switch (code) {
    case Code::CaptureMissing:
    case Code::CaptureSpurious:
    case Code::CheckMissing:
    case Code::CheckSpurious:
    case Code::MateMissing:
    case Code::MateSpurious:
    case Code::OverDisambiguated:
    case Code::KingMoveForCastling:
    case Code::PieceLetterCase:
    case Code::PawnLetter:
    case Code::EnPassantMark:
    case Code::AbbreviatedCapture:
    case Code::UciCastlingAmbiguous: return true;
    default: return false;
  }
}

}  // namespace planilla
