#include "converters/pgn/descriptive_io.hpp"

#include <algorithm>

#include "grammar/descriptive_parser.hpp"

namespace planilla {

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

bool is_move_level(Code c) {
  switch (c) {
    case Code::MoveSyntax:
    case Code::Illegal:
    case Code::Ambiguous:
    case Code::PromotionPieceMissing:
    case Code::ResultMismatch:
    case Code::PgnSyntax:
      return true;
    default:
      return false;
  }
}

// Places a diagnostic whose byte offset is relative to the movetext: line and column (code
// points) from the decoded text, byte offset in the file.
void place(Diagnostic& d, std::string_view text, std::size_t movetext_offset, const GameRecord& record,
           const ReadOptions& options) {
  std::size_t at = std::min<std::size_t>(text.size(), movetext_offset + static_cast<std::size_t>(d.byte));
  std::uint32_t line = record.line, column = 1;
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
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  // The side that would move next resigned (or was mated): the last mover won.
  bool resign = lower.find("resign") != std::string::npos || lower.find("abandon") != std::string::npos;
  if (resign || (plies > 0 && final_position.is_checkmate()))
    return final_position.side_to_move() == Color::White ? GameResult::BlackWins : GameResult::WhiteWins;
  if (lower.find("draw") != std::string::npos || lower.find("tablas") != std::string::npos ||
      lower.find("nulle") != std::string::npos)
    return GameResult::Draw;
  return GameResult::Unknown;
}

}  // namespace

bool read_descriptive_record(GameRecord& record, DescriptiveDialect dialect, const ReadOptions& options) {
  DecodeOptions dopt;
  dopt.force = record.encoding;
  Decoded decoded = decode(record.original, dopt);
  std::string_view text = decoded.text();
  std::size_t start = movetext_start(text);
  std::string_view movetext = text.substr(start);

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
      place(d, text, start, record, options);
      record.diagnostics.push_back(std::move(d));
    }
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

void append_descriptive_pgn(std::string& out, const Game& game, DescriptiveStyle style, const PgnWriteOptions& options) {
  PgnWriter writer(out, options);
  DescriptiveWriter descriptive(writer, style);
  game.accept(descriptive);
}

}  // namespace planilla
