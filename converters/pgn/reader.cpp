#include "converters/pgn/reader.hpp"

#include <algorithm>
#include <cassert>
#include <istream>
#include <iterator>

#include "converters/pgn/fast_reader.hpp"
#include "converters/pgn/game_rules.hpp"
#include "converters/pgn/scoresheet.hpp"
#include "grammar/pgn_parser.hpp"
#include "notation/write.hpp"

namespace planilla {

std::size_t GameRecord::count(Severity s) const {
  std::size_t n = 0;
  for (const Diagnostic& d : diagnostics)
    if (d.severity == s) ++n;
  return n;
}

bool GameRecord::stopped_early() const {
  // An error and nothing a game could be written from: text that is no game (comments alone), or
  // a tag section that is none (E-TAG on a section with no tag pair stops the game there).
  if (has_errors() && game.tags.empty() && game.main.moves.empty() && game.result == GameResult::None) return true;
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.code == Code::LimitExceeded; });
}

namespace {

// The visitor of a game read without its model (ReadOptions::keep_model): the count of moves,
// and the start position, which places a diagnostic's ply at its move number.
struct MoveCounter final : Visitor {
  explicit MoveCounter(Game& g) : game(g) {}
  Game& game;
  std::uint64_t moves = 0;
  Skip end_tags(const Position& start, bool chess960) override {
    game.start = start;
    game.chess960 = chess960;
    return Skip::No;
  }
  void move(const MoveEvent&) override { ++moves; }
  bool counts_moves_only() const override { return true; }
  void count_moves(std::uint64_t n) override { moves += n; }
  // The players and event, which a report of the game's notes names (model_if_diagnosed).
  void tag(std::string_view name, std::string_view value) override {
    if (name.size() != 5 || !(name == "White" || name == "Black" || name == "Event")) return;
    if (game.tags.empty()) game.tags.reserve(3);  // one allocation for the three
    Tag& t = game.tags.emplace_back();
    t.name.assign(name);
    t.value.assign(value);
  }
};

// A game read while it is written (read_job()'s `direct`): each event to the model (a GameBuilder
// or a MoveCounter), to the order check and to the writer, in one call. Two TeeVisitors made two
// more virtual calls per event, 2 % of convert's instructions; the model and the order check are
// final classes here, so their calls are direct.
template <class Model>
class DirectRead final : public Visitor {
 public:
  DirectRead(Model& model, ReplayOrder& order, Visitor& direct) : model_(model), order_(order), direct_(direct) {}
  void begin_game(std::uint32_t number) override {
    model_.begin_game(number), order_.begin_game(number), direct_.begin_game(number);
  }
  void tag(std::string_view name, std::string_view value) override {
    model_.tag(name, value), order_.tag(name, value), direct_.tag(name, value);
  }
  Skip end_tags(const Position& start, bool chess960) override {
    const Skip a = model_.end_tags(start, chess960), b = order_.end_tags(start, chess960),
               c = direct_.end_tags(start, chess960);
    return a == Skip::Yes || b == Skip::Yes || c == Skip::Yes ? Skip::Yes : Skip::No;
  }
  void move(const MoveEvent& event) override { model_.move(event), order_.move(event), direct_.move(event); }
  void nag(unsigned value) override { model_.nag(value), order_.nag(value), direct_.nag(value); }
  void comment(std::string_view text, CommentKind kind) override {
    model_.comment(text, kind), order_.comment(text, kind), direct_.comment(text, kind);
  }
  void begin_variation() override { model_.begin_variation(), order_.begin_variation(), direct_.begin_variation(); }
  void end_variation() override { model_.end_variation(), order_.end_variation(), direct_.end_variation(); }
  void result(GameResult result) override { model_.result(result), order_.result(result), direct_.result(result); }
  void end_game() override { model_.end_game(), order_.end_game(), direct_.end_game(); }

 private:
  Model& model_;
  ReplayOrder& order_;
  Visitor& direct_;
};

// Games of at least this many read chunks are moved out of the splitter's buffer rather than
// copied (GameSplitter::take_game); smaller ones are copied, so the buffer is reused.
constexpr std::size_t kTakeOver = 4;

// Reads one game's events, resolving each move on a stack of positions (one frame per open
// variation), and forwards resolved events to the caller's visitor.
class GameReader : public grammar::PgnHandler {
 public:
  GameReader(const RawGame& raw, std::string_view text, const Decoded& decoded, Visitor& visitor,
             std::vector<Diagnostic>& diagnostics, const ReadOptions& options, const Language& language,
             const OffsetMap* file_map)
      : raw_(raw),
        text_(text),
        decoded_(decoded),
        visitor_(visitor),
        diagnostics_(diagnostics),
        options_(options),
        language_(language),
        file_map_(file_map) {
    resolve_options_ = options.resolve;
    resolve_options_.language = &language;
    frames_.push_back(Frame{});
  }

  void tag(std::string_view name, std::string_view value, std::uint64_t offset, bool tolerated_quote) override {
    tags_.push_back(TagAt{std::string(name), std::string(value), offset});
    if (tolerated_quote)
      add(Code::TagQuoteTolerated, Severity::Warning, offset,
          "unescaped double quote inside the value of tag " + std::string(name) + " was read as text");
    visitor_.tag(name, value);
  }

  void tag_loose(std::string_view name, std::string_view what, std::uint64_t offset) override {
    // tag() has just stored this tag last.
    const std::string value = tags_.empty() ? std::string() : tags_.back().value;
    add(Code::TagQuoteTolerated, Severity::Warning, offset,
        "tag " + std::string(name) + " read with " + std::string(what) + ": value \"" + value + "\"");
  }

  void end_tags() override {
    tags_done_ = true;
    Frame& f = frames_.front();
    f.current = start_position();
    f.before = f.current;
    if (visitor_.end_tags(f.current, chess960_) == Skip::Yes) skip_ = true;
    if (!skip_)
      for (const auto& [text, kind] : preface_) visitor_.comment(text, kind);
  }

  // A typed scoresheet's header (converters/pgn/scoresheet.hpp): its tags, as if the game had a
  // tag section, one note saying what was read, and the lines that are neither header nor moves
  // as a comment before the first move.
  void scoresheet_header(const ScoresheetHeader& header) {
    std::string names;
    for (const ScoresheetTag& t : header.tags) {
      tag(t.name, t.value, t.offset, false);
      names += (names.empty() ? "" : ", ") + t.name;
    }
    std::string message = "scoresheet header read into tags (" + header.language + "): " + names;
    for (const std::string& r : header.remarks) message += "; " + r;
    if (!header.comments.empty()) message += "; other header lines kept as a comment";
    add(Code::ScoresheetHeader, Severity::Note, header.tags.front().offset, std::move(message));
    std::string kept;
    for (const ScoresheetLine& l : header.comments) kept += (kept.empty() ? "" : "\n") + l.text;
    if (!kept.empty()) preface_.emplace_back(std::move(kept), CommentKind::Brace);
  }

  // A tag line that is no tag pair (its E-TAG said so): kept as written, in a comment before the
  // first move. A brace comment, as the other text kept as written is (and as other readers keep
  // it: chessops drops `;` comments); a `;` comment, which holds any character but a line end, if
  // the line has a `}`.
  // (Two lines when the second ends the value the first began: joined by a space in the comment.)
  void skipped_tag_line(std::string_view line, std::uint64_t) override {
    // The line is what its E-TAG, just added, was written as (the report shows and underlines it).
    if (!diagnostics_.empty() && diagnostics_.back().code == Code::TagSyntax) diagnostics_.back().written = line;
    std::string kept = "tag line not read, kept as written: " + std::string(line);
    std::replace(kept.begin(), kept.end(), '\n', ' ');
    preface_.emplace_back(std::move(kept),
                          line.find('}') == std::string_view::npos ? CommentKind::Brace : CommentKind::Line);
  }

  void move_number(std::uint64_t, std::uint64_t offset) override {
    flush();
    if (offset >= text_.size()) return;
    const WrittenNumber n = read_written_number(text_.substr(offset));
    Frame& f = frames_.back();
    const bool first = frames_.size() == 1 && !f.has_move;
    // `1...` before the first move of the main line: Black's move is written first (the move's
    // E-ILLEGAL says so when White is to move).
    if (first) black_first_ = n.black;
    if (!f.alive || unsupported_variant_) return;
    if (number_slip(n, f.current, f.numbering, first)) {
      current_ply_ = f.ply;
      const std::string written(text_.substr(offset, n.size));
      add(Code::MoveNumber, Severity::Warning, offset, number_mismatch_message(n, written, f.current), written);
      f.missing_before = number_says_missing(n, f.current);
    }
  }

  void move(std::string_view token, std::uint64_t offset) override {
    flush();
    pending_ = Pending{std::string(token), offset, offset + token.size(), false, {}, {}, 0};
  }

  void en_passant_mark(std::string_view text, std::uint64_t offset) override {
    if (!pending_) {
      add(Code::PgnSyntax, Severity::Error, offset, "'" + std::string(text) + "' without a move before it");
      return;
    }
    pending_->text += text;  // parse_move reads the suffix as part of the move: exd6e.p.
    pending_->end = offset + text.size();
  }

  // `Qf8 mat`, `Re3 #`: the sign joins the move's text (before a suffix glyph), replacing a `+`.
  void mark_apart(std::string_view text, std::uint64_t offset) override {
    // With no move before it, or after a token that is no move (prose: "the Scholar's Mate", a
    // Markdown `#` heading), the word is a token of its own, reported as one (E-SYNTAX).
    if (!pending_ || !parse_move(pending_->text, language_, options_.styles, 0)) {
      move(text, offset);
      return;
    }
    const std::string_view sign = text == "+" ? "+" : "#";
    std::string& t = pending_->text;
    std::size_t glyph = t.find_last_not_of("!?");
    glyph = glyph == std::string::npos ? 0 : glyph + 1;
    std::size_t mark = t.find_last_not_of("+#", glyph == 0 ? std::string::npos : glyph - 1);
    mark = mark == std::string::npos ? 0 : mark + 1;
    const std::string move = t.substr(0, mark);
    t = move + std::string(sign) + t.substr(glyph);
    pending_->mark_note = "'" + std::string(text) + "' after " + move + " read as its " +
                          (sign == "+" ? "check" : "mate") + " sign: " + move + std::string(sign);
    pending_->mark_text = std::string(text);
    pending_->mark_offset = offset;
    pending_->end = offset + text.size();
  }

  void draw_offer(std::uint64_t offset) override {
    if (!pending_) {
      add(Code::PgnSyntax, Severity::Error, offset, "draw offer (=) without a move before it");
      return;
    }
    pending_->draw = true;
    pending_->end = offset + 3;
  }

  void nag(unsigned value, std::string_view glyph, std::uint64_t offset) override {
    flush();
    if (value > 255) {
      add(Code::PgnSyntax, Severity::Error, offset, nag_out_of_range_message(glyph), std::string(glyph));
      if (!skip_) visitor_.comment(nag_kept_comment(glyph), CommentKind::Brace);
      return;
    }
    if (!skip_) visitor_.nag(value);
  }

  void comment(std::string_view text, CommentKind kind, std::uint64_t) override {
    flush();
    if (!skip_) visitor_.comment(text, kind);
  }

  void begin_variation(std::uint64_t offset) override {
    flush();
    Frame& parent = frames_.back();
    Frame f;
    f.variation = ++variations_;
    if (!parent.has_move) {
      add(Code::PgnSyntax, Severity::Error, offset, "variation ( before any move it could be an alternative to");
      f.alive = false;
      bad_variation_depth_.push_back(frames_.size());
    } else {
      f.current = parent.before;
      f.before = parent.before;
      f.alive = parent.before_known;
      f.ply = parent.ply - 1;
      f.numbering = parent.numbering.variation();
      if (!skip_) visitor_.begin_variation();
    }
    frames_.push_back(std::move(f));
  }

  void end_variation(std::uint64_t) override {
    flush();
    if (frames_.size() <= 1) return;  // the grammar never closes more than it opened
    frames_.pop_back();
    if (!bad_variation_depth_.empty() && bad_variation_depth_.back() == frames_.size()) {
      bad_variation_depth_.pop_back();
      return;
    }
    if (!skip_) visitor_.end_variation();
  }

  void result(std::string_view token, std::uint64_t offset) override { take_result(token, token, offset); }

  void loose_result(std::string_view written, std::string_view canonical, std::uint64_t offset) override {
    take_result(written, canonical, offset);
  }

  // `written` is the result as the text has it; a result that is not the standard token, or is
  // glued to the move before it (`gxf41-0`), gets W-RESULT-LOOSE naming what was read.
  void take_result(std::string_view written, std::string_view token, std::uint64_t offset) {
    if (repeats_result(written, offset)) return;
    const bool glued = pending_ && pending_->end == offset;
    std::string message;
    if (glued || written != token) {
      message = "result written '" + std::string(written) + "'";
      if (glued) message += " against the move " + pending_->text;
      message += " read as " + std::string(token);
    }
    flush();
    if (!message.empty()) add(Code::ResultLoose, Severity::Warning, offset, std::move(message));
    if (frames_.size() > 1) {
      add(Code::ResultMismatch, Severity::Warning, offset,
          "result " + std::string(token) + " inside a variation is ignored");
      return;
    }
    result_ = parse_result(token).value_or(GameResult::Unknown);
    result_offset_ = offset;
    result_written_.assign(written);
    result_end_ = offset + written.size();
  }

  // The game's result written again right after it, with only blanks between (`Qxf7# 1-0 1-0`:
  // the splitter keeps such repeats in the game): read once, said once (W-RESULT-TWICE, a code
  // of its own: not about the moves, so a descriptive re-reading keeps it), at the first repeat.
  bool repeats_result(std::string_view written, std::uint64_t offset) {
    if (result_ == GameResult::None || frames_.size() > 1 || written != result_written_ || offset < result_end_ ||
        offset > text_.size())
      return false;
    const std::string_view between = text_.substr(result_end_, offset - result_end_);
    if (between.find_first_not_of(" \t") != std::string_view::npos) return false;
    result_end_ = offset + written.size();
    if (result_repeats_++ == 0) {
      add(Code::ResultRepeated, Severity::Warning, offset,
          "the result " + result_written_ + " written twice: read once", std::string(written));
      repeat_diagnostic_ = diagnostics_.size() - 1;
    }
    return true;
  }

  void syntax_error(Code code, std::string_view message, std::uint64_t offset) override {
    // A limit crossed at the move token just taken (max_errors): that token is not read.
    if (code == Code::LimitExceeded && pending_ && pending_->offset == offset) pending_.reset();
    flush();
    had_syntax_error_ = true;
    if (code == Code::LimitExceeded) {
      limit_hit_ = true;
      current_ply_ = frames_.back().ply;  // the ply the limit stopped, not the last one read
    }
    add(code, Severity::Error, offset, std::string(message));
  }

  // Called after the parse (successful or not).
  void finish() {
    flush();
    if (result_repeats_ > 1)  // (counted here, not rewritten at each of 20,000 repeats)
      diagnostics_[repeat_diagnostic_].message =
          "the result " + result_written_ + " written " + std::to_string(result_repeats_ + 1) + " times: read once";
    if (!tags_done_) end_tags();
    while (frames_.size() > 1) end_variation(text_.size());
    const std::string* tag_result = nullptr;
    std::uint64_t tag_offset = 0;
    for (const TagAt& t : tags_)
      if (t.name == "Result") {
        tag_result = &t.value;
        tag_offset = t.offset;
        break;
      }
    if (tags_.empty() && !frames_.front().has_move && result_ == GameResult::None && !had_syntax_error_) {
      // Only comments or NAGs (text after a result token, say): not a game. Rejecting it keeps
      // the text (byte for byte) instead of inventing a game around it.
      add(Code::PgnSyntax, Severity::Error, 0, "text without tags, moves or result is not a game");
    }
    ResultFromTags r =
        reconcile_result(result_, tag_result ? std::optional<std::string_view>(*tag_result) : std::nullopt,
                         frames_.front().has_move, !tags_.empty(), raw_.column > 1);
    // A game stopped by a limit was not read to its result token: nothing is said of it.
    if (limit_hit_) r.remarks.clear();
    for (TagRemark& remark : r.remarks) {
      const std::uint64_t at = remark.place == RemarkPlace::ResultTag     ? tag_offset
                               : remark.place == RemarkPlace::ResultToken ? result_offset_
                                                                          : text_.size();
      add(remark.code, remark.severity, at, std::move(remark.message));
    }
    // The Result tag that the result token overrules (another result, or a text that is none) is
    // kept in a comment before the result: the game as written is not changed silently.
    if (!skip_ && !limit_hit_ && tag_result && result_tag_overruled(*tag_result, r.result))
      visitor_.comment("Result tag was \"" + *tag_result + "\"", CommentKind::Brace);
    if (!skip_) visitor_.result(r.result);
    visitor_.end_game();
  }

  std::size_t errors() const override { return errors_; }

  void add(Code code, Severity severity, std::uint64_t offset, std::string message, std::string written = {}) {
    offset = std::min<std::uint64_t>(offset, text_.size());
    if (severity == Severity::Error) ++errors_;
    diagnostics_.push_back(game_diagnostic(code, severity, options_.file_name, raw_, file_offset(offset),
                                           lines_.at(offset), current_ply_, frames_.back().variation,
                                           std::move(message), std::move(written)));
    // The attempt's later diagnostics only make it worse, never better. Unwinding the grammar's
    // frames costs about as much as reading a few hundred bytes (bench/RESULTS.md): a shorter
    // rest is read on.
    constexpr std::uint64_t kStopWorthBytes = 256;
    if (options_.stop_after && options_.stop_after(diagnostics_.back()) && text_.size() - offset > kStopWorthBytes)
      throw Stopped{};
  }

  // Thrown by add() when ReadOptions::stop_after says so; read_game catches it. Not a
  // std::exception: the handlers for internal errors must not take it.
  struct Stopped {};

  // (Through a hint: a reader asks in increasing order, nearly always, and a code-page game's map
  // was searched from its block's first anchor for each offset, 2,000 instructions a move.)
  std::uint64_t file_offset(std::uint64_t offset) const {
    std::uint64_t in_raw = decoded_.map.original(std::min<std::uint64_t>(offset, text_.size()), map_hint_);
    return file_map_ ? file_map_->original(raw_.offset + in_raw) : raw_.offset + in_raw;
  }

 private:
  struct Frame {
    Position before;   // before the last move of this line
    Position current;  // after it
    bool has_move = false;
    bool alive = true;         // every move so far resolved: `current` is known
    bool before_known = true;  // `before` is known (the line was alive before its last move)
    std::uint32_t ply = 1;     // ply of the next move
    std::uint32_t variation = 0;
    LineNumbering numbering;      // the line's move numbers so far
    bool missing_before = false;  // the number before the next move says a move is missing
  };
  struct Pending {
    std::string text;
    std::uint64_t offset;
    std::uint64_t end;
    bool draw;
    std::string mark_note;  // W-MARK-APART: a sign written apart joined the text
    std::string mark_text;
    std::uint64_t mark_offset = 0;
  };
  struct TagAt {
    std::string name;
    std::string value;
    std::uint64_t offset;
  };

  const TagAt* find_tag(std::string_view name) const {
    for (const TagAt& t : tags_)
      if (t.name == name) return &t;
    return nullptr;
  }

  Position start_position() {
    const TagAt* variant = find_tag("Variant");
    const TagAt* fen = find_tag("FEN");
    StartFromTags start = start_from_tags(variant ? std::optional<std::string_view>(variant->value) : std::nullopt,
                                          fen ? std::optional<std::string_view>(fen->value) : std::nullopt);
    for (TagRemark& r : start.remarks)
      add(r.code, r.severity, r.place == RemarkPlace::FenTag ? fen->offset : variant->offset, std::move(r.message));
    if (!start.playable) frames_.front().alive = false;
    unsupported_variant_ = start.unsupported_variant;
    chess960_ = start.chess960;
    return start.position;
  }

  // Resolves the pending move token and forwards it.
  void flush() {
    if (!pending_) return;
    Pending p = std::move(*pending_);
    pending_.reset();
    Frame& f = frames_.back();
    current_ply_ = f.ply;
    if (!p.mark_note.empty()) add(Code::MarkApart, Severity::Warning, p.mark_offset, p.mark_note, p.mark_text);
    std::string text = p.text;
    if (p.draw) text += "(=)";
    const std::uint64_t begin = file_offset(p.offset);
    SourceSpan span{begin, static_cast<std::uint32_t>(file_offset(p.end) - begin)};

    if (unsupported_variant_) {
      // The game is already rejected by E-VARIANT; its moves (drops, variant rules) are kept as
      // written rather than reported one by one as errors of standard chess.
      f.has_move = true;
      if (!skip_) visitor_.move(MoveEvent{text, span, nullptr, Move{}, f.current, f.ply, p.draw});
      return;
    }
    auto parsed = parse_move(text, language_, options_.styles, span.byte);
    Move move;
    const WrittenMove* written = nullptr;
    WrittenMove wm;
    bool before_alive = f.alive;
    if (!parsed) {
      if (auto mixed = read_mixed(text, f, span.byte, false)) {
        wm = accept_mixed(*mixed, p, move);
        wm.span = span;
        written = &wm;
      } else {
        // (The move grammar's own message may say just that: then it is said once.)
        std::string message = "'" + token_excerpt(p.text) + "' is not a move";
        if (parsed.error().message != message) message += ": " + parsed.error().message;
        add(Code::MoveSyntax, Severity::Error, p.offset + std::min<std::uint64_t>(parsed.error().offset, p.text.size()),
            std::move(message), p.text);
        f.alive = false;
      }
    } else {
      wm = parsed->move;
      wm.span = span;
      written = &wm;
      if (parsed->folded)
        add(Code::LookalikeFolded, Severity::Warning, p.offset, "look-alike characters read as move letters", p.text);
      if (f.alive) {
        if (wm.style == NotationStyle::Null && f.current.in_check()) {
          // Passing the turn while in check would leave the king capturable.
          add(Code::Illegal, Severity::Error, p.offset, "null move " + p.text + " while in check", p.text);
          f.alive = false;
        } else if (wm.style == NotationStyle::Null) {
          move = Move::null();
        } else {
          auto r = resolve(wm, f.current, resolve_options_);
          // Only "no legal move" sends a token to the fallback letters: an ambiguous or
          // promotion-less move is readable as written and only needs the writer's precision.
          std::optional<Mixed> mixed;
          if (!r && r.error().code == Code::Illegal) mixed = read_mixed(text, f, span.byte, true);
          if (r) {
            move = r->move;
            for (const ResolveWarning& w : r->warnings) add(w.code, code_severity(w.code), p.offset, w.message, p.text);
          } else if (mixed) {
            wm = accept_mixed(*mixed, p, move);
            wm.span = span;
          } else {
            // Always an error, even for a W- code that strict mode escalated.
            std::string message = r.error().message;
            if (black_first_ && frames_.size() == 1 && f.ply == 1 && f.current.side_to_move() == Color::White) {
              const bool fen = std::any_of(tags_.begin(), tags_.end(), [](const TagAt& t) { return t.name == "FEN"; });
              message += fen ? "; the moves begin with Black's move (1...), but White is to move in the FEN tag's "
                               "position"
                             : "; the moves begin with Black's move (1...), but without a FEN tag the game starts from "
                               "the initial position, White to move";
            }
            if (f.missing_before && r.error().code == Code::Illegal) message += missing_move_note(wm, f.current);
            add(r.error().code, Severity::Error, p.offset, std::move(message), p.text);
            Diagnostic& d = diagnostics_.back();
            WriteOptions wo;
            wo.language = options_.suggestion_language ? options_.suggestion_language : &language_;
            for (Move c : r.error().candidates) d.candidates.push_back(write_move(f.current, c, wo));
            f.alive = false;
          }
        }
      }
    }
    if (!skip_) {
      MoveEvent ev{text, span, written, move, f.current, f.ply, p.draw};
      visitor_.move(ev);
      // A suffix glyph (e4!?) is an annotation like $5: the model keeps it as a NAG.
      if (written && written->nag != 0) visitor_.nag(written->nag);
    }
    f.before_known = before_alive;
    if (move) {
      f.before = f.current;
      f.current.play(move);
    }
    f.has_move = true;
    f.numbering.numbered = false;
    f.missing_before = false;
    ++f.ply;
  }

  // For an illegal move after a number that says Black's move is missing (`3. Bb5 4. Ba4`):
  // whether the move is White's next one with Black's move left out, said as a note on the
  // error ("; legal as White's move 4 if Black's move 3 is missing"). Evidence for the arbiter,
  // never a repair: the missing move is unknown.
  std::string missing_move_note(const WrittenMove& wm, const Position& pos) const {
    if (pos.in_check()) return {};  // (a null move would leave the king capturable)
    Position skipped = pos;
    skipped.play(Move::null());
    if (!resolve(wm, skipped, resolve_options_)) return {};
    return "; legal as White's move " + std::to_string(skipped.fullmove_number()) + " if Black's move " +
           std::to_string(pos.fullmove_number()) + " is missing";
  }

  // A token read with a fallback language (ReadOptions::fallback_languages).
  struct Mixed {
    WrittenMove written;
    Move move;
    const Language* language;
    std::vector<ResolveWarning> warnings;
  };

  // The one legal move the fallback languages make of `text` on the line's current position;
  // nullopt when none does, or when two of them read different moves (then the token is not
  // evidently another language's writing and stays an error of the game's own language).
  // A token that the game's letters read but that is `illegal` is tried only with a language
  // that already read a token the game's letters could not: without that evidence of mixing, an
  // ordinary slip (Nf4 for Nf3) would too often be some other language's legal move (Romanian N
  // is a bishop) and be silently read as a move nobody made (on the injected-error corpus, many
  // wrong-piece-letter slips vanished that way).
  std::optional<Mixed> read_mixed(const std::string& text, const Frame& f, std::uint64_t byte, bool illegal) const {
    if (!f.alive || options_.fallback_languages.empty()) return std::nullopt;
    std::optional<Mixed> found;
    for (const Language* lang : options_.fallback_languages) {
      // A language with the game's letters reads the token exactly as the game's language did.
      if (lang == nullptr || lang->letter_set == language_.letter_set) continue;
      if (illegal && std::find(mixed_seen_.begin(), mixed_seen_.end(), lang) == mixed_seen_.end()) continue;
      auto parsed = parse_move(text, *lang, options_.styles, byte);
      if (!parsed || parsed->move.style == NotationStyle::Null) continue;
      ResolveOptions ro = resolve_options_;
      ro.language = lang;
      auto r = resolve(parsed->move, f.current, ro);
      if (!r) continue;
      if (found && found->move != r->move) return std::nullopt;
      if (!found) found = Mixed{parsed->move, r->move, lang, std::move(r->warnings)};
    }
    return found;
  }

  // Records a fallback reading: the W-MIXED-LANGUAGE warning naming the mix, then the resolve
  // warnings of that reading. Returns the written move as the fallback language parsed it.
  WrittenMove accept_mixed(Mixed& mixed, const Pending& p, Move& move) {
    move = mixed.move;
    if (std::find(mixed_seen_.begin(), mixed_seen_.end(), mixed.language) == mixed_seen_.end())
      mixed_seen_.push_back(mixed.language);
    add(Code::MixedLanguage, Severity::Warning, p.offset,
        p.text + " read with the " + std::string(mixed.language->name) + " letters in " +
            (std::string_view("AEIO").find(language_.name.front()) != std::string_view::npos ? "an " : "a ") +
            std::string(language_.name) + " game",
        p.text);
    for (const ResolveWarning& w : mixed.warnings) add(w.code, code_severity(w.code), p.offset, w.message, p.text);
    return mixed.written;
  }

  const RawGame& raw_;
  std::string_view text_;
  const Decoded& decoded_;
  mutable OffsetMap::Hint map_hint_;  // file_offset()'s place among the map's anchors
  Visitor& visitor_;
  std::vector<Diagnostic>& diagnostics_;
  const ReadOptions& options_;
  const Language& language_;
  const OffsetMap* file_map_;
  ResolveOptions resolve_options_;

  // Fallback languages that have read a token of this game (read_mixed()).
  std::vector<const Language*> mixed_seen_;

  LineCursor lines_{text_, raw_.line, raw_.column};  // diagnostics' lines and columns

  std::vector<TagAt> tags_;
  // Comments before the first move (scoresheet_header, skipped_tag_line).
  std::vector<std::pair<std::string, CommentKind>> preface_;
  bool black_first_ = false;  // the main line's first move number is Black's (`1...`)
  bool tags_done_ = false;
  bool chess960_ = false;
  bool skip_ = false;
  bool had_syntax_error_ = false;
  bool unsupported_variant_ = false;
  std::size_t errors_ = 0;  // errors added (PgnParseOptions::max_errors)
  bool limit_hit_ = false;  // the game stopped at a limit (E-LIMIT)
  std::vector<Frame> frames_;
  std::vector<std::size_t> bad_variation_depth_;
  std::uint32_t variations_ = 0;
  std::uint32_t current_ply_ = 0;
  std::optional<Pending> pending_;
  GameResult result_ = GameResult::None;
  std::uint64_t result_offset_ = 0;
  std::string result_written_;    // the result token as written
  std::uint64_t result_end_ = 0;  // where it (or its last repeat) ends
  std::uint32_t result_repeats_ = 0;
  std::size_t repeat_diagnostic_ = 0;  // the W-RESULT-TWICE of the repeats, in diagnostics_
};

}  // namespace

namespace {

// A game longer than max_game_bytes (read_game()) is not read: E-LIMIT at the first byte past the
// limit, and the game goes to the rejects whole. Only the line the limit falls on is decoded, up
// to that byte, to place the remark; the lines before it are counted. A 150 MiB game is then held
// once, as read: decoding it, its model and its text would each have held it again, and in a
// Cyrillic code page the first two twice over.
Encoding read_past_limit(const RawGame& raw, Visitor& visitor, std::vector<Diagnostic>& diagnostics,
                         const ReadOptions& options, const DecodeOptions& dopt, const OffsetMap* file_map,
                         std::optional<Encoding> transcoded_from) {
  const std::size_t max_game = options.limits.max_game_bytes;
  const std::string_view bytes = raw.bytes;
  // Back off to a whole UTF-8 character, and off a CR whose LF would be past the cut (the decoder
  // would read a lone CR as a line end).
  std::size_t cut = max_game;
  while (cut > 0 && max_game - cut < 3 && (static_cast<unsigned char>(bytes[cut]) & 0xC0) == 0x80) --cut;
  if (cut > 0 && bytes[cut - 1] == '\r') --cut;
  const std::size_t line_end = bytes.substr(0, cut).find_last_of("\r\n");
  const std::size_t from = line_end == std::string_view::npos ? 0 : line_end + 1;
  RawGame line = raw;
  line.bytes = bytes.substr(from, cut - from);
  if (from > 0) {
    const std::string_view before = bytes.substr(0, from);
    // LF, CRLF and a lone CR each end a line (RawGame::line).
    std::uint32_t ends = 0;
    for (std::size_t i = 0; i < before.size(); ++i)
      if (before[i] == '\n' || (before[i] == '\r' && (i + 1 == bytes.size() || bytes[i + 1] != '\n'))) ++ends;
    line.offset = raw.offset + before.size();
    line.line = raw.line + ends;
    line.column = 1;
  }
  const Decoded decoded = decode(line.bytes, dopt);
  const Language* language = options.language ? options.language : &english();
  GameReader reader(line, decoded.text(), decoded, visitor, diagnostics, options, *language, file_map);
  visitor.begin_game(raw.number);
  reader.syntax_error(Code::LimitExceeded,
                      "game longer than the limit (limit " + std::to_string(max_game) + ", max_game_bytes)",
                      decoded.text().size());
  diagnostics.back().ply = 0;  // no move was read: the remark is the game's, not its first move's
  reader.finish();
  return transcoded_from ? *transcoded_from : decoded.encoding;
}

}  // namespace

Encoding read_game(const RawGame& raw, Visitor& visitor, std::vector<Diagnostic>& diagnostics,
                   const ReadOptions& options, std::optional<Encoding> prefer, const OffsetMap* file_map,
                   std::optional<Encoding> transcoded_from) {
  DecodeOptions dopt;
  dopt.force = transcoded_from ? std::optional<Encoding>(Encoding::Utf8) : options.encoding;
  dopt.prefer = prefer;
  if (raw.bytes.size() > options.limits.max_game_bytes)
    return read_past_limit(raw, visitor, diagnostics, options, dopt, file_map, transcoded_from);
  dopt.detected = raw.detected;
  Decoded decoded = decode(raw.bytes, dopt);
  Encoding encoding = transcoded_from ? *transcoded_from : decoded.encoding;
  std::string_view text = decoded.text();

  const Language* language = options.language ? options.language : &english();

  // A typed scoresheet's header lines are read into tags; the grammar then sees them as blanks
  // (newlines kept, so every line and offset of the moves stays where it was).
  std::optional<ScoresheetHeader> header = read_scoresheet_header(text);
  std::string masked;
  if (header) {
    masked.assign(text);
    for (std::size_t i = 0; i < header->end; ++i)
      if (masked[i] != '\n' && masked[i] != '\r') masked[i] = ' ';
    text = masked;
  }

  GameReader reader(raw, text, decoded, visitor, diagnostics, options, *language, file_map);
  visitor.begin_game(raw.number);
  try {
    if (header) reader.scoresheet_header(*header);
    if (!dopt.force && is_single_byte(encoding))
      reader.add(Code::Encoding, Severity::Note, 0, "decoded as " + std::string(encoding_name(encoding)));
    if (decoded.invalid_bytes > 0) {
      // first_invalid is an offset in the raw bytes: report it at the game's start line, exact byte.
      reader.add(Code::InvalidEncoding, Severity::Warning, 0,
                 std::to_string(decoded.invalid_bytes) + " byte(s) not valid " + std::string(encoding_name(encoding)) +
                     " replaced by U+FFFD");
      diagnostics.back().byte = raw.offset + decoded.first_invalid;
    }
    // Nothing below should throw on malformed input; if something does, the game is reported,
    // not the whole file lost.
    try {
      grammar::parse_pgn_game(text, reader, options.limits);
    } catch (const std::exception& e) {
      reader.add(Code::PgnSyntax, Severity::Error, 0,
                 std::string("internal error while reading the game: ") + e.what());
    }
    try {
      reader.finish();
    } catch (const std::exception& e) {
      reader.add(Code::PgnSyntax, Severity::Error, 0,
                 std::string("internal error while finishing the game: ") + e.what());
    }
  } catch (const GameReader::Stopped&) {
    // ReadOptions::stop_after: the diagnostics so far are what the attempt is read for.
  }
  return encoding;
}

PgnReader::PgnReader(std::istream& in, ReadOptions options) : options_(std::move(options)), in_(&in) {}
PgnReader::PgnReader(std::string_view bytes, ReadOptions options) : options_(std::move(options)), memory_(bytes) {}
PgnReader::~PgnReader() = default;

void PgnReader::start() {
  started_ = true;
  if (options_.start.offset > 0) {
    // The input from a game start on (find_split_start): neither UTF-16 nor a byte order mark.
    if (in_) splitter_ = std::make_unique<GameSplitter>(*in_, SplitOptions{options_.chunk_size});
    else splitter_ = std::make_unique<GameSplitter>(memory_);
    splitter_->resume(options_.start.offset, options_.start.line, options_.start.games_before);
    file_encoding_ = options_.start.encoding;
    return;
  }
  bool forced_utf16 =
      options_.encoding && (*options_.encoding == Encoding::Utf16Le || *options_.encoding == Encoding::Utf16Be);
  std::string_view bytes = memory_;
  std::string slurped;
  if (in_) {
    // UTF-16 cannot be split as bytes; only then is the whole stream read at once.
    int first = in_->rdbuf() ? in_->rdbuf()->sgetc() : EOF;
    bool maybe_utf16 = first == 0xFF || first == 0xFE;
    if (!forced_utf16 && !maybe_utf16) {
      splitter_ = std::make_unique<GameSplitter>(*in_, SplitOptions{options_.chunk_size});
      return;
    }
    slurped.assign(std::istreambuf_iterator<char>(*in_), std::istreambuf_iterator<char>());
    bytes = slurped;
  }
  Encoding detected = forced_utf16 ? *options_.encoding : detect_encoding(bytes.substr(0, 4));
  if (detected == Encoding::Utf16Le || detected == Encoding::Utf16Be) {
    utf16_ = detected;
    DecodeOptions o;
    o.force = detected;
    transcoded_ = decode(bytes, o);
    splitter_ = std::make_unique<GameSplitter>(transcoded_.text());
    return;
  }
  if (!slurped.empty()) {
    // A stream that began with 0xFF/0xFE but is not UTF-16: keep the bytes and split them.
    slurped_ = std::move(slurped);
    splitter_ = std::make_unique<GameSplitter>(std::string_view(slurped_));
    return;
  }
  splitter_ = std::make_unique<GameSplitter>(bytes);
}

ByteRange shard_range(std::uint64_t size, unsigned index, unsigned count) {
  if (count <= 1) return {};
  // floor(size * i / count) without the product overflowing.
  auto at = [&](unsigned i) { return size / count * i + size % count * i / count; };
  ByteRange r;
  r.begin = at(index);
  r.end = index + 1 >= count ? UINT64_MAX : at(index + 1);
  return r;
}

bool PgnReader::next_in_range(RawGame& raw) {
  for (;;) {
    if (!splitter_->next(raw)) return false;
    const std::uint64_t at = utf16_ ? transcoded_.map.original(raw.offset) : raw.offset;
    if (at >= options_.range_end) return false;
    if (at >= options_.range_begin) return true;
    // Before the range: not read, but the encoding it leaves as the next game's preference is
    // the one read_game() would have found (the same choice next_job() makes).
    Encoding e = utf16_              ? *utf16_
                 : options_.encoding ? *options_.encoding
                 : raw.ascii         ? Encoding::Ascii
                                     : detect_encoding(raw.bytes, file_encoding_);
    if (is_single_byte(e)) file_encoding_ = e;
  }
}

bool PgnReader::next(GameRecord& record, Visitor& visitor) {
  if (!started_) start();
  RawGame raw;
  if (!next_in_range(raw)) return false;
  record.number = raw.number;
  record.line = raw.line;
  record.column = raw.column;
  record.diagnostics.clear();
  record.reading = Reading{options_.language ? options_.language : &english(), std::nullopt};
  if (utf16_) {
    record.offset = transcoded_.map.original(raw.offset);
    record.original.assign(encode(raw.bytes, *utf16_));
  } else {
    record.offset = raw.offset;
    // As in next_job: a huge game's bytes move out of the read buffer instead of being copied.
    if (raw.bytes.size() < kTakeOver * options_.chunk_size || !splitter_->take_game(record.original))
      record.original.assign(raw.bytes);
    raw.bytes = record.original;
  }
  Encoding e = read_game(raw, visitor, record.diagnostics, options_, file_encoding_,
                         utf16_ ? &transcoded_.map : nullptr, utf16_);
  if (is_single_byte(e)) file_encoding_ = e;
  record.encoding = e;
  return true;
}

bool PgnReader::next_job(GameJob& job) {
  if (!started_) start();
  RawGame raw;
  if (!next_in_range(raw)) return false;
  // A huge game moves out of the read buffer instead of being copied: held once, not twice.
  if (raw.bytes.size() < kTakeOver * options_.chunk_size || !splitter_->take_game(job.bytes))
    job.bytes.assign(raw.bytes);
  raw.bytes = job.bytes;
  job.raw = raw;
  job.raw.bytes = {};
  job.prefer = file_encoding_;
  job.file_map = utf16_ ? &transcoded_.map : nullptr;
  job.transcoded_from = utf16_;
  // The same choice read_game() will make, made here so the next game's preference is known
  // before this one is read (decode() detects with detect_encoding and the same preference).
  // (detect_encoding() of ASCII bytes is Ascii: the cutter may know them to be.)
  Encoding e = utf16_              ? *utf16_
               : options_.encoding ? *options_.encoding
               : raw.ascii         ? Encoding::Ascii
                                   : detect_encoding(raw.bytes, file_encoding_);
  if (!utf16_ && !options_.encoding) job.raw.detected = e;
  if (is_single_byte(e)) file_encoding_ = e;
  return true;
}

std::optional<Encoding> fast_read_code_page(const RawGame& raw, std::optional<Encoding> prefer, Visitor& visitor,
                                            std::vector<Diagnostic>& diagnostics, const ReadOptions& options,
                                            const Language& language, LaneNotes* notes) {
  if (!raw.detected || !is_single_byte(*raw.detected)) return std::nullopt;
  // A game the lane declines for its size is not decoded for it first: its text is at least as
  // long as its bytes (a 150 MiB game past max_game_bytes was decoded whole here, 580 MiB for its
  // text and map).
  if (raw.bytes.size() > fast_lane_max_bytes(options.limits)) return std::nullopt;
  DecodeOptions dopt;
  dopt.force = options.encoding;
  dopt.prefer = prefer;
  dopt.detected = raw.detected;
  const Decoded decoded = decode(raw.bytes, dopt);
  if (!is_single_byte(decoded.encoding) || decoded.invalid_bytes > 0) return std::nullopt;
  RawGame text = raw;
  text.bytes = decoded.text();
  text.detected = Encoding::Utf8;
  const std::size_t before = diagnostics.size();
  if (!dopt.force) {
    LineCursor lines(text.bytes, raw.line, raw.column);
    diagnostics.push_back(game_diagnostic(Code::Encoding, Severity::Note, options.file_name, raw,
                                          raw.offset + decoded.map.original(0), lines.at(0), 0, 0,
                                          "decoded as " + std::string(encoding_name(decoded.encoding)), {}));
  }
  if (!fast_read_game(text, visitor, diagnostics, options, language, notes, &decoded.map)) {
    diagnostics.resize(before);
    return std::nullopt;
  }
  return decoded.encoding;
}

void read_job(GameJob& job, GameRecord& record, const ReadOptions& options, Visitor* direct, bool defer_general) {
  RawGame raw = job.raw;
  raw.bytes = job.bytes;
  record.number = raw.number;
  record.line = raw.line;
  record.column = raw.column;
  record.diagnostics.clear();
  record.game = Game{};
  record.unmodelled_moves = 0;
  record.lane_notes.lettered_known = false;
  record.lane_notes.declined_by_form = false;
  record.lane_notes.declined_at_move_error = false;
  record.lane_notes.declined_token_at = 0;
  record.lane_notes.declined_token_size = 0;
  record.lane_notes.plain_moves = false;
  record.direct_visited = false;
  record.deferred.reset();
  GameBuilder builder(record.game);
  record.reading = Reading{options.language ? options.language : &english(), std::nullopt};
  MoveCounter counter(record.game);
  Visitor& model = options.keep_model ? static_cast<Visitor&>(builder) : counter;
  const Language* language = options.language ? options.language : &english();
  // With a direct writer: is its text the model's? Only when the model would replay the events
  // in their order (ReplayOrder); checked on the same pass, and only when there is a writer.
  // `read(visitor)` is one of the fast lane's reads; its answer is returned.
  bool order_kept = false;
  auto fast_read = [&](auto&& read) {
    if (!direct) return read(model);
    // One per thread, reset by the reader's begin_game: a new one per game was one of the two
    // allocations a game without moves cost.
    thread_local ReplayOrder order;
    order.begin_game(raw.number);
    auto with = [&](auto& m) {
      DirectRead tee(m, order, *direct);
      return read(static_cast<Visitor&>(tee));
    };
    auto taken = options.keep_model ? with(builder) : with(counter);
    order_kept = order.kept();
    return taken;
  };
  auto read_bytes = [&](Visitor& v) {
    return fast_read_game(raw, v, record.diagnostics, options, *language, &record.lane_notes);
  };
  // A game in a single-byte code page: the fast lane reads its decoding.
  // A forced code page (`--encoding windows-1251`) too: the cutter detects nothing then.
  RawGame code_page_raw = raw;
  if (options.encoding && is_single_byte(*options.encoding)) code_page_raw.detected = *options.encoding;
  auto read_code_page = [&](Visitor& v) {
    return fast_read_code_page(code_page_raw, job.prefer, v, record.diagnostics, options, *language,
                               &record.lane_notes);
  };
  const bool lane = options.fast_lane && !job.transcoded_from;
  const bool code_page = code_page_raw.detected && is_single_byte(*code_page_raw.detected);
  std::optional<Encoding> taken_as;
  if (lane && code_page) {
    taken_as = fast_read(read_code_page);
  } else if (lane && fast_read(read_bytes)) {
    // ASCII or UTF-8: what decode() would have chosen.
    taken_as = options.encoding ? *options.encoding : raw.detected.value_or(Encoding::Ascii);
  }
  if (taken_as) {
    record.encoding = *taken_as;
    record.unmodelled_moves = counter.moves;
    record.direct_visited = direct != nullptr && order_kept;
    if (direct && !order_kept && !options.keep_model) {
      // The direct text is not the model's, and the model is needed to write the game: read it
      // again into a model (the same lane takes it the same way).
      record.diagnostics.clear();
      record.game = Game{};
      record.unmodelled_moves = 0;
      if (code_page) read_code_page(builder);
      else read_bytes(builder);
    }
  } else if (defer_general && lane) {
    // The general reader's turn, left to interpret_game() (read_deferred() reads as below: no
    // file map or transcoding in the lane's case).
    record.game = Game{};
    record.deferred = GameRecord::Deferred{raw, job.prefer};
    record.deferred->raw.bytes = {};
  } else {
    // The general reader (the lane's try left the diagnostics as they were).
    record.game = Game{};
    record.encoding =
        read_game(raw, builder, record.diagnostics, options, job.prefer, job.file_map, job.transcoded_from);
  }
  if (job.transcoded_from) {
    record.offset = job.file_map->original(raw.offset);
    record.original.assign(encode(raw.bytes, *job.transcoded_from));
  } else {
    record.offset = raw.offset;
    record.original.swap(job.bytes);  // the job keeps the record's old buffer, for a caller to reuse
  }
}

void read_deferred(GameRecord& record, const ReadOptions& options) {
  assert(record.deferred);
  RawGame raw = record.deferred->raw;
  raw.bytes = record.original;
  record.game = Game{};
  record.diagnostics.clear();
  record.unmodelled_moves = 0;
  GameBuilder builder(record.game);
  record.encoding = read_game(raw, builder, record.diagnostics, options, record.deferred->prefer);
}

bool PgnReader::next(GameRecord& record) {
  // The pipelines' way, one game at a time: the fast lane first, the encoding decided as the
  // cutter decided it.
  GameJob job;
  if (!next_job(job)) return false;
  read_job(job, record, options_);
  return true;
}

std::vector<GameRecord> read_pgn(std::string_view bytes, const ReadOptions& options) {
  std::vector<GameRecord> out;
  PgnReader reader(bytes, options);
  GameRecord r;
  while (reader.next(r)) out.push_back(std::move(r));
  return out;
}

std::string format_diagnostic(const Diagnostic& d) {
  // Appended to one string: through an ostringstream this cost about 6,000 instructions a
  // diagnostic, a sixth of normalize's time on a file of faulty games (its rejects' `;` lines).
  std::string s;
  const auto number = [&s](std::uint64_t value) { append_decimal(s, value); };
  s += d.file.empty() ? std::string_view("<stdin>") : std::string_view(d.file);
  s += ':';
  number(d.line);
  s += ':';
  number(d.column);
  s += ": ";
  s += code_name(d.code);
  s += ": ";
  s += d.message;
  if (!d.candidates.empty()) {
    s += " (candidates:";
    for (const std::string& c : d.candidates) {
      s += ' ';
      s += c;
    }
    s += ')';
  }
  s += " (game ";
  number(d.game);
  if (d.ply) {
    s += ", ply ";
    number(d.ply);
  }
  if (d.variation) {
    s += ", variation ";
    number(d.variation);
  }
  s += ", byte ";
  number(d.byte);
  s += ')';
  return s;
}

}  // namespace planilla
