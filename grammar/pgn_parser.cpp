// The one translation unit that instantiates the PGN grammar (PEGTL templates compile slowly).
#include "grammar/pgn_parser.hpp"

#include <algorithm>
#include <array>
#include <string>

#include <tao/pegtl.hpp>

#include "grammar/pgn.hpp"
#include "grammar/pgn_actions.hpp"
#include "grammar/pgn_errors.hpp"

namespace planilla::grammar {

unsigned glyph_nag(std::string_view g) {
  struct Row {
    std::string_view glyph;
    unsigned nag;
  };
  static constexpr Row kGlyphs[] = {
      {"!", 1},    {"?", 2},    {"!!", 3}, {"??", 4},   {"!?", 5},  {"?!", 6},   {"□", 7},    {"=", 10},
      {"∞", 13},   {"inf", 13}, {"⩲", 14}, {"+/=", 14}, {"+=", 14}, {"⩱", 15},   {"=/+", 15}, {"=+", 15},
      {"RR", 145}, {"N", 146},  {"±", 16}, {"+/-", 16}, {"∓", 17},  {"-/+", 17}, {"+-", 18},  {"-+", 19},
  };
  // The fast lane asks about every token it leaves to the move grammar (castling above all):
  // most are longer than any glyph, or begin with a byte no glyph begins with.
  static constexpr std::size_t kLongest = [] {
    std::size_t longest = 0;
    for (const Row& r : kGlyphs) longest = std::max(longest, r.glyph.size());
    return longest;
  }();
  static constexpr auto kFirst = [] {
    std::array<bool, 256> first{};
    for (const Row& r : kGlyphs) first[static_cast<unsigned char>(r.glyph[0])] = true;
    return first;
  }();
  if (g.empty() || g.size() > kLongest || !kFirst[static_cast<unsigned char>(g[0])]) return 0;
  for (const Row& r : kGlyphs)
    if (r.glyph == g) return r.nag;
  return 0;
}

std::string_view loose_result_canonical(std::string_view w) {
  if (w.empty()) return {};
  if (w.find("\xC2\xBD") != std::string_view::npos || w.find("1/2") != std::string_view::npos) return "1/2-1/2";
  if (w.front() == '1') return "1-0";
  if (w.front() == '0') return "0-1";
  return {};
}

bool parse_pgn_game(std::string_view text, PgnHandler& handler, const PgnParseOptions& options) {
  namespace pegtl = tao::pegtl;
  // Line length is a property of the text, not of a rule: one pass before parsing (memchr is a
  // few GB/s, so this costs nothing next to the grammar).
  for (std::size_t from = 0; from < text.size();) {
    std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    if (end - from > options.max_line_bytes) {
      handler.syntax_error(Code::LimitExceeded,
                           "line longer than the limit (limit " + std::to_string(options.max_line_bytes) +
                               ", max_line_bytes)",
                           from + options.max_line_bytes);
      return false;
    }
    from = end + 1;
  }
  pgn::ParseState state(handler, options);
  pegtl::memory_input<pegtl::tracking_mode::eager, pegtl::eol::lf_crlf> in(text.data(), text.size(), "");
  try {
    pegtl::parse<pgn::game, pgn::action, pgn::control>(in, state);
    return true;
  } catch (const pegtl::parse_error& e) {
    std::uint64_t at = e.positions().empty() ? 0 : e.positions().front().byte;
    Code code = Code::PgnSyntax;
    if (state.limit_hit) code = Code::LimitExceeded;
    else if (state.in_tag) code = Code::TagSyntax;
    handler.syntax_error(code, e.message(), at);
    return false;
  }
}

}  // namespace planilla::grammar
