// planilla check: every illegal, ambiguous or malformed move, with its place, as text, JSON
// Lines or an HTML report. Option wiring only; the work is converters/run/check.hpp.
#include <fstream>
#include <iostream>

#include "cli/app.hpp"
#include "cli/common.hpp"
#include "cli/shard.hpp"
#include "cli/progress.hpp"
#include "converters/run/check.hpp"
#include "converters/run/pipeline.hpp"
#include "converters/input/inputs.hpp"
#include "converters/pgn/reader.hpp"

namespace planilla::cli {

namespace {

struct CheckOptions {
  std::vector<std::string> inputs;
  std::string from = "auto";
  bool strict = false;
  std::string format = "text";
  std::string output;
  std::string lang = "en";
  std::string encoding;
  std::vector<std::string> limits;
  std::string color = "auto";
  bool notes = false;
  bool quiet = false;
  unsigned jobs = 0;
  std::string shard;
  std::vector<std::string> include;
};

int run_check(const CheckOptions& o, Io& io) {
  InputSetup setup;
  setup.expand.include = o.include;
  ShardSpec shard;
  if (!prepare_reading(o.inputs, o.from, o.encoding, o.limits, o.shard, io, setup, shard)) return kUsage;
  const Language* lang = find_language(o.lang);
  if (lang == nullptr) {
    io.err << "planilla check: unknown language for suggestions '" << o.lang << "' (see `planilla languages`)\n";
    return kUsage;
  }
  // Candidates and suggestions are written while the games are read (on the workers), so the
  // reader must know the report's language.
  setup.read_options.suggestion_language = lang;
  // The HTML report names the players and the result: it needs the game model.
  setup.read_options.keep_model = o.format == "html";

  OutputTarget target;
  if (!target.open(o.output, io)) return kUsage;

  CheckReportOptions ro;
  ro.format = o.format == "json" ? ReportFormat::Json : o.format == "html" ? ReportFormat::Html : ReportFormat::Text;
  ro.strict = o.strict;
  ro.notes = o.notes;
  ro.language = lang;
  ro.color = o.color == "always" ||
             (o.color == "auto" && ro.format == ReportFormat::Text && o.output.empty() && io.out_is_terminal);
  CheckReporter reporter(target.stream(), ro);

  bool io_error = false;
  Progress progress(io.err, io.err_is_terminal && !o.quiet, total_input_bytes(setup.files));
  std::uint64_t bytes_before = 0, games = 0;
  for (const InputFile& file : setup.files.files) {
    reporter.begin_file(file.display_name);
    std::string error;
    auto stream = open_input(file, error);
    if (!stream) {
      io.err << "planilla check: " << error << '\n';
      io_error = true;
      continue;
    }
    ReadOptions ropts = setup.read_options;
    ropts.file_name = file.display_name;
    apply_shard(shard, input_size(file), ropts);
    auto file_diags = run_pipeline(*stream, ropts, setup.from, o.jobs, nullptr, [&](ProcessedGame& g) {
      reporter.game(g.record);
      progress.update(bytes_before + g.record.offset + g.record.original.size(), ++games);
    });
    for (const Diagnostic& d : file_diags) reporter.file_diagnostic(d);
    if (const std::string failure = input_failure(*stream); !failure.empty()) {
      io.err << "planilla check: " << file.display_name << ": " << failure << '\n';
      io_error = true;
    }
    bytes_before += input_size(file);
  }
  progress.finish();
  reporter.skipped_files(setup.files.skipped);
  reporter.finish();
  if (!target.finish(io)) io_error = true;
  if (!o.quiet && !o.output.empty() && ro.format == ReportFormat::Text) io.err << summary_line(reporter.summary()) << '\n';
  if (!o.quiet && ro.format != ReportFormat::Text) io.err << summary_line(reporter.summary()) << '\n';
  if (io_error || setup.missing) return kUsage;
  return reporter.summary().errors > 0 ? kProblems : kOk;
}

}  // namespace

void setup_check(Cli& cli) {
  auto o = std::make_shared<CheckOptions>();
  CLI::App* sub = cli.app.add_subcommand("check", "Report every illegal, ambiguous or malformed move with its place");
  sub->add_option("inputs", o->inputs, "PGN or text files (zstd, gzip, bzip2, xz read as they are), directories (*.pgn and compressed PGN, recursive; --include for others), - for stdin");
  add_from_option(sub, o->from);
  sub->add_flag("--strict", o->strict, "Treat warnings (missing x, wrong +, 0-0 …) as errors");
  sub->add_option("--format", o->format, "Output format")
      ->check(CLI::IsMember({"text", "json", "html"}, CLI::ignore_case))
      ->default_str("text");
  sub->add_option("-o,--output", o->output, "Write the report here instead of stdout (compressed when the name ends in .zst, .gz or .xz)");
  sub->add_option("--lang", o->lang, "Language of candidates and suggestions (default en)");
  add_encoding_option(sub, o->encoding);
  add_jobs_option(sub, o->jobs);
  add_limit_option(sub, o->limits);
  add_shard_option(sub, o->shard);
  add_include_option(sub, o->include);
  sub->add_option("--color", o->color, "Colour the text report")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->default_str("auto");
  sub->add_flag("--notes", o->notes, "Also print notes (detected encoding, language, Chess960)");
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
