// planilla convert: a scoresheet or archive in one notation and language, out in another.
#include <iostream>

#include "cli/app.hpp"
#include "cli/common.hpp"
#include "cli/shard.hpp"
#include "cli/progress.hpp"
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
  if (!target.open(o.output, io)) return kUsage;

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
  ro.color = io.err_is_terminal;
  CheckReporter reporter(io.err, ro);
  bool io_error = false;
  ConvertStats total;
  Progress progress(io.err, io.err_is_terminal && !o.quiet, total_input_bytes(setup.files));
  std::uint64_t bytes_before = 0, games = 0;
  co.on_each_game = [&](const GameRecord& r) {
    progress.update(bytes_before + r.offset + r.original.size(), ++games);
  };
  for (const InputFile& file : setup.files.files) {
    std::string error;
    auto stream = open_input(file, error);
    if (!stream) {
      io.err << "planilla convert: " << error << '\n';
      io_error = true;
      continue;
    }
    co.read = setup.read_options;
    co.read.file_name = file.display_name;
    apply_shard(shard, input_size(file), co.read);
    reporter.begin_file(file.display_name);
    ConvertStats s = convert(*stream, target.stream(), co, [&](const GameRecord& r) {
      reporter.game(r);
      // Every repair is listed, also without notes in the report (N-REPAIRED is a note).
      if (co.repair_evident)
        for (const Diagnostic& d : r.diagnostics)
          if (d.code == Code::Repaired) io.err << format_diagnostic(d) << '\n';
    });
    if (const std::string failure = input_failure(*stream); !failure.empty()) {
      io.err << "planilla convert: " << file.display_name << ": " << failure << '\n';
      io_error = true;
    }
    total.games += s.games;
    total.moves += s.moves;
    total.errors += s.errors;
    total.games_with_errors += s.games_with_errors;
    bytes_before += input_size(file);
  }
  progress.finish();
  if (!target.finish(io)) io_error = true;
  if (!o.quiet)
    io.err << "converted " << total.games << (total.games == 1 ? " game, " : " games, ") << total.moves << " moves"
           << (total.games_with_errors ? "; " + std::to_string(total.games_with_errors) + " with errors" : "")
           << skipped_note(setup.files) << '\n';
  if (io_error || setup.missing) return kUsage;
  return total.errors > 0 ? kProblems : kOk;
}

}  // namespace

void setup_convert(Cli& cli) {
  auto o = std::make_shared<ConvertCliOptions>();
  CLI::App* sub = cli.app.add_subcommand("convert", "Translate games between notations and languages, checking every move");
  sub->add_option("inputs", o->inputs, "PGN or bare movetext files, directories, - for stdin (default)");
  add_from_option(sub, o->from);
  sub->add_option("--to", o->to,
                  "Output notation: LANG[:STYLE] (en, es, de:lan, fr:long, en:spoken, es:spoken, …) or figurine, "
                  "uci, iccf")
      ->default_str("en");
  sub->add_option("-o,--output", o->output, "Write here instead of stdout (compressed when the name ends in .zst, .gz or .xz)");
  sub->add_option("--castling", o->castling, "Castling as written: O-O (PGN) or 0-0 (FIDE)")
      ->check(CLI::IsMember({"O-O", "0-0"}))
      ->default_str("O-O");
  sub->add_option("--promotion", o->promotion, "Promotion mark: = (e8=Q, PGN) or none (e8Q, FIDE)")
      ->check(CLI::IsMember({"=", "none"}))
      ->default_str("=");
  sub->add_option("--checks", o->checks, "Write + and # marks")->check(CLI::IsMember({"yes", "no"}))->default_str("yes");
  sub->add_option("--fen", o->fen, "FEN dialect for set-up and Chess960 games")
      ->check(CLI::IsMember({"xfen", "shredder"}))
      ->default_str("xfen");
  add_encoding_option(sub, o->encoding);
  add_jobs_option(sub, o->jobs);
  add_limit_option(sub, o->limits);
  add_shard_option(sub, o->shard);
  add_include_option(sub, o->include);
  sub->add_option("--repair", o->repair,
                  "evident: replace moves whose intended reading is evident (the single reading close to "
                  "the writing that keeps the game legal) and list each repair as N-REPAIRED; none: report only")
      ->check(CLI::IsMember({"evident", "none"}))
      ->default_str("none");
  sub->add_flag("--phonetic", o->phonetic, "Spoken style: FIDE phonetic file names (Anna, Bella, … / Ana, Bella, …)");
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
