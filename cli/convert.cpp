// planilla convert: a scoresheet or archive in one notation and language, out in another.
#include <iostream>

#include "cli/app.hpp"
#include "cli/common.hpp"
#include "cli/progress.hpp"
#include "cli/shard.hpp"
#include "converters/run/check.hpp"
#include "converters/run/convert.hpp"

namespace planilla::cli {

namespace {

struct ConvertCliOptions {
  std::vector<std::string> inputs;
  std::string from = "auto";
  std::string to = "en";
  std::string output;
  std::string castling = "O-O";
  std::string promotion = "=";
  std::string checks = "yes";
  std::string fen = "xfen";
  std::string encoding;
  std::vector<std::string> limits;
  std::string repair = "none";
  bool phonetic = false;
  bool quiet = false;
  std::string warnings = "all";
  std::string color = "auto";
  bool errors_only = false;
  unsigned jobs = 0;
  std::string shard;
  std::vector<std::string> include;
};

int run_convert(const ConvertCliOptions& o, Io& io) {
  InputSetup setup;
  setup.expand.include = o.include;
  ShardSpec shard;
  if (!prepare_reading(o.inputs, o.from, o.encoding, o.limits, o.shard, io, setup, shard)) return kUsage;
  auto to = parse_spec(o.to, false);
  if (!to) {
    io.err << "planilla convert: --to: " << to.error() << '\n';
    return kUsage;
  }
  if (is_descriptive(to->style)) {
    if (auto style = descriptive_style(*to); !style) {
      io.err << "planilla convert: --to: " << style.error() << '\n';
      return kUsage;
    }
  }
  OutputTarget target;
  if (!target.open(o.output, io, input_paths(setup.files))) return kUsage;

  ConvertOptions co;
  co.from = setup.from;
  co.jobs = o.jobs;
  co.to = *to;
  co.write.moves.castling_zeros = o.castling == "0-0";
  co.write.moves.promotion_equals = o.promotion == "=";
  co.write.moves.check_marks = o.checks == "yes";
  co.write.moves.phonetic_files = o.phonetic;
  co.write.fen = o.fen == "shredder" ? FenDialect::Shredder : FenDialect::XFen;
  co.repair_evident = o.repair == "evident";

  CheckReportOptions ro;
  ro.color = use_color(o.color, io.err_is_terminal);
  if (!parse_filter(o.warnings, o.errors_only, "convert", io, ro.filter)) return kUsage;
  CheckReporter reporter(io.err, ro);
  RunStats total;
  Progress progress(io.err, io.err_is_terminal && !o.quiet, total_input_bytes(setup.files));
  std::uint64_t bytes_before = 0, games = 0;
  co.on_each_game = [&](const GameRecord& r) { progress.update(bytes_before + r.offset + r.original.size(), ++games); };
  const bool all_opened = for_each_input("convert", setup, shard, io, &target, [&](const OpenInput& input) {
    co.read = input.read;
    bytes_before = input.bytes_before;
    reporter.begin_file(input.file.display_name);
    RunStats s = convert(input.in, target.stream(), co, [&](const GameRecord& r) {
      if (!r.diagnostics.empty()) progress.hide();  // diagnostics go to the bar's terminal
      reporter.game(r);
      // Every repair is listed, also without notes in the report (N-REPAIRED is a note).
      if (co.repair_evident)
        for (const Diagnostic& d : r.diagnostics)
          if (d.code == Code::Repaired) io.err << format_diagnostic(d) << '\n';
    });
    total.games += s.games;
    total.moves += s.moves;
    total.errors += s.errors;
    total.games_with_errors += s.games_with_errors;
    return true;
  });
  progress.finish();
  target.flush(io);
  if (!o.quiet)
    io.err << "converted " << total.games << (total.games == 1 ? " game, " : " games, ") << total.moves << " moves"
           << (total.games_with_errors ? "; " + std::to_string(total.games_with_errors) + " with errors" : "")
           << skipped_note(setup.files) << target.stopped_note(!all_opened) << '\n';
  return target.finish(!all_opened ? kUsage : total.errors > 0 ? kProblems : kOk, io);
}

}  // namespace

void setup_convert(Cli& cli) {
  auto o = std::make_shared<ConvertCliOptions>();
  CLI::App* sub =
      cli.app.add_subcommand("convert", "Translate games between notations and languages, checking every move");
  sub->add_option("inputs", o->inputs, "PGN or bare movetext files, directories, - for stdin (default)");
  add_from_option(sub, o->from);
  sub->add_option(
         "--to", o->to,
         "Output notation: LANG[:STYLE] or a style alone (en, es, de:lan, fr:long, es:spoken, uci …); styles: " +
             style_names(kOutputLayouts))
      ->default_str("en");
  sub->add_option("-o,--output", o->output,
                  "Write here instead of stdout (compressed when the name ends in .zst, .gz or .xz)");
  sub->add_option("--castling", o->castling, "Castling as written: O-O (PGN) or 0-0 (FIDE)")
      ->transform(CLI::IsMember({"O-O", "0-0"}, CLI::ignore_case))
      ->default_str("O-O");
  sub->add_option("--promotion", o->promotion, "Promotion mark: = (e8=Q, PGN) or none (e8Q, FIDE)")
      ->transform(CLI::IsMember({"=", "none"}, CLI::ignore_case))
      ->default_str("=");
  sub->add_option("--checks", o->checks, "Write + and # marks")
      ->transform(CLI::IsMember({"yes", "no"}, CLI::ignore_case))
      ->default_str("yes");
  sub->add_option("--fen", o->fen, "FEN dialect for set-up and Chess960 games")
      ->transform(CLI::IsMember({"xfen", "shredder"}, CLI::ignore_case))
      ->default_str("xfen");
  add_encoding_option(sub, o->encoding);
  add_jobs_option(sub, o->jobs);
  add_limit_option(sub, o->limits);
  add_shard_option(sub, o->shard);
  add_include_option(sub, o->include);
  sub->add_option("--repair", o->repair,
                  "evident: replace moves whose intended reading is evident (the single reading close to "
                  "the writing that keeps the game legal) and list each repair as N-REPAIRED; none: report only")
      ->transform(CLI::IsMember({"evident", "none"}, CLI::ignore_case))
      ->default_str("none");
  sub->add_flag("--phonetic", o->phonetic, "Spoken style: FIDE phonetic file names (Anna, Bella, … / Ana, Bella, …)");
  add_filter_options(sub, o->warnings, o->errors_only, "all");
  add_color_option(sub, o->color,
                   "Colour the diagnostics on stderr: auto (on a terminal, unless NO_COLOR is set), always, never");
  sub->add_flag("-q,--quiet", o->quiet, "No summary line on stderr");
  sub->footer(
      "Exit status: 0 every move resolved, 1 some move did not (diagnostics on stderr), 2 usage or I/O error.\n"
      "Examples:\n"
      "  planilla convert planilla.txt --from es --to en        # Spanish scoresheet to English PGN\n"
      "  planilla convert game.pgn --to de --castling 0-0        # German letters, FIDE castling\n"
      "  planilla convert game.pgn --to uci                      # UCI moves (960: king takes rook)\n"
      "  planilla convert game.pgn --to es:spoken --phonetic     # for blind players, one move per line");
  sub->callback([&cli, o] { cli.action = [&cli, o] { return run_convert(*o, cli.io); }; });
}

}  // namespace planilla::cli
