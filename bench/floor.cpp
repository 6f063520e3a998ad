// The floor under `check`: what reading a PGN file and playing its SAN moves costs on planilla's
// board with nothing else. It reads the whole file at once, skips tag pairs, comments, variations
// and NAGs, finds each move's piece, target square and origin hints with a few byte comparisons,
// asks Position::moves_to() for the one legal move, and plays it (play_from() into the other of
// two positions, as the reader's frames do).
// Nothing is reported, nothing is detected or checked but legality, and a game with a FEN tag or
// a move it cannot play is left at that move. Issue 21 asks `check` for 15× pgn-extract: this is
// the time no reader built on this board can go below (bench/RESULTS.md).
//
//   bench_floor FILE     prints games, moves, moves left unread, and the seconds it took
#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

#include "board/bitboard.hpp"
#include "board/position.hpp"

namespace {

using planilla::Bitboard;
using planilla::CastlingSide;
using planilla::Move;
using planilla::MoveList;
using planilla::PieceType;
using planilla::Position;

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

PieceType piece_of(char c) {
  switch (c) {
    case 'N': return PieceType::Knight;
    case 'B': return PieceType::Bishop;
    case 'R': return PieceType::Rook;
    case 'Q': return PieceType::Queen;
    case 'K': return PieceType::King;
    default: return PieceType::None;
  }
}

// Two positions in turn, as the reader's frames hold them: a move is one play_from().
struct Board {
  std::array<Position, 2> slots;
  std::size_t current = 0;
  Position& now() { return slots[current]; }
  void play(Move m) {
    slots[current ^ 1].play_from(slots[current], m);
    current ^= 1;
  }
};

// Plays the SAN token `t` (marks and glyphs already cut off) on `board`; false if it cannot.
bool play_san(Board& board, std::string_view t, MoveList& list) {
  if (t == "O-O" || t == "O-O-O") {
    const auto m = board.now().castling_move(t.size() == 3 ? CastlingSide::King : CastlingSide::Queen);
    if (!m) return false;
    board.play(*m);
    return true;
  }
  PieceType type = piece_of(t.empty() ? ' ' : t[0]);
  std::size_t i = type == PieceType::None ? 0 : 1;
  if (type == PieceType::None) type = PieceType::Pawn;
  PieceType promotion = PieceType::None;
  if (t.size() >= 2 && t[t.size() - 2] == '=') {
    promotion = piece_of(t.back());
    t.remove_suffix(2);
  }
  if (t.size() < i + 2 || !is_file(t[t.size() - 2]) || !is_rank(t.back())) return false;
  const auto to = planilla::make_square(static_cast<planilla::File>(t[t.size() - 2] - 'a'),
                                        static_cast<planilla::Rank>(t.back() - '1'));
  Bitboard from = ~Bitboard{0};
  for (; i + 2 < t.size(); ++i) {
    if (is_file(t[i])) from &= planilla::file_bb(static_cast<planilla::File>(t[i] - 'a'));
    else if (is_rank(t[i])) from &= planilla::rank_bb(static_cast<planilla::Rank>(t[i] - '1'));
  }
  board.now().moves_to(list, type, from, to);
  for (Move m : list) {
    if (promotion != PieceType::None && m.promotion() != promotion) continue;
    board.play(m);
    return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: bench_floor FILE\n");
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "bench_floor: cannot read %s\n", argv[1]);
    return 2;
  }
  std::string text;
  in.seekg(0, std::ios::end);
  text.resize(static_cast<std::size_t>(in.tellg()));
  in.seekg(0);
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  const std::string_view s = text;
  std::uint64_t games = 0, moves = 0, unread = 0;
  Board board;
  MoveList list;
  bool playing = false;  // false: after a FEN tag or a move that could not be played
  bool in_tags = false;
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '[') {  // a tag pair; the first after movetext begins a game
      if (!in_tags) {
        ++games;
        board.now() = Position();
        playing = true;
        in_tags = true;
      }
      const std::size_t end = s.find('\n', i);
      if (s.compare(i, 5, "[FEN ") == 0) playing = false;
      i = end == std::string_view::npos ? s.size() : end + 1;
    } else if (c == '{') {
      const std::size_t end = s.find('}', i);
      i = end == std::string_view::npos ? s.size() : end + 1;
    } else if (c == '(') {  // a variation, nested ones included
      int depth = 0;
      for (; i < s.size(); ++i) {
        if (s[i] == '(') ++depth;
        if (s[i] == ')' && --depth == 0) break;
      }
      ++i;
    } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      ++i;
    } else {
      in_tags = false;
      std::size_t end = i;
      while (end < s.size() && s[end] != ' ' && s[end] != '\n' && s[end] != '\r' && s[end] != '\t' && s[end] != '{' &&
             s[end] != '(' && s[end] != ')')
        ++end;
      std::string_view token = s.substr(i, end - i);
      i = end;
      // A move number, glued to its move or not (`12.`, `12...Nf6`); results and NAGs are no moves.
      std::size_t digits = 0;
      while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9') ++digits;
      if (digits > 0) {
        if (digits == token.size() || token[digits] != '.') continue;  // a result, or a bare number
        while (digits < token.size() && token[digits] == '.') ++digits;
        token.remove_prefix(digits);
      }
      if (token.empty() || token[0] == '$' || token[0] == '*') continue;
      while (!token.empty() &&
             (token.back() == '+' || token.back() == '#' || token.back() == '!' || token.back() == '?'))
        token.remove_suffix(1);
      if (!playing) {
        ++unread;
        continue;
      }
      if (play_san(board, token, list)) {
        ++moves;
      } else {
        ++unread;
        playing = false;
      }
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("games %llu, moves %llu, tokens left unread %llu, %.3f s\n", static_cast<unsigned long long>(games),
              static_cast<unsigned long long>(moves), static_cast<unsigned long long>(unread), seconds);
  return 0;
}
