// planilla check: every illegal, ambiguous or malformed move, with its place, as text, JSON
// Lines or an HTML report. Option wiring only; the work is converters/run/check.hpp.
#include <fstream>
#include <iostream>

#include "cli/app.hpp"
#include "cli/common.hpp"
#include "cli/progress.hpp"
#include "cli/shard.hpp"
#include "converters/arbiter/detect.hpp"
#include "converters/input/inputs.hpp"
#include "converters/pgn/reader.hpp"
#include "converters/run/check.hpp"
#include "converters/run/pipeline.hpp"

namespace planilla::cli {

namespace {

struct CheckOptions {
  std::vector<std::string> inputs;
  std::string from = "auto";
  bool strict = false;
  std::string format = "text";
  std::string output;
  std::string lang;  // empty: each game's own letters
  std::string encoding;
  std::vector<std::string> limits;
  std::string color = "auto";
  bool notes = false;
  bool quiet = false;
  std::string warnings = "all";
  bool errors_only = false;
  unsigned jobs = 0;
  std::string shard;
  std::vector<std::string> include;
};

int run_check(const CheckOptions& o, Io& io) {
  InputSetup setup;
  setup.expand.include = o.include;
  ShardSpec shard;
  if (!prepare_reading(o.inputs, o.from, o.encoding, o.limits, o.shard, io, setup, shard)) return kUsage;
  const Language* lang = o.lang.empty() ? nullptr : find_language(o.lang);
  if (!o.lang.empty() && lang == nullptr) {
    io.err << "planilla check: unknown language for suggestions '" << o.lang << "' (see `planilla languages`)\n";
    return kUsage;
  }
  // Candidates and suggestions are written while the games are read (on the workers), so the
  // reader must know the report's language.
  setup.read_options.suggestion_language = lang;
  const ReportFormat& format = *find_report_format(o.format);  // --format took a name of the table
  // The HTML report names every game's players and result: it needs every game's model; JSON
  // Lines only that of the games it has a line for (model_if_diagnosed, on the workers).
  setup.read_options.keep_model = format.model == ModelNeed::All;
  setup.read_options.fen_in_diagnostics = format.model == ModelNeed::DiagnosedGames;

  OutputTarget target;
  if (!target.open(o.output, io, input_paths(setup.files))) return kUsage;

  CheckReportOptions ro;
  ro.format = format.name;
  ro.strict = o.strict;
  ro.notes = o.notes;
  ro.language = lang;
  if (!parse_filter(o.warnings, o.errors_only, "check", io, ro.filter)) return kUsage;
  ro.color = format.plain_text && use_color(o.color, o.output.empty() && io.out_is_terminal);
  CheckReporter reporter(target.stream(), ro);

  Progress progress(io.err, io.err_is_terminal && !o.quiet, total_input_bytes(setup.files));
  std::uint64_t games = 0;
  const bool all_opened = for_each_input(
      "check", setup, shard, io, &target,
      [&](const OpenInput& input) {
        GameWork model_work;
        if (format.model == ModelNeed::DiagnosedGames)
          model_work = [&input](ProcessedGame& g) { model_if_diagnosed(g.record, input.read); };
        auto file_diags = run_pipeline(input.in, input.read, setup.from, o.jobs, model_work, [&](ProcessedGame& g) {
          if (g.record.diagnostics.empty()) {
            reporter.game(g.record);
          } else if (progress.enabled()) {  // the report may print: the bar gives up the terminal's line first
            progress.hide();
            reporter.game(g.record);
            target.stream().flush();
          } else {  // no bar to keep apart: the report is written as its buffer fills
            reporter.game(g.record);
          }
          progress.update(input.bytes_before + g.record.offset + g.record.original.size(), ++games);
        });
        for (const Diagnostic& d : file_diags) reporter.file_diagnostic(d);
        return true;
      },
      // An input that does not open counts as a file of the summary.
      [&](const InputFile& file) { reporter.begin_file(file.display_name); });
  progress.finish();
  reporter.skipped_files(setup.files.skipped);
  reporter.finish();
  target.flush(io);
  // The summary goes to standard error unless it already ends the report on the terminal; after
  // a failure it says how far the run got.
  if (!o.quiet && (!(format.plain_text && o.output.empty()) || target.failed()))
    io.err << summary_line(reporter.summary()) << target.stopped_note(!all_opened) << '\n';
  return target.finish(!all_opened ? kUsage : reporter.summary().errors > 0 ? kProblems : kOk, io);
}

}  // namespace

void setup_check(Cli& cli) {
  auto o = std::make_shared<CheckOptions>();
  CLI::App* sub = cli.app.add_subcommand("check", "Report every illegal, ambiguous or malformed move with its place");
  sub->add_option("inputs", o->inputs,
                  "PGN or text files (zstd, gzip, bzip2, xz read as they are), directories (*.pgn and compressed PGN, "
                  "recursive; --include for others), - for stdin");
  add_from_option(sub, o->from);
  sub->add_flag("--strict", o->strict, "Treat warnings (missing x, wrong +, 0-0 …) as errors");
  std::vector<std::string> formats;
  for (const ReportFormat& f : report_formats()) formats.emplace_back(f.name);
  sub->add_option("--format", o->format, "Output format")
      ->transform(CLI::IsMember(formats, CLI::ignore_case))
      ->default_str("text");
  sub->add_option("-o,--output", o->output,
                  "Write the report here instead of stdout (compressed when the name ends in .zst, .gz or .xz)");
  sub->add_option("--lang", o->lang,
                  "Letters of candidates and suggestions (default: the language each game was read in)");
  add_encoding_option(sub, o->encoding);
  add_jobs_option(sub, o->jobs);
  add_limit_option(sub, o->limits);
  add_shard_option(sub, o->shard);
  add_include_option(sub, o->include);
  add_color_option(sub, o->color,
                   "Colour the text report: auto (on a terminal, unless NO_COLOR is set), always, never");
  sub->add_flag("--notes", o->notes, "Also print notes (detected encoding, language, Chess960)");
  add_filter_options(sub, o->warnings, o->errors_only, "all");
  sub->add_flag("-q,--quiet", o->quiet, "No summary on stderr");
  sub->footer(
      "Exit status: 0 nothing wrong, 1 errors found (warnings too with --strict), 2 usage or I/O error.\n"
      "Examples:\n"
      "  planilla check games/                       # every PGN under games/\n"
      "  planilla check game.pgn --from es --strict  # a Spanish scoresheet, warnings are errors\n"
      "  planilla check big.pgn --format json | jq -c 'select(.code==\"E-ILLEGAL\")'\n"
      "  planilla check club/ --format html -o report.html");
  sub->callback([&cli, o] { cli.action = [&cli, o] { return run_check(*o, cli.io); }; });
}

}  // namespace planilla::cli
