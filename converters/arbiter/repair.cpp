#include "converters/arbiter/repair.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include "converters/arbiter/detect.hpp"
#include "converters/arbiter/suggestions.hpp"
#include "grammar/move_parser.hpp"
#include "grammar/pgn_chars.hpp"
#include "notation/write.hpp"

namespace planilla {

namespace {

// A move that did not resolve: the four error codes, and in strict mode a resolve warning
// escalated to an error (a W- code with error severity on a ply).
bool is_move_error(const Diagnostic& d) {
  return d.severity == Severity::Error && d.ply != 0 &&
         (is_unresolved_move_code(d.code) || is_resolver_remark_code(d.code));
}

std::string side_name(Color c) { return c == Color::White ? "White" : "Black"; }

std::string move_label(const Position& pos) {
  return "move " + std::to_string(pos.fullmove_number()) + " (" + side_name(pos.side_to_move()) + ")";
}

// The text a repaired token is written with: the reading language's SAN when the bytes can hold
// it (ASCII letters, or a UTF-8 game), else the language-free coordinates.
std::string repair_token(const Position& pos, Move m, const Language& language, Encoding encoding) {
  WriteOptions w;
  w.language = &language;
  std::string san = write_move(pos, m, w);
  bool ascii = std::all_of(san.begin(), san.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  if (ascii || encoding == Encoding::Utf8 || encoding == Encoding::Ascii) return san;
  w.style = NotationStyle::Uci;
  return write_move(pos, m, w);
}

// Where the move number written right before the token at `at` begins (`3.`, `3...`, `3 .`),
// or `at` when none is.
std::size_t move_number_start(std::string_view bytes, std::size_t at) {
  const auto space = [&](std::size_t i) { return grammar::is_pgn_space(static_cast<unsigned char>(bytes[i])); };
  const auto digit = [&](std::size_t i) { return bytes[i] >= '0' && bytes[i] <= '9'; };
  std::size_t i = at;
  while (i > 0 && space(i - 1)) --i;
  if (i == 0 || bytes[i - 1] != '.') return at;
  while (i > 0 && bytes[i - 1] == '.') --i;
  while (i > 0 && space(i - 1)) --i;
  if (i == 0 || !digit(i - 1)) return at;
  while (i > 0 && digit(i - 1)) --i;
  return i == 0 || space(i - 1) ? i : at;
}

// One edit of the game's bytes: [at, at + length) becomes `text`.
struct Splice {
  std::size_t at = 0;
  std::size_t length = 0;
  std::string text;
};

}  // namespace

bool apply_evident_repairs(GameRecord& record, const ReadOptions& options, std::vector<Diagnostic>& repairs) {
  if (record.encoding == Encoding::Utf16Le || record.encoding == Encoding::Utf16Be) return false;
  const Language* language = record_language(record);
  if (!language) return false;  // read as descriptive notation
  constexpr int kMaxRepairs = 16;
  std::string bytes(record.original.view());
  std::vector<Diagnostic> notes;      // repairs made so far, re-attached after each re-read
  std::vector<Diagnostic> detection;  // N-LANGUAGE notes of the detection, kept as they were
  for (const Diagnostic& d : record.diagnostics)
    if (d.code == Code::LanguageDetected) detection.push_back(d);
  // A game read as mixed writing is re-read with the same fallbacks: without them its tokens in
  // other letters would come back as errors after the first repair.
  const bool mixed = std::any_of(record.diagnostics.begin(), record.diagnostics.end(),
                                 [](const Diagnostic& d) { return d.code == Code::MixedLanguage; });
  // What was written at each repaired ply, as the comment the output carries there.
  std::vector<std::pair<std::uint32_t, std::string>> traces;
  long long shift_total = 0;  // bytes the working copy has grown by (a missing ply, a longer token)
  bool repaired = false;
  for (int round = 0; round < kMaxRepairs; ++round) {
    // The first move error of the main line.
    const Diagnostic* first = nullptr;
    for (const Diagnostic& d : record.diagnostics)
      if (is_move_error(d) && d.variation == 0 && d.ply != 0 && (!first || d.ply < first->ply)) first = &d;
    if (!first || first->ply > record.game.main.moves.size()) break;
    const std::uint32_t ply = first->ply;
    const MoveNode& node = record.game.main.moves[ply - 1];
    auto before = position_before(record.game, ply);
    if (!before) break;
    SuggestOptions so;
    so.resolve = options.resolve;
    const std::vector<Suggestion> found = suggest_at(record, ply, *before, *language, so).found;
    if (found.empty() || !found.front().evident) break;
    const Suggestion& s = found.front();

    // The model's spans index the bytes it was read from (the working copy after a repair),
    // placed at record.offset.
    auto local = [&](const SourceSpan& sp) -> std::optional<std::size_t> {
      if (sp.byte < record.offset) return std::nullopt;
      std::size_t at = static_cast<std::size_t>(sp.byte - record.offset);
      if (at + sp.length > bytes.size()) return std::nullopt;
      return at;
    };
    const std::uint64_t first_byte = first->byte;
    auto at = local(node.span);
    if (!at) break;
    std::string new_token = repair_token(*before, s.move, *language, record.encoding);
    std::string message;
    std::string old_token = node.text;
    if (s.kind == SuggestionKind::Transposed) {
      std::size_t other = ply - 1 + static_cast<std::size_t>(s.shift);
      if (other >= record.game.main.moves.size()) break;
      const MoveNode& later = record.game.main.moves[other];
      auto at2 = local(later.span);
      if (!at2 || *at2 < *at + node.span.length) break;
      // Exchange the two tokens: the bytes between them stay, and so does the total length.
      std::string first_text = bytes.substr(*at, node.span.length);
      std::string second_text = bytes.substr(*at2, later.span.length);
      std::string middle = bytes.substr(*at + node.span.length, *at2 - *at - node.span.length);
      bytes.replace(*at, *at2 + later.span.length - *at, second_text + middle + first_text);
      message = move_label(*before) + " " + old_token + " and the later " + later.text + " transposed: read as " +
                later.text + " first";
      traces.emplace_back(ply, "written: " + old_token + " before " + later.text);
    } else if (s.kind == SuggestionKind::RepeatedPlies) {
      // The repeated plies, with the move number before them, become blanks: the bytes keep their
      // places, and what was dropped is quoted in the trace.
      const std::size_t last_ply = ply - 1 + static_cast<std::size_t>(s.shift) - 1;
      if (last_ply >= record.game.main.moves.size()) break;
      const MoveNode& last = record.game.main.moves[last_ply];
      auto at_last = local(last.span);
      if (!at_last || *at_last < *at) break;
      const std::size_t from = move_number_start(bytes, *at);
      const std::size_t to = *at_last + last.span.length;
      const std::string dropped = grammar::squeeze_spaces(std::string_view(bytes).substr(from, to - from));
      std::fill(bytes.begin() + static_cast<std::ptrdiff_t>(from), bytes.begin() + static_cast<std::ptrdiff_t>(to),
                ' ');
      message = move_label(*before) + " " + dropped + " dropped";
      traces.emplace_back(ply, "written twice: " + dropped);
    } else if (s.kind == SuggestionKind::MissingPly) {
      std::string inserted = new_token + " ";
      bytes.insert(*at, inserted);
      shift_total += static_cast<long long>(inserted.size());
      message = move_label(*before) + " missing before " + old_token + ": " + s.san + " inserted";
      traces.emplace_back(ply, "written: nothing, " + s.san + " inserted before " + old_token);
    } else {
      std::string text = new_token;
      // Same length where possible, so the offsets after the token keep pointing at the file.
      if (text.size() < node.span.length) text.append(node.span.length - text.size(), ' ');
      shift_total += static_cast<long long>(text.size()) - node.span.length;
      bytes.replace(*at, node.span.length, text);
      message = move_label(*before) + " " + old_token + " read as " + s.san;
      traces.emplace_back(ply, "written: " + old_token);
    }
    message += ": " + s.why;

    Diagnostic note;
    note.code = Code::Repaired;
    note.severity = code_severity(Code::Repaired);
    note.file = first->file;
    note.line = first->line;
    note.column = first->column;
    note.byte = first->byte;
    note.game = record.number;
    note.ply = ply;
    note.message = std::move(message);
    note.written = old_token;
    note.suggestions = {s.san};
    note.suggestion_evident = {true};
    notes.push_back(note);
    repairs.push_back(note);

    // Re-read the repaired bytes with the language the game was read in.
    ReadOptions opts = options;
    if (mixed) opts.fallback_languages = mixed_fallback_languages(record.original, *language);
    RawGame raw;
    raw.bytes = bytes;
    raw.offset = record.offset;
    raw.line = record.line;
    raw.column = record.column;
    raw.number = record.number;
    raw.terminated = true;
    GameRecord again = read_as(raw, record, opts, language);
    record.game = std::move(again.game);
    record.diagnostics = std::move(again.diagnostics);
    repaired = true;
    if (shift_total != 0) {
      // Places after an insertion name the working copy: move them back to the file's bytes.
      for (Diagnostic& d : record.diagnostics)
        if (d.byte >= first_byte + static_cast<std::uint64_t>(std::max(0LL, shift_total)))
          d.byte -= static_cast<std::uint64_t>(std::max(0LL, shift_total));
    }
  }
  if (!repaired) return false;
  // Every change shows in the written game: the repaired move carries what was written. A later
  // repair is at a later ply, so the plies of the earlier ones still name their moves.
  for (const auto& [ply, text] : traces) {
    if (ply == 0 || ply > record.game.main.moves.size()) continue;
    auto& comments = record.game.main.moves[ply - 1].comments_after;
    comments.insert(comments.begin(), Comment{text, CommentKind::Brace});
  }
  record.diagnostics.insert(record.diagnostics.begin(), notes.begin(), notes.end());
  record.diagnostics.insert(record.diagnostics.begin(), detection.begin(), detection.end());
  fill_suggestions(record, *language, options.resolve, options.suggestion_language);
  return true;
}

}  // namespace planilla
