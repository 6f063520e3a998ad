// Descriptive notation on the board: identity tracking, matching, the conventions a human reader
// applies, the game-level search, and the minimal-form writers (NOTATION.md §2.1.2–§2.1.3, §2.2).
#include "notation/descriptive.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

namespace planilla {

namespace {

constexpr unsigned type_bit(PieceType t) { return 1u << index_of(t); }

// Rank 1..8 as the mover counts it.
int relative_rank_number(Color c, Square s) { return index_of(relative_rank(c, rank_of(s))) + 1; }

// The files that share a short descriptive name with `f`: R = a|h, N = b|g, B = c|f; Q and K
// name one file each.
FileMask short_file_mask(File f) {
  const int i = index_of(f);
  if (i == 3 || i == 4) return file_bit(f);
  return static_cast<FileMask>((1u << i) | (1u << (7 - i)));
}

bool designator_matches(const Designator& d, Square s, Wing w) {
  const bool file_ok = (d.files & file_bit(file_of(s))) != 0;
  const bool id_ok = d.identity == Wing::Any || d.identity == w;
  if (d.identity_or_file) return id_ok || file_ok;
  return file_ok && id_ok;
}

Wing start_wing(Square s) { return index_of(file_of(s)) < 4 ? Wing::Queen : Wing::King; }

Square captured_square(Move m) {
  if (m.is_en_passant()) return make_square(file_of(m.to()), rank_of(m.from()));
  return m.to();
}

bool move_matches(const DescriptiveMove& dm, const Position& pos, const IdentityTracker& ids, Move m) {
  const Color us = pos.side_to_move();
  if (m.is_castling()) return false;  // castling is only ever written as castling
  if (pos.moving_piece(m) != dm.piece) return false;
  const bool capture = pos.is_capture(m);
  if (capture != dm.capture) return false;
  const Square from = m.from();
  if (!designator_matches(dm.mover, from, ids.identity(from))) return false;
  if ((dm.origin_files & file_bit(file_of(from))) == 0) return false;
  if (dm.origin_rank != 0 && relative_rank_number(us, from) != dm.origin_rank) return false;
  if ((dm.to_files & file_bit(file_of(m.to()))) == 0) return false;
  if (dm.to_rank != 0 && relative_rank_number(us, m.to()) != dm.to_rank) return false;
  if (capture) {
    const Square cs = captured_square(m);
    const PieceType victim = pos.piece_at(cs).type;
    if (dm.captured != PieceType::None && victim != dm.captured) return false;
    if (!designator_matches(dm.captured_designator, cs, ids.identity(cs))) return false;
  }
  if (m.promotion() != dm.promotion && dm.promotion != PieceType::None) return false;
  return true;
}

std::uint8_t mirror_rank(std::uint8_t r) { return r == 0 ? 0 : static_cast<std::uint8_t>(9 - r); }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Identity

IdentityTracker::IdentityTracker(const Position& start) {
  for (int i = 0; i < 64; ++i) {
    const Square s = square_at(i);
    const PieceType t = start.piece_at(s).type;
    if (t == PieceType::Rook || t == PieceType::Knight || t == PieceType::Bishop)
      wing_[static_cast<std::size_t>(i)] = start_wing(s);
  }
}

void IdentityTracker::play(const Position& before, Move move) {
  auto at = [this](Square s) -> Wing& { return wing_[static_cast<std::size_t>(index_of(s))]; };
  if (move.is_castling()) {
    const Color us = before.side_to_move();
    const CastlingSide side = castling_side(move);
    const Wing rook = at(move.to());
    at(move.from()) = Wing::Any;
    at(move.to()) = Wing::Any;
    at(castling_king_target(us, side)) = Wing::Any;
    at(castling_rook_target(us, side)) = rook;
    return;
  }
  const Wing w = move.kind() == MoveKind::Promotion ? Wing::Any : at(move.from());
  at(captured_square(move)) = Wing::Any;
  at(move.from()) = Wing::Any;
  at(move.to()) = w;
}

void DescriptiveContext::play(const Position& before, Move move) {
  last_capture_square = before.is_capture(move) ? move.to() : Square::None;
  identities.play(before, move);
}

// ---------------------------------------------------------------------------------------------
// Matching and readings

std::vector<Move> descriptive_matches(const DescriptiveMove& dm, const Position& pos, const IdentityTracker& ids) {
  std::vector<Move> out;
  if (dm.is_castling()) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      if (!dm.castle_any && dm.castle != side) continue;
      if (auto m = pos.castling_move(side)) out.push_back(*m);
    }
    return out;
  }
  if (dm.piece == PieceType::None) return out;
  MoveList list;
  pos.legal_moves(list, type_bit(dm.piece), ~Bitboard{0}, ~Bitboard{0});
  for (Move m : list)
    if (move_matches(dm, pos, ids, m)) out.push_back(m);
  return out;
}

std::vector<DescriptiveReading> descriptive_readings(const DescriptiveMove& dm, const Position& pos,
                                                     const DescriptiveContext& ctx) {
  std::uint32_t used = kRepairNone;
  std::vector<Move> moves = descriptive_matches(dm, pos, ctx.identities);
  if (moves.empty() && (dm.to_rank != 0 || dm.origin_rank != 0)) {
    // Typesetters sometimes counted a Black move from White's side (Lasker's "B-K7" for B-K2).
    DescriptiveMove mirrored = dm;
    mirrored.to_rank = mirror_rank(dm.to_rank);
    mirrored.origin_rank = mirror_rank(dm.origin_rank);
    moves = descriptive_matches(mirrored, pos, ctx.identities);
    if (!moves.empty()) used |= kRepairRankMirrored;
  }
  if (moves.size() > 1 && dm.check != DescriptiveCheck::None) {
    std::vector<Move> checking;
    for (Move m : moves) {
      if (!pos.gives_check(m)) continue;
      if (dm.check == DescriptiveCheck::Mate && !pos.after(m).is_checkmate()) continue;
      checking.push_back(m);
    }
    if (checking.empty() && dm.check == DescriptiveCheck::Mate) {
      for (Move m : moves)
        if (pos.gives_check(m)) checking.push_back(m);
    }
    if (!checking.empty() && checking.size() < moves.size()) {
      moves = std::move(checking);
      used |= kUsedCheckSuffix;
    }
  }
  if (moves.size() > 1 && dm.capture && dm.to_rank == 0 && ctx.last_capture_square != Square::None) {
    std::vector<Move> recaptures;
    for (Move m : moves)
      if (m.to() == ctx.last_capture_square) recaptures.push_back(m);
    if (!recaptures.empty() && recaptures.size() < moves.size()) {
      moves = std::move(recaptures);
      used |= kUsedRecapture;
    }
  }
  std::vector<DescriptiveReading> out;
  out.reserve(moves.size());
  for (Move m : moves) out.push_back({m, used | dm.repairs});
  return out;
}

namespace {

std::string square_name_for_message(Square s) { return std::string{file_char(file_of(s)), rank_char(rank_of(s))}; }

std::string moves_for_message(const std::vector<Move>& moves) {
  std::string out;
  for (Move m : moves) {
    if (!out.empty()) out += ", ";
    out += square_name_for_message(m.from());
    out += square_name_for_message(m.to());
  }
  return out;
}

DescriptiveError error_for(const DescriptiveMove& dm, const std::vector<DescriptiveReading>& readings) {
  DescriptiveError e;
  if (readings.empty()) {
    e.code = Code::Illegal;
    e.message = dm.is_castling() ? "castling is not legal here" : "no legal move matches";
    return e;
  }
  e.code = Code::Ambiguous;
  for (const auto& r : readings) e.candidates.push_back(r.move);
  e.message = "several legal moves match: " + moves_for_message(e.candidates);
  return e;
}

}  // namespace

Result<DescriptiveResolved, DescriptiveError> resolve_descriptive(const DescriptiveMove& dm, const Position& pos,
                                                                  const DescriptiveContext& ctx) {
  const auto readings = descriptive_readings(dm, pos, ctx);
  if (readings.size() != 1) return Unexpected{error_for(dm, readings)};
  return DescriptiveResolved{readings.front().move, readings.front().used};
}

std::string describe_repairs(std::uint32_t used) {
  static constexpr std::pair<std::uint32_t, std::string_view> kNames[] = {
      {kRepairMissingHyphen, "missing hyphen supplied"},
      {kRepairRankMirrored, "rank counted from the other side"},
      {kUsedCheckSuffix, "check mark chose the reading"},
      {kUsedRecapture, "read as a recapture"},
      {kUsedGameSearch, "the rest of the score chose the reading"},
      {kRepairHisHer, "file named by his/her/its read as the mover's own"},
      {kRepairOcr, "OCR slip read as the move it stands for"},
      {kRepairCastlingWords, "castling in words"},
      {kRepairSquareWord, "'square' read as the first rank"},
      {kRepairSpacing, "spaces inside the move closed up"},
      {kRepairVerb, "verb instead of a square: the only legal move it can be"},
      {kRepairCheckWords, "check written in words"},
      {kRepairEnPassantWords, "en passant written in words"},
      {kRepairPromotionWords, "promotion written in words"},
      {kRepairCapturedPiece, "the piece taken is not the one printed: read as the capture the board allows"},
      {kRepairWordForm, "word form tolerated (take, Kts, (on ...), (!), the origin after the hyphen)"},
      {kRepairVerbal, "verbal notation read as descriptive"},
      {kRepairRankMissing, "the rank left out: the file alone read as any square of it"},
      {kRepairRankMisprint, "the rank misprinted: read as the move of that piece to that file"},
      {kRepairWingByPlace,
       "K/Q before the piece read as the one on that side of the other, not the one that started there"},
  };
  std::string out;
  for (const auto& [bit, name] : kNames) {
    if ((used & bit) == 0) continue;
    if (!out.empty()) out += "; ";
    out += name;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Game-level search

namespace {

struct Line {
  Position pos;
  DescriptiveContext ctx;
  std::vector<DescriptivePly> plies;
  std::vector<std::uint8_t> reading_counts;  // readings each ply had on this line
};

Diagnostic ply_diagnostic(Code code, Severity severity, std::size_t ply, const DescriptiveMove& dm,
                          std::string message) {
  Diagnostic d;
  d.code = code;
  d.severity = severity;
  d.ply = static_cast<std::uint32_t>(ply + 1);
  d.byte = dm.span.byte;
  d.message = std::move(message);
  return d;
}

// "P-Kt": a file alone names the first rank (R-B); where nothing can go there, the rank was left
// out of the print (any square of the file, kRepairRankMissing), or the hyphen stands for
// "takes" as in "Kt-P" (P takes Kt, kRepairOcr). Both are readings; the rest of the score chooses.
std::vector<DescriptiveReading> file_only_readings(const DescriptiveMove& dm, const Position& pos,
                                                   const IdentityTracker& ids) {
  std::vector<DescriptiveReading> out;
  if (!dm.file_only || dm.piece == PieceType::None || dm.capture) return out;
  DescriptiveMove any_rank = dm;
  any_rank.to_rank = 0;
  for (Move m : descriptive_matches(any_rank, pos, ids)) out.push_back({m, dm.repairs | kRepairRankMissing});
  const FileMask f = dm.to_files;
  const PieceType victim = f == kAllFiles    ? PieceType::None
                           : (f & 0x81) == f ? PieceType::Rook
                           : (f & 0x42) == f ? PieceType::Knight
                           : (f & 0x24) == f ? PieceType::Bishop
                           : f == 0x08       ? PieceType::Queen
                                             : PieceType::None;
  if (victim == PieceType::None) return out;
  DescriptiveMove takes = dm;
  takes.capture = true;
  takes.captured = victim;
  takes.to_files = kAllFiles;
  takes.to_rank = 0;
  for (Move m : descriptive_matches(takes, pos, ids)) out.push_back({m, dm.repairs | kRepairOcr});
  return out;
}

// The pieces a wing letter names by place: of two pieces of the type, the one on the files of
// that wing's side of the other ("KR" the rook nearer the h-file). Empty when the pieces share a
// file or are not two.
std::vector<Move> wing_by_place_matches(const DescriptiveMove& dm, const Position& pos, const IdentityTracker& ids) {
  if (dm.is_castling() || dm.mover.identity == Wing::Any || dm.piece == PieceType::None) return {};
  std::vector<Square> squares;
  for (int i = 0; i < 64; ++i) {
    const auto s = static_cast<Square>(i);
    const Piece p = pos.piece_at(s);
    if (p.type == dm.piece && p.color == pos.side_to_move()) squares.push_back(s);
  }
  if (squares.size() != 2 || file_of(squares[0]) == file_of(squares[1])) return {};
  const bool first_kingward = index_of(file_of(squares[0])) > index_of(file_of(squares[1]));
  const Square chosen = (dm.mover.identity == Wing::King) == first_kingward ? squares[0] : squares[1];
  DescriptiveMove any = dm;
  any.mover = Designator{};
  std::vector<Move> out;
  for (Move m : descriptive_matches(any, pos, ids))
    if (m.from() == chosen) out.push_back(m);
  return out;
}

// One pass of the beam search. `wide` (a second pass, run only when the first stops): a wing
// letter before a piece may also name it by place, and a move no piece can make may have its
// rank misprinted.
DescriptiveGameResult resolve_game_pass(std::span<const DescriptiveMove> moves, const Position& start,
                                        const DescriptiveSearchOptions& options, bool wide) {
  DescriptiveGameResult result;
  bool failed = false;
  std::vector<Line> lines;
  lines.push_back(Line{start, DescriptiveContext{IdentityTracker(start), Square::None}, {}, {}});
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::vector<Line> next;
    std::vector<DescriptiveReading> first_readings;
    for (std::size_t li = 0; li < lines.size(); ++li) {
      const Line& line = lines[li];
      auto readings = descriptive_readings(moves[i], line.pos, line.ctx);
      if (li == 0) first_readings = readings;
      if (wide) {
        for (Move m : wing_by_place_matches(moves[i], line.pos, line.ctx.identities)) {
          const bool known = std::any_of(readings.begin(), readings.end(), [&](const auto& r) { return r.move == m; });
          if (!known) readings.push_back({m, moves[i].repairs | kRepairWingByPlace});
        }
      }
      for (const auto& r : readings) {
        if (next.size() >= options.beam_width) break;
        Line child = line;
        child.ctx.play(child.pos, r.move);
        child.pos.play(r.move);
        child.plies.push_back(DescriptivePly{r.move, r.used, {}});
        child.reading_counts.push_back(static_cast<std::uint8_t>(std::min<std::size_t>(readings.size(), 255)));
        next.push_back(std::move(child));
      }
    }
    if (next.empty() && moves[i].capture && moves[i].captured != PieceType::None) {
      // Last resort, when no line goes on: a misprint of the piece taken ("K. takes B." where a
      // rook stands) is read as the capture the rest of the move allows, named as a repair.
      DescriptiveMove any = moves[i];
      any.captured = PieceType::None;
      any.captured_designator = Designator{};
      for (const Line& line : lines) {
        for (const auto& r : descriptive_readings(any, line.pos, line.ctx)) {
          if (next.size() >= options.beam_width) break;
          Line child = line;
          child.ctx.play(child.pos, r.move);
          child.pos.play(r.move);
          child.plies.push_back(DescriptivePly{r.move, r.used | kRepairCapturedPiece, {}});
          child.reading_counts.push_back(1);
          next.push_back(std::move(child));
        }
      }
    }
    if (next.empty() && moves[i].file_only) {
      for (const Line& line : lines) {
        const auto readings = file_only_readings(moves[i], line.pos, line.ctx.identities);
        for (const auto& r : readings) {
          if (next.size() >= options.beam_width) break;
          Line child = line;
          child.ctx.play(child.pos, r.move);
          child.pos.play(r.move);
          child.plies.push_back(DescriptivePly{r.move, r.used, {}});
          child.reading_counts.push_back(static_cast<std::uint8_t>(std::min<std::size_t>(readings.size(), 255)));
          next.push_back(std::move(child));
        }
      }
    }
    if (wide && next.empty() && moves[i].to_rank != 0 && !moves[i].capture && !moves[i].is_castling()) {
      // Last resort: a misprinted rank ("P-Kt2" where no pawn can go) is read as the moves of
      // that piece to that file; the rest of the score chooses among them, named as a repair.
      DescriptiveMove any_rank = moves[i];
      any_rank.to_rank = 0;
      for (const Line& line : lines) {
        const auto readings = descriptive_readings(any_rank, line.pos, line.ctx);
        for (const auto& r : readings) {
          if (next.size() >= options.beam_width) break;
          Line child = line;
          child.ctx.play(child.pos, r.move);
          child.pos.play(r.move);
          child.plies.push_back(DescriptivePly{r.move, r.used | kRepairRankMisprint, {}});
          child.reading_counts.push_back(static_cast<std::uint8_t>(std::min<std::size_t>(readings.size(), 255)));
          next.push_back(std::move(child));
        }
      }
    }
    if (next.empty()) {
      failed = true;
      result.failed_ply = i;
      result.plies = lines.front().plies;
      result.error = error_for(moves[i], first_readings);
      result.diagnostics.push_back(
          ply_diagnostic(result.error.code, Severity::Error, i, moves[i], result.error.message));
      lines.resize(1);
      break;
    }
    // Identical positions reached by identical moves are one line; keep the beam small.
    lines = std::move(next);
  }
  if (!failed) {
    result.complete = true;
    result.plies = lines.front().plies;
  }
  // Surviving ambiguity and the plies the search settled.
  for (std::size_t i = 0; i < result.plies.size(); ++i) {
    std::vector<Move> seen;
    for (const Line& line : lines) {
      if (i >= line.plies.size()) continue;
      const Move m = line.plies[i].move;
      if (std::find(seen.begin(), seen.end(), m) == seen.end()) seen.push_back(m);
    }
    auto& ply = result.plies[i];
    if (seen.size() > 1) {
      ply.alternatives = seen;
      result.diagnostics.push_back(
          ply_diagnostic(Code::DescriptiveAmbiguous, Severity::Warning, i, moves[i],
                         "several readings keep the rest of the score legal: " + moves_for_message(seen)));
    } else if (lines.front().reading_counts.size() > i && lines.front().reading_counts[i] > 1) {
      ply.used |= kUsedGameSearch;
    }
    const std::uint32_t repairs = ply.used & kAllRepairs;
    const std::uint32_t conventions = ply.used & (kUsedCheckSuffix | kUsedRecapture | kUsedGameSearch);
    if (repairs != 0)
      result.diagnostics.push_back(
          ply_diagnostic(Code::DescriptiveRepair, Severity::Note, i, moves[i], describe_repairs(repairs)));
    if (conventions != 0)
      result.diagnostics.push_back(
          ply_diagnostic(Code::DescriptiveConvention, Severity::Note, i, moves[i], describe_repairs(conventions)));
  }
  return result;
}

}  // namespace

DescriptiveGameResult resolve_descriptive_game(std::span<const DescriptiveMove> moves, const Position& start,
                                               const DescriptiveSearchOptions& options) {
  DescriptiveGameResult first = resolve_game_pass(moves, start, options, false);
  if (first.complete) return first;
  // A stop can come from an earlier ply read the wrong way: "KR" meant the rook on the king's
  // side, not the one that started there. Read again with that reading allowed.
  // A misprinted rank is read the same way. The second reading is kept only when the whole score
  // then replays (a misprint is never assumed to read part of a score),
  // and at least kConfirmingPlies plies must follow each such reading.
  constexpr std::size_t kConfirmingPlies = 6;
  DescriptiveGameResult second = resolve_game_pass(moves, start, options, true);
  if (!second.complete) return first;
  for (std::size_t i = 0; i < second.plies.size(); ++i)
    if ((second.plies[i].used & (kRepairRankMisprint | kRepairWingByPlace)) != 0 &&
        second.plies.size() - i - 1 < kConfirmingPlies)
      return first;
  return second;
}

// ---------------------------------------------------------------------------------------------
// Writing

namespace {

struct StyleWords {
  std::array<std::string_view, kPieceTypes> letters;  // by PieceType
  std::array<std::string_view, 8> full_files;         // a..h
  std::array<std::string_view, 8> short_files;
  std::string_view queen_wing, king_wing;
  bool rank_first;  // Spanish: square is "3AR"
  std::string_view check, mate, en_passant;
  std::string_view promo_open, promo_close;
};

constexpr StyleWords kEnglish{{"P", "N", "B", "R", "Q", "K"},
                              {"QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"},
                              {"R", "N", "B", "Q", "K", "B", "N", "R"},
                              "Q",
                              "K",
                              false,
                              " ch",
                              " mate",
                              " e.p.",
                              "=",
                              ""};
constexpr StyleWords kEnglishClassic{{"P", "Kt", "B", "R", "Q", "K"},
                                     {"QR", "QKt", "QB", "Q", "K", "KB", "KKt", "KR"},
                                     {"R", "Kt", "B", "Q", "K", "B", "Kt", "R"},
                                     "Q",
                                     "K",
                                     false,
                                     " ch",
                                     " ++",
                                     " e.p.",
                                     "(",
                                     ")"};
constexpr StyleWords kSpanish{{"P", "C", "A", "T", "D", "R"},
                              {"TD", "CD", "AD", "D", "R", "AR", "CR", "TR"},
                              {"T", "C", "A", "D", "R", "A", "C", "T"},
                              "D",
                              "R",
                              true,
                              "+",
                              "++",
                              " a.p.",
                              "=",
                              ""};

const StyleWords& words_for(DescriptiveStyle style) {
  switch (style) {
    case DescriptiveStyle::English: return kEnglish;
    case DescriptiveStyle::EnglishClassic: return kEnglishClassic;
    case DescriptiveStyle::Spanish: return kSpanish;
  }
  return kEnglish;
}

// Name of a file set: a single file by its full name, a mirrored pair by its short name.
std::string_view files_name(const StyleWords& w, FileMask mask) {
  for (int i = 0; i < 8; ++i) {
    const File f = static_cast<File>(i);
    if (mask == file_bit(f)) return w.full_files[static_cast<std::size_t>(i)];
    if (mask == short_file_mask(f)) return w.short_files[static_cast<std::size_t>(i)];
  }
  return "";
}

std::string square_text(const StyleWords& w, FileMask files, std::uint8_t rank) {
  std::string out;
  const std::string_view name = files == kAllFiles ? std::string_view{} : files_name(w, files);
  const std::string digits = rank == 0 ? std::string{} : std::string(1, static_cast<char>('0' + rank));
  if (w.rank_first) {
    out += digits;
    out += name;
  } else {
    out += name;
    out += digits;
  }
  return out;
}

std::string designated_piece(const StyleWords& w, PieceType t, const Designator& d) {
  std::string out;
  const std::string_view wing = d.identity == Wing::Queen  ? w.queen_wing
                                : d.identity == Wing::King ? w.king_wing
                                                           : std::string_view{};
  const std::string_view files = d.files == kAllFiles ? std::string_view{} : files_name(w, d.files);
  if (w.rank_first) {
    // Spanish: designators follow the letter ("CD", "PAR").
    out += w.letters[static_cast<std::size_t>(index_of(t))];
    out += d.identity != Wing::Any ? wing : files;
  } else {
    out += d.identity != Wing::Any ? wing : files;
    out += w.letters[static_cast<std::size_t>(index_of(t))];
  }
  return out;
}

}  // namespace

std::string format_descriptive(const DescriptiveMove& dm, Color /*mover*/, DescriptiveStyle style) {
  const StyleWords& w = words_for(style);
  std::string out;
  if (dm.is_castling()) {
    out = dm.castle == CastlingSide::Queen ? "O-O-O" : "O-O";
  } else {
    out += designated_piece(w, dm.piece, dm.mover);
    const bool has_origin = dm.origin_files != kAllFiles || dm.origin_rank != 0;
    if (has_origin) {
      const std::string sq = square_text(w, dm.origin_files, dm.origin_rank);
      // A rank alone is glued in Spanish ("T1xP"); anything else is bracketed ("N(Q2)").
      if (w.rank_first && dm.origin_files == kAllFiles) {
        out += sq;
      } else {
        out += '(';
        out += sq;
        out += ')';
      }
    }
    if (dm.capture) {
      out += 'x';
      out += designated_piece(w, dm.captured, dm.captured_designator);
      if (dm.to_rank != 0) {
        out += '(';
        out += square_text(w, dm.to_files, dm.to_rank);
        out += ')';
      }
    } else {
      if (!w.rank_first || has_origin) out += '-';
      out += square_text(w, dm.to_files, dm.to_rank);
    }
    if (dm.promotion != PieceType::None) {
      out += w.promo_open;
      out += w.letters[static_cast<std::size_t>(index_of(dm.promotion))];
      out += w.promo_close;
    }
  }
  if (dm.en_passant_mark) out += w.en_passant;
  switch (dm.check) {
    case DescriptiveCheck::None: break;
    case DescriptiveCheck::Mate: out += w.mate; break;
    case DescriptiveCheck::Check:
    case DescriptiveCheck::Discovered:
    case DescriptiveCheck::Double: out += w.check; break;
  }
  return out;
}

namespace {

// The designators to try for a piece on `s`, shortest first. `either` mirrors how the Spanish
// reader takes a one-letter suffix ("CD" = queen's knight or knight on the d-file).
std::vector<Designator> designators_for(const Position& pos, const IdentityTracker& ids, Square s, bool spanish) {
  std::vector<Designator> out{Designator{}};
  const PieceType t = pos.piece_at(s).type;
  if (t == PieceType::Pawn) {
    const FileMask short_mask = short_file_mask(file_of(s));
    out.push_back(Designator{short_mask, Wing::Any, false});
    if (short_mask != file_bit(file_of(s))) out.push_back(Designator{file_bit(file_of(s)), Wing::Any, false});
  } else if (t == PieceType::Rook || t == PieceType::Knight || t == PieceType::Bishop) {
    const Wing w = ids.identity(s);
    if (w != Wing::Any) {
      Designator d{kAllFiles, w, false};
      if (spanish) {
        d.identity_or_file = true;
        d.files = file_bit(w == Wing::Queen ? File::D : File::E);
      }
      out.push_back(d);
    }
  }
  return out;
}

bool unique_for(const DescriptiveMove& dm, const Position& pos, const IdentityTracker& ids, Move m) {
  const auto found = descriptive_matches(dm, pos, ids);
  return found.size() == 1 && found.front() == m;
}

DescriptiveMove describe(const Position& pos, Move move, const IdentityTracker& ids, bool spanish) {
  DescriptiveMove dm;
  const Color us = pos.side_to_move();
  if (move.is_castling()) {
    dm.castle = castling_side(move);
  } else {
    dm.piece = pos.moving_piece(move);
    dm.promotion = move.promotion();
    dm.capture = pos.is_capture(move);
    dm.en_passant_mark = move.is_en_passant();
    const auto movers = designators_for(pos, ids, move.from(), spanish);
    bool found = false;
    if (dm.capture) {
      const Square cs = captured_square(move);
      dm.captured = pos.piece_at(cs).type;
      const auto victims = designators_for(pos, ids, cs, spanish);
      // Captured designator first, then the mover's (NOTATION.md §2.1.3 rule 3); by total size.
      for (std::size_t total = 0; total <= movers.size() + victims.size() && !found; ++total) {
        for (std::size_t vi = victims.size(); vi-- > 0 && !found;) {
          const std::size_t v = vi;
          if (total < v || total - v >= movers.size()) continue;
          const std::size_t mi = total - v;
          dm.captured_designator = victims[v];
          dm.mover = movers[mi];
          found = unique_for(dm, pos, ids, move);
        }
      }
      if (!found) {
        dm.mover = Designator{};
        dm.captured_designator = Designator{};
        dm.to_files = file_bit(file_of(move.to()));
        dm.to_rank = static_cast<std::uint8_t>(relative_rank_number(us, move.to()));
        found = unique_for(dm, pos, ids, move);
      }
    } else {
      const FileMask dests[] = {short_file_mask(file_of(move.to())), file_bit(file_of(move.to()))};
      dm.to_rank = static_cast<std::uint8_t>(relative_rank_number(us, move.to()));
      // Expanding the destination comes before designating the mover (§2.1.3 rule 2).
      for (std::size_t mi = 0; mi < movers.size() && !found; ++mi) {
        for (FileMask d : dests) {
          dm.to_files = d;
          dm.mover = movers[mi];
          if ((found = unique_for(dm, pos, ids, move))) break;
        }
      }
    }
    if (!found) {
      // Last resort: the origin, by rank, then by file, then the whole square.
      dm.mover = Designator{};
      const FileMask of = file_bit(file_of(move.from()));
      const auto orank = static_cast<std::uint8_t>(relative_rank_number(us, move.from()));
      const std::pair<FileMask, std::uint8_t> origins[] = {{kAllFiles, orank}, {of, 0}, {of, orank}};
      // Keep the shortest destination that still names the square (a capture names none).
      const FileMask dests[] = {dm.capture ? dm.to_files : short_file_mask(file_of(move.to())),
                                dm.capture ? dm.to_files : file_bit(file_of(move.to()))};
      for (const auto& [files, rank] : origins) {
        dm.origin_files = files;
        dm.origin_rank = rank;
        for (FileMask d : dests) {
          dm.to_files = d;
          if ((found = unique_for(dm, pos, ids, move))) break;
        }
        if (found) break;
      }
    }
  }
  const Position after = pos.after(move);
  if (after.is_checkmate()) dm.check = DescriptiveCheck::Mate;
  else if (after.in_check()) dm.check = DescriptiveCheck::Check;
  return dm;
}

}  // namespace

DescriptiveMove describe_move(const Position& pos, Move move, const IdentityTracker& ids) {
  return describe(pos, move, ids, false);
}

std::string write_descriptive(const Position& pos, Move move, DescriptiveStyle style, const IdentityTracker& ids) {
  const DescriptiveMove dm = describe(pos, move, ids, style == DescriptiveStyle::Spanish);
  return format_descriptive(dm, pos.side_to_move(), style);
}

std::vector<std::string> write_descriptive_game(const Position& start, std::span<const Move> moves,
                                                DescriptiveStyle style) {
  std::vector<std::string> out;
  out.reserve(moves.size());
  Position pos = start;
  IdentityTracker ids(start);
  for (Move m : moves) {
    out.push_back(write_descriptive(pos, m, style, ids));
    ids.play(pos, m);
    pos.play(m);
  }
  return out;
}

}  // namespace planilla
