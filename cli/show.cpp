// planilla show: a position as a board in the terminal (Unicode) or as SVG.
#include <sstream>

#include "board/fen.hpp"
#include "cli/app.hpp"
#include "cli/common.hpp"
#include "converters/arbiter/detect.hpp"
#include "converters/report/board_render.hpp"
#include "converters/run/check.hpp"
#include "converters/run/pipeline.hpp"

namespace planilla::cli {

namespace {

struct ShowOptions {
  std::string fen;
  std::string moves;
  std::string from = "auto";
  bool svg = false;
  bool flip = false;
};

int run_show(const ShowOptions& o, Io& io) {
  if (!o.fen.empty() && !o.moves.empty()) {
    io.err << "planilla show: give a FEN or --moves, not both\n";
    return kUsage;
  }
  Position pos = Position::startpos();
  Move last;
  Position before_last = pos;
  if (!o.fen.empty()) {
    auto p = position_from_fen(o.fen);
    if (!p) {
      io.err << "planilla show: " << p.error() << '\n';
      return kUsage;
    }
    pos = *p;
  } else if (!o.moves.empty()) {
    // The moves are a small game: read them with the same reader as any file, so every
    // notation, language and detection rule applies, and errors have their place.
    InputSetup setup;
    if (!prepare_inputs({}, o.from, "", io, setup)) return kUsage;
    std::istringstream in(o.moves);
    ReadOptions ropts = reading_options(setup.read_options, setup.from);
    ropts.file_name = "--moves";
    PgnReader reader(in, ropts);
    GameRecord record;
    if (!read_next_game(reader, record, ropts, setup.from)) {
      io.err << "planilla show: --moves is empty\n";
      return kUsage;
    }
    CheckReportOptions ro;
    CheckReporter reporter(io.err, ro);
    reporter.begin_file("--moves");
    if (record.has_errors()) {
      reporter.game(record);
      return kProblems;
    }
    pos = record.game.start;
    for (const MoveNode& n : record.game.main.moves) {
      before_last = pos;
      last = n.move;
      pos.play(n.move);
    }
  }
  RenderOptions ro;
  ro.flipped = o.flip;
  if (last) ro.arrows.push_back({last.from(), last.is_castling() ? last.to() : last.to(), BoardArrow::Kind::Played});
  if (o.svg) {
    io.out << render_svg(pos, ro) << '\n';
  } else {
    io.out << render_text(pos, ro);
    io.out << write_fen(pos) << '\n';
  }
  return kOk;
}

}  // namespace

void setup_show(Cli& cli) {
  auto o = std::make_shared<ShowOptions>();
  CLI::App* sub = cli.app.add_subcommand("show", "Draw a position: a FEN, or the position after some moves");
  sub->add_option("fen", o->fen, "FEN, X-FEN or Shredder-FEN (quote it), or startpos")
      ->transform(keyword_ignore_case("startpos"));
  sub->add_option("--moves", o->moves, "Moves from the start position, in any notation (see --from)");
  add_from_option(sub, o->from);
  sub->add_flag("--svg", o->svg, "Print an SVG image instead of a text board");
  sub->add_flag("--flip", o->flip, "Black at the bottom");
  sub->footer(
      "Examples:\n"
      "  planilla show startpos\n"
      "  planilla show --moves '1.e4 e5 2.Cf3 Cc6 3.Ab5' --from es\n"
      "  planilla show 'nbrqnkbr/pppppppp/8/8/8/8/PPPPPPPP/NBRQNKBR w HChc - 0 1' --svg > sp140.svg");
  sub->callback([&cli, o] { cli.action = [&cli, o] { return run_show(*o, cli.io); }; });
}

}  // namespace planilla::cli
