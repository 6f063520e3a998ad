// Book-to-PGN extraction (rules in book.hpp).
#include "converters/book/book.hpp"

#include <cctype>
#include <charconv>

#include "grammar/descriptive_parser.hpp"
#include "notation/write.hpp"

namespace planilla {

namespace {

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

bool starts_with_word(std::string_view s, std::string_view w) { return s.substr(0, w.size()) == w; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string decode_book_text(std::string_view bytes, bool* was_latin1) {
  const bool latin1 = !valid_utf8(bytes);
  if (was_latin1) *was_latin1 = latin1;
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 16);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c == '\r') {
      out += '\n';
      if (i + 1 < bytes.size() && bytes[i + 1] == '\n') ++i;
      continue;
    }
    if (latin1 && c >= 0x80) {
      // Latin-1 is the first 256 code points of Unicode: two-byte UTF-8.
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
      continue;
    }
    out += static_cast<char>(c);
  }
  return out;
}

std::string strip_book_markup(std::string_view line, bool& in_block, bool* from_transcriber_block) {
  std::string out;
  bool block_line = in_block;
  std::size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (c == '/' && i + 1 < line.size() && line[i + 1] == '*') {
      in_block = true;
      block_line = true;
      out += "  ";
      i += 2;
      continue;
    }
    if (c == '*' && i + 1 < line.size() && line[i + 1] == '/') {
      in_block = false;
      block_line = true;
      out += "  ";
      i += 2;
      continue;
    }
    if (c == '{') {
      std::size_t j = i + 1;
      while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j]))) ++j;
      if (j > i + 1 && j < line.size() && line[j] == '}') {
        out.append(j + 1 - i, ' ');  // keep columns: two-column listings are split on spaces
        i = j + 1;
        continue;
      }
    }
    if (c == '[' && starts_with_word(line.substr(i), "[Illustration")) {
      const auto end = line.find(']', i);
      if (end != std::string_view::npos) {
        out.append(end + 1 - i, ' ');
        i = end + 1;
        continue;
      }
    }
    out += c;
    ++i;
  }
  if (from_transcriber_block) *from_transcriber_block = block_line;
  return out;
}

namespace {

struct Heading {
  bool is_game = false;
  bool ends_game = false;
  int number = 0;
  std::string title;
};

Heading classify_line(std::string_view raw) {
  Heading h;
  const std::string_view line = trim(raw);
  auto game_number = [&](std::string_view rest) {
    int n = 0;
    const auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
    if (ec != std::errc{} || p == rest.data()) return false;
    const std::string_view after = rest.substr(static_cast<std::size_t>(p - rest.data()));
    if (after.empty() || (after.front() != '.' && after.front() != ':')) return false;
    h.is_game = true;
    h.number = n;
    h.title = std::string(trim(after.substr(1)));
    return true;
  };
  if (raw.size() == line.size() || raw.substr(0, 1) != " ") {
    if (starts_with_word(line, "GAME ") && game_number(line.substr(5))) return h;
    if (starts_with_word(line, "Game No. ") && game_number(line.substr(9))) return h;
  }
  if (!line.empty() && line.find_first_not_of("* ") == std::string_view::npos && line.find('*') != line.npos &&
      line.size() > 3)
    h.ends_game = true;
  if (starts_with_word(line, "PART ") || starts_with_word(line, "CHAPTER ") || starts_with_word(line, "End of"))
    h.ends_game = true;
  return h;
}

constexpr std::string_view kResultWords[] = {"Resigns", "resigns", "Resigned", "Drawn", "drawn",
                                             "Draw", "1/2-1/2", "1-0", "0-1"};

// Whether the rest of a score line after a move begins something the line may hold next: its
// end, a move number, a result word or another move.
bool next_reads(std::string_view rest) {
  std::size_t i = 0;
  while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\t' || rest[i] == ',' || rest[i] == ';' ||
                             rest[i] == '!' || rest[i] == '?'))
    ++i;
  rest.remove_prefix(i);
  if (rest.empty() || std::isdigit(static_cast<unsigned char>(rest.front()))) return true;
  for (std::string_view w : kResultWords)
    if (starts_with_word(rest, w)) return true;
  return parse_descriptive_prefix(rest, DescriptiveDialect::English).has_value();
}

// Reads the score line `text` (markup removed) into `game`, tracking the expected move number.
struct ScoreCursor {
  int number = 1;
  Color side = Color::White;
  bool stopped = false;  // a gap or an unreadable token ended the main line
};

void read_score_line(std::string_view text, std::uint32_t line_no, std::uint64_t line_byte, BookGame& game,
                     ScoreCursor& cur) {
  std::size_t i = 0;
  int listed_number = -1;
  Color listed_side = Color::White;
  while (i < text.size() && !cur.stopped) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == ',' || c == ';' || c == '!' || c == '?') {
      ++i;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) && !(c == '0' && text.substr(i, 2) == "0-")) {
      int n = 0;
      const auto [p, ec] = std::from_chars(text.data() + i, text.data() + text.size(), n);
      (void)ec;
      i = static_cast<std::size_t>(p - text.data());
      if (i < text.size() && text[i] == '.') ++i;
      // "12. ........" (or "12 ........") resumes with Black.
      std::size_t j = i;
      while (j < text.size() && text[j] == ' ') ++j;
      std::size_t dots = j;
      while (dots < text.size() && text[dots] == '.') ++dots;
      listed_number = n;
      listed_side = Color::White;
      if (dots - j >= 2) {
        listed_side = Color::Black;
        i = dots;
      }
      if (listed_number > cur.number || (listed_number == cur.number && listed_side == Color::Black &&
                                         cur.side == Color::White)) {
        BookGap gap;
        gap.number = cur.number;
        gap.side = cur.side;
        gap.line = line_no;
        gap.message = "the score goes from move " + std::to_string(cur.number) +
                      (cur.side == Color::White ? " (White)" : " (Black)") + " to move " +
                      std::to_string(listed_number) + (listed_side == Color::White ? " (White)" : " (Black)") +
                      ": the plies between are not in the score";
        game.gaps.push_back(gap);
        cur.stopped = true;
        return;
      }
      continue;
    }
    bool result = false;
    for (std::string_view w : kResultWords) {
      if (starts_with_word(text.substr(i), w)) {
        game.result = std::string(w);
        result = true;
        break;
      }
    }
    if (result) {
      cur.stopped = true;
      return;
    }
    // The longest reading can take the start of the next move in a single-spaced column
    // ("QxB PxP" → "QxB P" + "xP"): take the longest after which the line still reads.
    const auto readings = parse_descriptive_prefixes(text.substr(i), DescriptiveDialect::English, line_byte + i);
    const ParsedDescriptive* parsed = readings.empty() ? nullptr : &readings.front();
    for (const auto& r : readings) {
      if (next_reads(text.substr(i + r.length))) {
        parsed = &r;
        break;
      }
    }
    if (parsed == nullptr) {
      std::size_t end = i;
      while (end < text.size() && text[end] != ' ') ++end;
      Diagnostic d;
      d.code = Code::MoveSyntax;
      d.severity = Severity::Error;
      d.line = line_no;
      d.column = static_cast<std::uint32_t>(i + 1);
      d.game = static_cast<std::uint32_t>(game.number);
      d.written = std::string(text.substr(i, end - i));
      d.message = "not a descriptive move: '" + d.written + "'";
      game.diagnostics.push_back(std::move(d));
      cur.stopped = true;
      return;
    }
    // Is this ply the one expected, or the restated White move of a "n. ........" line?
    const bool restated = listed_number >= 0 && listed_number == cur.number - 1 && listed_side == Color::White &&
                          cur.side == Color::White;
    const bool restated_same = listed_number == cur.number && listed_side == Color::White && cur.side == Color::Black;
    if (restated || restated_same) {
      // Already read; the listing repeats it before resuming with Black.
      listed_side = Color::Black;
      i += parsed->length;
      continue;
    }
    BookPly ply;
    ply.number = cur.number;
    ply.side = cur.side;
    ply.text = std::string(trim(text.substr(i, parsed->length)));
    ply.move = parsed->move;
    ply.line = line_no;
    game.plies.push_back(std::move(ply));
    i += parsed->length;
    listed_side = ~cur.side;
    if (cur.side == Color::Black) {
      ++cur.number;
      listed_number = cur.number;
    }
    cur.side = ~cur.side;
  }
}

}  // namespace

BookExtraction extract_book_games(std::string_view bytes) {
  BookExtraction out;
  out.text = decode_book_text(bytes, &out.was_latin1);
  const std::string_view text = out.text;
  bool in_block = false;
  BookGame* game = nullptr;
  ScoreCursor cursor;
  std::size_t pos = 0;
  std::uint32_t line_no = 0;
  while (pos < text.size()) {
    const auto nl = text.find('\n', pos);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    const std::string_view raw = text.substr(pos, end - pos);
    const std::uint64_t line_byte = pos;
    pos = end + 1;
    ++line_no;
    bool block = false;
    const std::string line = strip_book_markup(raw, in_block, &block);
    const Heading h = classify_line(line);
    if (h.is_game) {
      out.games.push_back(BookGame{});
      game = &out.games.back();
      game->number = h.number;
      game->title = h.title;
      game->first_line = line_no;
      game->last_line = line_no;
      cursor = ScoreCursor{};
      continue;
    }
    if (game == nullptr) continue;
    if (h.ends_game) {
      game = nullptr;
      continue;
    }
    game->last_line = line_no;
    // Rule 4: an indented (or transcriber-block) line that starts with a move number.
    const std::string_view body = trim(line);
    const std::size_t indent = line.find_first_not_of(" \t");
    const bool indented = indent != std::string::npos && indent >= 4 && raw.size() > 0 &&
                          (raw.front() == ' ' || raw.front() == '\t');
    if (!indented && !block) continue;
    if (cursor.stopped) continue;
    // Rule 6: a result word alone on an indented line ("            Resigns.").
    for (std::string_view w : kResultWords) {
      if (starts_with_word(body, w)) {
        game->result = std::string(w);
        cursor.stopped = true;
      }
    }
    if (body.empty() || !std::isdigit(static_cast<unsigned char>(body.front()))) continue;
    read_score_line(line, line_no, line_byte, *game, cursor);
  }
  return out;
}

BookReplay replay_book_game(const BookGame& game) {
  BookReplay replay;
  std::vector<DescriptiveMove> moves;
  moves.reserve(game.plies.size());
  for (const auto& p : game.plies) moves.push_back(p.move);
  replay.resolution = resolve_descriptive_game(moves, Position::startpos());
  const auto& r = replay.resolution;
  const bool unreadable = !game.diagnostics.empty();
  if (r.complete && !unreadable && game.gaps.empty()) {
    replay.complete = true;
    replay.summary = "complete (" + std::to_string(moves.size()) + " plies" +
                     (game.result.empty() ? "" : ", " + game.result) + ")";
  } else if (r.complete && !unreadable) {
    replay.gap_reported = true;
    replay.summary = "replays all " + std::to_string(moves.size()) + " plies up to a gap the book leaves: " +
                     game.gaps.front().message;
  } else if (!r.complete) {
    const BookPly& p = game.plies[r.failed_ply];
    replay.summary = "stops at " + std::to_string(p.number) + (p.side == Color::White ? ". " : "... ") + p.text +
                     " (line " + std::to_string(p.line) + "): " + r.error.message;
  } else {
    replay.summary = "replays " + std::to_string(moves.size()) + " plies, then " +
                     game.diagnostics.front().message + " (line " + std::to_string(game.diagnostics.front().line) +
                     ")";
  }
  return replay;
}

std::string book_game_to_pgn(const BookGame& game, const BookReplay& replay) {
  std::string out;
  out += "[Event \"" + game.title + "\"]\n";
  out += "[Site \"?\"]\n[Date \"????.??.??\"]\n";
  out += "[Round \"" + std::to_string(game.number) + "\"]\n";
  out += "[White \"?\"]\n[Black \"?\"]\n";
  std::string result = "*";
  if (replay.complete && (game.result == "Resigns" || game.result == "resigns" || game.result == "Resigned")) {
    // The side that resigned is the one to move after the last ply.
    result = replay.resolution.plies.size() % 2 == 1 ? "1-0" : "0-1";
  } else if (replay.complete && (game.result == "Drawn" || game.result == "drawn" || game.result == "Draw")) {
    result = "1/2-1/2";
  }
  out += "[Result \"" + result + "\"]\n";
  out += "[Annotator \"descriptive score extracted from the book text (line " + std::to_string(game.first_line) +
         ")\"]\n\n";
  Position pos = Position::startpos();
  std::size_t column = 0;
  auto emit = [&](const std::string& token) {
    if (column > 0 && column + token.size() + 1 > 79) {
      out += '\n';
      column = 0;
    } else if (column > 0) {
      out += ' ';
      ++column;
    }
    out += token;
    column += token.size();
  };
  for (std::size_t i = 0; i < replay.resolution.plies.size(); ++i) {
    const Move m = replay.resolution.plies[i].move;
    if (i % 2 == 0) emit(std::to_string(i / 2 + 1) + ".");
    emit(write_move(pos, m));
    pos.play(m);
  }
  if (!replay.complete) emit("{" + replay.summary + "}");
  emit(result);
  out += "\n\n";
  return out;
}

}  // namespace planilla
