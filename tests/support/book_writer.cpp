#include "tests/support/book_writer.hpp"

#include <regex>
#include <sstream>
#include <stdexcept>

#include "grammar/move_parser.hpp"
#include "notation/descriptive.hpp"
#include "notation/language.hpp"
#include "notation/resolve.hpp"
#include "notation/write.hpp"

namespace planilla::test {

namespace {

std::vector<Move> play_san(const std::string& san) {
  std::vector<Move> out;
  Position pos = Position::startpos();
  std::istringstream in(san);
  std::string token;
  while (in >> token) {
    auto parsed = parse_move(token, english());
    if (!parsed) throw std::runtime_error("not SAN: " + token);
    auto r = resolve(parsed->move, pos);
    if (!r) throw std::runtime_error("illegal: " + token);
    out.push_back(r->move);
    pos.play(r->move);
  }
  return out;
}

std::string ordinal(char d) {
  switch (d) {
    case '1': return "1st";
    case '2': return "2d";
    case '3': return "3d";
    default: return std::string(1, d) + "th";
  }
}

// "Kt-KB3" (the writer's classic style) → the typography's form.
std::string retype(std::string m, BookTypography t) {
  if (t == BookTypography::Hyphen) return m;
  if (m.starts_with("O-O")) {
    // Castling with its check mark after it ("O-O-O ch").
    const bool queen = m.starts_with("O-O-O");
    const std::string rest = m.substr(queen ? 5 : 3);
    if (t == BookTypography::HisHer) return (queen ? "Castles on Q's side" : "Castles on K's side") + rest;
    return (queen ? "Castles QR" : "Castles KR") + rest;
  }
  m = std::regex_replace(m, std::regex("x"), " takes ");
  m = std::regex_replace(m, std::regex("-"), " to ");
  if (t == BookTypography::Square) m = std::regex_replace(m, std::regex("(K|Q|B|Kt|R)1\\b"), "$1 square");
  if (t == BookTypography::HisHer) {
    // The mover's own file by pronoun; other squares with dots, 's and ordinals.
    std::smatch sm;
    if (std::regex_match(m, sm, std::regex("K to K([1-8])(.*)")))
      return "K. to his " + ordinal(sm.str(1)[0]) + "." + sm.str(2);
    if (std::regex_match(m, sm, std::regex("Q to Q([1-8])(.*)")))
      return "Q. to her " + ordinal(sm.str(1)[0]) + "." + sm.str(2);
    m = std::regex_replace(m, std::regex("\\b(Q|K)(Kt|B|R)([1-8])"), "$1. $2's $3");
    m = std::regex_replace(m, std::regex("\\b(Q|K)([1-8])"), "$1's $2");
    m = std::regex_replace(m, std::regex("\\b(Kt|B|R)([1-8])"), "$1's $2");
    m = std::regex_replace(m, std::regex("([1-8])(?![0-9])"), "$1th.");
    m = std::regex_replace(m, std::regex("1th"), "1st");
    m = std::regex_replace(m, std::regex("2th"), "2d");
    m = std::regex_replace(m, std::regex("3th"), "3d");
  }
  return m;
}

// Pads a column to `w`; a longer cell still ends with two blanks (columns never touch).
std::string pad(std::string s, std::size_t w) {
  while (s.size() < w) s += ' ';
  if (s.size() < 2 || s.compare(s.size() - 2, 2, "  ") != 0) s += "  ";
  return s;
}

}  // namespace

std::vector<std::string> san_moves(const std::string& san) {
  std::vector<std::string> out;
  Position pos = Position::startpos();
  for (Move m : play_san(san)) {
    out.push_back(write_move(pos, m));
    pos.play(m);
  }
  return out;
}

std::string write_book_score(const std::string& heading, const std::string& san, BookTypography typography,
                             BookLayout layout, const std::string& result) {
  const std::vector<Move> moves = play_san(san);
  std::vector<std::string> text = write_descriptive_game(Position::startpos(), moves, DescriptiveStyle::EnglishClassic);
  for (auto& m : text) m = retype(m, typography);
  const std::size_t full = (text.size() + 1) / 2;
  auto cell = [&](std::size_t n) {  // move n (1-based): "P-K4   P-K4"
    std::string w = text[2 * (n - 1)];
    std::string b = 2 * (n - 1) + 1 < text.size() ? text[2 * (n - 1) + 1] : "";
    return pad(w, 26) + b;
  };
  std::string out = "Some words before the game, as a book has them.\n\n" + heading + "\n\n";
  out += "White: A. Player.   Black: B. Player.\n\n";
  if (layout == BookLayout::OneColumn) {
    for (std::size_t n = 1; n <= full; ++n) {
      out += "    " + std::to_string(n) + ". " + cell(n) + "\n";
      if (n % 7 == 0 && n != full) out += "\nA note on the move, with a variation 1. P-K4 P-K4 in it.\n\n";
    }
  } else if (layout == BookLayout::TwoColumns) {
    const std::size_t left = (full + 1) / 2;
    for (std::size_t n = 1; n <= left; ++n) {
      std::string line = pad(std::to_string(n) + " " + cell(n), 60);
      if (n + left <= full) line += std::to_string(n + left) + " " + cell(n + left);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  } else {
    for (std::size_t n = 1; n <= full; ++n) {
      std::string line = "  " + pad(std::to_string(n) + ". " + text[2 * (n - 1)], 32);
      if (2 * (n - 1) + 1 < text.size()) line += std::to_string(n) + ". " + text[2 * (n - 1) + 1];
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  }
  out += "          " + result + "\n\nMore words after the game.\n";
  return out;
}

}  // namespace planilla::test
