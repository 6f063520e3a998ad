#include "converters/pgn/descriptive_io.hpp"

#include <algorithm>

#include "converters/pgn/game_rules.hpp"
#include "grammar/descriptive_parser.hpp"
#include "grammar/pgn_parser.hpp"

namespace planilla {

bool is_move_level(Code c) {
  switch (c) {
    case Code::MoveSyntax:
    case Code::Illegal:
    case Code::Ambiguous:
    case Code::PromotionPieceMissing:
    case Code::ResultMismatch:
    case Code::ResultLoose:
    case Code::MarkApart:
    case Code::MoveNumber:  // (numbers are checked against the moves of the reading)
    case Code::PgnSyntax: return true;
    default: return false;
  }
}

namespace {

// Offset of the movetext inside the decoded game: after the leading tag lines and blank lines.
std::size_t movetext_start(std::string_view text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    std::string_view line = text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    std::size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos && line[first] != '[') return pos;
    if (end == std::string_view::npos) return text.size();
    pos = end + 1;
  }
  return pos;
}

// The move a diagnostic of `dg` is about, as written (`B-Kt5`), when the diagnostic names one of
// its plies and stands at that move; it is left as it is otherwise. An error's message quotes it
// first, as the algebraic reader's do (`B-Kt5: no legal move matches`), so that the `;` lines of
// the rejects and the JSON message name it too.
void name_written(Diagnostic& d, const DescriptiveGame& dg, std::string_view movetext) {
  if (d.ply == 0 || d.ply > dg.score.moves.size() || !d.written.empty()) return;
  const SourceSpan& span = dg.score.moves[d.ply - 1].span;
  if (d.byte != span.byte || span.byte + span.length > movetext.size()) return;
  d.written = std::string(movetext.substr(static_cast<std::size_t>(span.byte), span.length));
  if (d.severity == Severity::Error && !d.message.starts_with(d.written + ": "))
    d.message = d.written + ": " + d.message;
}

// W-MOVE-NUMBER for the move numbers of a descriptive score, as the algebraic reader gives it
// (game_rules.hpp's number_slip()): a number standing alone between two moves (`3. B-Kt5 4. B-R4`)
// that does not fit the move due after it, up to the first move that did not resolve. Offsets are
// the movetext's.
std::vector<Diagnostic> number_slips(const DescriptiveGame& dg, std::string_view movetext, Position pos) {
  std::vector<Diagnostic> out;
  LineNumbering line;
  const auto& moves = dg.score.moves;
  const auto& plies = dg.resolution.plies;
  std::size_t gap_begin = 0;
  for (std::size_t i = 0; i < moves.size() && i <= plies.size(); ++i) {
    const std::size_t gap_end = std::min<std::size_t>(static_cast<std::size_t>(moves[i].span.byte), movetext.size());
    const std::string_view gap = gap_begin < gap_end ? movetext.substr(gap_begin, gap_end - gap_begin) : "";
    const std::size_t at = gap.find_first_not_of(" \t\r\n");
    if (at != std::string_view::npos && gap[at] >= '0' && gap[at] <= '9') {
      const WrittenNumber n = read_written_number(gap.substr(at));
      // Only a number alone in the gap: other words there are the score's own business.
      if (gap.find_first_not_of(" \t\r\n", at + n.size) == std::string_view::npos &&
          number_slip(n, pos, line, i == 0)) {
        Diagnostic d;
        d.code = Code::MoveNumber;
        d.severity = code_severity(Code::MoveNumber);
        d.ply = static_cast<std::uint32_t>(i + 1);
        d.byte = gap_begin + at;
        d.written = std::string(gap.substr(at, n.size));
        d.message = number_mismatch_message(n, d.written, pos);
        out.push_back(std::move(d));
      }
    }
    line.numbered = false;  // (the next number is before the next move)
    if (i == plies.size()) break;
    pos.play(plies[i].move);
    gap_begin = static_cast<std::size_t>(moves[i].span.byte + moves[i].span.length);
  }
  return out;
}

// Places a diagnostic whose byte offset is relative to the movetext: line and column (code
// points) from the decoded text, byte offset in the file.
void place(Diagnostic& d, std::string_view text, std::size_t movetext_offset, const GameRecord& record,
           const ReadOptions& options) {
  std::size_t at = std::min<std::size_t>(text.size(), movetext_offset + static_cast<std::size_t>(d.byte));
  std::uint32_t line = record.line, column = record.column;
  for (std::size_t i = 0; i < at; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++line;
      column = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++column;
    }
  }
  d.line = line;
  d.column = column;
  d.byte = record.offset + at;
  d.file = options.file_name;
  d.game = record.number;
}

GameResult result_from_word(std::string_view word, const Position& final_position, std::size_t plies) {
  if (auto r = parse_result(word)) return *r;
  std::string lower(word);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  // The side that would move next resigned (or was mated): the last mover won.
  bool resign = lower.find("resign") != std::string::npos || lower.find("abandon") != std::string::npos;
  if (resign || (plies > 0 && final_position.is_checkmate()))
    return final_position.side_to_move() == Color::White ? GameResult::BlackWins : GameResult::WhiteWins;
  if (lower.find("draw") != std::string::npos || lower.find("tablas") != std::string::npos ||
      lower.find("nulle") != std::string::npos)
    return GameResult::Draw;
  return GameResult::Unknown;
}

// ---- descriptive movetext in PGN structure (planilla's own descriptive output) ----------------
// `1. P-K4 $1 {good} 1... P-K4 2. N-KB3 (2. P-KB4 PxP) 2... N-QB3 *`: the PGN grammar finds the
// structure (comments, NAGs, variations, result); each line's moves are then read by the
// descriptive reader over that line alone, from the position before the move a variation
// replaces, so every line is resolved with its own look-ahead.

struct LineItem {
  enum class Kind : std::uint8_t { Move, Nag, Comment, Variation } kind = Kind::Move;
  std::size_t offset = 0;  // Move: the token's bytes in the movetext
  std::size_t length = 0;
  unsigned nag = 0;
  std::string text;  // Comment
  CommentKind comment_kind = CommentKind::Brace;
  std::size_t line = 0;  // Variation: index in Structure::lines
};

struct Structure : grammar::PgnHandler {
  std::vector<std::vector<LineItem>> lines{1};
  std::vector<std::size_t> open{0};
  std::string result_word;
  bool annotated = false;  // a comment, NAG or variation: the plain reader would drop or stop at it
  bool failed = false;     // anything else than moves, numbers, comments, NAGs, variations, result
  // The `$n` beyond 255, with their offsets in the movetext.
  std::vector<std::pair<std::size_t, std::string>> out_of_range;
  std::vector<LineItem>& current() { return lines[open.back()]; }
  void tag(std::string_view, std::string_view, std::uint64_t, bool) override { failed = true; }
  void move(std::string_view token, std::uint64_t offset) override {
    current().push_back(
        LineItem{LineItem::Kind::Move, static_cast<std::size_t>(offset), token.size(), 0, {}, CommentKind::Brace, 0});
  }
  void nag(unsigned value, std::string_view written, std::uint64_t offset) override {
    annotated = true;
    if (value > 255) {  // no NAG (E-PGN-SYNTAX), kept in a comment as the PGN reader keeps it
      out_of_range.push_back({static_cast<std::size_t>(offset), std::string(written)});
      current().push_back(LineItem{LineItem::Kind::Comment, 0, 0, 0, nag_kept_comment(written), CommentKind::Brace, 0});
      return;
    }
    current().push_back(LineItem{LineItem::Kind::Nag, 0, 0, value, {}, CommentKind::Brace, 0});
  }
  void comment(std::string_view text, CommentKind kind, std::uint64_t) override {
    annotated = true;
    current().push_back(LineItem{LineItem::Kind::Comment, 0, 0, 0, std::string(text), kind, 0});
  }
  void begin_variation(std::uint64_t offset) override {
    annotated = true;
    // `NxP(KB3)`: a square in parentheses glued to the move names the captured man's square
    // (the descriptive writer's disambiguation), not a variation; merged back at its `)`.
    const bool glued = !current().empty() && current().back().kind == LineItem::Kind::Move &&
                       current().back().offset + current().back().length == offset;
    glued_.push_back(glued);
    lines.emplace_back();
    const std::size_t index = lines.size() - 1;
    current().push_back(LineItem{LineItem::Kind::Variation, 0, 0, 0, {}, CommentKind::Brace, index});
    open.push_back(index);
  }
  void end_variation(std::uint64_t offset) override {
    if (open.size() <= 1) return;
    const std::size_t closed = open.back();
    open.pop_back();
    const bool glued = !glued_.empty() && glued_.back();
    if (!glued_.empty()) glued_.pop_back();
    const std::vector<LineItem>& inner = lines[closed];
    std::vector<LineItem>& parent = current();
    if (glued && inner.size() == 1 && inner[0].kind == LineItem::Kind::Move && parent.size() >= 2 &&
        parent[parent.size() - 2].kind == LineItem::Kind::Move) {
      parent.pop_back();  // the Variation item
      parent.back().length = offset + 1 - parent.back().offset;
    }
  }
  std::vector<bool> glued_;
  void result(std::string_view token, std::uint64_t) override {
    if (open.size() == 1) result_word = std::string(token);
  }
  // `PRxP a.p.`, `KPxP e.p.`, `R-R6 mate`: the mark belongs to the move before it (its range
  // covers both; the descriptive reader reads them together).
  void en_passant_mark(std::string_view text, std::uint64_t offset) override { extend(text, offset); }
  void mark_apart(std::string_view text, std::uint64_t offset) override { extend(text, offset); }
  void draw_offer(std::uint64_t) override { failed = true; }
  void extend(std::string_view text, std::uint64_t offset) {
    if (current().empty() || current().back().kind != LineItem::Kind::Move) {
      failed = true;
      return;
    }
    current().back().length = offset + text.size() - current().back().offset;
  }
  void syntax_error(Code, std::string_view, std::uint64_t) override { failed = true; }
};

// Reads every line of `structure` into `builder` (already past end_tags); false when a line does
// not resolve completely (the caller then reads the score the plain way, which reports why).
class StructuredReader {
 public:
  StructuredReader(const Structure& structure, std::string_view movetext, DescriptiveDialect dialect,
                   std::size_t file_offset, std::vector<Diagnostic>& diagnostics)
      : structure_(structure),
        movetext_(movetext),
        dialect_(dialect),
        file_offset_(file_offset),
        diagnostics_(diagnostics) {}

  // Reads line `line`, whose moves follow the moves whose tokens are `prefix` (the moves before the
  // branch, from the game's start: a variation is read after them, so the descriptive reader
  // knows which knight is the king's knight as the writer did).
  using Tokens = std::vector<std::pair<std::size_t, std::size_t>>;  // offset, length in the movetext
  bool read(std::size_t line, const Tokens& prefix, const Position& game_start, std::uint32_t ply, Visitor& out) {
    const std::vector<LineItem>& items = structure_.lines[line];
    std::string text(movetext_.size(), ' ');
    for (const auto& [offset, length] : prefix) text.replace(offset, length, movetext_.substr(offset, length));
    std::vector<std::size_t> moves;
    for (std::size_t i = 0; i < items.size(); ++i)
      if (items[i].kind == LineItem::Kind::Move) {
        text.replace(items[i].offset, items[i].length, movetext_.substr(items[i].offset, items[i].length));
        moves.push_back(i);
      }
    if (moves.empty()) return false;
    const std::size_t first = items[moves.front()].offset;
    DescriptiveGame dg = read_descriptive_game(text, dialect_, game_start);
    const auto& read_moves = dg.score.moves;
    if (!dg.resolution.complete || dg.score.stopped_early || dg.resolution.plies.size() != read_moves.size())
      return false;
    // The prefix's moves come first; they must be as many as before (no token of the line read
    // into one of them).
    std::size_t skip = 0;
    while (skip < read_moves.size() && read_moves[skip].span.byte < first) ++skip;
    // A descriptive move may be several PGN tokens (`QxR ch`, `P-K4 mate`): each token must lie in
    // one read move, in order; the move is given at its first token.
    std::vector<std::size_t> group(items.size(), 0);
    std::size_t k = skip;
    for (std::size_t i : moves) {
      while (k < read_moves.size() && read_moves[k].span.byte + read_moves[k].span.length <= items[i].offset) ++k;
      if (k == read_moves.size() || items[i].offset < read_moves[k].span.byte ||
          items[i].offset + items[i].length > read_moves[k].span.byte + read_moves[k].span.length)
        return false;
      group[i] = k;
    }
    for (std::size_t g = skip, i = 0; g < read_moves.size(); ++g) {  // every read move has a token
      while (i < moves.size() && group[moves[i]] < g) ++i;
      if (i == moves.size() || group[moves[i]] != g) return false;
    }
    for (auto* source : {&dg.score.diagnostics, &dg.resolution.diagnostics})
      for (Diagnostic d : *source)
        if (d.byte >= first) {  // the prefix's own were given with it
          name_written(d, dg, text);
          diagnostics_.push_back(std::move(d));
        }

    Position current = game_start;
    for (std::size_t p = 0; p < skip; ++p) current.play(dg.resolution.plies[p].move);
    Position before = current;
    std::vector<Tokens> tokens_of_move;  // this line's moves given so far, with their tokens
    std::size_t m = skip;                // read moves given so far
    for (std::size_t i = 0; i < items.size(); ++i) {
      const LineItem& item = items[i];
      switch (item.kind) {
        case LineItem::Kind::Move: {
          if (group[i] < m) {  // a later token of a move already given
            tokens_of_move.back().emplace_back(item.offset, item.length);
            break;
          }
          const DescriptiveMove& dm = read_moves[m];
          const Move move = dg.resolution.plies[m++].move;
          before = current;
          const std::string_view token = movetext_.substr(dm.span.byte, dm.span.length);
          out.move(MoveEvent{token, SourceSpan{file_offset_ + dm.span.byte, static_cast<std::uint32_t>(dm.span.length)},
                             nullptr, move, before, ply++, false});
          current.play(move);
          tokens_of_move.push_back(Tokens{{item.offset, item.length}});
          break;
        }
        case LineItem::Kind::Nag: out.nag(item.nag); break;
        case LineItem::Kind::Comment: out.comment(item.text, item.comment_kind); break;
        case LineItem::Kind::Variation: {
          if (tokens_of_move.empty()) return false;  // a variation before any move of its line
          Tokens sub = prefix;                       // the moves before the one the variation replaces
          for (std::size_t t = 0; t + 1 < tokens_of_move.size(); ++t)
            sub.insert(sub.end(), tokens_of_move[t].begin(), tokens_of_move[t].end());
          out.begin_variation();
          if (!read(item.line, sub, game_start, ply - 1, out)) return false;
          out.end_variation();
          break;
        }
      }
    }
    return true;
  }

 private:
  const Structure& structure_;
  std::string_view movetext_;
  DescriptiveDialect dialect_;
  std::size_t file_offset_;
  std::vector<Diagnostic>& diagnostics_;
};

}  // namespace

bool read_descriptive_record(GameRecord& record, DescriptiveDialect dialect, const ReadOptions& options) {
  DecodeOptions dopt;
  dopt.force = record.encoding;
  Decoded decoded = decode(record.original, dopt);
  std::string_view text = decoded.text();
  std::size_t start = movetext_start(text);
  std::string_view movetext = text.substr(start);

  // Comments, NAGs or variations in PGN form: each line read on its own (nothing dropped).
  if (movetext.find_first_of("{$(;") != std::string_view::npos) {
    Structure structure;
    grammar::parse_pgn_game(movetext, structure);
    if (structure.annotated && !structure.failed) {
      Game built;
      GameBuilder builder(built);
      builder.begin_game(record.number);
      builder.end_tags(record.game.start, record.game.chess960);
      std::vector<Diagnostic> line_diagnostics;
      StructuredReader reader(structure, movetext, dialect, record.offset + start, line_diagnostics);
      if (reader.read(0, {}, record.game.start, 1, builder)) {
        std::vector<Diagnostic> kept;
        for (Diagnostic& d : record.diagnostics)
          if (!is_move_level(d.code)) kept.push_back(std::move(d));
        record.diagnostics = std::move(kept);
        for (const auto& [at, written] : structure.out_of_range) {
          Diagnostic d;
          d.code = Code::PgnSyntax;
          d.severity = Severity::Error;
          d.byte = at;
          d.written = written;
          d.message = nag_out_of_range_message(written);
          line_diagnostics.push_back(std::move(d));
        }
        for (Diagnostic d : line_diagnostics) {
          place(d, text, start, record, options);
          record.diagnostics.push_back(std::move(d));
        }
        record.reading = Reading{nullptr, dialect};
        record.game.main = std::move(built.main);
        Position end = record.game.start;
        for (const MoveNode& n : record.game.main.moves) end.play(n.move);
        if (!structure.result_word.empty())
          record.game.result = result_from_word(structure.result_word, end, record.game.main.moves.size());
        std::stable_sort(record.diagnostics.begin(), record.diagnostics.end(),
                         [](const Diagnostic& a, const Diagnostic& b) { return a.byte < b.byte; });
        return true;
      }
    }
  }

  DescriptiveGame dg = read_descriptive_game(movetext, dialect, record.game.start);

  // Keep the file- and game-level notes and warnings of the first reading; the move-level ones
  // were about reading the moves as algebraic.
  std::vector<Diagnostic> kept;
  for (Diagnostic& d : record.diagnostics)
    if (!is_move_level(d.code)) kept.push_back(std::move(d));
  record.diagnostics = std::move(kept);

  record.reading = Reading{nullptr, dialect};
  Game& game = record.game;
  game.main = Line{};
  Position pos = game.start;
  const auto& plies = dg.resolution.plies;
  for (std::size_t i = 0; i < plies.size() && i < dg.score.moves.size(); ++i) {
    const DescriptiveMove& dm = dg.score.moves[i];
    MoveNode node;
    node.text = std::string(movetext.substr(dm.span.byte, dm.span.length));
    node.span = SourceSpan{record.offset + start + dm.span.byte, dm.span.length};
    node.move = plies[i].move;
    game.main.moves.push_back(std::move(node));
    pos.play(plies[i].move);
  }
  for (auto* source : {&dg.score.diagnostics, &dg.resolution.diagnostics}) {
    for (Diagnostic d : *source) {
      name_written(d, dg, movetext);
      place(d, text, start, record, options);
      record.diagnostics.push_back(std::move(d));
    }
  }
  for (Diagnostic d : number_slips(dg, movetext, game.start)) {
    place(d, text, start, record, options);
    record.diagnostics.push_back(std::move(d));
  }
  if (!dg.score.result.empty()) game.result = result_from_word(dg.score.result, pos, plies.size());
  else if (game.result == GameResult::None && pos.is_checkmate())
    game.result = pos.side_to_move() == Color::White ? GameResult::BlackWins : GameResult::WhiteWins;
  std::stable_sort(record.diagnostics.begin(), record.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.byte < b.byte; });
  return dg.resolution.complete && !dg.score.stopped_early;
}

namespace {

// Forwards every event to a PgnWriter, with each move's text written in a descriptive style.
// Identities (which rook is the KR) follow each line: a variation starts from the identities
// before the move it replaces.
class DescriptiveWriter : public Visitor {
 public:
  DescriptiveWriter(PgnWriter& writer, DescriptiveStyle style) : writer_(writer), style_(style) {}
  void begin_game(std::uint32_t n) override { writer_.begin_game(n); }
  void tag(std::string_view name, std::string_view value) override { writer_.tag(name, value); }
  Skip end_tags(const Position& start, bool chess960) override {
    frames_.assign(1, Frame{IdentityTracker(start), IdentityTracker(start)});
    return writer_.end_tags(start, chess960);
  }
  void move(const MoveEvent& e) override {
    Frame& f = frames_.back();
    f.before_last = f.current;
    if (!e.move || e.move.is_null()) {
      writer_.move(e);
      return;
    }
    text_ = write_descriptive(e.before, e.move, style_, f.current);
    f.current.play(e.before, e.move);
    MoveEvent copy{text_, e.span, e.written, Move{}, e.before, e.ply, e.draw_offer, true};
    writer_.move(copy);
  }
  void nag(unsigned v) override { writer_.nag(v); }
  void comment(std::string_view text, CommentKind kind) override { writer_.comment(text, kind); }
  void begin_variation() override {
    IdentityTracker start = frames_.back().before_last;
    frames_.push_back(Frame{start, start});
    writer_.begin_variation();
  }
  void end_variation() override {
    if (frames_.size() > 1) frames_.pop_back();
    writer_.end_variation();
  }
  void result(GameResult r) override { writer_.result(r); }
  void end_game() override { writer_.end_game(); }

 private:
  struct Frame {
    IdentityTracker before_last;
    IdentityTracker current;
  };
  PgnWriter& writer_;
  DescriptiveStyle style_;
  std::vector<Frame> frames_;
  std::string text_;
};

}  // namespace

void append_descriptive_pgn(std::string& out, const Game& game, DescriptiveStyle style,
                            const PgnWriteOptions& options) {
  PgnWriter writer(out, options);
  DescriptiveWriter descriptive(writer, style);
  game.accept(descriptive);
}

}  // namespace planilla
