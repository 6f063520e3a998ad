// The only translation unit that instantiates the descriptive grammar (PEGTL is slow to compile).
#include "grammar/descriptive_parser.hpp"

#include <array>
#include <cctype>

#include <tao/pegtl.hpp>

#include "grammar/descriptive.hpp"
#include "grammar/descriptive_actions.hpp"

namespace planilla {

namespace pegtl = tao::pegtl;
namespace gd = grammar::descriptive;

std::optional<ParsedDescriptive> parse_descriptive_prefix(std::string_view text, DescriptiveDialect dialect,
                                                          std::uint64_t base_offset) {
  pegtl::memory_input<> in(text.data(), text.size(), "descriptive");
  gd::ParseState state;
  bool ok = false;
  switch (dialect) {
    case DescriptiveDialect::English: ok = pegtl::parse<gd::en_move, gd::action>(in, state); break;
    case DescriptiveDialect::Spanish: ok = pegtl::parse<gd::es_move<'A'>, gd::action>(in, state); break;
    case DescriptiveDialect::French: ok = pegtl::parse<gd::es_move<'F'>, gd::action>(in, state); break;
  }
  if (!ok) return std::nullopt;
  const auto length = static_cast<std::size_t>(in.current() - text.data());
  if (length == 0) return std::nullopt;
  state.move.span = SourceSpan{base_offset, static_cast<std::uint32_t>(length)};
  return ParsedDescriptive{state.move, length};
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

}  // namespace

Result<DescriptiveMove, DescriptiveSyntaxError> parse_descriptive(std::string_view token,
                                                                  DescriptiveDialect dialect,
                                                                  std::uint64_t base_offset) {
  std::size_t begin = 0;
  while (begin < token.size() && is_space(token[begin])) ++begin;
  auto parsed = parse_descriptive_prefix(token.substr(begin), dialect, base_offset + begin);
  if (!parsed) {
    return Unexpected{DescriptiveSyntaxError{static_cast<std::uint32_t>(begin),
                                             "not a descriptive move: '" + std::string(token) + "'"}};
  }
  std::size_t end = begin + parsed->length;
  while (end < token.size() && is_space(token[end])) ++end;
  if (end != token.size()) {
    return Unexpected{DescriptiveSyntaxError{static_cast<std::uint32_t>(begin + parsed->length),
                                             "unexpected text after the move: '" +
                                                 std::string(token.substr(begin + parsed->length)) + "'"}};
  }
  return parsed->move;
}

namespace {

// Words and marks that end a score. Longer spellings first where one is a prefix of another.
constexpr std::array<std::string_view, 16> kResults = {
    "1/2-1/2", "\xC2\xBD-\xC2\xBD", "1-0", "0-1", "Resigns", "resigns", "Resigned", "resigned",
    "Drawn", "drawn", "Draw", "draw", "abandonan", "abandona", "tablas", "abandon"};

bool starts_with_castling_zero(std::string_view rest) {
  // "0-0" / "0 - 0" is castling, "0-1" a result.
  std::size_t i = 1;
  while (i < rest.size() && rest[i] == ' ') ++i;
  if (i >= rest.size() || rest[i] != '-') return false;
  ++i;
  while (i < rest.size() && rest[i] == ' ') ++i;
  return i < rest.size() && (rest[i] == '0' || rest[i] == 'O');
}

}  // namespace

DescriptiveScore read_descriptive_score(std::string_view text, DescriptiveDialect dialect) {
  DescriptiveScore score;
  std::size_t pos = 0;
  const std::size_t n = text.size();
  auto rest = [&] { return text.substr(pos); };
  while (pos < n) {
    const char c = text[pos];
    if (is_space(c) || c == ',' || c == ';' || c == ':' || c == '!' || c == '?') {
      ++pos;
      continue;
    }
    if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      const auto end = text.find(close, pos);
      pos = end == std::string_view::npos ? n : end + 1;
      continue;
    }
    if (rest().starts_with("/*") || rest().starts_with("*/")) {
      pos += 2;
      continue;
    }
    if (c == '.' || rest().starts_with("\xE2\x80\xA6")) {  // ellipsis: "1. ........" / "…"
      pos += c == '.' ? 1 : 3;
      continue;
    }
    bool ended = false;
    for (std::string_view r : kResults) {
      if (rest().starts_with(r)) {
        score.result = std::string(r);
        ended = true;
        break;
      }
    }
    if (ended || c == '*') {
      if (c == '*' && score.result.empty()) score.result = "*";
      break;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) && !(c == '0' && starts_with_castling_zero(rest()))) {
      while (pos < n && std::isdigit(static_cast<unsigned char>(text[pos]))) ++pos;
      continue;
    }
    auto parsed = parse_descriptive_prefix(rest(), dialect, pos);
    if (!parsed) {
      std::size_t end = pos;
      while (end < n && !is_space(text[end])) ++end;
      Diagnostic d;
      d.code = Code::MoveSyntax;
      d.severity = Severity::Error;
      d.byte = pos;
      d.ply = static_cast<std::uint32_t>(score.moves.size() + 1);
      d.written = std::string(text.substr(pos, end - pos));
      d.message = "not a descriptive move: '" + d.written + "'";
      score.diagnostics.push_back(std::move(d));
      score.stopped_early = true;
      break;
    }
    score.moves.push_back(parsed->move);
    pos += parsed->length;
  }
  return score;
}

DescriptiveGame read_descriptive_game(std::string_view text, DescriptiveDialect dialect,
                                      const Position& start) {
  DescriptiveGame game;
  game.score = read_descriptive_score(text, dialect);
  game.resolution = resolve_descriptive_game(game.score.moves, start);
  return game;
}

}  // namespace planilla
