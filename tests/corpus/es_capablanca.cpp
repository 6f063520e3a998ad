// Corpus tier, issue 3's second acceptance line: the Spanish web edition of Capablanca's Chess
// Fundamentals (../shared/corpus/localized/es-capablanca-fundamentos/, Markdown with HTML
// figures). Move runs are found by tests/support/markdown_moves.hpp, read as Spanish SAN
// (parse_move with find_language("es")) and resolved; diagrams whose caption names a quoted move
// ("Posición después de la jugada 8. … c6") are compared with the position after that move.
//
// Where a run starts (per section, i.e. between headings; candidates are tried in this order and
// the first on which EVERY move of the run resolves is used; the rule used is counted):
//   bold run (the book's main line):
//     1. continue: the previous bold run of the section ends where this one starts (same number
//        and side);
//     2. diagram: the section's latest diagram with no bold run after it, then the diagram that
//        comes next in the text if nothing else comes between (the book often shows the figure
//        after the paragraph that plays from it), when the side to move matches (the figures'
//        FENs carry no real move number, only "0 1");
//     3. branch: an earlier position of the section labelled with this number and side (a bold
//        run that goes back to an earlier move), bold runs first, newest first;
//     4. start: a run that starts at 1. (White) starts from the initial position.
//   plain run (a variation in the commentary):
//     1. continue: the previous run of the same paragraph ends where this one starts
//        ("5. Dxd8+ Rxd8 y 6. Cxe5");
//     2. branch: an earlier position of the section with this number and side, newest first
//        (a variation replaces the move played there);
//     3. diagram, 4. start: as for bold runs.
// Trying candidates in order means a short run could resolve on a wrong one by chance; a
// regression in the grammar or the resolver still fails every candidate, and a run that fits none
// is listed with the reason from its first candidate.
//
// Thresholds: the counts asserted at the end are the ones measured when this test was written
// (see kMin…). The failures it lists were not all examined; those that were are the source's or
// these placement rules' (moves elided in the prose, "10.T juega…", runs whose start the text
// does not quote, a figure without kings), not the grammar's or the resolver's.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "board/fen.hpp"
#include "grammar/move_parser.hpp"
#include "notation/language.hpp"
#include "notation/resolve.hpp"
#include "tests/support/files.hpp"
#include "tests/support/markdown_moves.hpp"

using namespace planilla;
namespace fs = std::filesystem;

namespace {

const fs::path kDir = fs::path(PLANILLA_CORPUS_DIR) / "localized" / "es-capablanca-fundamentos";

std::string slurp(const fs::path& p) { return test::read_bytes(p); }

std::string label(int number, Color side) { return std::to_string(number) + (side == Color::White ? "." : "…"); }

// The first `fields` space-separated fields of a FEN.
std::string fen_fields(std::string_view fen, int fields) {
  std::string out;
  int n = 0;
  for (char c : fen) {
    if (c == ' ' && ++n == fields) break;
    out.push_back(c);
  }
  return out;
}

struct Labelled {
  Position pos;  // the position in which the move `number`/`side` is to be played
  int number = 0;
  Color side = Color::White;
  bool bold = false;
};

struct PlayedMove {
  int number = 0;
  Color side = Color::White;
  std::string text;
  Position after;
};

struct Stats {
  int runs = 0, runs_resolved = 0, bold_runs = 0, bold_resolved = 0;
  int moves = 0, moves_resolved = 0, warnings = 0;
  int by_continue = 0, by_diagram = 0, by_branch = 0, by_start = 0;
  int diagrams = 0, start_diagrams = 0, start_diagrams_unreadable = 0;
  int captioned = 0, compared = 0, placement_matched = 0, side_matched = 0;
};

std::string line_of(const std::string& text, std::size_t offset) {
  return std::to_string(1 + std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
}

}  // namespace

TEST_CASE("Spanish Capablanca: move runs parse and resolve, diagrams match") {
  const Language& es = *find_language("es");
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(kDir))
    if (e.path().extension() == ".md") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() == 20);

  Stats st;
  std::vector<std::string> failures;

  for (const fs::path& path : files) {
    const std::string text = slurp(path);
    const std::string name = path.filename().string();
    const MarkdownMoves found = extract_markdown_moves(text, es);

    // Per-section state (reset at each heading).
    int section = -1;
    std::optional<Labelled> bold_end;                  // end of the latest bold run
    std::optional<std::pair<Labelled, int>> prev_end;  // end of the latest run, its paragraph
    std::optional<Position> diagram;                   // latest diagram, no bold run since
    std::vector<Labelled> history;
    std::vector<PlayedMove> played;

    std::size_t r = 0, d = 0;
    while (r < found.runs.size() || d < found.diagrams.size()) {
      const bool take_diagram =
          d < found.diagrams.size() && (r >= found.runs.size() || found.diagrams[d].offset < found.runs[r].offset);
      const int sec = take_diagram ? found.diagrams[d].section : found.runs[r].section;
      if (sec != section) {
        section = sec;
        bold_end.reset();
        prev_end.reset();
        diagram.reset();
        history.clear();
        played.clear();
      }
      if (take_diagram) {
        const MarkdownDiagram& dg = found.diagrams[d++];
        ++st.diagrams;
        const std::string where = name + ":" + line_of(text, dg.offset);
        if (!dg.after.moves.empty()) {
          // The caption names the move after which the figure stands: compare.
          ++st.captioned;
          const MarkdownMove& named = dg.after.moves.front();
          auto it = std::find_if(played.rbegin(), played.rend(), [&](const PlayedMove& m) {
            return m.number == named.number && m.side == named.side && m.text == named.text;
          });
          if (it == played.rend()) {
            failures.push_back(where + ": diagram after " + label(named.number, named.side) + " " + named.text +
                               ": no resolved run of the section plays that move");
            continue;
          }
          ++st.compared;
          const std::string mine = write_fen(it->after);
          const bool placement = fen_fields(mine, 1) == fen_fields(dg.fen, 1);
          const bool side = fen_fields(mine, 2) == fen_fields(dg.fen, 2);
          st.placement_matched += placement;
          st.side_matched += side;
          if (!placement || !side)
            failures.push_back(where + ": diagram after " + label(named.number, named.side) + " " + named.text +
                               " is '" + dg.fen + "', the line gives '" + mine + "'" +
                               (placement ? " (placement matches; side to move differs)" : ""));
        } else {
          ++st.start_diagrams;
          auto pos = position_from_fen(dg.fen);
          if (pos.has_value()) {
            diagram = *pos;
          } else {
            ++st.start_diagrams_unreadable;
            diagram.reset();
            failures.push_back(where + ": diagram '" + dg.fen + "' is not a legal position (" + pos.error() +
                               "); runs cannot start from it");
          }
        }
        continue;
      }

      const MoveRun& run = found.runs[r++];
      ++st.runs;
      st.bold_runs += run.emphasized;
      st.moves += static_cast<int>(run.moves.size());

      enum Rule { kContinue, kDiagram, kBranch, kStart };
      std::vector<std::pair<Rule, Position>> candidates;
      auto add_continue = [&]() {
        if (run.emphasized) {
          if (bold_end && bold_end->number == run.number && bold_end->side == run.side)
            candidates.emplace_back(kContinue, bold_end->pos);
        } else if (prev_end && prev_end->second == run.paragraph && prev_end->first.number == run.number &&
                   prev_end->first.side == run.side) {
          candidates.emplace_back(kContinue, prev_end->first.pos);
        }
      };
      auto add_branch = [&]() {
        for (int pass = run.emphasized ? 0 : 1; pass < 2; ++pass)
          for (auto it = history.rbegin(); it != history.rend(); ++it)
            if (it->number == run.number && it->side == run.side && (pass == 1 || it->bold))
              candidates.emplace_back(kBranch, it->pos);
      };
      auto add_diagram = [&]() {
        if (diagram && diagram->side_to_move() == run.side) candidates.emplace_back(kDiagram, *diagram);
        // The figure often follows the paragraph that plays from it ("las blancas pueden jugar
        // 1. Ad3 …", then the figure): the next item of the text, when it is an uncaptioned
        // diagram of the same section.
        const bool next_is_diagram = d < found.diagrams.size() && found.diagrams[d].section == run.section &&
                                     found.diagrams[d].after.moves.empty() &&
                                     (r >= found.runs.size() || found.diagrams[d].offset < found.runs[r].offset);
        if (next_is_diagram) {
          auto next = position_from_fen(found.diagrams[d].fen);
          if (next.has_value() && next->side_to_move() == run.side) candidates.emplace_back(kDiagram, *next);
        }
      };
      add_continue();
      if (run.emphasized) {
        add_diagram();
        add_branch();
      } else {
        add_branch();
        add_diagram();
      }
      if (run.number == 1 && run.side == Color::White) candidates.emplace_back(kStart, Position::startpos());

      std::string first_reason;
      bool resolved = false;
      for (const auto& [rule, start] : candidates) {
        Position pos = start;
        std::vector<Labelled> seen;
        std::vector<PlayedMove> moves;
        int warnings = 0;
        std::string reason;
        for (const MarkdownMove& m : run.moves) {
          const auto parsed = parse_move(m.text, es);
          if (!parsed.has_value()) {
            reason = label(m.number, m.side) + " '" + m.text + "': " + parsed.error().message;
            break;
          }
          ResolveOptions ro;
          ro.language = &es;
          const auto res = resolve(parsed->move, pos, ro);
          if (!res.has_value()) {
            reason = label(m.number, m.side) + " '" + m.text + "': " + std::string(code_name(res.error().code)) + " " +
                     res.error().message;
            break;
          }
          warnings += static_cast<int>(res->warnings.size());
          seen.push_back({pos, m.number, m.side, run.emphasized});
          pos.play(res->move);
          moves.push_back({m.number, m.side, m.text, pos});
        }
        if (!reason.empty()) {
          if (first_reason.empty()) first_reason = reason;
          continue;
        }
        resolved = true;
        ++st.runs_resolved;
        st.bold_resolved += run.emphasized;
        st.moves_resolved += static_cast<int>(run.moves.size());
        st.warnings += warnings;
        (rule == kContinue  ? st.by_continue
         : rule == kDiagram ? st.by_diagram
         : rule == kBranch  ? st.by_branch
                            : st.by_start)++;
        const Labelled end{pos, run.next_number(), run.next_side(), run.emphasized};
        history.insert(history.end(), seen.begin(), seen.end());
        history.push_back(end);
        played.insert(played.end(), moves.begin(), moves.end());
        prev_end = std::make_pair(end, run.paragraph);
        if (run.emphasized) {
          bold_end = end;
          diagram.reset();
        }
        break;
      }
      if (!resolved) {
        std::string quoted = text.substr(run.offset, std::min<std::size_t>(run.end - run.offset, 80));
        std::replace(quoted.begin(), quoted.end(), '\n', ' ');
        failures.push_back(name + ":" + line_of(text, run.offset) + ": " + (run.emphasized ? "bold" : "plain") +
                           " run '" + quoted + "': " +
                           (candidates.empty()
                                ? "no start position (no earlier position " + label(run.number, run.side) +
                                      " in the section, no diagram with that side, not move 1)"
                                : first_reason));
        // A run that does not resolve ends what the following text can continue.
        prev_end.reset();
        if (run.emphasized) bold_end.reset();
      }
    }
  }

  std::printf("\nSpanish Capablanca (%s): extraction by converters/markdown_moves\n", kDir.filename().string().c_str());
  std::printf("  runs found %d (bold %d), fully parsed+resolved %d (bold %d) = %.1f%%\n", st.runs, st.bold_runs,
              st.runs_resolved, st.bold_resolved, 100.0 * st.runs_resolved / std::max(1, st.runs));
  std::printf("  moves in runs %d, resolved %d = %.1f%% (%d resolver warnings, e.g. check marks the text omits)\n",
              st.moves, st.moves_resolved, 100.0 * st.moves_resolved / std::max(1, st.moves), st.warnings);
  std::printf("  start rule used: continue %d, diagram %d, branch %d, initial position %d\n", st.by_continue,
              st.by_diagram, st.by_branch, st.by_start);
  std::printf(
      "  diagrams %d: start positions %d (%d unreadable), captioned after a move %d, compared %d, "
      "placement matched %d, side to move matched %d\n",
      st.diagrams, st.start_diagrams, st.start_diagrams_unreadable, st.captioned, st.compared, st.placement_matched,
      st.side_matched);
  std::printf("  failures (%zu):\n", failures.size());
  for (const std::string& f : failures) std::printf("    %s\n", f.c_str());

  // Measured when written (see the header comment): 278 runs (157 bold), 239 resolved (133
  // bold), 837 of 1015 moves, 51 diagrams, 2 compared. A regression lowers one of them.
  constexpr int kMinRuns = 278;
  constexpr int kMinRunsResolved = 239;
  constexpr int kMinBoldResolved = 133;
  constexpr int kMinMovesResolved = 837;
  constexpr int kMinDiagrams = 51;
  constexpr int kMinCompared = 2;
  CHECK(st.runs >= kMinRuns);
  CHECK(st.runs_resolved >= kMinRunsResolved);
  CHECK(st.bold_resolved >= kMinBoldResolved);
  CHECK(st.moves_resolved >= kMinMovesResolved);
  CHECK(st.diagrams >= kMinDiagrams);
  CHECK(st.compared >= kMinCompared);
  // Every compared figure's placement is the line's (the source writes " w " on every figure,
  // so the side to move is reported, not required).
  CHECK(st.placement_matched == st.compared);
}
