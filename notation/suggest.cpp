#include "notation/suggest.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "notation/write.hpp"

namespace planilla {

std::string_view suggestion_kind_name(SuggestionKind kind) {
  switch (kind) {
    case SuggestionKind::Candidate: return "candidate";
    case SuggestionKind::Slip: return "slip";
    case SuggestionKind::PieceLetter: return "piece letter";
    case SuggestionKind::OtherLanguage: return "letter of another language";
    case SuggestionKind::RankFromOtherSide: return "rank from the other side";
    case SuggestionKind::SquaresSwapped: return "squares swapped";
    case SuggestionKind::CastlingAsKing: return "castling as a king move";
    case SuggestionKind::Transposed: return "plies transposed";
    case SuggestionKind::MissingPly: return "missing ply";
    case SuggestionKind::RepeatedPlies: return "repeated plies";
    case SuggestionKind::Continuation: return "the rest of the game";
  }
  return "slip";
}

namespace {

// Costs of the edit distance, in "slips". A slip of the pen or of the OCR between look-alikes is
// cheaper than an arbitrary substitution, so that "Kh1" with only Kg1 legal is one cheap slip,
// while a different piece letter (Rh1) counts as a full one: FIDE's examples treat the named
// piece as the writer's clear intention.
constexpr double kCostDefault = 1.0;
constexpr double kCostNear = 0.5;         // adjacent file or rank, OCR look-alike
constexpr double kCostKey = 0.7;          // neighbouring key on a QWERTY keyboard
constexpr double kCostCase = 0.3;         // n for N
constexpr double kCostLookalike = 0.1;    // Cyrillic К for Latin K
constexpr double kCostCaptureMark = 0.2;  // x written or left out (FIDE: optional)
constexpr double kCostTranspose = 0.6;    // two adjacent characters exchanged
// Extra cost of whole-move readings other than a plain slip.
constexpr double kCostOtherLanguage = 0.6;
constexpr double kCostRankMirror = 0.5;
constexpr double kCostSwapped = 0.5;
constexpr double kCostCastlingKing = 0.3;
constexpr double kCostTransposed = 1.0;
constexpr double kCostMissing = 1.2;
// A line copied twice: the written plies equal the ones before them, which no slip explains.
constexpr double kCostRepeated = 0.8;
// Beyond this a reading is not "what was written" any more.
constexpr double kMaxCost = 2.6;
// A check mark of the score that a reading contradicts (ranking only, never legality).
constexpr double kCostMark = 1.0;
// Evident: the best reading costs at most this, and it is the only reading of all under which the
// following plies stay legal. When nothing follows, no other reading may come within kEndMargin.
constexpr double kMaxEvidentCost = 2.1;
constexpr double kEndMargin = 0.5;

using Text = std::u32string;

// UTF-8 → code points (invalid bytes pass as themselves; they only ever cost a substitution).
Text decode_utf8(std::string_view s) {
  Text out;
  for (std::size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    if (i + static_cast<std::size_t>(len) > s.size()) len = 1;
    char32_t cp = len == 1 ? c : static_cast<char32_t>(c & (0x7F >> len));
    for (int k = 1; k < len; ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
    out.push_back(cp);
    i += static_cast<std::size_t>(len);
  }
  return out;
}

bool is_castling_text(const Text& t) {
  if (t.empty()) return false;
  for (char32_t c : t)
    if (c != U'O' && c != U'0' && c != U'o' && c != U'-' && c != U'\u2013' && c != U'\u2014') return false;
  return true;
}

// The comparable core of a token: no check, mate, annotation, e.p. or draw-offer marks, no '='
// before a promotion letter, no '-' between squares, one capture sign; castling as O's.
Text normalize(std::string_view token) {
  std::string s(token);
  for (std::string_view suffix : {"(=)", "e.p.", "a.p."}) {
    auto at = s.find(suffix);
    if (at != std::string::npos) s.erase(at);
  }
  Text t = decode_utf8(s);
  while (!t.empty() && (t.back() == U'+' || t.back() == U'#' || t.back() == U'!' || t.back() == U'?' ||
                        t.back() == U'\u2020' || t.back() == U'\u2021' || t.back() == U' '))
    t.pop_back();
  Text out;
  bool castling = is_castling_text(t);
  for (char32_t c : t) {
    if (c == U'=' || c == U' ') continue;
    if (c == U'-' || c == U'\u2013' || c == U'\u2014') continue;
    if (c == U':' || c == U'\u00D7') c = U'x';
    if (castling && (c == U'0' || c == U'o')) c = U'O';
    out.push_back(c);
  }
  return out;
}

char32_t ascii_lower(char32_t c) { return c >= U'A' && c <= U'Z' ? c - U'A' + U'a' : c; }

int qwerty_row_col(char32_t c, int& col) {
  static constexpr std::string_view kRows[] = {"1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"};
  c = ascii_lower(c);
  for (int r = 0; r < 4; ++r) {
    auto at = kRows[r].find(static_cast<char>(c < 128 ? c : 0));
    if (c < 128 && at != std::string_view::npos) {
      col = static_cast<int>(at);
      return r;
    }
  }
  return -1;
}

bool ocr_pair(char32_t a, char32_t b) {
  static constexpr std::pair<char32_t, char32_t> kPairs[] = {{U'6', U'b'}, {U'1', U'l'}, {U'1', U'I'}, {U'0', U'O'},
                                                             {U'0', U'o'}, {U'5', U'S'}, {U'8', U'B'}, {U'g', U'9'},
                                                             {U'c', U'e'}, {U'2', U'z'}, {U'h', U'b'}};
  for (auto [x, y] : kPairs)
    if ((a == x && b == y) || (a == y && b == x)) return true;
  return false;
}

// Cyrillic letters that look like Latin ones: `Кf3` typed as `Kf3` is no slip at all for a reader,
// only for a byte comparison. (Greek twins are left out: Latin-typed Greek scores are not seen,
// and Ρ/P would make the Greek king a reading of every P.)
bool lookalike_pair(char32_t a, char32_t b) {
  static constexpr std::pair<char32_t, char32_t> kPairs[] = {{U'K', U'\u041A'}, {U'C', U'\u0421'}, {U'T', U'\u0422'},
                                                             {U'P', U'\u0420'}, {U'A', U'\u0410'}, {U'B', U'\u0412'},
                                                             {U'H', U'\u041D'}, {U'M', U'\u041C'}, {U'O', U'\u041E'},
                                                             {U'E', U'\u0415'}, {U'X', U'\u0425'}, {U'p', U'\u0440'},
                                                             {U'a', U'\u0430'}, {U'c', U'\u0441'}, {U'e', U'\u0435'}};
  for (auto [x, y] : kPairs)
    if ((a == x && b == y) || (a == y && b == x)) return true;
  return false;
}

double substitution_cost(char32_t a, char32_t b) {
  if (a == b) return 0;
  if (lookalike_pair(a, b)) return kCostLookalike;
  if (a >= U'a' && a <= U'h' && b >= U'a' && b <= U'h' && (a - b == 1 || b - a == 1)) return kCostNear;
  if (a >= U'1' && a <= U'8' && b >= U'1' && b <= U'8' && (a - b == 1 || b - a == 1)) return kCostNear;
  if (ocr_pair(a, b)) return kCostNear;
  if (a < 128 && b < 128 && ((a ^ 0x20) == b) && ((a | 0x20) >= U'a' && (a | 0x20) <= U'z')) return kCostCase;
  int ca = 0;
  int cb = 0;
  int ra = qwerty_row_col(a, ca);
  int rb = qwerty_row_col(b, cb);
  if (ra >= 0 && ra == rb && (ca - cb == 1 || cb - ca == 1)) return kCostKey;
  return kCostDefault;
}

double indel_cost(char32_t c) { return c == U'x' ? kCostCaptureMark : kCostDefault; }

// substitution_cost() of a pair with a code point beyond ASCII, the same value faster: such a pair
// can only be equal, a Cyrillic look-alike of a Latin letter (lookalike_pair's pairs are all
// Cyrillic against ASCII), or a full substitution (the other rules are about ASCII pairs).
double wide_substitution_cost(char32_t a, char32_t b) {
  if (a == b) return 0;
  const char32_t wide = a < 128 ? b : a;
  if (wide < 0x400 || wide > 0x4FF) return kCostDefault;
  return lookalike_pair(a, b) ? kCostLookalike : kCostDefault;
}

// substitution_cost() of every ASCII pair (128 × 128, row by first code point), computed on first
// use: the distance asks it for every cell of every comparison of a written token with every
// legal move's renderings, and its pair tables are searched linearly.
const double* ascii_substitution_costs() {
  static const std::vector<double> table = [] {
    std::vector<double> t(128 * 128);
    for (char32_t x = 0; x < 128; ++x)
      for (char32_t y = 0; y < 128; ++y) t[x * 128 + y] = substitution_cost(x, y);
    return t;
  }();
  return table.data();
}

// Optimal string alignment distance with the costs above (tokens are short: ≤ ~12 code points).
// Lengths further apart than kMaxCost allows give the lower bound instead (every extra code point
// costs at least kCostCaptureMark): the reading is far either way, and a glued token megabytes
// long would otherwise cost length × rendering work for every legal move.
//
// `extra` and `bound`: the caller keeps a reading only when distance + extra < bound. Once two
// consecutive rows of the table are at least that far (every alignment passes through one of
// them, and sums of costs never decrease, in floating point too), their minimum is returned
// instead, which the caller rejects as it would the distance itself. The rows live on the stack
// for renderings of up to kRow - 1 code points: a token is compared with about two hundred
// renderings.
double distance(const Text& a, const Text& b, double extra = 0,
                double bound = std::numeric_limits<double>::infinity()) {
  const std::size_t n = a.size();
  const std::size_t m = b.size();
  const std::size_t apart = n > m ? n - m : m - n;
  if (static_cast<double>(apart) * kCostCaptureMark > 2 * kMaxCost)
    return static_cast<double>(apart) * kCostCaptureMark;
  constexpr std::size_t kRow = 32;
  thread_local std::vector<double> spill;  // longer renderings: the rows on the heap
  std::array<double, 4 * kRow> local;
  double* rows = local.data();
  const std::size_t width = m + 1;
  if (width > kRow) {
    spill.resize(4 * width);
    rows = spill.data();
  }
  double* before = rows;              // row i - 2 (for a transposition)
  double* prev = rows + width;        // row i - 1
  double* cur = rows + 2 * width;     // row i
  double* insert = rows + 3 * width;  // insert[j]: the cost of b[j - 1] inserted
  const char32_t* pa = a.data();
  const char32_t* pb = b.data();
  const double* ascii = ascii_substitution_costs();
  prev[0] = 0;
  for (std::size_t j = 1; j <= m; ++j) {
    insert[j] = indel_cost(pb[j - 1]);
    prev[j] = prev[j - 1] + insert[j];
  }
  double prev_min = 0;
  for (std::size_t i = 1; i <= n; ++i) {
    const char32_t ai = pa[i - 1];
    const double remove = indel_cost(ai);
    const double* costs = ai < 128 ? ascii + ai * 128 : nullptr;  // ai's row of the ASCII table
    cur[0] = prev[0] + remove;
    double row_min = cur[0];
    for (std::size_t j = 1; j <= m; ++j) {
      const char32_t bj = pb[j - 1];
      const double substitute = costs && bj < 128 ? costs[bj] : wide_substitution_cost(ai, bj);
      double v = std::min({prev[j] + remove, cur[j - 1] + insert[j], prev[j - 1] + substitute});
      if (i > 1 && j > 1 && ai == pb[j - 2] && pa[i - 2] == bj && ai != pa[i - 2])
        v = std::min(v, before[j - 2] + kCostTranspose);
      cur[j] = v;
      row_min = std::min(row_min, v);
    }
    const double floor = std::min(row_min, prev_min);
    if (floor + extra >= bound) return floor;
    double* const spare = before;
    before = prev;
    prev = cur;
    cur = spare;
    prev_min = row_min;
  }
  return prev[m];
}

// A reading of the score at the failing ply: which move is played now, what the writer did.
struct Hypothesis {
  Move move;
  SuggestionKind kind = SuggestionKind::Slip;
  double cost = 0;
  int shift = 0;
  std::size_t kept = 0;
  bool full = false;
  // The writing this reading compares with (for `why`): one of the renderings of this call's
  // position, which stay put until it returns.
  const Text* rendering = nullptr;
  // Check marks of the score this reading contradicts ('+' written where it gives no check, or,
  // in a score that marks checks, a check left unmarked): ranks readings the rest keeps legal.
  std::size_t marks = 0;
};

// Whether the check mark written for a move agrees with the position after it.
bool mark_agrees(const WrittenMove& w, const Position& after, bool score_marks_checks) {
  const bool marked = w.check != CheckMark::None;
  if (marked) return after.in_check();
  return !score_marks_checks || !after.in_check();
}

std::string encode_utf8(const Text& t) {
  std::string out;
  for (char32_t c : t) {
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (c >> 6)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (c >> 12)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (c >> 18)));
      out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
  return out;
}

// Replaces the piece letters of an English SAN/long writing by `lang`'s (the first character is
// the piece; a promotion letter follows the target square).
Text with_letters(const Text& english_text, PieceType piece, PieceType promotion, const Language& lang) {
  Text out = english_text;
  if (piece != PieceType::Pawn && piece != PieceType::None && !out.empty() && out[0] >= U'A' && out[0] <= U'Z' &&
      out[0] != U'O')
    out.replace(0, 1, decode_utf8(lang.letters[static_cast<std::size_t>(index_of(piece))]));
  if (promotion != PieceType::None && !out.empty())
    out.replace(out.size() - 1, 1, decode_utf8(lang.letters[static_cast<std::size_t>(index_of(promotion))]));
  return out;
}

WriteOptions plain(NotationStyle style) {
  WriteOptions w;
  w.style = style;
  w.check_marks = false;
  w.promotion_equals = false;
  return w;
}

// Text readings of one legal move, with the extra cost and kind of each.
struct Rendering {
  Text text;
  SuggestionKind kind;
  double extra;
};

void renderings_of(const Position& pos, Move m, const Language& lang, std::vector<Rendering>& out) {
  out.clear();
  PieceType piece = pos.moving_piece(m);
  PieceType promo = m.promotion();
  Text san = normalize(write_move(pos, m, plain(NotationStyle::San)));
  Text lon = normalize(write_move(pos, m, plain(NotationStyle::Long)));
  out.push_back({with_letters(san, piece, promo, lang), SuggestionKind::Slip, 0});
  if (!m.is_castling()) {
    out.push_back({with_letters(lon, piece, promo, lang), SuggestionKind::Slip, 0});
    // Coordinates without a piece letter (UCI, `e2-e4`): the long form minus the letter.
    Text uci = lon;
    if (piece != PieceType::Pawn && !uci.empty()) uci.erase(0, 1);
    if (piece != PieceType::Pawn) out.push_back({uci, SuggestionKind::Slip, 0});
    // Long form with the squares exchanged: "Nf3g1" for Ng1f3, "e4e2".
    Text from = decode_utf8(std::string{file_char(file_of(m.from())), rank_char(rank_of(m.from()))});
    Text to = decode_utf8(std::string{file_char(file_of(m.to())), rank_char(rank_of(m.to()))});
    Text swapped = lon;
    auto f = swapped.find(from);
    auto t = swapped.find(to, f == Text::npos ? 0 : f + 2);
    if (f != Text::npos && t != Text::npos) {
      swapped.replace(t, 2, from);
      swapped.replace(f, 2, to);
      out.push_back({with_letters(swapped, piece, promo, lang), SuggestionKind::SquaresSwapped, kCostSwapped});
      if (piece != PieceType::Pawn && !swapped.empty())
        out.push_back({swapped.substr(1), SuggestionKind::SquaresSwapped, kCostSwapped});
    }
    // The target rank counted from the other side (e4 written for e5): the last digit of SAN.
    Text mirrored = san;
    for (std::size_t i = mirrored.size(); i-- > 0;) {
      if (mirrored[i] >= U'1' && mirrored[i] <= U'8') {
        char32_t r = U'1' + (U'8' - mirrored[i]);
        if (r != mirrored[i]) {
          mirrored[i] = r;
          out.push_back(
              {with_letters(mirrored, piece, promo, lang), SuggestionKind::RankFromOtherSide, kCostRankMirror});
        }
        break;
      }
    }
    // The same writing with another language's letter for the piece.
    if (piece != PieceType::Pawn) {
      std::vector<std::string_view> seen{lang.letters[static_cast<std::size_t>(index_of(piece))]};
      for (const Language& other : all_languages()) {
        std::string_view letter = other.letters[static_cast<std::size_t>(index_of(piece))];
        if (letter.empty() || std::find(seen.begin(), seen.end(), letter) != seen.end()) continue;
        seen.push_back(letter);
        out.push_back(
            {with_letters(san, piece, PieceType::None, other), SuggestionKind::OtherLanguage, kCostOtherLanguage});
      }
    }
  } else {
    // Castling written as the king's move: two squares (Kg1), or onto the rook (Kh1).
    Color us = pos.side_to_move();
    Square target = castling_king_target(us, castling_side(m));
    Text king = decode_utf8(lang.letters[static_cast<std::size_t>(index_of(PieceType::King))]);
    for (Square s : {target, m.to()}) {
      Text t = king;
      t.push_back(static_cast<char32_t>(file_char(file_of(s))));
      t.push_back(static_cast<char32_t>(rank_char(rank_of(s))));
      out.push_back({t, SuggestionKind::CastlingAsKing, kCostCastlingKing});
    }
  }
}

// Replays `moves` from `pos` (at most `limit`); returns how many resolved in a row, and adds the
// check marks they contradict to `marks`.
std::size_t replay(Position pos, std::span<const WrittenMove> moves, std::size_t limit, const ResolveOptions& ro,
                   bool score_marks_checks, std::size_t& marks) {
  std::size_t n = 0;
  for (const WrittenMove& w : moves.first(std::min(limit, moves.size()))) {
    if (w.style == NotationStyle::Null) {
      if (pos.in_check()) break;
      pos.play(Move::null());
    } else {
      auto r = resolve(w, pos, ro);
      if (!r) break;
      pos.play(r->move);
      if (!mark_agrees(w, pos, score_marks_checks)) ++marks;
    }
    ++n;
  }
  return n;
}

std::optional<Move> resolve_on(const WrittenMove& w, const Position& pos, const ResolveOptions& ro) {
  if (w.style == NotationStyle::Null) return std::nullopt;
  auto r = resolve(w, pos, ro);
  if (!r) return std::nullopt;
  return r->move;
}

std::string plies(std::size_t n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); }

// Whether a rendering keeps something of the writing: it costs less than writing every written
// character anew, or it has one of them (letter case aside). A token with nothing readable, such
// as two NUL bytes, is two full slips from every two-character pawn move, and a3, b3, c3, d3
// and e3 were offered for it; such a reading is not one of what was written (a Continuation: kept
// only when the rest of the game needs it).
bool keeps_some_of(const Text& target, const Text& rendering, double cost) {
  if (cost < static_cast<double>(target.size()) * kCostDefault) return true;
  for (char32_t t : target)
    for (char32_t r : rendering)
      if (ascii_lower(t) == ascii_lower(r)) return true;
  return false;
}

// The closest rendering of one legal move to a written token: suggest()'s per-move reading
// before the written move's own letter and the rest of the game are looked at.
struct Closest {
  double cost = std::numeric_limits<double>::max();
  SuggestionKind kind = SuggestionKind::Slip;
  const Text* rendering = nullptr;
};

// The renderings of every legal move of `pos`, kept per thread for the last position asked
// about: a file of broken games errs on its first move again and again (the same position), and
// the renderings were over a third of the suggestions' work there. `legal` is `pos`'s list, in
// legal_moves() order. With them, the closest readings of the last few tokens written in that
// position: a file broken the same way game after game writes the same token there (a byte
// after the first move, a separator line read as a game of its own), and each token's distance
// to every rendering was most of the rest.
struct RenderingMemo {
  bool valid = false;
  Position pos;
  bool chess960 = false;  // (not part of Position's ==)
  const Language* lang = nullptr;
  std::vector<std::vector<Rendering>> all;
  struct Readings {
    Text target;
    std::vector<Closest> closest;  // per legal move
  };
  static constexpr std::size_t kTokensKept = 8;
  std::vector<Readings> readings;  // the most recent last
};

RenderingMemo& renderings_of_all(const Position& pos, const MoveList& legal, const Language& lang) {
  thread_local RenderingMemo memo;
  if (!memo.valid || memo.lang != &lang || memo.chess960 != pos.is_chess960() || !(memo.pos == pos) ||
      memo.all.size() != legal.size()) {
    memo.valid = false;
    memo.readings.clear();
    memo.all.resize(legal.size());
    for (std::size_t i = 0; i < legal.size(); ++i) renderings_of(pos, legal[i], lang, memo.all[i]);
    memo.pos = pos;
    memo.chess960 = pos.is_chess960();
    memo.lang = &lang;
    memo.valid = true;
  }
  return memo;
}

// The closest rendering of each legal move to `target`, from the memo when this position has
// seen the token lately.
const std::vector<Closest>& closest_readings(RenderingMemo& memo, const Text& target) {
  auto& kept = memo.readings;
  for (std::size_t k = kept.size(); k-- > 0;)
    if (kept[k].target == target) {
      if (k + 1 != kept.size())
        std::rotate(kept.begin() + static_cast<std::ptrdiff_t>(k), kept.begin() + static_cast<std::ptrdiff_t>(k) + 1,
                    kept.end());
      return kept.back().closest;
    }
  if (kept.size() == RenderingMemo::kTokensKept) kept.erase(kept.begin());
  kept.push_back(RenderingMemo::Readings{target, {}});
  std::vector<Closest>& closest = kept.back().closest;
  closest.resize(memo.all.size());
  for (std::size_t i = 0; i < memo.all.size(); ++i) {
    Closest& best = closest[i];
    for (const Rendering& r : memo.all[i]) {
      double c = distance(target, r.text, r.extra, best.cost) + r.extra;
      if (c < best.cost) {
        best.cost = c;
        best.kind = r.kind;
        best.rendering = &r.text;
      }
    }
  }
  return closest;
}

// The lengths of a line written twice: the last ply, the last move of both sides, or the last two.
constexpr std::size_t kRepeatedLines[] = {1, 2, 4};

// Whether `written` and the next k - 1 plies of `following` are the last k plies of `preceding`
// again, letter for letter but for check marks, glyphs and draw offers.
bool repeats_before(const WrittenMove& written, std::span<const WrittenMove> following,
                    std::span<const WrittenMove> preceding, std::size_t k) {
  if (preceding.size() < k || following.size() < k - 1) return false;
  const auto same_writing = [](WrittenMove a, WrittenMove b) {
    for (WrittenMove* w : {&a, &b}) w->span = {}, w->check = CheckMark::None, w->nag = 0, w->draw_offer = false;
    return a == b;
  };
  const std::span<const WrittenMove> earlier = preceding.subspan(preceding.size() - k);
  if (!same_writing(written, earlier[0])) return false;
  for (std::size_t j = 1; j < k; ++j)
    if (!same_writing(following[j - 1], earlier[j])) return false;
  return true;
}

}  // namespace

std::size_t repeated_line(const WrittenMove& written, std::span<const WrittenMove> following,
                          std::span<const WrittenMove> preceding) {
  for (const std::size_t k : kRepeatedLines)
    if (repeats_before(written, following, preceding, k)) return k;
  return 0;
}

std::vector<Suggestion> suggest(const Position& before, std::string_view written, const WrittenMove* written_move,
                                const Language& language, std::span<const WrittenMove> following,
                                const SuggestOptions& options, std::span<const WrittenMove> preceding) {
  MoveList legal;
  before.legal_moves(legal);
  if (legal.empty()) return {};
  ResolveOptions ro = options.resolve;
  ro.language = &language;
  ro.strict = false;
  ro.describe = false;  // which move, or which error: every resolution here is asked only that
  const std::size_t lookahead = std::min(options.max_lookahead, following.size());
  const Text target = normalize(written);

  std::vector<Hypothesis> hyps;
  // An ambiguous or promotion-less writing: its own candidates are the readings, at no cost.
  bool ambiguous = false;
  if (written_move) {
    auto r = resolve(*written_move, before, ro);
    if (!r && (r.error().code == Code::Ambiguous || r.error().code == Code::PromotionPieceMissing)) {
      ambiguous = true;
      for (Move c : r.error().candidates) {
        // A promotion left unwritten is a queen far more often than anything else.
        double cost = c.promotion() == PieceType::None || c.promotion() == PieceType::Queen ? 0 : 0.1;
        hyps.push_back({c, SuggestionKind::Candidate, cost, 0, 0, false, {}});
      }
    }
  }
  if (!ambiguous) {
    // Every legal move is a reading: the close ones by their writing, the far ones only when the
    // rest of the game needs them (a wrong piece on a random square leaves nothing else).
    const std::vector<Closest>& closest = closest_readings(renderings_of_all(before, legal, language), target);
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const Move m = legal[i];
      Hypothesis best{m, closest[i].kind, closest[i].cost, 0, 0, false, {}};
      best.rendering = closest[i].rendering;
      if (best.cost > kMaxCost || !keeps_some_of(target, *closest[i].rendering, best.cost)) {
        best.kind = SuggestionKind::Continuation;
      } else if (best.kind == SuggestionKind::Slip && written_move && written_move->piece != PieceType::None &&
                 !m.is_castling() && written_move->piece != before.moving_piece(m)) {
        // A plain slip that touched the piece letter is a piece-letter error.
        best.kind = SuggestionKind::PieceLetter;
      }
      hyps.push_back(best);
    }
  }
  const bool marks_checks = (written_move && written_move->check != CheckMark::None) ||
                            std::any_of(following.begin(), following.begin() + static_cast<std::ptrdiff_t>(lookahead),
                                        [](const WrittenMove& w) { return w.check != CheckMark::None; });
  for (Hypothesis& h : hyps) {
    Position after = before.after(h.move);
    if (written_move && !mark_agrees(*written_move, after, marks_checks)) ++h.marks;
    h.kept = replay(after, following, lookahead, ro, marks_checks, h.marks);
    h.full = h.kept == lookahead;
  }
  // A reading far from the writing stays only when the rest of the game is tested and keeps it.
  std::erase_if(hyps, [&](const Hypothesis& h) {
    return h.kind == SuggestionKind::Continuation && (lookahead == 0 || !h.full);
  });

  // Score-level readings need the written move itself played elsewhere; a token that reads here
  // (leniently: a warning made an error by --strict) is not misplaced.
  const bool reads_here = written_move && !ambiguous && resolve_on(*written_move, before, ro).has_value();
  if (written_move && !ambiguous && !reads_here && !following.empty()) {
    // Two adjacent plies transposed: the next written ply is played now, this one after it.
    if (auto now = resolve_on(following[0], before, ro)) {
      Position p = before.after(*now);
      if (auto then = resolve_on(*written_move, p, ro)) {
        p.play(*then);
        Hypothesis h{*now, SuggestionKind::Transposed, kCostTransposed, 1, 0, false, {}};
        h.kept = lookahead == 0 ? 0 : 1 + replay(p, following.subspan(1), lookahead - 1, ro, marks_checks, h.marks);
        h.full = h.kept == lookahead;
        hyps.push_back(h);
      }
    }
    // The same side's two moves transposed: the move written two plies later is played now.
    if (following.size() >= 2) {
      if (auto now = resolve_on(following[1], before, ro)) {
        Position p = before.after(*now);
        if (auto reply = resolve_on(following[0], p, ro)) {
          p.play(*reply);
          if (auto then = resolve_on(*written_move, p, ro)) {
            p.play(*then);
            Hypothesis h{*now, SuggestionKind::Transposed, kCostTransposed + 0.2, 2, 0, false, {}};
            std::size_t done = std::min<std::size_t>(2, lookahead);
            h.kept =
                done + (lookahead > 2 ? replay(p, following.subspan(2), lookahead - 2, ro, marks_checks, h.marks) : 0);
            h.full = h.kept == lookahead;
            hyps.push_back(h);
          }
        }
      }
    }
  }
  bool repeat_ends_score = false;
  if (written_move && !ambiguous && !reads_here) {
    // A line written twice: the written ply and the next ones (one ply, or two or four: whole
    // moves of both sides) are the ones just before them again; they are dropped and the ply
    // written after them is played now.
    for (const std::size_t k : kRepeatedLines) {
      if (!repeats_before(*written_move, following, preceding, k)) continue;
      if (following.size() == k - 1) {
        // The score ends with the repeat: dropping it is a reading that plays no move, and no
        // reading that plays one is evident beside it. (Not for one ply: two equal plies in a
        // row are common in real games, `Rxd8+ Rxd8`, and a wrong last move must keep its reading.)
        repeat_ends_score = repeat_ends_score || k > 1;
        continue;
      }
      if (lookahead < k) continue;
      auto now = resolve_on(following[k - 1], before, ro);
      if (!now) continue;
      Position p = before.after(*now);
      Hypothesis h{*now, SuggestionKind::RepeatedPlies, kCostRepeated, static_cast<int>(k), 0, false, {}};
      h.kept = k + replay(p, following.subspan(k), lookahead - k, ro, marks_checks, h.marks);
      h.full = h.kept == lookahead;
      hyps.push_back(h);
    }
    // A ply missing: some move of the side to move, after which the written move is the
    // opponent's and the rest follows.
    // Every legal move is tried: one left out could be the move played, and then a wrong
    // reading could be the only full one left and be marked evident.
    for (Move x : legal) {
      Position p = before.after(x);
      auto then = resolve_on(*written_move, p, ro);
      if (!then) continue;
      p.play(*then);
      Hypothesis h{x, SuggestionKind::MissingPly, kCostMissing, 1, 0, false, {}};
      h.kept = replay(p, following, lookahead, ro, marks_checks, h.marks);
      h.full = h.kept == lookahead;
      hyps.push_back(h);
    }
  }

  // Best first: the readings the rest of the game keeps, then the closest to the writing, where
  // each check mark the reading contradicts counts as a slip.
  std::stable_sort(hyps.begin(), hyps.end(), [](const Hypothesis& a, const Hypothesis& b) {
    if (a.full != b.full) return a.full;
    const double ca = a.cost + kCostMark * static_cast<double>(a.marks);
    const double cb = b.cost + kCostMark * static_cast<double>(b.marks);
    if (ca != cb) return ca < cb;
    return a.kept > b.kept;
  });
  // Distinct readings of the score: a move, and what happened to the written token (read as
  // that move, played a ply or two later, preceded by a missing ply, or dropped with the rest of a
  // line written twice).
  auto family = [](const Hypothesis& h) {
    switch (h.kind) {
      case SuggestionKind::MissingPly: return 3;
      case SuggestionKind::Transposed: return h.shift;
      case SuggestionKind::RepeatedPlies: return 4 + h.shift;
      default: return 0;
    }
  };
  std::vector<Hypothesis> unique;
  for (const Hypothesis& h : hyps) {
    bool dup = std::any_of(unique.begin(), unique.end(),
                           [&](const Hypothesis& u) { return u.move == h.move && family(u) == family(h); });
    if (!dup) unique.push_back(h);
  }
  if (unique.empty()) return {};

  // FIDE: the intention must be evident. With moves after it, the best reading must be close to
  // the writing and the only reading of all (every legal move, a transposition, a missing ply)
  // under which the rest of the game stays legal. With nothing after it (the game ends there),
  // it must be clearly the closest to what was written.
  bool evident = false;
  const Hypothesis& top = unique[0];
  if (top.full && top.cost <= kMaxEvidentCost && top.kind != SuggestionKind::Continuation && !repeat_ends_score) {
    if (lookahead > 0) {
      evident = std::none_of(unique.begin() + 1, unique.end(), [](const Hypothesis& h) { return h.full; });
    } else {
      // A written token that the opponent could play after some move is a missing ply as much
      // as a slip: nothing follows to tell them apart. And with nothing after it, the piece the
      // writing names is its intention (FIDE's example: the only legal king move): a reading
      // that moves another piece is never evident there (`1. e4 Qh4` read as h5 was).
      const bool named_piece_moves = !written_move || written_move->piece == PieceType::None ||
                                     top.move.is_castling() || before.moving_piece(top.move) == written_move->piece;
      evident = named_piece_moves && std::none_of(unique.begin() + 1, unique.end(), [&](const Hypothesis& h) {
                  return h.kind == SuggestionKind::MissingPly || h.cost < top.cost + kEndMargin - 1e-9;
                });
    }
  }
  WriteOptions san_opts;
  san_opts.language = options.san_language;
  std::vector<Suggestion> out;
  for (std::size_t i = 0; i < unique.size() && out.size() < options.max_suggestions; ++i) {
    const Hypothesis& h = unique[i];
    // One suggestion per move (and one more for it as a missing ply, and for it after a line
    // written twice): a transposition that plays the same move now is counted above, not listed
    // twice.
    const auto edit = [](SuggestionKind k) {
      return k == SuggestionKind::MissingPly ? 1 : k == SuggestionKind::RepeatedPlies ? 2 : 0;
    };
    if (std::any_of(out.begin(), out.end(),
                    [&](const Suggestion& o) { return o.move == h.move && edit(o.kind) == edit(h.kind); }))
      continue;
    Suggestion s;
    s.move = h.move;
    s.san = write_move(before, h.move, san_opts);
    s.kind = h.kind;
    s.kept = h.kept;
    s.lookahead = lookahead;
    s.shift = h.shift;
    s.score = std::exp(-h.cost) * (static_cast<double>(h.kept) + 1) / (static_cast<double>(lookahead) + 1);
    s.evident = i == 0 && evident;
    const std::string rendering = h.rendering ? encode_utf8(*h.rendering) : std::string();
    switch (h.kind) {
      case SuggestionKind::Candidate: s.why = "one of the moves the writing matches"; break;
      case SuggestionKind::Slip: s.why = "a slip in the writing (" + rendering + ")"; break;
      case SuggestionKind::PieceLetter: s.why = "another piece letter (" + rendering + ")"; break;
      case SuggestionKind::OtherLanguage: s.why = "the letter of another language (" + rendering + ")"; break;
      case SuggestionKind::RankFromOtherSide: s.why = "the rank counted from the other side"; break;
      case SuggestionKind::SquaresSwapped: s.why = "from and to squares swapped"; break;
      case SuggestionKind::CastlingAsKing: s.why = "castling written as a king move"; break;
      case SuggestionKind::Transposed:
        s.why = h.shift == 1 ? "two plies transposed: this move comes first"
                             : "two moves of the same side transposed: this move comes first";
        break;
      case SuggestionKind::MissingPly: s.why = "a ply is missing before '" + std::string(written) + "'"; break;
      case SuggestionKind::RepeatedPlies:
        s.why = h.shift == 1 ? "a ply written twice: '" + std::string(written) + "' repeats the ply before it"
                             : "a line written twice: the " + plies(static_cast<std::size_t>(h.shift)) + " from '" +
                                   std::string(written) + "' repeat the " + std::to_string(h.shift) + " before them";
        s.why += ", and the game goes on with " + s.san;
        break;
      case SuggestionKind::Continuation: s.why = "far from the writing, but the rest of the game needs it"; break;
    }
    if (lookahead == 0) s.why += "; nothing follows to test it";
    else if (h.full) s.why += "; the next " + plies(lookahead) + " stay legal";
    else s.why += "; the next " + plies(h.kept) + " stay legal, not " + plies(lookahead);
    if (s.evident)
      s.why += lookahead == 0 ? "; the only reading this close to what was written"
                              : "; the only reading that keeps the rest of the game legal";
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace planilla
