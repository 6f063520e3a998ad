// Writing a legal move in every style × language. Everything appends to one caller-owned string
// (append_move is the converters' hot path): no temporary strings, no allocation beyond `out`.
//
// Choices made where the references leave room (documented in write.hpp's NotationStyle too):
//  - Long (FIDE compact, Appendix C.8/C.14): piece letter + both squares, `x` between the squares
//    of a capture (`e5xd6`, `Nf3xd4`, as in FIDE's sample game), promotion letter straight after
//    the square (`e7d8Q`, FIDE never writes `=`; promotion_equals is ignored), castling O-O.
//  - ICCF in Chess960: no ICCF rule exists. Castling is the king's start and end squares (as in
//    standard chess) unless that is unreadable: the king already stands on its castling square,
//    or a plain king move between the same squares is legal too. Then the king-takes-rook squares
//    are written, which no other move can have.
//  - Spoken: English, Spanish, German and French have full vocabularies (numbers, "takes",
//    "check", "mate", castling, promotion). Other languages use their piece words from
//    Language::words, squares as written (f3) and the symbols x + # = (e.g. "Конь x e5 +"): we have
//    no verified spoken vocabulary for them and would rather not invent one. Pawn moves name no
//    piece ("e four", "e takes d five"), as announced in blindfold and blind-player play.
#include "notation/write.hpp"

#include "notation/icu_lite.hpp"

#include <array>
#include <charconv>
#include <cstdint>

namespace planilla {
namespace {

constexpr unsigned type_bit(PieceType t) { return 1u << index_of(t); }

const Language& language_of(const WriteOptions& options) {
  return options.language != nullptr ? *options.language : english();
}

template <class Out>
void append_square(Out& out, Square s) {
  out += file_char(file_of(s));
  out += rank_char(rank_of(s));
}

// Figurines in PieceType order (Pawn … King): U+2659 … U+2654 for White, U+265F … U+265A for Black.
constexpr std::array<std::string_view, kPieceTypes> kWhiteFigurines = {"\u2659", "\u2658", "\u2657",
                                                                       "\u2656", "\u2655", "\u2654"};
constexpr std::array<std::string_view, kPieceTypes> kBlackFigurines = {"\u265F", "\u265E", "\u265D",
                                                                       "\u265C", "\u265B", "\u265A"};

std::string_view figurine(Color c, PieceType t) {
  return c == Color::White ? kWhiteFigurines[index_of(t)] : kBlackFigurines[index_of(t)];
}

char uci_promotion_letter(PieceType t) {
  switch (t) {
    case PieceType::Knight: return 'n';
    case PieceType::Bishop: return 'b';
    case PieceType::Rook: return 'r';
    case PieceType::Queen: return 'q';
    case PieceType::Pawn:
    case PieceType::King:
    case PieceType::None: break;
  }
  return '?';  // not a promotion piece: unreachable for legal moves
}

// ICCF promotion digits: 1 queen, 2 rook, 3 bishop, 4 knight.
char iccf_promotion_digit(PieceType t) {
  switch (t) {
    case PieceType::Queen: return '1';
    case PieceType::Rook: return '2';
    case PieceType::Bishop: return '3';
    case PieceType::Knight: return '4';
    case PieceType::Pawn:
    case PieceType::King:
    case PieceType::None: break;
  }
  return '0';
}

template <class Out>
void append_iccf_square(Out& out, Square s) {
  out += static_cast<char>('1' + index_of(file_of(s)));
  out += static_cast<char>('1' + index_of(rank_of(s)));
}

enum class CheckState : std::uint8_t { None, Check, Mate };

// Mate detection copies the position and generates replies, so it runs only for checking moves.
CheckState check_state(const Position& pos, Move m) {
  if (!pos.gives_check(m)) return CheckState::None;
  return pos.after(m).is_checkmate() ? CheckState::Mate : CheckState::Check;
}

template <class Out>
void append_check_suffix(Out& out, const Position& pos, Move m, const WriteOptions& options,
                         const SanFacts* facts = nullptr) {
  if (!options.check_marks) return;
  const CheckState state = !facts         ? check_state(pos, m)
                           : facts->mate  ? CheckState::Mate
                           : facts->check ? CheckState::Check
                                          : CheckState::None;
  switch (state) {
    case CheckState::None: break;
    case CheckState::Check: out += '+'; break;
    case CheckState::Mate: out += '#'; break;
  }
}

template <class Out>
void append_castling(Out& out, Move m, const WriteOptions& options) {
  const char o = options.castling_zeros ? '0' : 'O';
  out += o;
  out += '-';
  out += o;
  if (castling_side(m) == CastlingSide::Queen) {
    out += '-';
    out += o;
  }
}

// The piece symbol of the style: a figurine, or the language's letter (multi-letter and
// non-Latin letters are plain UTF-8 strings).
template <class Out>
void append_piece(Out& out, const Language& lang, Color c, PieceType t, bool figurines) {
  if (figurines) out += figurine(c, t);
  else out += lang.letters[index_of(t)];
}

// SAN and figurine SAN (PGN §8.2.3 with the language's letters).
template <class Out>
void append_san(Out& out, const Position& pos, Move m, const WriteOptions& options, bool figurines,
                const SanFacts* facts) {
  const Language& lang = language_of(options);
  const Color us = pos.side_to_move();
  if (m.is_castling()) {
    append_castling(out, m, options);
  } else {
    const PieceType piece = pos.moving_piece(m);
    const bool capture = pos.is_capture(m);
    if (piece == PieceType::Pawn) {
      if (capture) {
        out += file_char(file_of(m.from()));
        out += 'x';
      }
    } else {
      append_piece(out, lang, us, piece, figurines);
      switch (facts ? facts->disambiguation : san_disambiguation(pos, m)) {
        case Disambiguation::None: break;
        case Disambiguation::File: out += file_char(file_of(m.from())); break;
        case Disambiguation::Rank: out += rank_char(rank_of(m.from())); break;
        case Disambiguation::Square: append_square(out, m.from()); break;
      }
      if (capture) out += 'x';
    }
    append_square(out, m.to());
    if (m.kind() == MoveKind::Promotion) {
      if (options.promotion_equals) out += '=';
      append_piece(out, lang, us, m.promotion(), figurines);
    }
  }
  append_check_suffix(out, pos, m, options, facts);
}

// Lan (`Ng1-f3`, `e4xd5`, `e7xd8=Q`) and FIDE's compact long form (`Ng1f3`, `e5xd6`, `e7d8Q`).
template <class Out>
void append_long(Out& out, const Position& pos, Move m, const WriteOptions& options, bool hyphen,
                 const SanFacts* facts) {
  const Language& lang = language_of(options);
  if (m.is_castling()) {
    append_castling(out, m, options);
  } else {
    const PieceType piece = pos.moving_piece(m);
    if (piece != PieceType::Pawn) out += lang.letters[index_of(piece)];
    append_square(out, m.from());
    if (pos.is_capture(m)) out += 'x';
    else if (hyphen) out += '-';
    append_square(out, m.to());
    if (m.kind() == MoveKind::Promotion) {
      if (hyphen && options.promotion_equals) out += '=';
      out += lang.letters[index_of(m.promotion())];
    }
  }
  append_check_suffix(out, pos, m, options, facts);
}

template <class Out>
void append_uci(Out& out, const Position& pos, Move m, const WriteOptions& options) {
  append_square(out, m.from());
  if (m.is_castling() && !pos.is_chess960() && !options.uci_chess960) {
    // Standard UCI: castling is the king's two-square move.
    append_square(out, castling_king_target(pos.side_to_move(), castling_side(m)));
    return;
  }
  append_square(out, m.to());  // king takes own rook for castling in Chess960
  if (m.kind() == MoveKind::Promotion) out += uci_promotion_letter(m.promotion());
}

template <class Out>
void append_iccf(Out& out, const Position& pos, Move m) {
  append_iccf_square(out, m.from());
  if (m.is_castling()) {
    const Square king_to = castling_king_target(pos.side_to_move(), castling_side(m));
    const bool unreadable = pos.is_chess960() && (king_to == m.from() || pos.is_legal(Move(m.from(), king_to)));
    append_iccf_square(out, unreadable ? m.to() : king_to);
    return;
  }
  append_iccf_square(out, m.to());
  if (m.kind() == MoveKind::Promotion) out += iccf_promotion_digit(m.promotion());
}

// --- Spoken style --------------------------------------------------------------------------

struct SpokenVocabulary {
  std::string_view code;
  std::array<std::string_view, 8> ranks;
  std::string_view takes;
  std::string_view check;
  std::string_view mate;
  std::string_view castle_short;
  std::string_view castle_long;
  std::string_view promotes_to;
  std::string_view en_passant;
  std::string_view null_move;
};

// Words as a player announces them (FIDE Laws, guidelines for blind and visually disabled
// players: the piece, the square, "takes", "check"; castling and promotion named in words).
constexpr std::array<SpokenVocabulary, 4> kSpoken = {{
    {"en",
     {"one", "two", "three", "four", "five", "six", "seven", "eight"},
     "takes",
     "check",
     "mate",
     "castles short",
     "castles long",
     "promotes to",
     "en passant",
     "null move"},
    {"es",
     {"uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho"},
     "toma",
     "jaque",
     "jaque mate",
     "enroque corto",
     "enroque largo",
     "promociona a",
     "al paso",
     "jugada nula"},
    {"de",
     {"eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"},
     "schlägt",
     "Schach",
     "matt",
     "kurze Rochade",
     "lange Rochade",
     "Umwandlung in",
     "en passant",
     "Nullzug"},
    {"fr",
     {"un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit"},
     "prend",
     "échec",
     "échec et mat",
     "petit roque",
     "grand roque",
     "promotion en",
     "en passant",
     "coup nul"},
}};

const SpokenVocabulary* spoken_vocabulary(const Language& lang) {
  for (const SpokenVocabulary& v : kSpoken)
    if (v.code == lang.code) return &v;
  return nullptr;
}

// Upper-cases the first code point (ICU knows every script's case mapping: "конь" → "Конь").
void append_capitalized(std::string& out, std::string_view word) {
  if (word.empty()) return;
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(word.data());
  std::int32_t i = 0;
  UChar32 c = 0;
  U8_NEXT(bytes, i, static_cast<std::int32_t>(word.size()), c);
  if (c < 0) {
    out += word;
    return;
  }
  std::uint8_t buf[U8_MAX_LENGTH];
  std::int32_t n = 0;
  UBool error = false;
  U8_APPEND(buf, n, U8_MAX_LENGTH, u_toupper(c), error);
  if (error) {
    out += word;
    return;
  }
  out.append(reinterpret_cast<const char*>(buf), static_cast<std::size_t>(n));
  out += word.substr(static_cast<std::size_t>(i));
}

class SpokenWriter {
 public:
  SpokenWriter(std::string& out, const Language& lang, const WriteOptions& options)
      : out_(out), lang_(lang), vocab_(spoken_vocabulary(lang)), options_(options) {}

  void move(const Position& pos, Move m) {
    if (m.is_castling()) {
      const bool king_side = castling_side(m) == CastlingSide::King;
      word(castle_word(king_side), true);
    } else {
      const PieceType piece = pos.moving_piece(m);
      const bool capture = pos.is_capture(m);
      if (piece == PieceType::Pawn) {
        if (capture) file(file_of(m.from()));
      } else {
        word(lang_.words[index_of(piece)], true);
        switch (san_disambiguation(pos, m)) {
          case Disambiguation::None: break;
          case Disambiguation::File: file(file_of(m.from())); break;
          case Disambiguation::Rank: rank(rank_of(m.from())); break;
          case Disambiguation::Square:
            file(file_of(m.from()));
            rank(rank_of(m.from()));
            break;
        }
      }
      if (capture) word(vocab_ != nullptr ? vocab_->takes : "x", false);
      square(m.to());
      if (m.is_en_passant()) word(vocab_ != nullptr ? vocab_->en_passant : lang_.en_passant_marker, false);
      if (m.kind() == MoveKind::Promotion) {
        word(vocab_ != nullptr ? vocab_->promotes_to : "=", false);
        word(lang_.words[index_of(m.promotion())], false);
      }
    }
    if (options_.check_marks) {
      switch (check_state(pos, m)) {
        case CheckState::None: break;
        case CheckState::Check: word(vocab_ != nullptr ? vocab_->check : "+", false); break;
        case CheckState::Mate: word(vocab_ != nullptr ? vocab_->mate : "#", false); break;
      }
    }
  }

  void null_move() { word(vocab_ != nullptr ? vocab_->null_move : "--", false); }

 private:
  // Each word is separated from the previous one by a space; the first word of the move is
  // capitalised when it is a piece name or castling ("Knight …", "Caballo …").
  void word(std::string_view w, bool capitalize_first) {
    if (!first_) out_ += ' ';
    if (first_ && capitalize_first) append_capitalized(out_, w);
    else out_ += w;
    first_ = false;
  }
  void file(File f) {
    const std::string_view phonetic = lang_.file_words[index_of(f)];
    if (options_.phonetic_files && !phonetic.empty()) {
      word(phonetic, false);
    } else {
      const char letter[1] = {file_char(f)};
      word(std::string_view(letter, 1), false);
    }
  }
  // "f three" / "Félix tres" with a vocabulary; "f3" as one word without one.
  void square(Square s) {
    if (vocab_ != nullptr || (options_.phonetic_files && !lang_.file_words[0].empty())) {
      file(file_of(s));
      rank(rank_of(s));
    } else {
      const char name[2] = {file_char(file_of(s)), rank_char(rank_of(s))};
      word(std::string_view(name, 2), false);
    }
  }
  void rank(Rank r) {
    if (vocab_ != nullptr) {
      word(vocab_->ranks[index_of(r)], false);
    } else {
      const char digit[1] = {rank_char(r)};
      word(std::string_view(digit, 1), false);
    }
  }
  // Our vocabulary first (it is consistent with the other words), then the language's row,
  // then the PGN symbol.
  std::string_view castle_word(bool king_side) const {
    if (vocab_ != nullptr) return king_side ? vocab_->castle_short : vocab_->castle_long;
    const std::string_view w = king_side ? lang_.castle_short_word : lang_.castle_long_word;
    if (!w.empty()) return w;
    return king_side ? "O-O" : "O-O-O";
  }

  std::string& out_;
  const Language& lang_;
  const SpokenVocabulary* vocab_;
  const WriteOptions& options_;
  bool first_ = true;
};

}  // namespace

Disambiguation san_disambiguation(const Position& pos, Move move) {
  const PieceType piece = pos.moving_piece(move);
  if (piece == PieceType::Pawn) return pos.is_capture(move) ? Disambiguation::File : Disambiguation::None;
  if (piece == PieceType::King || move.is_castling()) return Disambiguation::None;
  MoveList others;
  pos.legal_moves(others, type_bit(piece), ~bb(move.from()), bb(move.to()));
  bool any = false;
  bool same_file = false;
  bool same_rank = false;
  for (Move other : others) {
    if (other.is_castling() || other.from() == move.from()) continue;
    any = true;
    same_file |= file_of(other.from()) == file_of(move.from());
    same_rank |= rank_of(other.from()) == rank_of(move.from());
  }
  if (!any) return Disambiguation::None;
  if (!same_file) return Disambiguation::File;
  if (!same_rank) return Disambiguation::Rank;
  return Disambiguation::Square;
}

namespace {

// Every style but the spoken one, into either output: false for Spoken (words need a string).
template <class Out>
bool append_notation(Out& out, const Position& pos, Move move, const WriteOptions& options, const SanFacts* facts) {
  if (move.is_null()) {
    switch (options.style) {
      case NotationStyle::San:
      case NotationStyle::Figurine:
      case NotationStyle::Lan:
      case NotationStyle::Long: out += "--"; return true;
      case NotationStyle::Uci:
      case NotationStyle::Iccf: out += "0000"; return true;
      case NotationStyle::Spoken: return false;
      case NotationStyle::Descriptive:
      case NotationStyle::DescriptiveClassic:
      case NotationStyle::Null: out += "--"; return true;
    }
    return false;
  }
  switch (options.style) {
    case NotationStyle::San: append_san(out, pos, move, options, false, facts); return true;
    case NotationStyle::Figurine: append_san(out, pos, move, options, true, facts); return true;
    case NotationStyle::Lan: append_long(out, pos, move, options, true, facts); return true;
    case NotationStyle::Long: append_long(out, pos, move, options, false, facts); return true;
    case NotationStyle::Uci: append_uci(out, pos, move, options); return true;
    case NotationStyle::Iccf: append_iccf(out, pos, move); return true;
    case NotationStyle::Spoken: return false;
    // A descriptive move names pieces by where they started, which only the whole game knows:
    // descriptive games are written by converters/pgn/descriptive_io (StyleLayout::Descriptive),
    // and a lone move here is SAN, the PGN form. Null is read only.
    case NotationStyle::Descriptive:
    case NotationStyle::DescriptiveClassic:
    case NotationStyle::Null: append_san(out, pos, move, options, false, facts); return true;
  }
  return false;
}

}  // namespace

void append_move(std::string& out, const Position& pos, Move move, const WriteOptions& options) {
  append_move(out, pos, move, options, nullptr);
}

void append_move(std::string& out, const Position& pos, Move move, const WriteOptions& options, const SanFacts* facts) {
  if (append_notation(out, pos, move, options, facts)) return;
  SpokenWriter spoken(out, language_of(options), options);
  if (move.is_null()) spoken.null_move();
  else spoken.move(pos, move);
}

bool format_move(MoveText& out, const Position& pos, Move move, const WriteOptions& options, const SanFacts* facts) {
  out.clear();
  return append_notation(out, pos, move, options, facts) && !out.overflow();
}

std::string write_move(const Position& pos, Move move, const WriteOptions& options) {
  std::string out;
  append_move(out, pos, move, options);
  return out;
}

void append_decimal(std::string& out, std::uint64_t value) {
  char digits[20];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
}

}  // namespace planilla
