#include "converters/arbiter/detect.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bitset>
#include <cctype>
#include <cmath>
#include <memory>
#include <optional>
#include <span>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "converters/arbiter/suggestions.hpp"
#include "converters/input/split.hpp"
#include "converters/pgn/descriptive_io.hpp"
#include "converters/pgn/fast_reader.hpp"
#include "grammar/move_actions.hpp"
#include "notation/language.hpp"
#include "notation/write.hpp"

namespace planilla {

namespace {

bool is_move_error(const Diagnostic& d) { return d.severity == Severity::Error && is_unresolved_move_code(d.code); }

// How good a reading is: how many tokens its letters cannot read at all (the grammar reads every
// token, also after the first illegal move), then how far it gets (the ply of its first move
// error in the main line, UINT32_MAX when every move resolved), then its number of move errors.
// The unreadable tokens come first: an English game with one slip early on must not be read as
// Icelandic only because the Icelandic reading stumbles a ply later (its N and Q tokens are
// unreadable throughout).
struct Score {
  std::uint32_t first_error_ply = UINT32_MAX;
  std::size_t move_errors = 0;
  std::size_t syntax_errors = 0;
  bool clean() const { return move_errors == 0; }
  bool better_than(const Score& o) const {
    if (syntax_errors != o.syntax_errors) return syntax_errors < o.syntax_errors;
    if (first_error_ply != o.first_error_ply) return first_error_ply > o.first_error_ply;
    return move_errors < o.move_errors;
  }
};

// Adds one diagnostic to a score. A reading's score only gets worse as it reads on (more errors,
// an earlier first one): an attempt that is not better than the best so far never will be.
void count(Score& s, const Diagnostic& d) {
  if (!is_move_error(d)) return;
  ++s.move_errors;
  if (d.code == Code::MoveSyntax) ++s.syntax_errors;
  if (d.variation == 0 && d.ply != 0) s.first_error_ply = std::min(s.first_error_ply, d.ply);
  if (d.ply == 0) s.first_error_ply = 0;
}

Score score_of(const std::vector<Diagnostic>& diags) {
  Score s;
  for (const Diagnostic& d : diags) count(s, d);
  return s;
}

// Options for an attempt that stops reading once its score, counted as it reads, is no longer
// better than `best` (ReadOptions::stop_after); `partial` is reset here.
ReadOptions stopping_unless_better(const ReadOptions& options, Score& partial, const Score& best) {
  ReadOptions o = options;
  partial = Score{};
  o.stop_after = [&partial, &best](const Diagnostic& d) {
    count(partial, d);
    return !partial.better_than(best);
  };
  return o;
}

// Whether a reading in `lang` is sure not to score better than `best`, the reading whose
// diagnostics are `diags`, without reading the game: when every move error of `best` is an
// unreadable token that `lang`'s letters cannot read either. Whether a token reads is a property
// of its text alone, and a token takes its ply whether or not it reads, so the reading in `lang`
// would have at least as many unreadable tokens, its first error no later, and at least as many
// move errors: not better (Score::better_than). A game of 21,000 unreadable words was read again
// in full by each of 27 candidate letter sets.
bool cannot_beat(const std::vector<Diagnostic>& diags, const Score& best, const Language& lang, MoveStyles styles) {
  if (best.syntax_errors == 0 || best.move_errors != best.syntax_errors || best.first_error_ply == 0) return false;
  thread_local std::unordered_set<std::string_view> unreadable;  // this call's tokens that do not read
  unreadable.clear();
  for (const Diagnostic& d : diags) {
    if (!is_move_error(d)) continue;  // (each one is a MoveSyntax: move_errors == syntax_errors)
    const std::string_view token = d.written;
    if (unreadable.contains(token)) continue;
    if (parse_move(token, lang, styles, 0)) return false;
    unreadable.insert(token);
  }
  return true;
}

// A token with a control character (a C0 byte or DEL; the blanks end a token before it): no
// letter set, style or descriptive dialect reads it (tests/unit/converters_detect.cpp tries them
// all), so a reading whose every move error is such a token is as good as any other reading
// can be. A file of games broken by NUL bytes was read again by each candidate letter set, the
// mixed reading and the three descriptive dialects, game after game.
bool unreadable_in_any_notation(std::string_view token) {
  return std::any_of(token.begin(), token.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; });
}

bool errors_only_unreadable_anywhere(const std::vector<Diagnostic>& diags) {
  bool any = false;
  for (const Diagnostic& d : diags) {
    if (!is_move_error(d)) continue;
    if (d.code != Code::MoveSyntax || !unreadable_in_any_notation(d.written)) return false;
    any = true;
  }
  return any;
}

// The beginnings of a game's tokens, split as letter_evidence reads them (after blanks, dots and
// digits): one pass over the text for all languages. A token's first 16 bytes are more than a
// piece letter and the byte after it need.
// (Bytes classed by a table: three to five comparisons a byte were most of candidate_languages(),
// which runs for every game not in English under --from auto.)
constexpr std::uint8_t kSplitsTokens = 1;  // ends a token: a blank or LF
constexpr std::uint8_t kBeforeToken = 2;   // skipped before a token: those, dots and digits
constexpr auto kTokenClass = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned char c : {' ', '\n', '\t'}) t[c] = kSplitsTokens | kBeforeToken;
  t['.'] = kBeforeToken;
  for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = kBeforeToken;
  return t;
}();
template <class Visit>
void for_each_token_beginning(std::string_view text, Visit visit) {
  const auto* const p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    while (i < n && (kTokenClass[p[i]] & kBeforeToken)) ++i;
    const std::size_t start = i;
    while (i < n && !(kTokenClass[p[i]] & kSplitsTokens)) ++i;
    visit(text.substr(start, std::min<std::size_t>(i - start, 16)));
  }
}

// What may follow a piece letter in the evidence below: a file letter, a capture mark or a digit.
bool follows_piece_letter(char next) {
  return (next >= 'a' && next <= 'h') || next == 'x' || next == ':' || (next >= '1' && next <= '8');
}

// Whether a token begins with one of the language's non-pawn piece letters followed by a file
// letter, a capture mark or a digit: cheap evidence that the game uses these letters (counted
// over the game's tokens by letter_evidence below).
bool letter_evidence(std::string_view token, const Language& lang) {
  for (int p = index_of(PieceType::Knight); p <= index_of(PieceType::King); ++p) {
    std::string_view letter = lang.letters[static_cast<std::size_t>(p)];
    if (letter.empty() || token.size() <= letter.size() || token.substr(0, letter.size()) != letter) continue;
    if (follows_piece_letter(token[letter.size()])) return true;
  }
  return false;
}

// The tokens that could begin with a one-byte piece letter, counted by that byte: for a language
// whose piece letters are distinct single bytes, the evidence is the sum of its letters' counts,
// one table for all languages instead of a pass over the tokens for each. `starts`: the first
// bytes of the tokens of two bytes or more, which every token with evidence is. `walked`: those
// tokens that begin with one of any_walked_bytes(), each with its first 8 bytes packed (the first
// the lowest), for the languages whose letters are not told by one byte (letter_evidence()).
struct WalkedToken {
  std::string_view text;  // (its first 16 bytes at most)
  std::uint64_t packed;
};
struct FirstByteCounts {
  std::array<std::size_t, 256> lettered{};
  std::bitset<256> starts;
  std::vector<WalkedToken>* walked = nullptr;  // a thread's, cleared here
};

const std::bitset<256>& any_walked_bytes();

// The first 8 bytes of `p` (fewer when it is shorter), the first the lowest, zero-padded.
std::uint64_t pack_bytes(std::string_view p) {
  std::uint64_t v = 0;
  for (std::size_t k = 0; k < p.size() && k < 8; ++k) v |= std::uint64_t{static_cast<unsigned char>(p[k])} << (8 * k);
  return v;
}

FirstByteCounts first_byte_counts(std::string_view text) {
  thread_local std::vector<WalkedToken> walked;
  walked.clear();
  FirstByteCounts counts;
  counts.walked = &walked;
  const std::bitset<256>& kept = any_walked_bytes();
  for_each_token_beginning(text, [&counts, &kept](std::string_view token) {
    if (token.size() < 2) return;
    const auto first = static_cast<unsigned char>(token[0]);
    counts.starts.set(first);
    if (follows_piece_letter(token[1])) ++counts.lettered[first];
    if (kept[first]) counts.walked->push_back(WalkedToken{token, pack_bytes(token)});
  });
  return counts;
}

// The first bytes of letters that one byte cannot stand for: a letter of several bytes, or a
// byte two letters of a language begin with. Tokens that begin with one are looked at one by
// one (the walk below); the others are counted by their first byte.
std::bitset<256> walked_bytes(const Language& lang) {
  std::bitset<256> single, walked;
  for (int p = index_of(PieceType::Knight); p <= index_of(PieceType::King); ++p) {
    std::string_view letter = lang.letters[static_cast<std::size_t>(p)];
    if (letter.empty()) continue;
    const auto byte = static_cast<unsigned char>(letter[0]);
    if (letter.size() != 1 || single[byte]) walked.set(byte);
    single.set(byte);
  }
  return walked;
}

// A language's walked_bytes() and its piece letters packed as WalkedToken packs a token's bytes,
// each with the mask of its bytes: letter_evidence() compares a token's first bytes with a letter
// in one comparison. `packed` is false when a letter has 8 bytes or more (compared as text then).
struct WalkedLetters {
  std::bitset<256> walked;
  struct Letter {
    std::uint64_t bytes = 0, mask = 0;
    std::size_t size = 0;
  };
  std::array<Letter, 5> letters{};
  std::size_t count = 0;
  bool packed = true;
};
WalkedLetters walked_letters(const Language& lang) {
  WalkedLetters w;
  w.walked = walked_bytes(lang);
  for (int p = index_of(PieceType::Knight); p <= index_of(PieceType::King); ++p) {
    std::string_view letter = lang.letters[static_cast<std::size_t>(p)];
    if (letter.empty()) continue;
    if (letter.size() >= 8) w.packed = false;
    const std::uint64_t mask = letter.size() >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * letter.size())) - 1;
    w.letters[w.count++] = WalkedLetters::Letter{pack_bytes(letter), mask, letter.size()};
  }
  return w;
}
// walked_letters() of a language, made once for each of the table's rows (asked for each letter
// set of each game).
const WalkedLetters& walked_letters_of(const Language& lang) {
  return per_language(lang, [](const Language& l) { return walked_letters(l); });
}

// walked_bytes() of every language: the only first bytes first_byte_counts() keeps tokens of.
const std::bitset<256>& any_walked_bytes() {
  static const std::bitset<256> all = [] {
    std::bitset<256> out;
    for (const Language& l : all_languages()) out |= walked_bytes(l);
    return out;
  }();
  return all;
}

// A token is evidence by its first byte alone unless that byte is one of walked_bytes(lang), and
// those tokens (counts.walked) are looked at one by one, with the letters packed: a Spanish
// game's table of beginnings, made for the Lithuanian `Ž` and the Cyrillic letters, was a fifth
// of reading it with --from auto, and a Russian game's walk, through a hash table of its distinct
// beginnings and a memcmp() per letter, two fifths of reading it.
std::size_t letter_evidence(const FirstByteCounts& counts, const Language& lang) {
  const WalkedLetters& w = walked_letters_of(lang);
  const std::bitset<256>& walked = w.walked;
  std::size_t hits = 0;
  std::bitset<256> counted;
  for (int p = index_of(PieceType::Knight); p <= index_of(PieceType::King); ++p) {
    std::string_view letter = lang.letters[static_cast<std::size_t>(p)];
    if (letter.empty()) continue;
    const auto byte = static_cast<unsigned char>(letter[0]);
    if (walked[byte] || counted[byte]) continue;
    counted.set(byte);
    hits += counts.lettered[byte];
  }
  if ((walked & counts.starts).none()) return hits;
  for (const WalkedToken& t : *counts.walked) {
    if (!walked[static_cast<unsigned char>(t.text[0])]) continue;
    if (!w.packed) {
      hits += letter_evidence(t.text, lang) ? 1 : 0;
      continue;
    }
    for (std::size_t k = 0; k < w.count; ++k) {
      const WalkedLetters::Letter& l = w.letters[k];
      if ((t.packed & l.mask) == l.bytes && t.text.size() > l.size &&
          follows_piece_letter(static_cast<char>(t.packed >> (8 * l.size)))) {
        ++hits;
        break;
      }
    }
  }
  return hits;
}

// The first language of each letter set, in the table's order (defined below).
const std::vector<const Language*>& letter_set_representatives();

std::string members_of(std::string_view letter_set) {
  std::string members;
  for (const Language& l : all_languages()) {
    if (l.letter_set != letter_set) continue;
    if (!members.empty()) members += '/';
    members += l.code;
  }
  return members;
}

// "es/it/ca": the codes of the languages that share `chosen`'s letters. Built once per row (a
// note naming every letter set is written for each game of pawn moves).
const std::string& letter_set_members(const Language& chosen) {
  return per_language(chosen, [](const Language& l) { return members_of(l.letter_set); });
}

}  // namespace

std::vector<const Language*> candidate_languages(std::string_view game_text) {
  // One representative per letter set (its first language in the table): languages with
  // identical letters read a game the same, and have the same evidence.
  const std::vector<const Language*>& reps = letter_set_representatives();
  std::vector<std::pair<std::size_t, const Language*>> scored;
  scored.reserve(reps.size());
  const FirstByteCounts counts = first_byte_counts(game_text);
  for (const Language* l : reps) scored.emplace_back(letter_evidence(counts, *l), l);
  // Most evidence first; the table order (English first) breaks ties. (Insertion, stable: for
  // the few letter sets, std::stable_sort's buffer was a fifth of this function.)
  for (std::size_t k = 1; k < scored.size(); ++k)
    for (std::size_t j = k; j > 0 && scored[j - 1].first < scored[j].first; --j) std::swap(scored[j - 1], scored[j]);
  std::vector<const Language*> out;
  out.reserve(scored.size());
  for (const auto& [hits, lang] : scored) out.push_back(lang);
  return out;
}

namespace {

Diagnostic language_note(const GameRecord& record, const ReadOptions& options, std::string message) {
  Diagnostic note;
  note.code = Code::LanguageDetected;
  note.severity = Severity::Note;
  note.file = options.file_name;
  note.game = record.number;
  note.line = record.line;
  note.column = record.column;
  note.byte = record.offset;
  note.message = std::move(message);
  return note;
}

// Bytes of a game's text, and whether all are ASCII. (evident_reading() may know the text is not
// ASCII from one of its tokens: then only `ascii` is set, false, and reads_alike() asks no more.)
struct TextBytes {
  std::bitset<256> present;
  bool ascii = true;
  std::uint64_t low = 0, high = 0;  // the ASCII part of `present`: bytes 0-63, 64-127
};

// Whether `line` is one plain tag pair, `[Name "value"]` with blanks around: its bytes are never
// read as moves.
bool plain_tag_line(std::string_view line) {
  std::size_t i = 0;
  auto blanks = [&] {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
  };
  blanks();
  if (i == line.size() || line[i++] != '[') return false;
  const std::size_t name = i;
  while (i < line.size() && is_tag_name_byte(line[i])) ++i;
  if (i == name) return false;
  blanks();
  if (i == line.size() || line[i++] != '"') return false;
  while (i < line.size() && line[i] != '"' && line[i] != '\\') ++i;
  if (i == line.size() || line[i++] != '"') return false;
  blanks();
  if (i == line.size() || line[i++] != ']') return false;
  blanks();
  return i == line.size();
}

// The end of the line that begins at `pos`: the next LF or CR (a CR alone ends a line in old Mac
// files, as the decoder reads them), or text.size(); `next` is where the following line begins.
std::size_t line_end(std::string_view text, std::size_t pos, std::size_t& next) {
  std::size_t end = pos;
  while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
  next = end + (end + 1 < text.size() && text[end] == '\r' && text[end + 1] == '\n' ? 2 : 1);
  return end;
}

// The bytes of a game's text that could be read as moves: outside its plain tag lines and its
// comments (`{…}`, which may span lines, and `;` to the line's end), whose words would otherwise
// make most spellings usable in reads_alike. A line that begins with `[` but is not a plain tag
// line is taken whole (its braces may be inside a tag value), and so is the rest of the text
// after a `{` that is never closed.
TextBytes text_bytes(std::string_view text) {
  std::array<std::uint64_t, 4> words{};  // bit b % 64 of word b / 64: byte b occurs
  auto add_byte = [&words](char c) {
    const auto b = static_cast<unsigned char>(c);
    words[b >> 6] |= std::uint64_t{1} << (b & 63);
  };
  auto add = [&add_byte](std::string_view bytes) {
    for (char c : bytes) add_byte(c);
  };
  std::size_t open_brace = std::string_view::npos;  // inside a comment opened there
  for (std::size_t pos = 0, next = 0; pos < text.size(); pos = next) {
    const std::size_t end = line_end(text, pos, next);
    const std::string_view line = text.substr(pos, end - pos);
    if (open_brace == std::string_view::npos) {
      if (plain_tag_line(line)) continue;
      const std::size_t first = line.find_first_not_of(" \t");
      if (first != std::string_view::npos && line[first] == '[') {
        add(line);
        continue;
      }
    }
    for (std::size_t i = pos; i < end; ++i) {
      const char c = text[i];
      if (open_brace != std::string_view::npos) {
        if (c == '}') open_brace = std::string_view::npos;
      } else if (c == '{') {
        open_brace = i;
      } else if (c == ';') {
        break;
      } else {
        add_byte(c);
      }
    }
  }
  if (open_brace != std::string_view::npos) add(text.substr(open_brace));
  TextBytes t;
  for (std::size_t k = 0; k < words.size(); ++k) t.present |= std::bitset<256>(words[k]) << (64 * k);
  t.ascii = (words[2] | words[3]) == 0;
  t.low = words[0];
  t.high = words[1];
  return t;
}

// Whether `a` and `b` read every token of an ASCII text holding `bytes` alike: the same piece
// spellings among those whose bytes all occur in it (the only ones that can match; with their
// lower-case and look-alike forms, as the move grammar builds them), and the same meaning of the
// suffixes that differ by language where they occur (`X` for mate, `++`). Such a letter set gives
// the same diagnostics, so re-reading the game with it cannot give a better reading: skipping it
// keeps the choice and bounds the work (a long unreadable game was read once per letter set).
// Non-ASCII text is never skipped: its folding depends on the language's script.
// A language's ASCII piece spellings (with their lower-case and look-alike forms, as the move
// grammar builds them) in one order, each with the bytes it is made of (0-63 and 64-127): built
// once per language. Only ASCII text is compared, where no other spelling can match.
struct Spelling {
  std::string_view text;
  PieceType type;
  bool lowercase;
  bool lookalike;
  std::uint64_t low = 0, high = 0;
  auto key() const { return std::tie(text, type, lowercase, lookalike); }
};

const std::vector<Spelling>& spellings_of(const Language& lang) {
  static const std::vector<std::vector<Spelling>> all = [] {
    std::vector<std::vector<Spelling>> out;
    for (const Language& l : all_languages()) {
      grammar::move::LanguageTable scratch;
      const grammar::move::LanguageTable& table = grammar::move::table_for(l, scratch);
      std::vector<Spelling> list;
      for (const grammar::move::PieceSpelling& s : table.spellings) {
        Spelling sp{s.text, s.type, s.lowercase, s.lookalike};
        bool ascii = true;
        for (char c : s.text) {
          const auto b = static_cast<unsigned char>(c);
          ascii = ascii && b < 128;
          (b < 64 ? sp.low : sp.high) |= std::uint64_t{1} << (b % 64);
        }
        if (ascii) list.push_back(sp);
      }
      std::sort(list.begin(), list.end(), [](const Spelling& x, const Spelling& y) { return x.key() < y.key(); });
      out.push_back(std::move(list));
    }
    return out;
  }();
  return all[*language_row(lang)];  // a row: reads_alike asks only for rows
}

// Whether `a` and `b` read every token of an ASCII text holding `bytes` alike: the same piece
// spellings among those whose bytes all occur in it (the only ones that can match), and the
// same meaning of the suffixes that differ by language where they occur (`X` for mate, `++`).
// Such a letter set gives the same diagnostics and moves, so re-reading the game with it cannot
// change the choice: it is skipped (a long unreadable game was read once per letter set).
// Non-ASCII text is never skipped: its folding depends on the language's script.
bool reads_alike(const TextBytes& bytes, const Language& a, const Language& b) {
  if (!bytes.ascii || !language_row(a) || !language_row(b)) return false;  // a caller's own row: read it
  if (a.x_is_mate != b.x_is_mate && bytes.present.test('X')) return false;
  if (a.double_plus_is_double_check != b.double_plus_is_double_check && bytes.present.test('+')) return false;
  const std::vector<Spelling>& sa = spellings_of(a);
  const std::vector<Spelling>& sb = spellings_of(b);
  auto usable = [&bytes](const Spelling& s) { return ((s.low & ~bytes.low) | (s.high & ~bytes.high)) == 0; };
  auto ia = sa.begin();
  auto ib = sb.begin();
  for (;;) {
    while (ia != sa.end() && !usable(*ia)) ++ia;
    while (ib != sb.end() && !usable(*ib)) ++ib;
    if (ia == sa.end() || ib == sb.end()) return ia == sa.end() && ib == sb.end();
    if (ia->key() != ib->key()) return false;
    ++ia;
    ++ib;
  }
}

// Descriptive readings for `auto`: tried only when no algebraic letter set reads the game.
bool try_descriptive(GameRecord& record, const ReadOptions& options) {
  struct Dialect {
    DescriptiveDialect dialect;
    const char* name;
  };
  for (Dialect d : {Dialect{DescriptiveDialect::English, "English"}, Dialect{DescriptiveDialect::Spanish, "Spanish"},
                    Dialect{DescriptiveDialect::French, "French"}}) {
    GameRecord attempt;
    attempt.number = record.number;
    attempt.offset = record.offset;
    attempt.line = record.line;
    attempt.column = record.column;
    attempt.original = record.original;
    attempt.encoding = record.encoding;
    // What the descriptive reading keeps: the game but its main line (replaced), the diagnostics
    // but the move-level ones (a game of 50,000 unreadable tokens was copied whole per dialect).
    attempt.game.tags = record.game.tags;
    attempt.game.start = record.game.start;
    attempt.game.chess960 = record.game.chess960;
    attempt.game.custom_start = record.game.custom_start;
    attempt.game.result = record.game.result;
    for (const Diagnostic& diagnostic : record.diagnostics)
      if (!is_move_level(diagnostic.code)) attempt.diagnostics.push_back(diagnostic);
    if (!read_descriptive_record(attempt, d.dialect, options) || attempt.game.main.moves.empty()) continue;
    record = std::move(attempt);
    Diagnostic note = language_note(record, options,
                                    std::string("moves read as ") + d.name +
                                        " descriptive notation: no algebraic letter set resolves them");
    note.written = std::string("descriptive:") + d.name;
    record.diagnostics.insert(record.diagnostics.begin(), std::move(note));
    return true;
  }
  return false;
}

}  // namespace

namespace {

// Approximate shares of the pieces among the moves of master games (castling not counted): a
// tie between two other letter sets that read a game legally with the same leniency (English,
// when it is one of them, wins) is broken by which reading makes the game look most like a
// game of chess.
constexpr double kPieceMoveShare[kPieceTypes] = {0.30, 0.15, 0.13, 0.15, 0.11, 0.16};

double piece_likelihood(const Game& game) {
  double sum = 0;
  Position pos = game.start;
  for (const MoveNode& n : game.main.moves) {
    if (!n.move) break;
    if (!n.move.is_null() && !n.move.is_castling())
      sum += std::log(kPieceMoveShare[index_of(pos.moving_piece(n.move))]);
    pos.play(n.move);
  }
  return sum;
}

// The distinct beginnings (up to two code points) of the movetext's tokens that begin with a
// capital letter other than castling's O, or with a non-ASCII character: the piece letters a
// letter set must know to read the game at all. One pass, a handful of short views into `text`.
// This runs for every clean game (the tie check), so it must cost next to nothing: a prefix is
// at most 8 bytes (two code points), and the distinct ones are kept as packed integers, compared
// without a call per token.
struct Prefix {
  std::string_view text;
  std::uint64_t packed;  // the bytes, little-endian, zero-padded; with the length, the identity
};

// The prefix of the token at `i` that lettered_prefixes() takes: two code points, enough to tell
// Кр from К.
std::string_view prefix_at(std::string_view text, std::size_t i) {
  std::size_t end = i;
  for (int cp = 0; cp < 2 && end < text.size(); ++cp) {
    ++end;
    while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
  }
  return text.substr(i, end - i);
}

void lettered_prefixes(std::string_view text, std::vector<Prefix>& out) {
  out.clear();
  // Capital × ASCII byte: the prefixes seen in this game (cleared again before returning).
  thread_local std::array<std::uint64_t, 26 * 128 / 64> seen_ascii{};
  std::size_t start = 0;
  // Skip the tag section: lines that begin with '['.
  for (std::size_t i = 0, next = 0; i < text.size(); i = next) {
    const std::size_t end = line_end(text, i, next);
    std::size_t k = i;  // first byte of the line that is not a blank
    while (k < end && (text[k] == ' ' || text[k] == '\t')) ++k;
    if (k < end && text[k] != '[') break;
    start = std::min(next, text.size());
  }
  // Byte classes, so the common byte (inside a token) costs one load and one test.
  enum : std::uint8_t { kPlain, kSeparator, kBrace, kParen };
  static constexpr auto kClass = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned char c : {' ', '\n', '\t', '\r', '.'}) t[c] = kSeparator;
    t['{'] = kBrace;
    t['('] = kParen;
    t[')'] = kParen;
    return t;
  }();
  int depth = 0;
  bool token_start = true;
  for (std::size_t i = start; i < text.size(); ++i) {
    char c = text[i];
    const std::uint8_t cls = kClass[static_cast<unsigned char>(c)];
    if (cls == kPlain) {
      if (!token_start) continue;
    } else if (cls == kSeparator) {
      token_start = true;
      continue;
    } else if (cls == kBrace) {
      auto close = text.find('}', i);
      if (close == std::string_view::npos) break;
      i = close;
      token_start = true;
      continue;
    } else {
      depth += c == '(' ? 1 : (depth > 0 ? -1 : 0);
      token_start = true;
      continue;
    }
    token_start = false;
    auto u = static_cast<unsigned char>(c);
    if (depth > 0 || !((u >= 'A' && u <= 'Z' && u != 'O') || u >= 0x80)) continue;
    const std::string_view prefix = prefix_at(text, i);
    // The common prefix, a capital and an ASCII byte, is looked up in a bit table; the others
    // are compared with those already kept.
    if (u <= 'Z' && prefix.size() == 2 && static_cast<unsigned char>(prefix[1]) < 0x80) {
      const std::size_t bit = static_cast<std::size_t>(u - 'A') * 128 + static_cast<unsigned char>(prefix[1]);
      if (seen_ascii[bit / 64] >> (bit % 64) & 1) continue;
      seen_ascii[bit / 64] |= std::uint64_t{1} << (bit % 64);
      out.push_back(Prefix{prefix, pack_bytes(prefix)});
      continue;
    }
    const std::uint64_t packed = pack_bytes(prefix);
    bool seen = false;
    for (const Prefix& p : out)
      if (p.packed == packed && p.text.size() == prefix.size() && (prefix.size() <= 8 || p.text == prefix)) {
        seen = true;
        break;
      }
    if (!seen) out.push_back(Prefix{prefix, packed});
  }
  // Leave the bit table clear for the next game.
  for (const Prefix& p : out)
    if (p.text.size() == 2 && static_cast<unsigned char>(p.text[0]) >= 'A' &&
        static_cast<unsigned char>(p.text[0]) <= 'Z' && static_cast<unsigned char>(p.text[1]) < 0x80) {
      const std::size_t bit = static_cast<std::size_t>(p.text[0] - 'A') * 128 + static_cast<unsigned char>(p.text[1]);
      seen_ascii[bit / 64] &= ~(std::uint64_t{1} << (bit % 64));
    }
}

// Could `lang` read a token beginning with `t`?
bool letter_fits(std::string_view t, const Language& lang) {
  for (std::size_t p = 0; p < kPieceTypes; ++p)
    if (any_spelling(lang, p, [&](std::string_view s) { return t.starts_with(s) || s.starts_with(t); })) return true;
  return false;
}

// One language per letter set, in table order: the readings worth trying (languages with
// identical letters read a game the same). Fixed by the table, so computed once.
const std::vector<const Language*>& letter_set_representatives() {
  static const std::vector<const Language*> reps = [] {
    std::vector<const Language*> out;
    std::vector<std::string_view> seen;
    for (const Language& l : all_languages()) {
      if (std::find(seen.begin(), seen.end(), l.letter_set) != seen.end()) continue;
      seen.push_back(l.letter_set);
      out.push_back(&l);
    }
    return out;
  }();
  return reps;
}

// fit_mask() below: the answers for a capital and an ASCII byte (a clean game's prefixes, nearly
// always), kept as found, with bit 63 (no letter set's) set to tell an answer from none.
constexpr std::uint64_t kFitKnown = std::uint64_t{1} << 63;      // the mask's bit 63 is no letter set's
std::array<std::atomic<std::uint64_t>, 26 * 128> g_fit_cache{};  // 0: not asked yet
bool is_cached_prefix(std::string_view t) {
  return t.size() == 2 && t[0] >= 'A' && t[0] <= 'Z' && static_cast<unsigned char>(t[1]) < 0x80;
}
std::atomic<std::uint64_t>& fit_cache_entry(std::string_view t) {
  return g_fit_cache[static_cast<std::size_t>((t[0] - 'A') * 128 + t[1])];
}

// fit_mask()'s answer when the table does not hold it yet, or for another prefix (computed).
[[gnu::noinline]] std::uint64_t fit_mask_computed(std::string_view t) {
  const auto& reps = letter_set_representatives();
  auto compute = [&reps](std::string_view prefix) {
    std::uint64_t m = 0;
    for (std::size_t i = 0; i < reps.size() && i < 64; ++i)
      if (letter_fits(prefix, *reps[i])) m |= std::uint64_t{1} << i;
    return m;
  };
  // Two-byte prefixes (a capital and an ASCII byte) are the usual question: each answer is kept
  // once found. Filled as asked rather than all 3,328 up front, which every start paid for (most
  // of the cost of checking a one-game file; bench/RESULTS.md); a game asks for a handful. Entries are
  // written by several readers at once, always with the same value: relaxed atomics suffice.
  if (is_cached_prefix(t) && reps.size() < 64) {
    std::atomic<std::uint64_t>& entry = fit_cache_entry(t);
    std::uint64_t m = entry.load(std::memory_order_relaxed);
    if (m == 0) {
      m = compute(t) | kFitKnown;
      entry.store(m, std::memory_order_relaxed);
    }
    return m & ~kFitKnown;
  }
  // Other prefixes of up to 7 bytes (a Cyrillic or Greek letter and the byte after it, `Кf`,
  // `Кр`) are kept per thread: a Russian game asked again about each of its prefixes, 270 M
  // instructions on 1 MB.
  if (t.size() <= 7) {
    thread_local std::unordered_map<std::uint64_t, std::uint64_t> others;
    const std::uint64_t key = pack_bytes(t) | std::uint64_t{t.size()} << 56;
    if (const auto found = others.find(key); found != others.end()) return found->second;
    if (others.size() >= 4096) others.clear();  // (bounded: prefixes of arbitrary bytes)
    return others.emplace(key, compute(t)).first->second;
  }
  return compute(t);
}

// Which representatives (bit i: letter_set_representatives()[i]) can read a token beginning
// with `t`: a two-byte prefix asked before in a few instructions (a clean English game asks
// about twenty-five, and the call with its guards was 2 % of checking an English archive).
inline std::uint64_t fit_mask(std::string_view t) {
  if (is_cached_prefix(t)) {
    const std::uint64_t m = fit_cache_entry(t).load(std::memory_order_relaxed);
    if (m != 0) return m & ~kFitKnown;
  }
  return fit_mask_computed(t);
}

// The remarks a reading makes because of its own letters: a pawn letter or a piece letter in
// lower case it had to accept, letters of another language, look-alike characters it folded,
// check and mate marks written on moves that give none. A missing mark is not among them: it
// asks nothing of the letters (`d7d8R` mates, read as English with W-MATE-MISSING; the Finnish
// R = ratsu reads a knight that does not mate and needs no mark). A reading that needs none of them is a clean one; a
// reading that needs them loses to one that needs fewer (`Bc4` read as German `B` = Bauer, with
// W-PAWN-LETTER, against the English bishop move).
bool is_leniency(Code code) {
  switch (code) {
    case Code::PawnLetter:
    case Code::PieceLetterCase:
    case Code::MixedLanguage:
    case Code::LookalikeFolded:
    case Code::CheckSpurious:
    case Code::MateSpurious: return true;
    default: return false;
  }
}

struct Leniency {
  std::size_t count = 0;
  std::string codes;  // "W-PAWN-LETTER 2, W-MATE-SPURIOUS 1", for the note
};

Leniency leniency_of(const std::vector<Diagnostic>& diags) {
  Leniency l;
  std::vector<std::pair<Code, std::size_t>> by_code;
  for (const Diagnostic& d : diags) {
    if (!is_leniency(d.code)) continue;
    ++l.count;
    auto it = std::find_if(by_code.begin(), by_code.end(), [&d](const auto& e) { return e.first == d.code; });
    if (it == by_code.end()) by_code.emplace_back(d.code, 1);
    else ++it->second;
  }
  for (const auto& [code, n] : by_code) {
    if (!l.codes.empty()) l.codes += ", ";
    l.codes += std::string(code_name(code)) + " " + std::to_string(n);
  }
  return l;
}

// Another letter set's clean reading of the game: what it needed and the moves it gave.
struct OtherReading {
  const Language* language = nullptr;
  Leniency leniency;
  // The main line; shared by the letter sets that read alike (a game of pawn moves has 26).
  std::shared_ptr<const std::vector<Move>> moves;
};

std::vector<Move> main_line_moves(const Game& game) {
  std::vector<Move> out;
  out.reserve(game.main.moves.size());
  for (const MoveNode& n : game.main.moves) out.push_back(n.move);
  return out;
}

constexpr std::size_t kNoDifference = SIZE_MAX;

// The index of the first ply where two main lines differ (one ending before the other counts);
// kNoDifference when they are the same.
std::size_t first_difference(const std::vector<Move>& a, const std::vector<Move>& b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if (!(a[i] == b[i])) return i;
  return a.size() == b.size() ? kNoDifference : n;
}

// W-READING-AMBIGUOUS: `other` reads every move as cleanly as the chosen reading and gives other
// moves from ply index `at` on. The warning names both readings and the ply; a comment before the
// first move states the chosen reading in the written game.
void add_ambiguity(GameRecord& record, const ReadOptions& options, const Language& chosen, const OtherReading& other,
                   std::size_t at) {
  const std::vector<MoveNode>& nodes = record.game.main.moves;
  Position pos = record.game.start;
  for (std::size_t i = 0; i < at && i < nodes.size(); ++i) pos.play(nodes[i].move);
  const std::string place =
      "move " + std::to_string(pos.fullmove_number()) + (pos.side_to_move() == Color::White ? " (White)" : " (Black)");
  const std::string written = at < nodes.size() ? nodes[at].text : std::string();
  auto san_at = [&pos](const std::vector<Move>& moves, std::size_t i) {
    return i < moves.size() ? write_move(pos, moves[i]) : std::string("no move");
  };
  const std::string chosen_san = at < nodes.size() ? write_move(pos, nodes[at].move) : std::string("no move");
  const std::string other_san = san_at(*other.moves, at);
  const std::string chosen_name = std::string(chosen.name) + " letters (" + letter_set_members(chosen) + ")";
  const std::string other_name =
      std::string(other.language->name) + " letters (" + letter_set_members(*other.language) + ")";
  const std::string kept = chosen.letter_set == english().letter_set ? "English, the PGN standard's letters, kept"
                                                                     : "kept by the pieces' move frequencies";

  Diagnostic d;
  d.code = Code::ReadingAmbiguous;
  d.severity = code_severity(Code::ReadingAmbiguous);
  d.file = options.file_name;
  d.game = record.number;
  d.line = record.line;
  d.column = record.column;
  d.byte = record.offset;
  d.ply = static_cast<std::uint32_t>(at + 1);
  if (at < nodes.size() && nodes[at].span.byte >= record.offset &&
      nodes[at].span.byte - record.offset <= record.original.size()) {
    // The place of the first token the readings disagree on.
    const std::string_view before = std::string_view(record.original).substr(0, nodes[at].span.byte - record.offset);
    d.byte = nodes[at].span.byte;
    d.line = record.line + static_cast<std::uint32_t>(std::count(before.begin(), before.end(), '\n'));
    const std::size_t line_start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
    d.column = (line_start == 0 ? record.column : 1) +
               static_cast<std::uint32_t>(
                   std::count_if(before.begin() + static_cast<std::ptrdiff_t>(line_start), before.end(),
                                 [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
  }
  d.written = written;
  d.candidates = {chosen_san, other_san};
  d.message = "two readings read every move legally with no more leniency than each other and differ from " + place +
              (written.empty() ? "" : " " + written) + ": the " + chosen_name + " read " + chosen_san + ", the " +
              other_name + " read " + other_san + "; read with the " + std::string(chosen.name) + " letters (" + kept +
              ")";
  record.diagnostics.push_back(std::move(d));

  if (!record.game.main.moves.empty()) {
    Comment c;
    c.text = "planilla: moves read with the " + std::string(chosen.name) + " letters; the " +
             std::string(other.language->name) + " letters read " + place + " " + written + " as " + other_san +
             " (W-READING-AMBIGUOUS)";
    auto& before = record.game.main.moves.front().comments_before;
    before.insert(before.begin(), std::move(c));
    record.direct_visited = false;  // the written game must carry the comment
  }
}

// The fallback letters for a game read in `chosen` that still has move errors (mixed writing,
// W-MIXED-LANGUAGE): English first, as the letters most often borrowed (an English Bg5 in a
// Spanish score), then the other letter sets by the game's evidence for them.
std::vector<const Language*> mixed_fallbacks(std::string_view game_text, const Language& chosen) {
  std::vector<const Language*> out;
  if (english().letter_set != chosen.letter_set) out.push_back(&english());
  for (const Language* lang : candidate_languages(game_text))
    if (lang->letter_set != chosen.letter_set && lang->letter_set != english().letter_set) out.push_back(lang);
  return out;
}

std::string set_members_list(const std::vector<const Language*>& langs) {
  std::string out;
  for (const Language* l : langs) {
    if (!out.empty()) out += ", ";
    out += letter_set_members(*l);
  }
  return out;
}

}  // namespace

namespace {

// The record's game as the splitter gave it, for reading it again.
RawGame raw_of(const GameRecord& record) {
  RawGame raw;
  raw.bytes = record.original;
  raw.offset = record.offset;
  raw.line = record.line;
  raw.column = record.column;
  raw.number = record.number;
  raw.terminated = true;
  return raw;
}

struct EvidentReading {
  const Language* language;
  GameRecord record;
};

// detect_encoding(raw.bytes, like.encoding), which read_as() asks before each reading in the lane,
// kept for the readings of one game (interpret_game() reads it in several letter sets, from the
// same bytes): a Windows-1251 archive under --from auto detected each game's encoding again for
// each letter set, a tenth of its time.
struct EncodingMemo {
  std::optional<Encoding> like;  // the encoding asked with
  Encoding detected = Encoding::Ascii;
};
// read_as(), with `memo` (when given) for the game of `raw`.
GameRecord read_as_with(const RawGame& raw, const GameRecord& like, const ReadOptions& options, const Language* lang,
                        bool* lane_move_error, EncodingMemo* memo);

// The text whose tokens tell the letters apart: a game's bytes, or their UTF-8 decoding when
// they are in a single-byte code page (the Cyrillic letters of a Windows-1251 game are UTF-8 in
// the letter table: counted on its bytes, they gave no evidence, and every letter set was read
// in turn by the general reader, at 0.5 MB/s).
class LettersText {
 public:
  std::string_view of(std::string_view bytes, Encoding encoding) {
    if (!is_single_byte(encoding)) return bytes;
    if (!decoded_) {
      DecodeOptions options;
      options.force = encoding;
      decoded_ = std::make_unique<Decoded>(decode(bytes, options));
    }
    return decoded_->text();
  }

 private:
  std::unique_ptr<Decoded> decoded_;  // (a pointer: most games never ask, and cost nothing)
};

// The encoding read_deferred() will read a deferred game in, as read_game's decoder chooses it.
Encoding deferred_encoding(const GameRecord& record, const ReadOptions& options) {
  if (options.encoding) return *options.encoding;
  if (record.deferred->raw.detected) return *record.deferred->raw.detected;
  return detect_encoding(record.original, record.deferred->prefer);
}

// A game whose general reading read_job() deferred, under `--from auto`: the reading the loop
// over the candidates in interpret_game() would choose first, without `first`'s full reading (the
// general reader's, several times the fast lane's cost), when it is evident. That loop runs
// only when `first`'s reading has a move error, tries the letter sets by their evidence
// (candidate_languages), skips those reading alike, and stops at the first clean reading; a
// clean reading always scores better than one with a move error, and the letter sets it skips
// as unable to do better (cannot_beat) cannot read that game cleanly. So when the candidate with
// the most evidence is another letter set, does not read alike, and reads the game cleanly while
// `first`'s reading has a move error, the loop would choose it. That error is found by reading
// with `first` up to it (often the second move of a Spanish game: `Cf3`). In every other case
// `record` gets `first`'s full reading, as read_job() would have made it, and the loop runs.
// Tried only when the lane declined at a short move token that the other letter set reads and
// that begins with a capital or a non-ASCII byte, or that did not resolve (LaneNotes): a game
// broken by NUL bytes, or a token of 2 MB, is not worth the try. `candidates`: the candidates
// when asked here, for the loop.
std::unique_ptr<EvidentReading> evident_reading(GameRecord& record, const ReadOptions& options, const Language& first,
                                                std::optional<std::vector<const Language*>>& candidates,
                                                std::optional<TextBytes>& bytes, LettersText& letters_text,
                                                EncodingMemo& memo) {
  const LaneNotes& lane = record.lane_notes;
  const Encoding encoding = deferred_encoding(record, options);
  std::string_view token =
      lane.declined_token_size == 0 || lane.declined_token_size > 16 || lane.declined_token_at >= record.original.size()
          ? std::string_view()
          : std::string_view(record.original).substr(lane.declined_token_at, lane.declined_token_size);
  std::optional<Decoded> decoded_token;
  if (!token.empty() && is_single_byte(encoding)) {
    DecodeOptions force;
    force.force = encoding;
    decoded_token = decode(token, force);
    token = decoded_token->text();
  }
  const auto lead = token.empty() ? 0 : static_cast<unsigned char>(token[0]);
  if (token.empty() || !(lane.declined_at_move_error || (lead >= 'A' && lead <= 'Z') || lead >= 0x80)) {
    read_deferred(record, options);
    return nullptr;
  }
  candidates = candidate_languages(letters_text.of(record.original, encoding));
  const Language* top = candidates->empty() ? nullptr : candidates->front();
  if (!top || top->letter_set == first.letter_set || !parse_move(token, *top, options.styles, 0)) {
    read_deferred(record, options);
    return nullptr;
  }
  // A token `top` reads and `first` does not: the two do not read alike (reads_alike() is never
  // wrong when it says they do), and its scan of the game's bytes is not needed.
  // A token with a byte above 0x7F is movetext that is not ASCII, which reads_alike() never
  // compares: said without scanning the game (for this question and the tie check's).
  if (!bytes && !is_ascii(token)) {
    bytes.emplace();
    bytes->ascii = false;
  }
  const bool first_reads = static_cast<bool>(parse_move(token, first, options.styles, 0));
  if (first_reads && reads_alike(bytes ? *bytes : *(bytes = text_bytes(record.original)), *top, first)) {
    read_deferred(record, options);
    return nullptr;
  }
  ReadOptions until_error = options;
  until_error.stop_after = [](const Diagnostic& d) { return is_move_error(d); };
  // `first`'s reading has a move error for certain when the lane declined at a move its resolver
  // rejects (LaneNotes::declined_at_move_error) or at a token `first`'s letters cannot read at
  // all (the general reader's move grammar is parse_move's; no fallback letters here): then the
  // general reader is not asked to find it. Reading up to it cost more than the whole reading
  // with `top` in the lane (a Spanish archive under --from auto spent 44 % of its instructions
  // there, with an exception to stop each reading).
  if (!options.fallback_languages.empty() || (first_reads && !lane.declined_at_move_error)) {
    read_deferred(record, until_error);
    if (score_of(record.diagnostics).clean()) return nullptr;  // never stopped: the full reading
  } else {
    record.encoding = encoding;  // what read_deferred() would have found (read_as() reads it)
  }
  bool lane_move_error = false;
  GameRecord attempt = read_as_with(raw_of(record), record, until_error, top, &lane_move_error, &memo);
  if (!lane_move_error && score_of(attempt.diagnostics).clean())
    return std::make_unique<EvidentReading>(EvidentReading{top, std::move(attempt)});
  read_deferred(record, options);
  return nullptr;
}

}  // namespace

GameRecord read_as(const RawGame& raw, const GameRecord& like, const ReadOptions& options, const Language* lang,
                   bool* lane_move_error) {
  return read_as_with(raw, like, options, lang, lane_move_error, nullptr);
}

namespace {

GameRecord read_as_with(const RawGame& raw, const GameRecord& like, const ReadOptions& options, const Language* lang,
                        bool* lane_move_error, EncodingMemo* memo) {
  if (lane_move_error) *lane_move_error = false;
  ReadOptions opts = options;
  opts.language = lang;
  GameRecord attempt;
  attempt.number = like.number;
  attempt.offset = like.offset;
  attempt.line = like.line;
  attempt.column = like.column;
  // The fast lane gives what read_game gives when it takes the game (an ASCII or UTF-8 game
  // here, as the first reading found), at several times less the cost: detection reads a game
  // once per letter set that could read it otherwise. A UTF-8 game (a Cyrillic game's letters)
  // is read as read_job() reads it, told the encoding read_game's decoder would find.
  // A game in a single-byte code page (Latin-1, Windows-1251, also forced) goes to the lane
  // from its decoding, as read_job() gives it (fast_read_code_page).
  const auto detected = [&] {
    if (memo && memo->like == like.encoding) return memo->detected;
    const Encoding e = detect_encoding(raw.bytes, like.encoding);
    if (memo) *memo = EncodingMemo{like.encoding, e};
    return e;
  };
  RawGame lane_raw = raw;
  if (like.encoding == Encoding::Utf8) lane_raw.detected = detected();
  if (is_single_byte(like.encoding)) lane_raw.detected = opts.encoding ? *opts.encoding : detected();
  const Encoding lane_encoding = lane_raw.detected.value_or(Encoding::Ascii);
  const bool code_page = is_single_byte(like.encoding) && is_single_byte(lane_encoding);
  if (opts.fast_lane && (!opts.encoding || code_page) && !like.lane_notes.declined_by_form &&
      (code_page || ((like.encoding == Encoding::Ascii || like.encoding == Encoding::Utf8) &&
                     (lane_encoding == Encoding::Ascii || lane_encoding == Encoding::Utf8)))) {
    GameBuilder fast_builder(attempt.game);
    LaneNotes lane;
    const Language& letters = lang ? *lang : english();
    const std::optional<Encoding> taken =
        code_page
            ? fast_read_code_page(lane_raw, like.encoding, fast_builder, attempt.diagnostics, opts, letters, &lane)
        : fast_read_game(lane_raw, fast_builder, attempt.diagnostics, opts, letters, &lane)
            ? std::optional(lane_encoding)
            : std::nullopt;
    if (taken) {
      attempt.encoding = *taken;
      attempt.lane_notes = std::move(lane);  // its lettered tokens: the text's, in any letters
      return attempt;
    }
    attempt.game = Game{};
    attempt.diagnostics.clear();
    if (lane_move_error && lane.declined_at_move_error && opts.fallback_languages.empty()) {
      *lane_move_error = true;
      return attempt;
    }
  }
  GameBuilder builder(attempt.game);
  attempt.encoding = read_game(raw, builder, attempt.diagnostics, opts, like.encoding);
  return attempt;
}

}  // namespace

std::vector<std::string> lettered_prefixes_of(std::string_view game_text) {
  std::vector<Prefix> prefixes;
  lettered_prefixes(game_text, prefixes);
  std::vector<std::string> out;
  for (const Prefix& p : prefixes) out.emplace_back(p.text);
  return out;
}

std::vector<const Language*> mixed_fallback_languages(std::string_view game_text, const Language& chosen) {
  return mixed_fallbacks(game_text, chosen);
}

const Language* record_language(const GameRecord& record) { return record.reading.language; }

void model_if_diagnosed(GameRecord& record, const ReadOptions& options) {
  const bool unmodelled = record.unmodelled_moves != 0 || (record.game.tags.empty() && record.game.main.moves.empty());
  if (!unmodelled || record.diagnostics.empty() || record.reading.language == nullptr) return;
  // The players are kept without the model; a position is needed only for a main-line move
  // whose diagnostic does not carry it (ReadOptions::fen_in_diagnostics).
  const bool needs_position =
      std::any_of(record.diagnostics.begin(), record.diagnostics.end(),
                  [](const Diagnostic& d) { return d.ply != 0 && d.variation == 0 && d.fen.empty(); });
  // Without it the players are all a report names: the fast lane kept them (a game of none, such
  // as a result written twice, was read again for nothing).
  if (!needs_position) return;
  const RawGame raw = raw_of(record);
  if (record.unmodelled_moves != 0 && options.fast_lane) {
    // The fast lane read it without a model, so it takes the same bytes again with one: the
    // general reader gives the same model (converters/pgn/fast_reader.hpp) at several times the
    // cost (bench/RESULTS.md).
    Game game;
    GameBuilder builder(game);
    std::vector<Diagnostic> diagnostics;
    if (fast_read_game(raw, builder, diagnostics, options, *record.reading.language)) {
      record.game = std::move(game);
      record.unmodelled_moves = 0;
      return;
    }
    if (is_single_byte(record.encoding)) {
      // A code-page game the fast lane read from its decoding (read_job): again so, with a model.
      RawGame coded = raw;
      coded.detected = record.encoding;
      game = Game{};
      diagnostics.clear();
      GameBuilder coded_builder(game);
      if (fast_read_code_page(coded, std::nullopt, coded_builder, diagnostics, options, *record.reading.language)) {
        record.game = std::move(game);
        record.unmodelled_moves = 0;
        return;
      }
    }
  }
  GameRecord modelled = read_as(raw, record, options, record.reading.language);
  record.game = std::move(modelled.game);
  record.unmodelled_moves = 0;
}

void add_suggestions(GameRecord& record, const ReadOptions& options, const Language* suggestion_language) {
  // Any error on a main-line ply: in strict mode an escalated warning is a move error too.
  bool any = std::any_of(record.diagnostics.begin(), record.diagnostics.end(), [](const Diagnostic& d) {
    return d.severity == Severity::Error && d.variation == 0 && d.ply != 0;
  });
  if (!any) return;
  const Language* lang = record_language(record);
  if (!lang) return;  // descriptive notation has its own module
  fill_suggestions(record, *lang, options.resolve, suggestion_language);
}

namespace {

// Whether the game has a move, modelled or only counted (ReadOptions::keep_model).
bool has_move(const GameRecord& record) {
  if (record.unmodelled_moves != 0) return true;
  return std::any_of(record.game.main.moves.begin(), record.game.main.moves.end(),
                     [](const MoveNode& n) { return static_cast<bool>(n.move); });
}

}  // namespace

bool read_next_game(PgnReader& reader, GameRecord& record, const ReadOptions& options, const NotationSpec& from) {
  return read_next_game(reader, record, options, from, nullptr);
}

void interpret_game(GameRecord& record, const ReadOptions& options, const NotationSpec& from,
                    LanguageDetection* detection) {
  if (detection) *detection = LanguageDetection{};
  // Kept only where the reading stays the one the direct visitor saw (GameRecord::direct_visited).
  const bool direct_visited = record.direct_visited;
  record.direct_visited = false;
  const Language* first = options.language ? options.language : &english();
  // A reading read_job() deferred: another letter set's, when it is evident, else the general
  // reader's with `first`, as read_job() would have made it.
  std::unique_ptr<EvidentReading> evident;  // (a pointer: an empty optional of it cost 66 instructions a game)
  std::optional<std::vector<const Language*>> candidates;  // candidate_languages(), once asked
  std::optional<TextBytes> bytes;                          // text_bytes(), once asked
  LettersText letters_text;                                // the text candidate_languages() reads
  EncodingMemo memo;                                       // for read_as_with(), this game's
  auto bytes_of_text = [&]() -> const TextBytes& {
    if (!bytes) bytes = text_bytes(record.original);
    return *bytes;
  };
  if (record.deferred) {
    // The cutter's detection, when it preferred what it found (a game of a file in one code
    // page), is the one read_as() asks for: detect_encoding(bytes, e) with e as found.
    const RawGame& cut = record.deferred->raw;
    if (cut.detected && record.deferred->prefer == cut.detected) memo = EncodingMemo{cut.detected, *cut.detected};
    if (from.auto_detect) evident = evident_reading(record, options, *first, candidates, bytes, letters_text, memo);
    else read_deferred(record, options);
    record.deferred.reset();
  }
  if (is_descriptive(from.style) && !from.auto_detect) {
    auto dialect = descriptive_dialect(from);
    read_descriptive_record(record, dialect ? *dialect : DescriptiveDialect::English, options);
    return;
  }
  if (detection) detection->language = first;
  if (!from.auto_detect) {
    record.direct_visited = direct_visited;
    add_suggestions(record, options, options.suggestion_language);
    return;
  }
  Score best;
  bool first_clean = false;
  if (!evident) {
    best = score_of(record.diagnostics);
    first_clean = best.clean();
    if (first_clean && !has_move(record)) {
      // Tags alone or a bare result: no letter to tell the readings apart, nothing to note.
      if (detection) detection->clean = true;
      record.direct_visited = direct_visited;
      add_suggestions(record, options, options.suggestion_language);
      return;
    }
  }
  // (Made only past the return above: 500,000 bare results built and destroyed one each.)
  const Language* chosen = first;
  GameRecord best_record;
  bool replaced = false;
  if (evident) {
    // What the loop over the candidates below finds first (evident_reading).
    chosen = evident->language;
    best_record = std::move(evident->record);
    best = score_of(best_record.diagnostics);
    replaced = true;
  }

  const RawGame raw = raw_of(record);

  if (!best.clean() && !errors_only_unreadable_anywhere(record.diagnostics)) {
    if (!candidates) candidates = candidate_languages(letters_text.of(record.original, record.encoding));
    for (const Language* lang : *candidates) {
      if (lang->letter_set == first->letter_set || reads_alike(bytes_of_text(), *lang, *first)) continue;
      if (cannot_beat(replaced ? best_record.diagnostics : record.diagnostics, best, *lang, options.styles)) continue;
      Score partial;
      GameRecord attempt =
          read_as_with(raw, record, stopping_unless_better(options, partial, best), lang, nullptr, &memo);
      Score s = score_of(attempt.diagnostics);
      if (s.better_than(best)) {
        best = s;
        chosen = lang;
        best_record = std::move(attempt);
        replaced = true;
        if (s.clean()) break;
      }
    }
    // Mixed writing: the chosen letters with the others as fallbacks, token by token. Kept when
    // it is the better reading (fewer unreadable tokens, then further): a reading that only
    // counted fewer move errors would drop a mixed game with one real slip later on, since after
    // the first error the rest of a line is not resolved and the two readings both count one.
    if (!best.clean()) {
      ReadOptions mixed = options;
      mixed.fallback_languages = mixed_fallbacks(record.original, *chosen);
      Score partial;
      GameRecord attempt =
          read_as_with(raw, record, stopping_unless_better(mixed, partial, best), chosen, nullptr, &memo);
      Score s = score_of(attempt.diagnostics);
      if (s.better_than(best)) {
        best = s;
        best_record = std::move(attempt);
        replaced = true;
      }
    }
    if (!best.clean() && try_descriptive(record, options)) {
      if (detection) detection->language = nullptr;
      return;
    }
  }

  // Other readings: the letter sets that know every piece letter of the game and read it
  // legally too. They are ranked by the leniency they needed (fewer remarks of their own making
  // first); English wins every tie it is part of, and the pieces' move frequencies break the
  // others. Two equally lenient readings that give different moves make the game ambiguous.
  std::vector<OtherReading> others;
  // A game stopped by a limit (E-LIMIT) is rejected whole and was not read to its end: which
  // other letter sets read its first part alike says nothing of the game, and each reading would
  // go to the limit again (a game of 240,000 variations was read to its 50,000th move thirteen
  // times). (With a clean reading the limit is a textual one, which every letter set meets alike.)
  const bool stopped = std::any_of(record.diagnostics.begin(), record.diagnostics.end(),
                                   [](const Diagnostic& d) { return d.code == Code::LimitExceeded; });
  if (best.clean() && !stopped) {
    // The letter sets that know every lettered token; for an English game only English itself,
    // usually, so a clean game costs one scan of its text here and no re-reading.
    thread_local std::vector<Prefix> lettered;
    // The fast lane noted them while reading (the same ones: converters/pgn/fast_reader.cpp), in
    // the first reading or in the one that replaced it (the text's tokens, whatever the letters).
    const LaneNotes& notes = record.lane_notes.lettered_known || !replaced ? record.lane_notes : best_record.lane_notes;
    const auto& reps = letter_set_representatives();
    std::uint64_t fits = reps.size() >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << reps.size()) - 1;
    lettered.clear();
    if (notes.lettered_known) {
      // (Asked straight from the notes; the list is made only for letter sets past the mask's 64.)
      for (std::uint32_t at : notes.lettered) {
        // (A capital's token, as the lane takes it, is ASCII: its two bytes are the two code points.)
        const std::string_view original = record.original;
        const std::string_view prefix =
            static_cast<unsigned char>(original[at]) < 0x80 ? original.substr(at, 2) : prefix_at(original, at);
        fits &= fit_mask(prefix);
        if (reps.size() > 64) lettered.push_back(Prefix{prefix, pack_bytes(prefix)});
      }
    } else {
      lettered_prefixes(record.original, lettered);
      for (const Prefix& p : lettered) fits &= fit_mask(p.text);
    }
    double best_likelihood = 0;
    bool likelihood_known = false;
    std::optional<Leniency> best_leniency;
    const std::string_view first_set = chosen->letter_set;  // `chosen` may change below
    auto ensure_model = [&] {
      if (!replaced && record.unmodelled_moves != 0) {
        // Read without its model (ReadOptions::keep_model): read it again, with it.
        GameRecord modelled = read_as_with(raw, record, options, chosen, nullptr, &memo);
        record.game = std::move(modelled.game);
        record.unmodelled_moves = 0;
      }
    };
    std::shared_ptr<const std::vector<Move>> chosen_moves;  // of `chosen`'s reading, once asked
    auto moves_of_chosen = [&](const GameRecord& current) {
      if (!chosen_moves) chosen_moves = std::make_shared<const std::vector<Move>>(main_line_moves(current.game));
      return chosen_moves;
    };
    for (std::size_t i = 0; i < reps.size(); ++i) {
      const Language* lang = reps[i];
      if (lang->letter_set == first_set) continue;
      const bool fit = i < 64 ? (fits >> i & 1) != 0
                              : std::all_of(lettered.begin(), lettered.end(),
                                            [lang](const Prefix& p) { return letter_fits(p.text, *lang); });
      if (!fit) continue;
      const bool plain = (replaced ? best_record : record).lane_notes.plain_moves;
      if (lang->letter_set != english().letter_set &&
          ((plain && fast_lane_letters_alike(*lang, *chosen)) || reads_alike(bytes_of_text(), *lang, *chosen))) {
        // It reads every token as the chosen letters do: the same moves with the same leniency,
        // a tie it does not win (English wins ties; the pieces' frequencies are equal). Said
        // without reading the game again (a game of pawn moves was read once per letter set;
        // each German game again as Serbian, whose letters differ only in the pawn's, which the
        // lane's plain SAN never has).
        ensure_model();
        const GameRecord& current = replaced ? best_record : record;
        if (!best_leniency) best_leniency = leniency_of(current.diagnostics);
        others.push_back(OtherReading{lang, *best_leniency, moves_of_chosen(current)});
        continue;
      }
      // Only a clean reading counts here: the attempt stops at its first move error, or at the
      // fast lane's when it has one (a game whose only piece letter is N was read again by the
      // general reader as Romanian, where N is a bishop, to the same first error).
      ReadOptions clean_only = options;
      clean_only.stop_after = [](const Diagnostic& d) { return is_move_error(d); };
      bool lane_move_error = false;
      GameRecord attempt = read_as_with(raw, record, clean_only, lang, &lane_move_error, &memo);
      if (lane_move_error || !score_of(attempt.diagnostics).clean()) continue;
      ensure_model();
      const GameRecord& current = replaced ? best_record : record;
      if (!best_leniency) best_leniency = leniency_of(current.diagnostics);
      const Leniency leniency = leniency_of(attempt.diagnostics);
      auto attempt_moves = std::make_shared<const std::vector<Move>>(main_line_moves(attempt.game));
      bool wins = leniency.count < best_leniency->count;
      if (!wins && leniency.count == best_leniency->count && chosen->letter_set != english().letter_set) {
        if (lang->letter_set == english().letter_set) {
          wins = true;
        } else if (*attempt_moves != *moves_of_chosen(current)) {
          // (The same moves from the same start have the same likelihood: no replay to say so. A
          // German game was replayed twice for each of the letter sets that read it alike.)
          if (!likelihood_known) best_likelihood = piece_likelihood(current.game);
          likelihood_known = true;
          wins = piece_likelihood(attempt.game) > best_likelihood + 1e-9;
        }
      }
      if (wins) {
        others.push_back(OtherReading{chosen, *best_leniency, moves_of_chosen(current)});
        chosen = lang;
        chosen_moves = std::move(attempt_moves);
        best_leniency = leniency;
        likelihood_known = false;
        best_record = std::move(attempt);
        replaced = true;
      } else {
        others.push_back(OtherReading{lang, leniency, std::move(attempt_moves)});
      }
    }
  }
  if (detection) {
    detection->evident = evident != nullptr;
    detection->language = chosen;
    for (const OtherReading& o : others) detection->ties.push_back(o.language);
    detection->clean = best.clean();
  }
  const bool first_was_clean = first_clean;
  if (replaced) {
    best_record.original = std::move(record.original);
    record = std::move(best_record);
  } else {
    record.direct_visited = direct_visited;
  }
  record.reading = Reading{chosen, std::nullopt};
  if (replaced || !others.empty()) {
    const Leniency leniency = leniency_of(record.diagnostics);
    const std::vector<Move> moves = main_line_moves(record.game);
    std::string members = letter_set_members(*chosen);
    std::string message = "moves read with the " + std::string(chosen->name) + " letters" +
                          (members.find('/') != std::string::npos ? " (letter set " + members + ")" : "");
    if (chosen != first && !first_was_clean)
      message += std::string(": the ") + std::string(first->name) + " letters leave moves unresolved" +
                 (best.clean() ? "" : "; this reading gets furthest");
    auto mixed = std::count_if(record.diagnostics.begin(), record.diagnostics.end(),
                               [](const Diagnostic& d) { return d.code == Code::MixedLanguage; });
    if (mixed > 0)
      message += "; " + std::to_string(mixed) + (mixed == 1 ? " move is" : " moves are") +
                 " written with other letters (W-MIXED-LANGUAGE)";
    // The other clean readings, by what they gave and what they needed.
    std::vector<const Language*> same, lenient, equal;
    const OtherReading* ambiguous = nullptr;
    std::size_t differ_at = 0;
    for (const OtherReading& o : others) {
      const std::size_t at = first_difference(moves, *o.moves);
      if (at == kNoDifference) {
        same.push_back(o.language);
      } else if (o.leniency.count > leniency.count) {
        lenient.push_back(o.language);
      } else {
        equal.push_back(o.language);
        if (!ambiguous) {
          ambiguous = &o;
          differ_at = at;
        }
      }
    }
    if (leniency.count > 0) message += "; this reading needed leniency (" + leniency.codes + ")";
    if (!same.empty()) message += "; the letter sets " + set_members_list(same) + " read the same moves";
    if (!lenient.empty())
      message += "; the letter sets " + set_members_list(lenient) +
                 " read every move legally too, as other moves, with more leniency (not chosen)";
    if (!equal.empty())
      message += "; the letter sets " + set_members_list(equal) +
                 " read every move legally too, as other moves, with no more leniency (W-READING-AMBIGUOUS; " +
                 (chosen->letter_set == english().letter_set ? std::string("English, the PGN standard's letters, kept)")
                                                             : std::string("kept by the pieces' move frequencies)"));
    Diagnostic note = language_note(record, options, std::move(message));
    note.written = std::string(chosen->code);
    record.diagnostics.insert(record.diagnostics.begin(), std::move(note));
    if (ambiguous) add_ambiguity(record, options, *chosen, *ambiguous, differ_at);
  }
  add_suggestions(record, options, options.suggestion_language);
}

bool read_next_game(PgnReader& reader, GameRecord& record, const ReadOptions& options, const NotationSpec& from,
                    LanguageDetection* detection) {
  if (!reader.next(record)) return false;
  interpret_game(record, options, from, detection);
  return true;
}

}  // namespace planilla
