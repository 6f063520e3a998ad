// parse_move: Unicode preparation, the PEGTL run, and the decisions that need the whole token
// (style, the lower-case `bc4` reading, error messages with the text at hand).
//
// Hot path: a pure-ASCII token (nearly every PGN move) goes straight to the grammar over the
// caller's bytes; no ICU call and no heap allocation. Only tokens with non-ASCII bytes pay for
// NFC and the fold table, which build a new buffer plus a map back to the original bytes.
#include "grammar/move_parser.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <tao/pegtl.hpp>
#if PLANILLA_WITH_ICU
#include <unicode/bytestream.h>
#include <unicode/edits.h>
#include <unicode/normalizer2.h>
#endif

#include "notation/icu_lite.hpp"

#include "grammar/move.hpp"
#include "grammar/move_actions.hpp"
#include "grammar/move_errors.hpp"

namespace planilla {
namespace grammar::move {
namespace {

void append_utf8(std::string& out, UChar32 c) {
  char buffer[U8_MAX_LENGTH];
  std::int32_t length = 0;
  U8_APPEND_UNSAFE(buffer, length, c);
  out.append(buffer, static_cast<std::size_t>(length));
}

// Decodes the code point at `i` (advancing it); a negative value for ill-formed UTF-8.
UChar32 next_code_point(std::string_view s, std::int32_t& i) {
  UChar32 c = 0;
  U8_NEXT(s.data(), i, static_cast<std::int32_t>(s.size()), c);
  return c;
}

// Latin twin of a Cyrillic or Greek letter that looks the same; 0 when there is none. Used to
// accept `Kf3` for Russian `Кf3` (and the reverse fold in Latin-letter languages).
char latin_twin(UChar32 c) {
  switch (c) {
    // Cyrillic capitals and small letters
    case 0x0410: return 'A';
    case 0x0412: return 'B';
    case 0x0421: return 'C';
    case 0x0415: return 'E';
    case 0x041D: return 'H';
    case 0x041A: return 'K';
    case 0x041C: return 'M';
    case 0x041E: return 'O';
    case 0x0420: return 'P';
    case 0x0422: return 'T';
    case 0x0425: return 'X';
    case 0x0430: return 'a';
    case 0x0441: return 'c';
    case 0x0435: return 'e';
    case 0x043E: return 'o';
    case 0x0440: return 'p';
    case 0x0445: return 'x';
    case 0x04BB: return 'h';
    // Greek capitals
    case 0x0391: return 'A';
    case 0x0392: return 'B';
    case 0x0395: return 'E';
    case 0x0396: return 'Z';
    case 0x0397: return 'H';
    case 0x0399: return 'I';
    case 0x039A: return 'K';
    case 0x039C: return 'M';
    case 0x039D: return 'N';
    case 0x039F: return 'O';
    case 0x03A1: return 'P';
    case 0x03A4: return 'T';
    case 0x03A7: return 'X';
    case 0x03BF: return 'o';
    default: return 0;
  }
}

// Greek pages name the files α β γ δ ε ζ η θ (NOTATION.md §1.3): alphabet order, a..h.
char greek_file(UChar32 c) {
  if (c >= 0x03B1 && c <= 0x03B8) return static_cast<char>('a' + (c - 0x03B1));
  return 0;
}

// The fold of one code point inside a move token, or 0 to keep it. In a Latin-letter language
// every Cyrillic/Greek look-alike becomes Latin. In a Cyrillic or Greek one the capitals are
// piece letters and stay; only the small letters that can be files (а с е һ, α..θ) and the
// small х used as a capture sign are folded, so `Кр` keeps its р.
struct Fold {
  char ascii = 0;
  bool lookalike = false;
};
Fold fold_code_point(UChar32 c, Script script) {
  switch (c) {
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2015:
    case 0x2212:
    case 0xFE63: return {'-', false};
    case 0x00A0:
    case 0x2007:
    case 0x202F:
    case 0x3000: return {' ', false};
    default: break;
  }
  if (c >= 0xFF01 && c <= 0xFF5E) return {static_cast<char>(c - 0xFEE0), false};
  if (char f = greek_file(c); f != 0) return {f, true};
  if (script == Script::Latin) {
    if (char t = latin_twin(c); t != 0) return {t, true};
    return {};
  }
  switch (c) {
    case 0x0430: return {'a', true};
    case 0x0441: return {'c', true};
    case 0x0435: return {'e', true};
    case 0x04BB: return {'h', true};
    case 0x0445: return {'x', true};
    default: return {};
  }
}

Script script_of(const Language& language) {
  for (std::string_view letter : language.letters) {
    std::int32_t i = 0;
    if (letter.empty()) continue;
    const UChar32 c = next_code_point(letter, i);
    if (c >= 0x0370 && c <= 0x03FF) return Script::Greek;
    if (c >= 0x0400 && c <= 0x04FF) return Script::Cyrillic;
  }
  return Script::Latin;
}

std::string to_lower(std::string_view s) {
  std::string out;
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(s.size());) {
    const UChar32 c = next_code_point(s, i);
    if (c < 0) return std::string(s);
    append_utf8(out, u_tolower(c));
  }
  return out;
}

// Every spelling with some Cyrillic/Greek letters replaced by their Latin twins (`Кр` → `Kр`,
// `Кp`, `Kp`), excluding the original.
void add_lookalikes(std::string_view s, std::vector<std::string>& out) {
  std::vector<std::string> partial{std::string()};
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(s.size());) {
    const UChar32 c = next_code_point(s, i);
    const char twin = c < 0 ? 0 : latin_twin(c);
    std::vector<std::string> next;
    for (const std::string& prefix : partial) {
      std::string same = prefix;
      append_utf8(same, c);
      next.push_back(std::move(same));
      if (twin != 0) next.push_back(prefix + twin);
    }
    partial = std::move(next);
  }
  for (std::string& variant : partial) {
    if (variant != s) out.push_back(std::move(variant));
  }
}

LanguageTable build_table(const Language& language) {
  LanguageTable table;
  table.language = &language;
  table.script = script_of(language);
  auto add = [&](std::string text, PieceType type, bool lowercase, bool lookalike) {
    for (const PieceSpelling& existing : table.spellings) {
      if (existing.text == text) return;  // the first reading of a spelling wins
    }
    table.spellings.push_back({std::move(text), type, lowercase, lookalike});
  };
  for (int p = 0; p < kPieceTypes; ++p) {
    const auto type = static_cast<PieceType>(p);
    any_spelling(language, static_cast<std::size_t>(p), [&](std::string_view spelling) {
      add(std::string(spelling), type, false, false);
      if (std::string lower = to_lower(spelling); lower != spelling) add(std::move(lower), type, true, false);
      if (table.script != Script::Latin) {
        std::vector<std::string> twins;
        add_lookalikes(spelling, twins);
        for (std::string& twin : twins) add(std::move(twin), type, false, true);
      }
      return false;  // every spelling
    });
  }
  std::stable_sort(table.spellings.begin(), table.spellings.end(),
                   [](const PieceSpelling& a, const PieceSpelling& b) { return a.text.size() > b.text.size(); });
  for (const PieceSpelling& s : table.spellings) {
    if (s.lowercase && s.type != PieceType::Pawn && s.text.size() == 1 && s.text[0] >= 'a' && s.text[0] <= 'h') {
      table.file_piece[static_cast<std::size_t>(s.text[0] - 'a')] = s.type;
    }
  }
  return table;
}

}  // namespace

const LanguageTable& table_for(const Language& language, LanguageTable& scratch) {
  static const std::vector<LanguageTable> kTables = [] {
    std::vector<LanguageTable> tables;
    for (const Language& l : all_languages()) tables.push_back(build_table(l));
    return tables;
  }();
  const std::span<const Language> rows = all_languages();
  if (&language >= rows.data() && &language < rows.data() + rows.size()) {
    return kTables[static_cast<std::size_t>(&language - rows.data())];
  }
  scratch = build_table(language);
  return scratch;
}

namespace {
bool same_bytes(const char* a, const char* b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}
}  // namespace

PieceMatch match_piece_text(const LanguageTable& table, const char* cur, const char* end) {
  const auto n = static_cast<std::size_t>(end - cur);
  const auto* u = reinterpret_cast<const unsigned char*>(cur);
  // Figurines U+2654..U+265F are E2 99 94..9F; white K Q R B N P, then black.
  if (n >= 3 && u[0] == 0xE2 && u[1] == 0x99 && u[2] >= 0x94 && u[2] <= 0x9F) {
    constexpr PieceType kOrder[] = {PieceType::King,   PieceType::Queen,  PieceType::Rook,
                                    PieceType::Bishop, PieceType::Knight, PieceType::Pawn};
    PieceMatch m{.type = kOrder[(u[2] - 0x94) % 6], .figurine = true, .length = 3};
    // VS16 (emoji presentation, EF B8 8F) or VS15 (EF B8 8E) may follow.
    if (n >= 6 && u[3] == 0xEF && u[4] == 0xB8 && (u[5] == 0x8F || u[5] == 0x8E)) m.length = 6;
    return m;
  }
  for (const PieceSpelling& s : table.spellings) {
    // A spelling is one to a few bytes: compared inline, not by a memcmp call per candidate (this
    // runs at every place the move grammar may find a piece letter, several times per token).
    if (s.text.size() <= n && s.text[0] == cur[0] && same_bytes(s.text.data(), cur, s.text.size())) {
      return PieceMatch{.type = s.type,
                        .lowercase = s.lowercase,
                        .lookalike = s.lookalike,
                        .length = static_cast<std::uint32_t>(s.text.size())};
    }
  }
  return {};
}

namespace {

// The token after NFC and folding, with the byte offset in the caller's token of every byte.
struct Prepared {
  std::string text;
  std::vector<std::uint32_t> origin;  // text.size() + 1 entries
  bool folded = false;
  bool lookalike = false;
};

std::optional<MoveSyntaxError> prepare(std::string_view token, Script script, Prepared& out) {
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(token.size());) {
    const std::int32_t at = i;
    if (next_code_point(token, i) < 0) {
      return MoveSyntaxError{static_cast<std::uint32_t>(at), "invalid UTF-8 in the move"};
    }
  }
#if PLANILLA_WITH_ICU
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) return MoveSyntaxError{0, "Unicode normalisation is unavailable (ICU data)"};
  const icu::StringPiece piece(token.data(), static_cast<std::int32_t>(token.size()));
  std::string normalized;
  icu::Edits edits;
  const bool was_nfc = nfc->isNormalizedUTF8(piece, status);
  if (!was_nfc && U_SUCCESS(status)) {
    icu::StringByteSink<std::string> sink(&normalized);
    nfc->normalizeUTF8(0, piece, sink, &edits, status);
    out.folded = true;
  }
  if (U_FAILURE(status)) return MoveSyntaxError{0, "Unicode normalisation failed"};
  const std::string_view source = was_nfc ? token : std::string_view(normalized);
  auto to_token_offset = [&](std::int32_t i) -> std::uint32_t {
    if (was_nfc) return static_cast<std::uint32_t>(i);
    UErrorCode e = U_ZERO_ERROR;
    icu::Edits::Iterator it = edits.getFineIterator();
    const std::int32_t original = it.sourceIndexFromDestinationIndex(i, e);
    return U_SUCCESS(e) ? static_cast<std::uint32_t>(original) : 0u;
  };
#else
  // No normaliser without ICU: the page composes its text (String.normalize("NFC")) before the
  // core reads it, so a combining mark left here is reported rather than silently misread.
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(token.size());) {
    const std::int32_t at = i;
    const UChar32 c = next_code_point(token, i);
    if (c >= 0x300 && c <= 0x36F)
      return MoveSyntaxError{static_cast<std::uint32_t>(at), "combining mark in the move (compose the text to NFC)"};
  }
  const std::string_view source = token;
  auto to_token_offset = [](std::int32_t i) { return static_cast<std::uint32_t>(i); };
#endif
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(source.size());) {
    const std::int32_t at = i;
    const UChar32 c = next_code_point(source, i);
    const std::uint32_t origin = to_token_offset(at);
    const Fold fold = fold_code_point(c, script);
    if (fold.ascii != 0) {
      out.text.push_back(fold.ascii);
      out.origin.push_back(origin);
      out.folded = true;
      out.lookalike = out.lookalike || fold.lookalike;
    } else {
      out.text.append(source.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(i - at)));
      out.origin.insert(out.origin.end(), static_cast<std::size_t>(i - at), origin);
    }
  }
  out.origin.push_back(static_cast<std::uint32_t>(token.size()));
  return std::nullopt;
}

// The code point at byte `offset` of `text`, as UTF-8, for quoting in a message.
std::string quote_at(std::string_view text, std::uint32_t offset) {
  if (offset >= text.size()) return {};
  std::int32_t i = static_cast<std::int32_t>(offset);
  if (next_code_point(text, i) < 0) return std::string(1, text[offset]);
  return std::string(text.substr(offset, static_cast<std::size_t>(i) - offset));
}

// "R D T A C": the canonical letters in NOTATION.md's order K Q R B N.
std::string letter_list(const Language& language) {
  std::string out;
  for (PieceType p : {PieceType::King, PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight}) {
    if (!out.empty()) out += ' ';
    out += language.letters[index_of(p)];
  }
  return out;
}

using Outcome = Result<ParsedMove, MoveSyntaxError>;

Outcome fail(std::uint32_t offset, std::string message) {
  return Unexpected{MoveSyntaxError{offset, std::move(message)}};
}

// The message for a failed parse of `text` (the prepared token); offsets are into `text`.
MoveSyntaxError explain_failure(std::string_view text, const MoveState& state, const Language& language) {
  if (state.unexpected != nullptr) {
    const std::uint32_t at = state.offset_of(state.unexpected);
    std::string message = "unexpected '" + quote_at(text, at) + "' after the move";
    if (text[at] == 'X' && !language.x_is_mate) {
      message += " (X for mate is not used in " + std::string(language.name) + ")";
    }
    return {at, std::move(message)};
  }
  std::int32_t i = 0;
  const UChar32 first = next_code_point(text, i);
  const bool file_letter = first >= 'a' && first <= 'h';
  if (!file_letter && first >= 0 && u_isalpha(first)) {
    return {0, "unknown piece letter '" + quote_at(text, 0) + "' for " + std::string(language.name) + " (letters " +
                   letter_list(language) + ")"};
  }
  // Built by append: GCC 12 -O3 misreports `"'" + std::string(...)` (-Wrestrict, bug 105329).
  std::string message = "'";
  message.append(planilla::token_excerpt(text));
  message.append("' is not a move");
  return {0, std::move(message)};
}

MoveSyntaxError explain_raise(std::string_view text, std::uint32_t at, std::string_view raised, const MoveState& state,
                              const Language& language) {
  if (state.unexpected != nullptr && state.offset_of(state.unexpected) > at) {
    return explain_failure(text, state, language);
  }
  if (raised == error_message<piece_target>) {
    const std::string letter(text.substr(state.piece.offset, state.piece.length));
    return {at, "square expected after '" + letter + "'"};
  }
  if (raised == error_message<required_promotion_piece>) {
    const std::string sign(1, at > 0 ? text[at - 1] : '=');
    if (at < text.size()) {
      return {at, "unknown promotion piece '" + quote_at(text, at) + "' after '" + sign + "' for " +
                      std::string(language.name) + " (letters " + letter_list(language) + ")"};
    }
    return {at, "promotion piece missing after '" + sign + "'"};
  }
  if (raised == error_message<piece_move_end>) {
    MoveState at_end = state;
    at_end.unexpected = state.text_begin + at;
    return explain_failure(text, at_end, language);
  }
  return {at, std::string(raised)};
}

// Chooses the style of a parsed token among those the caller allows (see move_parser.hpp).
std::optional<NotationStyle> choose_style(const MoveState& s, MoveStyles styles) {
  auto first_allowed = [&](std::initializer_list<NotationStyle> order) -> std::optional<NotationStyle> {
    for (NotationStyle style : order) {
      if (styles.allows(style)) return style;
    }
    return std::nullopt;
  };
  switch (s.kind) {
    case MoveState::Kind::Null: return first_allowed({NotationStyle::Null});
    case MoveState::Kind::Iccf: return first_allowed({NotationStyle::Iccf});
    case MoveState::Kind::Castling: return first_allowed({NotationStyle::San, NotationStyle::Lan, NotationStyle::Long});
    case MoveState::Kind::None:
    case MoveState::Kind::Algebraic: break;
  }
  if (!s.coordinate) return first_allowed({NotationStyle::San});
  if (s.separator_dash) return first_allowed({NotationStyle::Lan});
  if (s.separator_capture) return first_allowed({NotationStyle::Lan, NotationStyle::Long, NotationStyle::San});
  if (s.has_piece) return first_allowed({NotationStyle::Long, NotationStyle::San});
  const WrittenMove& m = s.move;
  const bool uci_promotion = s.promotion_form == MoveState::PromotionForm::None ||
                             (s.promotion_form == MoveState::PromotionForm::Bare && s.promotion.uci_letter);
  const bool uci =
      uci_promotion && m.check == CheckMark::None && !m.en_passant_mark && !m.draw_offer && m.nag == 0 && !m.capture;
  if (uci && styles.allows(NotationStyle::Uci)) return NotationStyle::Uci;
  return first_allowed({NotationStyle::Long, NotationStyle::San});
}

// The lower-case `bc4` decision (see move_parser.hpp): only a pawn-shaped SAN token whose first
// letter is also a lower-case piece letter of the language.
void apply_lowercase_piece_reading(MoveState& s) {
  WrittenMove& m = s.move;
  if (s.has_piece || s.coordinate || !m.from_file || m.from_rank || !m.to_rank || !m.to_file) return;
  const PieceType piece = s.table.file_piece[static_cast<std::size_t>(index_of(*m.from_file))];
  if (piece == PieceType::None) return;
  const int distance = index_of(*m.from_file) - index_of(*m.to_file);
  const bool adjacent = distance == 1 || distance == -1;
  if (adjacent && m.capture) return;  // `bxc4`: the pawn capture as written
  m.piece = piece;
  m.piece_lowercase = true;
  if (adjacent) {
    m.also_pawn_capture = true;  // `bc4`: from_file is the pawn reading's file
  } else {
    m.from_file.reset();  // `be4`, `bxe4`, `bb4`: the letter was the piece, not a file
  }
}

Outcome parse_prepared(std::string_view text, const LanguageTable& table, MoveStyles styles, std::uint64_t base_offset,
                       std::uint32_t token_size) {
  namespace pegtl = tao::pegtl;
  const Language& language = *table.language;
  MoveState state(table, text.data());
  pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(text.data(),
                                                                                       text.data() + text.size(),
                                                                                       "move");
  bool ok = false;
  try {
    ok = pegtl::parse<grammar, action, control>(in, state);
  } catch (const pegtl::parse_error& e) {
    const auto at = static_cast<std::uint32_t>(e.positions().empty() ? 0 : e.positions().front().byte);
    return Unexpected{explain_raise(text, at, e.message(), state, language)};
  }
  if (!ok) return Unexpected{explain_failure(text, state, language)};

  WrittenMove& m = state.move;
  if (state.has_piece) {
    m.piece = state.piece.type;
    m.piece_lowercase = state.piece.lowercase;
    m.pawn_letter_written = state.piece.type == PieceType::Pawn;
  }
  if (m.promotion == PieceType::King || m.promotion == PieceType::Pawn) {
    return fail(state.promotion.offset,
                std::string("a pawn cannot promote to a ") + (m.promotion == PieceType::King ? "king" : "pawn"));
  }
  apply_lowercase_piece_reading(state);
  const std::optional<NotationStyle> style = choose_style(state, styles);
  if (!style) {
    const std::optional<NotationStyle> natural = choose_style(state, MoveStyles::all());
    return fail(0, std::string(style_row(natural.value_or(NotationStyle::San)).read_name) +
                       " moves are not accepted here");
  }
  m.style = *style;
  m.span = SourceSpan{base_offset, token_size};
  ParsedMove parsed;
  parsed.move = m;
  parsed.lookalike = state.piece.lookalike || state.promotion.lookalike;
  parsed.folded = parsed.lookalike;
  parsed.figurine = state.piece.figurine || state.promotion.figurine;
  return parsed;
}

}  // namespace
}  // namespace grammar::move

namespace {

// The last failures of short ASCII tokens, per thread: a text that is not moves repeats its few
// words (`takes`, `his`, `check`), and each failure is found by the grammar raising an exception,
// the costliest path there is (an unwinding through the rule frames). Only the library's own
// language rows are kept (a caller's row may be a temporary whose address comes back with other
// letters); the answer depends on nothing else than the token, the row and the styles.
struct FailureMemo {
  static constexpr std::size_t kSlots = 64;
  static constexpr std::size_t kMaxToken = 24;
  struct Slot {
    std::string token;
    const Language* language = nullptr;
    unsigned styles = 0;
    MoveSyntaxError error;
  };
  std::array<Slot, kSlots> slots;
  static std::size_t slot_of(std::string_view token, const Language* language, unsigned styles) {
    std::size_t h = std::hash<std::string_view>{}(token);
    h ^= reinterpret_cast<std::uintptr_t>(language) * 0x9E3779B97F4A7C15ull;
    h ^= styles * 0xC2B2AE3D27D4EB4Full;
    return (h >> 7) % kSlots;
  }
  static bool cacheable(std::string_view token, const Language& language) {
    const std::span<const Language> rows = all_languages();
    return token.size() <= kMaxToken && &language >= rows.data() && &language < rows.data() + rows.size();
  }
};

FailureMemo& failure_memo() {
  thread_local FailureMemo memo;
  return memo;
}

// No move is this long: SAN with every mark and glyph is under 16 bytes, and figurines or
// full-width look-alikes take three bytes each. A longer token (moves glued together, a pasted
// line) is read only as far as its head: the grammar reads left to right, so a failure well
// inside the head is the failure of the whole token, found without preparing (UTF-8 check, NFC,
// folding) and parsing megabytes once per letter set detection tries (a 2.4 MB token of `Кf3`s
// cost 2.7 G instructions).
constexpr std::size_t kLongestMove = 64;
constexpr std::size_t kHeadMargin = 16;  // more than any lookahead of the move grammar

Result<ParsedMove, MoveSyntaxError> parse_long_token(std::string_view token, const Language& language,
                                                     MoveStyles styles, std::uint64_t base_offset) {
  std::size_t cut = kLongestMove;
  while (cut > 0 && (static_cast<unsigned char>(token[cut]) & 0xC0) == 0x80) --cut;  // a code point's start
  auto head = parse_move(token.substr(0, cut), language, styles, base_offset);
  // ("'…' is not a move" quotes the head it was given: not an answer for the whole token.)
  if (!head && head.error().offset + kHeadMargin <= cut && !head.error().message.ends_with("' is not a move"))
    return head;
  return Unexpected{MoveSyntaxError{0, "longer than any move (" + std::to_string(token.size()) + " bytes)"}};
}

}  // namespace

Result<ParsedMove, MoveSyntaxError> parse_move(std::string_view token, const Language& language, MoveStyles styles,
                                               std::uint64_t base_offset) {
  using namespace grammar::move;
  try {
    if (token.empty()) return Unexpected{MoveSyntaxError{0, "empty move"}};
    if (token.size() > kLongestMove) return parse_long_token(token, language, styles, base_offset);
    const auto token_size = static_cast<std::uint32_t>(token.size());
    LanguageTable scratch;
    const LanguageTable& table = table_for(language, scratch);
    const bool ascii =
        std::all_of(token.begin(), token.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    if (ascii) {
      if (!FailureMemo::cacheable(token, language))
        return parse_prepared(token, table, styles, base_offset, token_size);
      FailureMemo::Slot& slot = failure_memo().slots[FailureMemo::slot_of(token, &language, styles.bits)];
      if (slot.language == &language && slot.styles == styles.bits && slot.token == token)
        return Unexpected{slot.error};
      Outcome result = parse_prepared(token, table, styles, base_offset, token_size);
      if (!result) slot = FailureMemo::Slot{std::string(token), &language, styles.bits, result.error()};
      return result;
    }

    Prepared prepared;
    if (auto error = prepare(token, table.script, prepared)) return Unexpected{*error};
    auto result = parse_prepared(prepared.text, table, styles, base_offset, token_size);
    if (!result) {
      MoveSyntaxError error = result.error();
      error.offset = prepared.origin[std::min<std::size_t>(error.offset, prepared.origin.size() - 1)];
      return Unexpected{std::move(error)};
    }
    result->folded = result->folded || prepared.folded;
    result->lookalike = result->lookalike || prepared.lookalike;
    return result;
  } catch (const std::exception& e) {
    // Out of memory or an ICU surprise: still a value, never an exception (DESIGN.md rule 5).
    return Unexpected{MoveSyntaxError{0, std::string("internal error while reading the move: ") + e.what()}};
  }
}

std::string token_excerpt(std::string_view token) {
  constexpr std::size_t kWhole = 64;
  constexpr std::size_t kHead = 60;
  if (token.size() <= kWhole) return std::string(token);
  std::size_t cut = kHead;
  while (cut > 0 && (static_cast<unsigned char>(token[cut]) & 0xC0) == 0x80) --cut;  // a code point's start
  return std::string(token.substr(0, cut)) + "\u2026 (" + std::to_string(token.size()) + " bytes)";
}

}  // namespace planilla
