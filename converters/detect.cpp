#include "converters/detect.hpp"

#include <algorithm>

#include "converters/descriptive_io.hpp"

namespace planilla {

namespace {

bool is_move_error(const Diagnostic& d) {
  switch (d.code) {
    case Code::MoveSyntax:
    case Code::Illegal:
    case Code::Ambiguous:
    case Code::PromotionPieceMissing:
      return d.severity == Severity::Error;
    default:
      return false;
  }
}

// How far a reading got: the ply of its first move error in the main line (UINT32_MAX when
// every move resolved), and its number of move errors.
struct Score {
  std::uint32_t first_error_ply = UINT32_MAX;
  std::size_t move_errors = 0;
  bool clean() const { return move_errors == 0; }
  bool better_than(const Score& o) const {
    if (first_error_ply != o.first_error_ply) return first_error_ply > o.first_error_ply;
    return move_errors < o.move_errors;
  }
};

Score score_of(const std::vector<Diagnostic>& diags) {
  Score s;
  for (const Diagnostic& d : diags) {
    if (!is_move_error(d)) continue;
    ++s.move_errors;
    if (d.variation == 0 && d.ply != 0) s.first_error_ply = std::min(s.first_error_ply, d.ply);
    if (d.ply == 0) s.first_error_ply = 0;
  }
  return s;
}

// Counts tokens that begin with one of the language's non-pawn piece letters followed by a
// file letter, a capture mark or a digit: cheap evidence that the game uses these letters.
std::size_t letter_evidence(std::string_view text, const Language& lang) {
  std::size_t hits = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\t' || text[i] == '.' ||
                               (text[i] >= '0' && text[i] <= '9')))
      ++i;
    std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\n' && text[i] != '\t') ++i;
    std::string_view token = text.substr(start, i - start);
    for (int p = index_of(PieceType::Knight); p <= index_of(PieceType::King); ++p) {
      std::string_view letter = lang.letters[static_cast<std::size_t>(p)];
      if (letter.empty() || token.size() <= letter.size() || token.substr(0, letter.size()) != letter) continue;
      char next = token[letter.size()];
      if ((next >= 'a' && next <= 'h') || next == 'x' || next == ':' || (next >= '1' && next <= '8')) {
        ++hits;
        break;
      }
    }
  }
  return hits;
}

std::string letter_set_members(const Language& chosen) {
  std::string members;
  for (const Language& l : all_languages()) {
    if (l.letter_set != chosen.letter_set) continue;
    if (!members.empty()) members += '/';
    members += l.code;
  }
  return members;
}

}  // namespace

std::vector<const Language*> candidate_languages(std::string_view game_text) {
  std::vector<std::pair<std::size_t, const Language*>> scored;
  for (const Language& l : all_languages()) scored.emplace_back(letter_evidence(game_text, l), &l);
  // Most evidence first; the table order (English first) breaks ties.
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<const Language*> out;
  std::vector<std::string_view> seen_sets;
  for (const auto& [hits, lang] : scored) {
    // One representative per letter set: languages with identical letters read a game the same.
    if (std::find(seen_sets.begin(), seen_sets.end(), lang->letter_set) != seen_sets.end()) continue;
    seen_sets.push_back(lang->letter_set);
    out.push_back(lang);
  }
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
  note.column = 1;
  note.byte = record.offset;
  note.message = std::move(message);
  return note;
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
    attempt.original = record.original;
    attempt.encoding = record.encoding;
    attempt.game = record.game;
    attempt.diagnostics = record.diagnostics;
    if (!read_descriptive_record(attempt, d.dialect, options) || attempt.game.main.moves.empty()) continue;
    record = std::move(attempt);
    record.diagnostics.insert(record.diagnostics.begin(),
                              language_note(record, options, std::string("moves read as ") + d.name +
                                                                 " descriptive notation: no algebraic letter set "
                                                                 "resolves them"));
    return true;
  }
  return false;
}

}  // namespace

bool read_next_game(PgnReader& reader, GameRecord& record, const ReadOptions& options, const NotationSpec& from) {
  if (!reader.next(record)) return false;
  if (is_descriptive(from.style) && !from.auto_detect) {
    auto dialect = descriptive_dialect(from);
    read_descriptive_record(record, dialect ? *dialect : DescriptiveDialect::English, options);
    return true;
  }
  if (!from.auto_detect) return true;
  Score best = score_of(record.diagnostics);
  if (best.clean()) return true;

  const Language* first = options.language ? options.language : &english();
  RawGame raw;
  raw.bytes = record.original;
  raw.offset = record.offset;
  raw.line = record.line;
  raw.number = record.number;
  raw.terminated = true;

  const Language* chosen = first;
  GameRecord best_record;
  bool replaced = false;
  for (const Language* lang : candidate_languages(record.original)) {
    if (lang->letter_set == first->letter_set) continue;
    ReadOptions opts = options;
    opts.language = lang;
    opts.choose_language = nullptr;
    GameRecord attempt;
    attempt.number = record.number;
    attempt.offset = record.offset;
    attempt.line = record.line;
    GameBuilder builder(attempt.game);
    attempt.encoding = read_game(raw, builder, attempt.diagnostics, opts, record.encoding);
    Score s = score_of(attempt.diagnostics);
    if (s.better_than(best)) {
      best = s;
      chosen = lang;
      best_record = std::move(attempt);
      replaced = true;
      if (s.clean()) break;
    }
  }
  if (!best.clean() && try_descriptive(record, options)) return true;
  if (!replaced) return true;
  best_record.original = std::move(record.original);
  record = std::move(best_record);
  std::string members = letter_set_members(*chosen);
  std::string message = "moves read with the " + std::string(chosen->name) + " letters" +
                 (members.find('/') != std::string::npos ? " (letter set " + members + ")" : "") + ": " +
                 std::string(first->name) + " letters left moves unresolved" +
                 (best.clean() ? "" : "; this reading gets furthest");
  record.diagnostics.insert(record.diagnostics.begin(), language_note(record, options, std::move(message)));
  return true;
}

}  // namespace planilla
