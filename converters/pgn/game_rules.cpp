#include "converters/pgn/game_rules.hpp"

#include "board/fen.hpp"
#include "converters/pgn/variant.hpp"

namespace planilla {

StartFromTags start_from_tags(std::optional<std::string_view> variant, std::optional<std::string_view> fen) {
  StartFromTags s;
  bool variant_960 = false;
  if (variant) {
    switch (classify_variant(*variant)) {
      case VariantKind::Chess960: variant_960 = true; break;
      case VariantKind::Standard: break;
      case VariantKind::Unsupported:
        s.remarks.push_back(
            {Code::UnsupportedVariant, Severity::Error, RemarkPlace::VariantTag,
             "variant \"" + std::string(*variant) + "\" is not supported (standard chess and Chess960 only)"});
        s.playable = false;
        s.unsupported_variant = true;
        return s;
    }
  }
  if (fen) {
    FenOptions fo;
    fo.force_chess960 = variant_960;
    auto pos = position_from_fen(*fen, fo);
    if (!pos) {
      // Archives carry FENs with stale castling rights or e.p. squares; the position itself is
      // sound, so read it without them and say so (a warning: the game is not rejected).
      FenOptions lenient = fo;
      lenient.relax.ignore_invalid_castling = true;
      lenient.relax.ignore_invalid_ep = true;
      if (auto relaxed = position_from_fen(*fen, lenient)) {
        s.remarks.push_back(
            {Code::FenRelaxed, Severity::Warning, RemarkPlace::FenTag,
             "FEN tag: " + pos.error() + "; read without the castling rights or e.p. square that cannot hold"});
        pos = std::move(relaxed);
      }
    }
    if (!pos) {
      s.remarks.push_back({Code::BadFen, Severity::Error, RemarkPlace::FenTag, "FEN tag: " + pos.error()});
      s.playable = false;
      return s;
    }
    s.chess960 = pos->is_chess960();
    if (s.chess960 && !variant_960)
      s.remarks.push_back(
          {Code::MissingVariantTag, Severity::Note, RemarkPlace::FenTag,
           "castling rights in the FEN only make sense in Chess960: read as Chess960 without a Variant tag"});
    s.position = *pos;
    return s;
  }
  if (variant_960) {
    s.chess960 = true;
    s.remarks.push_back({Code::FenRelaxed, Severity::Warning, RemarkPlace::VariantTag,
                         "Chess960 game without a FEN tag: read from the standard array (position 518)"});
    // Without a FEN a Chess960 game starts from the standard array (Scharnagl 518).
    if (auto p = Position::chess960(518)) s.position = *p;
  }
  return s;
}

ResultFromTags reconcile_result(GameResult token, std::optional<std::string_view> tag, bool has_move, bool has_tags,
                                bool mid_line) {
  ResultFromTags r;
  r.result = token;
  // The tag's result, when there is a tag and it reads as one (GCC 12 sees a maybe-uninitialized
  // optional in value_or here: plain values instead).
  GameResult from_tag = GameResult::None;
  bool tag_reads = false;
  if (tag)
    if (auto t = parse_result(*tag)) from_tag = *t, tag_reads = true;
  if (token == GameResult::None) {
    // A typed scoresheet (moves only, no tags) rarely carries a result: nothing to remark.
    if (has_move && has_tags)
      r.remarks.push_back({Code::ResultMismatch, Severity::Warning, RemarkPlace::MovetextEnd,
                           "the movetext ends without a result token (1-0, 0-1, 1/2-1/2 or *)"});
    r.result = from_tag;
  } else if (!has_move && !has_tags && mid_line) {
    // `… 4.Qxf7# 1-0 0-1`: the second token ends a game of its own, kept and said so. (The same
    // result again is the first game's, written twice: the splitter keeps it in that game.)
    r.remarks.push_back({Code::ResultMismatch, Severity::Warning, RemarkPlace::ResultToken,
                         "a result alone, with no tags and no moves before it (a second result for the game "
                         "before?): kept as a game of its own"});
  } else if (tag_reads && from_tag != token && from_tag != GameResult::Unknown && token != GameResult::Unknown) {
    r.remarks.push_back(
        {Code::ResultMismatch, Severity::Warning, RemarkPlace::ResultToken,
         "result " + std::string(result_text(token)) + " differs from the Result tag \"" + std::string(*tag) + "\""});
  } else if (tag && !tag_reads) {
    r.remarks.push_back({Code::ResultMismatch, Severity::Warning, RemarkPlace::ResultTag,
                         "Result tag \"" + std::string(*tag) + "\" is not a result"});
  }
  return r;
}

bool result_tag_overruled(std::string_view tag, GameResult written) {
  if (tag == result_text(written) || tag.empty() || tag == "*" || tag == "?") return false;  // (nearly every game)
  const std::optional<GameResult> said = parse_result(tag);
  return !said || *said != written;
}

Diagnostic game_diagnostic(Code code, Severity severity, std::string_view file, const RawGame& raw, std::uint64_t byte,
                           LineColumn place, std::uint32_t ply, std::uint32_t variation, std::string message,
                           std::string written) {
  Diagnostic d;
  d.code = code;
  d.severity = severity;
  d.file = file;
  d.byte = byte;
  d.line = place.line;
  d.column = place.column;
  d.game = raw.number;
  d.ply = ply;
  d.variation = variation;
  d.message = std::move(message);
  d.written = std::move(written);
  return d;
}

WrittenNumber read_written_number(std::string_view text) {
  WrittenNumber n;
  std::size_t i = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
    n.number = n.number < kNoMoveNumber ? n.number * 10 + static_cast<unsigned>(text[i] - '0') : n.number;
  const std::size_t digits_end = i;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
  std::size_t dots = 0;
  bool ellipsis = false;  // `…` alone names Black's move
  for (;; ++dots) {
    if (i < text.size() && text[i] == '.') {
      ++i;
    } else if (text.substr(i, 3) == "\xE2\x80\xA6") {
      i += 3;
      ellipsis = true;
    } else {
      break;
    }
  }
  n.black = dots >= 2 || ellipsis;
  n.size = dots == 0 ? digits_end : i;
  return n;
}

bool number_slip(WrittenNumber n, const Position& pos, LineNumbering& line, bool first) {
  if (line.numbered) return false;
  if (number_fits(n, pos)) {
    line = LineNumbering{0, false, true};
    return false;
  }
  const LineNumbering shift = number_shift(n, pos);
  const bool slip = !number_sets_count(n, pos, first) && !line.same_shift(shift);
  line = LineNumbering{shift.shift, shift.black_for_white, true};
  return slip;
}

std::string nag_out_of_range_message(std::string_view written) {
  return "NAG " + std::string(written) + " is outside 0-255";
}

std::string nag_kept_comment(std::string_view written) {
  return "NAG not read, kept as written: " + std::string(written);
}

std::string number_mismatch_message(WrittenNumber n, std::string_view written, const Position& pos) {
  const bool white = pos.side_to_move() == Color::White;
  const std::string due = std::string(white ? "White's" : "Black's") + " move " + std::to_string(pos.fullmove_number());
  std::string message = "the move number " + std::string(written) + " stands where " + due + " is due";
  if (number_says_missing(n, pos)) message += ": " + due + " may be missing";
  else if (n.number == static_cast<std::uint64_t>(pos.fullmove_number())) message += ": the dots name Black's move";
  return message;
}

}  // namespace planilla
