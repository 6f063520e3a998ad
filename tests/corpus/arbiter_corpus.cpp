// Issue 9's and issue 18's acceptance measurement ("the arbiter's eye"), on real games from
// ../shared/corpus/standard/ that replay legally, read in place:
//
// 1. Errors injected with a fixed seed, one per game, of each kind the suggestions know (a file
//    or rank off by one, an OCR look-alike, a neighbouring key, another piece's letter, the letter
//    of another language, the rank from the other side, squares swapped in a long-form score,
//    castling written as king-takes-rook, two plies transposed, a ply missing, the last one or two
//    moves of both sides written again) and of the kinds
//    that only the rest of the game can resolve (a random wrong destination, `Bh7` for `Ba4`; a
//    wrong piece on a random square, `Qc6` for `Ba4`; a missing disambiguation, `Ne7` for
//    `Nge7`). Only injections that make the written score illegal are kept: for a one-token
//    error the token itself must no longer resolve; a transposed or missing ply must break the
//    score at that ply or the next. The injected games and the untouched ones are read as one
//    archive with `--from auto`, as the CLI does, and a table per kind prints: errors detected
//    at the right game and first illegal ply (goal >= 99% per kind), false alarms on the
//    untouched games (goal 0), suggestions marked evident and how many of them are the move
//    played, and how often the top suggestion is the move played. Issue 18's targets, over all
//    kinds: evident suggestions are the move played in >= 99.5% of cases (FIDE: the intention
//    must be evident), and the top suggestion is the move played for >= 90% of detected errors.
//    A letter of another language that reads as the original move is mixed writing: found when
//    it gets W-MIXED-LANGUAGE at its ply ("mixed" column).
// 2. Language detection: every sampled game rewritten with each language's letters
//    (write_move), read with `--from auto`: the letter set chosen, or reported as a tie, must be
//    right for >= 99.9% of the games.
//
// A fixed sample runs in about 5 s (CPU) in Release; PLANILLA_CORPUS_FULL=1 samples more games.
// PLANILLA_ARBITER_DEBUG=1 lists the misses and the errors whose suggestion is not evident.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "converters/arbiter/detect.hpp"
#include "converters/pgn/reader.hpp"
#include "grammar/move_parser.hpp"
#include "notation/language.hpp"
#include "notation/resolve.hpp"
#include "notation/write.hpp"
#include "tests/support/files.hpp"

namespace planilla {
namespace {

namespace fs = std::filesystem;
const fs::path kCorpus = PLANILLA_CORPUS_DIR;

bool full_run() { return test::env_flag("PLANILLA_CORPUS_FULL"); }

std::string slurp(const fs::path& p) { return test::read_bytes(p); }

// A legal game as a list of moves with their English SAN.
struct Sample {
  Position start;
  std::vector<Move> moves;
  std::vector<std::string> san;
};

std::vector<Sample> load_samples(std::size_t want, std::uint32_t seed) {
  std::vector<Sample> all;
  for (const char* name : {"twic-01-232games.pgn", "world_matches.pgn", "mliebelt-32games.pgn"}) {
    fs::path p = kCorpus / "standard" / name;
    if (!fs::exists(p)) continue;
    std::string bytes = slurp(p);
    for (const GameRecord& r : read_pgn(bytes)) {
      if (r.has_errors() || r.game.custom_start || r.game.main.moves.size() < 16) continue;
      Sample s;
      s.start = r.game.start;
      Position pos = s.start;
      bool ok = true;
      for (const MoveNode& n : r.game.main.moves) {
        if (!n.move || n.move.is_null()) {
          ok = false;
          break;
        }
        s.moves.push_back(n.move);
        s.san.push_back(write_move(pos, n.move));
        pos.play(n.move);
      }
      if (ok) all.push_back(std::move(s));
    }
  }
  std::mt19937 rng(seed);
  std::shuffle(all.begin(), all.end(), rng);
  if (all.size() > want) all.resize(want);
  return all;
}

// Movetext with move numbers as a scoresheet has them (the tokens, whatever they are, numbered
// in pairs).
std::string pgn_of(const std::vector<std::string>& tokens, std::size_t number) {
  std::string out = "[Event \"arbiter " + std::to_string(number) +
                    "\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
                    "[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n";
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (i % 2 == 0) out += std::to_string(i / 2 + 1) + ". ";
    out += tokens[i];
    out += (i % 12 == 11) ? "\n" : " ";
  }
  out += "*\n\n";
  return out;
}

// Index of the first token that does not replay (English, any algebraic style), or size().
std::size_t first_failure(const std::vector<std::string>& tokens, bool strict = false) {
  ResolveOptions ro;
  ro.strict = strict;
  Position pos;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    auto p = parse_move(tokens[i], english());
    if (!p) return i;
    auto r = resolve(p->move, pos, ro);
    if (!r) return i;
    pos.play(r->move);
  }
  return tokens.size();
}

enum class Kind {
  FileRank,
  Ocr,
  Key,
  PieceLetter,
  OtherLanguage,
  RankMirror,
  Swapped,
  CastlingKing,
  Transposed,
  Missing,
  RandomTarget,
  RandomPieceSquare,
  Disambiguation,
  RepeatedPly,    // the last ply written again
  RepeatedMove,   // the last move of both sides written again
  RepeatedMoves,  // the last two moves of both sides written again
};
constexpr Kind kKinds[] = {Kind::FileRank,       Kind::Ocr,         Kind::Key,          Kind::PieceLetter,
                           Kind::OtherLanguage,  Kind::RankMirror,  Kind::Swapped,      Kind::CastlingKing,
                           Kind::Transposed,     Kind::Missing,     Kind::RandomTarget, Kind::RandomPieceSquare,
                           Kind::Disambiguation, Kind::RepeatedPly, Kind::RepeatedMove, Kind::RepeatedMoves};

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::FileRank: return "file/rank off by one";
    case Kind::Ocr: return "OCR look-alike";
    case Kind::Key: return "neighbouring key";
    case Kind::PieceLetter: return "other piece letter";
    case Kind::OtherLanguage: return "letter of another language";
    case Kind::RankMirror: return "rank from other side";
    case Kind::Swapped: return "long form from/to swapped";
    case Kind::CastlingKing: return "castling as king (strict)";
    case Kind::Transposed: return "two plies transposed";
    case Kind::Missing: return "ply missing";
    case Kind::RandomTarget: return "random wrong destination";
    case Kind::RandomPieceSquare: return "wrong piece, random square";
    case Kind::Disambiguation: return "missing disambiguation";
    case Kind::RepeatedPly: return "a ply written twice";
    case Kind::RepeatedMove: return "a move written twice";
    case Kind::RepeatedMoves: return "two moves written twice";
  }
  return "?";
}

// The squares' characters of a SAN token: positions of [a-h][1-8] pairs (the target is the last).
std::vector<std::size_t> square_positions(const std::string& t) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i + 1 < t.size(); ++i)
    if (t[i] >= 'a' && t[i] <= 'h' && t[i + 1] >= '1' && t[i + 1] <= '8') out.push_back(i);
  return out;
}

char key_neighbour(char c, std::mt19937& rng) {
  static const std::string kRows[] = {"1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"};
  for (const std::string& row : kRows) {
    auto at = row.find(c);
    if (at == std::string::npos) continue;
    std::vector<char> n;
    if (at > 0) n.push_back(row[at - 1]);
    if (at + 1 < row.size()) n.push_back(row[at + 1]);
    return n[std::uniform_int_distribution<std::size_t>(0, n.size() - 1)(rng)];
  }
  return c;
}

struct Injection {
  std::vector<std::string> tokens;
  std::size_t ply = 0;   // 0-based index of the injected ply
  std::string original;  // English SAN of the move the writer meant at `ply`
};

// One injection of `kind` at a random ply; nullopt when this game offers none that breaks the score.
std::optional<Injection> inject(const Sample& g, Kind kind, std::mt19937& rng) {
  const std::size_t n = g.san.size();
  for (int attempt = 0; attempt < 12; ++attempt) {
    std::size_t p = std::uniform_int_distribution<std::size_t>(2, n - 2)(rng);
    std::vector<std::string> tokens = g.san;
    std::string& t = tokens[p];
    std::string orig = g.san[p];
    auto squares = square_positions(t);
    switch (kind) {
      case Kind::FileRank: {
        if (squares.empty()) continue;
        std::size_t at = squares.back() + std::uniform_int_distribution<std::size_t>(0, 1)(rng);
        int dir = std::uniform_int_distribution<int>(0, 1)(rng) ? 1 : -1;
        char lo = at == squares.back() ? 'a' : '1';
        char c = static_cast<char>(t[at] + dir);
        if (c < lo || c > lo + 7) c = static_cast<char>(t[at] - dir);
        t[at] = c;
        break;
      }
      case Kind::Ocr: {
        static const std::pair<char, char> kOcr[] = {{'6', 'b'}, {'1', 'l'}, {'5', 'S'}, {'8', 'B'}, {'b', '6'}};
        bool done = false;
        for (auto [from, to] : kOcr)
          if (!done && !squares.empty() && t[squares.back() + (from >= 'a' ? 0 : 1)] == from) {
            t[squares.back() + (from >= 'a' ? 0 : 1)] = to;
            done = true;
          }
        if (t.starts_with("O-O")) t[0] = '0', done = false;  // 0-0 is a valid spelling, not an error
        if (!done) continue;
        break;
      }
      case Kind::Key: {
        if (squares.empty()) continue;
        std::size_t at = squares.back() + std::uniform_int_distribution<std::size_t>(0, 1)(rng);
        t[at] = key_neighbour(t[at], rng);
        break;
      }
      case Kind::PieceLetter: {
        if (t.empty() || std::string("NBRQK").find(t[0]) == std::string::npos) continue;
        std::string others;
        for (char c : std::string("NBRQK"))
          if (c != t[0]) others += c;
        t[0] = others[std::uniform_int_distribution<std::size_t>(0, others.size() - 1)(rng)];
        break;
      }
      case Kind::OtherLanguage: {
        if (t.empty() || std::string("NBRQK").find(t[0]) == std::string::npos) continue;
        auto langs = all_languages();
        const Language& l = langs[std::uniform_int_distribution<std::size_t>(1, langs.size() - 1)(rng)];
        PieceType piece = t[0] == 'N'   ? PieceType::Knight
                          : t[0] == 'B' ? PieceType::Bishop
                          : t[0] == 'R' ? PieceType::Rook
                          : t[0] == 'Q' ? PieceType::Queen
                                        : PieceType::King;
        std::string_view letter = l.letters[static_cast<std::size_t>(index_of(piece))];
        if (letter.empty() || letter == t.substr(0, 1)) continue;
        t = std::string(letter) + t.substr(1);
        break;
      }
      case Kind::RankMirror: {
        if (squares.empty()) continue;
        char& r = t[squares.back() + 1];
        r = static_cast<char>('1' + ('8' - r));
        break;
      }
      case Kind::Swapped: {
        // The whole score in FIDE's long form (Ng1f3, e2e4), one move with its squares exchanged.
        Position pos = g.start;
        WriteOptions w;
        w.style = NotationStyle::Long;
        for (std::size_t i = 0; i < n; ++i) {
          tokens[i] = write_move(pos, g.moves[i], w);
          pos.play(g.moves[i]);
        }
        auto sq = square_positions(tokens[p]);
        if (sq.size() < 2 || g.moves[p].is_castling()) continue;
        std::string a = tokens[p].substr(sq[0], 2);
        std::string b = tokens[p].substr(sq[1], 2);
        tokens[p].replace(sq[1], 2, a);
        tokens[p].replace(sq[0], 2, b);
        break;
      }
      case Kind::CastlingKing: {
        std::size_t c = n;
        for (std::size_t i = 0; i < n; ++i)
          if (g.moves[i].is_castling()) c = i;
        if (c == n || c + 1 >= n) return std::nullopt;
        p = c;
        orig = g.san[p];
        Square rook = g.moves[p].to();
        tokens[p] = std::string("K") + file_char(file_of(rook)) + rank_char(rank_of(rook));
        break;
      }
      case Kind::Transposed: std::swap(tokens[p], tokens[p + 1]); break;
      case Kind::Missing: tokens.erase(tokens.begin() + static_cast<std::ptrdiff_t>(p)); break;
      case Kind::RepeatedPly:
      case Kind::RepeatedMove:
      case Kind::RepeatedMoves: {
        // The plies before p written again (a line copied twice): the score breaks at the copy,
        // and the move meant there is the one played after it, g.san[p].
        const std::size_t k = kind == Kind::RepeatedPly ? 1 : kind == Kind::RepeatedMove ? 2 : 4;
        if (p < k) continue;
        const std::vector<std::string> line(g.san.begin() + static_cast<std::ptrdiff_t>(p - k),
                                            g.san.begin() + static_cast<std::ptrdiff_t>(p));
        tokens.insert(tokens.begin() + static_cast<std::ptrdiff_t>(p), line.begin(), line.end());
        break;
      }
      case Kind::RandomTarget: {
        // A piece move written with a random other destination (Bh7 for Ba4).
        if (t.empty() || std::string("NBRQK").find(t[0]) == std::string::npos || squares.empty()) continue;
        std::string square{static_cast<char>('a' + std::uniform_int_distribution<int>(0, 7)(rng)),
                           static_cast<char>('1' + std::uniform_int_distribution<int>(0, 7)(rng))};
        if (t.substr(squares.back(), 2) == square) continue;
        t.replace(squares.back(), 2, square);
        break;
      }
      case Kind::RandomPieceSquare: {
        // Another piece (or a pawn) on a random square: the letter and the destination both wrong.
        if (t.empty() || t.starts_with("O-O") || squares.empty()) continue;
        const std::string letters = "PNBRQK";
        char own = std::string("NBRQK").find(t[0]) == std::string::npos ? 'P' : t[0];
        char letter = own;
        while (letter == own) letter = letters[std::uniform_int_distribution<std::size_t>(0, 5)(rng)];
        std::string square{static_cast<char>('a' + std::uniform_int_distribution<int>(0, 7)(rng)),
                           static_cast<char>('1' + std::uniform_int_distribution<int>(0, 7)(rng))};
        t = (letter == 'P' ? std::string() : std::string(1, letter)) + square;
        break;
      }
      case Kind::Disambiguation: {
        // Nge7 written Ne7: the file or rank that tells two pieces apart left out.
        std::size_t c = n;
        std::vector<std::size_t> with;
        for (std::size_t i = 2; i + 1 < n; ++i) {
          const std::string& s = g.san[i];
          if (s.empty() || std::string("NBRQK").find(s[0]) == std::string::npos) continue;
          auto sq = square_positions(s);
          if (sq.empty()) continue;
          std::size_t end = sq.back();
          if (end > 1 && s[end - 1] == 'x') --end;
          if (end > 1) with.push_back(i);
        }
        if (with.empty()) return std::nullopt;
        c = with[std::uniform_int_distribution<std::size_t>(0, with.size() - 1)(rng)];
        p = c;
        orig = g.san[p];
        tokens = g.san;
        std::string& d = tokens[p];
        auto sq = square_positions(d);
        std::size_t end = sq.back();
        if (end > 1 && d[end - 1] == 'x') --end;
        d.erase(1, end - 1);
        break;
      }
    }
    std::size_t fail = first_failure(tokens, kind == Kind::CastlingKing);
    bool kept = (kind == Kind::Transposed || kind == Kind::Missing) ? (fail == p || fail == p + 1) : fail == p;
    if (!kept) continue;
    return Injection{std::move(tokens), p, orig};
  }
  return std::nullopt;
}

struct Row {
  std::size_t injected = 0;
  std::size_t detected = 0;  // right game, first illegal ply
  std::size_t evident = 0;
  std::size_t evident_right = 0;
  std::size_t top_right = 0;
  std::size_t mixed = 0;  // read as mixed writing: W-MIXED-LANGUAGE at the ply, the original move
};

std::vector<GameRecord> read_auto(const std::string& pgn, bool strict = false) {
  std::istringstream in(pgn);
  ReadOptions ro;
  ro.resolve.strict = strict;
  PgnReader reader(in, ro);
  NotationSpec from;
  from.auto_detect = true;
  std::vector<GameRecord> out;
  GameRecord r;
  while (read_next_game(reader, r, ro, from)) out.push_back(std::move(r));
  return out;
}

const Diagnostic* first_move_error(const GameRecord& r) {
  const Diagnostic* first = nullptr;
  for (const Diagnostic& d : r.diagnostics)
    if (d.severity == Severity::Error && (!first || d.ply < first->ply)) first = &d;
  return first;
}

}  // namespace

TEST_CASE("arbiter corpus: injected errors are found at their ply and suggested back") {
  if (!fs::exists(kCorpus / "standard")) {
    MESSAGE("corpus not found: skipped");
    return;
  }
  const std::size_t want = full_run() ? 800 : 150;
  std::vector<Sample> games = load_samples(want, 20240909);
  REQUIRE(games.size() >= 100);

  // False alarms: the untouched games, read as one archive.
  std::string clean;
  for (std::size_t i = 0; i < games.size(); ++i) clean += pgn_of(games[i].san, i + 1);
  std::size_t false_alarms = 0;
  auto clean_records = read_auto(clean);
  REQUIRE(clean_records.size() == games.size());
  for (const GameRecord& r : clean_records) false_alarms += r.has_errors() ? 1 : 0;

  std::mt19937 rng(9);
  std::map<Kind, Row> rows;
  for (Kind kind : kKinds) {
    // Injected games interleaved with untouched ones, so a report at the wrong game shows.
    std::string archive;
    std::vector<std::optional<Injection>> plan;
    for (const Sample& g : games) {
      auto inj = inject(g, kind, rng);
      archive += pgn_of(inj ? inj->tokens : g.san, plan.size() + 1);
      plan.push_back(std::move(inj));
    }
    // Castling written as a king move is accepted (with a warning) unless the reading is strict:
    // that kind is measured under --strict, where it is an error.
    const bool strict = kind == Kind::CastlingKing;
    auto records = read_auto(archive, strict);
    REQUIRE(records.size() == plan.size());
    Row& row = rows[kind];
    for (std::size_t i = 0; i < plan.size(); ++i) {
      const GameRecord& r = records[i];
      if (!plan[i]) {
        false_alarms += r.has_errors() ? 1 : 0;
        continue;
      }
      ++row.injected;
      const Injection& inj = *plan[i];
      const std::size_t fail = first_failure(inj.tokens, strict);
      const Diagnostic* d = first_move_error(r);
      // Another language's letter for the right piece is mixed writing (issue 9): read as the
      // move meant, with a warning at that ply. It counts as found, and as suggested back, only
      // when the move read is the original one.
      const Diagnostic* mixed = nullptr;
      for (const Diagnostic& m : r.diagnostics)
        if (m.code == Code::MixedLanguage && m.game == i + 1 && m.ply == fail + 1) mixed = &m;
      if (!d && mixed && fail == inj.ply && fail < r.game.main.moves.size() &&
          r.game.main.moves[fail].move == games[i].moves[fail]) {
        ++row.detected;
        ++row.mixed;
        ++row.top_right;
        continue;
      }
      if (!d || d->game != i + 1 || d->ply != fail + 1) {
        if (std::getenv("PLANILLA_ARBITER_DEBUG"))
          std::printf("missed (%s) game %zu ply %zu: %s\n", kind_name(kind), i + 1, fail + 1,
                      d ? format_diagnostic(*d).c_str() : "no error");
        continue;
      }
      ++row.detected;
      if (fail != inj.ply || d->suggestions.empty()) continue;
      bool right = d->suggestions.front() == inj.original;
      const bool marked = !d->suggestion_evident.empty() && d->suggestion_evident.front();
      if (std::getenv("PLANILLA_ARBITER_DEBUG") && (!marked || !right)) {
        std::string list;
        for (std::size_t k = 0; k < d->suggestions.size(); ++k) list += " " + d->suggestions[k];
        std::printf("%s (%s) game %zu ply %zu written %s original %s:%s\n", marked ? "WRONG EVIDENT" : "not evident",
                    kind_name(kind), i + 1, fail + 1, inj.tokens[inj.ply].c_str(), inj.original.c_str(), list.c_str());
        if (marked && !right) std::printf("%s\n", pgn_of(inj.tokens, i + 1).c_str());
      }
      row.top_right += right ? 1 : 0;
      if (!d->suggestion_evident.empty() && d->suggestion_evident.front()) {
        ++row.evident;
        row.evident_right += right ? 1 : 0;
      }
    }
  }

  auto pct = [](std::size_t a, std::size_t b) {
    return b == 0 ? 100.0 : 100.0 * static_cast<double>(a) / static_cast<double>(b);
  };
  std::printf("\narbiter corpus: %zu real games, one error injected per game with a fixed seed\n", games.size());
  std::printf("%-28s %8s %9s %8s %10s %13s %7s\n", "error kind", "injected", "detected", "evident", "evident ok",
              "top ok/detect", "mixed");
  Row total;
  auto print_row = [&](const char* name, const Row& r) {
    std::printf("%-28s %8zu %9zu %8zu %4zu %5.1f%% %6zu %5.1f%% %7zu\n", name, r.injected, r.detected, r.evident,
                r.evident_right, pct(r.evident_right, r.evident), r.top_right, pct(r.top_right, r.detected), r.mixed);
  };
  for (Kind kind : kKinds) {
    const Row& r = rows[kind];
    print_row(kind_name(kind), r);
    total.injected += r.injected;
    total.detected += r.detected;
    total.evident += r.evident;
    total.evident_right += r.evident_right;
    total.top_right += r.top_right;
    total.mixed += r.mixed;
  }
  print_row("all", total);
  std::printf("false alarms on untouched legal games: %zu\n", false_alarms);
  std::printf("targets: evident = original >= 99.5%% (%.2f%%), top = original >= 90%% of detected (%.2f%%)\n",
              pct(total.evident_right, total.evident), pct(total.top_right, total.detected));

  CHECK(false_alarms == 0);
  for (Kind kind : kKinds) {
    const Row& r = rows[kind];
    CAPTURE(kind_name(kind));
    CHECK(r.injected >= 20);
    CHECK(pct(r.detected, r.injected) >= 99.0);
  }
  // Issue 18's acceptance: FIDE's "evident" is almost never wrong, and the first suggestion is
  // the move played for nine detected errors in ten.
  CHECK(pct(total.evident_right, total.evident) >= 99.5);
  CHECK(pct(total.top_right, total.detected) >= 90.0);
}

TEST_CASE("arbiter corpus: language detection by legality on games rewritten in every letter set") {
  if (!fs::exists(kCorpus / "standard")) {
    MESSAGE("corpus not found: skipped");
    return;
  }
  const std::size_t want = full_run() ? 600 : 100;
  std::vector<Sample> games = load_samples(want, 777);
  REQUIRE(games.size() >= 80);
  std::size_t total = 0, right = 0, tie = 0;
  std::map<std::string, std::size_t> wrong_by_lang;
  for (const Language& lang : all_languages()) {
    std::string archive;
    WriteOptions w;
    w.language = &lang;
    for (std::size_t i = 0; i < games.size(); ++i) {
      std::vector<std::string> tokens;
      Position pos = games[i].start;
      for (Move m : games[i].moves) {
        tokens.push_back(write_move(pos, m, w));
        pos.play(m);
      }
      archive += pgn_of(tokens, i + 1);
    }
    std::istringstream in(archive);
    ReadOptions ro;
    PgnReader reader(in, ro);
    NotationSpec from;
    from.auto_detect = true;
    GameRecord r;
    LanguageDetection det;
    while (read_next_game(reader, r, ro, from, &det)) {
      ++total;
      if (det.clean && det.language && det.language->letter_set == lang.letter_set) {
        ++right;
        continue;
      }
      bool in_tie = det.clean && std::any_of(det.ties.begin(), det.ties.end(),
                                             [&](const Language* t) { return t->letter_set == lang.letter_set; });
      if (in_tie) ++tie;
      else ++wrong_by_lang[std::string(lang.code)];
    }
  }
  double rate = 100.0 * static_cast<double>(right + tie) / static_cast<double>(total);
  std::printf(
      "\nlanguage detection: %zu games (%zu real games x %zu languages): %zu right letter set, %zu reported as a tie "
      "including it: %.2f%%\n",
      total, games.size(), all_languages().size(), right, tie, rate);
  for (const auto& [code, n] : wrong_by_lang) std::printf("  wrong for %s: %zu\n", code.c_str(), n);
  CHECK(rate >= 99.9);
}

}  // namespace planilla
